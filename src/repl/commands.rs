//! The REPL's commands, independent of how lines arrive: `execute` takes one line and
//! returns the text to show. Every error is shown and the session goes on unchanged.
//! A game that ends here is recorded once in the games database, when one is set.

use super::grammar::{self, Command, NewArgs, Parsed};
use super::narration::{game_over, log, log_json};
use super::on_the_game::{
    auto, export, list_moves, play, redo, reload, render, save, score, show, sim, undo,
};
use crate::bot;
use crate::diagnostic::{Diagnostic, Kind};
use crate::manifest::{Library, OptionValues, Variant};
use crate::records::{self, GameRecord, Recorded};
use crate::save::SaveFile;
use crate::script::words::count;
use crate::script::{advised, Limits, ViewOptions};
use crate::session::Session;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The longest line the REPL runs: no command or move comes near it, and the error of
/// a longer one (a file pasted by mistake) would quote it whole.
const MAX_LINE: usize = 10_000;

/// The commands whose output a break between words would spoil: drawings fitted to the
/// width already (`show`) and data (`eval`). Any output asked for as JSON (`--json`) is
/// data too. (`sim` fits its tables to the width itself, so only its prose is broken.)
/// A command's help (`help auto`, as `auto --help`) hangs under its options' text.
const LAID_OUT: [&str; 2] = ["show", "eval"];

/// May the output of `line` (whose first word is `first`) be fitted to a terminal's
/// width between words?
fn fits_between_words(first: &str, line: &str) -> bool {
    !LAID_OUT.contains(&first) && !line.split_whitespace().any(|w| w == "--json")
}

/// What one line did.
#[derive(Debug, Default)]
pub struct Step {
    pub output: String,
    pub quit: bool,
    /// The command failed (a piped session then ends with a non-zero exit status).
    pub failed: bool,
    /// `web`: serve the table on this port (0: a free one); the REPL's loop does it.
    pub web: Option<u16>,
}

/// The REPL's state: the rules folder, the game if one is running, and where finished
/// games are recorded.
pub struct Repl {
    library: Library,
    limits: Limits,
    session: Option<Session>,
    /// May `show` colour its output?
    pub ansi: bool,
    /// Is the output a terminal? Its long lines are then broken between words at its
    /// width (piped output keeps a message or a move a line), and `clear` clears it.
    pub terminal: bool,
    /// The games database; `None` records nothing (library use and tests).
    db: Option<PathBuf>,
    /// Was the game over after the last command? A game is recorded when it becomes over.
    was_over: bool,
    /// Whether this game has been recorded (or tried to be): once per game.
    recorded: bool,
    /// Where an unfinished game is kept when the REPL ends (`houserules resume`);
    /// `None` keeps nothing (library use and tests).
    unfinished: Option<PathBuf>,
    /// Work under a command budget is running (see [`Repl::budgeted`]).
    in_command: bool,
}

/// How to start a game: the parsed `new` command (also `houserules play`).
#[derive(Debug, Clone, Default)]
pub struct NewGame {
    pub variant: String,
    pub seed: Option<u64>,
    pub overrides: Vec<(String, String)>,
}

impl NewGame {
    /// The game `new` (or `houserules play`) asks for, its `--set` values checked.
    pub fn from_args(args: &NewArgs) -> Result<NewGame, Diagnostic> {
        Ok(NewGame {
            variant: args.variant.clone(),
            seed: args.seed,
            overrides: args.overrides()?,
        })
    }
}

