//! A game's table as an SVG file (`houserules render`, REPL `render`): reads the board,
//! colours and scores from the game state and hands them to the Carcassonne drawing.
//! Only Carcassonne games have a board to draw.

use crate::carcassonne::{render_svg, Board, Seat};
use crate::diagnostic::Diagnostic;
use crate::save::write_atomically;
use crate::session::{result_text, Session};
use rhai::{Array, Map};
use std::path::Path;

/// The picture of the session's table, with the scores, the result and how things stand.
pub fn svg(session: &mut Session) -> Result<String, Diagnostic> {
    let state = session.state().clone();
    let map = state
        .read_lock::<Map>()
        .ok_or_else(|| not_carcassonne(session))?;
    let board = map
        .get("board")
        .and_then(|b| b.clone().try_cast::<Board>())
        .ok_or_else(|| not_carcassonne(session))?;
    let list = |key: &str| {
        map.get(key)
            .and_then(|v| v.clone().try_cast::<Array>())
            .unwrap_or_default()
    };
    let (colours, scores) = (list("colours"), list("scores"));
    let seats: Vec<Seat> = colours
        .iter()
        .enumerate()
        .map(|(i, colour)| {
            let colour = colour.to_string();
            let label = match scores.get(i) {
                Some(points) => format!("{colour} {points}"),
                None => colour.clone(),
            };
            Seat { colour, label }
        })
        .collect();

    // The score map as the rules give it: the result and ranking first, then whatever
    // else they report (which colour is last, tiles left, …); the colours are above.
    let score = session.score()?;
    let mut notes = vec![
        format!("{} — seed {}", session.variant().name, session.seed()),
        result_text(&score),
    ];
    let named = |key: &str| colours.iter().any(|c| c.to_string() == key);
    for (key, value) in &score {
        if !matches!(key.as_str(), "total" | "rank") && !named(key) {
            notes.push(format!("{key}: {value}"));
        }
    }
    notes.push(match session.over()? {
        Some(reason) => format!("game over: {reason}"),
        None => format!("in play after {} moves", session.log().len()),
    });
    notes.push(format!("{} tiles placed", board.placed_count()));
    Ok(render_svg(&board, &seats, &notes))
}

/// Draws the session's table into `path`.
pub fn write_svg(session: &mut Session, path: &Path) -> Result<(), Diagnostic> {
    write_atomically(path, &svg(session)?)
}

fn not_carcassonne(session: &Session) -> Diagnostic {
    Diagnostic::new(
        session.variant().name.clone(),
        "render draws Carcassonne games, and this game's state has no `board`",
    )
    .with_help("render a game of a Carcassonne variant (`variants` lists them)")
}
