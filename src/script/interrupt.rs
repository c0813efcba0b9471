//! Ctrl-C while a script, a bot or a simulation is running: the REPL's signal handler
//! raises a flag, the engine's progress check, the bot loop and the simulation workers
//! see it and stop with a message, and the REPL lowers it before the next command.
//!
//! Only threads that `listen` (the interactive REPL's, and the workers of a simulation
//! it starts) act on the flag, so parallel work elsewhere in the process (tests) is
//! never stopped by it.

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

/// Whether this thread listens (a simulation's workers listen when their starter does).
pub fn listening() -> bool {
    LISTENING.with(Cell::get)
}

/// True on a listening thread once Ctrl-C was pressed during the command: every worker
/// of the command sees it, until [`clear`].
pub fn requested() -> bool {
    listening() && REQUESTED.load(Ordering::SeqCst)
}

/// Lowers the flag: a new command starts, or a request arrived while nothing ran.
pub fn clear() {
    REQUESTED.store(false, Ordering::SeqCst);
}
