//! The drawing surface: SVG elements written into a buffer that keeps the box of
//! everything drawn, so the document's size is that box plus a margin and nothing is cut
//! at the edges. Text extents are estimated (no font is measured): `text_width`.

use super::super::names;
use std::fmt::Write;

/// Width of a character, in font sizes: a little over DejaVu Sans' average, so the
/// estimate errs wide for any common sans-serif font; bold letters are wider.
const CHAR_EM: f64 = 0.6;
const BOLD_EM: f64 = 0.66;

/// The estimated width of `text` at font size `size` (not bold).
pub fn text_width(text: &str, size: f64) -> f64 {
    Font::new(size).width(text)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// How a piece of text is set: size, anchor (`start`, `middle`, `end`), weight, colour,
/// and a class naming what it is (the tests find the wheel's labels by it).
#[derive(Clone, Copy)]
pub struct Font {
    pub size: f64,
    pub anchor: &'static str,
    pub bold: bool,
    pub fill: &'static str,
    pub class: Option<&'static str>,
}

impl Font {
    pub const fn new(size: f64) -> Font {
        Font {
            size,
            anchor: "start",
            bold: false,
            fill: "#222",
            class: None,
        }
    }

    pub const fn middle(self) -> Font {
        Font {
            anchor: "middle",
            ..self
        }
    }

    pub const fn end(self) -> Font {
        Font {
            anchor: "end",
            ..self
        }
    }

    pub const fn bold(self) -> Font {
        Font { bold: true, ..self }
    }

    pub const fn fill(self, fill: &'static str) -> Font {
        Font { fill, ..self }
    }

    pub const fn class(self, class: &'static str) -> Font {
        Font {
            class: Some(class),
            ..self
        }
    }

    fn char_width(&self) -> f64 {
        self.size * if self.bold { BOLD_EM } else { CHAR_EM }
    }

    /// The estimated width of `text`.
    pub fn width(&self, text: &str) -> f64 {
        text.chars().count() as f64 * self.char_width()
    }

    /// How many characters fit in `width`.
    pub fn chars_in(&self, width: f64) -> usize {
        (width / self.char_width()).floor().max(1.0) as usize
    }

    /// The left and right edges of `text` set at `x`.
    pub fn span(&self, x: f64, text: &str) -> (f64, f64) {
        let w = self.width(text);
        match self.anchor {
            "middle" => (x - w / 2.0, x + w / 2.0),
            "end" => (x - w, x),
            _ => (x, x + w),
        }
    }
}

/// The SVG being drawn, the box it covers, and the card names abbreviated on the way.
#[derive(Default)]
pub struct Canvas {
    body: String,
    right: f64,
    bottom: f64,
    /// (abbreviation, full name), each once, in the order met.
    pub abbreviations: Vec<(String, String)>,
}

impl Canvas {
    fn cover(&mut self, right: f64, bottom: f64) {
        self.right = self.right.max(right);
        self.bottom = self.bottom.max(bottom);
    }

    /// Text with its baseline at `y`.
    pub fn text(&mut self, x: f64, y: f64, font: Font, body: &str) {
        if body.is_empty() {
            return;
        }
        let weight = if font.bold {
            r#" font-weight="bold""#
        } else {
            ""
        };
        let class = font
            .class
            .map(|c| format!(r#" class="{c}""#))
            .unwrap_or_default();
        let _ = writeln!(
            self.body,
            r#"<text x="{x:.1}" y="{y:.1}" font-size="{}" text-anchor="{}" fill="{}" font-family="sans-serif"{weight}{class}>{}</text>"#,
            font.size,
            font.anchor,
            font.fill,
            escape(body)
        );
        let (_, right) = font.span(x, body);
        self.cover(right, y + font.size * 0.3);
    }

    /// Lines of text, the first baseline at `y`, `leading` apart.
    pub fn lines(&mut self, x: f64, y: f64, leading: f64, font: Font, lines: &[String]) {
        for (i, line) in lines.iter().enumerate() {
            self.text(x, y + i as f64 * leading, font, line);
        }
    }

    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, style: &str) {
        let _ = writeln!(
            self.body,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" {style}/>"#
        );
        self.cover(x + w, y + h);
    }

    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, style: &str) {
        let _ = writeln!(
            self.body,
            r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" {style}/>"#
        );
        self.cover(cx + r, cy + r);
    }

    pub fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), style: &str) {
        let _ = writeln!(
            self.body,
            r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" {style}/>"#
        );
        self.cover(x1.max(x2), y1.max(y2));
    }

    /// A closed shape through `points`.
    pub fn polygon(&mut self, points: &[(f64, f64)], style: &str) {
        let list: Vec<String> = points
            .iter()
            .map(|(x, y)| format!("{x:.1},{y:.1}"))
            .collect();
        let _ = writeln!(
            self.body,
            r#"<polygon points="{}" {style}/>"#,
            list.join(" ")
        );
        for &(x, y) in points {
            self.cover(x, y);
        }
    }

    /// A move to click (the web table): a box over what it names, carrying its label.
    pub fn target(&mut self, label: &str, (x, y, w, h): (f64, f64, f64, f64)) {
        let label = escape(label);
        let _ = writeln!(
            self.body,
            r##"<g class="move" data-move="{label}"><title>{label}</title><rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" fill="#ffd54a" fill-opacity="0.12" stroke="#c98a00" stroke-width="2.5" stroke-dasharray="6 3"/></g>"##
        );
        self.cover(x + w, y + h);
    }

    /// The moves of `targets` naming `what`, each a box over `area`: several share it
    /// as bands, top to bottom.
    pub fn targets_on<T: PartialEq>(
        &mut self,
        targets: &[(String, T)],
        what: &T,
        (x, y, w, h): (f64, f64, f64, f64),
    ) {
        let mine: Vec<&String> = targets
            .iter()
            .filter(|(_, t)| t == what)
            .map(|(label, _)| label)
            .collect();
        let band = h / mine.len().max(1) as f64;
        for (i, label) in mine.into_iter().enumerate() {
            self.target(label, (x, y + i as f64 * band, w, band));
        }
    }

    /// What `draw` draws, as one group with a `title` that viewers show on pointing.
    pub fn titled(&mut self, title: &str, draw: impl FnOnce(&mut Canvas)) {
        let _ = writeln!(self.body, "<g><title>{}</title>", escape(title));
        draw(self);
        self.body.push_str("</g>\n");
    }

    /// A card's name as lines of `font` for a box `width` wide and `lines` high,
    /// abbreviated when it must be (and the abbreviation kept for the key).
    pub fn card_name(&mut self, name: &str, width: f64, font: Font, lines: usize) -> Vec<String> {
        let (fitted, cut) = names::fit(name, font.chars_in(width), lines);
        if cut {
            let short = fitted.join(" ");
            if !self.abbreviations.iter().any(|(s, _)| *s == short) {
                self.abbreviations.push((short, name.to_owned()));
            }
        }
        fitted
    }

    /// The document: everything drawn on a plain background, `margin` beyond its box.
    pub fn finish(self, margin: f64) -> String {
        let width = (self.right + margin).ceil();
        let height = (self.bottom + margin).ceil();
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\n<rect width=\"100%\" height=\"100%\" fill=\"#fffdf6\"/>\n{}</svg>\n",
            self.body
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_document_covers_what_is_drawn() {
        let mut c = Canvas::default();
        c.text(10.0, 20.0, Font::new(10.0), "0123456789");
        c.rect(0.0, 0.0, 50.0, 40.0, r##"fill="#fff""##);
        let doc = c.finish(5.0);
        assert!(doc.contains(r#"viewBox="0 0 75 45""#), "{doc}");
        assert_eq!(Font::new(10.0).end().span(100.0, "abcde"), (70.0, 100.0));
        assert!(Font::new(10.0).bold().width("abcde") > text_width("abcde", 10.0));
    }

    #[test]
    fn names_cut_to_fit_are_remembered_once() {
        let mut c = Canvas::default();
        let font = Font::new(10.0).bold();
        let width = font.width("Whiskey");
        assert_eq!(c.card_name("Priory", width, font, 1), ["Priory"]);
        for _ in 0..2 {
            let lines = c.card_name("Whiskey Distillery", width, font, 2);
            assert_eq!(lines, ["Whiskey", "Distil."]);
        }
        let key = (
            "Whiskey Distil.".to_owned(),
            "Whiskey Distillery".to_owned(),
        );
        assert_eq!(c.abbreviations, [key]);
        c.text(0.0, 10.0, Font::new(10.0), "Priory & <Co>");
        assert!(c.finish(0.0).contains(">Priory &amp; &lt;Co&gt;</text>"));
    }
}
