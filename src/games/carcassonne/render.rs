//! Text pictures of tiles and of the table.
//!
//! A tile is 7 characters wide and 3 tall (terminal cells are about twice as
//! tall as wide, so this is roughly square). Adjacent tiles touch, so roads
//! and cities run on across tile borders:
//!
//! ```text
//! .#*###.   city `#` with a pennant `*`, road `=` `|` and `+` (bend or
//! ===+===   junction), field `.`, cloister `^`, a meeple as its colour's
//! ...|...   glyph.
//! ```
//!
//! A meeple on a cloister stands beside the `^`, so the cloister stays visible. The
//! last tile placed is pointed at by `v   v` above its column and `>` beside its row
//! (and shaded with colours), and the table may be cropped around it to fit a terminal.

use nu_ansi_term::{Color, Style};

use super::board::Board;
use super::geometry::{rotate_half_edges, rotate_sides, Pos};
use super::tile::{SegmentDef, SegmentKind, Terrain, TileTypeId};
use super::tile_set::TileSet;
use super::window::{Frame, Layout, Window};

#[derive(Clone, Debug, Default)]
pub struct RenderOptions {
    /// Colour with ANSI escapes; when false the output has none at all.
    pub ansi: bool,
    /// Glyph and colour per meeple colour number (the index). Colours past
    /// the end are drawn as their number in base 36.
    pub meeple_glyphs: Vec<(char, Color)>,
    /// The last tile placed: `v` above its column and `>` beside its row point at
    /// it (seen without colours too), and with ANSI its block is shaded; a cropped
    /// picture is centred on it.
    pub last: Option<Pos>,
    /// What the picture must fit in; the default draws the whole table.
    pub frame: Frame,
}

const WIDTH: usize = 7;
type Cell = (char, Style);
type Block = [[Cell; WIDTH]; 3];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Ink {
    City,
    Road(char),
    Field,
    Cloister,
}

impl Ink {
    fn cell(self) -> Cell {
        match self {
            Ink::City => ('#', Color::Yellow.normal()),
            Ink::Road(c) => (c, Style::new().bold()),
            Ink::Field => ('.', Color::Green.normal()),
            Ink::Cloister => ('^', Color::Red.bold()),
        }
    }
}

/// Where a meeple on a side's city or road is drawn, by side (N E S W).
const SIDE_ANCHOR: [(usize, usize); 4] = [(0, 3), (1, 5), (2, 3), (1, 1)];
/// Where a city's pennant is drawn, by the city's first side: a city cell
/// that no meeple anchor uses.
const PENNANT_ANCHOR: [(usize, usize); 4] = [(0, 2), (1, 6), (2, 2), (1, 0)];
/// Where a meeple on a field is drawn, by its first half-side.
const HALF_ANCHOR: [(usize, usize); 8] = [
    (0, 1),
    (0, 5),
    (0, 6),
    (2, 6),
    (2, 5),
    (2, 1),
    (2, 0),
    (0, 0),
];
const CENTRE: (usize, usize) = (1, 3);
/// Where a meeple on a cloister may stand: the first of these cells that is field.
const BESIDE_CENTRE: [(usize, usize); 4] = [(1, 4), (1, 2), (0, 3), (2, 3)];
const HIGHLIGHT: Color = Color::DarkGray;
/// Above the last tile's column, at its two edges.
const LAST_COLUMN: char = 'v';
/// Beside the last tile's row, on its three lines.
const LAST_ROW: char = '>';

/// What the middle of the tile shows, and the segment it belongs to (a
/// junction belongs to no road).
fn centre(segments: &[SegmentDef], sides: &[u8]) -> (Ink, Option<usize>) {
    let of_kind = |kind| (0..segments.len()).filter(move |&i| segments[i].kind == kind);
    if let Some(i) = of_kind(SegmentKind::Cloister).next() {
        return (Ink::Cloister, Some(i));
    }
    let roads: Vec<usize> = of_kind(SegmentKind::Road).collect();
    if let Some(&i) = roads.iter().find(|&&i| sides[i].count_ones() == 2) {
        let c = match sides[i] {
            0b0101 => '|',
            0b1010 => '=',
            _ => '+',
        };
        return (Ink::Road(c), Some(i));
    }
    if roads.len() >= 3 {
        return (Ink::Road('+'), None);
    }
    if let Some(i) = of_kind(SegmentKind::City).find(|&i| sides[i].count_ones() >= 2) {
        return (Ink::City, Some(i));
    }
    match roads.first() {
        Some(&i) if sides[i] & 0b0101 != 0 => (Ink::Road('|'), Some(i)),
        Some(&i) => (Ink::Road('='), Some(i)),
        None => (Ink::Field, None),
    }
}

