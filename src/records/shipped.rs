//! Whether a game was played under the rules houserules ships with its variant.
//!
//! Every record keeps the SHA-256 of the scripts its game ran under (`Rules::scripts_hash`,
//! taken from the texts compiled, so a `reload` after an edit is seen). This module
//! compares it with the list of the shipped variants' fingerprints, `shipped-rules.txt`
//! beside it, which is compiled in: editing a script in any rules folder (the source
//! tree, a `--home` copy) and even rebuilding does not change what counts as shipped.
//! A variant that houserules does not ship at all is the user's own: its games are
//! played under its own rules, whatever they are.
//!
//! The list is rewritten after an intended change of the shipped scripts by
//! `UPDATE_SHIPPED=1 cargo test --locked --test integration shipped`; that test fails
//! while the list is out of date.

use serde::{Deserialize, Serialize};
use std::fmt;

/// `variant-name sha256` lines, sorted by name; `#` starts a comment line.
pub const LIST: &str = include_str!("shipped-rules.txt");

/// Whose rules a game was played under.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RulesOrigin {
    /// The scripts houserules ships with the variant.
    Shipped,
    /// A shipped variant whose scripts were changed.
    Edited,
    /// A variant houserules does not ship: its author's own rules.
    Own,
    /// Not known: recorded before houserules compared the scripts (or damaged).
    #[default]
    #[serde(other)]
    Unknown,
}

impl RulesOrigin {
    /// The origin of the rules of `variant` whose scripts have the fingerprint `hash`.
    pub fn of(variant: &str, hash: &str) -> RulesOrigin {
        match shipped_hash(variant) {
            None => RulesOrigin::Own,
            Some(shipped) if shipped == hash => RulesOrigin::Shipped,
            Some(_) => RulesOrigin::Edited,
        }
    }

    /// The word kept in the database and in JSON.
    pub fn key(self) -> &'static str {
        match self {
            RulesOrigin::Shipped => "shipped",
            RulesOrigin::Edited => "edited",
            RulesOrigin::Own => "own",
            RulesOrigin::Unknown => "unknown",
        }
    }

    /// The origin a database word names; anything else is not known.
    pub fn from_key(key: &str) -> RulesOrigin {
        [RulesOrigin::Shipped, RulesOrigin::Edited, RulesOrigin::Own]
            .into_iter()
            .find(|o| o.key() == key)
            .unwrap_or(RulesOrigin::Unknown)
    }

    /// Whether a result under these rules is the variant's own result.
    pub fn counts(self) -> bool {
        matches!(self, RulesOrigin::Shipped | RulesOrigin::Own)
    }
}

impl fmt::Display for RulesOrigin {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            RulesOrigin::Own => "own variant",
            other => other.key(),
        })
    }
}

/// The fingerprint of the scripts shipped with `variant`, if houserules ships it.
fn shipped_hash(variant: &str) -> Option<&'static str> {
    LIST.lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split_once(' '))
        .find(|(name, _)| *name == variant)
        .map(|(_, hash)| hash.trim())
}

/// The text of the list for these (variant, fingerprint) pairs.
pub fn list_text(mut entries: Vec<(String, String)>) -> String {
    entries.sort();
    let mut text = String::from(
        "# The variants houserules ships and the SHA-256 of their scripts (src/records/shipped.rs).\n",
    );
    for (name, hash) in entries {
        text.push_str(&format!("{name} {hash}\n"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shipped_variant_is_judged_by_its_fingerprint_and_others_are_their_own() {
        let hash = shipped_hash("carcassonne-solo").expect("carcassonne-solo is shipped");
        assert_eq!(hash.len(), 64);
        assert_eq!(
            RulesOrigin::of("carcassonne-solo", hash),
            RulesOrigin::Shipped
        );
        assert_eq!(
            RulesOrigin::of("carcassonne-solo", &"0".repeat(64)),
            RulesOrigin::Edited
        );
        assert_eq!(RulesOrigin::of("my-variant", hash), RulesOrigin::Own);
        assert_eq!(RulesOrigin::of("#", hash), RulesOrigin::Own);
    }

    #[test]
    fn origins_are_kept_as_words_and_odd_words_are_unknown() {
        for o in [
            RulesOrigin::Shipped,
            RulesOrigin::Edited,
            RulesOrigin::Own,
            RulesOrigin::Unknown,
        ] {
            assert_eq!(RulesOrigin::from_key(o.key()), o);
            let json = serde_json::to_string(&o).unwrap();
            assert_eq!(json, format!("\"{}\"", o.key()));
            assert_eq!(serde_json::from_str::<RulesOrigin>(&json).unwrap(), o);
        }
        assert_eq!(RulesOrigin::from_key("SHIPPED"), RulesOrigin::Unknown);
        assert_eq!(
            serde_json::from_str::<RulesOrigin>("\"mine\"").unwrap(),
            RulesOrigin::Unknown
        );
        assert!(RulesOrigin::Own.counts() && !RulesOrigin::Edited.counts());
    }
}
