//! A whole game kept planned while it is played: how the `search` bot plays a game
//! without chance under a budget of operations or time a move. The plan begins as the
//! greedy game (the best move by the game's ranking, each position in turn), found a few
//! moves at a time, its moves played as they come. Once it reaches the end, what a
//! move's budget leaves goes into detours, as `solve` makes them ([`super::detour`]):
//! at a position of the plan, the game's own or one ahead of it, another move the
//! ranking rates well, then greedy play to the end; a detour that finishes better
//! becomes the plan. The game played is therefore never worse than greedy play from
//! where the plan began.
//!
//! A detour takes many moves' budgets, and one the game overtakes is worthless, so
//! detours begin far enough ahead for the rest of the game to be played before the game
//! gets there, judged by what the plan's moves have cost so far.
//!
//! `solve` plays the end of its best game again the same way ([`played_again`]), the
//! plan beginning as that game: detours ahead of each move, a move at a time, reach
//! the end's moves far more often than `solve`'s detours drawn over the whole game.

use super::beam::Line;
use super::detour::{every_detour, other_move, Detour};
use super::rollout::{Rollout, Step};
use super::{labelled_index, not_replayed};
use crate::bot::fingerprint::fingerprint;
use crate::bot::helpers::ranked;
use crate::diagnostic::Diagnostic;
use crate::script::rng::Rng;
use crate::script::{Move, Rules};
use rhai::{Dynamic, ImmutableString};
use std::collections::HashMap;

/// Who plays the plan's moves, in a loop's message.
const WHO: &str = "the search bot's plan";

/// A game kept planned from the position where the bot took over.
pub struct Kept {
    /// The planned game's moves.
    labels: Vec<ImmutableString>,
    /// The position before each of them.
    positions: Vec<Dynamic>,
    /// Each position's move number, by fingerprint.
    numbers: HashMap<u64, usize>,
    /// The greedy game still being played on, or the planned game's result.
    end: End,
    /// The detour being played.
    detour: Option<Running>,
    /// The detours of the planned game not yet tried.
    untried: Vec<Detour>,
    /// The result of greedy play from each position it was played from, by fingerprint:
    /// a detour that gets there stops, its game already known.
    known: HashMap<u64, i64>,
    rng: Rng,
    /// What the steps of work on the plan have cost (in the budget's unit), and how many
    /// there were: what a move played on costs, to judge how far ahead detours begin.
    cost: u64,
    steps: u64,
}

enum End {
    Playing(Rollout),
    Over(i64),
}

/// A detour being played: its first position (the planned game's), its move and the
/// greedy game after it.
struct Running {
    detour: Detour,
    /// The positions before each of its moves, with their fingerprints.
    positions: Vec<(u64, Dynamic)>,
    game: Rollout,
    first: ImmutableString,
}

impl Kept {
    /// A plan from `state`. Its detours are drawn in an order set by `state` alone, so
    /// that, the game having no chance, every seed plays the same game (and `sim` knows
    /// one game a side for all).
    pub fn new(rules: &Rules, state: Dynamic) -> Kept {
        let rng = Rng::seeded(fingerprint(rules, &state));
        Kept {
            labels: Vec::new(),
            positions: Vec::new(),
            numbers: HashMap::new(),
            end: End::Playing(Rollout::new(state, 0)),
            detour: None,
            untried: Vec::new(),
            known: HashMap::new(),
            rng,
            cost: 0,
            steps: 0,
        }
    }

    /// A plan from `state` that begins as the whole game `labels` (result `total`)
    /// rather than the greedy game: detours improve on that game, never fall below it.
    fn following(
        rules: &Rules,
        state: Dynamic,
        labels: &[ImmutableString],
        total: i64,
    ) -> Result<Kept, Diagnostic> {
        let mut kept = Kept::new(rules, state.clone());
        let mut befores = Vec::with_capacity(labels.len());
        super::replay(rules, &mut state.clone(), labels, |p| {
            befores.push(p.clone())
        })?;
        for (before, label) in befores.into_iter().zip(labels) {
            kept.push(fingerprint(rules, &before), before, label.clone());
        }
        // No position of the game is known as greedy play's: a detour plays on past them.
        kept.ended(total, labels.len());
        Ok(kept)
    }

