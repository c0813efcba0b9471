//! The state the rules keep is documented (issue 34, finding 8): every shipped variant is
//! played, and the keys its state held along the way must be exactly the host's fields
//! and those its scripts declare with `// state NAME: …` (which the API docs show, see
//! `api::state_fields`): a field without a line fails, and so does a line left for a
//! field that no game holds.

use crate::common::{house_rule, library, TempLibrary};
use houserules::manifest::{options, Variant};
use houserules::script::api::{fields, state_fields};
use houserules::script::{Limits, Rules};
use rhai::Map;
use std::collections::BTreeSet;

/// Moves played at most per game: enough for every shipped game to end.
const MAX_MOVES: usize = 5_000;

/// The keys the state held after set-up and after each move of one game.
fn keys_held(variant: &Variant) -> BTreeSet<String> {
    let rules = Rules::compile(variant.clone(), Limits::default()).unwrap();
    let values = options::resolve(&rules.variant.options, &[]).unwrap();
    let mut state = rules.new_state(&values, 7).unwrap();
    let mut keys = BTreeSet::new();
    for step in 0..MAX_MOVES {
        keys.extend(
            state
                .read_lock::<Map>()
                .unwrap()
                .keys()
                .map(|k| k.to_string()),
        );
        if rules.over(&mut state).unwrap().is_some() {
            return keys;
        }
        let moves = rules.moves(&mut state).unwrap();
        // A spread of choices, the same on every run.
        let mv = &moves[(step * 7 + 3) % moves.len()];
        rules.play(&mut state, mv).unwrap();
    }
    panic!("{} did not end in {MAX_MOVES} moves", variant.name);
}

/// The fields the variant's scripts declare, and the host's.
fn documented(variant: &Variant) -> BTreeSet<String> {
    let mut names: BTreeSet<String> = fields::STATE
        .iter()
        .filter(|f| f.kept_by == fields::Keeper::Host)
        .map(|f| f.name.to_owned())
        .collect();
    for script in &variant.scripts {
        let text = std::fs::read_to_string(&script.path).unwrap();
        names.extend(
            state_fields::declared(&text)
                .into_iter()
                .map(|(name, _)| name),
        );
    }
    names
}

/// What is wrong with the docs of the variant's state: fields held without a line, lines
/// for fields never held.
fn problems(variant: &Variant) -> Vec<String> {
    let held = keys_held(variant);
    let documented = documented(variant);
    let missing: Vec<&String> = held.difference(&documented).collect();
    let stale: Vec<&String> = documented.difference(&held).collect();
    let mut problems = Vec::new();
    if !missing.is_empty() {
        problems.push(format!(
            "{}: no `// state NAME:` line for {missing:?}",
            variant.name
        ));
    }
    if !stale.is_empty() {
        problems.push(format!(
            "{}: documented but never held: {stale:?}",
            variant.name
        ));
    }
    problems
}

#[test]
fn every_shipped_state_holds_exactly_the_documented_fields() {
    let library = library();
    let problems: Vec<String> = library
        .manifest_files()
        .iter()
        .flat_map(|m| problems(&Variant::load(&library, m.to_str().unwrap()).unwrap()))
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_field_without_a_line_and_a_line_without_a_field_both_fail() {
    let lib = TempLibrary::new();
    house_rule(
        &lib,
        "secret",
        "// state ghost: a field no game holds\nfn setup() { this.secret = 1; this.parent(\"setup\", []); }\n",
    );
    let variant = Variant::load(&lib.library, "secret").unwrap();
    assert_eq!(
        problems(&variant),
        [
            "secret: no `// state NAME:` line for [\"secret\"]",
            "secret: documented but never held: [\"ghost\"]"
        ]
    );
}
