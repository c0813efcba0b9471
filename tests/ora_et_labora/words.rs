//! The player's words (issue 33, finding 6): every label, question and line told in a
//! whole game names goods as the cards do (livestock, peat coal, 5-coin) and counts them
//! in good English ("1 coin", "2 coins", "1 time"), never by the rules' keys.

use super::Oel;
use crate::common::Game;
use houserules::script::Limits;

/// Every text a player meets in a random game of `variant`: the labels offered, the
/// questions asked and the events told.
fn texts_of_a_game(variant: &str, seed: u64) -> Vec<String> {
    let mut g = Game::new(variant, &[], seed);
    let mut bot =
        houserules::bot::by_name(&g.rules.variant, "random", seed, Limits::default()).unwrap();
    let mut texts = Vec::new();
    loop {
        let moves = g.rules.moves(&mut g.state).unwrap();
        if moves.is_empty() {
            break;
        }
        texts.extend(moves.iter().map(|m| m.label.to_string()));
        texts.extend(g.rules.question(&mut g.state).unwrap());
        let i = bot.choose(&g.state, &moves).unwrap();
        g.rules.play(&mut g.state, &moves[i]).unwrap();
    }
    let told: Vec<String> = g
        .eval("state.events.map(|e| e.text)")
        .into_typed_array()
        .unwrap();
    texts.extend(told);
    texts
}

/// What is wrong with `text`'s words, if anything.
fn wrong_words(text: &str) -> Option<&'static str> {
    let words: Vec<&str> = text
        .split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .filter(|w| !w.is_empty())
        .collect();
    for (i, w) in words.iter().enumerate() {
        let before = i.checked_sub(1).map(|j| words[j]);
        match *w {
            "sheep" => return Some("`sheep` is livestock on the cards"),
            "coin5" => return Some("`coin5` is a 5-coin"),
            "coal" if before != Some("peat") => return Some("coal is peat coal"),
            "coins" | "times" | "points" | "books" | "ceramics" | "reliquaries" | "ornaments"
                if before == Some("1") =>
            {
                return Some("a plural after 1")
            }
            _ => {}
        }
    }
    text.contains('_').then_some("a key with `_`")
}

#[test]
fn a_whole_game_of_each_side_speaks_the_cards_words() {
    for (variant, seed) in [
        ("ora-et-labora-solo-ireland", 1),
        ("ora-et-labora-solo-ireland", 4),
        ("ora-et-labora-solo-ireland", 7),
        ("ora-et-labora-solo-france", 2),
        ("ora-et-labora-solo-france", 5),
    ] {
        let texts = texts_of_a_game(variant, seed);
        assert!(texts.len() > 500, "{variant}: a whole game");
        let wrong: Vec<String> = texts
            .iter()
            .filter_map(|t| wrong_words(t).map(|why| format!("{why}: {t}")))
            .collect();
        assert!(
            wrong.is_empty(),
            "{variant} seed {seed}:\n{}",
            wrong.join("\n")
        );
    }
}

#[test]
fn the_word_check_catches_what_the_issue_found() {
    for bad in [
        "hand in 1 coal",
        "hand in 1 sheep",
        "hand in 1 coin5 (2 points)",
        "1 coins",
        "1 times",
        "(1 points)",
        "convert grain_to_straw",
    ] {
        assert!(wrong_words(bad).is_some(), "{bad}");
    }
    for good in [
        "hand in 1 peat coal",
        "2 livestock (the joker)",
        "1 5-coin, 3 coins",
        "1 time",
    ] {
        assert_eq!(wrong_words(good), None, "{good}");
    }
}

/// The game-over line counts its points in words: "1 point", "0 points".
#[test]
fn the_game_over_line_says_point_or_points() {
    let mut o = Oel::ireland();
    let told = "{ state.end_game(); state.events[state.events.len() - 1].text }";
    assert_eq!(o.g.text(told), "game over: 0 points (goal 500)");
    o.give("whiskey 1");
    assert_eq!(o.g.text(told), "game over: 1 point (goal 500)");
}
