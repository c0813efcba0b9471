//! Words for people, for scripts' sentences: `count(3, "tile")` is "3 tiles",
//! `count(1, "tile")` "1 tile" (regular plurals; a script writes irregular ones itself).

use rhai::{Engine, INT};

/// "1 move", "3 moves".
pub fn count<N: std::fmt::Display + PartialEq + From<u8>>(n: N, thing: &str) -> String {
    if n == N::from(1) {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

pub fn register(engine: &mut Engine) {
    engine.register_fn("count", |n: INT, thing: &str| count(n, thing));
}

#[cfg(test)]
mod tests {
    #[test]
    fn one_is_singular_and_every_other_number_plural() {
        assert_eq!(super::count(1_usize, "tile"), "1 tile");
        assert_eq!(super::count(0, "tile"), "0 tiles");
        assert_eq!(super::count(12, "meeple"), "12 meeples");
    }
}
