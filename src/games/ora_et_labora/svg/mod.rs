//! An SVG picture of an Ora et Labora table, laid out as a player sets it: the game and
//! its round on top, then the production wheel, the goods and the score; the display
//! and the settlements in hand as cards; the landscapes (yours, the neutral player's);
//! and a key. Simple shapes and text only, so any viewer shows it. The document's size is
//! what is drawn plus a margin (`draw::Canvas`).

mod cards;
mod draw;
mod glyphs;
mod key;
mod landscape;
mod panels;
mod wheel;

pub use glyphs::Side;
pub use landscape::Land;
pub use panels::{Schedule, Score};

use super::cards::Cards;
use super::goods::Goods;
use super::table::TableData;
use super::wheel::Wheel;
use draw::{text_width, Canvas, Font};
use std::collections::BTreeMap;

/// What to draw; every part is optional.
#[derive(Default)]
pub struct SvgParts<'a> {
    /// Lines at the top: the game, its round and phase, how it stands.
    pub title: Vec<String>,
    pub schedule: Option<Schedule>,
    pub wheel: Option<&'a Wheel>,
    pub goods: Option<&'a Goods>,
    pub score: Option<Score>,
    /// Where card ids are looked up (without it, ids are drawn as they are).
    pub cards: Option<&'a Cards>,
    /// The landscape table, for what empty spaces add to a settlement's value.
    pub table: Option<&'a TableData>,
    /// The display's card ids.
    pub display: Vec<String>,
    /// The settlement cards in hand.
    pub hand: Vec<String>,
    /// Each card's cost as the rules word it, by card id.
    pub costs: BTreeMap<String, String>,
    /// Moves to click (label, card id) drawn over the cards of the display and the hand.
    pub card_targets: Vec<(String, String)>,
    pub landscapes: Vec<Land<'a>>,
}

const MARGIN: f64 = 16.0;
const GAP: f64 = 24.0;
/// The narrowest the rows of cards are laid in.
const MIN_WIDTH: f64 = 8.0 * (cards::CARD_W + 10.0);

/// An indicator's name as the goods call it: the good it produces ("sheep" →
/// "livestock"), or the indicator's own name (the joker).
fn indicator_name(goods: Option<&Goods>, indicator: &str) -> String {
    goods
        .and_then(|g| {
            let t = g.table();
            (0..t.len())
                .map(|i| t.def(i))
                .find(|d| d.wheel == indicator)
                .map(|d| d.name.clone())
        })
        .unwrap_or_else(|| indicator.to_owned())
}

/// The title lines, the status and the rounds; returns the height drawn.
fn header(c: &mut Canvas, p: &SvgParts, x: f64, y: f64) -> f64 {
    let mut ty = y;
    for (i, line) in p.title.iter().enumerate() {
        let font = if i == 0 {
            Font::new(18.0).bold()
        } else {
            Font::new(13.0)
        };
        ty += font.size + 6.0;
        c.text(x, ty, font, line);
    }
    if let Some(s) = &p.schedule {
        ty += 8.0;
        c.text(x, ty + 26.5, Font::new(11.0).fill("#555"), "rounds");
        ty += panels::schedule(c, s, x + text_width("rounds", 11.0) + 8.0, ty).1;
    }
    ty - y
}

/// The whole picture as an SVG document.
pub fn svg(p: &SvgParts) -> String {
    let mut c = Canvas::default();
    let x = MARGIN;
    let mut y = MARGIN + header(&mut c, p, x, MARGIN) + GAP;
    // The wheel, the goods and the score side by side.
    let mut rx = x;
    let mut row_h: f64 = 0.0;
    let mut place = |size: (f64, f64), rx: &mut f64| {
        *rx += size.0 + 2.0 * GAP;
        row_h = row_h.max(size.1);
    };
    if let Some(w) = p.wheel {
        let name = |i: &str| indicator_name(p.goods, i);
        place(wheel::draw(&mut c, w, &name, rx, y), &mut rx);
    }
    if let Some(g) = p.goods {
        place(panels::goods(&mut c, g, rx, y), &mut rx);
    }
    if let Some(s) = &p.score {
        place(panels::score(&mut c, s, rx, y), &mut rx);
    }
    if row_h > 0.0 {
        y += row_h + GAP;
    }
    let width = p
        .landscapes
        .iter()
        .map(|l| landscape::width(l.landscape))
        .fold(MIN_WIDTH.max(rx - x - 2.0 * GAP), f64::max);
    let n = p.display.len();
    let rows = [
        (
            format!("Display ({n} building{})", if n == 1 { "" } else { "s" }),
            &p.display,
        ),
        ("Settlements in hand".to_owned(), &p.hand),
    ];
    for (title, ids) in rows {
        if p.cards.is_some() || !ids.is_empty() {
            let row = (title.as_str(), ids.as_slice(), p.card_targets.as_slice());
            y += cards::row(&mut c, row, p.cards, &p.costs, (x, y, width)).1 + GAP;
        }
    }
    let look = landscape::Lookup {
        cards: p.cards,
        table: p.table,
    };
    for land in &p.landscapes {
        y += landscape::draw(&mut c, land, look, x, y).1 + GAP;
    }
    let abbreviations = std::mem::take(&mut c.abbreviations);
    key::draw(&mut c, &abbreviations, x, y, width);
    c.finish(MARGIN)
}

#[cfg(test)]
mod tests {
    use super::super::cards::tests::{cards, CARDS_FILE};
    use super::super::landscape::tests::heartland;
    use super::super::space::Content;
    use super::*;

    #[test]
    fn every_card_name_fits_its_space_and_its_card_whole() {
        let mut c = Canvas::default();
        for card in cards().all() {
            let name = glyphs::CARD_NAME;
            let in_space = c.card_name(&card.name, landscape::NAME_WIDTH, name, 3);
            let on_card = c.card_name(&card.name, cards::NAME_WIDTH, name, 2);
            assert_eq!(in_space.join(" "), card.name);
            assert_eq!(on_card.join(" "), card.name);
        }
        assert_eq!(c.abbreviations, []);
    }

    #[test]
    fn a_name_too_long_for_its_space_is_abbreviated_and_keyed() {
        let long = "Priory of the Unusually Long-Winded Brethren";
        let file = CARDS_FILE.replace("name = \"Priory\"", &format!("name = \"{long}\""));
        let all = Cards::from_toml_str(&file).unwrap();
        let id = &all.by_name(long).unwrap().id;
        let mut l = heartland();
        l.place((3, 0), Content::Building(id.clone())).unwrap();
        let parts = SvgParts {
            cards: Some(&all),
            display: vec![id.clone()],
            landscapes: vec![Land {
                title: "Yours".into(),
                note: String::new(),
                landscape: &l,
                side: Side::You,
                targets: vec![],
            }],
            ..SvgParts::default()
        };
        let doc = svg(&parts);
        assert!(doc.contains(">Abbreviated names:<"), "{doc}");
        let keyed: Vec<&str> = doc.matches(&format!(" = {long}<")).collect();
        assert_eq!(
            keyed.len(),
            2,
            "one key line for the space, one for the card"
        );
        assert!(!doc.contains(&format!(">{long}<")));
    }
}
