//! `array.sort(comparer)` that stops on the comparer's errors. Rhai's own sort ignores
//! them: a comparer that throws, or is stopped by a limit, would leave a half-sorted
//! array behind a script that goes on as if nothing happened.

use super::api::Api;
use rhai::{Array, Dynamic, Engine, EvalAltResult, FnPtr, NativeCallContext, Position};
use std::cmp::Ordering;

pub fn register(engine: &mut Engine) {
    const DOC: &str = "sorts the array in place by `comparer(a, b)`: a number (< 0: `a` first) or \
                       `true` for `a` first; an error in the comparer stops the script";
    engine
        .api("array.sort(comparer)", DOC, sort_by)
        .api("array.sort_by(comparer)", DOC, sort_by);
}

fn sort_by(
    ctx: NativeCallContext,
    array: &mut Array,
    comparer: FnPtr,
) -> Result<(), Box<EvalAltResult>> {
    let mut failure: Option<Box<EvalAltResult>> = None;
    let mut order = |x: &Dynamic, y: &Dynamic| {
        if failure.is_some() {
            return Ordering::Equal;
        }
        match comparer
            .call_within_context::<Dynamic>(&ctx, (x.clone(), y.clone()))
            .and_then(ordering)
        {
            Ok(order) => order,
            Err(e) => {
                failure = Some(e);
                Ordering::Equal
            }
        }
    };
    // The standard sort panics on a comparer that is not a total order.
    let sorted =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| array.sort_by(&mut order)));
    if let Some(e) = failure {
        return Err(e);
    }
    sorted.map_err(|_| {
        runtime("sort: the comparer does not give a consistent order (a < b and b < a?)")
    })
}

/// A comparer's answer: a number (negative, zero, positive) or `true` for "x first".
fn ordering(answer: Dynamic) -> Result<Ordering, Box<EvalAltResult>> {
    if let Ok(n) = answer.as_int() {
        return Ok(n.cmp(&0));
    }
    match answer.as_bool() {
        Ok(true) => Ok(Ordering::Less),
        Ok(false) => Ok(Ordering::Greater),
        Err(kind) => Err(runtime(&format!(
            "sort: the comparer returned a {kind}: it must return a number (< 0, 0, > 0) or a bool"
        ))),
    }
}

fn runtime(message: &str) -> Box<EvalAltResult> {
    EvalAltResult::ErrorRuntime(message.into(), Position::NONE).into()
}
