//! `houserules solve`: the best whole game the planner finds in a game without chance,
//! written as a save to step through at the REPL. The planner (see [`crate::bot::plan`])
//! plays the game of each bot the game's helpers name (`bot_starts()`; the greedy bot
//! by default), then detours from the best game found, then plays its end again with
//! detours ahead of each move and searches it with wide beams (the last quarter of the
//! budget), then wider whole-game beams while the
//! budget of script operations lasts, and keeps the best game of all; a budget in
//! operations (every bot's engine counted) finds the same game on any machine. Ctrl-C
//! stops it with the best game so far.

use crate::bot::plan::{self, Beam, Detour, Detours, Line};
use crate::bot::{self, Bot, LoadedBot};
use crate::diagnostic::{Diagnostic, Kind};
use crate::manifest::options::parse_assignment;
use crate::manifest::{Library, Variant};
use crate::players::{self, Player};
use crate::save::{self, SaveFile};
use crate::script::words::count;
use crate::script::{interrupt, Limits, Move, Rules};
use crate::session::Session;
use crate::sheet::Sheet;
use crate::user_data;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rhai::ImmutableString;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// The default budget, in thousands of script operations: five and a half minutes of one
/// core of a release build at 7.6 million operations a second, eleven at 3.9 million, the
/// fastest and slowest days measured (docs/PERFORMANCE.md, where the longest games
/// measured find their best game past nine tenths of it).
pub const DEFAULT_BUDGET: u64 = 2_500_000;

/// Who the save says chose the moves.
const PLAYER: &str = "solve";

/// The share of the budget the detours leave to the search of the best game's end, its
/// late detours and beams (1/4): late in a long search a detour drawn over the whole
/// game seldom gains more than a point or two, where the late detours found up to 15
/// (docs/PERFORMANCE.md, search 46).
const ENDING_SHARE: u64 = 4;

/// The share of the budget a move of the late detours may spend (1/125: 20 million
/// operations of the default budget), so that they scale with `--budget`.
const LATE_MOVE_SHARE: u64 = 125;

/// `solve`'s options, shared by the command line and its tests.
#[derive(Args, Debug, Clone)]
pub struct SolveArgs {
    /// Set an option of the variant (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// Thousands of script operations to spend (the same game on any machine). The
    /// default takes minutes of one core; each game `solve` plays is printed with what it
    /// cost, the first a bot's whole game, which sizes a budget.
    #[arg(long, value_name = "KOPS", default_value_t = DEFAULT_BUDGET, value_parser = crate::vocabulary::whole_number::<u64>, allow_negative_numbers = true)]
    pub budget: u64,
    /// The game's seed; it also shuffles the order of the detours tried.
    #[arg(long, default_value_t = 1, value_parser = crate::vocabulary::whole_number::<u64>, allow_negative_numbers = true)]
    pub seed: u64,
    /// The save file to write; default: VARIANT-solved.save in the current folder.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// A saved game of the same variant and options to improve: an earlier solve's best
    /// game (searched on with another --seed) or a game of yours, played on by the first
    /// bot if unfinished; it joins the bots' games, and the best of them is detoured from
    /// (any of its moves may change; --keep keeps them).
    #[arg(long, value_name = "FILE")]
    pub from: Option<PathBuf>,
    /// With --from: keep the saved game's moves as they are and plan only the moves
    /// after them (a position of yours, played on as well as it can be).
    #[arg(long, requires = "from")]
    pub keep: bool,
}

/// A whole game the search lists: how it was played, its result, and the thousands of
/// operations it cost.
struct Run {
    how: String,
    total: i64,
    kops: u64,
}

impl std::fmt::Display for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{}: {} ({} kops)", self.how, self.total, self.kops)
    }
}

/// What the search found, and what it cost.
struct Found {
    line: Option<Line>,
    operations: u64,
    interrupted: bool,
    /// The whole games listed: each start's, each better detour and ending, each beam,
    /// each pass of the late detours.
    runs: Vec<Run>,
    /// Every whole game planned: the starts', the detours', the beams'.
    games: usize,
    /// The best game's end planned again: each pass of the late detours and each
    /// ending the beams found (each tries many games within; its best is what counts).
    ends: usize,
    /// The detours stopped where they came back to a position of a game already
    /// played (its end, and so its result, would have been the same).
    rejoined: usize,
    /// The error that stopped the search early (a rule or helper that failed or ran
    /// away in a position the greedy game never reached); the best game so far stands.
    failed: Option<Diagnostic>,
}

