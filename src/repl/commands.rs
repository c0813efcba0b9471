//! The REPL's commands, independent of how lines arrive: `execute` takes one line and
//! returns the text to show. Every error is shown and the session goes on unchanged.
//! A game that ends here is recorded once in the games database, when one is set.

use crate::bot;
use crate::diagnostic::Diagnostic;
use crate::manifest::options::parse_assignment;
use crate::manifest::{Library, Variant};
use crate::picture;
use crate::records::pending::{self, Recorded};
use crate::records::{self, GameRecord, HistoryQuery};
use crate::save::SaveFile;
use crate::script::{Goal, Limits};
use crate::session::Session;
use crate::sim::SimArgs;
use clap::Parser;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The REPL commands with their one-line help, in the order `help` lists them.
pub const COMMANDS: [(&str, &str); 25] = [
    ("variants", "list the variants"),
    (
        "new",
        "new VARIANT [--seed N] [--set key=value]…  start a game",
    ),
    (
        "options",
        "the options of the game (or of VARIANT) with their values",
    ),
    (
        "show",
        "draw the board, scores, meeples, piles and the tile in hand",
    ),
    ("moves", "list the legal moves, numbered"),
    ("play", "play MOVE  (or just type a move's number or label)"),
    (
        "auto",
        "auto [N] [--bot NAME]  let a bot play N moves (default: to the end)",
    ),
    (
        "sim",
        "sim [--games N] [--bot NAME] [--vs VARIANT] [--vs-set k=v]…  many games of this variant and options (`sim --help`)",
    ),
    ("undo", "take back the last move"),
    ("redo", "play again the move taken back"),
    ("log", "the moves played so far, each with what happened during it"),
    ("score", "the score now (the result once the game is over)"),
    (
        "save",
        "save FILE [--force]  write the game (variant, options, seed, moves); --force replaces another game's save",
    ),
    ("load", "load FILE  replay a saved game"),
    (
        "reload",
        "re-read the manifest and scripts and replay the game under them",
    ),
    (
        "eval",
        "eval EXPR  evaluate Rhai with `state` in scope (the game is not changed)",
    ),
    (
        "check",
        "check VARIANT_OR_FILE  validate a manifest and its scripts",
    ),
    (
        "history",
        "history [--variant V] [--best] [--limit N] [--json]  the games recorded",
    ),
    (
        "goals",
        "the goals of the variant: reached in which game, and in this one",
    ),
    ("replay", "replay ID  load recorded game ID (see `history`)"),
    (
        "export",
        "export FILE  write the finished game's record as JSON",
    ),
    (
        "render",
        "render FILE.svg  draw the table, meeples and scores as an SVG picture",
    ),
    ("help", "this list"),
    ("quit", "leave (also `exit` or Ctrl-D)"),
    ("seed", "the seed of the game"),
];

/// What one line did.
#[derive(Debug, Default)]
pub struct Step {
    pub output: String,
    pub quit: bool,
    /// The command failed (a piped session then ends with a non-zero exit status).
    pub failed: bool,
}

/// The REPL's state: the rules folder, the game if one is running, and where finished
/// games are recorded.
pub struct Repl {
    library: Library,
    limits: Limits,
    session: Option<Session>,
    /// May `show` colour its output?
    pub ansi: bool,
    /// The games database; `None` records nothing (library use and tests).
    db: Option<PathBuf>,
    /// Was the game over after the last command? A game is recorded when it becomes over.
    was_over: bool,
    /// Whether this game has been recorded (or tried to be): once per game.
    recorded: bool,
    /// Where an unfinished game is kept when the REPL ends (`houserules resume`);
    /// `None` keeps nothing (library use and tests).
    unfinished: Option<PathBuf>,
}

/// How to start a game: the parsed `new` command (also `houserules play`).
#[derive(Debug, Clone, Default)]
pub struct NewGame {
    pub variant: String,
    pub seed: Option<u64>,
    pub overrides: Vec<(String, String)>,
}

