//! A landscape as a grid of spaces under column numbers and beside row numbers (the
//! `col,row` a move names): each space in its terrain's colour, forests and moors drawn
//! as such, and a card on it named, with its economic and dwelling values, the
//! clergyman standing on it, and a settlement's value.

use super::draw::{Canvas, Font};
use super::glyphs::{self, Side};
use crate::games::ora_et_labora::cards::{Card, Cards};
use crate::games::ora_et_labora::landscape::{Landscape, Pos, Space};
use crate::games::ora_et_labora::space::Content;
use crate::games::ora_et_labora::table::TableData;

pub const CELL_W: f64 = 120.0;
pub const CELL_H: f64 = 84.0;
/// Room for the row numbers at the left and the column numbers above.
const GUTTER: f64 = 22.0;
const NAME: Font = glyphs::CARD_NAME;
const LEADING: f64 = 13.0;
/// Lines a name may take in a space, and how wide they may be.
const NAME_LINES: usize = 3;
pub const NAME_WIDTH: f64 = CELL_W - 14.0;

/// One landscape to draw and what it is drawn with.
pub struct Land<'a> {
    pub title: String,
    /// A line under the title (what the next landscape cards cost), or empty.
    pub note: String,
    pub landscape: &'a Landscape,
    pub side: Side,
    /// Moves to click (label, space) drawn over their spaces (the web table).
    pub targets: Vec<(String, Pos)>,
}

/// What the spaces' cards are looked up in: the cards, and the table for a settlement's
/// value (what empty spaces add to it).
#[derive(Clone, Copy)]
pub struct Lookup<'a> {
    pub cards: Option<&'a Cards>,
    pub table: Option<&'a TableData>,
}

impl Lookup<'_> {
    fn card(&self, id: &str) -> Option<&Card> {
        self.cards.and_then(|c| c.get(id))
    }

    fn settlement_value(&self, l: &Landscape, pos: Pos) -> Option<i64> {
        let (cards, table) = (self.cards?, self.table?);
        l.settlement_value(pos, &|id| cards.dwelling(id), &|t| table.empty_dwelling(t))
            .ok()
    }
}

/// The width `l` is drawn in (with its row numbers).
pub fn width(l: &Landscape) -> f64 {
    let cols: Vec<i32> = l.spaces().map(|((col, _), _)| col).collect();
    match (cols.iter().min(), cols.iter().max()) {
        (Some(left), Some(right)) => GUTTER + (right - left + 1) as f64 * CELL_W,
        _ => 0.0,
    }
}

/// Draws `land` with its title, top-left at (x, y); returns its width and height.
pub fn draw(c: &mut Canvas, land: &Land, look: Lookup, x: f64, y: f64) -> (f64, f64) {
    let l = land.landscape;
    c.text(x, y + 16.0, Font::new(15.0).bold(), &land.title);
    let title_h = if land.note.is_empty() { 26.0 } else { 42.0 };
    c.text(x, y + 34.0, Font::new(11.0).fill("#555"), &land.note);
    let (top_row, bottom_row) = l.rows();
    let cols: Vec<i32> = l.spaces().map(|((col, _), _)| col).collect();
    let (Some(&left), Some(&right)) = (cols.iter().min(), cols.iter().max()) else {
        c.text(x, y + title_h + 12.0, Font::new(12.0), "(no spaces)");
        return (0.0, title_h + 16.0);
    };
    let grid_x = x + GUTTER;
    let grid_y = y + title_h + GUTTER;
    let number = Font::new(11.0).middle().fill("#555");
    for col in left..=right {
        let cx = grid_x + (col - left) as f64 * CELL_W + CELL_W / 2.0;
        c.text(cx, grid_y - 7.0, number, &col.to_string());
    }
    for row in top_row..=bottom_row {
        let cy = grid_y + (row - top_row) as f64 * CELL_H + CELL_H / 2.0;
        c.text(x + GUTTER / 2.0, cy + 4.0, number, &row.to_string());
    }
    for (pos, space) in l.spaces() {
        let sx = grid_x + (pos.0 - left) as f64 * CELL_W;
        let sy = grid_y + (pos.1 - top_row) as f64 * CELL_H;
        draw_space(c, land, look, pos, space, (sx, sy));
        let h = CELL_H * space.span as f64;
        c.targets_on(
            &land.targets,
            &pos,
            (sx + 3.0, sy + 3.0, CELL_W - 6.0, h - 6.0),
        );
    }
    let width = width(l);
    let height = grid_y - y + (bottom_row - top_row + 1) as f64 * CELL_H;
    (width, height)
}

