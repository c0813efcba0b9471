//! Whole games kept move by move (tests/golden/): a change to what the rules ask or offer,
//! or to where a game ends, shows here, so a rewrite of the rules that must change no game
//! can prove it. Regenerate with UPDATE_GOLDEN=1 when a change of the rules is meant.

use crate::common::Game;
use houserules::script::Limits;
use std::fmt::Write;

/// A game of `variant` played by the random bot seeded `seed`: each decision as its
/// question (or, between actions, the phase), the move played and how many were offered;
/// then the score.
fn transcript(variant: &str, seed: u64) -> String {
    let mut g = Game::new(variant, &[], seed);
    let mut bot =
        houserules::bot::by_name(&g.rules.variant, "random", seed, Limits::default()).unwrap();
    let mut out = String::new();
    loop {
        let moves = g.rules.moves(&mut g.state).unwrap();
        if moves.is_empty() {
            break;
        }
        let asked = match g.rules.question(&mut g.state).unwrap() {
            Some(question) => question,
            None => format!("[{} {}]", g.text("state.phase"), g.int("state.round")),
        };
        let i = bot.choose(&g.state, &moves).unwrap();
        writeln!(
            out,
            "{asked}: {} ({} of {})",
            moves[i].label,
            i + 1,
            moves.len()
        )
        .unwrap();
        g.rules.play(&mut g.state, &moves[i]).unwrap();
    }
    writeln!(out, "score: {}", g.text("state.score()")).unwrap();
    out
}

#[test]
fn a_random_game_of_each_side_plays_as_recorded() {
    for (variant, seed) in [
        ("ora-et-labora-solo-ireland", 1),
        ("ora-et-labora-solo-france", 2),
    ] {
        let played = transcript(variant, seed);
        let path = format!(
            "{}/tests/golden/{variant}-seed-{seed}.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        if std::env::var_os("UPDATE_GOLDEN").is_some() {
            std::fs::write(&path, &played).unwrap();
        }
        let golden = std::fs::read_to_string(&path)
            .expect("golden file (run with UPDATE_GOLDEN=1 to create it)");
        let differ = played.lines().zip(golden.lines()).position(|(a, b)| a != b);
        assert!(
            played == golden,
            "{variant} seed {seed} no longer plays as {path} records (first difference: line {})",
            differ.map_or("past the end".to_owned(), |i| (i + 1).to_string())
        );
    }
}
