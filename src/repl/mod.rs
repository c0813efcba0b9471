//! The REPL: reads commands (from reedline at a terminal, line by line otherwise), runs
//! them through [`Repl`] and prints what they return.

mod card;
mod commands;
mod completion;
pub mod grammar;
mod history;
mod line_source;
mod narration;
mod on_the_game;
mod progress;
mod served;
mod table;
mod termination;
mod tryout;
mod typeahead;
pub mod unfinished;
mod view;

pub use commands::{check, options_listing, NewGame, Repl, Step};
pub use line_source::{EditorLines, LineSource, Lines, PlainLines};

use crate::manifest::Variant;
use crate::session::Session;
use crate::terminal::print as emit;
use completion::{SharedWords, Words};
use history::History;
use std::io::IsTerminal;

/// What the REPL opens with.
#[derive(Debug, Clone)]
pub enum Start {
    /// A new game (`houserules play`).
    New(NewGame),
    /// A recorded game, by number (`houserules replay`).
    Replay(i64),
    /// A saved game (`houserules resume`).
    Load(std::path::PathBuf),
    /// The game a session left, rebuilt from the lines in the history that replay it
    /// (`houserules resume --from-history`); `when` the session started.
    Replayed { when: String, lines: Vec<String> },
}

impl Start {
    /// The game the last session in the history left (after a crash).
    pub fn from_history() -> Result<Start, crate::diagnostic::Diagnostic> {
        let path = history::path().ok_or_else(|| {
            crate::diagnostic::Diagnostic::about(
                crate::diagnostic::Kind::NotFound,
                "resume",
                "no data folder (neither XDG_DATA_HOME nor HOME is set)",
            )
        })?;
        let (when, lines) = history::last_session(&path)?;
        Ok(Start::Replayed { when, lines })
    }

    /// The REPL line that opens a game this way (none for [`Start::Replayed`]: its lines).
    fn line(&self) -> Option<String> {
        Some(match self {
            Start::New(game) => {
                let mut words = vec!["new".to_owned(), crate::terminal::quoted(&game.variant)];
                if let Some(seed) = game.seed {
                    words.push(format!("--seed {seed}"));
                }
                for (key, value) in &game.overrides {
                    words.push(format!(
                        "--set {}",
                        crate::terminal::quoted(&format!("{key}={value}"))
                    ));
                }
                words.join(" ")
            }
            Start::Replay(id) => format!("replay {id}"),
            Start::Load(path) => {
                format!("load {}", crate::terminal::quoted(&path.to_string_lossy()))
            }
            Start::Replayed { .. } => return None,
        })
    }
}

/// Runs the REPL until `quit` or the end of input; with `web`, serving the table on that
/// port (0: a free one) from the start. Returns whether every command of a piped session
/// succeeded (at a terminal a failed command is only reported); false at once, without
/// a REPL, when the game of `start` cannot be opened.
pub fn run(mut repl: Repl, start: Option<Start>, web: Option<u16>) -> bool {
    let interactive = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    repl.ansi = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    repl.terminal = std::io::stdout().is_terminal();
    let words = SharedWords::default();
    // Ctrl-C (at a terminal), SIGTERM and SIGHUP stop the running command.
    crate::script::interrupt::listen();
    if interactive {
        // Without a handler Ctrl-C during a command would end the process and the game.
        let _ = ctrlc::set_handler(crate::script::interrupt::request);
        emit(&repl.fitted(
            "houserules — type `help` for the commands, `variants` for the games\n".to_owned(),
        ));
    }
    let history_file = interactive.then(history::path).flatten();
    let lines = Lines {
        interactive,
        words: words.clone(),
        history_file: history_file.clone(),
        ansi: repl.ansi,
    };
    let mut console = Console {
        repl,
        history: history_file.map(|path| History::open(&path)),
        keeper: None,
        words,
        interactive,
        all_ok: true,
    };
    match start {
        Some(Start::Replayed { when, lines }) => {
            emit(&format!("replaying the game of the session of {when}\n"));
            let step = console.repl.rerun(&lines);
            console.all_ok &= !step.failed;
            emit(&step.output);
            // This session's history replays it too.
            if let Some(h) = &mut console.history {
                lines.iter().for_each(|line| h.ran(line));
            }
        }
        Some(start) => {
            if let Some(line) = start.line() {
                let step = run_noted(&mut console.repl, console.history.as_mut(), &line);
                if step.failed {
                    // No REPL without the game asked for on the command line: as `check`
                    // would, the command fails.
                    crate::terminal::print_error(&step.output);
                    return false;
                }
                emit(&step.output);
            }
        }
        None => {}
    }
    console
        .repl
        .budgeted(|repl| refresh_words(repl, &console.words));
    console.keeper = console
        .repl
        .unfinished_path()
        .map(|path| termination::Keeper::listen(path.to_path_buf(), interactive));
    let mut source = lines.open(None);
    let mut serve = web;
    loop {
        if let Some(port) = serve.take() {
            match served::Served::open(port) {
                Ok(served) => {
                    // The reader's thread opens its own source.
                    drop(source);
                    served.run(&mut console, lines);
                    break;
                }
                Err(why) => {
                    console.all_ok = false;
                    emit(&format!("error: {why}\n"));
                }
            }
        }
        let Some(read) = source.read_line() else {
            break;
        };
        let step = console.typed(read);
        if step.quit {
            break;
        }
        serve = step.web;
    }
    emit(&console.repl.budgeted(Repl::keep_unfinished));
    interactive || console.all_ok
}

