//! A bot's opening drawn by chance (`greedy:opening=4`): the first moves of each game
//! are chosen at random from the game's seed, then the bot plays on. In a game without
//! chance a bot plays one game whatever the seed, and one move played otherwise can send
//! it down another road; an opening gives `sim` a spread of games to compare two rule
//! sets on. Both sides of a comparison draw alike on a seed, so they open alike wherever
//! their rules offer the same moves.

use super::base::Bot;
use super::random::RandomBot;
use crate::diagnostic::Diagnostic;
use crate::script::Move;
use rhai::Dynamic;

/// The setting a scripted bot takes after its name: `NAME:opening=N`.
pub const SETTING: &str = "opening";

pub struct Opening {
    random: RandomBot,
    /// Moves still to draw at random.
    left: usize,
    bot: Box<dyn Bot>,
}

impl Opening {
    /// `bot` after `moves` moves drawn at random from `seed`.
    pub fn new(bot: Box<dyn Bot>, moves: usize, seed: u64) -> Opening {
        Opening {
            random: RandomBot::seeded(seed),
            left: moves,
            bot,
        }
    }
}

impl Bot for Opening {
    fn name(&self) -> &str {
        self.bot.name()
    }

    fn choose(&mut self, state: &Dynamic, moves: &[Move]) -> Result<usize, Diagnostic> {
        if self.left == 0 {
            return self.bot.choose(state, moves);
        }
        self.left -= 1;
        self.random.choose(state, moves)
    }
}