fn draw_space(c: &mut Canvas, land: &Land, look: Lookup, pos: Pos, s: &Space, (x, y): (f64, f64)) {
    let (w, h) = (CELL_W, CELL_H * s.span as f64);
    let fill = glyphs::terrain_fill(s.terrain);
    c.rect(x, y, w, h, &format!(r##"fill="{fill}" stroke="#666""##));
    glyphs::terrain_marks(c, s.terrain, x, y, w, h);
    let caption = Font::new(10.0).middle().fill("#333");
    match &s.content {
        Content::Empty => c.text(x + w / 2.0, y + h / 2.0 + 4.0, caption, s.terrain.name()),
        Content::Forest => {
            glyphs::forest(c, x, y + 10.0, w, h - 10.0);
            c.text(x + w / 2.0, y + 13.0, caption, "forest");
        }
        Content::Moor => {
            glyphs::moor(c, x, y, w, h);
            c.text(x + w / 2.0, y + 13.0, caption.fill("#fff"), "moor");
        }
        Content::Building(id) | Content::Settlement(id) => {
            let settlement = matches!(s.content, Content::Settlement(_));
            card(c, look.card(id), id, settlement, (x, y, w, h));
            let bottom = y + h - 16.0;
            if settlement {
                if let Some(v) = look.settlement_value(land.landscape, pos) {
                    let font = Font::new(10.0).middle().bold().fill("#8a2b1b");
                    c.text(x + w / 2.0, bottom + 4.0, font, &format!("scores {v}"));
                }
            }
            if let Some(who) = land.landscape.clergy_at(pos) {
                glyphs::clergy(c, x + w / 2.0, bottom, who, land.side);
            }
        }
    }
}

/// A card lying on a space: a panel with the cloister band, the name, and the values at
/// the bottom corners (a settlement framed in red); an unknown id is written as it is.
fn card(
    c: &mut Canvas,
    card: Option<&Card>,
    id: &str,
    settlement: bool,
    (x, y, w, h): (f64, f64, f64, f64),
) {
    let frame = if settlement {
        glyphs::SETTLEMENT_FRAME
    } else {
        r##"fill="#fffdf6" stroke="#777""##
    };
    c.rect(x + 4.0, y + 4.0, w - 8.0, h - 8.0, frame);
    let Some(card) = card else {
        c.text(x + w / 2.0, y + h / 2.0, NAME, id);
        return;
    };
    c.titled(&super::cards::about(card), |c| face(c, card, (x, y, w, h)));
}

fn face(c: &mut Canvas, card: &Card, (x, y, w, h): (f64, f64, f64, f64)) {
    if card.cloister {
        c.rect(
            x + 4.0,
            y + 4.0,
            w - 8.0,
            6.0,
            &format!(r#"fill="{}""#, glyphs::CLOISTER),
        );
    }
    let lines = c.card_name(&card.name, NAME_WIDTH, NAME, NAME_LINES);
    // The name is centred in the space above the values.
    let room = h - 8.0 - 32.0;
    let first = y + 10.0 + (room - LEADING * lines.len() as f64) / 2.0 + NAME.size;
    c.lines(x + w / 2.0, first, LEADING, NAME, &lines);
    let bottom = y + h - 16.0;
    glyphs::points(c, x + 16.0, bottom, card.economic);
    glyphs::dwelling(c, x + w - 16.0, bottom, card.dwelling);
}