/// One tile as a block; `meeples` are (segment, colour).
fn tile_block(
    tiles: &TileSet,
    tile: TileTypeId,
    rotation: u8,
    meeples: &[(usize, u8)],
    opts: &RenderOptions,
) -> Block {
    let o = tiles.orientation(tile, rotation);
    let segments = &tiles.types()[tile].segments;
    let sides: Vec<u8> = segments
        .iter()
        .map(|s| rotate_sides(s.edges, rotation))
        .collect();
    let (middle, middle_owner) = centre(segments, &sides);
    let city_at = |side: usize| o.side_segment[side].filter(|_| o.edges[side] == Terrain::City);

    let mut ink = [[Ink::Field; WIDTH]; 3];
    for (row, side) in [(0, 0), (2, 2)] {
        match o.edges[side] {
            Terrain::City => ink[row][1..=5].fill(Ink::City),
            Terrain::Road => ink[row][3] = Ink::Road('|'),
            Terrain::Field => {}
        }
    }
    for (side, outer, inner) in [(3, [0, 1], 2), (1, [6, 5], 4)] {
        match o.edges[side] {
            Terrain::City => {
                for c in outer {
                    ink[1][c] = Ink::City;
                }
                if middle == Ink::City {
                    ink[1][inner] = Ink::City;
                }
            }
            Terrain::Road => {
                for c in [outer[0], outer[1], inner] {
                    ink[1][c] = Ink::Road('=');
                }
            }
            Terrain::Field => {}
        }
    }
    ink[1][3] = middle;
    // A west or east city fills its corners, unless another city meets it there.
    for (row, across) in [(0, 0), (2, 2)] {
        for (col, side) in [(0, 3), (6, 1)] {
            if let Some(city) = city_at(side) {
                if city_at(across).is_none_or(|other| other == city) {
                    ink[row][col] = Ink::City;
                }
            }
        }
    }

    let mut block = ink.map(|row| row.map(Ink::cell));
    for (seg, sides) in segments.iter().zip(&sides) {
        if seg.pennant {
            let (row, col) = PENNANT_ANCHOR[sides.trailing_zeros() as usize % 4];
            block[row][col] = pennant_cell();
        }
    }
    for &(segment, colour) in meeples {
        let seg = &segments[segment];
        let (row, col) = if seg.kind == SegmentKind::Cloister {
            beside_cloister(&ink)
        } else {
            anchor(seg, segment, rotation, middle_owner)
        };
        block[row][col] = meeple_cell(colour, opts);
    }
    block
}

fn pennant_cell() -> Cell {
    ('*', Color::Yellow.bold())
}

/// A field cell next to the cloister, so the meeple does not hide it.
fn beside_cloister(ink: &[[Ink; WIDTH]; 3]) -> (usize, usize) {
    BESIDE_CENTRE
        .into_iter()
        .find(|&(row, col)| ink[row][col] == Ink::Field)
        .unwrap_or(CENTRE)
}

fn anchor(
    seg: &SegmentDef,
    index: usize,
    rotation: u8,
    middle_owner: Option<usize>,
) -> (usize, usize) {
    if middle_owner == Some(index) {
        return CENTRE;
    }
    match seg.kind {
        SegmentKind::City | SegmentKind::Road => {
            SIDE_ANCHOR[rotate_sides(seg.edges, rotation).trailing_zeros() as usize % 4]
        }
        SegmentKind::Field => {
            HALF_ANCHOR[rotate_half_edges(seg.half_edges, rotation).trailing_zeros() as usize % 8]
        }
        SegmentKind::Cloister => CENTRE,
    }
}

fn meeple_cell(colour: u8, opts: &RenderOptions) -> Cell {
    match opts.meeple_glyphs.get(usize::from(colour)) {
        Some(&(glyph, color)) => (glyph, color.bold()),
        None => (
            char::from_digit(u32::from(colour), 36).unwrap_or('?'),
            Style::new().bold(),
        ),
    }
}

