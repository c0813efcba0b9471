//! The table as an SVG picture, for players who would rather look than read: every
//! placed tile with its fields, cities (and pennants), roads and cloisters, the meeples
//! as figures in their colours, and a legend with the scores.
//!
//! Shapes are drawn from the rotated segment data, not from tile pictures, so a house
//! tile set draws as well as the base one. Each tile and meeple is a `<g>` carrying its
//! position (`data-pos`) and a `<title>`, so the picture can be checked and read aloud.
//! The columns and rows carry their x and y, as the move labels name cells.
//!
//! Given [`Targets`] (the web table), the moves that have a place on the board are drawn
//! there to be clicked, each a `<g class="move" data-move="LABEL">`: every free placement
//! of the tile in hand as a small preview of the tile so turned, in the quarter of its
//! cell its rotation names (0° top left, then clockwise), and the meeple spots of the
//! tile just placed as rings on their segments.

use std::fmt::Write;

use super::board::{Board, PlacedTile};
use super::geometry::{rotate_half_edges, rotate_sides, Placement, Pos};
use super::tile::{SegmentDef, SegmentKind, TileTypeId};
use super::tile_set::TileSet;

/// Side of a tile, in pixels.
const TILE: f64 = 64.0;
const MARGIN: f64 = 16.0;
/// The band above and left of the table holding the cells' x and y.
const COORDS: f64 = 18.0;
const LEGEND_WIDTH: f64 = 260.0;
const LINE: f64 = 22.0;
/// Characters of a legend line that fit in its width.
const LEGEND_CHARS: usize = 32;
/// The width of a character of the score table's fixed-width font (13px).
const MONO_CHAR: f64 = 8.0;
/// A preview of a placement fills this much of a quarter of its cell.
const PREVIEW: f64 = 0.46;

/// The moves drawn as targets to click (the web table); none for `render`.
#[derive(Debug, Default)]
pub struct Targets {
    /// The tile in hand, which `placements` place.
    pub tile: Option<TileTypeId>,
    /// Each placement's move label and where it puts the tile.
    pub placements: Vec<(String, Placement)>,
    /// Each meeple spot's move label, tile and segment index.
    pub spots: Vec<(String, Pos, usize)>,
}

/// One colour in play: its name (also its meeples' colour) and what the legend says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seat {
    pub colour: String,
    /// E.g. "red 23 (last)".
    pub label: String,
}

/// A point in tile units: (0,0) the north-west corner, (1,1) the south-east.
type Point = (f64, f64);

/// A step of a city outline: a line, or a curve (control point, end).
enum Step {
    L(Point),
    Q(Point, Point),
}

/// A city's outline (a start and steps, closed) and where its pennant goes.
struct CityShape {
    start: Point,
    steps: Vec<Step>,
    pennant: Point,
}

/// City shapes on one side (N), two adjacent (N E), two opposite (N S), three (N E W)
/// and all four; every other set of sides is one of these turned.
fn canonical_city(mask: u8) -> Option<CityShape> {
    use Step::{L, Q};
    let (steps, pennant) = match mask {
        0b0001 => (vec![L((1.0, 0.0)), Q((0.5, 0.45), (0.0, 0.0))], (0.3, 0.07)),
        0b0011 => (
            vec![L((1.0, 0.0)), L((1.0, 1.0)), Q((0.55, 0.45), (0.0, 0.0))],
            (0.85, 0.15),
        ),
        0b0101 => (
            vec![
                L((1.0, 0.0)),
                Q((0.72, 0.5), (1.0, 1.0)),
                L((0.0, 1.0)),
                Q((0.28, 0.5), (0.0, 0.0)),
            ],
            (0.5, 0.13),
        ),
        0b1011 => (
            vec![L((1.0, 0.0)), L((1.0, 1.0)), Q((0.5, 0.5), (0.0, 1.0))],
            (0.15, 0.15),
        ),
        0b1111 => (
            vec![L((1.0, 0.0)), L((1.0, 1.0)), L((0.0, 1.0))],
            (0.2, 0.2),
        ),
        _ => return None,
    };
    Some(CityShape {
        start: (0.0, 0.0),
        steps,
        pennant,
    })
}

