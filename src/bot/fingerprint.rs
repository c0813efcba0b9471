//! A position's fingerprint: a hash of the state, so that the planner keeps one of the
//! positions that several orders of the same moves reach, and a game that comes back to
//! a position is seen going round in a loop. Object maps are ordered by key, so the same
//! position always hashes alike within a run.

use crate::script::api::fields::kept_by_host;
use crate::script::rng::Rng;
use crate::script::{Rules, Tables};
use rhai::{Array, Dynamic, ImmutableString, Map};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

/// The fingerprint of `state`. A value of a family's own type (a landscape, a ledger of
/// goods) is hashed by its text, as a script's `to_string()` gives it: the host cannot see
/// inside it.
pub fn fingerprint(rules: &Rules, state: &Dynamic) -> u64 {
    let mut hasher = DefaultHasher::new();
    match state.read_lock::<Map>() {
        Some(map) => map
            .iter()
            // The host's fields tell no two positions of one game apart: the same in
            // all of them (options, seed, data), their past (events), chance (rng).
            .filter(|(key, _)| !kept_by_host(key))
            .for_each(|(key, value)| {
                key.hash(&mut hasher);
                hash(rules, value, &mut hasher);
            }),
        None => hash(rules, state, &mut hasher),
    }
    hasher.finish()
}

fn hash(rules: &Rules, value: &Dynamic, hasher: &mut DefaultHasher) {
    // Each kind is tagged, so that `[1]` and `1`, or "1" and 1, differ.
    if value.is_unit() {
        0u8.hash(hasher);
    } else if let Ok(b) = value.as_bool() {
        (1u8, b).hash(hasher);
    } else if let Ok(i) = value.as_int() {
        (2u8, i).hash(hasher);
    } else if let Ok(f) = value.as_float() {
        (3u8, f.to_bits()).hash(hasher);
    } else if let Ok(c) = value.as_char() {
        (4u8, c).hash(hasher);
    } else if let Some(text) = value.read_lock::<ImmutableString>() {
        (5u8, text.as_str()).hash(hasher);
    } else if let Some(array) = value.read_lock::<Array>() {
        (6u8, array.len()).hash(hasher);
        array.iter().for_each(|v| hash(rules, v, hasher));
    } else if let Some(map) = value.read_lock::<Map>() {
        (7u8, map.len()).hash(hasher);
        for (key, v) in map.iter() {
            key.as_str().hash(hasher);
            hash(rules, v, hasher);
        }
    } else if value.is::<Rng>() || value.is::<Tables>() {
        (8u8, value.type_name()).hash(hasher);
    } else {
        (9u8, value.type_name(), rules.shown(value)).hash(hasher);
    }
}
