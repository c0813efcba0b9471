//! A game played on from a position one move at a time by a bot that chooses by the
//! position alone (the greedy bot): the planner's way of finishing a line, whole
//! ([`greedy_game`]) or a few moves at a time between two of the `search` bot's
//! decisions ([`super::kept`]).

use super::beam::Line;
use crate::bot::fingerprint::fingerprint;
use crate::bot::loops::looped;
use crate::bot::Bot;
use crate::diagnostic::{Diagnostic, Kind};
use crate::script::{Move, Rules};
use rhai::{Dynamic, ImmutableString};
use std::collections::HashMap;

/// How a rollout's player picks a move: its index among the legal moves.
pub type Choose<'a> = dyn FnMut(&Dynamic, &[Move]) -> Result<usize, Diagnostic> + 'a;

/// A game being played on from a position.
pub struct Rollout {
    /// Where the game stands now.
    pub state: Dynamic,
    /// The moves played from the first position, in order.
    pub labels: Vec<ImmutableString>,
    /// The moves played before the first position, to number the game's moves.
    past: usize,
    /// The move number each position was played from: a position played from twice is
    /// a loop.
    played_from: HashMap<u64, usize>,
}

/// What one step of a rollout did.
pub enum Step {
    /// A move was played from the position with this fingerprint.
    Played(u64),
    /// The game is over, with this result.
    Over(i64),
    /// `go_on` said no before the move.
    Stopped,
}

impl Rollout {
    /// A game to play on from `state`, after `past` moves.
    pub fn new(state: Dynamic, past: usize) -> Rollout {
        Rollout {
            state,
            labels: Vec::new(),
            past,
            played_from: HashMap::new(),
        }
    }

    /// Plays the move `choose` picks, unless the game is over or `go_on` (asked with the
    /// position's fingerprint) says no. `who` names the chooser in a loop's message.
    pub fn step(
        &mut self,
        rules: &Rules,
        who: &str,
        choose: &mut Choose,
        go_on: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Step, Diagnostic> {
        if rules.over(&mut self.state)?.is_some() {
            let total = rules.score(&mut self.state)?["total"].as_int().unwrap_or(0);
            return Ok(Step::Over(total));
        }
        let position = fingerprint(rules, &self.state);
        if !go_on(position) {
            return Ok(Step::Stopped);
        }
        let at = self.labels.len();
        if let Some(first) = self.played_from.insert(position, at) {
            let moves: Vec<String> = self.labels[first..]
                .iter()
                .map(ToString::to_string)
                .collect();
            let when = format!(
                "from move {} to move {}",
                self.past + first + 1,
                self.past + at
            );
            return Err(looped(who, &moves, when));
        }
        let moves = rules.moves(&mut self.state)?;
        if moves.is_empty() {
            return Err(Diagnostic::about(
                Kind::Script,
                "the planner",
                "no legal move, and the game is not over",
            )
            .with_help("moves() should offer a move until over() says the game ended"));
        }
        let index = choose(&self.state, &moves)?;
        self.labels.push(moves[index].label.clone());
        rules.play(&mut self.state, &moves[index])?;
        Ok(Step::Played(position))
    }
}

/// The game `player` (the greedy bot, a Rhai bot of the game's) plays from `state`.
/// The planner takes its play to depend on the position alone, so from a position it
/// is always the same game, and a position it comes back to is a loop (an error naming
/// its moves). `go_on` is asked before each move with the position's fingerprint;
/// `false` stops the game (`None`). `past`: the moves played before `state`, to number
/// the game's moves.
pub fn greedy_game(
    rules: &Rules,
    player: &mut dyn Bot,
    state: Dynamic,
    past: usize,
    go_on: &mut dyn FnMut(u64) -> bool,
) -> Result<Option<Line>, Diagnostic> {
    let mut game = Rollout::new(state, past);
    let who = player.name().to_owned();
    loop {
        let step = game.step(rules, &who, &mut |s, m| player.choose(s, m), go_on)?;
        match step {
            Step::Played(_) => {}
            Step::Over(total) => return Ok(Some(Line::ended(game.labels, total, game.state))),
            Step::Stopped => return Ok(None),
        }
    }
}