impl Repl {
    pub fn new(library: Library, limits: Limits) -> Repl {
        Repl {
            library,
            limits,
            session: None,
            ansi: false,
            db: None,
            was_over: false,
            recorded: false,
            unfinished: None,
        }
    }

    /// Keeps a game left unfinished at the end of the REPL in `path`.
    pub fn with_unfinished(mut self, path: PathBuf) -> Repl {
        self.unfinished = Some(path);
        self
    }

    /// At the end of the REPL: saves a game in progress where `houserules resume` finds
    /// it, and says so (nothing when there is none, or no place to keep it).
    pub fn keep_unfinished(&mut self) -> String {
        let (Some(path), Some(game)) = (self.unfinished.clone(), self.unfinished_game()) else {
            return String::new();
        };
        if let Some(folder) = path.parent() {
            let _ = std::fs::create_dir_all(folder);
        }
        match game.write(&path) {
            Ok(()) => format!(
                "your unfinished game is saved in {}: `houserules resume` goes on with it\n",
                path.display()
            ),
            Err(e) => format!("error: the unfinished game could not be kept: {e}\n"),
        }
    }

    /// Where an unfinished game is kept, if anywhere.
    pub fn unfinished_path(&self) -> Option<&Path> {
        self.unfinished.as_deref()
    }

    /// The game in hand as a save, when it has moves and is not over.
    pub fn unfinished_game(&mut self) -> Option<SaveFile> {
        let session = self.session.as_mut()?;
        if session.log().is_empty() || !matches!(session.over(), Ok(None)) {
            return None;
        }
        Some(session.to_save())
    }

    /// Records every game that ends in this REPL in the database at `db`.
    pub fn with_db(mut self, db: PathBuf) -> Repl {
        self.db = Some(db);
        self
    }

    pub fn session(&self) -> Option<&Session> {
        self.session.as_ref()
    }

    pub fn library(&self) -> &Library {
        &self.library
    }

    /// The labels of the legal moves, for completion.
    pub fn move_labels(&mut self) -> Option<Vec<String>> {
        let moves = self.session.as_mut()?.moves().ok()?;
        Some(moves.into_iter().map(|m| m.label).collect())
    }

