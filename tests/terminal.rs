//! The REPL at a real (pseudo-)terminal: what a pipe cannot show. Signals that end the
//! process keep the unfinished game, the history is written as commands are typed, and
//! Ctrl-C stops a long command but not the game.

use expectrl::process::unix::{Signal, WaitStatus};
use expectrl::{ControlCode, Expect};
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

type Pty = expectrl::session::OsSession;

/// The binary in a terminal, with its data folder (history, unfinished game, database)
/// in a fresh temporary folder.
struct Terminal {
    pty: Pty,
    data: tempfile::TempDir,
}

impl Terminal {
    fn start(args: &[&str]) -> Terminal {
        Terminal::start_with(args, &[])
    }

    /// As [`Terminal::start`], with more environment variables.
    fn start_with(args: &[&str], env: &[(&str, &str)]) -> Terminal {
        let data = tempfile::tempdir().unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_houserules"));
        command
            .envs(env.iter().copied())
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("XDG_DATA_HOME", data.path())
            .env("HOUSERULES_DB", data.path().join("games.sqlite"))
            .env("TERM", "xterm");
        let mut pty = Pty::spawn(command).unwrap();
        pty.set_expect_timeout(Some(Duration::from_secs(30)));
        Terminal { pty, data }
    }

    /// A game of Pig (seed 1) with one move played.
    fn pig_after_a_roll() -> Terminal {
        let mut t = Terminal::start(&["play", "pig-solo", "--seed", "1"]);
        t.expect("`moves` to list the moves");
        t.type_line("roll");
        t.expect("played roll");
        t
    }

    /// Waits for the prompt, then types `line`. The editor asks the terminal where the
    /// cursor is before each prompt and waits for the answer, as a terminal gives it.
    fn type_line(&mut self, line: &str) {
        self.expect("\x1b[6n");
        self.pty.send("\x1b[1;1R").unwrap();
        self.expect("houserules");
        self.pty.send_line(line).unwrap();
    }

    fn expect(&mut self, text: &str) {
        if let Err(e) = self.pty.expect(text) {
            panic!("waiting for {text:?}: {e}");
        }
    }

    fn file(&self, name: &str) -> PathBuf {
        self.data.path().join("houserules").join(name)
    }

    fn signal(&mut self, signal: Signal) {
        self.pty.get_process_mut().signal(signal).unwrap();
    }

    /// Waits for the process to end; its exit code.
    fn exit_code(&mut self) -> i32 {
        match self.pty.get_process().wait().unwrap() {
            WaitStatus::Exited(_, code) => code,
            other => panic!("the process did not exit by itself: {other:?}"),
        }
    }

    fn saved_moves(&self) -> String {
        let path = self.file("unfinished.save");
        std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            .lines()
            .find(|l| l.starts_with("moves"))
            .unwrap_or_default()
            .to_owned()
    }
}

fn ended_by(signal: Signal) {
    let mut t = Terminal::pig_after_a_roll();
    // The REPL waits at its prompt.
    t.expect("\x1b[6n");
    t.signal(signal);
    t.expect("your unfinished game is saved in");
    assert_eq!(t.exit_code(), 128 + signal as i32);
    assert_eq!(t.saved_moves(), "moves = [\"roll\"]");
}

#[test]
fn sigterm_at_the_prompt_saves_the_unfinished_game_for_resume() {
    ended_by(Signal::SIGTERM);
}

#[test]
fn sighup_from_a_closed_terminal_saves_the_unfinished_game() {
    ended_by(Signal::SIGHUP);
}

#[test]
fn quit_with_an_unfinished_game_saves_it_and_says_where() {
    let mut t = Terminal::pig_after_a_roll();
    t.type_line("quit");
    t.expect("your unfinished game is saved in");
    t.expect("`houserules resume` goes on with it");
    assert_eq!(t.exit_code(), 0);
    assert_eq!(t.saved_moves(), "moves = [\"roll\"]");
}

#[test]
fn the_history_is_written_as_each_command_is_typed() {
    let mut t = Terminal::pig_after_a_roll();
    t.type_line("seed");
    t.expect("\n1");
    std::thread::sleep(Duration::from_millis(200));
    // Killed without a chance to write anything more.
    t.signal(Signal::SIGKILL);
    let _ = t.pty.get_process().wait();
    let history = std::fs::read_to_string(t.file("history")).unwrap();
    assert!(history.contains("roll"), "{history}");
    assert!(history.contains("seed"), "{history}");
}

#[test]
fn ctrl_c_stops_a_runaway_eval_and_keeps_the_game() {
    let mut t = Terminal::pig_after_a_roll();
    t.type_line("eval let i = 0; loop { i += 1; }");
    std::thread::sleep(Duration::from_millis(200));
    t.pty.send(ControlCode::EndOfText).unwrap();
    // Not the command's 1 s budget: Ctrl-C stopped it.
    t.expect("interrupted (Ctrl-C)");
    t.type_line("log");
    t.expect("1  roll");
}

#[test]
fn ctrl_c_stops_a_simulation_at_the_repl_and_keeps_the_game() {
    let mut t = Terminal::pig_after_a_roll();
    t.type_line("sim --games 5000000 --bot random --threads 2");
    std::thread::sleep(Duration::from_millis(500));
    t.pty.send(ControlCode::EndOfText).unwrap();
    t.expect("interrupted (Ctrl-C)");
    t.expect("the game is unchanged");
    t.type_line("log");
    t.expect("1  roll");
}

/// Everything the terminal shows up to `text`.
fn shown_until(t: &mut Terminal, text: &str) -> String {
    match t.pty.expect(text) {
        Ok(found) => String::from_utf8_lossy(found.before()).into_owned(),
        Err(e) => panic!("waiting for {text:?}: {e}"),
    }
}

/// Bold red, as the board's status line paints "you" in The Invaders.
const RED: &str = "\x1b[1;31m";

#[test]
fn no_color_leaves_the_prompt_the_board_and_the_story_uncoloured() {
    let mut coloured = Terminal::start(&["play", "invaders", "--seed", "3"]);
    coloured.expect("`moves` to list the moves");
    coloured.type_line("show");
    assert!(shown_until(&mut coloured, "tile in hand").contains(RED));
    let mut plain =
        Terminal::start_with(&["play", "invaders", "--seed", "3"], &[("NO_COLOR", "1")]);
    plain.expect("`moves` to list the moves");
    plain.type_line("show");
    let shown = shown_until(&mut plain, "tile in hand");
    assert!(!shown.contains(RED), "{shown:?}");
    plain.type_line("auto 3");
    let shown = shown_until(&mut plain, "random played 3 moves");
    assert!(!shown.contains("\x1b[1;3"), "{shown:?}");
}

#[test]
fn a_long_auto_shows_its_progress_and_ctrl_c_stops_it() {
    let mut t = Terminal::start(&["play", "invaders", "--seed", "3"]);
    t.expect("`moves` to list the moves");
    t.type_line("auto --bot lookahead");
    t.expect("moves  Ctrl-C stops");
    t.pty.send(ControlCode::EndOfText).unwrap();
    t.expect("interrupted (Ctrl-C) after");
    t.expect("stand");
}
