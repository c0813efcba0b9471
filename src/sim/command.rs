//! The `sim` and `merge` commands, with the options the CLI and the REPL share: both
//! parse them with clap from the same definitions, so `sim --help` reads the same in
//! both places.

use super::export;
use super::merge_shards;
use super::report;
use super::run::Run;
use super::runner::{Plan, Timed};
use super::shard::Shard;
use super::side::{GameResult, Side};
use super::svg;
use crate::bot;
use crate::diagnostic::{Diagnostic, Kind};
use crate::manifest::options::parse_assignment;
use crate::manifest::{Library, Variant};
use crate::players::{self, Player};
use crate::records::{pending, GameRecord, Store};
use crate::save::{
    check_writable, write_atomically, write_or_fall_back, SaveFile, FORMAT, VERSION,
};
use crate::script::words::count;
use crate::script::Limits;
use crate::session::Session;
use crate::user_data;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The options of `sim`.
#[derive(clap::Args, Debug, Clone)]
pub struct SimArgs {
    /// Games to play (per side).
    #[arg(long, default_value_t = 1000, value_name = "N", value_parser = crate::vocabulary::whole_number::<usize>, allow_negative_numbers = true)]
    pub games: usize,
    /// The bot: `random`, `search`, a script of scripts/bots/ (greedy, lookahead, …) or a
    /// .rhai file. `search` takes settings after a colon, e.g.
    /// `search:iterations=400,depth=4` or a budget a move, `ms=N` or `kops=N` (thousands
    /// of script operations: the same games on any machine); a scripted bot takes
    /// `opening=N`, its first N moves drawn by the game's seed (`greedy:opening=4`: a
    /// spread of games where the game has no chance); every setting is in
    /// docs/MANUAL.md, "Bots".
    #[arg(long, default_value = "greedy", value_name = "NAME")]
    pub bot: String,
    /// The base seed; each game's seed comes from it and the game's number.
    #[arg(long, default_value_t = 1, value_parser = crate::vocabulary::whole_number::<u64>, allow_negative_numbers = true)]
    pub seed: u64,
    /// Change an option (repeatable; `options VARIANT` lists them).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// Compare against another variant on the same seeds (with its own default options):
    /// the report gives VARIANT − OTHER, what the first variant changes.
    #[arg(long, value_name = "OTHER")]
    pub vs: Option<String>,
    /// Compare against changed options: applied on top of the first side's (or of --vs's).
    #[arg(long = "vs-set", value_name = "KEY=VALUE")]
    pub vs_set: Vec<String>,
    /// Compare against another bot.
    #[arg(long = "vs-bot", value_name = "NAME")]
    pub vs_bot: Option<String>,
    /// Worker threads (default: every core); results never depend on it.
    #[arg(long, value_name = "N", value_parser = crate::vocabulary::whole_number::<usize>, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Play only part I of N of the games, to split a run over machines (see `merge`).
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Record every game in the games database, as games finished in the REPL are.
    #[arg(long)]
    pub record: bool,
    #[command(flatten)]
    pub outputs: Outputs,
}

/// Where to write the results, besides the report on standard output.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct Outputs {
    /// Write the summary and every game's result as JSON (what `merge` reads).
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write one row per game as CSV.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Draw the histogram(s) as an SVG picture.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
}

impl Outputs {
    /// Refuses, before any game is played, an output file that could not be written.
    fn check(&self) -> Result<(), Diagnostic> {
        if let Some(plot) = &self.plot {
            crate::save::svg_name(plot, "--plot")?;
        }
        [&self.json, &self.csv, &self.plot]
            .into_iter()
            .flatten()
            .try_for_each(|path| check_writable(path))
    }
}