/// The canonical mask and the quarter turns that give `mask` (non-empty, 4 bits).
fn canonical_turn(mask: u8) -> Option<(u8, u8)> {
    [0b0001, 0b0011, 0b0101, 0b1011, 0b1111]
        .into_iter()
        .find_map(|c| (0..4).find(|&k| rotate_sides(c, k) == mask).map(|k| (c, k)))
}

/// Turns a point `k` quarter turns clockwise about the tile's centre.
fn turn(p: Point, k: u8) -> Point {
    (0..k).fold(p, |(x, y), _| (1.0 - y, x))
}

const CENTRE: Point = (0.5, 0.5);
/// The middle of each side, N E S W.
const SIDE_MIDDLE: [Point; 4] = [(0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5)];
/// A point on each half-side (Nw Ne En Es Se Sw Ws Wn), a quarter in from the edge.
const HALF_POINT: [Point; 8] = [
    (0.25, 0.1),
    (0.75, 0.1),
    (0.9, 0.25),
    (0.9, 0.75),
    (0.75, 0.9),
    (0.25, 0.9),
    (0.1, 0.75),
    (0.1, 0.25),
];

fn sides_of(mask: u8) -> impl Iterator<Item = usize> {
    (0..4).filter(move |s| mask & (1 << s) != 0)
}

fn lerp(a: Point, b: Point, t: f64) -> Point {
    (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
}

/// Where a meeple on a segment stands.
fn anchor(seg: &SegmentDef, rotation: u8) -> Point {
    let mask = rotate_sides(seg.edges, rotation);
    match seg.kind {
        SegmentKind::Cloister => CENTRE,
        SegmentKind::Field => {
            let half = rotate_half_edges(seg.half_edges, rotation).trailing_zeros() as usize;
            lerp(HALF_POINT[half % 8], CENTRE, 0.15)
        }
        SegmentKind::Road => {
            let ends: Vec<Point> = sides_of(mask).map(|s| SIDE_MIDDLE[s]).collect();
            match ends.as_slice() {
                // The middle of the curve drawn through the centre.
                [a, b] => lerp(lerp(*a, CENTRE, 0.5), lerp(CENTRE, *b, 0.5), 0.5),
                // Near the side: a road that ends at a city gate meets the city's edge
                // half way to the centre.
                [a] => lerp(*a, CENTRE, 0.3),
                _ => CENTRE,
            }
        }
        SegmentKind::City => {
            let n = mask.count_ones().max(1) as f64;
            let sum = sides_of(mask).fold((0.0, 0.0), |acc, s| {
                (acc.0 + SIDE_MIDDLE[s].0, acc.1 + SIDE_MIDDLE[s].1)
            });
            lerp((sum.0 / n, sum.1 / n), CENTRE, 0.3)
        }
    }
}

/// Pixels of a tile point, with the tile's corner at `origin`.
fn px(origin: Point, p: Point) -> String {
    format!("{:.1},{:.1}", origin.0 + p.0 * TILE, origin.1 + p.1 * TILE)
}

/// Escapes text for XML content and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() && c != '\n' && c != '\t' => {}
            c => out.push(c),
        }
    }
    out
}

/// The fill of a meeple colour name; names the host does not know are grey.
fn fill(colour: &str) -> &'static str {
    match colour {
        "red" => "#d62828",
        "green" => "#2b9348",
        "yellow" => "#f7d716",
        "blue" => "#1d6fd6",
        "black" => "#222222",
        "purple" => "#7b2cbf",
        "cyan" => "#17becf",
        "white" => "#f5f5f5",
        _ => "#8a8a8a",
    }
}