/// One line of cells, trailing blanks dropped; escapes only when `ansi`.
fn paint(cells: &[Cell], ansi: bool) -> String {
    let plain = Style::new();
    let end = cells
        .iter()
        .rposition(|&c| c != (' ', plain))
        .map_or(0, |i| i + 1);
    let cells = &cells[..end];
    if !ansi {
        return cells.iter().map(|&(c, _)| c).collect();
    }
    let mut out = String::new();
    for run in cells.chunk_by(|a, b| a.1 == b.1) {
        let text: String = run.iter().map(|&(c, _)| c).collect();
        if run[0].1 == plain {
            out.push_str(&text);
        } else {
            out.push_str(&run[0].1.paint(text).to_string());
        }
    }
    out
}

/// The tile in hand, alone: 3 lines.
pub fn render_tile(
    tiles: &TileSet,
    tile: TileTypeId,
    rotation: u8,
    opts: &RenderOptions,
) -> String {
    if tile >= tiles.types().len() {
        return String::new();
    }
    tile_block(tiles, tile, rotation % 4, &[], opts)
        .iter()
        .map(|row| paint(row, opts.ansi) + "\n")
        .collect()
}

/// The table plus one ring of empty cells (where the next tile may go): the whole
/// window, before any crop.
fn whole(board: &Board) -> Window {
    let (min, max) = board.bounds();
    Window {
        xs: min.x - 1..=max.x + 1,
        ys: min.y - 1..=max.y + 1,
    }
}

/// The width of the row numbers of `board`, whichever rows are shown, so that a crop
/// never changes it.
fn label_width(board: &Board) -> usize {
    whole(board)
        .ys
        .map(|y| y.to_string().len())
        .max()
        .unwrap_or(0)
}

/// The cells `render_board` draws: all of the table (with its ring), or the most of it
/// that fits `opts.frame` around the last tile.
pub fn board_window(board: &Board, opts: &RenderOptions) -> Window {
    let layout = Layout {
        lead: label_width(board) + 1,
        cell_width: WIDTH,
        cell_height: 3,
    };
    let centre = opts.last.unwrap_or(Pos::new(0, 0));
    whole(board).fitting(opts.frame, layout, centre)
}

/// Whether `window` leaves some of the table out.
pub fn is_cropped(board: &Board, window: &Window) -> bool {
    *window != whole(board)
}

/// The table in `board_window`, with x numbers above and y numbers on the left, the
/// last tile pointed at. Empty board: empty string.
pub fn render_board(board: &Board, opts: &RenderOptions) -> String {
    if board.placed_count() == 0 {
        return String::new();
    }
    let Window { xs, ys } = board_window(board, opts);
    let margin = label_width(board);
    let last = opts.last;

    let mut header = " ".repeat(margin + 1);
    for x in xs.clone() {
        header += &if last.is_some_and(|p| p.x == x) {
            format!("{LAST_COLUMN}{x:^0$}{LAST_COLUMN}", WIDTH - 2)
        } else {
            format!("{x:^WIDTH$}")
        };
    }
    let mut out = header.trim_end().to_string() + "\n";

    let meeples = board.meeples();
    let shade = |cell: Cell, on: bool| {
        if on && opts.ansi {
            (cell.0, cell.1.on(HIGHLIGHT))
        } else {
            cell
        }
    };
    for y in ys {
        let blocks: Vec<Option<Block>> = xs
            .clone()
            .map(|x| {
                let pos = Pos::new(x, y);
                board.tile_at(pos).map(|t| {
                    let here: Vec<(usize, u8)> = meeples
                        .iter()
                        .filter(|m| m.pos == pos)
                        .map(|m| (m.segment, m.colour))
                        .collect();
                    tile_block(board.tile_set(), t.tile, t.rotation, &here, opts)
                })
            })
            .collect();
        let marked = last.is_some_and(|p| p.y == y);
        for row in 0..3 {
            let label = if row == 1 {
                y.to_string()
            } else {
                String::new()
            };
            let pointer = if marked { LAST_ROW } else { ' ' };
            let lead = format!("{label:>margin$}{pointer}");
            let mut cells: Vec<Cell> = lead.chars().map(|c| (c, Style::new())).collect();
            for (x, block) in xs.clone().zip(&blocks) {
                let on = last == Some(Pos::new(x, y));
                match block {
                    Some(b) => cells.extend(b[row].iter().map(|&c| shade(c, on))),
                    None => cells.extend([shade((' ', Style::new()), on); WIDTH]),
                }
            }
            out += &paint(&cells, opts.ansi);
            out.push('\n');
        }
    }
    out
}

