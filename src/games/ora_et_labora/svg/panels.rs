//! The panels of numbers: the goods held as a table of counts, the score with its
//! columns against the goal, and the rounds with their settlement phases.

use super::draw::{text_width, Canvas, Font};
use crate::games::ora_et_labora::goods::{Goods, Measure};

const TITLE: Font = Font::new(15.0).bold();
const ROW: f64 = 16.0;
const CELL: Font = Font::new(12.0);

/// A column of (name, count) rows under a heading, counts right-aligned; 0 in grey.
fn column(c: &mut Canvas, heading: &str, rows: &[(String, i64)], x: f64, y: f64) -> f64 {
    c.text(x, y, Font::new(11.0).fill("#666"), heading);
    let names = rows
        .iter()
        .map(|(n, _)| text_width(n, CELL.size))
        .fold(text_width(heading, 11.0), f64::max);
    let count_x = x + names + 12.0 + text_width("999", CELL.size);
    for (i, (name, n)) in rows.iter().enumerate() {
        let fill = if *n == 0 { "#aaa" } else { "#222" };
        let ry = y + (i + 1) as f64 * ROW;
        c.text(x, ry, CELL.fill(fill), name);
        c.text(count_x, ry, CELL.end().bold().fill(fill), &n.to_string());
    }
    count_x - x
}

/// The goods held, top-left at (x, y): the basic goods always (the wheel's), the others
/// when held, and what they are worth when paying. Returns the width and height.
pub fn goods(c: &mut Canvas, g: &Goods, x: f64, y: f64) -> (f64, f64) {
    c.text(x, y + 16.0, TITLE, "Goods");
    let table = g.table();
    let count = |i: usize| g.count_at(i);
    let held = |basic: bool| -> Vec<(String, i64)> {
        (0..table.len())
            .filter(|&i| table.def(i).basic == basic && (basic || count(i) > 0))
            .map(|i| (table.def(i).name.clone(), count(i)))
            .collect()
    };
    let (basic, other) = (held(true), held(false));
    let top = y + 40.0;
    let left = column(c, "basic goods", &basic, x, top);
    let other_x = x + left + 28.0;
    let right = if other.is_empty() {
        c.text(other_x, top, Font::new(11.0).fill("#666"), "other goods");
        c.text(other_x, top + ROW, CELL.fill("#aaa"), "none");
        text_width("other goods", 11.0)
    } else {
        column(c, "other goods", &other, other_x, top)
    };
    let rows = basic.len().max(other.len()).max(1) as f64;
    let worth_y = top + rows * ROW + 22.0;
    let halves = g.total(Measure::EnergyHalves);
    let energy = if halves % 2 == 0 {
        (halves / 2).to_string()
    } else {
        format!("{}.5", halves / 2)
    };
    let worth = [
        format!("food {}", g.total(Measure::Food)),
        format!("energy {energy}"),
        format!("money {}", g.total(Measure::Money)),
        format!("points {}", g.total(Measure::Points)),
    ];
    let lines = [
        format!("worth: {},", worth[..2].join(", ")),
        worth[2..].join(", "),
    ];
    c.lines(x, worth_y, 14.0, Font::new(11.0).fill("#444"), &lines);
    let width = lines
        .iter()
        .map(|l| text_width(l, 11.0))
        .fold(other_x - x + right, f64::max);
    (width, worth_y + 18.0 - y)
}

/// The score's columns and total against the goal.
pub struct Score {
    /// (what, points): the columns, then the total last.
    pub rows: Vec<(String, i64)>,
    pub goal: Option<i64>,
    /// How the total stands against the goal, in words.
    pub rank: Option<String>,
}

/// The score panel, top-left at (x, y); returns its width and height.
pub fn score(c: &mut Canvas, s: &Score, x: f64, y: f64) -> (f64, f64) {
    c.text(x, y + 16.0, TITLE, "Score");
    let label_w = s
        .rows
        .iter()
        .map(|(l, _)| text_width(l, CELL.size))
        .fold(0.0, f64::max);
    let value_x = x + label_w + 14.0 + text_width("9999", CELL.size);
    let mut ry = y + 40.0;
    for (i, (label, points)) in s.rows.iter().enumerate() {
        let last = i + 1 == s.rows.len();
        if last {
            c.line((x, ry - 13.0), (value_x, ry - 13.0), r##"stroke="#888""##);
        }
        let font = if last { CELL.bold() } else { CELL };
        c.text(x, ry, font, label);
        c.text(value_x, ry, font.end().bold(), &points.to_string());
        ry += ROW + if last { 2.0 } else { 0.0 };
    }
    let mut width = value_x - x;
    if let (Some(goal), Some((_, total))) = (s.goal, s.rows.last()) {
        c.text(x, ry, CELL, "goal");
        c.text(value_x, ry, CELL.end().bold(), &goal.to_string());
        let bar = value_x - x;
        let done = (*total as f64 / goal.max(1) as f64).clamp(0.0, 1.0);
        c.rect(x, ry + 8.0, bar, 10.0, r##"fill="#eee" stroke="#999""##);
        if done > 0.0 {
            c.rect(x, ry + 8.0, bar * done, 10.0, r##"fill="#e8b923""##);
        }
        ry += 34.0;
    }
    if let Some(rank) = &s.rank {
        c.text(x, ry, CELL.fill("#8a2b1b"), rank);
        width = width.max(text_width(rank, CELL.size));
        ry += ROW;
    }
    (width, ry - y)
}

/// The game's rounds, from 1 to the last.
pub struct Schedule {
    pub round: i64,
    /// The settlement phases: (round, letter).
    pub phases: Vec<(i64, String)>,
}

const ROUND_W: f64 = 19.0;

/// The rounds as a strip of numbered boxes, the current one dark and the settlement
/// phases lettered above theirs; top-left at (x, y). Returns the width and height.
pub fn schedule(c: &mut Canvas, s: &Schedule, x: f64, y: f64) -> (f64, f64) {
    let last = s
        .phases
        .iter()
        .map(|(r, _)| *r)
        .max()
        .unwrap_or(s.round)
        .max(s.round);
    for round in 1..=last {
        let bx = x + (round - 1) as f64 * ROUND_W;
        let phase = s.phases.iter().find(|(r, _)| *r == round);
        let (fill, ink) = match (round == s.round, round < s.round) {
            (true, _) => ("#5a2a73", "#fff"),
            (_, true) => ("#ddd", "#777"),
            _ if phase.is_some() => ("#f3d9a4", "#222"),
            _ => ("#fff", "#222"),
        };
        c.rect(
            bx,
            y + 14.0,
            ROUND_W - 2.0,
            17.0,
            &format!(r##"fill="{fill}" stroke="#999""##),
        );
        let mid = bx + (ROUND_W - 2.0) / 2.0;
        c.text(
            mid,
            y + 26.5,
            Font::new(9.0).middle().fill(ink),
            &round.to_string(),
        );
        if let Some((_, letter)) = phase {
            c.text(
                mid,
                y + 11.0,
                Font::new(11.0).middle().bold().fill("#8a2b1b"),
                letter,
            );
        }
    }
    (last as f64 * ROUND_W, 32.0)
}
