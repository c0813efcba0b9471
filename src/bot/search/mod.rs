//! The `search` bot: tries moves by simulating possible futures, for any game.
//!
//! It knows no game. What a good position is and how a turn is finished come from the
//! game's own bot helpers in Rhai (scripts/bots/…/_*.rhai): `bot_ranked(state, moves)`
//! ranks the legal moves as the greedy bot would, and `bot_after(state, mv)` plays a move
//! (finishing the turn it starts, where the game's helpers say so) and returns
//! `#{ value, state }`. The search itself is determinized Monte Carlo at the root, in
//! rounds of common futures:
//!
//! 1. the `width` best-ranked moves are the candidates;
//! 2. each round deals the hidden piles again at random (the player's view, see
//!    [`player_view`]) and, on that same deal, plays every candidate with `bot_after`,
//!    then `depth` more decisions as the greedy bot would (the best by `bot_ranked`,
//!    among every legal move or, cheaper, `sample` of them drawn at random), and scores
//!    each future by the value of its last position. Candidates meet the same luck in a
//!    round, so a few rounds tell them apart where independent futures would need many;
//! 3. the candidate with the best mean over its futures is played.
//!
//! In a game without chance (see [`plan`]) every future of a move is the same game:
//! the bot plans instead. Under a budget of operations or time it keeps a whole game
//! planned, greedy play improved by detours ahead of the game ([`plan::Kept`], `plan=game`);
//! with `plan=beam`, or under iterations (which count nothing there), it plans a beam of
//! `beam` positions `horizon` decisions ahead at every move and plays the first move of
//! the best line.
//!
//! Every imagined future starts from the player's view, so the bot never uses what a
//! player cannot see; its own generator makes it reproducible under a budget of iterations
//! or of script operations (`kops`), not under one of time.

mod options;
pub mod settings_file;

pub use super::helpers::HELPERS;
pub use options::{Budget, Planning, SearchOptions};

use super::base::Bot;
use super::helpers;
use super::hidden::player_view;
use super::plan::{self, Beam, Kept};
use crate::diagnostic::Diagnostic;
use crate::script::rng::Rng;
use crate::script::{Move, Rules};
use rhai::Dynamic;
use std::rc::Rc;
use std::time::Instant;

/// The search bot playing one game.
pub struct SearchBot {
    options: SearchOptions,
    /// The variant's rules compiled with the bot helpers of its folders.
    rules: Rc<Rules>,
    rng: Rng,
    /// The game planned so far, in a game without chance (`plan=game`).
    kept: Option<Kept>,
}

/// When a decision started, by the clock and by the engine's count of operations.
struct Started {
    at: Instant,
    operations: u64,
}

/// A move being tried and what its futures were worth.
struct Candidate {
    /// Its index in the legal moves.
    index: usize,
    visits: u32,
    total: f64,
}

impl Candidate {
    fn mean(&self) -> f64 {
        self.total / f64::from(self.visits.max(1))
    }
}

impl SearchBot {
    /// `rules` must define [`HELPERS`] (see [`Rules::compile_with_helpers`]).
    pub fn new(options: SearchOptions, rules: Rc<Rules>, seed: u64) -> SearchBot {
        SearchBot {
            options,
            rules,
            rng: Rng::seeded(seed),
            kept: None,
        }
    }

    /// The indices of `moves` as the game's `bot_ranked` orders them, best first.
    fn ranked(&self, state: Dynamic, moves: &[Move]) -> Result<Vec<usize>, Diagnostic> {
        Ok(helpers::ranked(&self.rules, state, moves)?
            .into_iter()
            .map(|(index, _)| index)
            .collect())
    }

    /// `bot_after(state, mv)`: the value and the position after `mv`.
    fn after(&self, state: Dynamic, mv: &Dynamic) -> Result<(f64, Dynamic), Diagnostic> {
        helpers::after(&self.rules, state, mv)
    }

    /// One imagined future of `view` after `mv`: what its last position is worth. The
    /// decisions after `mv` are the game's greedy choice (`bot_ranked`) among all the
    /// legal moves, or among `sample` of them drawn at random with `luck`.
    fn future(&self, view: Dynamic, mv: &Move, mut luck: Rng) -> Result<f64, Diagnostic> {
        let (mut value, mut state) = self.after(view, &mv.value)?;
        for _ in 0..self.options.depth {
            if self.rules.over(&mut state)?.is_some() {
                break;
            }
            let mut moves = self.rules.moves(&mut state)?;
            if moves.is_empty() {
                break;
            }
            if let Some(n) = self.options.sample {
                for i in 0..n.min(moves.len()) {
                    let j = i + luck.below(moves.len() - i);
                    moves.swap(i, j);
                }
                moves.truncate(n);
            }
            let best = self.ranked(state.clone(), &moves)?[0];
            (value, state) = self.after(state, &moves[best].value)?;
        }
        Ok(value)
    }

    /// How much of the decision's budget of time or operations is spent (microseconds
    /// or operations) and how much it is; `None` under a budget of iterations.
    fn spent(&self, started: &Started) -> Option<(u64, u64)> {
        match self.options.budget {
            Budget::Iterations(_) => None,
            Budget::Millis(ms) => Some((started.at.elapsed().as_micros() as u64, ms * 1000)),
            Budget::KiloOperations(k) => Some((
                self.rules.operations() - started.operations,
                k.saturating_mul(1000),
            )),
        }
    }