/// Each glyph of the board pictures by what it means, as drawn (coloured when `ansi`):
/// `city`, `pennant`, `road` (east-west), `road_ns`, `crossing` (a bend or junction),
/// `field`, `cloister`, and the marks of the last tile, `last_column` and `last_row`.
pub fn glyphs(ansi: bool) -> Vec<(&'static str, String)> {
    let cells = [
        ("city", Ink::City.cell()),
        ("pennant", pennant_cell()),
        ("road", Ink::Road('=').cell()),
        ("road_ns", Ink::Road('|').cell()),
        ("crossing", Ink::Road('+').cell()),
        ("field", Ink::Field.cell()),
        ("cloister", Ink::Cloister.cell()),
        ("last_column", (LAST_COLUMN, Style::new())),
        ("last_row", (LAST_ROW, Style::new())),
    ];
    cells
        .into_iter()
        .map(|(name, cell)| (name, paint(&[cell], ansi)))
        .collect()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::games::carcassonne::tile_set::tests::base;
    use crate::games::carcassonne::Placement;

    fn plain() -> RenderOptions {
        RenderOptions {
            ansi: false,
            meeple_glyphs: vec![('R', Color::Red)],
            last: None,
            frame: Frame::default(),
        }
    }

    #[test]
    fn tiles_alone() {
        let set = base();
        let show =
            |id: &str, rotation: u8| render_tile(&set, set.by_id(id).unwrap(), rotation, &plain());
        assert_eq!(show("D", 0), ".#####.\n=======\n.......\n");
        assert_eq!(show("A", 1), ".......\n===^...\n.......\n");
        assert_eq!(show("S", 2), "#..|..#\n######*\n#######\n");
        assert_eq!(show("I", 3), ".#####.\n##.....\n#......\n");
        assert_eq!(show("C", 0), "##*####\n#######\n#######\n");
        assert_eq!(render_tile(&set, 99, 0, &plain()), "");
    }

    fn tiny_board() -> Board {
        let set = Arc::new(base());
        let mut b = Board::new(Arc::clone(&set));
        assert_eq!(render_board(&b, &plain()), "");
        b.place_start(set.start_tile());
        b.place(
            set.by_id("V").unwrap(),
            Placement {
                pos: Pos::new(1, 0),
                rotation: 0,
            },
        )
        .unwrap();
        b.place_meeple(Pos::new(0, 0), 1, 0).unwrap(); // D's road
        b.place_meeple(Pos::new(1, 0), 2, 5).unwrap(); // V's inner field: no glyph for 5
        b
    }

    #[test]
    fn board_with_numbers_meeples_and_the_last_tile_marked_without_colours() {
        let b = tiny_board();
        let opts = RenderOptions {
            last: b.last_placed(),
            ..plain()
        };
        let expected = [
            "     -1      0   v  1  v   2",
            "",
            "-1",
            "",
            "  >       .#####........",
            " 0>       ===R======+...",
            "  >       ........5.|...",
            "",
            " 1",
            "",
        ];
        assert_eq!(render_board(&b, &opts), expected.join("\n") + "\n");
        let unmarked = render_board(&b, &plain());
        assert!(!unmarked.contains('v') && !unmarked.contains('>'));
    }

    /// The start tile and `n` straight roads east of it, the last one at `n,0`.
    fn road_east(n: i32) -> Board {
        let set = Arc::new(base());
        let mut b = Board::new(Arc::clone(&set));
        b.place_start(set.start_tile());
        for x in 1..=n {
            let at = Placement {
                pos: Pos::new(x, 0),
                rotation: 1,
            };
            b.place(set.by_id("U").unwrap(), at).unwrap();
        }
        b
    }

    fn framed(b: &Board, width: usize, height: usize) -> RenderOptions {
        RenderOptions {
            last: b.last_placed(),
            frame: Frame {
                width: Some(width),
                height: Some(height),
            },
            ..plain()
        }
    }

    #[test]
    fn cropped_around_the_last_tile_within_the_frame() {
        let b = road_east(8);
        // Row numbers and the mark take 3 columns: 24 columns hold 3 cells, 4 lines 1 row.
        let opts = framed(&b, 24, 4);
        let window = board_window(&b, &opts);
        assert_eq!((window.xs.clone(), window.ys.clone()), (7..=9, 0..=0));
        assert!(is_cropped(&b, &window));
        let expected = [
            "      7   v  8  v   9",
            "  >..............",
            " 0>==============",
            "  >..............",
        ];
        assert_eq!(render_board(&b, &opts), expected.join("\n") + "\n");

        let middle = RenderOptions {
            last: Some(Pos::new(4, 0)),
            ..framed(&b, 24, 4)
        };
        assert_eq!(board_window(&b, &middle).xs, 3..=5);
        let all = RenderOptions {
            last: b.last_placed(),
            ..plain()
        };
        assert!(!is_cropped(&b, &board_window(&b, &all)));
        assert_eq!(render_board(&b, &all).lines().count(), 1 + 3 * 3);
    }

    #[test]
    fn a_cropped_picture_fits_its_frame() {
        let b = road_east(12);
        for (width, height) in [(10, 4), (40, 10), (80, 24), (61, 17)] {
            let picture = render_board(&b, &framed(&b, width, height));
            assert!(
                picture.lines().count() <= height,
                "{width}x{height}:\n{picture}"
            );
            assert!(picture.lines().all(|l| l.chars().count() <= width.max(10)));
            assert!(picture.contains(" 0>"), "the last tile's row is shown");
        }
    }

    fn cloister_index(set: &TileSet, tile: TileTypeId) -> usize {
        let segments = &set.types()[tile].segments;
        (0..segments.len())
            .find(|&i| segments[i].kind == SegmentKind::Cloister)
            .unwrap()
    }

    #[test]
    fn a_meeple_on_a_cloister_stands_beside_it() {
        let set = base();
        let lines = |id: &str, rotation: u8| -> Vec<String> {
            let t = set.by_id(id).unwrap();
            let meeple = [(cloister_index(&set, t), 0)];
            tile_block(&set, t, rotation, &meeple, &plain())
                .iter()
                .map(|row| paint(row, false))
                .collect()
        };
        assert_eq!(lines("B", 0), [".......", "...^R..", "......."]);
        // The road comes in from the east: the meeple goes west of the cloister.
        assert_eq!(lines("A", 3), [".......", "..R^===", "......."]);
    }

    #[test]
    fn every_glyph_named_is_drawn_as_named() {
        let set = base();
        let b = tiny_board();
        let board = render_board(
            &b,
            &RenderOptions {
                last: b.last_placed(),
                ..plain()
            },
        );
        let tile = |id: &str| render_tile(&set, set.by_id(id).unwrap(), 0, &plain());
        let drawn = format!("{board}{}{}", tile("A"), tile("S"));
        let plain_glyphs = glyphs(false);
        assert_eq!(plain_glyphs.len(), 9);
        for (name, glyph) in &plain_glyphs {
            assert_eq!(glyph.chars().count(), 1, "{name}");
            assert!(
                drawn.contains(glyph.as_str()),
                "{name} `{glyph}` is not drawn"
            );
        }
        let coloured = glyphs(true);
        assert!(coloured[0].1.contains('\x1b'), "the city is coloured");
        for ((name, painted), (_, glyph)) in coloured.iter().zip(&plain_glyphs) {
            assert!(painted.contains(glyph.as_str()), "{name}");
        }
    }

    #[test]
    fn ansi_only_when_asked() {
        let b = tiny_board();
        assert!(!render_board(&b, &plain()).contains('\x1b'));
        let coloured = render_board(
            &b,
            &RenderOptions {
                ansi: true,
                ..plain()
            },
        );
        assert!(coloured.contains(&Color::Red.bold().paint("R").to_string()));
        let strip = |s: &str| {
            let mut out = String::new();
            let mut chars = s.chars();
            while let Some(c) = chars.next() {
                if c == '\x1b' {
                    chars.by_ref().find(|&c| c == 'm');
                } else {
                    out.push(c);
                }
            }
            out
        };
        assert_eq!(strip(&coloured), render_board(&b, &plain()));
    }
}