/// Plans `variant`'s game and writes the best line as a save; returns the report.
pub fn solve(library: &Library, variant: &str, args: &SolveArgs) -> Result<String, Diagnostic> {
    let overrides = args
        .set
        .iter()
        .map(|s| parse_assignment(s))
        .collect::<Result<Vec<_>, _>>()?;
    let limits = Limits::default().counted();
    let mut session = Session::new(library, variant, &overrides, args.seed, limits)?;
    // The greedy bot's engine holds the rules and the game's bot helpers, which rank and
    // judge positions for the planner and name the bots whose games start the search;
    // a greedy start plays in it.
    let greedy = start_bot(session.variant(), bot::catalog::GREEDY, limits)?;
    let rules = greedy.rules().cloned().ok_or_else(|| not_rhai(variant))?;
    if !plan::without_chance(&rules, session.state())? {
        return Err(Diagnostic::about(
            Kind::Usage,
            variant,
            "this game has chance (hidden piles or random draws): no line of play is best for every deal",
        )
        .with_help(format!(
            "solve plans games without chance (the rules' `chance()` says false); compare bots on many deals with `{} sim {variant} --bot search`",
            library.program()
        )));
    }
    let path = args
        .save
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{}-solved.save", session.variant().name)));
    let mut from = args
        .from
        .as_deref()
        .map(|file| Saved::read(&session, file))
        .transpose()?;
    // The game improved may be replaced: the game written is never worse.
    let replace = from.as_ref().is_some_and(|saved| saved.is(&path));
    writable(&session, &path, replace)?;
    // Kept moves are where the planning starts: played here, they are the game's root.
    let kept = match from.take_if(|_| args.keep) {
        Some(saved) => saved.play_kept(&mut session)?,
        None => 0,
    };
    let mut starts = Vec::new();
    let named = plan::starts(&rules)?;
    for name in named.unwrap_or_else(|| vec![bot::catalog::GREEDY.to_owned()]) {
        let other;
        let loaded = if name == bot::catalog::GREEDY {
            &greedy
        } else {
            other = start_bot(session.variant(), &name, limits)?;
            &other
        };
        starts.push(Start {
            player: loaded.start(args.seed),
            rules: loaded.rules().cloned().ok_or_else(|| not_rhai(&name))?,
            name,
        });
    }
    let found = widen(
        &rules,
        &mut starts,
        from.as_ref(),
        session.state().clone(),
        kept,
        args.budget,
        args.seed,
    )?;
    let Some(line) = &found.line else {
        let (why, help) = if found.interrupted {
            (
                "by Ctrl-C",
                "let it play its first game (a progress bar shows it)".to_owned(),
            )
        } else {
            (
                "by its budget",
                format!("give it more budget: a bot's whole game comes first (the default, --budget {DEFAULT_BUDGET}, takes minutes)"),
            )
        };
        return Err(Diagnostic::about(
            Kind::Stopped,
            variant,
            format!("stopped {why} before a whole game was planned"),
        )
        .with_help(help));
    };
    replay(&mut session, line)?;
    let (written, note) = write_plan(&session, &path, replace, user_data::data_dir())?;
    let mut out = report(&mut session, line, &found, args.budget, &written)?;
    if let Some(why) = note {
        out.push_str(&format!("note: {why}\n"));
    }
    Ok(out)
}

/// Refuses, before minutes of planning, a save file `solve` could not write: one that
/// holds another game (unless `replace`) or is no save, or in a folder that takes no
/// file.
fn writable(session: &Session, path: &Path, replace: bool) -> Result<(), Diagnostic> {
    session.to_save().check_over(path, replace).map_err(|e| match e.kind {
        Kind::Save => e.with_help(format!(
            "solve replaces only a save of the same game: name another file with --save, or move {} away",
            path.display()
        )),
        _ => e,
    })
}

