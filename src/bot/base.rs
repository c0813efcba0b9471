//! What a bot is: something that picks one of the legal moves.

use crate::diagnostic::Diagnostic;
use crate::script::Move;
use rhai::Dynamic;

/// A player that chooses moves. It sees the state a player sees and the legal moves.
pub trait Bot {
    /// The bot's name, as typed after `--bot`.
    fn name(&self) -> &str;
    /// Returns the index in `moves` (never empty) of the move to play.
    fn choose(&mut self, state: &Dynamic, moves: &[Move]) -> Result<usize, Diagnostic>;
}