impl Repl {
    pub fn new(library: Library, limits: Limits) -> Repl {
        Repl {
            library,
            limits,
            session: None,
            ansi: false,
            terminal: false,
            db: None,
            was_over: false,
            recorded: false,
            unfinished: None,
            in_command: false,
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
        let said = super::unfinished::keep(&game, &path)
            .map(|said| format!("your unfinished game is {said}"))
            .unwrap_or_else(|e| format!("error: the unfinished game could not be kept: {e}\n"));
        self.fitted(said)
    }

    /// `text` fitted to the terminal's width between words, when the output is a
    /// terminal; as it is in a pipe.
    pub fn fitted(&self, text: String) -> String {
        match self.terminal {
            true => crate::terminal::fit_lines(&text, crate::terminal::width()),
            false => text,
        }
    }

    /// Where an unfinished game is kept, if anywhere.
    pub fn unfinished_path(&self) -> Option<&Path> {
        self.unfinished.as_deref()
    }

    /// The game in hand as a save, when it has moves and is not known to be over (a game
    /// whose `over()` fails, or was stopped, is kept rather than lost).
    pub fn unfinished_game(&mut self) -> Option<SaveFile> {
        let session = self.session.as_mut()?;
        if session.moves_played() == 0 || matches!(session.over(), Ok(Some(_))) {
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

    pub fn session_mut(&mut self) -> Option<&mut Session> {
        self.session.as_mut()
    }

    pub fn library(&self) -> &Library {
        &self.library
    }

    /// The labels of the legal moves, for completion.
    pub fn move_labels(&mut self) -> Option<Vec<String>> {
        let moves = self.session.as_mut()?.moves().ok()?;
        Some(moves.into_iter().map(|m| m.label.to_string()).collect())
    }

    /// Runs one line. Never fails: errors become output, followed by what the game is
    /// now. The rule hooks the line calls share one time budget (`Limits::command_time`).
    pub fn execute(&mut self, line: &str) -> Step {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Step::default();
        }
        let log_before = self.session.as_ref().map(Session::log);
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

    /// Runs the lines that replay a session's game (`houserules resume --from-history`),
    /// showing what failed and where the game stands. The games they end were recorded
    /// when first played: not again.
    pub fn rerun(&mut self, lines: &[String]) -> Step {
        // Nor are the games set aside kept again.
        let (db, unfinished) = (self.db.take(), self.unfinished.take());
        let mut output = String::new();
        let mut failed = false;
        for line in lines {
            let step = self.execute(line);
            if step.failed {
                failed = true;
                let _ = write!(output, "replaying `{line}`: {}", step.output);
            }
        }
        (self.db, self.unfinished) = (db, unfinished);
        let _ = write!(output, "replayed {}", count(lines.len(), "line"));
        if let Some(s) = &self.session {
            let _ = write!(
                output,
                ": {} (seed {}), {} played",
                s.variant().name,
                s.seed(),
                count(s.moves_played(), "move")
            );
        }
        output.push('\n');
        Step {
            output,
            failed,
            ..Step::default()
        }
    }

    /// Runs `work` with the rules of the game in hand under one command budget; within
    /// work already budgeted, under that one (what the REPL does after a line, such as
    /// keeping the game and listing its moves for completion, shares the line's budget:
    /// a rule that runs away costs the line one budget, not one for each).
    pub fn budgeted<T>(&mut self, work: impl FnOnce(&mut Repl) -> T) -> T {
        if self.in_command {
            return work(self);
        }
        self.in_command = true;
        if let Some(s) = &self.session {
            s.rules().start_command();
        }
        let out = work(self);
        if let Some(s) = &self.session {
            s.rules().end_command();
        }
        self.in_command = false;
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
                "the {} moves this command played stand: {} (`undo {}` takes them back)\n",
                kept.len(),
                ends_of(kept),
                kept.len()
            ),
            None => format!(
                "the game now stands after move {}{}\n",
                now.len(),
                now.last().map(|m| format!(" `{m}`")).unwrap_or_default()
            ),
        }
    }

    fn run_line(&mut self, line: &str) -> Step {
        let first = line.split_whitespace().next().unwrap_or_default();
        let result = if line.len() > MAX_LINE {
            let start: String = line.chars().take(40).collect();
            Err(Diagnostic::new(
                Kind::Usage,
                format!(
                    "a line of {} bytes is longer than any command (at most {MAX_LINE}): `{start}…` was not run",
                    line.len()
                ),
            ))
        } else if !grammar::is_command(first) {
            self.typed_move(line)
        } else if first == "eval" && !grammar::asks_help(line) {
            self.eval(line[first.len()..].trim())
        } else if first == "card" && !grammar::asks_help(line) {
            // A card's name may hold an apostrophe (`Builders' Market`): taken as typed.
            self.card(line[first.len()..].trim())
        } else {
            match shlex::split(line).ok_or_else(|| {
                Diagnostic::about(Kind::Usage, first, "a quote is not closed")
                    .with_help("close it, or write the word without quotes")
            }) {
                Ok(words) => match grammar::parse(&words) {
                    Ok(Parsed::Show(text)) => Ok(text),
                    Ok(Parsed::Run(command)) => match *command {
                        Command::Quit => {
                            return Step {
                                quit: true,
                                ..Step::default()
                            }
                        }
                        Command::Web { port } => {
                            return Step {
                                web: Some(port),
                                ..Step::default()
                            }
                        }
                        command => self.run(command),
                    },
                    Err(e) => Err(e),
                },
                Err(e) => Err(e),
            }
        };
        let failed = result.is_err();
        let mut output = match result {
            Ok(text) if fits_between_words(first, line) => self.fitted(text),
            Ok(text) => text,
            Err(e) => {
                let text = format!("error: {e}\n");
                match self.terminal {
                    true => crate::terminal::wrap_messages(&text, crate::terminal::width()),
                    false => text,
                }
            }
        };
        // A command stopped by Ctrl-C or a signal is over: the game it leaves is still
        // recorded if it ended.
        crate::script::interrupt::clear();
        let recorded = self.record_if_ended();
        output.push_str(&self.fitted(recorded));
        if let Some(s) = &self.session {
            for printed in s.rules().take_prints() {
                output.push_str(&printed);
                output.push('\n');
            }
        }
        Step {
            output,
            failed,
            ..Step::default()
        }
    }

    /// Runs a parsed command.
    fn run(&mut self, command: Command) -> Result<String, Diagnostic> {
        let (ansi, limits) = (self.ansi, self.limits);
        match command {
            Command::Help { command } => self.help(command.as_deref()),
            Command::Variants => Ok(self.variants()),
            Command::New(args) => self.start(&NewGame::from_args(&args)?),
            Command::Options { variant } => self.options(variant.as_deref()),
            Command::Check { variant } => check(&self.library, &variant, limits)
                .map_err(|d| again(d, &format!("`check {variant}`"))),
            Command::History(args) => {
                records::history(self.db("history")?, &args.query(), args.json)
            }
            Command::Replay { id } => self.replay(id),
            Command::Load { file } => self.load(&file),
            // Done by `run_line` and the REPL's loop.
            Command::Quit | Command::Web { .. } => Ok(String::new()),
            Command::Show { all, legend } => {
                let options = ViewOptions {
                    all,
                    legend,
                    ..super::view::at_terminal(ansi)
                };
                show(self.game("show")?, &options)
            }
            Command::Moves => {
                let columns = self.terminal.then(crate::terminal::width);
                list_moves(self.game("moves")?, ansi, columns)
            }
            Command::Card { name } => self.card(&name.join(" ")),
            Command::Clear => Ok(match self.terminal {
                true => crate::terminal::CLEAR_SCREEN.to_owned(),
                false => String::new(),
            }),
            Command::Play { choice } => play(self.game("play")?, &choice.join(" "), ansi),
            Command::Auto { moves, bot, quiet } => {
                let told = (!quiet).then_some(ansi);
                auto(self.game("auto")?, moves, &bot, limits, told)
            }
            Command::Sim { args } => {
                let session = self.session.as_ref().ok_or_else(|| no_game("sim"))?;
                let mut out = sim(session, &args, &self.library, self.db.as_deref())?;
                if (args.games.to_string().as_str(), args.bot.as_str()) == grammar::QUICK_SIM {
                    out.push_str("a quick look: `sim --games 1000 --bot greedy` plays more games with a stronger bot\n");
                }
                Ok(out)
            }
            Command::Undo { moves } => undo(self.game("undo")?, moves),
            Command::Redo { moves } => redo(self.game("redo")?, moves, ansi),
            Command::Log { json } => {
                let session = self.game("log")?;
                Ok(if json {
                    log_json(session)
                } else {
                    log(session, ansi)
                })
            }
            Command::Score => score(self.game("score")?, ansi),
            Command::Seed => Ok(format!("{}\n", self.game("seed")?.seed())),
            Command::Save { file, force } => save(self.game("save")?, &file, force),
            Command::Reload => reload(self.game("reload")?, ansi),
            Command::Goals => {
                let db = self.db("goals")?.to_path_buf();
                records::goals(&db, self.game("goals")?)
            }
            Command::Export { file } => export(self.game("export")?, &file),
            Command::Render { file } => render(self.game("render")?, &file),
            Command::Eval { expression } => self.eval(&expression.join(" ")),
        }
    }

    /// A line that is no command: a move, or a mistyped command. A command of the shell
    /// that is no legal move is answered with the shell command, even while the game
    /// asks a question (no answer is one). A single word that is no legal move but looks
    /// like a command is taken for a typo of that command, unless the game asks a
    /// question: then it is a wrong answer, and the refusal lists the answers.
    fn typed_move(&mut self, line: &str) -> Result<String, Diagnostic> {
        let word = line.split_whitespace().next().unwrap_or_default();
        let single = !line.contains(char::is_whitespace);
        let ansi = self.ansi;
        let (is_move, asking) = match self.session.as_mut() {
            Some(session) => (session.takes_as_move(line)?, session.question()?.is_some()),
            None => (false, false),
        };
        if !is_move && grammar::SHELL_ONLY.contains(&word) {
            return Err(self.shell_command(word));
        }
        if !is_move && single && !asking {
            let names = grammar::command_names();
            let near = crate::vocabulary::closest(word, names.iter().map(String::as_str));
            let what = if self.session.is_some() {
                "no such command, nor a legal move"
            } else {
                "no such command"
            };
            if let Some(best) = near.first() {
                return Err(
                    Diagnostic::about(Kind::Usage, word, what).with_help(format!(
                        "did you mean `{best}`? (`help` lists the commands, `moves` the moves)"
                    )),
                );
            }
        }
        match self.session.as_mut() {
            Some(session) => play(session, line, ansi),
            None => Err(Diagnostic::about(Kind::Usage, word, "no such command")
                .with_help("`help` lists the commands; `new VARIANT` starts a game")),
        }
    }

    /// The answer to a command of the shell typed at the prompt: the shell command to
    /// run; for `solve` with a game without chance in hand, how to plan on from it.
    fn shell_command(&self, word: &str) -> Diagnostic {
        let plannable = |session: &Session| {
            bot::plan::without_chance(session.rules(), session.state()).unwrap_or(false)
        };
        let how = match &self.session {
            Some(session) if word == "solve" && plannable(session) => format!(
                "`save FILE` here, then in a shell `{} solve {} --from FILE --keep` plans the rest of this game",
                self.library.program(),
                session.to_save().variant_with_options()
            ),
            _ => format!(
                "run `houserules {word}` in a shell (`houserules {word} --help` says how)"
            ),
        };
        Diagnostic::about(
            Kind::Usage,
            word,
            "a command of the shell, not of this prompt",
        )
        .with_help(format!("{how}; `help` lists the commands here"))
    }

    /// `eval EXPR`: the expression as typed, with `state` in scope.
    fn eval(&mut self, expression: &str) -> Result<String, Diagnostic> {
        let session = self.game("eval")?;
        let rules = session.rules();
        let value = rules.eval(session.state(), expression)?;
        Ok(format!("{}\n", rules.shown(&value)))
    }

    /// `card NAME`: what the rules tell of a card, at this terminal's width.
    fn card(&mut self, name: &str) -> Result<String, Diagnostic> {
        let options = super::view::at_terminal(self.ansi);
        super::card::card(self.game("card")?, name, &options)
    }

    /// The names `card` completes.
    pub fn card_names(&mut self) -> Option<Vec<String>> {
        self.session.as_mut()?.card_names().ok()
    }

    /// `help` and `help CMD`; `help moves` adds what the rules say of their moves' labels.
    fn help(&mut self, command: Option<&str>) -> Result<String, Diagnostic> {
        let Some(name) = command else {
            return Ok(grammar::help_list());
        };
        let mut text = grammar::help_for(name).ok_or_else(|| {
            let names = grammar::command_names();
            let near = crate::vocabulary::closest(name, names.iter().map(String::as_str));
            Diagnostic::about(Kind::Usage, "help", format!("no command `{name}`")).with_help(
                match near.first() {
                    Some(best) => format!("did you mean `help {best}`?"),
                    None => "`help` lists the commands".to_owned(),
                },
            )
        })?;
        if matches!(name, "moves" | "play") {
            match self.session.as_mut() {
                Some(s) => {
                    if let Some(labels) = s.moves_help()? {
                        text += &format!("\nThe moves of {}:\n{labels}\n", s.variant().name);
                    }
                }
                None => text.push_str(
                    "\nStart a game (`new VARIANT`) to see what its moves' labels mean.\n",
                ),
            }
        }
        Ok(text)
    }

    /// The game in hand, or an error saying how to start one.
    fn game(&mut self, command: &str) -> Result<&mut Session, Diagnostic> {
        self.session.as_mut().ok_or_else(|| no_game(command))
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
        )
        .map_err(|d| again(d, "start the game"))?;
        let mut out = format!(
            "new game of {} ({}), seed {seed}\n",
            session.variant().name,
            session.variant().title
        );
        out.push_str(&self.set_session(session)?);
        out.push_str("type `show` to see the game, `moves` to list the moves\n");
        Ok(out)
    }