    /// Runs one line. Never fails: errors become output, followed by what the game is
    /// now. The rule hooks the line calls share one time budget (`Limits::command_time`).
    pub fn execute(&mut self, line: &str) -> Step {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Step::default();
        }
        let log_before = self.session.as_ref().map(|s| s.log().to_vec());
        let step = self.budgeted(|repl| repl.run_line(line));
        if !step.failed {
            return step;
        }
        let stands = self.what_stands(log_before.as_deref());
        Step {
            output: format!("{}{stands}", step.output),
            ..step
        }
    }

    /// Runs `work` with the rules of the game in hand under one command budget.
    pub fn budgeted<T>(&mut self, work: impl FnOnce(&mut Repl) -> T) -> T {
        if let Some(s) = &self.session {
            s.rules().start_command();
        }
        let out = work(self);
        if let Some(s) = &self.session {
            s.rules().end_command();
        }
        out
    }

    /// After a failed command: the game as it now stands, compared with `before` (its
    /// moves before the command), so that no message claims an unchanged game that moved.
    fn what_stands(&self, before: Option<&[String]>) -> String {
        let (Some(before), Some(session)) = (before, &self.session) else {
            return String::new();
        };
        let now = session.log();
        if now == before {
            return "the game is unchanged\n".to_owned();
        }
        match now.strip_prefix(before) {
            Some([one]) => {
                format!("the move this command played stands: {one} (`undo` takes it back)\n")
            }
            Some(kept) => format!(
                "the {} moves this command played stand: {} (`undo` takes back the last)\n",
                kept.len(),
                kept.join(", ")
            ),
            None => format!(
                "the game now stands after move {}{}\n",
                now.len(),
                now.last().map(|m| format!(" `{m}`")).unwrap_or_default()
            ),
        }
    }

    fn run_line(&mut self, line: &str) -> Step {
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let result = match command {
            "quit" | "exit" => {
                return Step {
                    quit: true,
                    ..Step::default()
                }
            }
            "help" | "?" => Ok(help()),
            "variants" => Ok(self.variants()),
            "new" => parse_new(rest).and_then(|g| self.start(&g)),
            "options" => self.options(rest),
            "check" => check(&self.library, rest, self.limits),
            "history" => parse_history(rest)
                .and_then(|(query, json)| records::history(self.db(command)?, &query, json)),
            "replay" => self.replay(rest),
            other => self.with_game(other, rest, line),
        };
        let failed = result.is_err();
        let mut output = match result {
            Ok(text) => text,
            Err(e) => format!("error: {e}\n"),
        };
        output.push_str(&self.record_if_ended());
        if let Some(s) = &self.session {
            for printed in s.rules().take_prints() {
                output.push_str(&printed);
                output.push('\n');
            }
        }
        Step {
            output,
            quit: false,
            failed,
        }
    }

    /// Commands that need a game.
    fn with_game(&mut self, command: &str, rest: &str, line: &str) -> Result<String, Diagnostic> {
        if command == "load" {
            return self.load(rest);
        }
        let db = self.db(command).map(Path::to_path_buf);
        let ansi = self.ansi;
        let session = self.session.as_mut().ok_or_else(|| {
            Diagnostic::new(command, "no game is running")
                .with_help("start one with `new carcassonne-solo` (see `variants`), or type `help`")
        })?;
        match command {
            "show" => show(session, &super::view::at_terminal(ansi)),
            "moves" => list_moves(session),
            "play" => play(session, rest),
            "auto" => auto(session, rest, self.limits),
            "sim" => sim(session, rest, &self.library, db.as_deref().ok()),
            "undo" => session.undo().map(|m| format!("took back {m}\n")),
            "redo" => {
                let before = session.log().len();
                let m = session.redo()?;
                played(session, &m, before)
            }
            "log" => Ok(log(session)),
            "score" => score(session),
            "seed" => Ok(format!("{}\n", session.seed())),
            "save" => save(session, rest),
            "reload" => reload(session),
            "goals" => records::goals(&db?, session),
            "export" => export(session, rest),
            "render" => render(session, rest),
            "eval" => {
                let value = session.rules().eval(session.state(), rest)?;
                Ok(format!("{value}\n"))
            }
            _ => play(session, line),
        }
    }

    /// Starts a new game; the previous one is kept if this fails.
    pub fn start(&mut self, game: &NewGame) -> Result<String, Diagnostic> {
        let seed = game.seed.unwrap_or_else(fresh_seed);
        let session = Session::new(
            &self.library,
            &game.variant,
            &game.overrides,
            seed,
            self.limits,
        )?;
        let mut out = format!(
            "new game of {} ({}), seed {seed}\n",
            session.variant().name,
            session.variant().title
        );
        out.push_str(&self.set_session(session)?);
        out.push_str("type `show` to see the board, `moves` to list the moves\n");
        Ok(out)
    }

    /// Makes `session` the game in hand; returns its game-over lines, if it is over.
    fn set_session(&mut self, mut session: Session) -> Result<String, Diagnostic> {
        let over = game_over_line(&mut session);
        self.was_over = session.over().ok().flatten().is_some();
        self.recorded = false;
        self.session = Some(session);
        over
    }

    /// The games database, or why there is none.
    fn db(&self, command: &str) -> Result<&Path, Diagnostic> {
        self.db.as_deref().ok_or_else(|| {
            Diagnostic::new(command, "games are not recorded in this session")
                .with_help("start houserules with --db FILE or HOUSERULES_DB set")
        })
    }

    /// Records the game if the last command ended it, and says so (or why it could not).
    fn record_if_ended(&mut self) -> String {
        let Some(session) = self.session.as_mut() else {
            return String::new();
        };
        let over = session.over().ok().flatten().is_some();
        let ended_now = over && !self.was_over;
        self.was_over = over;
        let Some(db) = self.db.as_deref().filter(|_| ended_now && !self.recorded) else {
            return String::new();
        };
        self.recorded = true;
        let record = match GameRecord::of_session(session) {
            Ok(record) => record,
            Err(e) => return format!("error: {e}\nthe game was not recorded\n"),
        };
        let mut out: String = record
            .hook_failures()
            .iter()
            .map(|f| format!("warning: {f}; the game is recorded without it\n"))
            .collect();
        let shown = match pending::record(db, &record) {
            Ok(Recorded::Stored(id)) if record.variant_result => format!(
                "recorded as game {id}, a variant result ({}); `history` lists the games\n",
                record.options_text()
            ),
            Ok(Recorded::Stored(id)) => {
                format!("recorded as game {id}; `history` lists the games\n")
            }
            Ok(Recorded::Kept { file, why }) => format!(
                "note: {why}\nthe game is kept in {} and is recorded the next time the database can be written\n",
                file.display()
            ),
            Err(e) => format!(
                "error: {e}\nthe game was not recorded; `export FILE` writes its record to a file\n"
            ),
        };
        out.push_str(&shown);
        out
    }

    /// Loads recorded game `rest` (a number from `history`).
    fn replay(&mut self, rest: &str) -> Result<String, Diagnostic> {
        let id: i64 = rest.parse().map_err(|_| {
            Diagnostic::new("replay", format!("`{rest}` is not a game number"))
                .with_help("write `replay ID` with a number from `history`")
        })?;
        let (game, session) = records::replay(self.db("replay")?, id, &self.library, self.limits)?;
        let r = &game.record;
        let mut out = format!(
            "replayed game {id}: {} (seed {}, {} moves, played {} UTC)\n",
            r.variant,
            r.seed,
            r.moves.len(),
            r.played_at
        );
        if session.rules().scripts_hash() != r.scripts_hash {
            out.push_str("note: the scripts have changed since this game was played; it was replayed under the current ones\n");
        }
        out.push_str(&self.set_session(session)?);
        Ok(out)
    }

    fn variants(&self) -> String {
        let mut out = String::new();
        for path in self.library.manifest_files() {
            let name = path
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            match Variant::load(&self.library, &name) {
                Ok(v) => {
                    let _ = writeln!(out, "{:<30} {}", v.name, v.title);
                }
                Err(e) => {
                    let _ = writeln!(out, "{name:<30} (broken: {})", e.message);
                }
            }
        }
        out
    }

    fn options(&self, rest: &str) -> Result<String, Diagnostic> {
        let (variant, values) = match (rest.is_empty(), &self.session) {
            (true, Some(s)) => (s.variant().clone(), Some(s.options().clone())),
            (true, None) => {
                return Err(Diagnostic::new("options", "no game is running")
                    .with_help("write `options VARIANT`"))
            }
            (false, _) => (Variant::load(&self.library, rest)?, None),
        };
        let mut out = String::new();
        for (name, spec) in &variant.options {
            let value = values
                .as_ref()
                .and_then(|v| v.get(name))
                .unwrap_or(&spec.default);
            let changed = if value == &spec.default {
                ""
            } else {
                " (changed)"
            };
            let _ = writeln!(
                out,
                "{name} = {value}{changed}\n    {}; {} (default {})",
                spec.help,
                spec.kind_name(),
                spec.default
            );
        }
        Ok(out)
    }

    fn load(&mut self, rest: &str) -> Result<String, Diagnostic> {
        if rest.is_empty() {
            return Err(Diagnostic::new("load", "which file?").with_help("write `load FILE`"));
        }
        let (session, notes) = Session::load(&self.library, Path::new(rest), self.limits)?;
        let mut out = format!(
            "loaded {} (seed {}, {} moves)\n",
            session.variant().name,
            session.seed(),
            session.log().len()
        );
        for note in notes {
            let _ = writeln!(out, "note: {note}");
        }
        Ok(out + self.set_session(session)?.as_str())
    }
}

