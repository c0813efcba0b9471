//! Ctrl-C while a script or a bot is running: the REPL's signal handler raises a flag,
//! the engine's progress check and the bot loop take it down and stop with a message,
//! and the game stays as it was before the command.
//!
//! Only threads that `listen` (the interactive REPL's) act on the flag, so parallel work
//! elsewhere in the process (simulations, tests) is never stopped by it.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

thread_local! {
    static LISTENING: Cell<bool> = const { Cell::new(false) };
}

/// This thread stops its scripts and bots when an interrupt is requested.
pub fn listen() {
    LISTENING.with(|l| l.set(true));
}

/// Asks whatever is running to stop (called from the signal handler).
pub fn request() {
    REQUESTED.store(true, Ordering::SeqCst);
}

/// True once per request, on a listening thread: the caller that sees it stops.
pub fn take() -> bool {
    LISTENING.with(Cell::get) && REQUESTED.swap(false, Ordering::SeqCst)
}

/// Forgets a request that arrived while nothing was running.
pub fn clear() {
    REQUESTED.store(false, Ordering::SeqCst);
}
