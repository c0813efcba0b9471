//! Bots: players the host can ask for a move (`auto`, benchmarks, simulations).
//! `random` and `search` (simulated futures, judged by the game's Rhai helpers) are
//! built in; the others are Rhai scripts under `scripts/bots/` (see [`catalog`] for how
//! a name is found and scripts/README.md for the contract).

mod api;
mod base;
pub mod catalog;
mod fingerprint;
mod helpers;
mod hidden;
mod lists;
mod loops;
mod opening;
pub mod plan;
mod random;
mod script;
pub mod search;
mod turn_search;

pub use api::register as register_api;
pub use base::Bot;
pub use catalog::{by_name, find, BotSource, LoadedBot};
pub use hidden::player_view;
pub use loops::LoopWatch;
pub use random::RandomBot;
pub use script::ScriptBot;
pub use search::{SearchBot, SearchOptions};

use crate::diagnostic::{Diagnostic, Kind};
use crate::players::Player;
use crate::session::Session;

/// Lets `bot` play up to `limit` moves (all when `None`), until the game ends; the
/// session notes each move as the bot's.
/// Returns the labels played. Stops at the first error, at Ctrl-C, or once the game goes
/// round in a loop ([`LoopWatch`]): the moves played until then stand, and the move
/// under way is taken back.
pub fn play_out(
    session: &mut Session,
    bot: &mut dyn Bot,
    limit: Option<usize>,
) -> Result<Vec<String>, Diagnostic> {
    play_watched(session, bot, limit, &mut LoopWatch::default())
}

/// [`play_out`] for a caller that plays one game in several calls, with one `watch`
/// for the whole game.
pub fn play_watched(
    session: &mut Session,
    bot: &mut dyn Bot,
    limit: Option<usize>,
    watch: &mut LoopWatch,
) -> Result<Vec<String>, Diagnostic> {
    let by = Player::Bot(bot.name().to_owned());
    let mut played = Vec::new();
    while limit.is_none_or(|n| played.len() < n) {
        if crate::script::interrupt::requested() {
            return Err(Diagnostic::about(
                Kind::Stopped,
                bot.name().to_owned(),
                format!(
                    "interrupted (Ctrl-C) after {}",
                    crate::script::words::count(played.len(), "move")
                ),
            ));
        }
        let moves = session.moves()?;
        if moves.is_empty() {
            if session.over()?.is_none() {
                return Err(Diagnostic::about(
                    Kind::Script,
                    session.variant().name.clone(),
                    "the game is not over but moves() offers no move",
                )
                .with_help("a rule script bug: moves() must offer at least one move until over() says why the game ended"));
            }
            break;
        }
        let i = bot.choose(session.state(), &moves)?;
        let mv = moves.get(i).ok_or_else(|| {
            Diagnostic::about(
                Kind::Script,
                bot.name().to_owned(),
                format!("bot chose move {i} of {}", moves.len()),
            )
        })?;
        watch.played(session, bot.name())?;
        session.play_move(mv, &by)?;
        played.push(mv.label.to_string());
    }
    Ok(played)
}