fn help() -> String {
    let mut out = String::from("commands:\n");
    for (name, text) in COMMANDS {
        let _ = writeln!(out, "  {name:<9} {text}");
    }
    out.push_str("A move can be typed by its label (see `moves`) or its number.\n");
    out
}

/// A seed for a game started without one (shown, so the game can be replayed).
fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64 % 1_000_000)
        .unwrap_or(1)
}

/// Parses `VARIANT [--seed N] [--set k=v]…`.
pub fn parse_new(rest: &str) -> Result<NewGame, Diagnostic> {
    let mut words = rest.split_whitespace();
    let usage = || Diagnostic::new("new", "usage: new VARIANT [--seed N] [--set key=value]…");
    let mut game = NewGame {
        variant: words
            .next()
            .ok_or_else(|| usage().with_help("see `variants` for the names"))?
            .to_owned(),
        ..NewGame::default()
    };
    while let Some(word) = words.next() {
        match word {
            "--seed" => {
                let n = words.next().ok_or_else(usage)?;
                game.seed = Some(n.parse().map_err(|_| {
                    Diagnostic::new("new", format!("`{n}` is not a seed"))
                        .with_help("a seed is a whole number ≥ 0")
                })?);
            }
            "--set" => game
                .overrides
                .push(parse_assignment(words.next().ok_or_else(usage)?)?),
            other => return Err(usage().with_help(format!("unexpected `{other}`"))),
        }
    }
    Ok(game)
}

