//! The key under the picture: what each sign means, and which abbreviated card name is
//! which.

use super::draw::{text_width, Canvas, Font};
use super::glyphs::{self, Side};
use crate::games::ora_et_labora::space::Terrain;

const TEXT: Font = Font::new(11.0);
/// Room for an entry's sign, left of its words.
const SIGN: f64 = 26.0;
const ROW: f64 = 26.0;

/// One entry: its sign drawn centred on a point, then its words.
type Sign = Box<dyn Fn(&mut Canvas, f64, f64)>;

fn entries() -> Vec<(Sign, String)> {
    let mut all: Vec<(Sign, String)> = vec![
        (
            Box::new(|c, x, y| glyphs::points(c, x, y, 5)),
            "economic value (points)".into(),
        ),
        (
            Box::new(|c, x, y| glyphs::dwelling(c, x, y, 3)),
            "dwelling value".into(),
        ),
        (
            Box::new(|c, x, y| {
                c.rect(
                    x - 10.0,
                    y - 4.0,
                    20.0,
                    7.0,
                    &format!(r#"fill="{}""#, glyphs::CLOISTER),
                )
            }),
            "cloister".into(),
        ),
        (
            Box::new(|c, x, y| c.rect(x - 10.0, y - 8.0, 20.0, 16.0, glyphs::SETTLEMENT_FRAME)),
            "settlement".into(),
        ),
        (
            Box::new(|c, x, y| glyphs::clergy(c, x, y, "prior", Side::You)),
            "your prior".into(),
        ),
        (
            Box::new(|c, x, y| glyphs::clergy(c, x, y, "lay1", Side::You)),
            "your lay brother 1".into(),
        ),
        (
            Box::new(|c, x, y| glyphs::clergy(c, x, y, "prior", Side::Neutral)),
            "neutral prior".into(),
        ),
        (
            Box::new(|c, x, y| glyphs::clergy(c, x, y, "lay2", Side::Neutral)),
            "neutral lay brother 2".into(),
        ),
    ];
    for t in Terrain::ALL {
        all.push((
            Box::new(move |c, x, y| glyphs::terrain_chip(c, t, x - 8.0, y - 8.0, 16.0)),
            t.name().into(),
        ));
    }
    all.push((
        Box::new(|c, x, y| {
            c.rect(
                x - 10.0,
                y - 10.0,
                20.0,
                20.0,
                &format!(r##"fill="{}""##, glyphs::terrain_fill(Terrain::Plains)),
            );
            glyphs::forest(c, x - 10.0, y - 10.0, 20.0, 20.0);
        }),
        "forest".into(),
    ));
    all.push((
        Box::new(|c, x, y| glyphs::moor(c, x - 10.0, y - 10.0, 20.0, 20.0)),
        "moor".into(),
    ));
    all
}

/// The key, top-left at (x, y), its entries flowing in rows within `max_width`, then
/// the abbreviations; returns the height drawn.
pub fn draw(
    c: &mut Canvas,
    abbreviations: &[(String, String)],
    x: f64,
    y: f64,
    max_width: f64,
) -> f64 {
    c.text(x, y + 16.0, Font::new(15.0).bold(), "Key");
    let (mut ex, mut ey) = (x, y + 42.0);
    for (sign, words) in entries() {
        let w = SIGN + text_width(&words, TEXT.size) + 18.0;
        if ex > x && ex + w > x + max_width {
            (ex, ey) = (x, ey + ROW);
        }
        sign(c, ex + 11.0, ey);
        c.text(ex + SIGN, ey + 4.0, TEXT, &words);
        ex += w;
    }
    ey += ROW;
    if !abbreviations.is_empty() {
        c.text(x, ey, TEXT.bold(), "Abbreviated names:");
        ey += 16.0;
        let lines: Vec<String> = abbreviations
            .iter()
            .map(|(short, full)| format!("{short} = {full}"))
            .collect();
        c.lines(x, ey, 15.0, TEXT, &lines);
        ey += lines.len() as f64 * 15.0;
    }
    ey - y
}
