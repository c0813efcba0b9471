//! The planner, for games without chance: when nothing hidden or random lies ahead, a
//! move's future is one game, not a distribution to sample, so the bot plans a line of
//! play instead (beam search, [`beam`], planned again at every move, [`receding`];
//! a whole game improved by detours, [`detour`]).
//! Generic over the rules contract: positions are judged by the game's bot helpers, as
//! the search bot judges them.
//!
//! No chance is declared by the rules (`chance()` returns `false`, see
//! scripts/README.md) and checked by the host: a state holding a face-down pile has
//! chance whatever the rules say.

pub mod beam;
pub mod detour;
mod fingerprint;
pub mod receding;

pub use beam::{plan, Beam, Line, Plan, Progress};
pub use detour::{Detour, Detours};
pub use fingerprint::fingerprint;
pub use receding::first_move;

use super::hidden::holds_hidden;
use crate::diagnostic::Diagnostic;
use crate::script::Rules;
use rhai::Dynamic;

/// Whether the game from `state` on has neither hidden piles nor (by the rules' word)
/// anything random.
pub fn without_chance(rules: &Rules, state: &Dynamic) -> Result<bool, Diagnostic> {
    Ok(!holds_hidden(state) && !rules.chance(&mut state.clone())?)
}
