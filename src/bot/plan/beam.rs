//! Beam search over steps: each level keeps the `width` best positions one step further
//! on, judged by the game's `bot_ranked` (the value of the turn a move starts, finished
//! as the greedy bot would), positions reached twice kept once. A step is a decision and
//! the questions it opens (`question()`): levels compared by decisions would favour
//! actions of one decision over those asked in several, which look a step behind. For
//! the same reason a decision that leaves the game's clock as it was (`bot_clock`, where
//! the game's helpers define it: a purchase beside an action) runs on to the next one
//! within the level.

use crate::bot::fingerprint::fingerprint;
use crate::bot::helpers::{clock, ranked};
use crate::diagnostic::Diagnostic;
use crate::script::{interrupt, Move, Rules};
use rhai::{Dynamic, ImmutableString};
use std::collections::HashSet;

/// How wide and how far the planner looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Beam {
    /// Positions kept at each level.
    pub width: usize,
    /// Steps planned ahead (a decision and the questions it opens); `None`: to the end
    /// of the game.
    pub horizon: Option<usize>,
}

/// A line of play from the position planned from.
#[derive(Clone)]
pub struct Line {
    /// The moves' labels, in order.
    pub labels: Vec<ImmutableString>,
    /// The first move's index among the position's legal moves.
    pub first: usize,
    /// `bot_value` of where the line ends (for a finished game, its turn's value).
    pub value: f64,
    /// The result, when the line ends the game.
    pub total: Option<i64>,
    state: Dynamic,
}

impl Line {
    /// A whole game played from the position planned from: its moves, its result and
    /// where it ended (its value is its result).
    pub fn ended(labels: Vec<ImmutableString>, total: i64, state: Dynamic) -> Line {
        Line {
            labels,
            first: 0,
            value: total as f64,
            total: Some(total),
            state,
        }
    }

    /// The position where the line ends.
    pub fn into_state(self) -> Dynamic {
        self.state
    }
}

/// What a plan found: the best finished game (by result, then value), and the best
/// line of the last level reached that has not ended (by value).
#[derive(Default)]
pub struct Plan {
    pub finished: Option<Line>,
    pub frontier: Option<Line>,
    /// Levels (steps) searched.
    pub levels: usize,
    /// Whether some level held as many positions as the beam keeps: if none did, every
    /// position the ranking offers was searched, and a wider beam finds nothing more.
    pub filled: bool,
}

impl Plan {
    /// The line to follow: the better by value of the best finished and the best
    /// unfinished (a finished line wins a tie: its value is certain).
    pub fn best(&self) -> Option<&Line> {
        match (&self.finished, &self.frontier) {
            (Some(f), Some(u)) if u.value > f.value => Some(u),
            (Some(f), _) => Some(f),
            (None, u) => u.as_ref(),
        }
    }
}

/// What the caller sees between levels, to stop the search or show progress.
pub struct Progress<'a> {
    pub level: usize,
    /// The positions the next level starts from: its cost is about proportional.
    pub positions: usize,
    /// Asked between the steps of a level, not before one: `false` abandons the level
    /// and keeps the last one finished.
    pub within_level: bool,
    pub finished: Option<&'a Line>,
}

/// A move weighed at a level: the position it leaves from, its index there, its value.
struct Candidate {
    parent: usize,
    index: usize,
    value: f64,
}

/// Plans from `root` (a position where the game has not ended). Before each level, and
/// between the rounds of questions within it, `go_on` is asked whether to search on (the
/// budget); Ctrl-C stops the search with what it found.
pub fn plan(
    rules: &Rules,
    root: Dynamic,
    beam: Beam,
    go_on: &mut dyn FnMut(&Progress) -> bool,
) -> Result<Plan, Diagnostic> {
    let mut result = Plan::default();
    let mut level = vec![Line {
        labels: Vec::new(),
        first: 0,
        value: f64::NEG_INFINITY,
        total: None,
        state: root,
    }];
    while !level.is_empty()
        && beam.horizon.is_none_or(|h| result.levels < h)
        && go_on(&Progress {
            level: result.levels,
            positions: level.len(),
            within_level: false,
            finished: result.finished.as_ref(),
        })
    {
        match next_level(rules, &level, beam.width, &mut result, go_on) {
            Ok(Level::Whole(next)) => level = next,
            // A later level cut short is dropped for the last whole one; the first has
            // no whole one before it, so its ranked positions stand (else the plan would
            // have no line, and a bot no move but the first legal one).
            Ok(Level::Cut(part)) => {
                if result.levels == 0 {
                    level = part;
                }
                break;
            }
            Err(_) if interrupt::requested() => break,
            Err(e) => return Err(e),
        }
        result.levels += 1;
    }
    // The root itself is no line to follow; a line of moves is, even one whose value
    // no ranking gave (a single move the ranking offered keeps the root's: none), or
    // a bot would play the first legal move, which the ranking may leave out.
    result.frontier = level.into_iter().next().filter(|l| !l.labels.is_empty());
    Ok(result)
}

