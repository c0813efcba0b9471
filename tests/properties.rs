//! Random legal games never break an invariant: meeples and tiles are conserved at
//! every step, the move list of an unfinished game is never empty, and every game
//! finishes with the lowest colour's score as its result.

use crate::common::library;
use houserules::bot::{Bot, RandomBot};
use houserules::players::Player;
use houserules::script::Limits;
use houserules::session::Session;
use proptest::prelude::*;

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
