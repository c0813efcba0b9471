//! SIGTERM and SIGHUP (a closed terminal) end the process, not the game: a thread keeps
//! the last game in hand that `houserules resume` could go on with, and on either signal
//! writes it where `resume` looks, puts the terminal back and exits.

use crate::save::SaveFile;
use signal_hook::consts::{SIGHUP, SIGTERM};
use signal_hook::iterator::Signals;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// The game to keep if the process is told to end; updated after every command.
#[derive(Clone, Default)]
pub struct Keeper(Arc<Mutex<Option<SaveFile>>>);

impl Keeper {
    /// Starts the thread that waits for the signals; the game goes to `path`.
    pub fn listen(path: PathBuf) -> Keeper {
        let keeper = Keeper::default();
        let Ok(mut signals) = Signals::new([SIGTERM, SIGHUP]) else {
            return keeper;
        };
        let kept = keeper.clone();
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                kept.write_and_exit(&path, signal);
            }
        });
        keeper
    }

    /// The game to keep from now on (`None`: nothing to keep).
    pub fn update(&self, game: Option<SaveFile>) {
        if let Ok(mut slot) = self.0.lock() {
            *slot = game;
        }
    }

    fn write_and_exit(&self, path: &std::path::Path, signal: i32) -> ! {
        // The editor may have left the terminal in raw mode.
        let _ = crossterm::terminal::disable_raw_mode();
        let game = self.0.lock().ok().and_then(|mut g| g.take());
        if let Some(game) = game {
            if let Some(folder) = path.parent() {
                let _ = std::fs::create_dir_all(folder);
            }
            match game.write(path) {
                Ok(()) => eprintln!(
                    "\nended by a signal: your unfinished game is saved in {}; `houserules resume` goes on with it",
                    path.display()
                ),
                Err(e) => eprintln!("\nended by a signal: the unfinished game could not be kept: {e}"),
            }
        }
        std::process::exit(128 + signal);
    }
}