    /// The number of the plan's move from `state`, when the plan passes there.
    pub fn number_of(&self, rules: &Rules, state: &Dynamic) -> Option<usize> {
        self.numbers.get(&fingerprint(rules, state)).copied()
    }

    /// Works on the plan while a step of it, as dear as the dearest of this move so far,
    /// would end within `budget` (in the unit `now` reads: operations or microseconds
    /// spent on the move), and returns the plan's move number `at`, which is found
    /// first whatever the budget.
    pub fn work(
        &mut self,
        rules: &Rules,
        at: usize,
        now: &dyn Fn() -> u64,
        budget: u64,
    ) -> Result<ImmutableString, Diagnostic> {
        let mut dearest = 0;
        while self.labels.len() <= at || now() + dearest <= budget {
            let began = now();
            let worked = if let End::Playing(game) = &mut self.end {
                let (step, before) = play_on(rules, game, &mut |_| true)?;
                match step {
                    Step::Played(position) => {
                        let label = game.labels.last().cloned().unwrap_or_default();
                        self.push(position, before, label);
                    }
                    Step::Over(total) => self.ended(total, 0),
                    Step::Stopped => {}
                }
                true
            } else {
                self.detour_step(rules, at, budget)?
            };
            if !worked {
                break;
            }
            let cost = now() - began;
            dearest = dearest.max(cost);
            self.cost += cost;
            self.steps += 1;
        }
        self.labels.get(at).cloned().ok_or_else(|| {
            not_replayed(
                WHO,
                format!("the plan has no move {} where the game stands", at + 1),
            )
        })
    }

    /// The plan is a whole game with result `total`, which greedy play from its move
    /// `greedy_from` on leads to (0 for the greedy game; a detour's move after the detour):
    /// those positions are known, and the plan's detours are drawn again.
    fn ended(&mut self, total: i64, greedy_from: usize) {
        self.end = End::Over(total);
        for (&position, &number) in &self.numbers {
            if number >= greedy_from {
                self.known.insert(position, total);
            }
        }
        self.untried = every_detour(self.labels.len());
    }

    /// One step of a detour, begun first if none is under way ahead of move `at` (the one
    /// drawn among those far enough ahead); `false` when no detour is left to try.
    fn detour_step(&mut self, rules: &Rules, at: usize, budget: u64) -> Result<bool, Diagnostic> {
        let running = match self.detour.as_mut() {
            Some(running) if running.detour.at >= at => running,
            _ => {
                let Some(detour) = self.draw(at, budget) else {
                    self.detour = None;
                    return Ok(false);
                };
                self.detour = self.begin(rules, detour)?;
                return Ok(true);
            }
        };
        let known = &self.known;
        let (step, before) = play_on(rules, &mut running.game, &mut |p| !known.contains_key(&p))?;
        match step {
            Step::Played(position) => running.positions.push((position, before)),
            Step::Over(total) => {
                if let Some(running) = self.detour.take() {
                    self.finished(running, total);
                }
            }
            // Back where an earlier game stood: from there it plays that game again.
            Step::Stopped => self.detour = None,
        }
        Ok(true)
    }

    /// A detour drawn at random among the untried ones far enough ahead of move `at`
    /// for its game to be played before the game moves past it; those the game has
    /// passed are dropped.
    fn draw(&mut self, at: usize, budget: u64) -> Option<Detour> {
        let ahead = self.lead(at, budget);
        self.untried.retain(|d| d.at >= at);
        let open: Vec<usize> = (0..self.untried.len())
            .filter(|&i| self.untried[i].at >= ahead)
            .collect();
        if open.is_empty() {
            return None;
        }
        Some(self.untried.swap_remove(open[self.rng.below(open.len())]))
    }

    /// The first move a detour may start at when the game stands at move `at`: the rest
    /// of the plan from there, at the plan's cost a move, must fit in half the budgets of
    /// the moves until then, this one included (the other half allows for moves the game
    /// makes without asking the bot, and for dearer stretches).
    fn lead(&self, at: usize, budget: u64) -> usize {
        let per_step = (self.cost / self.steps.max(1)) as f64;
        let per_move = (budget / 2).max(1) as f64;
        let len = self.labels.len() as f64;
        // (len - j) * per_step <= (j - at + 1) * per_move
        let j = (len * per_step + (at as f64 - 1.0) * per_move) / (per_move + per_step);
        (j.ceil().max(0.0) as usize).max(at)
    }

