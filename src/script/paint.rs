//! Colour for `view()`: `paint(text, colour)` wraps text in ANSI colour only when the
//! host says the output is a colour terminal (the call's [`ViewOptions`]), so scripts never
//! need to know about NO_COLOR or pipes.

use nu_ansi_term::Color;
use rhai::{Engine, NativeCallContext};

use super::view::ViewOptions;

/// Colour names a script may use, and their terminal colour.
pub fn colour_by_name(name: &str) -> Option<Color> {
    Some(match name {
        "red" => Color::Red,
        "green" => Color::Green,
        "yellow" => Color::Yellow,
        "blue" => Color::Blue,
        "black" => Color::DarkGray,
        "purple" => Color::Purple,
        "cyan" => Color::Cyan,
        "white" => Color::White,
        _ => return None,
    })
}

/// True when the current call may emit ANSI colour.
pub fn ansi_allowed(ctx: &NativeCallContext) -> bool {
    ViewOptions::of_call(ctx).ansi
}

pub fn register(engine: &mut Engine) {
    engine.register_fn(
        "paint",
        |ctx: NativeCallContext, text: &str, colour: &str| match colour_by_name(colour) {
            Some(c) if ansi_allowed(&ctx) => c.bold().paint(text).to_string(),
            _ => text.to_owned(),
        },
    );
}