/// A level searched: whole, or cut short by the budget between two rounds of its
/// questions (the positions reached by then, some still answering, best first).
enum Level {
    Whole(Vec<Line>),
    Cut(Vec<Line>),
}

/// The positions one step after `level`: one decision, and those that answer the
/// questions it opens (an action in steps: `question()` is not `()` until it is done), so
/// that every position of a level has taken as many whole steps. Within a step, the
/// positions still answering are pruned to the `width` best as well; finished games go
/// to `plan`. Cut when `go_on` stops it between two rounds of questions.
fn next_level(
    rules: &Rules,
    level: &[Line],
    width: usize,
    plan: &mut Plan,
    go_on: &mut dyn FnMut(&Progress) -> bool,
) -> Result<Level, Diagnostic> {
    let mut seen = HashSet::new();
    let mut settled = Vec::new();
    let mut asking = level.to_vec();
    let mut rounds = 0;
    while !asking.is_empty() {
        let within = Progress {
            level: plan.levels,
            positions: asking.len(),
            within_level: true,
            finished: plan.finished.as_ref(),
        };
        if rounds > 0 && !go_on(&within) {
            settled.extend(asking);
            return Ok(Level::Cut(best_first(settled, width)));
        }
        rounds += 1;
        let (still, done) = step(rules, &mut asking, width, &mut seen, plan)?;
        asking = still;
        settled.extend(done);
    }
    let settled = best_first(settled, width);
    plan.filled |= settled.len() == width;
    Ok(Level::Whole(settled))
}

/// The `width` best of `lines` by value, best first (a stable sort: on a tie, the
/// position found first).
fn best_first(mut lines: Vec<Line>, width: usize) -> Vec<Line> {
    lines.sort_by(|a, b| b.value.total_cmp(&a.value));
    lines.truncate(width);
    lines
}

/// One decision from each of `from`: the best `width` positions still in their step (a
/// question open, or the clock not moved on), and the positions that have finished
/// their step (at most `width` of those, since only `width` can be kept).
fn step(
    rules: &Rules,
    from: &mut [Line],
    width: usize,
    seen: &mut HashSet<u64>,
    plan: &mut Plan,
) -> Result<(Vec<Line>, Vec<Line>), Diagnostic> {
    let mut moves: Vec<Vec<Move>> = Vec::with_capacity(from.len());
    let mut clocks = Vec::with_capacity(from.len());
    let mut candidates = Vec::new();
    for (parent, line) in from.iter_mut().enumerate() {
        clocks.push(clock(rules, &line.state)?);
        let legal = rules.moves(&mut line.state)?;
        // A forced step, or the one answer the game's helpers weigh (the suggested
        // payment), keeps the value of the turn that led to it.
        let mut weighed = match legal.len() {
            0 => Vec::new(),
            1 => vec![(0, line.value)],
            _ => ranked(rules, line.state.clone(), &legal)?,
        };
        if let [(_, value)] = weighed.as_mut_slice() {
            *value = line.value;
        }
        candidates.extend(weighed.into_iter().map(|(index, value)| Candidate {
            parent,
            index,
            value,
        }));
        moves.push(legal);
    }
    // A stable sort: on a tie, the better parent, then the better-ranked move.
    candidates.sort_by(|a, b| b.value.total_cmp(&a.value));
    let (mut asking, mut done) = (Vec::new(), Vec::new());
    for c in candidates {
        if asking.len() == width && done.len() == width {
            break;
        }
        let parent = &from[c.parent];
        let mv = &moves[c.parent][c.index];
        let mut state = parent.state.clone();
        rules.play(&mut state, mv)?;
        if !seen.insert(fingerprint(rules, &state)) {
            continue;
        }
        let mut labels = parent.labels.clone();
        labels.push(mv.label.clone());
        let mut line = Line {
            first: if parent.labels.is_empty() {
                c.index
            } else {
                parent.first
            },
            labels,
            value: c.value,
            total: None,
            state,
        };
        if rules.over(&mut line.state)?.is_some() {
            finished(rules, line, plan)?;
        } else if in_step(rules, &mut line.state, clocks[c.parent])? {
            if asking.len() < width {
                asking.push(line);
            }
        } else if done.len() < width {
            done.push(line);
        }
    }
    Ok((asking, done))
}

/// Whether `state`, one decision on from a position whose clock was `before`, is still
/// in its step: a question open, or the clock where it was.
fn in_step(rules: &Rules, state: &mut Dynamic, before: Option<f64>) -> Result<bool, Diagnostic> {
    if rules.question(state)?.is_some() {
        return Ok(true);
    }
    Ok(match before {
        Some(before) => clock(rules, state)? == Some(before),
        None => false,
    })
}

/// Keeps `line`, a finished game, if it is the best so far (by result, then value).
fn finished(rules: &Rules, mut line: Line, plan: &mut Plan) -> Result<(), Diagnostic> {
    let total = rules.score(&mut line.state)?["total"].as_int().unwrap_or(0);
    line.total = Some(total);
    let better = plan
        .finished
        .as_ref()
        .is_none_or(|f| (total, line.value) > (f.total.unwrap_or(0), f.value));
    if better {
        plan.finished = Some(line);
    }
    Ok(())
}
