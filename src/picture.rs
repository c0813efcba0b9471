//! A game's table as an SVG file (`houserules render`, REPL `render`). The host writes the
//! legend every game has (variant, seed, the score sheet, how the game stands) and asks
//! the variant's family to draw the table around it.

use crate::diagnostic::{Diagnostic, Kind};
use crate::save::write_atomically;
use crate::script::{Move, PictureInput};
use crate::session::Session;
use crate::sheet::Sheet;
use rhai::Map;
use std::path::Path;

/// The picture of the session's table, with the scores, the result and how things stand.
pub fn svg(session: &mut Session) -> Result<String, Diagnostic> {
    svg_with_moves(session, &[])
}

/// The picture with `moves` drawn as targets where the family can (the web table).
pub fn svg_with_moves(session: &mut Session, moves: &[Move]) -> Result<String, Diagnostic> {
    let family = session.rules().family();
    let score = session.score()?;
    let captions = session.captions()?;
    // The same score sheet as the REPL's `score`, under the variant and seed.
    let mut legend = vec![format!(
        "{} — seed {}",
        session.variant().name,
        session.seed()
    )];
    legend.extend(Sheet::of(session)?.lines());
    legend.push(match session.over()? {
        Some(reason) => format!("game over: {reason}"),
        None => format!(
            "in play after {}",
            crate::script::words::count(session.moves_played(), "move")
        ),
    });
    let state = session.state().clone();
    let map = state.read_lock::<Map>().ok_or_else(|| {
        Diagnostic::about(
            Kind::Script,
            &session.variant().name,
            "the game state is not an object map",
        )
    })?;
    let input = PictureInput {
        state: &map,
        score: &score,
        legend,
        moves,
        captions: &captions,
    };
    let trouble = |why: String| {
        Diagnostic::about(Kind::Usage, session.variant().name.clone(), why).with_help(format!(
            "the `{}` family cannot draw this game; `show` prints it as text",
            family.name()
        ))
    };
    match family.svg(input) {
        Some(drawn) => drawn.map_err(trouble),
        None => Err(trouble(format!(
            "the `{}` family draws no picture",
            family.name()
        ))),
    }
}

/// Draws the session's table into `path`.
pub fn write_svg(session: &mut Session, path: &Path) -> Result<(), Diagnostic> {
    write_atomically(path, &svg(session)?)
}
