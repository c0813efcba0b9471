//! Generic array searches and sums for scripts. A loop over an array in Rhai costs
//! hundreds of host instructions per element (each comparison is an interpreted
//! operation), so the searches and sums rules run on every move are one native call
//! instead (`slots.index_of_any(["I", "P"])`, `scores.min()`). They know no game.

use rhai::{Array, Dynamic, Engine, EvalAltResult, Map, Position, INT};

/// Whether two script values are equal: strings, whole numbers, characters, booleans and
/// `()` compare by value; values of other types are never equal here.
fn same(a: &Dynamic, b: &Dynamic) -> bool {
    if let (Some(x), Some(y)) = (
        a.read_lock::<rhai::ImmutableString>(),
        b.read_lock::<rhai::ImmutableString>(),
    ) {
        return *x == *y;
    }
    if let (Ok(x), Ok(y)) = (a.as_int(), b.as_int()) {
        return x == y;
    }
    if let (Ok(x), Ok(y)) = (a.as_char(), b.as_char()) {
        return x == y;
    }
    if let (Ok(x), Ok(y)) = (a.as_bool(), b.as_bool()) {
        return x == y;
    }
    a.is_unit() && b.is_unit()
}

/// The index of the first element of `items` equal to one of `wanted`, or -1.
fn index_of_any(items: &mut Array, wanted: Array) -> INT {
    items
        .iter()
        .position(|item| wanted.iter().any(|w| same(item, w)))
        .map_or(-1, |i| i as INT)
}

/// Where the first element equal to one of `wanted` is in the lists held under `field`
/// by the maps of `items`: `[index of the map, index in its list]`, or `()`. A text held
/// there is a list of its characters, each equal to the one-character text of itself
/// (`#{ slots: "-PI" }` finds `"P"` at 1). Entries that are not maps, or whose `field`
/// is neither a list nor a text, are passed over.
fn index_of_any_in(items: &mut Array, field: &str, wanted: Array) -> Dynamic {
    items
        .iter()
        .enumerate()
        .find_map(|(i, item)| {
            let map = item.read_lock::<Map>()?;
            let held = map.get(field)?;
            let j = if let Some(list) = held.read_lock::<Array>() {
                list.iter().position(|x| wanted.iter().any(|w| same(x, w)))
            } else {
                let text = held.read_lock::<rhai::ImmutableString>()?;
                text.chars()
                    .position(|c| wanted.iter().any(|w| is_char(w, c)))
            }?;
            Some(Dynamic::from_array(vec![
                Dynamic::from_int(i as INT),
                Dynamic::from_int(j as INT),
            ]))
        })
        .unwrap_or(Dynamic::UNIT)
}

/// Whether `value` is the character `c` or the text of that one character.
fn is_char(value: &Dynamic, c: char) -> bool {
    if let Ok(x) = value.as_char() {
        return x == c;
    }
    value
        .read_lock::<rhai::ImmutableString>()
        .is_some_and(|text| text.chars().eq(std::iter::once(c)))
}

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

/// The smallest of a list of whole numbers, `()` when it is empty.
fn min(items: &mut Array) -> Result<Dynamic, Box<EvalAltResult>> {
    let mut low = None;
    for n in whole_numbers(items, "min") {
        let n = n?;
        low = Some(low.map_or(n, |l: INT| l.min(n)));
    }
    Ok(low.map_or(Dynamic::UNIT, Dynamic::from_int))
}

/// The sum of a list of whole numbers (0 when it is empty).
fn sum(items: &mut Array) -> Result<INT, Box<EvalAltResult>> {
    whole_numbers(items, "sum").try_fold(0 as INT, |total, n| {
        total.checked_add(n?).ok_or_else(|| {
            EvalAltResult::ErrorArithmetic("sum: overflow".into(), Position::NONE).into()
        })
    })
}

pub fn register(engine: &mut Engine) {
    engine
        .register_fn("index_of_any", index_of_any)
        .register_fn("index_of_any_in", index_of_any_in)
        .register_fn("min", min)
        .register_fn("sum", sum);
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
    fn finds_the_first_element_equal_to_any_wanted_value() {
        assert_eq!(eval(r#"["-", "-", "P", "I"].index_of_any(["I", "P"])"#), 2);
        assert_eq!(eval(r#"[3, 1, 2].index_of_any([2, 1])"#), 1);
        assert_eq!(eval(r#"['a', 'b'].index_of_any(['b'])"#), 1);
        assert_eq!(eval(r#"[false, true].index_of_any([true])"#), 1);
    }

    #[test]
    fn minus_one_when_nothing_matches_and_types_never_mix() {
        assert_eq!(eval(r#"["-", "G"].index_of_any(["I", "P"])"#), -1);
        assert_eq!(eval(r#"[1, 2].index_of_any(["1", "2"])"#), -1);
        assert_eq!(eval(r#"[].index_of_any([1])"#), -1);
    }

    #[test]
    fn finds_the_first_wanted_element_in_the_lists_of_a_list_of_maps() {
        let levels =
            r#"[#{ slots: ["-", "-"] }, 3, #{ other: ["I"] }, #{ slots: ["G", "P", "I"] }]"#;
        assert_eq!(
            eval_any(&format!(r#"{levels}.index_of_any_in("slots", ["I", "P"])"#))
                .unwrap()
                .to_string(),
            "[3, 1]"
        );
        assert!(
            eval_any(&format!(r#"{levels}.index_of_any_in("slots", ["R"])"#))
                .unwrap()
                .is_unit()
        );
    }

    #[test]
    fn a_text_under_the_field_is_searched_by_character() {
        let levels = r#"[#{ slots: "--" }, #{ slots: "GPI" }]"#;
        let found = |wanted: &str| {
            eval_any(&format!(r#"{levels}.index_of_any_in("slots", {wanted})"#)).unwrap()
        };
        assert_eq!(found(r#"["I", "P"]"#).to_string(), "[1, 1]");
        assert_eq!(found("['I']").to_string(), "[1, 2]");
        assert!(found(r#"["GP", "R"]"#).is_unit());
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
