//! What the web table shows of the game in hand, as the JSON its page draws: the picture
//! (or the text of `show` for a family that draws none), the score sheet, the last moves
//! with their story, the question in hand and the legal moves.

use super::narration::told;
use crate::diagnostic::Diagnostic;
use crate::picture;
use crate::script::ViewOptions;
use crate::session::Session;
use crate::sheet::Sheet;
use serde_json::{json, Value};

/// How many of the last moves the page tells.
const TOLD_MOVES: usize = 12;

/// The table of `session` (none: the page says how to start a game).
pub fn state(session: Option<&mut Session>) -> Value {
    let Some(session) = session else {
        return json!({ "game": null });
    };
    match game(session) {
        Ok(game) => json!({ "game": game }),
        Err(e) => json!({ "game": null, "error": e.to_string() }),
    }
}

fn game(session: &mut Session) -> Result<Value, Diagnostic> {
    let moves = session.moves()?;
    let listed = moves
        .iter()
        .map(|m| {
            let about = session.describe(m)?;
            Ok(json!({ "label": m.label.to_string(), "about": about }))
        })
        .collect::<Result<Vec<_>, Diagnostic>>()?;
    // A family that draws no picture is shown as `show` prints it, without colours.
    let (svg, text) = match picture::svg_with_moves(session, &moves) {
        Ok(svg) => (Some(svg), None),
        Err(_) => {
            let view = session.view(&ViewOptions::default())?;
            (
                None,
                Some(view.unwrap_or_else(|| session.state().to_string())),
            )
        }
    };
    let log = session.log();
    let first = log.len().saturating_sub(TOLD_MOVES);
    let told_moves: Vec<Value> = log
        .iter()
        .enumerate()
        .skip(first)
        .map(|(i, label)| {
            let story: Vec<String> = session
                .events_of(i + 1)
                .iter()
                .map(|e| told(e, false))
                .collect();
            json!({ "number": i + 1, "label": label, "story": story })
        })
        .collect();
    Ok(json!({
        "variant": session.variant().name,
        "title": session.variant().title,
        "seed": session.seed(),
        "played": log.len(),
        "over": session.over()?,
        "question": session.question()?,
        "svg": svg,
        "text": text,
        "sheet": Sheet::of(session)?.lines(),
        "log": told_moves,
        "moves": listed,
    }))
}
