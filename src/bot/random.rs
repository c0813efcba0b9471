//! The built-in `random` bot: uniform over the legal moves, from its own seeded stream
//! so that a game played by it is reproducible.

use super::base::Bot;
use crate::diagnostic::Diagnostic;
use crate::script::rng::Rng;
use crate::script::Move;
use rhai::Dynamic;

pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    pub fn seeded(seed: u64) -> Self {
        RandomBot {
            rng: Rng::seeded(seed),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, _state: &Dynamic, moves: &[Move]) -> Result<usize, Diagnostic> {
        Ok(self.rng.below(moves.len()))
    }
}
