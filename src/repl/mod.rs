//! The REPL: reads commands (from reedline at a terminal, line by line otherwise), runs
//! them through [`Repl`] and prints what they return.

mod commands;
mod completion;
pub mod grammar;
mod line_source;
mod narration;
mod progress;
mod termination;
mod unfinished;
mod view;

pub use commands::{check, NewGame, Repl, Step};
pub use line_source::{EditorLines, LineSource, PlainLines};

use crate::manifest::Variant;
use completion::{SharedWords, Words};
use std::io::{IsTerminal, Write};

/// What the REPL opens with.
#[derive(Debug, Clone)]
pub enum Start {
    /// A new game (`houserules play`).
    New(NewGame),
    /// A recorded game, by number (`houserules replay`).
    Replay(i64),
    /// A saved game (`houserules resume`).
    Load(std::path::PathBuf),
}

/// Runs the REPL until `quit` or the end of input. Returns whether every command of a
/// piped session succeeded (at a terminal a failed command is only reported).
pub fn run(mut repl: Repl, start: Option<Start>) -> bool {
    let interactive = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    repl.ansi = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let words = SharedWords::default();
    // Ctrl-C (at a terminal), SIGTERM and SIGHUP stop the running command.
    crate::script::interrupt::listen();
    if interactive {
        // Without a handler Ctrl-C during a command would end the process and the game.
        let _ = ctrlc::set_handler(crate::script::interrupt::request);
    }
    let mut source: Box<dyn LineSource> = if interactive {
        println!("houserules — type `help` for the commands, `variants` for the games");
        Box::new(EditorLines::new(
            words.clone(),
            line_source::history_path(),
            repl.ansi,
        ))
    } else {
        Box::new(PlainLines::new(std::io::stdin().lock()))
    };
    let mut all_ok = true;
    match start {
        Some(Start::New(game)) => emit(&match repl.start(&game) {
            Ok(text) => text,
            Err(e) => {
                all_ok = false;
                format!("error: {e}\n")
            }
        }),
        Some(Start::Load(path)) => {
            let step = repl.execute(&format!("load {}", path.display()));
            all_ok &= !step.failed;
            emit(&step.output);
        }
        Some(Start::Replay(id)) => {
            let step = repl.execute(&format!("replay {id}"));
            all_ok &= !step.failed;
            emit(&step.output);
        }
        None => {}
    }
    repl.budgeted(|repl| refresh_words(repl, &words));
    let keeper = repl
        .unfinished_path()
        .map(|path| termination::Keeper::listen(path.to_path_buf(), interactive));
    while let Some(read) = source.read_line() {
        let line = match read {
            Ok(line) => line,
            Err(why) => {
                all_ok = false;
                emit(&format!("error: {why}\n"));
                continue;
            }
        };
        crate::script::interrupt::clear();
        if let Some(keeper) = &keeper {
            keeper.command_starts();
        }
        let step = repl.execute(&line);
        all_ok &= !step.failed;
        emit(&step.output);
        if step.quit {
            break;
        }
        if let Some(keeper) = &keeper {
            keeper.command_ended(repl.budgeted(Repl::unfinished_game));
        }
        if interactive {
            repl.budgeted(|repl| refresh_words(repl, &words));
        }
    }
    emit(&repl.budgeted(Repl::keep_unfinished));
    interactive || all_ok
}

/// Prints, ignoring a closed pipe (the reader went away; nothing to do about it).
fn emit(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
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
    if let Some(s) = repl.session() {
        w.options = s.options().keys().cloned().collect();
        w.bots = crate::bot::catalog::names(s.variant());
    }
    if let Ok(mut shared) = words.lock() {
        *shared = w;
    }
}
