//! What the host's functions for scripts return when they can fail: the error reaches the
//! script as a runtime error at the call, which the diagnostics then name by file and line.

use rhai::{EvalAltResult, Position};

/// The result of a function registered for scripts.
pub type Fallible<T> = Result<T, Box<EvalAltResult>>;

/// A runtime error saying `message`, for the script that made the call (the engine adds
/// where the call was).
pub fn script_error(message: impl Into<String>) -> Box<EvalAltResult> {
    EvalAltResult::ErrorRuntime(message.into().into(), Position::NONE).into()
}
