//! The table as an SVG picture, for players who would rather look than read: every
//! placed tile with its fields, cities (and pennants), roads and cloisters, the meeples
//! as figures in their colours, and a legend with the scores.
//!
//! Shapes are drawn from the rotated segment data, not from tile pictures, so a house
//! tile set draws as well as the base one. Each tile and meeple is a `<g>` carrying its
//! position (`data-pos`) and a `<title>`, so the picture can be checked and read aloud.

use std::fmt::Write;

use super::board::{Board, PlacedTile};
use super::geometry::{rotate_half_edges, rotate_sides, Pos};
use super::tile::{SegmentDef, SegmentKind};
use super::tile_set::TileSet;

/// Side of a tile, in pixels.
const TILE: f64 = 64.0;
const MARGIN: f64 = 16.0;
const LEGEND_WIDTH: f64 = 260.0;
const LINE: f64 = 22.0;
/// Characters of a legend line that fit in its width.
const LEGEND_CHARS: usize = 32;

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
                [a] => lerp(*a, CENTRE, 0.5),
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
.title{font-weight:bold;font-size:16px}";

/// A meeple figure about 16 pixels tall, centred on (0,0).
const MEEPLE: &str = "M-7,8 L-2.5,0 L-7,-1 L-7,-3.5 L-2.5,-3.5 A3.2,3.2 0 1 1 2.5,-3.5 \
                      L7,-3.5 L7,-1 L2.5,0 L7,8 L2,8 L0,4 L-2,8 Z";

/// The whole picture: the table on the left, the legend (`seats`, then `notes`) on the
/// right.
pub fn render_svg(board: &Board, seats: &[Seat], notes: &[String]) -> String {
    let (min, max) = board.bounds();
    let columns = f64::from(max.x - min.x + 1);
    let rows = f64::from(max.y - min.y + 1);
    let notes: Vec<String> = notes.iter().flat_map(|n| wrap(n, LEGEND_CHARS)).collect();
    let legend_height = LINE * (seats.len() + notes.len() + 1) as f64;
    let width = MARGIN * 3.0 + columns * TILE + LEGEND_WIDTH;
    let height = MARGIN * 2.0 + (rows * TILE).max(legend_height);
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\">\n<style>{STYLE}</style>\n\
         <rect width=\"100%\" height=\"100%\" fill=\"#fbf8f0\"/>\n"
    );
    let origin_of = |p: Pos| {
        (
            MARGIN + f64::from(p.x - min.x) * TILE,
            MARGIN + f64::from(p.y - min.y) * TILE,
        )
    };
    out.push_str("<g class=\"table\">\n");
    for pos in board.placed_positions() {
        if let Some(placed) = board.tile_at(pos) {
            tile(&mut out, board.tile_set(), placed, pos, origin_of(pos));
        }
    }
    for m in board.meeples() {
        let Some(placed) = board.tile_at(m.pos) else {
            continue;
        };
        let segments = &board.tile_set().types()[placed.tile].segments;
        let at = anchor(&segments[m.segment], placed.rotation);
        let (x, y) = (
            origin_of(m.pos).0 + at.0 * TILE,
            origin_of(m.pos).1 + at.1 * TILE,
        );
        let name = seats
            .get(usize::from(m.colour))
            .map_or_else(|| format!("colour {}", m.colour), |s| s.colour.clone());
        let label = board
            .segments_at(m.pos)
            .into_iter()
            .nth(m.segment)
            .map(|s| s.label)
            .unwrap_or_default();
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
    legend(
        &mut out,
        MARGIN * 2.0 + columns * TILE,
        MARGIN,
        seats,
        &notes,
    );
    out.push_str("</svg>\n");
    out
}

/// One tile: field, cities, roads, a junction, a cloister, pennants, as a `<g>`.
fn tile(out: &mut String, tiles: &TileSet, placed: PlacedTile, pos: Pos, origin: Point) {
    let tile_type = &tiles.types()[placed.tile];
    let rotation = placed.rotation;
    let _ = write!(
        out,
        "<g class=\"tile\" data-pos=\"{pos}\" data-tile=\"{id}\" data-rotation=\"{deg}\">\
         <title>{id} at {pos}, turned {deg}°: {name}</title>\
         <rect class=\"field\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{TILE}\" height=\"{TILE}\"/>",
        id = escape(&tile_type.id),
        deg = u16::from(rotation) * 90,
        name = escape(&tile_type.name),
        x = origin.0,
        y = origin.1,
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
    let _ = writeln!(
        out,
        "<rect class=\"edge\" x=\"{:.1}\" y=\"{:.1}\" width=\"{TILE}\" height=\"{TILE}\"/></g>",
        origin.0, origin.1
    );
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
        let class = if i == 0 { " class=\"title\"" } else { "" };
        let _ = writeln!(
            out,
            "<text{class} x=\"{x:.1}\" y=\"{line:.1}\" xml:space=\"preserve\">{}</text>",
            escape(note)
        );
        line += LINE;
    }
    out.push_str("</g>\n");
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