impl SimArgs {
    /// The plan for `variant`, whose options already carry `base` overrides (the REPL's
    /// game); `--set` comes on top.
    pub fn plan(
        &self,
        library: &Library,
        variant: Variant,
        base: &[(String, String)],
        progress: bool,
    ) -> Result<Plan, Diagnostic> {
        let mut overrides = base.to_vec();
        overrides.extend(assignments(&self.set)?);
        let bot = bot::find(&variant, &self.bot)?;
        let mut sides = vec![Side {
            variant,
            overrides,
            bot,
        }];
        if self.vs.is_some() || !self.vs_set.is_empty() || self.vs_bot.is_some() {
            let (variant, mut overrides) = match &self.vs {
                Some(name) => (Variant::load(library, name)?, Vec::new()),
                None => (sides[0].variant.clone(), sides[0].overrides.clone()),
            };
            overrides.extend(assignments(&self.vs_set)?);
            let bot = bot::find(&variant, self.vs_bot.as_deref().unwrap_or(&self.bot))?;
            sides.push(Side {
                variant,
                overrides,
                bot,
            });
        }
        Ok(Plan {
            sides,
            games: self.games,
            seed: self.seed,
            shard: self.shard.as_deref().map(Shard::parse).transpose()?,
            threads: self.threads,
            progress,
            keep_moves: self.record,
            stop_without_chance: true,
            limits: Limits::default(),
        })
    }
}

fn assignments(list: &[String]) -> Result<Vec<(String, String)>, Diagnostic> {
    list.iter().map(|s| parse_assignment(s)).collect()
}

/// Runs `sim` and returns the report (after writing any output files, and recording the
/// games in the database `db` when `--record` asks for it).
pub fn sim(
    library: &Library,
    variant: Variant,
    base: &[(String, String)],
    args: &SimArgs,
    progress: bool,
    db: Option<&Path>,
) -> Result<String, Diagnostic> {
    let plan = args.plan(library, variant, base, progress)?;
    args.outputs.check()?;
    let Timed {
        run,
        elapsed,
        threads,
        stopped,
    } = plan.run()?;
    let played: usize = run.sides.iter().map(|s| s.results.len()).sum();
    let seconds = elapsed.as_secs_f64();
    let timing = format!(
        "{threads} thread{}, {seconds:.1} s, {}",
        if threads == 1 { "" } else { "s" },
        super::runner::rate(played as f64 / seconds.max(1e-9))
    );
    if stopped {
        return Ok(stopped_report(&run, &timing, args));
    }
    // The games are recorded even when an output file could not be written.
    let finished = finish(&run, Some(&timing), &args.outputs);
    let recorded = args.record.then(|| {
        let db = db.ok_or_else(|| {
            Diagnostic::about(
                Kind::Usage,
                "--record",
                "there is no games database to record into",
            )
            .with_help("give one with --db FILE or HOUSERULES_DB")
        })?;
        record(library, db, &plan.sides, &run)
    });
    let mut out = finished?;
    if let Some(recorded) = recorded {
        out.push_str(&recorded?);
    }
    Ok(out)
}

/// The report of a run Ctrl-C stopped, on the games it finished. Part of a run is not
/// what its files or records would claim: none is written.
fn stopped_report(run: &Run, timing: &str, args: &SimArgs) -> String {
    let o = &args.outputs;
    let mut unwritten = Vec::new();
    if o.json.is_some() || o.csv.is_some() || o.plot.is_some() {
        unwritten.push("no file is written");
    }
    if args.record {
        unwritten.push("no game is recorded");
    }
    format!(
        "interrupted (Ctrl-C) after {}: the report covers those{}\n{}",
        report::games_played(run),
        unwritten
            .iter()
            .map(|u| format!("; {u}"))
            .collect::<String>(),
        report::text(run, Some(timing))
    )
}