const STYLE: &str = "\
.field{fill:#9cc26b}\
.edge{fill:none;stroke:#5b7a3a;stroke-width:0.6}\
.city{fill:#d9b77a;stroke:#7a5524;stroke-width:1.5}\
.road-bed{fill:none;stroke:#6b6b6b;stroke-width:8;stroke-linecap:round}\
.road{fill:none;stroke:#f3eedf;stroke-width:5;stroke-linecap:round}\
.junction{fill:#7a5524}\
.cloister{fill:#b5523b;stroke:#4a2418;stroke-width:1}\
.pennant{fill:#1d4fa3;stroke:#f3eedf;stroke-width:0.8}\
.meeple{stroke:#111;stroke-width:1.2}\
text{font-family:sans-serif;font-size:14px;fill:#222}\
.title{font-weight:bold;font-size:16px}\
.sheet{font-family:monospace;font-size:13px}\
.coord{font-size:11px;fill:#777;text-anchor:middle}\
.free{fill:#fffdf6;stroke:#b9ad8f;stroke-width:1;stroke-dasharray:4 3}\
.move{cursor:pointer}\
.placement{opacity:0.8}\
.placement .frame{fill:none;stroke:#7a5524;stroke-width:2}\
.spot circle{fill:#fff;fill-opacity:0.75;stroke:#111;stroke-width:1.5;stroke-dasharray:3 2}";

/// A meeple figure about 16 pixels tall, centred on (0,0).
const MEEPLE: &str = "M-7,8 L-2.5,0 L-7,-1 L-7,-3.5 L-2.5,-3.5 A3.2,3.2 0 1 1 2.5,-3.5 \
                      L7,-3.5 L7,-1 L2.5,0 L7,8 L2,8 L0,4 L-2,8 Z";

/// The whole picture: the table on the left with its coordinates, the legend (`seats`,
/// then `notes`) on the right, and the `targets` to click.
pub fn render_svg(board: &Board, seats: &[Seat], notes: &[String], targets: &Targets) -> String {
    let (mut min, mut max) = board.bounds();
    for (_, p) in &targets.placements {
        min = Pos {
            x: min.x.min(p.pos.x),
            y: min.y.min(p.pos.y),
        };
        max = Pos {
            x: max.x.max(p.pos.x),
            y: max.y.max(p.pos.y),
        };
    }
    let columns = f64::from(max.x - min.x + 1);
    let rows = f64::from(max.y - min.y + 1);
    let notes: Vec<String> = notes.iter().flat_map(|n| legend_lines(n)).collect();
    let legend_width = notes
        .iter()
        .filter(|n| is_table_row(n))
        .map(|n| n.chars().count() as f64 * MONO_CHAR)
        .fold(LEGEND_WIDTH, f64::max);
    let legend_height = LINE * (seats.len() + notes.len() + 1) as f64;
    let table = (MARGIN + COORDS, MARGIN + COORDS);
    let width = table.0 + columns * TILE + MARGIN * 2.0 + legend_width;
    let height = MARGIN + (table.1 + rows * TILE).max(MARGIN + legend_height);
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\">\n<style>{STYLE}</style>\n\
         <rect width=\"100%\" height=\"100%\" fill=\"#fbf8f0\"/>\n"
    );
    let origin_of = |p: Pos| {
        (
            table.0 + f64::from(p.x - min.x) * TILE,
            table.1 + f64::from(p.y - min.y) * TILE,
        )
    };
    coordinates(&mut out, (min, max), table);
    out.push_str("<g class=\"table\">\n");
    for pos in board.placed_positions() {
        if let Some(placed) = board.tile_at(pos) {
            tile(&mut out, board.tile_set(), placed, pos, origin_of(pos));
        }
    }
    for m in board.meeples() {
        let Some(at) = spot_at(board, m.pos, m.segment) else {
            continue;
        };
        let (x, y) = pixel(origin_of(m.pos), at);
        let name = seats
            .get(usize::from(m.colour))
            .map_or_else(|| format!("colour {}", m.colour), |s| s.colour.clone());
        let label = segment_label(board, m.pos, m.segment);
        let _ = writeln!(
            out,
            "<g class=\"meeple\" data-colour=\"{c}\" data-pos=\"{p}\" data-segment=\"{l}\" \
             transform=\"translate({x:.1},{y:.1})\"><title>{c} meeple on {l} at {p}</title>\
             <path d=\"{MEEPLE}\" fill=\"{f}\"/></g>",
            c = escape(&name),
            p = m.pos,
            l = escape(&label),
            f = fill(&name),
        );
    }
    out.push_str("</g>\n");
    draw_targets(&mut out, board, targets, &origin_of);
    legend(
        &mut out,
        table.0 + columns * TILE + MARGIN,
        MARGIN,
        seats,
        &notes,
    );
    out.push_str("</svg>\n");
    out
}

