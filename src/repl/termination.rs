//! SIGTERM, SIGHUP and a terminal that is gone end the process, not the game. A thread
//! watches for them; on one it stops the running command as Ctrl-C does (so the moves an
//! `auto` played stand), keeps the game in hand where `houserules resume` looks, puts the
//! terminal back and exits: within a second, whatever the REPL was doing.
//!
//! The terminal may be gone, so this thread writes to it only where a failure is ignored
//! (`eprintln!` would panic, and a dead thread would leave the REPL reading a closed
//! terminal for ever).

use crate::save::SaveFile;
use signal_hook::consts::{SIGHUP, SIGTERM};
use signal_hook::iterator::Signals;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// How often the thread looks for a signal or a lost terminal.
const LOOK_EVERY: Duration = Duration::from_millis(100);
/// How long a running command has to stop before the game is kept as it was before it.
const STOP_WITHIN: Duration = Duration::from_millis(600);

/// The game to keep if the process is told to end; the REPL says when a command starts
/// and hands over the game after every command.
#[derive(Clone, Default)]
pub struct Keeper(Arc<Shared>);

#[derive(Default)]
struct Shared {
    slot: Mutex<Slot>,
    /// Signalled when a command ends.
    idle: Condvar,
}

#[derive(Default)]
struct Slot {
    /// The game to keep (`None`: nothing to keep).
    game: Option<SaveFile>,
    /// A command is running: the game may change before it ends.
    busy: bool,
    /// The process is ending: the REPL starts no other command.
    ending: bool,
}

impl Keeper {
    /// Starts the thread that waits for the signals, and, when `terminal`, for standard
    /// input to stop being a terminal (it was closed; a hung-up terminal reads as an
    /// endless end of input, which the line editor never returns from). The game goes
    /// to `path`.
    pub fn listen(path: PathBuf, terminal: bool) -> Keeper {
        let keeper = Keeper::default();
        let Ok(mut signals) = Signals::new([SIGTERM, SIGHUP]) else {
            return keeper;
        };
        let kept = keeper.clone();
        std::thread::spawn(move || loop {
            let lost = terminal && !std::io::stdin().is_terminal();
            if let Some(signal) = signals.pending().next().or(lost.then_some(SIGHUP)) {
                kept.end(&path, signal);
            }
            std::thread::sleep(LOOK_EVERY);
        });
        keeper
    }

    /// A command starts (never once the process is ending: this thread then waits for
    /// the exit).
    pub fn command_starts(&self) {
        let mut slot = self.slot();
        slot.busy = true;
        self.wait_if_ending(slot);
    }

    /// A command ended; `game` is the game to keep from now on.
    pub fn command_ended(&self, game: Option<SaveFile>) {
        let mut slot = self.slot();
        slot.game = game;
        slot.busy = false;
        self.0.idle.notify_all();
        self.wait_if_ending(slot);
    }

    fn slot(&self) -> MutexGuard<'_, Slot> {
        self.0.slot.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Once the process is ending, the REPL's thread must not go back to the terminal
    /// (the editor would put it in raw mode again as the process exits).
    fn wait_if_ending(&self, slot: MutexGuard<'_, Slot>) {
        if slot.ending {
            drop(slot);
            loop {
                std::thread::park();
            }
        }
    }

    /// Stops the running command, waits a moment for it, keeps the game and exits.
    fn end(&self, path: &Path, signal: i32) -> ! {
        crate::script::interrupt::request();
        let mut slot = self.slot();
        slot.ending = true;
        let (mut slot, _) = self
            .0
            .idle
            .wait_timeout_while(slot, STOP_WITHIN, |s| s.busy)
            .unwrap_or_else(PoisonError::into_inner);
        let game = slot.game.take();
        // The editor may have left the terminal in raw mode.
        let _ = crossterm::terminal::disable_raw_mode();
        super::typeahead::restore();
        if let Some(game) = game {
            let said = match super::unfinished::keep(&game, path) {
                Ok(said) => format!("\nended by a signal: your unfinished game is {said}"),
                Err(e) => {
                    format!("\nended by a signal: the unfinished game could not be kept: {e}\n")
                }
            };
            let _ = std::io::stderr().write_all(said.as_bytes());
        }
        std::process::exit(128 + signal);
    }
}
