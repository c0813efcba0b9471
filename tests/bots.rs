//! Every bot of every family, quickly: each plays the opening of a game twice from the
//! same seed and makes the same legal choices both times. How *well* a bot plays is an
//! experiment, not a test: the ignored tests (`cargo test --locked --release --test
//! integration -- --ignored`, docs/CONTRIBUTING.md) measure that.

use crate::common::library;
use houserules::bot;
use houserules::manifest::Variant;
use houserules::players::Player;
use houserules::script::Limits;
use houserules::session::Session;

/// A variant of each family, with options that keep its games short.
const GAMES: [(&str, &[(&str, &str)]); 4] = [
    ("carcassonne-solo", &[("meeples_per_colour", "2")]),
    ("invaders", &[]),
    ("ora-et-labora-solo-ireland", &[]),
    ("pig-solo", &[]),
];

/// Decisions a bot takes in each game: a few turns, past the set-up.
const DECISIONS: usize = 6;

/// The smallest search that still imagines futures, or plans in a game without chance
/// (two positions two steps ahead), so the test stays quick unoptimized.
const SMALL_SEARCH: &str = "search:iterations=1,width=2,depth=1,beam=2,horizon=2";

/// The labels `bot` chooses over the first decisions of `variant` (seed 11), each
/// checked against the legal moves of its position.
fn opening(variant: &Variant, set: &[(&str, &str)], bot_name: &str) -> Vec<String> {
    let overrides: Vec<(String, String)> = set
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    let lib = library();
    let mut session = Session::new(&lib, &variant.name, &overrides, 11, Limits::default())
        .unwrap_or_else(|e| panic!("{}: {e}", variant.name));
    let mut player = bot::find(variant, bot_name)
        .and_then(|b| b.load(variant, Limits::default()))
        .unwrap_or_else(|e| panic!("{bot_name}: {e}"))
        .start(11);
    let mut chosen = Vec::new();
    for _ in 0..DECISIONS {
        if session.over().unwrap().is_some() {
            break;
        }
        let moves = session.moves().unwrap();
        let i = player
            .choose(session.state(), &moves)
            .unwrap_or_else(|e| panic!("{bot_name} on {}: {e}", variant.name));
        assert!(
            i < moves.len(),
            "{bot_name} chose move {i} of {}",
            moves.len()
        );
        session
            .play_move(&moves[i], &Player::Bot(bot_name.into()))
            .unwrap_or_else(|e| panic!("{bot_name} on {}: {e}", variant.name));
        chosen.push(moves[i].label.to_string());
    }
    chosen
}

#[test]
fn every_bot_plays_legal_moves_and_repeats_its_choices_from_a_seed() {
    let lib = library();
    for (name, set) in GAMES {
        let variant = Variant::load(&lib, name).unwrap();
        let bots = bot::catalog::names(&variant);
        assert!(bots.len() >= 3, "{name}: {bots:?}");
        for bot_name in bots {
            let bot_name = if bot_name == bot::catalog::SEARCH {
                SMALL_SEARCH.to_owned()
            } else {
                bot_name
            };
            let first = opening(&variant, set, &bot_name);
            assert!(!first.is_empty(), "{bot_name} made no choice in {name}");
            assert_eq!(
                first,
                opening(&variant, set, &bot_name),
                "{bot_name} on {name}"
            );
        }
    }
}

/// Pig's greedy bot weighs a roll by what it brings on average (five faces in six add
/// their pips, the bust face loses the pot): it rolls while the pot is under 20 and
/// banks from 20 on (a bonus card then adds to banking), turn after turn. Judged by the
/// score alone it would bank every pot, worse than random play.
#[test]
fn pigs_greedy_bot_rolls_while_a_roll_is_worth_more_than_the_pot() {
    let lib = library();
    let variant = Variant::load(&lib, "pig-solo").unwrap();
    let mut session = Session::new(&lib, "pig-solo", &[], 5, Limits::default()).unwrap();
    let mut player = bot::find(&variant, bot::catalog::GREEDY)
        .and_then(|b| b.load(&variant, Limits::default()))
        .unwrap()
        .start(5);
    let (mut rolled_on, mut banked) = (0, 0);
    while session.over().unwrap().is_none() {
        let pot = session.rules().eval(session.state(), "state.pot").unwrap();
        let pot = pot.as_int().unwrap();
        let moves = session.moves().unwrap();
        let chosen = moves[player.choose(session.state(), &moves).unwrap()].clone();
        let expected = if pot < 20 { "roll" } else { "bank" };
        assert_eq!(chosen.label.as_str(), expected, "with a pot of {pot}");
        match expected {
            "roll" if pot > 0 => rolled_on += 1,
            "bank" => banked += 1,
            _ => {}
        }
        session
            .play_move(&chosen, &Player::Bot("greedy".into()))
            .unwrap();
    }
    assert!(
        rolled_on > 0 && banked > 0,
        "both choices were met: {rolled_on}, {banked}"
    );
}