/// The x of each column above the table and the y of each row to its left.
fn coordinates(out: &mut String, (min, max): (Pos, Pos), table: Point) {
    out.push_str("<g class=\"coords\">");
    for x in min.x..=max.x {
        let cx = table.0 + (f64::from(x - min.x) + 0.5) * TILE;
        let _ = write!(
            out,
            "<text class=\"coord\" x=\"{cx:.1}\" y=\"{:.1}\">{x}</text>",
            table.1 - 5.0
        );
    }
    for y in min.y..=max.y {
        let cy = table.1 + (f64::from(y - min.y) + 0.5) * TILE;
        let _ = write!(
            out,
            "<text class=\"coord\" x=\"{:.1}\" y=\"{:.1}\">{y}</text>",
            table.0 - COORDS / 2.0,
            cy + 4.0
        );
    }
    out.push_str("</g>\n");
}

/// Where on its tile a meeple on segment `segment` of the tile at `pos` stands.
fn spot_at(board: &Board, pos: Pos, segment: usize) -> Option<Point> {
    let placed = board.tile_at(pos)?;
    let segments = &board.tile_set().types()[placed.tile].segments;
    Some(anchor(segments.get(segment)?, placed.rotation))
}

fn segment_label(board: &Board, pos: Pos, segment: usize) -> String {
    board
        .segments_at(pos)
        .into_iter()
        .nth(segment)
        .map(|s| s.label)
        .unwrap_or_default()
}

/// Pixels of a tile point, with the tile's corner at `origin`.
fn pixel(origin: Point, p: Point) -> Point {
    (origin.0 + p.0 * TILE, origin.1 + p.1 * TILE)
}

/// The targets: a dashed cell where the tile in hand may go, with a preview of each
/// rotation that fits there; a ring on each meeple spot.
fn draw_targets(
    out: &mut String,
    board: &Board,
    targets: &Targets,
    origin_of: &dyn Fn(Pos) -> Point,
) {
    if targets.placements.is_empty() && targets.spots.is_empty() {
        return;
    }
    out.push_str("<g class=\"targets\">\n");
    if let Some(tile_type) = targets.tile {
        let mut cells: Vec<Pos> = Vec::new();
        for (_, p) in &targets.placements {
            if !cells.contains(&p.pos) {
                cells.push(p.pos);
            }
        }
        for pos in cells {
            let (x, y) = origin_of(pos);
            let _ = writeln!(
                out,
                "<rect class=\"free\" data-pos=\"{pos}\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\"/>",
                x + 1.0,
                y + 1.0,
                TILE - 2.0,
                TILE - 2.0
            );
        }
        let id = escape(&board.tile_set().types()[tile_type].id);
        for (label, p) in &targets.placements {
            // The quarter of the cell: 0° top left, then clockwise.
            let quarter = turn((0.0, 0.0), p.rotation);
            let inset = (0.5 - PREVIEW) / 2.0;
            let (x, y) = pixel(
                origin_of(p.pos),
                (quarter.0 / 2.0 + inset, quarter.1 / 2.0 + inset),
            );
            let placed = PlacedTile {
                tile: tile_type,
                rotation: p.rotation,
            };
            let _ = write!(
                out,
                "<g class=\"move placement\" data-move=\"{l}\" transform=\"translate({x:.1},{y:.1}) scale({PREVIEW})\">\
                 <title>{l}: {id} at {pos} turned {deg}°</title>",
                l = escape(label),
                pos = p.pos,
                deg = u16::from(p.rotation) * 90,
            );
            tile_shapes(out, board.tile_set(), placed, (0.0, 0.0));
            let _ = writeln!(
                out,
                "<rect class=\"frame\" width=\"{TILE}\" height=\"{TILE}\"/></g>"
            );
        }
    }
    for (label, pos, segment) in &targets.spots {
        let Some(at) = spot_at(board, *pos, *segment) else {
            continue;
        };
        let (x, y) = pixel(origin_of(*pos), at);
        let _ = writeln!(
            out,
            "<g class=\"move spot\" data-move=\"{l}\"><title>a meeple on {l}</title>\
             <circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"8\"/></g>",
            l = escape(label),
        );
    }
    out.push_str("</g>\n");
}