fn show(session: &mut Session, options: &crate::script::ViewOptions) -> Result<String, Diagnostic> {
    let view = session.view(options)?;
    let mut out = view.unwrap_or_else(|| format!("{}\n", session.state()));
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(&game_over_line(session)?);
    Ok(out)
}

fn list_moves(session: &mut Session) -> Result<String, Diagnostic> {
    let moves = session.moves()?;
    if moves.is_empty() {
        return game_over_line(session);
    }
    let mut out = String::new();
    if let Some(question) = session.question()? {
        let _ = writeln!(out, "{question}");
    }
    for (i, m) in moves.iter().enumerate() {
        let _ = writeln!(out, "{:>3}  {}", i + 1, m.label);
    }
    Ok(out)
}

fn play(session: &mut Session, choice: &str) -> Result<String, Diagnostic> {
    if choice.is_empty() {
        return Err(Diagnostic::new("play", "which move?").with_help("type `moves` to list them"));
    }
    let before = session.log().len();
    let label = session.play(choice)?;
    played(session, &label, before)
}

/// What a move did: its label, then what the rules announced since the first `before`
/// moves of the log, then the end.
fn played(session: &mut Session, label: &str, before: usize) -> Result<String, Diagnostic> {
    let mut out = format!("played {label}\n");
    for event in session.events_after(before) {
        let _ = writeln!(out, "  {}", event.text);
    }
    if let Some(question) = session.question()? {
        let _ = writeln!(out, "next: {question} (`moves` lists the answers)");
    }
    out.push_str(&game_over_line(session)?);
    Ok(out)
}

