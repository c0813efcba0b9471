//! Colour for `view()`: `paint(text, colour)` wraps text in ANSI colour only when the
//! host says the output is a colour terminal (the call's [`ViewOptions`]), so scripts never
//! need to know about NO_COLOR or pipes.

use nu_ansi_term::Color;
use rhai::{Engine, NativeCallContext};

use super::define::Api;
use super::view::ViewOptions;

/// Colour names a script may use, and their terminal colour.
const COLOURS: [(&str, Color); 8] = [
    ("red", Color::Red),
    ("green", Color::Green),
    ("yellow", Color::Yellow),
    ("blue", Color::Blue),
    ("black", Color::DarkGray),
    ("purple", Color::Purple),
    ("cyan", Color::Cyan),
    ("white", Color::White),
];

/// The terminal colour of a colour name scripts use.
pub fn colour_by_name(name: &str) -> Option<Color> {
    COLOURS.iter().find(|(n, _)| *n == name).map(|&(_, c)| c)
}

/// True when the current call may emit ANSI colour.
pub fn ansi_allowed(ctx: &NativeCallContext) -> bool {
    ViewOptions::of_call(ctx).ansi
}

pub fn register(engine: &mut Engine) {
    let names: Vec<&str> = COLOURS.iter().map(|(name, _)| *name).collect();
    engine.api(
        "paint(text, colour)",
        &format!(
            "the text in `colour` ({}) when the output allows colour, else as it is",
            names.join(", ")
        ),
        |ctx: NativeCallContext, text: &str, colour: &str| match colour_by_name(colour) {
            Some(c) if ansi_allowed(&ctx) => c.bold().paint(text).to_string(),
            _ => text.to_owned(),
        },
    );
}
