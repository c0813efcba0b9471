//! The small signs the picture repeats, each drawn one way wherever it appears (and in
//! the key): terrain, forest and moor, a card's economic and dwelling values, a
//! clergyman, the cloister band.

use super::draw::{Canvas, Font};
use crate::games::ora_et_labora::space::Terrain;

pub fn terrain_fill(t: Terrain) -> &'static str {
    match t {
        Terrain::Water => "#8fc1e3",
        Terrain::Coast => "#eadca8",
        Terrain::Plains => "#c9e3a4",
        Terrain::Hillside => "#d9bf85",
        Terrain::Mountain => "#aaa59b",
    }
}

/// How a card's name is written, on a landscape and on a card.
pub const CARD_NAME: Font = Font::new(11.0).middle().bold();

/// The purple of cloister buildings.
pub const CLOISTER: &str = "#7b4f9e";

/// How a settlement card is framed, on a landscape and in hand.
pub const SETTLEMENT_FRAME: &str = r##"fill="#fff4e4" stroke="#a8442c" stroke-width="2.5""##;

/// Trees on a space whose top-left is (x, y), `w` × `h`.
pub fn forest(c: &mut Canvas, x: f64, y: f64, w: f64, h: f64) {
    for i in 0..3 {
        let cx = x + w * (0.25 + 0.25 * i as f64);
        let base = y + h * if i == 1 { 0.62 } else { 0.72 };
        c.rect(cx - 2.0, base, 4.0, 7.0, r##"fill="#6b4a2b""##);
        let top = base - h * 0.42;
        c.polygon(
            &[(cx, top), (cx - w * 0.1, base), (cx + w * 0.1, base)],
            r##"fill="#2f6b2f""##,
        );
    }
}

/// Moor: a dark peat ground with tufts of grass.
pub fn moor(c: &mut Canvas, x: f64, y: f64, w: f64, h: f64) {
    c.rect(x, y, w, h, r##"fill="#7d6a55" stroke="#666""##);
    for i in 0..5 {
        let tx = x + w * (0.14 + 0.18 * i as f64);
        let ty = y + h * if i % 2 == 0 { 0.55 } else { 0.75 };
        for dx in [-3.0, 0.0, 3.0] {
            c.line(
                (tx, ty),
                (tx + dx, ty - 7.0),
                r##"stroke="#b9c46a" stroke-width="1.2""##,
            );
        }
    }
}

/// Waves on water, or a peak on a mountain, behind whatever stands there.
pub fn terrain_marks(c: &mut Canvas, t: Terrain, x: f64, y: f64, w: f64, h: f64) {
    match t {
        Terrain::Water => {
            for row in [0.3, 0.55, 0.8] {
                let wy = y + h * row;
                let step = w / 6.0;
                let points: Vec<(f64, f64)> = (0..6)
                    .flat_map(|i| {
                        let sx = x + step * i as f64;
                        [(sx + step * 0.25, wy - 2.0), (sx + step * 0.75, wy + 2.0)]
                    })
                    .collect();
                for pair in points.windows(2) {
                    c.line(pair[0], pair[1], r##"stroke="#5d9cc9" stroke-width="1""##);
                }
            }
        }
        Terrain::Mountain => c.polygon(
            &[
                (x + w * 0.1, y + h * 0.9),
                (x + w * 0.5, y + h * 0.15),
                (x + w * 0.9, y + h * 0.9),
            ],
            r##"fill="#8f897e""##,
        ),
        _ => {}
    }
}

/// A small square of the terrain's colour, `size` wide, top-left at (x, y).
pub fn terrain_chip(c: &mut Canvas, t: Terrain, x: f64, y: f64, size: f64) {
    c.rect(
        x,
        y,
        size,
        size,
        &format!(r##"fill="{}" stroke="#555""##, terrain_fill(t)),
    );
}

/// Radius of the value badges.
pub const BADGE: f64 = 9.0;

/// The economic value (points) at (cx, cy): a gold coin with the number.
pub fn points(c: &mut Canvas, cx: f64, cy: f64, value: i64) {
    c.circle(cx, cy, BADGE, r##"fill="#e8b923" stroke="#8a6d0b""##);
    c.text(
        cx,
        cy + 3.5,
        Font::new(10.0).middle().bold(),
        &value.to_string(),
    );
}

/// The dwelling value at (cx, cy): a house with the number.
pub fn dwelling(c: &mut Canvas, cx: f64, cy: f64, value: i64) {
    let r = BADGE;
    c.polygon(
        &[
            (cx - r, cy + r),
            (cx - r, cy - r * 0.2),
            (cx, cy - r),
            (cx + r, cy - r * 0.2),
            (cx + r, cy + r),
        ],
        r##"fill="#5b8fc7" stroke="#2d5b8a""##,
    );
    c.text(
        cx,
        cy + 5.5,
        Font::new(9.5).middle().bold().fill("#fff"),
        &value.to_string(),
    );
}

/// Whose clergy a token is: yours or the neutral player's.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Side {
    You,
    Neutral,
}

/// A clergyman's token at (cx, cy). A name ending in a digit is a lay brother, drawn as
/// a small disc with the digit ("lay1" → 1); any other (the prior) as a larger hooded
/// figure with its initial. Each shape is classed by kind (`prior`, `lay-brother`).
pub fn clergy(c: &mut Canvas, cx: f64, cy: f64, name: &str, side: Side) {
    let (dark, light) = match side {
        Side::You => ("#5a2a73", "#a0522d"),
        Side::Neutral => ("#333", "#777"),
    };
    match name.chars().last().filter(char::is_ascii_digit) {
        Some(digit) => {
            let style = format!(r##"fill="{light}" stroke="#fff" class="lay-brother""##);
            c.circle(cx, cy, 8.0, &style);
            c.text(
                cx,
                cy + 3.5,
                Font::new(10.0).middle().bold().fill("#fff"),
                &digit.to_string(),
            );
        }
        None => {
            c.polygon(
                &[
                    (cx - 10.0, cy + 11.0),
                    (cx - 8.0, cy - 4.0),
                    (cx, cy - 12.0),
                    (cx + 8.0, cy - 4.0),
                    (cx + 10.0, cy + 11.0),
                ],
                &format!(r##"fill="{dark}" stroke="#fff" class="prior""##),
            );
            let initial: String = name.chars().take(1).flat_map(char::to_uppercase).collect();
            c.text(
                cx,
                cy + 6.0,
                Font::new(11.0).middle().bold().fill("#fff"),
                &initial,
            );
        }
    }
}
