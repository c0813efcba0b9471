//! The planner, for games without chance: when nothing hidden or random lies ahead, a
//! move's future is one game, not a distribution to sample, so the bot plans a line of
//! play instead (beam search, [`beam`], planned again at every move, [`receding`];
//! a whole game improved by detours, [`detour`], and its end by wide beams, [`ending`]).
//! Generic over the rules contract: positions are judged by the game's bot helpers, as
//! the search bot judges them.
//!
//! No chance is declared by the rules (`chance()` returns `false`, see
//! scripts/README.md) and checked by the host: a state holding a face-down pile has
//! chance whatever the rules say.

pub mod beam;
pub mod detour;
pub mod ending;
pub mod kept;
pub mod receding;
pub mod rollout;

pub use super::helpers::starts;
pub use beam::{plan, Beam, Line, Plan, Progress};
pub use detour::{Detour, Detours};
pub use ending::{better_ending, Ending};
pub use kept::{played_again, Kept};
pub use receding::first_move;
pub use rollout::{greedy_game, Rollout, Step};

use super::hidden::holds_hidden;
use crate::diagnostic::{Diagnostic, Kind};
use crate::script::{Move, Rules};
use rhai::{Dynamic, ImmutableString};

/// Whether the game from `state` on has neither hidden piles nor (by the rules' word)
/// anything random.
pub fn without_chance(rules: &Rules, state: &Dynamic) -> Result<bool, Diagnostic> {
    Ok(!holds_hidden(state) && !rules.chance(&mut state.clone())?)
}

/// Plays the planned `labels` from `state`, showing `before_each` the position before
/// each move (a caller that keeps them); a label the position does not offer is an error.
pub fn replay(
    rules: &Rules,
    state: &mut Dynamic,
    labels: &[ImmutableString],
    mut before_each: impl FnMut(&Dynamic),
) -> Result<(), Diagnostic> {
    for label in labels {
        before_each(state);
        let moves = rules.moves(state)?;
        rules.play(state, labelled(&moves, label, "the planner")?)?;
    }
    Ok(())
}

/// The move labelled `label` among `moves`, as a planned line is replayed; `who` replays
/// it (for the message when the move is not there).
pub fn labelled<'m>(moves: &'m [Move], label: &str, who: &str) -> Result<&'m Move, Diagnostic> {
    Ok(&moves[labelled_index(moves, label, who)?])
}

/// The index of the move labelled `label` among `moves` (see [`labelled`]).
pub fn labelled_index(moves: &[Move], label: &str, who: &str) -> Result<usize, Diagnostic> {
    moves.iter().position(|m| m.label == label).ok_or_else(|| {
        not_replayed(
            who,
            format!("the planned move `{label}` is not legal when replayed"),
        )
    })
}

/// A planned line that did not replay as it was planned: the game drew on something
/// besides its moves.
pub fn not_replayed(who: &str, message: String) -> Diagnostic {
    Diagnostic::about(Kind::Script, who, message)
        .with_help("a rule that draws on something besides the moves (chance() should say true)")
}