    /// Makes `session` the game in hand, keeping the one it replaces if unfinished;
    /// returns what became of that one, and its game-over lines if it is over.
    fn set_session(&mut self, mut session: Session) -> Result<String, Diagnostic> {
        let set_aside = self.set_aside();
        let over = game_over(&mut session, self.ansi);
        self.was_over = session.over().ok().flatten().is_some();
        self.recorded = false;
        self.session = Some(session);
        over.map(|over| set_aside + over.as_str())
    }

    /// Keeps the game in hand where `houserules resume` finds it, if it is unfinished;
    /// says so.
    fn set_aside(&mut self) -> String {
        let Some(game) = self.unfinished_game() else {
            return String::new();
        };
        let what = format!(
            "the game you had ({}) is not finished",
            super::unfinished::described(&game)
        );
        match &self.unfinished {
            Some(path) => match super::unfinished::keep(&game, path) {
                Ok(said) => format!("note: {what}; it is {said}"),
                Err(e) => format!("warning: {what}, and it could not be kept: {e}\n"),
            },
            None => format!("note: {what}; it is dropped\n"),
        }
    }

    /// The games database, or why there is none.
    fn db(&self, command: &str) -> Result<&Path, Diagnostic> {
        self.db.as_deref().ok_or_else(|| {
            Diagnostic::about(
                Kind::Usage,
                command,
                "games are not recorded in this session",
            )
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
        let shown = match records::record(db, &record) {
            Ok(Recorded::Stored(id)) => format!(
                "recorded as game {id}{}; `history` lists the games\n",
                record.standing_note()
            ),
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
    fn replay(&mut self, id: i64) -> Result<String, Diagnostic> {
        let (game, session) = records::replay(self.db("replay")?, id, &self.library, self.limits)
            .map_err(|d| again(d, "replay the game"))?;
        let r = &game.record;
        let mut out = format!(
            "replayed game {id}: {} (seed {}, {}, played {} UTC)\n",
            r.variant,
            r.seed,
            count(r.moves.len(), "move"),
            r.played_at
        );
        if session.rules().scripts_hash() != r.scripts_hash {
            out.push_str("note: the scripts have changed since this game was played; it was replayed under the current ones\n");
        }
        out.push_str(&self.set_session(session)?);
        Ok(out)
    }

    /// Each variant with its title, in a column as wide as the longest name.
    fn variants(&self) -> String {
        let files = self.library.manifest_files();
        let names: Vec<String> = files
            .iter()
            .map(|path| {
                path.file_stem()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
        let mut out = String::new();
        for (path, name) in files.iter().zip(&names) {
            let _ = match Variant::load(&self.library, name) {
                Ok(v) if self.library.is_users(path) => writeln!(
                    out,
                    "{name:<width$}  {} (yours: {})",
                    v.title,
                    path.display()
                ),
                Ok(v) => writeln!(out, "{name:<width$}  {}", v.title),
                Err(e) => writeln!(out, "{name:<width$}  (broken: {})", e.message),
            };
        }
        out
    }

    fn options(&self, variant: Option<&str>) -> Result<String, Diagnostic> {
        let (variant, values) = match (variant, &self.session) {
            (None, Some(s)) => (s.variant().clone(), Some(s.options().clone())),
            (None, None) => {
                return Err(
                    Diagnostic::about(Kind::Usage, "options", "no game is running")
                        .with_help("write `options VARIANT`"),
                )
            }
            (Some(name), _) => (Variant::load(&self.library, name)?, None),
        };
        Ok(options_listing(&variant, values.as_ref()))
    }

    fn load(&mut self, file: &Path) -> Result<String, Diagnostic> {
        let (session, notes) = Session::load(&self.library, file, self.limits)
            .map_err(|d| again(d, "load the game"))?;
        let mut out = format!(
            "loaded {} (seed {}, {})\n",
            session.variant().name,
            session.seed(),
            count(session.moves_played(), "move")
        );
        for note in notes {
            let _ = writeln!(out, "note: {note}");
        }
        Ok(out + self.set_session(session)?.as_str())
    }
}

/// A variant's options, each with its value (`values`: a game's, else the defaults), its
/// help, kind and default; `options` at the prompt and `houserules options`.
pub fn options_listing(variant: &Variant, values: Option<&OptionValues>) -> String {
    if variant.options.is_empty() {
        return format!("{} has no options\n", variant.name);
    }
    let mut out = String::new();
    for (name, spec) in &variant.options {
        let value = values.and_then(|v| v.get(name)).unwrap_or(&spec.default);
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
    out
}

/// A rule's error met as a game starts (`new`, `load`, `replay`) or in `check`: no game
/// under the broken rules is in hand to `reload`, so the advice is to do `what` again.
fn again(d: Diagnostic, what: &str) -> Diagnostic {
    advised(d, &format!("fix the script, then {what} again"))
}

/// The error of a command that needs a game when none is running.
fn no_game(command: &str) -> Diagnostic {
    Diagnostic::about(Kind::Usage, command, "no game is running")
        .with_help("start one with `new VARIANT` (`variants` lists them), or type `help`")
}

/// A seed for a game started without one (shown, so the game can be replayed).
fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64 % 1_000_000)
        .unwrap_or(1)
}

/// Validates a variant: manifest, options, scripts, and a few seconds of games by the
/// random and greedy bots, naming the variant's rule functions they never ran.
pub fn check(library: &Library, name: &str, limits: Limits) -> Result<String, Diagnostic> {
    if name.is_empty() {
        return Err(Diagnostic::about(Kind::Usage, "check", "which variant?")
            .with_help("write `check VARIANT_OR_FILE`"));
    }
    Ok(super::tryout::play(library, name, limits)?.to_string())
}

/// Moves named in a message: all of a few, the first and last three of many (a bot's
/// long run would fill the screen).
fn ends_of(moves: &[String]) -> String {
    const ENDS: usize = 3;
    if moves.len() <= 3 * ENDS {
        return moves.join(", ");
    }
    format!(
        "{}, … {} more …, {}",
        moves[..ENDS].join(", "),
        moves.len() - 2 * ENDS,
        moves[moves.len() - ENDS..].join(", ")
    )
}
