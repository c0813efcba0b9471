//! Improving a whole game by detours: at one decision of the best game so far, another
//! of the few moves the game's ranking rates best is played, and the rest of the game is
//! played greedily (the greedy bot's moves) from there; a better game becomes the one
//! detoured from. In a long game one other move changes everything after it, so the games a
//! detour reaches are many and varied, and the best of them is never worse than the game
//! it started from. Detours are tried in an order shuffled by a seed: the same seed and
//! budget find the same game. A detour that comes back to a position an earlier game
//! stood at (another order of the same actions) is stopped there: greedy play from a
//! position is always the same game, whose result is known.

use super::beam::Line;
use super::replay;
use super::rollout::greedy_game;
use crate::bot::fingerprint::fingerprint;
use crate::bot::helpers::ranked;
use crate::bot::Bot;
use crate::diagnostic::Diagnostic;
use crate::script::{Move, Rules};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rhai::Dynamic;
use std::collections::HashMap;

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
    /// Plays the game on after a detour (the greedy bot).
    player: &'a mut dyn Bot,
    root: Dynamic,
    best: Line,
    /// The position before each move of `best`.
    positions: Vec<Dynamic>,
    /// The detours not yet tried from `best`, the next last.
    untried: Vec<Detour>,
    rng: ChaCha8Rng,
    /// The result of greedy play from each position a game played so far stood at (by
    /// fingerprint) from which it was played greedily: the result of that game.
    known: HashMap<u64, i64>,
}

/// What one detour found: the game it led to (`None`: the decision offers no such
/// move, the budget stopped the game, or it rejoined a game played before), and whether
/// it beat the best so far.
pub struct Tried {
    pub detour: Detour,
    pub game: Option<Line>,
    /// The result of the earlier game whose position the detour reached, where it
    /// stopped: from there on it would have played that game's end again.
    pub rejoined: Option<i64>,
    pub better: bool,
}

/// A detour's game as played: finished, stopped, or stopped where it rejoined a game
/// played before; with the fingerprints of the positions it played greedily from.
struct Played {
    game: Option<Line>,
    rejoined: Option<i64>,
    reached: Vec<u64>,
}

impl<'a> Detours<'a> {
    /// The detours of `best`, `player`'s game from `root` ([`greedy_game`]); `player`
    /// plays on after each detour, and `rules` (its engine) ranks a detour's moves.
    pub fn new(
        rules: &'a Rules,
        player: &'a mut dyn Bot,
        root: Dynamic,
        best: Line,
        seed: u64,
    ) -> Result<Detours<'a>, Diagnostic> {
        let mut detours = Detours {
            rules,
            player,
            root,
            positions: Vec::new(),
            untried: Vec::new(),
            best,
            rng: ChaCha8Rng::seed_from_u64(seed),
            known: HashMap::new(),
        };
        detours.start_from_best(0)?;
        let total = detours.best.total.unwrap_or(0);
        for position in &detours.positions {
            detours.known.insert(fingerprint(rules, position), total);
        }
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
        let Played {
            game,
            rejoined,
            reached,
        } = self
            .play(detour, go_on)
            .map_err(|e| e.within(format_args!("the game after the detour {detour}")))?;
        if let Some(g) = &game {
            let total = g.total.unwrap_or(0);
            self.known.extend(reached.into_iter().map(|p| (p, total)));
        }
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
            rejoined,
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
        let positions = &mut self.positions;
        replay(self.rules, &mut state, &self.best.labels[from..], |p| {
            positions.push(p.clone())
        })?;
        self.untried = every_detour(self.positions.len());
        self.untried.shuffle(&mut self.rng);
        Ok(())
    }

    /// The game `detour` leads to: the game's moves up to it, the detour, then the
    /// player's game to the end, or until it stands where an earlier game stood.
    fn play(
        &mut self,
        detour: Detour,
        go_on: &mut dyn FnMut() -> bool,
    ) -> Result<Played, Diagnostic> {
        let mut played = Played {
            game: None,
            rejoined: None,
            reached: Vec::new(),
        };
        let mut state = self.positions[detour.at].clone();
        let moves = self.rules.moves(&mut state)?;
        let own = &self.best.labels[detour.at];
        let Some(mv) = other_move(self.rules, &state, &moves, own, detour.choice)? else {
            return Ok(played);
        };
        self.rules.play(&mut state, mv)?;
        let mut labels = self.best.labels[..detour.at].to_vec();
        labels.push(mv.label.clone());
        let known = &self.known;
        let past = labels.len();
        let rest = greedy_game(self.rules, self.player, state, past, &mut |position| {
            if let Some(&total) = known.get(&position) {
                played.rejoined = Some(total);
                return false;
            }
            played.reached.push(position);
            go_on()
        })?;
        played.game = rest.map(|rest| {
            labels.extend(rest.labels.iter().cloned());
            Line::ended(labels, rest.total.unwrap_or(0), rest.into_state())
        });
        Ok(played)
    }
}

/// Every detour of a game of `moves` moves: at each, each of the [`CHOICES`] other moves.
pub(super) fn every_detour(moves: usize) -> Vec<Detour> {
    (0..moves)
        .flat_map(|at| (1..=CHOICES).map(move |choice| Detour { at, choice }))
        .collect()
}

/// The `choice`-th best move by the ranking other than the game's own (`own`); `None`
/// where the position offers no such move.
pub(super) fn other_move<'m>(
    rules: &Rules,
    state: &Dynamic,
    moves: &'m [Move],
    own: &str,
    choice: usize,
) -> Result<Option<&'m Move>, Diagnostic> {
    if moves.len() <= choice {
        return Ok(None);
    }
    let order = ranked(rules, state.clone(), moves)?;
    Ok(order
        .iter()
        .map(|&(index, _)| &moves[index])
        .filter(|mv| mv.label != own)
        .nth(choice - 1))
}
