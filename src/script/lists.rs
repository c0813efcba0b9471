//! Generic array searches for scripts. A loop over an array in Rhai costs hundreds of
//! host instructions per element (each comparison is an interpreted operation), so the
//! searches rules run on every move are one native call instead
//! (`slots.index_of_any(["I", "P"])`). They know no game.

use rhai::{Array, Dynamic, Engine, INT};

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

pub fn register(engine: &mut Engine) {
    engine.register_fn("index_of_any", index_of_any);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(code: &str) -> INT {
        let mut engine = Engine::new();
        register(&mut engine);
        engine.eval::<INT>(code).unwrap()
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
}