    /// `detour` played from its position: its move (`None` when the position offers no
    /// such move).
    fn begin(&mut self, rules: &Rules, detour: Detour) -> Result<Option<Running>, Diagnostic> {
        let mut state = self.positions[detour.at].clone();
        let moves = rules.moves(&mut state)?;
        let own = &self.labels[detour.at];
        let Some(mv) = other_move(rules, &state, &moves, own, detour.choice)? else {
            return Ok(None);
        };
        let first = mv.label.clone();
        let before = (fingerprint(rules, &state), state.clone());
        rules.play(&mut state, mv)?;
        Ok(Some(Running {
            detour,
            positions: vec![before],
            game: Rollout::new(state, detour.at + 1),
            first,
        }))
    }

    /// A detour's game ended with `total`: the positions it played greedily from lead to
    /// it; better than the plan, it becomes the plan from the detour on.
    fn finished(&mut self, running: Running, total: i64) {
        for (position, _) in &running.positions[1..] {
            self.known.insert(*position, total);
        }
        let better = matches!(self.end, End::Over(plan) if total > plan);
        if !better {
            return;
        }
        let from = running.detour.at;
        self.labels.truncate(from);
        self.positions.truncate(from);
        self.numbers.retain(|_, n| *n < from);
        let labels = std::iter::once(running.first).chain(running.game.labels);
        for ((position, before), label) in running.positions.into_iter().zip(labels) {
            self.push(position, before, label);
        }
        self.ended(total, from + 1);
    }

    /// A move added to the plan: `label`, played from `before` (fingerprint `position`).
    fn push(&mut self, position: u64, before: Dynamic, label: ImmutableString) {
        self.numbers.insert(position, self.labels.len());
        self.positions.push(before);
        self.labels.push(label);
    }
}

/// A game played again as the `search` bot plays: `game`, the moves of a whole game from
/// `state` (after `past` moves) and its result, begins the plan, which is worked on
/// within `per_move` operations at each move of more than one choice, so detours ahead
/// of the game improve it and the game ends no lower than `game`. `go_on` is asked
/// before each move; `false` stops the game (`None`).
pub fn played_again(
    rules: &Rules,
    state: Dynamic,
    past: usize,
    game: (&[ImmutableString], i64),
    per_move: u64,
    go_on: &mut dyn FnMut() -> bool,
) -> Result<Option<Line>, Diagnostic> {
    let (labels, total) = game;
    let mut kept = Kept::following(rules, state.clone(), labels, total)?;
    let mut game = Rollout::new(state, past);
    // The game follows the plan from its first move, so its move number is the plan's.
    let mut at = 0;
    let mut choose = |_: &Dynamic, moves: &[Move]| {
        at += 1;
        if moves.len() == 1 {
            return Ok(0);
        }
        let began = rules.operations();
        let label = kept.work(rules, at - 1, &|| rules.operations() - began, per_move)?;
        labelled_index(moves, &label, WHO)
    };
    loop {
        match game.step(rules, WHO, &mut choose, &mut |_| go_on())? {
            Step::Played(_) => {}
            Step::Over(total) => return Ok(Some(Line::ended(game.labels, total, game.state))),
            Step::Stopped => return Ok(None),
        }
    }
}

/// One greedy step of `game` (the best move by the game's ranking), with the position
/// it was taken from.
fn play_on(
    rules: &Rules,
    game: &mut Rollout,
    go_on: &mut dyn FnMut(u64) -> bool,
) -> Result<(Step, Dynamic), Diagnostic> {
    let before = game.state.clone();
    let mut best = |state: &Dynamic, moves: &[_]| {
        Ok(ranked(rules, state.clone(), moves)?
            .first()
            .map_or(0, |r| r.0))
    };
    Ok((game.step(rules, WHO, &mut best, go_on)?, before))
}
