//! An SVG picture of an Ora et Labora table: the production wheel, the goods held, the
//! display, and any number of landscapes (the player's, the neutral player's). Simple
//! shapes and text only, so any viewer shows it.

use super::goods::Goods;
use super::landscape::Landscape;
use super::render::clergy_mark;
use super::space::{Content, Terrain};
use super::wheel::Wheel;
use std::fmt::Write;

/// What to draw; every part is optional.
#[derive(Default)]
pub struct SvgParts<'a> {
    pub wheel: Option<&'a Wheel>,
    pub goods: Option<&'a Goods>,
    /// Lines for the display (building names or ids).
    pub display: Vec<String>,
    /// Each landscape with its title.
    pub landscapes: Vec<(String, &'a Landscape)>,
    /// Lines written at the top (variant, round, score…).
    pub legend: Vec<String>,
}

const CELL_W: i32 = 64;
const CELL_H: i32 = 44;
const WHEEL_R: f64 = 100.0;

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn fill(t: Terrain) -> &'static str {
    match t {
        Terrain::Water => "#9cc9e8",
        Terrain::Coast => "#e8dcae",
        Terrain::Plains => "#c5e0a0",
        Terrain::Hillside => "#d6c08a",
        Terrain::Mountain => "#a9a49a",
    }
}

fn text(out: &mut String, x: f64, y: f64, size: i32, anchor: &str, body: &str) {
    let _ = writeln!(
        out,
        r#"<text x="{x:.1}" y="{y:.1}" font-size="{size}" text-anchor="{anchor}" font-family="sans-serif">{}</text>"#,
        escape(body)
    );
}

/// The wheel centred at (cx, cy): values around the rim (by steps from the beam, which
/// points up) and each indicator's name at its place.
fn wheel(out: &mut String, w: &Wheel, cx: f64, cy: f64) {
    let n = w.values().len() as f64;
    let _ = writeln!(
        out,
        r##"<circle cx="{cx}" cy="{cy}" r="{WHEEL_R}" fill="#f4efe1" stroke="#555"/>"##
    );
    let _ = writeln!(
        out,
        r##"<line x1="{cx}" y1="{cy}" x2="{cx}" y2="{:.1}" stroke="#333" stroke-width="3"/>"##,
        cy - WHEEL_R - 8.0
    );
    let at = |steps: f64, r: f64| {
        let angle = -std::f64::consts::FRAC_PI_2 - steps * std::f64::consts::TAU / n;
        (cx + r * angle.cos(), cy + r * angle.sin())
    };
    for (steps, value) in w.values().iter().enumerate() {
        let (x, y) = at(steps as f64, WHEEL_R - 12.0);
        text(out, x, y + 4.0, 12, "middle", &value.to_string());
    }
    let amounts = w.amounts();
    for (k, (name, _)) in amounts.iter().enumerate() {
        let steps = w.steps(name).unwrap_or(0) as f64;
        // Indicators on the same space are stacked inwards.
        let same = amounts[..k]
            .iter()
            .filter(|(o, _)| w.steps(o).unwrap_or(0) as f64 == steps)
            .count();
        let (x, y) = at(steps, WHEEL_R - 32.0 - 12.0 * same as f64);
        text(out, x, y + 4.0, 10, "middle", name);
    }
    text(
        out,
        cx,
        cy + WHEEL_R + 20.0,
        12,
        "middle",
        &format!("beam {}", w.beam()),
    );
}

/// A landscape with its top-left corner at (x, y); returns its height.
fn landscape(out: &mut String, title: &str, l: &Landscape, x: i32, y: i32) -> i32 {
    text(out, x as f64, y as f64 + 14.0, 14, "start", title);
    let top = y + 24;
    let (first_row, last_row) = l.rows();
    let left = l.spaces().map(|((c, _), _)| c).min().unwrap_or(0);
    for ((c, r), s) in l.spaces() {
        let sx = x + (c - left) * CELL_W;
        let sy = top + (r - first_row) * CELL_H;
        let h = CELL_H * s.span as i32;
        let _ = writeln!(
            out,
            r##"<rect x="{sx}" y="{sy}" width="{CELL_W}" height="{h}" fill="{}" stroke="#666"/>"##,
            fill(s.terrain)
        );
        let label = match &s.content {
            Content::Empty => String::new(),
            Content::Forest => "forest".into(),
            Content::Moor => "moor".into(),
            Content::Building(id) => id.clone(),
            Content::Settlement(id) => format!("[{id}]"),
        };
        let mid = sx as f64 + CELL_W as f64 / 2.0;
        text(
            out,
            mid,
            sy as f64 + h as f64 / 2.0 + 4.0,
            12,
            "middle",
            &label,
        );
        if let Some(who) = l.clergy_at((c, r)) {
            let _ = writeln!(
                out,
                r##"<circle cx="{}" cy="{}" r="8" fill="#7a3b8f"/>"##,
                sx + CELL_W - 10,
                sy + 10
            );
            let mark = clergy_mark(who);
            let _ = writeln!(
                out,
                r##"<text x="{}" y="{}" font-size="10" text-anchor="middle" fill="#fff" font-family="sans-serif">{}</text>"##,
                sx + CELL_W - 10,
                sy + 14,
                escape(&mark)
            );
        }
    }
    24 + (last_row - first_row + 1).max(0) * CELL_H
}