/// One tile on the table, as a `<g>`.
fn tile(out: &mut String, tiles: &TileSet, placed: PlacedTile, pos: Pos, origin: Point) {
    let tile_type = &tiles.types()[placed.tile];
    let _ = write!(
        out,
        "<g class=\"tile\" data-pos=\"{pos}\" data-tile=\"{id}\" data-rotation=\"{deg}\">\
         <title>{id} at {pos}, turned {deg}°: {name}</title>",
        id = escape(&tile_type.id),
        deg = u16::from(placed.rotation) * 90,
        name = escape(&tile_type.name),
    );
    tile_shapes(out, tiles, placed, origin);
    let _ = writeln!(
        out,
        "<rect class=\"edge\" x=\"{:.1}\" y=\"{:.1}\" width=\"{TILE}\" height=\"{TILE}\"/></g>",
        origin.0, origin.1
    );
}

/// A tile's field, cities, roads, junction, cloister and pennants.
fn tile_shapes(out: &mut String, tiles: &TileSet, placed: PlacedTile, origin: Point) {
    let tile_type = &tiles.types()[placed.tile];
    let rotation = placed.rotation;
    let _ = write!(
        out,
        "<rect class=\"field\" x=\"{:.1}\" y=\"{:.1}\" width=\"{TILE}\" height=\"{TILE}\"/>",
        origin.0, origin.1,
    );
    let roads: Vec<&SegmentDef> = tile_type
        .segments
        .iter()
        .filter(|s| s.kind == SegmentKind::Road)
        .collect();
    let mut pennants = Vec::new();
    for seg in &tile_type.segments {
        if seg.kind != SegmentKind::City {
            continue;
        }
        let mask = rotate_sides(seg.edges, rotation);
        let Some((shape, k)) =
            canonical_turn(mask).and_then(|(canon, k)| Some((canonical_city(canon)?, k)))
        else {
            continue;
        };
        let mut d = format!("M{}", px(origin, turn(shape.start, k)));
        for step in shape.steps {
            match step {
                Step::L(p) => d += &format!(" L{}", px(origin, turn(p, k))),
                Step::Q(c, p) => {
                    d += &format!(" Q{} {}", px(origin, turn(c, k)), px(origin, turn(p, k)));
                }
            }
        }
        let _ = write!(out, "<path class=\"city\" d=\"{d} Z\"/>");
        if seg.pennant {
            pennants.push(turn(shape.pennant, k));
        }
    }
    for class in ["road-bed", "road"] {
        for seg in &roads {
            let ends: Vec<Point> = sides_of(rotate_sides(seg.edges, rotation))
                .map(|s| SIDE_MIDDLE[s])
                .collect();
            let d = match ends.as_slice() {
                [a, b] => format!(
                    "M{} Q{} {}",
                    px(origin, *a),
                    px(origin, CENTRE),
                    px(origin, *b)
                ),
                [a] => format!("M{} L{}", px(origin, *a), px(origin, CENTRE)),
                _ => continue,
            };
            let _ = write!(out, "<path class=\"{class}\" d=\"{d}\"/>");
        }
    }
    if roads.len() > 2 {
        let (x, y) = (origin.0 + TILE / 2.0, origin.1 + TILE / 2.0);
        let _ = write!(
            out,
            "<rect class=\"junction\" x=\"{:.1}\" y=\"{:.1}\" width=\"10\" height=\"10\"/>",
            x - 5.0,
            y - 5.0
        );
    }
    if tile_type
        .segments
        .iter()
        .any(|s| s.kind == SegmentKind::Cloister)
    {
        let (x, y) = (origin.0 + TILE / 2.0, origin.1 + TILE / 2.0);
        let _ = write!(
            out,
            "<path class=\"cloister\" d=\"M{:.1},{:.1} h20 v-12 l-10,-9 l-10,9 Z\"/>",
            x - 10.0,
            y + 10.0
        );
    }
    for at in pennants {
        let (x, y) = (origin.0 + at.0 * TILE, origin.1 + at.1 * TILE);
        let _ = write!(
            out,
            "<path class=\"pennant\" d=\"M{:.1},{:.1} h9 v5 l-4.5,4 l-4.5,-4 Z\"/>",
            x - 4.5,
            y - 4.5
        );
    }
}

