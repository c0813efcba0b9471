//! Planning a game a move at a time, as the `search` bot plays: at every decision a beam
//! looks `horizon` steps ahead within the move's budget, and the first move of its best
//! line is played. A whole-game beam ([`super::plan`] with no horizon) fixes its lines by
//! what they are worth after as many steps; planning again at every move sees each
//! decision from where it is taken.

use super::beam::{plan, Beam};
use crate::diagnostic::Diagnostic;
use crate::script::Rules;
use rhai::Dynamic;

/// The first move of the best line planned from `root`, levels searched while
/// `affords(cost)` says the next level, at its likely cost, fits the budget; `now()`
/// reads what the decision has spent in the budget's unit (operations or microseconds).
/// A level's cost is foreseen from its positions at the dearest cost a position has had
/// (the first level starts from one position, the next from a whole beam); a level that
/// costs more than foreseen is left between two rounds of its questions once the budget
/// is spent (the first level, left so, still gives the move its ranking rates best).
pub fn first_move(
    rules: &Rules,
    root: Dynamic,
    beam: Beam,
    now: &dyn Fn() -> u64,
    affords: &dyn Fn(u64) -> bool,
) -> Result<usize, Diagnostic> {
    let (mut last, mut positions, mut dearest) = (0, 0, 0);
    let planned = plan(rules, root, beam, &mut |progress| {
        if progress.within_level {
            return affords(0);
        }
        let at = now();
        if positions > 0 {
            dearest = dearest.max((at - last).div_ceil(positions));
        }
        (last, positions) = (at, progress.positions as u64);
        affords(dearest * positions)
    })?;
    Ok(planned.best().map_or(0, |line| line.first))
}
