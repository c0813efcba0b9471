//! Bots written in Rhai: `fn choose(state, moves)` compiled together with the variant's
//! rules, so a bot evaluates a move by playing it on its copy of the state
//! (`let s = state; s.play(mv); s.score()`). The bot sees the state through
//! [`player_view`](super::hidden::player_view), never the real piles.

use super::base::Bot;
use super::hidden::player_view;
use crate::diagnostic::{Diagnostic, Kind};
use crate::script::api::hooks;
use crate::script::rng::Rng;
use crate::script::{Move, Rules};
use rhai::{Array, Dynamic, Map};
use std::rc::Rc;

/// A script bot playing one game: the compiled bot (shared by the games of a thread)
/// and the bot's own random generator.
pub struct ScriptBot {
    name: String,
    rules: Rc<Rules>,
    rng: Rng,
}

impl ScriptBot {
    /// `rules` must come from [`Rules::compile_with_bot`].
    pub fn new(name: &str, rules: Rc<Rules>, seed: u64) -> ScriptBot {
        ScriptBot {
            name: name.to_owned(),
            rules,
            rng: Rng::seeded(seed),
        }
    }

    /// Turns what `choose` returned (an index, a move or a label) into an index.
    fn index_of(&self, choice: Dynamic, moves: &[Move]) -> Result<usize, Diagnostic> {
        let label = if let Ok(i) = choice.as_int() {
            if let Some(i) = usize::try_from(i).ok().filter(|&i| i < moves.len()) {
                return Ok(i);
            }
            None
        } else if let Some(map) = choice.read_lock::<Map>() {
            map.get("label").map(ToString::to_string)
        } else if choice.is_string() {
            Some(choice.to_string())
        } else {
            None
        };
        label
            .and_then(|l| moves.iter().position(|m| m.label == l))
            .ok_or_else(|| {
                Diagnostic::in_file(
                    Kind::Script,
                    self.rules.defining_file(hooks::CHOOSE.name),
                    format!(
                        "choose() returned {choice}, which is none of the {} moves",
                        moves.len()
                    ),
                )
                .with_help("return an index into `moves` (0 for the first), a move, or its label")
            })
    }
}

impl Bot for ScriptBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, state: &Dynamic, moves: &[Move]) -> Result<usize, Diagnostic> {
        // A bot is asked only when there is a choice.
        if moves.len() == 1 {
            return Ok(0);
        }
        let seen = player_view(state, &mut self.rng);
        let offered: Array = moves.iter().map(|m| m.value.clone()).collect();
        let choice = self.rules.call_function(&hooks::CHOOSE, (seen, offered))?;
        self.index_of(choice, moves)
    }
}
