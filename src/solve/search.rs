//! The searches of one `solve` within its budget: the starts' games, the detours from
//! the best, its end played again and its beams, then whole-game beams ever wider.

use super::saved::Saved;
use super::{progress_bar, Found, Run, Start, ENDING_SHARE, LATE_MOVE_SHARE};
use crate::bot::plan::{self, Beam, Detour, Detours, Line};
use crate::diagnostic::Diagnostic;
use crate::script::{interrupt, Rules};
use crate::terminal;
use indicatif::ProgressBar;
use std::io::Write;
use std::rc::Rc;

/// Whole games planned within `budget` thousands of operations: each start's game (the
/// greedy bot's, unless the game names others); then detours from the best game (see
/// [`plan::detour`]), its bot playing on, until none improves it or the budget less its
/// last quarter is spent; then its end played again with detours ahead of each move
/// ([`Search::late_detours`]) and searched with wide beams ([`plan::ending`]);
/// then whole-game beams ever wider (from two), each as wide as the budget left seems
/// to afford (twice the last at most), until one keeps every position it meets (a small
/// game, searched through). The games start at `root`, after the `kept` moves of
/// `--keep`, which the move numbers it names count.
pub(super) fn widen(
    rules: &Rules,
    starts: &mut [Start],
    from: Option<&Saved>,
    root: rhai::Dynamic,
    kept: usize,
    budget: u64,
    seed: u64,
) -> Result<Found, Diagnostic> {
    let mut search = Search::new(rules, budget.saturating_mul(1000), kept);
    for start in starts.iter() {
        search.count(&start.rules);
    }
    // The saved game first (played on by the first bot), then each bot's; a bot's game
    // fills its one line: a wider beam may find more.
    let saved = from.map(|saved| (0, Some(saved)));
    let bots = (0..starts.len()).map(|i| (i, None));
    let mut planned = None;
    let mut best = None;
    for (i, saved) in saved.into_iter().chain(bots) {
        let Some(kept) = search.start(&mut starts[i], saved, &root)? else {
            planned = None;
            break;
        };
        planned = Some(true);
        if kept {
            best = Some(i);
        }
    }
    if let (Some(i), Some(_)) = (best, planned) {
        search.detours(&mut starts[i], &root, seed)?;
        // A search that failed keeps its error and the best game found before it.
        if search.found.failed.is_none() {
            search.late_detours(&root);
        }
        if search.found.failed.is_none() {
            search.endings(&root);
        }
    }
    let mut width = 1;
    while let Some(filled) = planned {
        let cost = search.last_cost.max(1);
        let affordable =
            (width as u128 * u128::from(search.left()) * 9 / 10 / u128::from(cost)) as usize;
        let next = affordable.min(width * 2);
        if !filled || next <= width || search.stopped() || search.found.failed.is_some() {
            break;
        }
        width = next;
        planned = search.whole(&root, width)?;
    }
    search.found.operations = search.spent();
    search.bar.finish_and_clear();
    Ok(search.found)
}

/// The searches of one `solve`, their budget and what they found.
struct Search<'a> {
    rules: &'a Rules,
    budget: u64,
    started: u64,
    /// The engines of the starts' bots, with their operations before the search: the
    /// budget counts theirs too.
    others: Vec<(Rc<Rules>, u64)>,
    bar: ProgressBar,
    found: Found,
    /// What the last whole-game beam cost, in operations.
    last_cost: u64,
    /// The moves played before the root (`--keep`), added to the move numbers it names.
    kept: usize,
}