/// Writes the planned game to `path` (over another game's save only if `replace`: the
/// game `--from` improved), or, if that fails after all, into `fallback` (the user's
/// data folder) so the plan is not lost: see [`save::write_or_fall_back`].
pub fn write_plan(
    session: &Session,
    path: &Path,
    replace: bool,
    fallback: Option<PathBuf>,
) -> Result<(PathBuf, Option<String>), Diagnostic> {
    save::write_or_fall_back(path, fallback, |p| session.save(p, replace && p == path))
}

/// A saved game `solve` improves (`--from`): its file and its moves.
struct Saved {
    file: PathBuf,
    moves: Vec<ImmutableString>,
    /// Who played each move (unknown where the save's record of it is damaged), for
    /// `--keep`, which plays them as they were.
    players: Vec<Player>,
}

impl Saved {
    /// The game saved in `file`, which must be `session`'s game (variant and options; the
    /// seed only orders the detours in a game without chance).
    fn read(session: &Session, file: &Path) -> Result<Saved, Diagnostic> {
        let save = SaveFile::read(file)?;
        let ours = session.to_save();
        if save.variant != ours.variant || save.options != ours.options {
            return Err(Diagnostic::in_file(
                Kind::Save,
                file.display().to_string(),
                format!(
                    "holds a game of {}, not of {}",
                    save.variant_with_options(),
                    ours.variant_with_options()
                ),
            )
            .with_help(format!(
                "improve it with `{} solve {} --from {}`",
                session.variant().library.program(),
                save.variant_with_options(),
                file.display()
            )));
        }
        let count = save.moves.len();
        Ok(Saved {
            file: file.to_owned(),
            moves: save.moves.iter().map(|m| m.as_str().into()).collect(),
            players: players::per_move(&save.played_by, count)
                .unwrap_or_else(|_| vec![Player::Unknown; count]),
        })
    }

    /// Whether `path` is the saved game's file.
    fn is(&self, path: &Path) -> bool {
        match (self.file.canonicalize(), path.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
    }

    fn name(&self) -> String {
        format!("from {}", self.file.display())
    }

    /// The position after the saved moves, played from `root`; an error names the file
    /// and the first move the game refuses.
    fn position(&self, rules: &Rules, root: &rhai::Dynamic) -> Result<rhai::Dynamic, Diagnostic> {
        let mut state = root.clone();
        for (number, label) in self.moves.iter().enumerate() {
            let moves = rules.moves(&mut state)?;
            let mv = self.find(&moves, number, label)?;
            rules.play(&mut state, mv)?;
        }
        Ok(state)
    }

    /// Plays the saved moves in `session`, each by whoever played it in the save
    /// (`--keep`: the planning starts where they end); returns how many. A game they
    /// finish leaves nothing to plan.
    fn play_kept(&self, session: &mut Session) -> Result<usize, Diagnostic> {
        for (number, (label, by)) in self.moves.iter().zip(&self.players).enumerate() {
            let moves = session.moves()?;
            session.play_move(self.find(&moves, number, label)?, by)?;
        }
        if session.over()?.is_some() {
            return Err(Diagnostic::in_file(
                Kind::Usage,
                self.file.display().to_string(),
                "the saved game is over: --keep leaves no move to plan",
            )
            .with_help("leave out --keep to improve the whole game"));
        }
        Ok(self.moves.len())
    }

    /// Saved move `number` (from 0), `label`, among the `moves` the game offers; an
    /// error names the file and the move when it is not there.
    fn find<'m>(
        &self,
        moves: &'m [Move],
        number: usize,
        label: &str,
    ) -> Result<&'m Move, Diagnostic> {
        moves.iter().find(|m| m.label == label).ok_or_else(|| {
            Diagnostic::in_file(
                Kind::NoLongerLegal,
                self.file.display().to_string(),
                format!("move {} `{label}` is not legal in this game", number + 1),
            )
            .with_help(format!(
                "the save was made under other rules or with another seed: `load {}` at the REPL shows where it goes wrong",
                self.file.display()
            ))
        })
    }
}

/// A bot whose game the search starts from (the game's `bot_starts()`), with the engine
/// its moves are ranked and its operations counted in.
struct Start {
    name: String,
    player: Box<dyn Bot>,
    rules: Rc<Rules>,
}

