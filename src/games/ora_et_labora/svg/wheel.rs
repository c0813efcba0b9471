//! The production wheel: its values around a ring, counted from the beam (up), and every
//! indicator named outside the ring with what it gives now. Indicators sharing a space
//! are listed one under another; the lists stand in a column on either side, pushed
//! apart so none covers another, each tied to its space by a line.

use super::draw::{text_width, Canvas, Font};
use crate::games::ora_et_labora::wheel::Wheel;
use std::f64::consts::{FRAC_PI_2, TAU};

const R: f64 = 92.0;
/// The ring of values, inside the rim.
const RING: f64 = 26.0;
/// From the rim to the label columns.
const REACH: f64 = 30.0;
pub const LABEL: Font = Font::new(11.0).class("wheel-label");
const LEADING: f64 = 15.0;
const GAP: f64 = 6.0;

/// The indicators on one space of the ring, as their labels.
struct Block {
    angle: f64,
    lines: Vec<String>,
    right: bool,
    top: f64,
}

impl Block {
    fn height(&self) -> f64 {
        self.lines.len() as f64 * LEADING
    }
}

/// Where on the ring a space `steps` from the beam lies (counter-clockwise from the top).
fn angle(steps: usize, spaces: usize) -> f64 {
    -FRAC_PI_2 - steps as f64 * TAU / spaces as f64
}

/// Pushes the blocks of one side down until none overlaps the one above, each kept as
/// close as it can to the height of its space.
fn settle(blocks: &mut [&mut Block], cy: f64, min_top: f64) {
    blocks.sort_by(|a, b| a.angle.sin().total_cmp(&b.angle.sin()));
    let mut floor = min_top;
    for b in blocks.iter_mut() {
        let wanted = cy + (R + REACH / 2.0) * b.angle.sin() - b.height() / 2.0;
        b.top = wanted.max(floor);
        floor = b.top + b.height() + GAP;
    }
}

/// Draws the wheel with its title, top-left at (x, y), naming each indicator with
/// `name`; returns the width and height drawn.
pub fn draw(
    c: &mut Canvas,
    w: &Wheel,
    name: &dyn Fn(&str) -> String,
    x: f64,
    y: f64,
) -> (f64, f64) {
    c.text(x, y + 16.0, Font::new(15.0).bold(), "Production wheel");
    let spaces = w.values().len();
    let mut blocks: Vec<Block> = Vec::new();
    for (indicator, amount) in w.amounts() {
        let steps = w.steps(&indicator).unwrap_or(0);
        let a = angle(steps, spaces);
        let line = format!("{}: {amount}", name(&indicator));
        match blocks.iter_mut().find(|b| b.angle == a) {
            Some(b) => b.lines.push(line),
            None => blocks.push(Block {
                angle: a,
                lines: vec![line],
                right: a.cos() > -1e-9,
                top: 0.0,
            }),
        }
    }
    let widest = |right: bool| {
        blocks
            .iter()
            .filter(|b| b.right == right)
            .flat_map(|b| &b.lines)
            .map(|l| text_width(l, LABEL.size))
            .fold(0.0, f64::max)
    };
    let (left_w, right_w) = (widest(false), widest(true));
    let cx = x + left_w + REACH + R;
    let cy = y + 34.0 + R;
    // The labels may reach above the wheel's top by up to a line.
    let min_top = y + 26.0;
    for right in [false, true] {
        let mut side: Vec<&mut Block> = blocks.iter_mut().filter(|b| b.right == right).collect();
        settle(&mut side, cy, min_top);
    }
    ring(c, w, cx, cy);
    let mut bottom = cy + R;
    for b in &blocks {
        let rim = (cx + R * b.angle.cos(), cy + R * b.angle.sin());
        let (lx, font) = if b.right {
            (cx + R + REACH, LABEL)
        } else {
            (cx - R - REACH, LABEL.end())
        };
        let mid = b.top + b.height() / 2.0;
        let end = if b.right { lx - 4.0 } else { lx + 4.0 };
        c.line(rim, (end, mid), r##"stroke="#999" stroke-width="1""##);
        c.circle(rim.0, rim.1, 3.0, r##"fill="#444""##);
        c.lines(lx, b.top + LABEL.size, LEADING, font, &b.lines);
        bottom = bottom.max(b.top + b.height());
    }
    let width = left_w + 2.0 * (REACH + R) + right_w;
    (width, bottom - y)
}

/// The disc, the ring of values and the beam.
fn ring(c: &mut Canvas, w: &Wheel, cx: f64, cy: f64) {
    let spaces = w.values().len();
    c.circle(cx, cy, R, r##"fill="#f4efe1" stroke="#555""##);
    c.circle(cx, cy, R - RING, r##"fill="#ebe3cc" stroke="#999""##);
    for s in 0..spaces {
        // The border between two spaces.
        let a = angle(s, spaces) + TAU / spaces as f64 / 2.0;
        let (inner, outer) = (R - RING, R);
        c.line(
            (cx + inner * a.cos(), cy + inner * a.sin()),
            (cx + outer * a.cos(), cy + outer * a.sin()),
            r##"stroke="#bbb""##,
        );
        let a = angle(s, spaces);
        let r = R - RING / 2.0;
        let font = Font::new(12.0).middle().bold();
        c.text(
            cx + r * a.cos(),
            cy + r * a.sin() + 4.0,
            font,
            &w.values()[s].to_string(),
        );
    }
    c.line(
        (cx, cy),
        (cx, cy - R + RING),
        r##"stroke="#5a3d1e" stroke-width="6" stroke-linecap="round""##,
    );
    c.circle(cx, cy, 6.0, r##"fill="#5a3d1e""##);
}
