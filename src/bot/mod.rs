//! Bots: players the host can ask for a move (`auto`, benchmarks, simulations).

mod base;
mod random;

pub use base::Bot;
pub use random::RandomBot;

use crate::diagnostic::Diagnostic;
use crate::session::Session;

/// The names `--bot` accepts.
pub const BOT_NAMES: [&str; 1] = ["random"];

/// A bot by name, seeded.
pub fn by_name(name: &str, seed: u64) -> Result<Box<dyn Bot>, Diagnostic> {
    match name {
        "random" => Ok(Box::new(RandomBot::seeded(seed))),
        other => Err(Diagnostic::new("--bot", format!("no bot called `{other}`"))
            .with_help(format!("bots: {}", BOT_NAMES.join(", ")))),
    }
}

/// Lets `bot` play up to `limit` moves (all when `None`), until the game ends, or until
/// Ctrl-C.
/// Returns the labels played. Stops at the first error, with the game intact.
pub fn play_out(
    session: &mut Session,
    bot: &mut dyn Bot,
    limit: Option<usize>,
) -> Result<Vec<String>, Diagnostic> {
    let mut played = Vec::new();
    while limit.is_none_or(|n| played.len() < n) {
        if crate::script::interrupt::take() {
            break;
        }
        let moves = session.moves()?;
        if moves.is_empty() {
            if session.over()?.is_none() {
                return Err(Diagnostic::new(
                    session.variant().name.clone(),
                    "the game is not over but moves() offers no move",
                )
                .with_help("a rule script bug: moves() must offer at least one move until over() says why the game ended"));
            }
            break;
        }
        let i = bot.choose(session.state(), &moves)?;
        let mv = moves.get(i).ok_or_else(|| {
            Diagnostic::new(
                bot.name().to_owned(),
                format!("bot chose move {i} of {}", moves.len()),
            )
        })?;
        session.play_move(mv)?;
        played.push(mv.label.clone());
    }
    Ok(played)
}