fn auto(session: &mut Session, rest: &str, limits: Limits) -> Result<String, Diagnostic> {
    let mut limit = None;
    let mut bot_name = "random".to_owned();
    let mut words = rest.split_whitespace();
    while let Some(word) = words.next() {
        if word == "--bot" {
            bot_name = words
                .next()
                .ok_or_else(|| {
                    Diagnostic::new("auto", "--bot needs a name").with_help(format!(
                        "bots: {}",
                        bot::catalog::names(session.variant()).join(", ")
                    ))
                })?
                .to_owned();
        } else {
            limit = Some(word.parse::<usize>().map_err(|_| {
                Diagnostic::new("auto", format!("`{word}` is not a number of moves"))
                    .with_help("write `auto` or `auto 10`")
            })?);
        }
    }
    // Seeded by the game and its length, so `auto` from the same position repeats.
    let source = bot::find(session.variant(), &bot_name)?;
    let mut bot = source.load(session.variant(), limits)?.start(
        session
            .seed()
            .wrapping_mul(31)
            .wrapping_add(session.log().len() as u64),
    );
    let played = bot::play_out(session, bot.as_mut(), limit)?;
    Ok(format!(
        "{} played {} moves ({})\n{}",
        bot.name(),
        played.len(),
        bot::catalog::provenance(&source.files_shown()),
        game_over_line(session)?
    ))
}

/// The REPL's `sim` line: the options of `houserules sim`, without the variant.
#[derive(clap::Parser)]
#[command(name = "sim", no_binary_name = true, disable_version_flag = true)]
struct SimLine {
    #[command(flatten)]
    args: SimArgs,
}

/// `sim …` on the game's variant and options (the game itself is not touched).
fn sim(
    session: &Session,
    rest: &str,
    library: &Library,
    db: Option<&Path>,
) -> Result<String, Diagnostic> {
    let line = match SimLine::try_parse_from(rest.split_whitespace()) {
        Ok(line) => line,
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelp => return Ok(e.to_string()),
        Err(e) => {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or_default();
            return Err(
                Diagnostic::new("sim", first.strip_prefix("error: ").unwrap_or(first))
                    .with_help("type `sim --help` for the options"),
            );
        }
    };
    crate::sim::sim(
        library,
        session.variant().clone(),
        session.overrides(),
        &line.args,
        true,
        db,
    )
}

/// The moves with what the rules announced during each, indented under it.
fn log(session: &Session) -> String {
    let mut out = String::new();
    for (i, m) in session.log().iter().enumerate() {
        let _ = writeln!(out, "{:>3}  {m}", i + 1);
        for event in session.events_of(i + 1) {
            let _ = writeln!(out, "       {}", event.text);
        }
    }
    if out.is_empty() {
        out.push_str("no moves yet\n");
    }
    out
}

fn score(session: &mut Session) -> Result<String, Diagnostic> {
    let map = session.score()?;
    let mut out = String::new();
    for (k, v) in &map {
        let _ = writeln!(out, "{k}: {v}");
    }
    Ok(out)
}

/// "game over: REASON", "result: N (breakdown)", any text entry of the score (such as
/// a ranking) on its own line, and the goals reached; nothing while the game runs.
pub fn game_over_line(session: &mut Session) -> Result<String, Diagnostic> {
    let Some(reason) = session.over()? else {
        return Ok(String::new());
    };
    let score = session.score()?;
    let (texts, numbers): (Vec<_>, Vec<_>) = score
        .iter()
        .filter(|(k, _)| k.as_str() != "total")
        .partition(|(_, v)| v.is_string());
    let details: Vec<String> = numbers.iter().map(|(k, v)| format!("{k} {v}")).collect();
    let details = if details.is_empty() {
        String::new()
    } else {
        format!(" ({})", details.join(", "))
    };
    let total = score
        .get("total")
        .map(ToString::to_string)
        .unwrap_or_default();
    let mut out = format!("game over: {reason}\nresult: {total}{details}\n");
    for (k, v) in texts {
        let _ = writeln!(out, "{k}: {v}");
    }
    let goals = session.goals()?;
    if !goals.is_empty() {
        let reached: Vec<&Goal> = goals.iter().filter(|g| g.reached).collect();
        let _ = writeln!(out, "goals reached: {} of {}", reached.len(), goals.len());
        for g in reached {
            let _ = writeln!(out, "  {}  {}", g.id, g.text);
        }
    }
    Ok(out)
}

