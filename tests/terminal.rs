//! The REPL at a real (pseudo-)terminal: what a pipe cannot show. Signals that end the
//! process keep the unfinished game, the history is written as commands are typed, and
//! Ctrl-C stops a long command but not the game.

use crate::common::{self, assert_in_order};
use expectrl::process::unix::{PtyStream, Signal, UnixProcess, WaitStatus};
use expectrl::process::NonBlocking;
use expectrl::{ControlCode, Expect, Needle, Regex, Session};
use houserules::save::SaveFile;
use nix::fcntl::{fcntl, FcntlArg, FdFlag, OFlag};
use std::fs::File;
use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

/// The binary in a terminal, with its data folder (history, unfinished game, database)
/// in a fresh temporary folder. `P` and `S` are the process and the test's side of the
/// terminal: expectrl's (a controlling terminal, which signals as a real one does), or
/// a [`Window`] the test can close.
struct Terminal<P = UnixProcess, S = PtyStream> {
    pty: Session<P, S>,
    data: tempfile::TempDir,
}

/// The binary with `args` and `env`, its data folder in `data`.
fn houserules_in(data: &Path, args: &[&str], env: &[(&str, &str)]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_houserules"));
    command
        .envs(env.iter().copied())
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("XDG_DATA_HOME", data)
        // No house rule of the user's among the variants listed.
        .env("XDG_CONFIG_HOME", data)
        .env("HOUSERULES_DB", data.join("games.sqlite"))
        .env("TERM", "xterm");
    command
}

impl Terminal {
    fn start(args: &[&str]) -> Terminal {
        Terminal::start_with(args, &[])
    }

    /// As [`Terminal::start`], with more environment variables.
    fn start_with(args: &[&str], env: &[(&str, &str)]) -> Terminal {
        let data = tempfile::tempdir().unwrap();
        let mut pty = Session::spawn(houserules_in(data.path(), args, env)).unwrap();
        pty.set_expect_timeout(Some(Duration::from_secs(30)));
        Terminal { pty, data }
    }

    /// A game of Pig (seed 1) with one move played.
    fn pig_after_a_roll() -> Terminal {
        Terminal::start(&["play", "pig-solo", "--seed", "1"]).after_a_roll()
    }

    fn signal(&mut self, signal: Signal) {
        self.pty.get_process_mut().signal(signal).unwrap();
    }

    /// Whether the terminal turns Enter into a line feed again, as it did before the
    /// REPL kept Enter as Enter for the lines typed while a command runs.
    fn enter_is_enter_again(&self) -> bool {
        let modes = nix::sys::termios::tcgetattr(self.pty.get_stream()).unwrap();
        modes
            .input_flags
            .contains(nix::sys::termios::InputFlags::ICRNL)
    }

    /// Waits for the process to end; its exit code.
    fn exit_code(&mut self) -> i32 {
        match self.pty.get_process().wait().unwrap() {
            WaitStatus::Exited(_, code) => code,
            other => panic!("the process did not exit by itself: {other:?}"),
        }
    }
}

impl<P, S: Read + Write + NonBlocking> Terminal<P, S> {
    /// Rolls once in the game of Pig this terminal started.
    fn after_a_roll(mut self) -> Self {
        self.expect("`moves` to list the moves");
        self.type_line("roll");
        self.expect("played roll");
        self
    }

    /// Lets a slow bot play a game of The Invaders this terminal started, until its
    /// progress shows.
    fn in_a_long_auto(mut self) -> Self {
        self.expect("`moves` to list the moves");
        self.type_line("auto --bot lookahead");
        self.expect("moves  Ctrl-C stops");
        self
    }

    /// Waits for the prompt, then types `line`. The editor asks the terminal where the
    /// cursor is before each prompt and waits for the answer, as a terminal gives it.
    fn type_line(&mut self, line: &str) {
        self.expect("\x1b[6n");
        self.pty.send("\x1b[1;1R").unwrap();
        self.expect("houserules");
        self.pty.send_line(line).unwrap();
    }

    fn expect<N: Needle + std::fmt::Debug>(&mut self, needle: N) {
        if let Err(e) = self.pty.expect(&needle) {
            panic!("waiting for {needle:?}: {e}");
        }
    }

