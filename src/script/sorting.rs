//! `array.sort(comparer)` that stops on the comparer's errors. Rhai's own sort ignores
//! them: a comparer that throws, or is stopped by a limit, would leave a half-sorted
//! array behind a script that goes on as if nothing happened. And
//! `array.largest_first(field)`, the common sort of bots' rankings, without a comparer:
//! a closure called for every comparison (its arguments copied each time) was a fifth
//! of a long greedy game's time.

use super::define::Api;
use super::script_error;
use rhai::{Array, Dynamic, Engine, EvalAltResult, FnPtr, Map, NativeCallContext};
use std::cmp::Ordering;

pub fn register(engine: &mut Engine) {
    const DOC: &str = "sorts the array in place by `comparer(a, b)`: a number (< 0: `a` first) or \
                       `true` for `a` first; an error in the comparer stops the script";
    engine
        .api("array.sort(comparer)", DOC, sort_by)
        .api("array.sort_by(comparer)", DOC, sort_by)
        .api(
            "array.largest_first(field)",
            "sorts an array of maps in place by the number under `field`, largest first; \
             ties keep their order (as `sort(|a, b| b.field - a.field)`)",
            largest_first,
        );
}

fn largest_first(array: &mut Array, field: &str) -> Result<(), Box<EvalAltResult>> {
    let number = |(i, item): (usize, &Dynamic)| {
        let value = item
            .read_lock::<Map>()
            .and_then(|m| m.get(field).cloned())
            .unwrap_or(Dynamic::UNIT);
        value
            .as_int()
            .map(|n| n as f64)
            .or_else(|_| value.as_float())
            .map_err(|kind| {
                script_error(format!(
                    "largest_first: element {i} holds a {kind} under `{field}`, not a number"
                ))
            })
    };
    let keys = array
        .iter()
        .enumerate()
        .map(number)
        .collect::<Result<Vec<f64>, _>>()?;
    let mut order: Vec<usize> = (0..array.len()).collect();
    order.sort_by(|&a, &b| keys[b].total_cmp(&keys[a]));
    let mut items: Vec<Option<Dynamic>> = array.drain(..).map(Some).collect();
    array.extend(order.into_iter().filter_map(|i| items[i].take()));
    Ok(())
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
        script_error("sort: the comparer does not give a consistent order (a < b and b < a?)")
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
        Err(kind) => Err(script_error(format!(
            "sort: the comparer returned a {kind}: it must return a number (< 0, 0, > 0) or a bool"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(code: &str) -> Result<String, Box<EvalAltResult>> {
        let mut engine = Engine::new();
        register(&mut engine);
        engine.eval::<Dynamic>(code).map(|d| d.to_string())
    }

    #[test]
    fn largest_first_sorts_as_the_comparer_of_rankings_does() {
        let list = r#"[#{ i: 0, v: 2 }, #{ i: 1, v: 5 }, #{ i: 2, v: 2 }, #{ i: 3, v: -1 }, #{ i: 4, v: 5 }]"#;
        let by_field = sorted(&format!(
            "let a = {list}; a.largest_first(\"v\"); a.map(|m| m.i)"
        ));
        let by_comparer = sorted(&format!(
            "let a = {list}; a.sort(|x, y| y.v - x.v); a.map(|m| m.i)"
        ));
        assert_eq!(by_field.unwrap(), "[1, 4, 0, 2, 3]");
        assert_eq!(by_comparer.unwrap(), "[1, 4, 0, 2, 3]");
        assert_eq!(
            sorted("let a = [#{ v: 0.5 }, #{ v: 2 }]; a.largest_first(\"v\"); a[0].v").unwrap(),
            "2"
        );
    }

    #[test]
    fn largest_first_names_an_element_without_a_number() {
        let e = sorted("let a = [#{ v: 1 }, #{ w: 2 }]; a.largest_first(\"v\"); a")
            .unwrap_err()
            .to_string();
        assert!(e.contains("element 1 holds a ()"), "{e}");
        let e = sorted("let a = [#{ v: 1 }, 3]; a.largest_first(\"v\"); a")
            .unwrap_err()
            .to_string();
        assert!(e.contains("element 1"), "{e}");
    }
}
