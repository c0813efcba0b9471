//! Planning a whole game a move at a time: at every decision a beam looks `horizon`
//! steps ahead and the first move of its best line is played, as the `search` bot plays.
//! A whole-game beam ([`super::plan`] with no horizon) fixes its lines by what they are
//! worth after as many steps; planning again at every move sees each decision from
//! where it is taken, which finds other (in France better) games for the same budget.

use super::beam::{plan, Beam, Line};
use crate::diagnostic::Diagnostic;
use crate::script::{interrupt, Rules};
use rhai::Dynamic;

/// The first move of the best line planned from `root`, levels searched while
/// `affords(cost)` says the next level, at its likely cost, fits the budget; `now()`
/// reads what the decision has spent in the budget's unit (operations or microseconds).
/// A level's cost is foreseen from its positions at the dearest cost a position has had
/// (the first level starts from one position, the next from a whole beam); a level that
/// costs more than foreseen is left between two rounds of its questions once the budget
/// is spent.
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

/// Plays the game from `root` to its end, each decision planned with `beam` within
/// `per_move` script operations. `go_on` is asked before each move (the caller's whole
/// budget); `None` when it says no or Ctrl-C stops the game before its end.
pub fn play_out(
    rules: &Rules,
    root: Dynamic,
    beam: Beam,
    per_move: u64,
    go_on: &mut dyn FnMut() -> bool,
) -> Result<Option<Line>, Diagnostic> {
    let mut state = root;
    let mut labels = Vec::new();
    while rules.over(&mut state)?.is_none() {
        if !go_on() || interrupt::requested() {
            return Ok(None);
        }
        let moves = rules.moves(&mut state)?;
        let index = match moves.len() {
            0 => return Ok(None),
            1 => 0,
            _ => {
                let began = rules.operations();
                let spent = || rules.operations() - began;
                first_move(rules, state.clone(), beam, &spent, &|cost| {
                    spent() + cost <= per_move
                })?
            }
        };
        labels.push(moves[index].label.clone());
        rules.play(&mut state, &moves[index])?;
    }
    let total = rules.score(&mut state)?["total"].as_int().unwrap_or(0);
    Ok(Some(Line::ended(labels, total, state)))
}
