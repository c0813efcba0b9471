//! What the host asks of a game's picture (`show`): colours or not, all of the table or
//! what fits the terminal, a legend. The rules' `view()` runs with the options as the
//! call's tag, so scripts read them with `view_options()` (and `paint`, a family's
//! drawings, read them too) without any parameter to pass on; a call without them (a
//! bot, `eval`) sees the defaults: no colour, no limits.
//!
//! Also `wrap_entries`, which lays out status lines within the width: scripts cannot
//! measure painted text themselves (its escapes have a length but no width).

use super::define::Api;
use rhai::{Array, Dynamic, Engine, Map, NativeCallContext, INT};

/// The settings of one `show`, passed to the rules' `view()`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ViewOptions {
    /// Colour with ANSI escapes (a colour terminal without NO_COLOR).
    pub ansi: bool,
    /// The whole table even when it is larger than the terminal (`show --all`).
    pub all: bool,
    /// Explain the glyphs (`show --legend`).
    pub legend: bool,
    /// The terminal's columns, when output goes to a terminal.
    pub width: Option<usize>,
    /// The terminal's lines, when output goes to a terminal.
    pub height: Option<usize>,
}

impl ViewOptions {
    /// The options of the call running now (the defaults outside a `view()` call).
    pub fn of_call(ctx: &NativeCallContext) -> ViewOptions {
        ctx.tag()
            .and_then(|t| t.read_lock::<ViewOptions>().map(|o| o.clone()))
            .unwrap_or_default()
    }

    /// The options as a script sees them: `#{ ansi, all, legend, width, height }`, an
    /// unknown size being `()`.
    fn to_map(&self) -> Map {
        let size = |v: Option<usize>| v.map_or(Dynamic::UNIT, |n| Dynamic::from_int(n as INT));
        let mut m = Map::new();
        m.insert("ansi".into(), self.ansi.into());
        m.insert("all".into(), self.all.into());
        m.insert("legend".into(), self.legend.into());
        m.insert("width".into(), size(self.width));
        m.insert("height".into(), size(self.height));
        m
    }
}

/// How many terminal columns `text` takes: its characters, ANSI escapes left out.
pub fn visible_width(text: &str) -> usize {
    let mut width = 0;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            chars.by_ref().find(|c| c.is_ascii_alphabetic());
        } else {
            width += 1;
        }
    }
    width
}

/// Joins `entries` with `separator` into lines of at most `width` columns, breaking only
/// between entries (an entry wider than `width` gets a line of its own); no width: one line.
pub fn wrap_entries(entries: &[String], separator: &str, width: Option<usize>) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut used = 0;
    for entry in entries {
        let w = visible_width(entry);
        match lines.last_mut() {
            Some(line) if width.is_none_or(|max| used + visible_width(separator) + w <= max) => {
                line.push_str(separator);
                line.push_str(entry);
                used += visible_width(separator) + w;
            }
            _ => {
                lines.push(entry.clone());
                used = w;
            }
        }
    }
    lines.join("\n")
}

/// A width as scripts give it: a whole number, or `()` for no limit.
pub fn width_of(value: &Dynamic) -> Option<usize> {
    value.as_int().ok().map(|n| usize::try_from(n).unwrap_or(0))
}

pub fn register(engine: &mut Engine) {
    engine
        .api(
            "view_options()",
            "how `show` wants the table drawn: `#{ ansi, all, legend, width, height }` \
             (outside `view()`: no colour, no size)",
            |ctx: NativeCallContext| ViewOptions::of_call(&ctx).to_map(),
        )
        .api(
            "wrap_entries(entries, separator, width)",
            "the entries joined with `separator` into lines of at most `width` columns (`()`: \
             one line), painted text counted by what shows",
            |entries: Array, separator: &str, width: Dynamic| {
                let entries: Vec<String> = entries.iter().map(Dynamic::to_string).collect();
                wrap_entries(&entries, separator, width_of(&width))
            },
        );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn entries_wrap_between_never_inside() {
        let e = entries(&["red 3", "green 12", "yellow 0"]);
        assert_eq!(wrap_entries(&e, "   ", None), "red 3   green 12   yellow 0");
        assert_eq!(
            wrap_entries(&e, "   ", Some(16)),
            "red 3   green 12\nyellow 0"
        );
        assert_eq!(
            wrap_entries(&e, "   ", Some(15)),
            "red 3\ngreen 12\nyellow 0"
        );
        assert_eq!(
            wrap_entries(&e, "   ", Some(3)),
            "red 3\ngreen 12\nyellow 0"
        );
        assert_eq!(wrap_entries(&[], ", ", Some(3)), "");
    }

    #[test]
    fn colour_escapes_take_no_width() {
        let red = nu_ansi_term::Color::Red.bold().paint("red").to_string();
        assert_eq!(visible_width(&red), 3);
        let e = vec![red.clone(), "green".to_string()];
        assert_eq!(wrap_entries(&e, " ", Some(9)), format!("{red} green"));
    }

    #[test]
    fn scripts_read_the_options_of_their_call() {
        let mut engine = Engine::new();
        register(&mut engine);
        let ast = engine
            .compile("fn f() { let o = view_options(); `${o.ansi} ${o.all} ${o.legend} ${o.width} ${o.height}` }")
            .unwrap();
        let call = |tag: Option<ViewOptions>| {
            let mut options = rhai::CallFnOptions::new();
            if let Some(t) = tag {
                options = options.with_tag(Dynamic::from(t));
            }
            engine
                .call_fn_with_options::<String>(options, &mut rhai::Scope::new(), &ast, "f", ())
                .unwrap()
        };
        assert_eq!(call(None), "false false false  ");
        let shown = ViewOptions {
            ansi: true,
            all: false,
            legend: true,
            width: Some(80),
            height: Some(24),
        };
        assert_eq!(call(Some(shown)), "true false true 80 24");
    }
}
