//! Lines typed while a command runs are kept for the prompt. Between two lines the editor
//! hands the terminal back in its usual mode, where the terminal turns each Enter into a
//! line feed; read later in the editor's raw mode, a line feed is Ctrl-J, not Enter, so
//! the editor took the first such line and dropped the rest with it. With that one
//! translation off (`ICRNL`), Enter stays Enter whenever it is typed and each line
//! typed ahead runs in turn (while the command runs, the terminal echoes it as `^M`).
//! The terminal's own setting comes back when the REPL ends, or is ended by a signal
//! (see `termination.rs`).

#[cfg(unix)]
use nix::sys::termios::{tcgetattr, tcsetattr, InputFlags, SetArg, Termios};
#[cfg(unix)]
use std::sync::{Mutex, PoisonError};

/// The terminal's input modes before the REPL changed them (`None`: not changed).
#[cfg(unix)]
static BEFORE: Mutex<Option<Termios>> = Mutex::new(None);

/// Keeps Enter as Enter on the terminal of standard input (once; where that fails, the
/// terminal stays as it was and lines typed ahead are lost as before).
pub fn keep_enter() {
    #[cfg(unix)]
    {
        let mut before = BEFORE.lock().unwrap_or_else(PoisonError::into_inner);
        if before.is_some() {
            return;
        }
        let Ok(modes) = tcgetattr(std::io::stdin()) else {
            return;
        };
        let mut kept = modes.clone();
        kept.input_flags.remove(InputFlags::ICRNL);
        if tcsetattr(std::io::stdin(), SetArg::TCSANOW, &kept).is_ok() {
            *before = Some(modes);
        }
    }
}

/// Puts the terminal's own input modes back.
pub fn restore() {
    #[cfg(unix)]
    if let Some(modes) = BEFORE.lock().unwrap_or_else(PoisonError::into_inner).take() {
        let _ = tcsetattr(std::io::stdin(), SetArg::TCSANOW, &modes);
    }
}