fn legend(out: &mut String, x: f64, y: f64, seats: &[Seat], notes: &[String]) {
    let _ = writeln!(out, "<g class=\"legend\">");
    let mut line = y + LINE * 0.8;
    for seat in seats {
        let _ = writeln!(
            out,
            "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"14\" height=\"14\" fill=\"{}\" stroke=\"#111\"/>\
             <text x=\"{:.1}\" y=\"{line:.1}\">{}</text>",
            line - 12.0,
            fill(&seat.colour),
            x + 22.0,
            escape(&seat.label)
        );
        line += LINE;
    }
    line += LINE * 0.5;
    for (i, note) in notes.iter().enumerate() {
        let class = if i == 0 {
            " class=\"title\""
        } else if is_table_row(note) {
            " class=\"sheet\""
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "<text{class} x=\"{x:.1}\" y=\"{line:.1}\" xml:space=\"preserve\">{}</text>",
            escape(note)
        );
        line += LINE;
    }
    out.push_str("</g>\n");
}

/// A line of the score sheet's table (its columns are runs of spaces): drawn whole in a
/// fixed-width font, so that its columns line up.
fn is_table_row(line: &str) -> bool {
    line.contains("  ")
}

/// A legend line as drawn: a table row whole, other text wrapped to the legend's width.
fn legend_lines(line: &str) -> Vec<String> {
    if is_table_row(line) {
        vec![line.to_owned()]
    } else {
        wrap(line, LEGEND_CHARS)
    }
}

/// Splits `text` into lines of at most `width` characters, at spaces where it can.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_city_mask_is_a_turned_canonical_shape() {
        for mask in 1..16u8 {
            let (canon, k) = canonical_turn(mask).unwrap();
            assert_eq!(rotate_sides(canon, k), mask);
            let shape = canonical_city(canon).unwrap();
            let (x, y) = shape.pennant;
            assert!((0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y));
        }
        assert_eq!(canonical_turn(0), None);
    }

    #[test]
    fn a_quarter_turn_takes_north_to_east() {
        assert_eq!(turn(SIDE_MIDDLE[0], 1), SIDE_MIDDLE[1]);
        assert_eq!(turn(SIDE_MIDDLE[3], 1), SIDE_MIDDLE[0]);
        assert_eq!(turn((0.0, 0.0), 2), (1.0, 1.0));
    }

    #[test]
    fn a_meeple_on_a_road_to_a_city_gate_stands_on_the_road_not_the_citys_edge() {
        let tiles = crate::games::carcassonne::tile_set::tests::base();
        let gate = tiles.by_id("S").unwrap();
        let road = tiles.types()[gate]
            .segments
            .iter()
            .find(|s| s.kind == SegmentKind::Road)
            .unwrap();
        // Turned 270°, the road leaves east; the city's edge crosses it at x = 0.75.
        let (x, y) = anchor(road, 3);
        assert!(x > 0.8 && x < 1.0, "x {x}");
        assert!((y - 0.5).abs() < 1e-9);
    }

    #[test]
    fn a_table_row_is_drawn_whole_and_prose_is_wrapped() {
        let row = "yellow       7        2    19  last";
        assert_eq!(legend_lines(row), [row]);
        assert_eq!(legend_lines(&"word ".repeat(10)).len(), 2);
    }

    #[test]
    fn legend_lines_wrap_at_spaces() {
        assert_eq!(
            wrap("game over: a meeple had to be placed", 12),
            ["game over: a", "meeple had", "to be placed"]
        );
        assert_eq!(wrap("short", 12), ["short"]);
    }

    #[test]
    fn text_is_escaped_for_xml() {
        assert_eq!(escape("a<b & \"c\"\u{7}"), "a&lt;b &amp; &quot;c&quot;");
    }
}