/// Writes the finished game's record to a file, for when the database cannot take it.
fn export(session: &mut Session, rest: &str) -> Result<String, Diagnostic> {
    if rest.is_empty() {
        return Err(Diagnostic::new("export", "which file?").with_help("write `export FILE`"));
    }
    GameRecord::of_session(session)?.export(Path::new(rest))?;
    Ok(format!("wrote the game's record to {rest}\n"))
}

fn render(session: &mut Session, rest: &str) -> Result<String, Diagnostic> {
    if rest.is_empty() {
        return Err(Diagnostic::new("render", "which file?").with_help("write `render FILE.svg`"));
    }
    picture::write_svg(session, Path::new(rest))?;
    Ok(format!("wrote {rest}\n"))
}

/// Parses `[--variant V] [--best] [--limit N] [--json]`; returns the query and `--json`.
fn parse_history(rest: &str) -> Result<(HistoryQuery, bool), Diagnostic> {
    let usage = || {
        Diagnostic::new(
            "history",
            "usage: history [--variant V] [--best] [--limit N] [--json]",
        )
    };
    let mut query = HistoryQuery::default();
    let mut json = false;
    let mut words = rest.split_whitespace();
    while let Some(word) = words.next() {
        match word {
            "--variant" => query.variant = Some(words.next().ok_or_else(usage)?.to_owned()),
            "--best" => query.best_first = true,
            "--json" => json = true,
            "--limit" => {
                let n = words.next().ok_or_else(usage)?;
                query.limit =
                    Some(n.parse().map_err(|_| {
                        usage().with_help(format!("`{n}` is not a number of games"))
                    })?);
            }
            other => return Err(usage().with_help(format!("unexpected `{other}`"))),
        }
    }
    Ok((query, json))
}

/// `save FILE [--force]` (the file name may hold spaces).
fn save(session: &Session, rest: &str) -> Result<String, Diagnostic> {
    let (file, force) = match rest.strip_suffix("--force") {
        Some(file) => (file.trim(), true),
        None => (rest, false),
    };
    if file.is_empty() {
        return Err(Diagnostic::new("save", "which file?")
            .with_help("write `save FILE` (`save FILE --force` replaces another game's save)"));
    }
    session.save(Path::new(file), force)?;
    Ok(format!("saved {} moves to {file}\n", session.log().len()))
}

fn reload(session: &mut Session) -> Result<String, Diagnostic> {
    let report = session.reload()?;
    let mut out = format!(
        "reloaded {}: replayed {} moves\n",
        session.variant().name,
        report.replayed
    );
    if let Some(r) = report.rejected {
        let (n, label, why) = (r.number, r.label, r.why);
        let _ = writeln!(
            out,
            "move {n} `{label}` is rejected by the new rules: {}\nthe game stands after move {}; the {} move(s) from there on are kept for `redo` (or revert the rule and `reload`)",
            why.message,
            n - 1,
            session.can_redo()
        );
    }
    out.push_str(&game_over_line(session)?);
    Ok(out)
}

/// Validates a variant: manifest, options, scripts, and one random game played through.
pub fn check(library: &Library, name: &str, limits: Limits) -> Result<String, Diagnostic> {
    if name.is_empty() {
        return Err(
            Diagnostic::new("check", "which variant?").with_help("write `check VARIANT_OR_FILE`")
        );
    }
    let mut session = Session::new(library, name, &[], 1, limits)?;
    let mut bot = bot::RandomBot::seeded(1);
    let played = bot::play_out(&mut session, &mut bot, None)?;
    let reason = session.over()?.unwrap_or_default();
    let total = session
        .score()?
        .get("total")
        .map(ToString::to_string)
        .unwrap_or_default();
    let v = session.variant();
    Ok(format!(
        "ok: {} — {} script(s), {} option(s); a random game of {} moves ended ({reason}) with result {total}\n",
        v.name,
        v.scripts.len(),
        v.options.len(),
        played.len()
    ))
}
