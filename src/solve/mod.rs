//! `houserules solve`: the best whole game the planner finds in a game without chance,
//! written as a save to step through at the REPL. The planner (see [`crate::bot::plan`])
//! plays the game of each bot the game's helpers name (`bot_starts()`; the greedy bot
//! by default), then detours from the best game found, then plays its end again with
//! detours ahead of each move and searches it with wide beams (the last quarter of the
//! budget), then wider whole-game beams while the budget of script operations lasts,
//! and keeps the best game of all ([`search`]); a budget in operations (every bot's
//! engine counted) finds the same game on any machine. Ctrl-C stops it with the best
//! game so far. `--from` improves a saved game ([`saved`]).

use crate::bot::plan::{self, Line};
use crate::bot::{self, Bot, LoadedBot};
use crate::diagnostic::{Diagnostic, Kind};
use crate::manifest::options::parse_assignment;
use crate::manifest::{Library, Variant};
use crate::players::Player;
use crate::save;
use crate::script::words::count;
use crate::script::{interrupt, Limits, Rules};
use crate::session::Session;
use crate::sheet::Sheet;
use crate::user_data;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::rc::Rc;

mod saved;
mod search;

use saved::Saved;
use search::widen;

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
        ProgressStyle::with_template("{wide_bar} {pos}/{len} kops  {msg}  {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

/// Ctrl-C stops the search and keeps the best game found so far.
pub fn catch_ctrl_c() {
    interrupt::listen();
    let _ = ctrlc::set_handler(interrupt::request);
}
