//! Words for people, for scripts' sentences: `count(3, "tile")` is "3 tiles",
//! `count(1, "tile")` "1 tile" (regular plurals; a script writes irregular ones itself).
//! And names as identifiers: `snake_case("Druid's House")` is "druids_house", the name
//! of a rule function for a card (a loop over the characters in Rhai cost a greedy Ora
//! et Labora game a tenth of its time).

use super::define::Api;
use rhai::{Engine, INT};

/// "1 move", "3 moves".
pub fn count<N: std::fmt::Display + PartialEq + From<u8>>(n: N, thing: &str) -> String {
    if n == N::from(1) {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

/// `name` as an identifier: lower case, a space or a hyphen as `_`, letters and digits
/// kept, anything else left out.
pub fn snake_case(name: &str) -> String {
    name.chars()
        .flat_map(char::to_lowercase)
        .filter_map(|ch| match ch {
            'a'..='z' | '0'..='9' => Some(ch),
            ' ' | '-' => Some('_'),
            _ => None,
        })
        .collect()
}

pub fn register(engine: &mut Engine) {
    engine
        .api(
            "count(n, thing)",
            "a number with its noun, singular or plural: \"1 tile\", \"3 tiles\"",
            |n: INT, thing: &str| count(n, thing),
        )
        .api(
            "snake_case(name)",
            "a name as an identifier: \"Druid's House\" is \"druids_house\" (lower case, \
             spaces and hyphens as `_`, other signs left out)",
            snake_case,
        );
}

#[cfg(test)]
mod tests {
    #[test]
    fn one_is_singular_and_every_other_number_plural() {
        assert_eq!(super::count(1_usize, "tile"), "1 tile");
        assert_eq!(super::count(0, "tile"), "0 tiles");
        assert_eq!(super::count(12, "token"), "12 tokens");
    }

    #[test]
    fn a_name_becomes_an_identifier() {
        assert_eq!(super::snake_case("Cloister Office"), "cloister_office");
        assert_eq!(super::snake_case("Druid's House"), "druids_house");
        assert_eq!(super::snake_case("Grain-Storage 2"), "grain_storage_2");
        assert_eq!(super::snake_case("Ölmühle"), "lmhle");
    }
}