    fn file(&self, name: &str) -> PathBuf {
        self.data.path().join("houserules").join(name)
    }

    /// The game kept for `houserules resume`.
    fn saved_game(&self) -> SaveFile {
        SaveFile::read(&self.file("unfinished.save")).unwrap()
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

/// The test's side of a terminal it can close, as a terminal window closes. The REPL does
/// not have it as its controlling terminal, so no SIGHUP comes: it must see for itself
/// that the terminal is gone.
struct Window(Option<File>);

impl Read for Window {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.0.as_mut().map_or(Ok(0), |f| f.read(buf))
    }
}

impl Write for Window {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match &mut self.0 {
            Some(f) => f.write(buf),
            None => Err(std::io::ErrorKind::BrokenPipe.into()),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.as_mut().map_or(Ok(()), Write::flush)
    }
}

impl NonBlocking for Window {
    fn set_blocking(&mut self, on: bool) -> std::io::Result<()> {
        let Some(f) = &self.0 else { return Ok(()) };
        let flags = OFlag::from_bits_truncate(fcntl(f, FcntlArg::F_GETFL)?);
        fcntl(
            f,
            FcntlArg::F_SETFL(
                flags.difference(OFlag::O_NONBLOCK)
                    | if on {
                        OFlag::empty()
                    } else {
                        OFlag::O_NONBLOCK
                    },
            ),
        )?;
        Ok(())
    }
}

impl Terminal<Child, Window> {
    /// The binary with `args` in a window of 80 columns.
    fn in_window(args: &[&str]) -> Self {
        let data = tempfile::tempdir().unwrap();
        let size = nix::pty::Winsize {
            ws_row: 24,
            ws_col: 80,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        let pty = nix::pty::openpty(&size, None).unwrap();
        // Not inherited by the child: the test must hold the only end it closes.
        for end in [&pty.master, &pty.slave] {
            let cloexec = FcntlArg::F_SETFD(FdFlag::FD_CLOEXEC);
            nix::fcntl::fcntl(end, cloexec).unwrap();
        }
        let slave = File::from(pty.slave);
        let child = houserules_in(data.path(), args, &[])
            .stdin(slave.try_clone().unwrap())
            .stdout(slave.try_clone().unwrap())
            .stderr(slave)
            // Out of the test's process group: no Ctrl-C or terminal of the test reaches it.
            .process_group(0)
            .spawn()
            .unwrap();
        let mut pty = Session::new(child, Window(Some(File::from(pty.master)))).unwrap();
        pty.set_expect_timeout(Some(Duration::from_secs(30)));
        Terminal { pty, data }
    }

    /// Closes the terminal and waits up to `LOST_TERMINAL_WAIT` for the REPL to end as a
    /// hung-up terminal ends it; fails (ending it) when it is still running then.
    fn close(&mut self) {
        self.pty.get_stream_mut().0 = None;
        let started = Instant::now();
        let child = self.pty.get_process_mut();
        while started.elapsed() < LOST_TERMINAL_WAIT {
            if let Some(status) = child.try_wait().unwrap() {
                let took = started.elapsed();
                assert_eq!(status.code(), Some(128 + Signal::SIGHUP as i32), "{took:?}");
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = child.kill();
        let _ = child.wait();
        panic!("still running {LOST_TERMINAL_WAIT:?} after its terminal closed");
    }
}

/// The REPL promises to end within a second of losing its terminal; a loaded test machine
/// gets some slack.
const LOST_TERMINAL_WAIT: Duration = Duration::from_secs(5);

fn ended_by(signal: Signal) {
    let mut t = Terminal::pig_after_a_roll();
    // The REPL waits at its prompt.
    t.expect("\x1b[6n");
    t.signal(signal);
    t.expect("your unfinished game is saved in");
    assert_eq!(t.exit_code(), 128 + signal as i32);
    assert_eq!(t.saved_moves(), "moves = [\"roll\"]");
    assert!(t.enter_is_enter_again());
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
fn sigterm_or_sighup_during_a_long_auto_keeps_the_moves_the_bot_played() {
    for signal in [Signal::SIGTERM, Signal::SIGHUP] {
        let mut t = Terminal::start(&["play", "invaders", "--seed", "3"]).in_a_long_auto();
        t.signal(signal);
        // As Ctrl-C would, the signal stops the bot and leaves its moves in the game.
        t.expect("your unfinished game is saved in");
        assert_eq!(t.exit_code(), 128 + signal as i32);
        assert!(!t.saved_game().moves.is_empty(), "{signal:?}");
    }
}

#[test]
fn a_closed_terminal_ends_the_repl_at_once_and_keeps_the_game() {
    let mut t = Terminal::in_window(&["play", "pig-solo", "--seed", "1"]).after_a_roll();
    // At the prompt.
    t.expect("\x1b[6n");
    t.close();
    assert_eq!(t.saved_moves(), "moves = [\"roll\"]");
}

#[test]
fn a_terminal_closed_during_a_long_auto_keeps_the_moves_the_bot_played() {
    let mut t = Terminal::in_window(&["play", "invaders", "--seed", "3"]).in_a_long_auto();
    t.close();
    assert!(!t.saved_game().moves.is_empty());
}

#[test]
fn quit_with_an_unfinished_game_saves_it_and_says_where() {
    let mut t = Terminal::pig_after_a_roll();
    t.type_line("quit");
    t.expect("your unfinished game is saved in");
    t.expect("`houserules resume` goes on with it");
    assert_eq!(t.exit_code(), 0);
    assert_eq!(t.saved_moves(), "moves = [\"roll\"]");
    assert!(t.enter_is_enter_again());
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

/// The moves of a `log`'s output, one line each (without what they did).
fn logged_moves(output: &str) -> Vec<&str> {
    output
        .lines()
        .filter(|l| {
            l.trim_start()
                .split_once("  ")
                .is_some_and(|(n, _)| n.parse::<usize>().is_ok())
        })
        .collect()
}

#[test]
fn the_history_keeps_every_line_typed_and_replays_the_game_after_a_kill() {
    let mut t = Terminal::pig_after_a_roll();
    let typed = ["roll", "roll", "roll", "auto 1 --quiet", "auto 1 --quiet"];
    for line in typed {
        t.type_line(line);
        t.expect("played");
    }
    std::thread::sleep(Duration::from_millis(200));
    t.signal(Signal::SIGKILL);
    let _ = t.pty.get_process().wait();
    // Every line, repeats too, in order; the lines that replay the game are comments.
    let history = std::fs::read_to_string(t.file("history")).unwrap();
    let lines: Vec<&str> = history.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines, [&["roll"][..], &typed].concat(), "{history}");
    // The game is rebuilt, moves and players alike, as a fresh game given the same lines.
    let resumed = common::houserules_in(t.data.path(), &["resume", "--from-history"], "log\n");
    assert!(resumed.ok, "{}", resumed.stderr);
    assert!(
        resumed
            .stdout
            .contains("replayed 7 lines: pig-solo (seed 1), 6 moves played"),
        "{}",
        resumed.stdout
    );
    let input = format!("roll\n{}\nlog\n", typed.join("\n"));
    let fresh = common::houserules(&["play", "pig-solo", "--seed", "1"], &input);
    assert_eq!(logged_moves(&resumed.stdout), logged_moves(&fresh.stdout));
    let players = houserules::players::summary(&t.saved_game().played_by);
    assert_eq!(players, "you 4, random 2 of 6 moves");
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
    let json = t.data.path().join("x.json");
    let sim = "sim --games 5000000 --bot random --threads 2 --vs-set turns=5 --json";
    t.type_line(&format!("{sim} {}", json.display()));
    // Three games of a side played: on two threads, one game is played by both sides.
    t.expect(Regex("([3-9]|[1-9][0-9]+)/10000000 games"));
    t.pty.send(ControlCode::EndOfText).unwrap();
    // A partial report of the games both sides finished, no script error.
    let shown = shown_until(&mut t, "(A | B)");
    assert!(!shown.contains("help:"), "{shown}");
    assert_in_order(
        &shown,
        &[
            "interrupted (Ctrl-C) after ",
            " per side: the report covers those; no file is written",
            " per side from seed 1",
            "A: pig-solo",
            "B: pig-solo turns=5",
        ],
    );
    assert!(!json.exists());
    t.type_line("log");
    t.expect("1  roll");
}

/// Answers the editor's question of where the cursor is (asked and read already), types
/// `line`, and returns how long until the editor asks again, at the next prompt.
fn till_the_next_prompt(t: &mut Terminal, line: &str) -> Duration {
    t.pty.send("\x1b[1;1R").unwrap();
    t.expect("houserules");
    t.pty.send_line(line).unwrap();
    let start = Instant::now();
    t.expect("\x1b[6n");
    start.elapsed()
}

#[test]
fn a_rule_that_runs_away_costs_a_line_one_budget_not_one_per_hook_call() {
    let lib = crate::common::TempLibrary::new();
    // Pig's over() runs away from the second turn on.
    let over = "fn over() {\n    if this.turn >= 2 {\n        let x = 0;\n        loop { x += 1; }\n    }\n    this.parent(\"over\", [])\n}\n";
    lib.write("scripts/house/x.rhai", over);
    lib.write(
        "variants/x.toml",
        "name = \"x\"\nextends = \"pig-solo\"\nscripts = [\"house/x.rhai\"]\n",
    );
    let home = lib.dir.path().to_str().unwrap();
    let mut t = Terminal::start(&["--home", home, "play", "x", "--seed", "1"]);
    t.expect("`moves` to list the moves");
    t.expect("\x1b[6n");
    // The move that sets it off, then commands that ask over(): a second each (the
    // REPL's budget per command), not one for the command, one for keeping the game
    // and one for the completion's list of moves.
    till_the_next_prompt(&mut t, "roll");
    for line in ["bank", "moves", "show"] {
        let took = till_the_next_prompt(&mut t, line);
        assert!(
            (Duration::from_millis(900)..Duration::from_millis(2500)).contains(&took),
            "`{line}` took {took:?}"
        );
    }
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
    let mut t = Terminal::start(&["play", "invaders", "--seed", "3"]).in_a_long_auto();
    t.pty.send(ControlCode::EndOfText).unwrap();
    t.expect("interrupted (Ctrl-C) after");
    t.expect("stand");
}

#[test]
fn lines_typed_while_a_command_runs_each_run_after_it() {
    let mut t = Terminal::pig_after_a_roll();
    t.type_line("sim --games 6000 --bot random --threads 1");
    t.expect(Regex("[0-9]+/6000 games"));
    // Typed while the simulation runs, each line ended by Enter as a terminal sends it.
    t.pty.send("seed\rlog\rsco").unwrap();
    t.expect("result");
    t.expect("\x1b[6n");
    t.pty.send("\x1b[1;1R").unwrap();
    t.expect("\r\n1\r\n");
    t.expect("\x1b[6n");
    t.pty.send("\x1b[1;1R").unwrap();
    t.expect("1  roll");
    // The line not yet ended waits at the prompt, to be finished.
    t.expect("\x1b[6n");
    t.pty.send("\x1b[1;1R").unwrap();
    t.expect("sco");
    t.pty.send("re\r").unwrap();
    t.expect("so far:");
}

/// What an Ireland game (seed 5) at a terminal prints for `line`, up to `until`.
/// What the shell command `args` shows at the test's terminal before `until`, without
/// colours.
fn shell_shows(args: &[&str], until: &str) -> String {
    let mut t = Terminal::start_with(args, &[("NO_COLOR", "1")]);
    shown_until(&mut t, until)
}

fn ireland_shows(line: &str, until: &str) -> String {
    let mut t = Terminal::start(&["play", "ora-et-labora-solo-ireland", "--seed", "5"]);
    t.expect("`moves` to list the moves");
    t.type_line(line);
    shown_until(&mut t, until)
}

/// The lines of `shown` from the first place `first` stands (a progress bar's last
/// drawing may precede it on its line).
fn lines_from<'a>(shown: &'a str, first: &str) -> Vec<&'a str> {
    shown
        .find(first)
        .map_or(Vec::new(), |at| shown[at..].split("\r\n").collect())
}

/// No line of `lines` is wider than the test's terminal (80 columns).
fn assert_fits(lines: &[&str]) {
    assert!(
        lines.iter().all(|l| l.chars().count() <= 80),
        "no line is wider than the terminal (80 columns): {lines:?}"
    );
}

#[test]
fn a_long_error_is_broken_between_words_at_the_terminals_width() {
    let shown = ireland_shows("fold", "the game is unchanged");
    let help = &shown[shown.find("help: legal moves").unwrap()..];
    let lines: Vec<&str> = help.split("\r\n").filter(|l| !l.is_empty()).collect();
    assert!(
        lines.len() > 2 && lines[1..].iter().all(|l| l.starts_with("  ")),
        "the help goes on indented: {help:?}"
    );
    assert_fits(&lines);
}

#[test]
fn long_moves_are_broken_between_words_under_their_text() {
    let shown = ireland_shows("moves", "pass");
    let lines = lines_from(&shown, "  1  ");
    let use_line = lines
        .iter()
        .position(|l| l.contains("use Clay Mound at 4,0"))
        .unwrap_or_else(|| panic!("{shown:?}"));
    assert!(
        lines[use_line + 1].starts_with(&" ".repeat(20)) && lines[use_line + 1].contains("joker"),
        "the function goes on under its text: {shown:?}"
    );
    assert_fits(&lines);
}

#[test]
fn long_lines_of_prose_are_broken_between_words() {
    let mut t = Terminal::start(&["play", "ora-et-labora-solo-ireland", "--seed", "5"]);
    t.expect("`moves` to list the moves");
    t.type_line("auto 12 --bot random --quiet");
    t.expect("random played 12 moves");
    t.type_line("undo 5");
    let shown = shown_until(&mut t, "`2 peat (the joker)`");
    let lines = lines_from(&shown, "took back 5 moves:");
    assert!(
        lines.len() > 1 && lines[1].starts_with("  ") && !lines[1].starts_with("   "),
        "the list goes on under it, two columns in: {shown:?}"
    );
    assert_fits(&lines);
    t.type_line("variants");
    let shown = shown_until(&mut t, "pig-solo");
    let lines = lines_from(&shown, "carcassonne-solo-3-meeples");
    let title_column = "ora-et-labora-solo-france-head-start   ".len();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with(&" ".repeat(title_column))),
        "a long title goes on under the titles: {shown:?}"
    );
    assert_fits(&lines);
    t.type_line("help auto");
    let shown = shown_until(&mut t, "Print help");
    let lines = lines_from(&shown, "      --bot <NAME>");
    let text_column = "      --bot <NAME>  ".len();
    assert!(
        lines.len() > 1
            && lines[1].starts_with(&" ".repeat(text_column))
            && !lines[1].starts_with(&" ".repeat(text_column + 1)),
        "a command's help goes on under its options' text: {shown:?}"
    );
    assert_fits(&lines);
}

#[test]
fn clear_clears_the_screen_and_leaves_the_game() {
    let mut t = Terminal::start(&["play", "pig-solo", "--seed", "1"]);
    t.expect("`moves` to list the moves");
    t.type_line("roll");
    t.type_line("clear");
    // Erase in display, all of it (ECMA-48).
    t.expect("\x1b[2J");
    t.type_line("log");
    t.expect("1  roll");
}

#[test]
fn the_note_of_a_recorded_game_fits_the_terminal() {
    let mut t = Terminal::start(&["play", "pig-solo", "--seed", "1"]);
    t.expect("`moves` to list the moves");
    t.type_line("auto --bot greedy --quiet");
    // Up to the next prompt's question of where the cursor is.
    let shown = shown_until(&mut t, "\x1b[6n");
    let lines = lines_from(&shown, "recorded as game 1");
    assert!(lines.len() > 1, "the note goes on a second line: {shown:?}");
    assert_fits(&lines);
}

#[test]
fn a_commands_help_is_broken_between_words_at_the_terminals_width() {
    let shown = shell_shows(&["sim", "--help"], "Print help");
    let lines = lines_from(&shown, "Play many seeded games");
    let bot = lines
        .iter()
        .position(|l| l.trim_start().starts_with("--bot <NAME>"))
        .unwrap_or_else(|| panic!("{shown:?}"));
    assert!(
        lines[bot + 1].trim_start().starts_with("The bot:") && lines[bot + 2].starts_with("    "),
        "the bot's help goes on over lines under its first: {shown:?}"
    );
    assert_fits(&lines);
}

#[test]
fn the_tables_address_is_broken_between_words_at_the_terminals_width() {
    let mut t = Terminal::start(&["play", "pig-solo", "--seed", "1", "--web"]);
    let shown = shown_until(&mut t, "prints it again)");
    let lines = lines_from(&shown, "the table is at http://127.0.0.1:");
    assert!(
        lines.len() == 2 && lines[1].starts_with("  ") && lines[1].contains("beside this REPL"),
        "the note goes on under it, two columns in: {shown:?}"
    );
    assert_fits(&lines);
}

#[test]
fn an_error_at_the_shell_is_broken_between_words_at_the_terminals_width() {
    let shown = shell_shows(&["sim", "chess"], "pig-solo");
    let lines = lines_from(&shown, "help: known variants:");
    assert!(
        lines.len() > 2 && lines[1..].iter().all(|l| l.starts_with("  ")),
        "the help goes on indented: {shown:?}"
    );
    assert_fits(&lines);
}

#[test]
fn a_shell_commands_listing_is_broken_between_words_at_the_terminals_width() {
    let shown = shell_shows(&["options", "pig-solo"], "turns = 10");
    let lines = lines_from(&shown, "bonus_at = 20");
    assert!(
        lines.len() > 3 && lines[2].starts_with("      ") && lines[2].contains("(default 20)"),
        "an option's help goes on under its own indent: {shown:?}"
    );
    assert_fits(&lines);
}

#[test]
fn solves_report_and_its_games_are_broken_between_words_at_the_terminals_width() {
    let lib = crate::planner::puzzle();
    let save = lib.path("best.save");
    let home = lib.dir.path().to_str().unwrap();
    // A budget this large makes each game's line, "… of 200000000 kops spent", too long.
    let args = ["--home", home, "solve", "treasure", "--budget", "200000000"];
    let shown = shell_shows(
        &[&args[..], &["--save", save.to_str().unwrap()]].concat(),
        "step through it",
    );
    // Above the bar, the bar's writer pads each line to the terminal's width instead of
    // ending it: the game's line is read in rows of 80 columns.
    let told: Vec<char> = shown[shown.find("detour at move 1, ").unwrap()..]
        .chars()
        .take_while(|c| *c != '░')
        .collect();
    let rows: Vec<String> = told.chunks(80).map(|r| r.iter().collect()).collect();
    assert!(
        rows.len() == 2 && rows[0].trim_end().ends_with(" kops") && rows[1].trim_end() == "  spent",
        "a game's line goes on under it, broken between words: {rows:?}"
    );
    let bars = shown
        .split("\u{1b}[2K")
        .filter(|d| d.starts_with(['░', '█']));
    let widths: Vec<usize> = bars
        .map(|d| d.split('\r').next().unwrap().chars().count())
        .collect();
    assert!(
        !widths.is_empty() && widths.iter().all(|w| *w <= 80),
        "the bar shrinks to leave its words room: {widths:?}"
    );
    let lines = lines_from(&shown, "treasure: 16 in");
    let wrote = lines.iter().position(|l| l.starts_with("wrote ")).unwrap();
    assert!(
        lines[wrote + 1].starts_with("  ") && lines[wrote + 1].contains("replays it"),
        "the save's line goes on under it: {shown:?}"
    );
    assert_fits(&lines);
}

#[test]
fn sims_report_is_broken_between_words_and_its_table_fits() {
    let args = ["sim", "pig-solo", "--games", "2", "--bot", "greedy"];
    let in_the_shell = shell_shows(&args, "results");
    let mut t = Terminal::start(&["play", "pig-solo", "--seed", "1"]);
    t.expect("`moves` to list the moves");
    t.type_line("sim --games 2 --bot greedy");
    let at_the_repl = shown_until(&mut t, "results");
    for shown in [in_the_shell, at_the_repl] {
        let lines = lines_from(&shown, "2 games from seed 1");
        assert!(
            lines[2].starts_with("     bot greedy: scripts/bots/greedy.rhai")
                && lines[3].starts_with("       "),
            "the bot's files go on under their line: {shown:?}"
        );
        assert_fits(&lines);
    }
}
