//! The smallest and the sum of a list of whole numbers (`scores.min()`, `scores.sum()`):
//! what rules ask of scores, in one call. And whether a list holds a string (`key in
//! list`, `list.contains(key)`) compared natively: Rhai's own `contains` calls `==` through
//! the interpreter for every element, a twentieth of a long game's time
//! (docs/PERFORMANCE.md, rules rounds). They know no game.

use super::define::Api;
use rhai::{Array, Dynamic, Engine, EvalAltResult, ImmutableString, Position, INT};

/// The whole numbers of `items`, or the error naming the first that is not one.
fn whole_numbers<'a>(
    items: &'a Array,
    what: &'a str,
) -> impl Iterator<Item = Result<INT, Box<EvalAltResult>>> + 'a {
    items.iter().map(move |item| {
        item.as_int().map_err(|kind| {
            EvalAltResult::ErrorRuntime(
                format!("{what}: the list holds a {kind}, not a whole number").into(),
                Position::NONE,
            )
            .into()
        })
    })
}

fn min(items: &mut Array) -> Result<Dynamic, Box<EvalAltResult>> {
    let mut low = None;
    for n in whole_numbers(items, "min") {
        let n = n?;
        low = Some(low.map_or(n, |l: INT| l.min(n)));
    }
    Ok(low.map_or(Dynamic::UNIT, Dynamic::from_int))
}

/// Overflow is an error, not a wrapped total.
fn sum(items: &mut Array) -> Result<INT, Box<EvalAltResult>> {
    whole_numbers(items, "sum").try_fold(0 as INT, |total, n| {
        total.checked_add(n?).ok_or_else(|| {
            EvalAltResult::ErrorArithmetic("sum: overflow".into(), Position::NONE).into()
        })
    })
}

/// Whether `items` holds `text`: as Rhai's `==` compares, a string equal to it or a
/// character that is it; values of other types are never equal to a string.
fn contains(items: &mut Array, text: ImmutableString) -> bool {
    items.iter().any(|item| {
        if let Some(s) = item.read_lock::<ImmutableString>() {
            return *s == text;
        }
        item.as_char()
            .is_ok_and(|c| text.chars().eq(std::iter::once(c)))
    })
}

pub fn register(engine: &mut Engine) {
    engine
        .api(
            "list.contains(text)",
            "whether the list holds the string `text` (also `text in list`)",
            contains,
        )
        .api(
            "list.min()",
            "the smallest of a list of whole numbers, `()` when it is empty",
            min,
        )
        .api(
            "list.sum()",
            "the sum of a list of whole numbers (0 when it is empty)",
            sum,
        );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(code: &str) -> INT {
        eval_any(code).unwrap().as_int().unwrap()
    }

    fn eval_any(code: &str) -> Result<Dynamic, Box<EvalAltResult>> {
        let mut engine = Engine::new();
        register(&mut engine);
        engine.eval::<Dynamic>(code)
    }

    #[test]
    fn contains_a_string_as_rhais_own_does() {
        let cases = [
            r#"["a", "b"].contains("b")"#,
            r#"["a", "b"].contains("c")"#,
            r#"["ab"].contains("a")"#,
            r#"['a', 1].contains("a")"#,
            r#"[1, (), true].contains("1")"#,
            r#""b" in ["a", "b"]"#,
            r#""x" in []"#,
        ];
        for code in cases {
            let rhai_own = Engine::new().eval::<bool>(code).unwrap();
            assert_eq!(eval_any(code).unwrap().as_bool(), Ok(rhai_own), "{code}");
        }
    }

    #[test]
    fn min_and_sum_of_whole_numbers() {
        assert_eq!(eval("[4, -2, 7].min()"), -2);
        assert!(eval_any("[].min()").unwrap().is_unit());
        assert_eq!(eval("[4, -2, 7].sum()"), 9);
        assert_eq!(eval("[].sum()"), 0);
        let e = eval_any(r#"[1, "2"].sum()"#).unwrap_err();
        assert!(e.to_string().contains("not a whole number"), "{e}");
        let e = eval_any("[9223372036854775807, 1].sum()").unwrap_err();
        assert!(e.to_string().contains("overflow"), "{e}");
    }
}