/// Replays every game of `run` (its moves were kept) into a record for the database at
/// `db`, or for its pending folder; says how many went where.
fn record(library: &Library, db: &Path, sides: &[Side], run: &Run) -> Result<String, Diagnostic> {
    let mut recorder = Recorder {
        db,
        store: Store::open(db),
        stored: 0,
        kept: 0,
        kept_in: None,
    };
    for (side, played) in sides.iter().zip(&run.sides) {
        for game in &played.results {
            recorder.add(&game_record(library, side, game)?)?;
        }
    }
    Ok(recorder.said())
}

/// The record of one game of a side, replayed from its moves.
fn game_record(
    library: &Library,
    side: &Side,
    game: &GameResult,
) -> Result<GameRecord, Diagnostic> {
    let save = SaveFile {
        format: FORMAT.to_owned(),
        version: VERSION,
        variant: side.variant.manifest.display().to_string(),
        seed: game.seed,
        options: side.overrides.iter().cloned().collect(),
        moves: game.log.clone(),
        played_by: vec![players::Run {
            by: Player::Bot(side.bot.name().to_owned()),
            moves: game.log.len(),
        }],
        played_with: Default::default(),
        rules: None,
    };
    let mut session = Session::from_save(library, &save, Limits::default())?;
    GameRecord::of_session(&mut session)
}

/// Where `sim --record` puts each game: in the database while it takes them, and from
/// the first it refuses (busy, unwritable) in its pending folder, without waiting on
/// the database again for every game.
struct Recorder<'a> {
    db: &'a Path,
    /// The database, or why it refused a game.
    store: Result<Store, Diagnostic>,
    stored: usize,
    kept: usize,
    /// The folder the last game kept waits in.
    kept_in: Option<PathBuf>,
}

impl Recorder<'_> {
    fn add(&mut self, record: &GameRecord) -> Result<(), Diagnostic> {
        let why = match &mut self.store {
            Ok(store) => match store.add(record) {
                Ok(_) => {
                    self.stored += 1;
                    return Ok(());
                }
                Err(why) => why,
            },
            Err(why) => why.clone(),
        };
        let file = pending::keep(self.db, record, &why).map_err(|e| {
            e.with_help(format!(
                "{} recorded and {} waiting before this one; this game and the rest of the run are not recorded",
                count(self.stored, "game"),
                self.kept
            ))
        })?;
        self.kept += 1;
        self.kept_in = file.parent().map(Path::to_path_buf);
        self.store = Err(why);
        Ok(())
    }

    /// What became of the games.
    fn said(&self) -> String {
        let mut out = format!(
            "recorded {} in {}\n",
            count(self.stored, "game"),
            self.db.display()
        );
        if let (Err(why), Some(folder)) = (&self.store, &self.kept_in) {
            let _ = writeln!(
                out,
                "{} kept in {} ({}), to be recorded the next time the database can be written",
                count(self.kept, "game"),
                folder.display(),
                why.message
            );
        }
        out
    }
}

/// Runs `merge`: the shards' files into the whole run's report and outputs.
pub fn merge(files: &[PathBuf], outputs: &Outputs) -> Result<String, Diagnostic> {
    outputs.check()?;
    let paths: Vec<&std::path::Path> = files.iter().map(PathBuf::as_path).collect();
    let run = merge_shards::merge(&paths)?;
    finish(&run, None, outputs)
}

/// Writes the outputs asked for and returns the report.
fn finish(run: &Run, timing: Option<&str>, outputs: &Outputs) -> Result<String, Diagnostic> {
    let mut out = report::text(run, timing);
    let files = [
        (&outputs.json, export::json as fn(&Run) -> String),
        (&outputs.csv, export::csv),
        (&outputs.plot, svg::histogram),
    ];
    for (path, render) in files {
        if let Some(path) = path {
            let text = render(run);
            let (written, why) =
                write_or_fall_back(path, user_data::data_dir(), |p| write_atomically(p, &text))?;
            let _ = writeln!(out, "wrote {}", written.display());
            if let Some(why) = why {
                let _ = writeln!(out, "note: {why}");
            }
        }
    }
    Ok(out)
}