impl<'a> Search<'a> {
    fn new(rules: &'a Rules, budget: u64, kept: usize) -> Search<'a> {
        Search {
            rules,
            kept,
            budget,
            started: rules.operations(),
            others: Vec::new(),
            bar: progress_bar(budget),
            found: Found {
                line: None,
                operations: 0,
                interrupted: false,
                runs: Vec::new(),
                games: 0,
                ends: 0,
                rejoined: 0,
                failed: None,
            },
            last_cost: 0,
        }
    }

    /// Counts the operations of `engine` in the budget from now on (once: the greedy
    /// start plays in the search's own engine).
    fn count(&mut self, engine: &Rc<Rules>) {
        let counted = std::ptr::eq(Rc::as_ptr(engine), self.rules)
            || self.others.iter().any(|(e, _)| Rc::ptr_eq(e, engine));
        if !counted {
            self.others.push((engine.clone(), engine.operations()));
        }
    }

    fn spent(&self) -> u64 {
        let others: u64 = self
            .others
            .iter()
            .map(|(engine, started)| engine.operations() - started)
            .sum();
        self.rules.operations() - self.started + others
    }

    fn left(&self) -> u64 {
        self.budget.saturating_sub(self.spent())
    }

    /// Whether a search may go on (budget left, no Ctrl-C); shows what is spent.
    fn goes_on(&self) -> bool {
        self.bar.set_position(self.spent() / 1000);
        self.spent() < self.budget && !interrupt::requested()
    }

    /// Whether the budget is spent or Ctrl-C came.
    fn stopped(&mut self) -> bool {
        self.found.interrupted |= interrupt::requested();
        self.found.interrupted || self.spent() >= self.budget
    }

    /// A whole-game beam `width` wide; `Some(filled)` when it finished within the
    /// budget (`filled`: some level kept as many positions as the beam holds, so a wider
    /// beam may find more), `None` when it was stopped.
    fn whole(&mut self, root: &rhai::Dynamic, width: usize) -> Result<Option<bool>, Diagnostic> {
        let before = self.spent();
        self.show(format!("beam {width}"));
        let beam = Beam {
            width,
            horizon: None,
        };
        let planned = plan::plan(self.rules, root.clone(), beam, &mut |_| self.goes_on())?;
        self.last_cost = self.spent() - before;
        if self.stopped() {
            return Ok(None);
        }
        if let Some(line) = planned.finished {
            self.found.games += 1;
            self.keep(format!("beam {width}"), line, before);
        }
        Ok(Some(planned.filled))
    }

    /// The game `start`'s bot plays from `root`, or from where the `saved` game stops:
    /// `Some(best)` when it finished (`best`: the best game so far), `None` when it was
    /// stopped. Ctrl-C, or an error once a game is kept, stops the search with that game.
    fn start(
        &mut self,
        start: &mut Start,
        saved: Option<&Saved>,
        root: &rhai::Dynamic,
    ) -> Result<Option<bool>, Diagnostic> {
        let before = self.spent();
        let (name, first, position) = match saved {
            Some(saved) => (
                saved.name(),
                saved.moves.clone(),
                saved.position(&start.rules, root)?,
            ),
            None => (start.name.clone(), Vec::new(), root.clone()),
        };
        self.show(name.clone());
        let played = plan::greedy_game(
            &start.rules,
            start.player.as_mut(),
            position,
            first.len(),
            &mut |_| self.goes_on(),
        );
        let played = match played {
            Ok(played) => played,
            Err(_) if interrupt::requested() => None,
            Err(e) if self.found.line.is_some() => {
                self.found.failed = Some(e.within(format_args!("{}'s game", start.name)));
                None
            }
            Err(e) => return Err(e),
        };
        self.last_cost = self.spent() - before;
        self.found.interrupted |= interrupt::requested();
        Ok(played.map(|rest| {
            self.found.games += 1;
            let total = rest.total.unwrap_or(0);
            let moves = first
                .into_iter()
                .chain(rest.labels.iter().cloned())
                .collect();
            self.keep(name, Line::ended(moves, total, rest.into_state()), before)
        }))
    }

    /// Detours from the best game, `start`'s, while the budget less the end's share
    /// lasts, its bot playing on after each; each better game listed.
    fn detours(
        &mut self,
        start: &mut Start,
        root: &rhai::Dynamic,
        seed: u64,
    ) -> Result<(), Diagnostic> {
        let Some(best) = self.found.line.clone() else {
            return Ok(());
        };
        let player = start.player.as_mut();
        let mut detours = Detours::new(&start.rules, player, root.clone(), best, seed)?;
        let mut before = self.spent();
        let until = self.budget - self.budget / ENDING_SHARE;
        self.show("detours".into());
        loop {
            let tried = match detours.try_next(&mut || self.goes_on() && self.spent() < until) {
                Ok(Some(tried)) => tried,
                Ok(None) => break,
                Err(_) if interrupt::requested() => {
                    self.found.interrupted = true;
                    break;
                }
                Err(e) => {
                    self.found.failed = Some(e);
                    break;
                }
            };
            if self.stopped() || self.spent() >= until {
                break;
            }
            self.found.games += usize::from(tried.game.is_some());
            self.found.rejoined += usize::from(tried.rejoined.is_some());
            if let (true, Some(game)) = (tried.better, tried.game) {
                let detour = Detour {
                    at: tried.detour.at + self.kept,
                    ..tried.detour
                };
                self.keep(format!("detour {detour}"), game, before);
                before = self.spent();
                self.show("detours".into());
            }
        }
        Ok(())
    }

    /// The best game's end searched with wide beams while the budget lasts; each better
    /// ending listed, and searched from in turn.
    /// An error ends the search with the best game so far, as after a detour.
    fn endings(&mut self, root: &rhai::Dynamic) {
        loop {
            let Some(best) = self.found.line.clone() else {
                return;
            };
            let before = self.spent();
            self.show("the end".into());
            let found = plan::better_ending(self.rules, root, &best, &mut || self.goes_on());
            let Some(ending) = self.found_or_failed(found, "the search of the end") else {
                return;
            };
            self.found.ends += 1;
            let name = format!("the last {} moves planned again", ending.from);
            self.keep(name, ending.game, before);
        }
    }

    /// What a search of the end found (`None`: nothing, stopped, or an error, which
    /// ends the search with the best game so far, as after a detour, unless Ctrl-C
    /// caused it); `what` names the search in the error.
    fn found_or_failed<T>(
        &mut self,
        found: Result<Option<T>, Diagnostic>,
        what: &str,
    ) -> Option<T> {
        match found {
            Ok(found) => found,
            Err(_) if interrupt::requested() => None,
            Err(e) => {
                self.found.failed = Some(e.within(format_args!("{what}")));
                None
            }
        }
    }

    /// The last eighth of the best game's moves played again as the `search` bot plays
    /// ([`plan::played_again`]: detours ahead of each move, [`LATE_MOVE_SHARE`] of the
    /// budget a move), and again while that finds a better game; the end's beams have
    /// the rest of the budget.
    fn late_detours(&mut self, root: &rhai::Dynamic) {
        let per_move = self.budget / LATE_MOVE_SHARE;
        while let Some(best) = self.found.line.clone() {
            if self.stopped() {
                return;
            }
            let before = self.spent();
            let start = best.labels.len() - (best.labels.len() / 8).max(1);
            let name = format!("late detours from move {}", self.kept + start + 1);
            self.show(name.clone());
            let mut state = root.clone();
            let (past, end) = best.labels.split_at(start);
            let total = best.total.unwrap_or(0);
            let mut go_on = || self.goes_on();
            let played = plan::replay(self.rules, &mut state, past, |_| {}).and_then(|()| {
                plan::played_again(
                    self.rules,
                    state,
                    past.len(),
                    (end, total),
                    per_move,
                    &mut go_on,
                )
            });
            let Some(game) = self.found_or_failed(played, "the late detours") else {
                return;
            };
            self.found.ends += 1;
            let mut labels = past.to_vec();
            labels.extend(game.labels.iter().cloned());
            let whole = Line::ended(labels, game.total.unwrap_or(0), game.into_state());
            if !self.keep(name, whole, before) {
                return;
            }
        }
    }

    /// Keeps `line`, a finished game, if it is the best so far, and lists and tells its
    /// run (begun when `before` operations were spent).
    fn keep(&mut self, name: String, line: Line, before: u64) -> bool {
        let total = line.total.unwrap_or(0);
        let run = Run {
            how: name,
            total,
            kops: (self.spent() - before) / 1000,
        };
        self.tell(&run);
        self.found.runs.push(run);
        let best = self
            .found
            .line
            .as_ref()
            .is_none_or(|b| line.total > b.total);
        if best {
            self.found.line = Some(line);
        }
        best
    }

    /// Tells a run as it ends, on standard error (above the bar at a terminal), so a long
    /// search shows what it has found before its report, in a log too.
    fn tell(&self, run: &Run) {
        let told = format!(
            "{run}, {} of {} kops spent",
            self.spent() / 1000,
            self.budget / 1000
        );
        if self.bar.is_hidden() {
            // A closed standard error loses the line, never the search.
            let _ = writeln!(std::io::stderr(), "{told}");
        } else {
            let width = terminal::error_width().unwrap_or(usize::MAX);
            self.bar.println(terminal::fit_lines(&told, width));
        }
    }

    fn show(&self, what: String) {
        let best = self.found.line.as_ref().and_then(|l| l.total);
        self.bar.set_message(format!(
            "{what}{}",
            best.map(|t| format!(", best {t}")).unwrap_or_default()
        ));
    }
}