/// The whole picture as an SVG document.
pub fn svg(parts: &SvgParts) -> String {
    let mut body = String::new();
    let mut y = 10.0;
    for line in &parts.legend {
        y += 18.0;
        text(&mut body, 10.0, y, 14, "start", line);
    }
    let top = y + 20.0;
    if let Some(w) = parts.wheel {
        wheel(&mut body, w, 10.0 + WHEEL_R + 10.0, top + WHEEL_R + 10.0);
    }
    let mut ty = top + 16.0;
    let tx = 2.0 * WHEEL_R + 50.0;
    if let Some(g) = parts.goods {
        text(&mut body, tx, ty, 14, "start", &format!("Goods: {g}"));
        ty += 22.0;
    }
    if !parts.display.is_empty() {
        text(&mut body, tx, ty, 14, "start", "Display:");
        for line in &parts.display {
            ty += 16.0;
            text(&mut body, tx + 12.0, ty, 12, "start", line);
        }
    }
    let mut y = (top + 2.0 * WHEEL_R + 50.0).max(ty + 20.0) as i32;
    for (title, l) in &parts.landscapes {
        y += landscape(&mut body, title, l, 10, y) + 20;
    }
    let width = 760;
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{y}\" viewBox=\"0 0 {width} {y}\">\n<rect width=\"100%\" height=\"100%\" fill=\"#fffdf6\"/>\n{body}</svg>\n"
    )
}

#[cfg(test)]
mod tests {
    use super::super::goods::tests::goods;
    use super::super::landscape::tests::heartland;
    use super::*;

    /// Tags open and close in order, attributes are quoted, text has no bare `<` or `&`.
    fn well_formed(doc: &str) -> Result<(), String> {
        let mut stack: Vec<String> = Vec::new();
        let mut rest = doc;
        while let Some(start) = rest.find('<') {
            let between = &rest[..start];
            if between.contains('&') && !between.contains(';') {
                return Err(format!("bare & in {between:?}"));
            }
            let end = rest[start..].find('>').ok_or("unclosed tag")? + start;
            let tag = &rest[start + 1..end];
            if tag.matches('"').count() % 2 != 0 {
                return Err(format!("unbalanced quotes in <{tag}>"));
            }
            if let Some(name) = tag.strip_prefix('/') {
                if stack.pop().as_deref() != Some(name) {
                    return Err(format!("</{name}> closes nothing open"));
                }
            } else if !tag.ends_with('/') && !tag.starts_with('?') {
                stack.push(tag.split_whitespace().next().unwrap_or("").to_owned());
            }
            rest = &rest[end + 1..];
        }
        if stack.is_empty() {
            Ok(())
        } else {
            Err(format!("left open: {stack:?}"))
        }
    }

    #[test]
    fn the_checker_catches_broken_documents() {
        assert!(well_formed("<a><b/></a>").is_ok());
        assert!(well_formed("<a><b></a>").is_err());
        assert!(well_formed("<a x=\"1></a>").is_err());
        assert!(well_formed("<a>&</a>").is_err());
    }

    #[test]
    fn a_table_in_svg() {
        let values = vec![0, 2, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 10];
        let mut w = Wheel::new(values, &["wood".to_string(), "joker".to_string()]).unwrap();
        w.rotate(true);
        w.take("wood").unwrap();
        let mut l = heartland();
        l.place_clergy((4, 1), "lay1").unwrap();
        let g = goods(&[("wood", 2), ("coin", 3)]);
        let parts = SvgParts {
            wheel: Some(&w),
            goods: Some(&g),
            display: vec!["Priory & Co <G01>".into()],
            landscapes: vec![("You".into(), &l), ("Neutral".into(), &l)],
            legend: vec!["ora-et-labora-solo, seed 1".into()],
        };
        let doc = svg(&parts);
        assert_eq!(well_formed(&doc), Ok(()));
        assert!(doc.contains("Priory &amp; Co &lt;G01&gt;"));
        assert!(doc.contains(">L3<") && doc.contains(">1</text>"));
        assert!(doc.contains(">joker<") && doc.contains("beam 1"));
        assert!(doc.contains("Goods: 2 wood, 3 coins"));
        assert_eq!(doc.matches("<rect").count(), 1 + 2 * 10);
        assert_eq!(well_formed(&svg(&SvgParts::default())), Ok(()));
    }
}