    /// Whether a round of futures, or one future, may begin when the dearest so far cost
    /// `dearest` (in the budget's unit): only if it would end within the budget were it
    /// as dear. Always under a budget of iterations, which counts whole rounds instead.
    fn affords(&self, started: &Started, dearest: u64) -> bool {
        self.spent(started)
            .is_none_or(|(spent, budget)| spent + dearest <= budget)
    }

    /// Whether to play another round of futures after `done` futures and `rounds` whole
    /// rounds: the first always begins; then a budget of iterations counts futures, and
    /// one of time or operations begins no round it could not finish.
    fn goes_on(&self, done: u32, rounds: u32, started: &Started, dearest_round: u64) -> bool {
        match self.options.budget {
            _ if rounds == 0 => true,
            Budget::Iterations(n) => done < n,
            _ => self.affords(started, dearest_round),
        }
    }

    /// The first move of the best line the planner finds from `view` (a game without
    /// chance): levels are searched up to the horizon while the budget of time or
    /// operations allows the next at its likely cost.
    fn planned(&self, view: Dynamic, started: &Started) -> Result<usize, Diagnostic> {
        let beam = Beam {
            width: self.options.beam,
            horizon: Some(self.options.horizon),
        };
        plan::first_move(&self.rules, view, beam, &|| self.now(started), &|cost| {
            self.affords(started, cost)
        })
    }

    /// The plan's move from `view` (a game without chance) after working on the plan
    /// within the move's `budget` (operations or microseconds); a plan that does not pass
    /// through `view` (the game was played otherwise) begins again from there.
    fn kept_move(
        &mut self,
        view: Dynamic,
        moves: &[Move],
        started: &Started,
        budget: u64,
    ) -> Result<usize, Diagnostic> {
        let followed = self.kept.take().and_then(|kept| {
            let at = kept.number_of(&self.rules, &view)?;
            Some((kept, at))
        });
        let (mut kept, at) = followed.unwrap_or_else(|| (Kept::new(&self.rules, view), 0));
        let label = kept.work(&self.rules, at, &|| self.now(started), budget)?;
        self.kept = Some(kept);
        plan::labelled_index(moves, &label, "the search bot's plan")
    }

    /// What the unit of the budget reads now (0 under a budget of iterations).
    fn now(&self, started: &Started) -> u64 {
        self.spent(started).map_or(0, |(spent, _)| spent)
    }
}

impl Bot for SearchBot {
    fn name(&self) -> &str {
        "search"
    }

    fn choose(&mut self, state: &Dynamic, moves: &[Move]) -> Result<usize, Diagnostic> {
        if moves.len() == 1 {
            return Ok(0);
        }
        let started = Started {
            at: Instant::now(),
            operations: self.rules.operations(),
        };
        let seen = player_view(state, &mut self.rng);
        if plan::without_chance(&self.rules, &seen)? {
            return match (self.options.plan, self.spent(&started)) {
                (Planning::Game, Some((_, budget))) => {
                    self.kept_move(seen, moves, &started, budget)
                }
                _ => self.planned(seen, &started),
            };
        }
        let mut candidates: Vec<Candidate> = self
            .ranked(seen, moves)?
            .into_iter()
            .take(self.options.width)
            .map(|index| Candidate {
                index,
                visits: 0,
                total: 0.0,
            })
            .collect();
        if candidates.len() == 1 {
            return Ok(candidates[0].index);
        }
        // Rounds of common futures: in each, one deal of the hidden piles (and one
        // generator for the choices of the future), the same for every candidate, so
        // that candidates are compared on the same luck rather than each on its own.
        // Under a budget of time or operations a round can still be cut short (its first
        // round, or one dearer than all before it): then no future begins that would
        // overrun the budget, and the cut round's futures are set aside unless it is the
        // first, so that candidates are compared on the same deals.
        let (mut done, mut rounds) = (0, 0);
        let (mut dearest_round, mut dearest_future) = (0, 0);
        while self.goes_on(done, rounds, &started, dearest_round) {
            let round_began = self.now(&started);
            let view = player_view(state, &mut self.rng);
            let luck = self.rng.fork();
            let mut values = Vec::with_capacity(candidates.len());
            for c in &candidates {
                if done > 0 && !self.affords(&started, dearest_future) {
                    break;
                }
                let began = self.now(&started);
                values.push(self.future(view.clone(), &moves[c.index], luck.clone())?);
                dearest_future = dearest_future.max(self.now(&started) - began);
                done += 1;
            }
            let whole = values.len() == candidates.len();
            if whole || rounds == 0 {
                for (c, value) in candidates.iter_mut().zip(values) {
                    c.visits += 1;
                    c.total += value;
                }
            }
            if !whole {
                break;
            }
            rounds += 1;
            dearest_round = dearest_round.max(self.now(&started) - round_began);
        }
        // The best mean; on a tie, the better-ranked move.
        let best = (0..candidates.len())
            .filter(|&i| candidates[i].visits > 0)
            .max_by(|&a, &b| {
                candidates[a]
                    .mean()
                    .total_cmp(&candidates[b].mean())
                    .then(b.cmp(&a))
            })
            .unwrap_or(0);
        Ok(candidates[best].index)
    }
}
