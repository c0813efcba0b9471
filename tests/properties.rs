//! Random legal games never break an invariant: meeples and tiles are conserved at
//! every step, the move list of an unfinished game is never empty, and every game
//! finishes with the lowest colour's score as its result. Every shipped option, at each
//! of its other values, plays random games to their end.

use crate::common::library;
use houserules::bot::{self, Bot, RandomBot};
use houserules::manifest::options::{OptionKind, OptionSpec};
use houserules::manifest::Variant;
use houserules::players::Player;
use houserules::script::{Limits, Rules};
use houserules::session::Session;
use proptest::prelude::*;
use std::rc::Rc;

/// Meeples in supplies plus meeples on the board, and tiles accounted for anywhere.
const CONSERVED: &str = r#"
    let on_board = state.board.meeples().len();
    let in_supply = 0;
    for s in state.supply { in_supply += s; }
    let tiles = state.board.placed() + state.discards.len() + if state.tile == () { 0 } else { 1 };
    for p in state.piles { tiles += p.len; }
    [on_board + in_supply, tiles]
"#;

fn check_game(seed: u64, colours: u8, meeples: u8) -> Result<(), TestCaseError> {
    let overrides = vec![
        ("colours".to_owned(), colours.to_string()),
        ("meeples_per_colour".to_owned(), meeples.to_string()),
    ];
    let mut session = Session::new(
        &library(),
        "carcassonne-solo",
        &overrides,
        seed,
        Limits::default(),
    )
    .unwrap();
    let mut bot = RandomBot::seeded(seed);
    let expected = [colours as i64 * meeples as i64, 72];
    for step in 0..1000 {
        let counts: Vec<i64> = session
            .rules()
            .eval(session.state(), CONSERVED)
            .unwrap()
            .into_array()
            .unwrap()
            .into_iter()
            .map(|v| v.as_int().unwrap())
            .collect();
        prop_assert_eq!(&counts[..], &expected[..], "seed {} step {}", seed, step);
        if session.over().unwrap().is_some() {
            let score = session.score().unwrap();
            let scores = session
                .rules()
                .eval(session.state(), "state.scores")
                .unwrap()
                .into_array()
                .unwrap();
            let lowest = scores.iter().map(|s| s.as_int().unwrap()).min().unwrap();
            prop_assert_eq!(score["total"].as_int().unwrap(), lowest);
            return Ok(());
        }
        let moves = session.moves().unwrap();
        prop_assert!(
            !moves.is_empty(),
            "seed {} step {}: no move but not over",
            seed,
            step
        );
        let i = bot.choose(session.state(), &moves).unwrap();
        session
            .play_move(&moves[i], &Player::Bot("random".into()))
            .unwrap();
    }
    Err(TestCaseError::fail(format!(
        "seed {seed}: no end after 1000 moves"
    )))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_games_conserve_meeples_and_tiles_and_end_with_a_result(
        seed in 0u64..1_000_000,
        colours in 2u8..=5,
        meeples in 1u8..=10,
    ) {
        check_game(seed, colours, meeples)?;
    }
}

#[test]
fn the_default_game_conserves_everything_over_many_seeds() {
    for seed in 0..24 {
        check_game(seed, 3, 4).unwrap();
    }
}

// ---------------------------------------------------------------- every option

/// The shipped variants that define options (the others inherit theirs), and the France
/// side, whose rules differ.
const OPTION_MAKERS: [&str; 5] = [
    "carcassonne-solo",
    "invaders",
    "ora-et-labora-solo-ireland",
    "ora-et-labora-solo-france",
    "pig-solo",
];

/// The values of an option other than its default: each other choice, the other switch
/// position, a range's ends.
fn other_values(spec: &OptionSpec) -> Vec<String> {
    let values = match &spec.kind {
        OptionKind::Choice(choices) => choices.clone(),
        OptionKind::Bool => vec!["true".into(), "false".into()],
        OptionKind::Int { min, max } => vec![min.to_string(), max.to_string()],
    };
    let default = spec.default.to_string();
    values.into_iter().filter(|v| *v != default).collect()
}

/// Each option of `variant` set to each of its other values, in `seeds` random games
/// played to their end (few: the tests play some fifty values): an option no game ever
/// takes could leave a game stuck unseen.
fn every_option_plays_to_the_end(variant: &str, seeds: u64) {
    let variant = Variant::load(&library(), variant).unwrap();
    let rules = Rc::new(Rules::compile(variant.clone(), Limits::default()).unwrap());
    for (name, spec) in &variant.options {
        for value in other_values(spec) {
            let overrides = [(name.clone(), value.clone())];
            for seed in 1..=seeds {
                let game = format!("{} --set {name}={value} --seed {seed}", variant.name);
                let mut s =
                    Session::start_shared(rules.clone(), &overrides, seed, Limits::default())
                        .unwrap_or_else(|e| panic!("{game}: {e}"));
                let mut random = RandomBot::seeded(seed);
                bot::play_out(&mut s, &mut random, Some(100_000))
                    .unwrap_or_else(|e| panic!("{game}: {e}"));
                assert!(s.over().unwrap().is_some(), "{game}: not over");
                s.score().unwrap_or_else(|e| panic!("{game}: {e}"));
            }
        }
    }
}

#[test]
fn every_option_of_carcassonne_solo_plays_random_games_to_the_end() {
    every_option_plays_to_the_end("carcassonne-solo", 2);
}

#[test]
fn every_option_of_the_invaders_plays_random_games_to_the_end() {
    every_option_plays_to_the_end("invaders", 2);
}

/// A game of Ora et Labora is long: one seed a value, on each side of the cards.
#[test]
fn every_option_of_ora_et_labora_plays_random_games_to_the_end() {
    every_option_plays_to_the_end("ora-et-labora-solo-ireland", 1);
}

#[test]
fn every_option_of_ora_et_labora_france_plays_random_games_to_the_end() {
    every_option_plays_to_the_end("ora-et-labora-solo-france", 1);
}

#[test]
fn every_option_of_pig_plays_random_games_to_the_end() {
    every_option_plays_to_the_end("pig-solo", 2);
}

#[test]
fn the_option_tests_cover_every_option_of_every_shipped_variant() {
    let lib = library();
    let made: Vec<Variant> = OPTION_MAKERS
        .iter()
        .map(|v| Variant::load(&lib, v).unwrap())
        .collect();
    for file in lib.manifest_files() {
        let name = file.file_stem().unwrap().to_string_lossy();
        let variant = Variant::load(&lib, &name).unwrap();
        for option in variant.options.keys() {
            assert!(
                made.iter().any(|m| m.options.contains_key(option)),
                "{name}: option `{option}` is in no variant of OPTION_MAKERS"
            );
        }
    }
}
