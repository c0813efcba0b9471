//! A list aggregate for bots' evaluations, which judge hundreds of positions a move: a
//! count over the lists of a list of maps (a pyramid of cards, level by level) is one
//! native call instead of an interpreted loop over every element. It knows no game.

use crate::script::Api;
use rhai::{Array, Dynamic, Engine, Map, INT};

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

/// Entries that are not maps, or whose `field` is not a list, count nothing.
fn count_in(items: &mut Array, field: &str, wanted: Array) -> INT {
    let count: usize = items
        .iter()
        .filter_map(|item| {
            let map = item.read_lock::<Map>()?;
            let list = map.get(field)?.read_lock::<Array>()?;
            Some(
                list.iter()
                    .filter(|x| wanted.iter().any(|w| same(x, w)))
                    .count(),
            )
        })
        .sum();
    count as INT
}

pub fn register(engine: &mut Engine) {
    engine.api(
        "list.count_in(field, wanted)",
        "how many elements equal to one of `wanted` the lists under `field` of a list of maps hold together",
        count_in,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(code: &str) -> INT {
        let mut engine = Engine::new();
        register(&mut engine);
        engine.eval::<INT>(code).unwrap()
    }

    #[test]
    fn counts_the_wanted_elements_of_the_lists_under_a_field() {
        let levels =
            r#"[#{ slots: ["I", "P"] }, 3, #{ other: ["I"] }, #{ slots: ["I", "G", "R"] }]"#;
        assert_eq!(
            count(&format!(r#"{levels}.count_in("slots", ["I", "R"])"#)),
            3
        );
        assert_eq!(count(&format!(r#"{levels}.count_in("slots", ["X"])"#)), 0);
        assert_eq!(
            count(r#"[#{ n: [1, 2, 1], m: "11" }].count_in("n", [1])"#),
            2
        );
    }

    #[test]
    fn values_of_different_types_are_never_equal() {
        assert_eq!(
            count(r#"[#{ n: [1, "1", '1', true] }].count_in("n", ["1"])"#),
            1
        );
        assert_eq!(count(r#"[#{ n: [(), 0, false] }].count_in("n", [()])"#), 1);
        assert_eq!(count(r#"[#{ n: "111" }].count_in("n", ["1"])"#), 0);
    }
}
