//! Improving a whole game by detours: at one decision of the best game so far, another
//! of the few moves the game's ranking rates best is played, and the rest of the game is
//! played greedily (a beam of one) from there; a better game becomes the one detoured
//! from. In a long game one other move changes everything after it, so the games a
//! detour reaches are many and varied, and the best of them is never worse than the game
//! it started from. Detours are tried in an order shuffled by a seed: the same seed and
//! budget find the same game.

use super::beam::{plan, Beam, Line};
use super::labelled;
use crate::bot::helpers::ranked;
use crate::diagnostic::Diagnostic;
use crate::script::Rules;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rhai::Dynamic;

/// How many other moves a detour may take at a decision: the next best by the ranking.
/// The ranking is rarely wrong by more: a move it rates lower seldom starts a better game.
const CHOICES: usize = 3;

/// One detour: at the `at`-th move of the game, the `choice`-th best move the ranking
/// offers other than the game's own (1 is the best of them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Detour {
    pub at: usize,
    pub choice: usize,
}

impl std::fmt::Display for Detour {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let which = ["best", "second-best", "third-best"];
        let which = self
            .choice
            .checked_sub(1)
            .and_then(|i| which.get(i))
            .copied();
        let which = which.unwrap_or("next");
        write!(f, "at move {}, the {which} other move", self.at + 1)
    }
}

/// The detours of the best game so far, tried one at a time.
pub struct Detours<'a> {
    rules: &'a Rules,
    root: Dynamic,
    best: Line,
    /// The position before each move of `best`.
    positions: Vec<Dynamic>,
    /// The detours not yet tried from `best`, the next last.
    untried: Vec<Detour>,
    rng: ChaCha8Rng,
}

/// What one detour found: the game it led to (`None`: the decision offers no such
/// move, or the budget stopped the game), and whether it beat the best so far.
pub struct Tried {
    pub detour: Detour,
    pub game: Option<Line>,
    pub better: bool,
}

impl<'a> Detours<'a> {
    /// The detours of `best`, a finished game played from `root`.
    pub fn new(
        rules: &'a Rules,
        root: Dynamic,
        best: Line,
        seed: u64,
    ) -> Result<Detours<'a>, Diagnostic> {
        let mut detours = Detours {
            rules,
            root,
            positions: Vec::new(),
            untried: Vec::new(),
            best,
            rng: ChaCha8Rng::seed_from_u64(seed),
        };
        detours.start_from_best(0)?;
        Ok(detours)
    }

    /// The best game found, the one detoured from.
    pub fn best(&self) -> &Line {
        &self.best
    }

    /// Tries the next detour; `None` when every detour of the best game has been tried
    /// (no single detour improves it). `go_on` is asked between the steps of the game
    /// played after the detour (the caller's budget).
    pub fn try_next(
        &mut self,
        go_on: &mut dyn FnMut() -> bool,
    ) -> Result<Option<Tried>, Diagnostic> {
        let Some(detour) = self.untried.pop() else {
            return Ok(None);
        };
        let game = self
            .play(detour, go_on)
            .map_err(|e| e.within(format_args!("the game after the detour {detour}")))?;
        let better = match &game {
            Some(g) if g.total > self.best.total => {
                self.best = g.clone();
                true
            }
            _ => false,
        };
        if better {
            self.start_from_best(detour.at)?;
        }
        Ok(Some(Tried {
            detour,
            game,
            better,
        }))
    }

    /// Replays the best game from its move `from` (the moves before it are those of the
    /// game it was found from, whose positions are kept) to know the position before
    /// each of its moves, and shuffles its detours.
    fn start_from_best(&mut self, from: usize) -> Result<(), Diagnostic> {
        let mut state = match self.positions.get(from) {
            Some(position) => position.clone(),
            None => self.root.clone(),
        };
        self.positions.truncate(from);
        for label in &self.best.labels[from..] {
            self.positions.push(state.clone());
            let moves = self.rules.moves(&mut state)?;
            let mv = labelled(&moves, label, "the planner")?;
            self.rules.play(&mut state, mv)?;
        }
        self.untried = (0..self.positions.len())
            .flat_map(|at| (1..=CHOICES).map(move |choice| Detour { at, choice }))
            .collect();
        self.untried.shuffle(&mut self.rng);
        Ok(())
    }

    /// The game `detour` leads to: the game's moves up to it, the detour, then a beam
    /// of one to the end.
    fn play(
        &self,
        detour: Detour,
        go_on: &mut dyn FnMut() -> bool,
    ) -> Result<Option<Line>, Diagnostic> {
        let mut state = self.positions[detour.at].clone();
        let moves = self.rules.moves(&mut state)?;
        if moves.len() <= detour.choice {
            return Ok(None);
        }
        let own = &self.best.labels[detour.at];
        let order = ranked(self.rules, state.clone(), &moves)?;
        let Some(mv) = order
            .iter()
            .map(|&(index, _)| &moves[index])
            .filter(|mv| mv.label != own)
            .nth(detour.choice - 1)
        else {
            return Ok(None);
        };
        self.rules.play(&mut state, mv)?;
        let mut labels = self.best.labels[..detour.at].to_vec();
        labels.push(mv.label.clone());
        if self.rules.over(&mut state)?.is_some() {
            let total = self.rules.score(&mut state)?["total"].as_int().unwrap_or(0);
            return Ok(Some(Line::ended(labels, total, state)));
        }
        let greedy = Beam {
            width: 1,
            horizon: None,
        };
        let rest = plan(self.rules, state, greedy, &mut |_| go_on())?;
        Ok(rest.finished.map(|rest| {
            labels.extend(rest.labels.iter().cloned());
            Line::ended(labels, rest.total.unwrap_or(0), rest.into_state())
        }))
    }
}