/// The REPL's game and what goes with it: the history, the keeper of the unfinished game,
/// the words completion offers. Lines typed and moves clicked on the web table go
/// through it alike.
struct Console {
    repl: Repl,
    history: Option<History>,
    keeper: Option<termination::Keeper>,
    words: SharedWords,
    interactive: bool,
    /// Every typed command succeeded.
    all_ok: bool,
}

impl Console {
    /// Runs a line read from the terminal or standard input, printing what it says.
    fn typed(&mut self, read: Result<String, String>) -> Step {
        let line = match read {
            Ok(line) => line,
            Err(why) => {
                self.all_ok = false;
                emit(&format!("error: {why}\n"));
                return Step::default();
            }
        };
        if let Some(h) = &mut self.history {
            h.typed(&line);
        }
        let step = self.command(&line, &emit);
        self.all_ok &= !step.failed;
        step
    }

    /// Runs `line` and has `show` print what it says; the game is then kept, and the
    /// words offered for completion follow it.
    fn command(&mut self, line: &str, show: &dyn Fn(&str)) -> Step {
        crate::script::interrupt::clear();
        if let Some(keeper) = &self.keeper {
            keeper.command_starts();
        }
        let (history, keeper) = (self.history.as_mut(), self.keeper.as_ref());
        let (words, interactive) = (&self.words, self.interactive);
        // The line and what follows it share one command budget.
        self.repl.budgeted(|repl| {
            let step = run_noted(repl, history, line);
            show(&step.output);
            if !step.quit {
                if let Some(keeper) = keeper {
                    keeper.command_ended(repl.unfinished_game());
                }
                if interactive {
                    refresh_words(repl, words);
                }
            }
            step
        })
    }
}

/// Runs `line`, and writes in the history (if any) the line that replays what it did to
/// the game.
fn run_noted(repl: &mut Repl, history: Option<&mut History>, line: &str) -> Step {
    let before = repl.session().map(Session::to_save);
    let step = repl.execute(line);
    if let Some(h) = history {
        let after = repl.session().map(Session::to_save);
        if let Some(again) = history::replayable(line, before.as_ref(), after.as_ref()) {
            h.ran(&again);
        }
    }
    step
}

fn refresh_words(repl: &mut Repl, words: &SharedWords) {
    let variants: Vec<String> = repl
        .library()
        .manifest_files()
        .iter()
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .collect();
    let variant_options = variants
        .iter()
        .filter_map(|name| {
            let v = Variant::load(repl.library(), name).ok()?;
            Some((name.clone(), v.options.into_keys().collect()))
        })
        .collect();
    let mut w = Words {
        commands: grammar::command_names(),
        variants,
        variant_options,
        ..Words::default()
    };
    if let Some(labels) = repl.move_labels() {
        w.moves = labels;
    }
    if let Some(names) = repl.card_names() {
        w.cards = names;
    }
    if let Some(s) = repl.session() {
        w.options = s.options().keys().cloned().collect();
        w.bots = crate::bot::catalog::names(s.variant());
    }
    if let Ok(mut shared) = words.lock() {
        *shared = w;
    }
}
