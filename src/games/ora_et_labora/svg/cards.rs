//! Cards off the landscapes, as cards: the display and the settlements in hand, each
//! with its name, cost, where it may stand, and its economic and dwelling values.

use super::draw::{Canvas, Font};
use super::glyphs;
use crate::games::ora_et_labora::cards::{Card, Cards};
use std::collections::BTreeMap;

pub const CARD_W: f64 = 128.0;
const CARD_H: f64 = 124.0;
const GAP: f64 = 10.0;
/// How wide a card's name and words may be.
pub const NAME_WIDTH: f64 = CARD_W - 12.0;
const NAME: Font = glyphs::CARD_NAME;
const FRAME: &str = r##"fill="#fffaf0" stroke="#8a7a5a""##;
const SMALL: Font = Font::new(9.5).middle().fill("#444");

/// `items` joined with ", " into lines of at most `width` characters (a line broken
/// after its comma).
fn joined(items: &[String], width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for item in items {
        match lines.last_mut() {
            // Room for the item, and for the comma should the next one not fit.
            Some(line) if line.chars().count() + 3 + item.chars().count() <= width => {
                line.push_str(", ");
                line.push_str(item);
            }
            Some(line) => {
                line.push(',');
                lines.push(item.clone());
            }
            None => lines.push(item.clone()),
        }
    }
    lines
}

/// A row of cards under `title`, wrapped to stay within `max_width`, top-left at (x, y);
/// returns the width and height drawn. Ids that are not cards are drawn as their ids.
/// The moves of `targets` (label, card id) are drawn over their cards; `costs` words
/// each card's cost, by id.
pub fn row(
    c: &mut Canvas,
    (title, ids, targets): (&str, &[String], &[(String, String)]),
    cards: Option<&Cards>,
    costs: &BTreeMap<String, String>,
    (x, y, max_width): (f64, f64, f64),
) -> (f64, f64) {
    c.text(x, y + 16.0, Font::new(15.0).bold(), title);
    if ids.is_empty() {
        c.text(x, y + 40.0, Font::new(12.0).fill("#555"), "none");
        return (0.0, 46.0);
    }
    let per_row = (((max_width + GAP) / (CARD_W + GAP)).floor() as usize).max(1);
    for (i, id) in ids.iter().enumerate() {
        let cx = x + (i % per_row) as f64 * (CARD_W + GAP);
        let cy = y + 26.0 + (i / per_row) as f64 * (CARD_H + GAP);
        let cost = costs.get(id).map(String::as_str);
        card(c, id, cards.and_then(|all| all.get(id)), cost, (cx, cy));
        c.targets_on(targets, id, (cx, cy, CARD_W, CARD_H));
    }
    let rows = ids.len().div_ceil(per_row);
    let width = ids.len().min(per_row) as f64 * (CARD_W + GAP) - GAP;
    (width, 26.0 + rows as f64 * (CARD_H + GAP) - GAP)
}

fn card(c: &mut Canvas, id: &str, card: Option<&Card>, cost: Option<&str>, (x, y): (f64, f64)) {
    let mid = x + CARD_W / 2.0;
    let Some(card) = card else {
        c.rect(x, y, CARD_W, CARD_H, FRAME);
        c.text(mid, y + 24.0, NAME, id);
        return;
    };
    c.titled(&about(card), |c| face(c, card, cost, (x, y)));
}

/// What a viewer shows on pointing at a card: its name and function.
pub fn about(card: &Card) -> String {
    format!("{}: {}", card.name, card.function)
}

/// The card's face; without the rules' words for its cost, none is written.
fn face(c: &mut Canvas, card: &Card, cost: Option<&str>, (x, y): (f64, f64)) {
    let mid = x + CARD_W / 2.0;
    let frame = if card.kind == "settlement" {
        glyphs::SETTLEMENT_FRAME
    } else {
        FRAME
    };
    c.rect(x, y, CARD_W, CARD_H, &format!(r#"{frame} rx="5""#));
    if card.cloister {
        c.rect(
            x,
            y,
            CARD_W,
            13.0,
            &format!(r#"fill="{}" rx="5""#, glyphs::CLOISTER),
        );
        c.text(
            mid,
            y + 10.0,
            Font::new(9.0).middle().fill("#fff"),
            "cloister",
        );
    }
    let width = NAME_WIDTH;
    let name = c.card_name(&card.name, width, NAME, 2);
    c.lines(mid, y + 28.0, 13.0, NAME, &name);
    let chars = SMALL.chars_in(width);
    let words: Vec<String> = cost
        .into_iter()
        .flat_map(|t| t.split(", "))
        .map(String::from)
        .collect();
    let mut lines = joined(&words, chars);
    lines.truncate(2);
    let cost_y = y + 58.0;
    c.lines(mid, cost_y, 12.0, SMALL.fill("#222"), &lines);
    let terrain: Vec<String> = card.terrain.iter().map(|t| t.name().to_owned()).collect();
    c.lines(
        mid,
        y + 86.0,
        11.0,
        SMALL.fill("#6a6a6a"),
        &joined(&terrain, chars),
    );
    let bottom = y + CARD_H - 14.0;
    glyphs::points(c, x + 16.0, bottom, card.economic);
    glyphs::dwelling(c, x + CARD_W - 16.0, bottom, card.dwelling);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_break_after_a_comma() {
        let items: Vec<String> = ["2 clay", "3 wood", "1 straw"].map(String::from).to_vec();
        assert_eq!(joined(&items, 15), ["2 clay, 3 wood,", "1 straw"]);
        assert_eq!(joined(&items, 14), ["2 clay,", "3 wood,", "1 straw"]);
        assert_eq!(joined(&items, 40), ["2 clay, 3 wood, 1 straw"]);
    }
}
