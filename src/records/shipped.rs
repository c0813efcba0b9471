//! Whether a game was played under the rules houserules ships with its variant.
//!
//! Every record keeps the SHA-256 of the scripts its game ran under (`Rules::scripts_hash`,
//! taken from the texts compiled, so a `reload` after an edit is seen). With it goes a
//! fingerprint of what the manifests set (`Variant::fingerprint`: option defaults and ranges,
//! data tables), taken when the session compiles its rules. This module compares both
//! with the list of the shipped variants' fingerprints, variants/shipped-rules.txt beside
//! the manifests it fingerprints, which is compiled in: editing a script in any rules folder (the source
//! tree, a `--home` copy) and even rebuilding does not change what counts as shipped.
//! A variant that houserules does not ship at all is the user's own: its games are
//! played under its own rules, whatever they are.
//!
//! The list is rewritten after an intended change of a shipped variant by
//! `UPDATE_SHIPPED=1 cargo test --locked --test integration shipped`; that test fails
//! while the list is out of date.

use serde::{Deserialize, Serialize};
use std::fmt;

/// `variant-name scripts-sha256 manifest-sha256` lines, sorted by name; `#` starts a
/// comment line.
pub const LIST: &str = include_str!("../../variants/shipped-rules.txt");

/// Whose rules a game was played under.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RulesOrigin {
    /// The scripts houserules ships with the variant.
    Shipped,
    /// A shipped variant whose scripts, option defaults or data were changed.
    Edited,
    /// A variant houserules does not ship: its author's own rules.
    Own,
    /// Not known: recorded before houserules compared the scripts (or damaged).
    #[default]
    #[serde(other)]
    Unknown,
}

impl RulesOrigin {
    /// The origin of the rules of `variant` whose scripts and manifests have these
    /// fingerprints.
    pub fn of(variant: &str, scripts: &str, manifests: &str) -> RulesOrigin {
        match shipped_hashes(variant) {
            None => RulesOrigin::Own,
            Some(shipped) if shipped == (scripts, manifests) => RulesOrigin::Shipped,
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

/// The fingerprints of the scripts and manifests shipped with `variant`, if houserules
/// ships it.
fn shipped_hashes(variant: &str) -> Option<(&'static str, &'static str)> {
    LIST.lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| line.split_whitespace().collect::<Vec<_>>())
        .find(|fields| fields.first() == Some(&variant))
        .and_then(|fields| Some((*fields.get(1)?, *fields.get(2)?)))
}

/// The text of the list for these (variant, scripts' and manifests' fingerprints).
pub fn list_text(mut entries: Vec<(String, String, String)>) -> String {
    entries.sort();
    let mut text = String::from(
        "# The variants houserules ships, the SHA-256 of their scripts and of what their manifests set (src/records/shipped.rs).\n",
    );
    for (name, scripts, manifests) in entries {
        text.push_str(&format!("{name} {scripts} {manifests}\n"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shipped_variant_is_judged_by_its_fingerprint_and_others_are_their_own() {
        // The list's first variant, whichever it is.
        let first = LIST.lines().find(|line| !line.starts_with('#')).unwrap();
        let shipped = first.split_whitespace().next().unwrap();
        let (scripts, manifests) = shipped_hashes(shipped).expect("the first line's variant");
        assert_eq!((scripts.len(), manifests.len()), (64, 64));
        let other = "0".repeat(64);
        let of = |name, s, m| RulesOrigin::of(name, s, m);
        assert_eq!(of(shipped, scripts, manifests), RulesOrigin::Shipped);
        assert_eq!(of(shipped, &other, manifests), RulesOrigin::Edited);
        assert_eq!(of(shipped, scripts, &other), RulesOrigin::Edited);
        assert_eq!(of("my-variant", scripts, manifests), RulesOrigin::Own);
        assert_eq!(of("#", scripts, manifests), RulesOrigin::Own);
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