/// The bot `name` of `variant`, loaded for `solve`, which needs the helpers of a Rhai
/// bot or of `search` (not `random`).
fn start_bot(variant: &Variant, name: &str, limits: Limits) -> Result<LoadedBot, Diagnostic> {
    let loaded = bot::find(variant, name)?.load(variant, limits)?;
    if let Some(rules) = loaded.rules() {
        bot::catalog::needs_helpers(rules, variant, "solve")?;
    }
    Ok(loaded)
}

fn not_rhai(name: &str) -> Diagnostic {
    Diagnostic::about(
        Kind::Usage,
        name,
        "solve plays on with a Rhai bot, and this one is built in without the game's helpers",
    )
    .with_help("name Rhai bots in `bot_starts()` (scripts/bots/greedy.rhai, or the game's own)")
}

/// Whole games planned within `budget` thousands of operations: each start's game (the
/// greedy bot's, unless the game names others); then detours from the best game (see
/// [`plan::detour`]), its bot playing on, until none improves it or the budget less its
/// last quarter is spent; then its end played again with detours ahead of each move
/// ([`Search::late_detours`]) and searched with wide beams ([`plan::ending`]);
/// then whole-game beams ever wider (from two), each as wide as the budget left seems
/// to afford (twice the last at most), until one keeps every position it meets (a small
/// game, searched through). The games start at `root`, after the `kept` moves of
/// `--keep`, which the move numbers it names count.
fn widen(
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
            self.bar.println(told);
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

/// Plays `line` in the game, as moves chosen by `solve`; the result must be the one
/// planned (the rules are a function of the moves).
fn replay(session: &mut Session, line: &Line) -> Result<(), Diagnostic> {
    interrupt::clear();
    let by = Player::Bot(PLAYER.to_owned());
    for label in &line.labels {
        let moves = session.moves()?;
        let mv = plan::labelled(&moves, label, PLAYER)?;
        session.play_move(mv, &by)?;
    }
    let total = session.score()?["total"].as_int().ok();
    if total != line.total {
        return Err(plan::not_replayed(
            PLAYER,
            format!(
                "the planned line replays to {total:?}, not {:?}",
                line.total
            ),
        ));
    }
    Ok(())
}

fn report(
    session: &mut Session,
    line: &Line,
    found: &Found,
    budget: u64,
    path: &Path,
) -> Result<String, Diagnostic> {
    let rejoined = match found.rejoined {
        0 => String::new(),
        n => format!(
            " and {} cut short where they came back to one of them",
            count(n, "detour")
        ),
    };
    let ends = match found.ends {
        0 => String::new(),
        1 => ", the best game's end planned again once".to_owned(),
        n => format!(", the best game's end planned again {n} times"),
    };
    let games = match found.games {
        1 => "the one game planned".to_owned(),
        n => format!("the best of {n} games planned"),
    };
    let stopped = if found.interrupted {
        " (stopped by Ctrl-C)"
    } else {
        ""
    };
    let planned = line.labels.len();
    let kept = session.moves_played() - planned;
    let moves = match kept {
        0 => count(planned, "move"),
        _ => format!("{} moves ({kept} kept, {planned} planned)", kept + planned),
    };
    let sheet = Sheet::of(session)?.text(false);
    let mut runs: Vec<String> = found.runs.iter().map(Run::to_string).collect();
    if let Some(e) = &found.failed {
        runs.push(format!(
            "\nstopped early by an error, the best game so far kept:\nerror: {e}"
        ));
    }
    Ok(format!(
        "{}: {} in {moves}, {games}{rejoined}{ends}{stopped}; {} of {} thousand operations\n{}\n\n{}\nwrote {}: `load {}` at the REPL replays it, then `undo all` and `redo` step through it\n",
        session.variant().name,
        line.total.unwrap_or(0),
        found.operations / 1000,
        budget,
        runs.join("\n"),
        sheet,
        path.display(),
        path.display(),
    ))
}

/// A bar of the budget spent, on a terminal only.
fn progress_bar(budget: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(budget / 1000);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} kops  {msg}  {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

/// Ctrl-C stops the search and keeps the best game found so far.
pub fn catch_ctrl_c() {
    interrupt::listen();
    let _ = ctrlc::set_handler(interrupt::request);
}
