//! `houserules solve`: the best whole game the planner finds in a game without chance,
//! written as a save to step through at the REPL. The planner (a beam search, see
//! [`crate::bot::plan`]) plays the game again with ever wider beams (1, 2, 4, … positions
//! kept at each decision) while the budget of script operations lasts, and keeps the best
//! game of all; a budget in operations finds the same game on any machine. Ctrl-C stops
//! it with the best game so far.

use crate::bot::plan::{self, Beam, Line};
use crate::bot::{self, LoadedBot};
use crate::diagnostic::{Diagnostic, Kind};
use crate::manifest::options::parse_assignment;
use crate::manifest::Library;
use crate::players::Player;
use crate::script::{interrupt, Limits, Rules};
use crate::session::Session;
use crate::sheet::Sheet;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// The default budget, in thousands of script operations: about ten minutes of one core
/// of a release build, at some three million operations a second (docs/PERFORMANCE.md).
pub const DEFAULT_BUDGET: u64 = 1_800_000;

/// Who the save says chose the moves.
const PLAYER: &str = "solve";

/// `solve`'s options, shared by the command line and its tests.
#[derive(Args, Debug, Clone)]
pub struct SolveArgs {
    /// Set an option of the variant (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// Thousands of script operations to spend (the same game on any machine).
    #[arg(long, value_name = "KOPS", default_value_t = DEFAULT_BUDGET)]
    pub budget: u64,
    /// The game's seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The save file to write; default: VARIANT-solved.save in the current folder.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
}

/// What the search found, and what it cost.
struct Found {
    line: Option<Line>,
    /// The widest beam that finished a game.
    width: usize,
    operations: u64,
    interrupted: bool,
    /// Each whole game planned: the beam's width, the result, thousands of operations.
    runs: Vec<(usize, i64, u64)>,
}

/// Plans `variant`'s game and writes the best line as a save; returns the report.
pub fn solve(library: &Library, variant: &str, args: &SolveArgs) -> Result<String, Diagnostic> {
    let overrides = args
        .set
        .iter()
        .map(|s| parse_assignment(s))
        .collect::<Result<Vec<_>, _>>()?;
    let limits = Limits::default();
    let mut session = Session::new(library, variant, &overrides, args.seed, limits)?;
    let loaded =
        bot::find(session.variant(), bot::catalog::SEARCH)?.load(session.variant(), limits)?;
    let LoadedBot::Search { rules, .. } = &loaded else {
        unreachable!("`search` is the search bot")
    };
    if !plan::without_chance(rules, session.state())? {
        return Err(Diagnostic::about(
            Kind::Usage,
            variant,
            "this game has chance (hidden piles or random draws): no line of play is best for every deal",
        )
        .with_help(format!(
            "solve plans games without chance (the rules' `chance()` says false); compare bots on many deals with `houserules sim {variant} --bot search`"
        )));
    }
    let found = widen(rules, session.state().clone(), args.budget)?;
    let Some(line) = &found.line else {
        return Err(Diagnostic::about(
            Kind::Stopped,
            variant,
            "stopped before a whole game was planned",
        )
        .with_help("give it more budget (--budget) or time"));
    };
    replay(&mut session, line)?;
    let path = args
        .save
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{}-solved.save", session.variant().name)));
    session.save(&path, false)?;
    report(&mut session, line, &found, args.budget, &path)
}

/// Beam searches of the whole game, ever wider, within `budget` thousands of
/// operations: each as wide as the budget left seems to afford (twice the last at most),
/// judged by what the last one cost, until one keeps every position it meets.
fn widen(rules: &Rules, root: rhai::Dynamic, budget: u64) -> Result<Found, Diagnostic> {
    let budget = budget.saturating_mul(1000);
    let bar = progress_bar(budget);
    let started = rules.operations();
    let spent = || rules.operations() - started;
    let mut found = Found {
        line: None,
        width: 0,
        operations: 0,
        interrupted: false,
        runs: Vec::new(),
    };
    let mut width = 1;
    loop {
        let before = spent();
        let best = found.line.as_ref().and_then(|l| l.total);
        bar.set_message(format!(
            "beam {width}{}",
            best.map(|t| format!(", best {t}")).unwrap_or_default()
        ));
        let beam = Beam {
            width,
            horizon: None,
        };
        let planned = plan::plan(rules, root.clone(), beam, &mut |_| {
            bar.set_position(spent() / 1000);
            spent() < budget && !interrupt::requested()
        })?;
        found.interrupted = interrupt::requested();
        let complete = spent() < budget && !found.interrupted;
        let cost = (spent() - before).max(1);
        if let Some(line) = planned.finished.clone().filter(|_| complete) {
            found
                .runs
                .push((width, line.total.unwrap_or(0), cost / 1000));
            if found.line.as_ref().is_none_or(|b| line.total > b.total) {
                found.line = Some(line);
            }
            found.width = width;
        }
        let left = budget.saturating_sub(spent());
        let affordable = (width as u128 * u128::from(left) * 9 / 10 / u128::from(cost)) as usize;
        let next = affordable.min(width * 2);
        if !complete || !planned.filled || next <= width {
            break;
        }
        width = next;
    }
    found.operations = spent();
    bar.finish_and_clear();
    Ok(found)
}

/// Plays `line` in the game, as moves chosen by `solve`; the result must be the one
/// planned (the rules are a function of the moves).
fn replay(session: &mut Session, line: &Line) -> Result<(), Diagnostic> {
    interrupt::clear();
    let by = Player::Bot(PLAYER.to_owned());
    for label in &line.labels {
        let moves = session.moves()?;
        let mv = moves
            .iter()
            .find(|m| m.label == label)
            .ok_or_else(|| replay_error(format!("the planned move `{label}` is not legal")))?;
        session.play_move(mv, &by)?;
    }
    let total = session.score()?["total"].as_int().ok();
    if total != line.total {
        return Err(replay_error(format!(
            "the planned line replays to {total:?}, not {:?}",
            line.total
        )));
    }
    Ok(())
}

fn replay_error(message: String) -> Diagnostic {
    Diagnostic::about(Kind::Script, PLAYER, message)
        .with_help("a rule that draws on something besides the moves (chance() should say true)")
}

fn report(
    session: &mut Session,
    line: &Line,
    found: &Found,
    budget: u64,
    path: &Path,
) -> Result<String, Diagnostic> {
    let stopped = if found.interrupted {
        " (stopped by Ctrl-C)"
    } else {
        ""
    };
    let sheet = Sheet::of(session)?.text(false);
    let runs: Vec<String> = found
        .runs
        .iter()
        .map(|(width, total, kops)| format!("beam {width}: {total} ({kops} kops)"))
        .collect();
    Ok(format!(
        "{}: {} in {} moves, the best of beams up to {} wide{stopped}; {} of {} thousand operations\n{}\n\n{}\nwrote {}: `load {}` at the REPL steps through it\n",
        session.variant().name,
        line.total.unwrap_or(0),
        line.labels.len(),
        found.width,
        found.operations / 1000,
        budget,
        runs.join(", "),
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
