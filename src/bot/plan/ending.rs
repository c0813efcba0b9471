//! The end of the best game searched wider. Near its end a game has few steps left, so a
//! beam to the end is cheap, and the endings it finishes are compared by their result,
//! not by an evaluation; it finds what greedy play and a detour's one other move
//! cannot: moves worth more together than either alone (a building placed where it
//! leaves another free, then that other one's use: DESIGN.md, "`solve` searches the
//! end of its best game").
//! Beams start ever earlier in the best game: 8 moves before its end, then 16, 32, …,
//! each half as wide as the last, while the budget lasts.

use super::beam::{plan, Beam, Line};
use super::replay;
use crate::diagnostic::Diagnostic;
use crate::script::Rules;
use rhai::Dynamic;

/// Positions each step of the first ending's beam keeps: near the end, the few steps
/// left afford a wide beam (docs/PERFORMANCE.md, search 31, measures its cost).
const WIDTH: usize = 64;

/// How many moves before the end the first beam starts.
const FIRST: usize = 8;

/// The width of the beam from `from` moves before the end: [`WIDTH`] for the first,
/// then narrower as it starts earlier, so that a step costs no more than the first's.
/// The budget is asked between steps, and in a long game's last rounds a step of 64
/// positions can cost a twelfth of `solve`'s default budget.
fn width(from: usize) -> usize {
    (WIDTH * FIRST / from).max(2)
}

/// A better ending: the whole game, and how many moves before the end of the game it
/// improves it starts.
pub struct Ending {
    pub from: usize,
    pub game: Line,
}

/// The first ending of `best` (a whole game played from `root`) that beats it: a beam
/// to the end from 8 moves before its end, then 16, 32, … up to the whole
/// game less one move (a whole-game beam is the caller's); `None` when none does or
/// `go_on` (asked between the beams' steps: the caller's budget) stops the search.
pub fn better_ending(
    rules: &Rules,
    root: &Dynamic,
    best: &Line,
    go_on: &mut dyn FnMut() -> bool,
) -> Result<Option<Ending>, Diagnostic> {
    let mut from = FIRST;
    while from < best.labels.len() && go_on() {
        let start = best.labels.len() - from;
        let mut state = root.clone();
        replay(rules, &mut state, &best.labels[..start], |_| {})?;
        let beam = Beam {
            width: width(from),
            horizon: None,
        };
        // A beam the budget cuts keeps the endings it finished: each is a whole game.
        let planned = plan(rules, state, beam, &mut |_| go_on())?;
        if let Some(ending) = planned.finished.filter(|e| e.total > best.total) {
            let mut labels = best.labels[..start].to_vec();
            labels.extend(ending.labels.iter().cloned());
            let total = ending.total.unwrap_or(0);
            let game = Line::ended(labels, total, ending.into_state());
            return Ok(Some(Ending { from, game }));
        }
        from *= 2;
    }
    Ok(None)
}
