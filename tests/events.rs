//! The events the Carcassonne rules announce: for each kind, a scenario and the exact
//! events of the move that sets it off (`kind: text`), the tile's placing first.

use crate::common::Game;
use crate::invaders::{end_table, invaders, your_road_about_to_complete};
use crate::solo_rules::{closed_city_table, final_table, red_road_before_cloister, shared_city};

/// Plays `label` and returns the events it announced, as `kind: text`.
fn announced(g: &mut Game, label: &str) -> Vec<String> {
    let before = g.int("state.events.len()");
    g.play(label);
    g.eval(&format!(
        "state.events.extract({before}).map(|e| e.kind + \": \" + e.text)"
    ))
    .into_typed_array()
    .unwrap()
}

#[test]
fn a_forced_meeple_a_paid_scoring_and_the_meeple_returned() {
    let mut g = Game::solo(&[]);
    red_road_before_cloister(&mut g);
    assert_eq!(
        announced(&mut g, "-1,0@270"),
        [
            "placed: green places A",
            "forced_meeple: green's meeple goes on cloister, the only free spot: a meeple is compulsory",
            "scored: red scores 3 for road@0,0:EW",
            "meeples_returned: 1 meeple taken off the road: red",
        ]
    );
    assert_eq!(g.text("state.events[-2].who"), "[\"red\"]");
    assert_eq!(g.int("state.events[-2].value"), 3);
}

#[test]
fn a_shared_majority_scores_for_both_colours() {
    let mut g = Game::solo(&[]);
    shared_city(&mut g);
    assert_eq!(
        announced(&mut g, "1,-1@180"),
        [
            "placed: red places N",
            "scored: red and green score 8 for city@0,0:N",
            "meeples_returned: 2 meeples taken off the city: red and green",
        ]
    );
}

#[test]
fn a_scoring_that_pays_nobody_says_why() {
    let mut g = Game::solo(&[]);
    shared_city(&mut g);
    g.set("scores", "[5, 6, 3]");
    let events = announced(&mut g, "1,-1@180");
    assert_eq!(events[0], "placed: red places N");
    assert_eq!(
        events[1],
        "scored: city@0,0:N is complete: 8 points not paid, red and green are not last (last: yellow)"
    );
    assert_eq!(g.text("state.events[-2].scored"), "false");
    assert_eq!(g.text("state.events[-2].who"), "[]");
}

#[test]
fn a_tile_that_fits_nowhere_is_discarded_and_the_tile_drawn_instead_is_told() {
    let mut g = Game::solo(&[]);
    closed_city_table(&mut g, "[state.tiles.id(\"C\"), state.tiles.id(\"U\")]");
    let events = announced(&mut g, "-1,0@90");
    assert_eq!(
        events[events.len() - 2..],
        [
            "discarded: tile C from green's pile fits nowhere: discarded",
            "drawn: drew tile U instead, from green's pile",
        ]
    );
}

#[test]
fn the_final_bonus_per_meeple_and_the_end() {
    let mut g = Game::solo(&[]);
    final_table(&mut g);
    let events = announced(&mut g, "1,0@0");
    let tail: Vec<&str> = events
        .iter()
        .map(String::as_str)
        .filter(|e| !e.starts_with("forced"))
        .collect();
    assert_eq!(
        tail,
        [
            "placed: red places V",
            "bonus: red's meeple at 0,0 earns the final bonus: 2",
            "bonus: green's meeple at 0,0 earns the final bonus: 2",
            "bonus: yellow's meeple at 0,1 earns the final bonus: 2",
            "end: game over: the last tile was placed",
        ]
    );
}

#[test]
fn an_invader_claims_a_cloister() {
    let mut g = invaders(&[]);
    let board = g.board().tile("U", -1, 0, 90).tile("U", 1, 0, 90);
    g.set_table(board, 0, "B");
    assert_eq!(
        announced(&mut g, "0,1@0"),
        [
            "placed: red places B",
            "invasion: an invader claims the cloister at 0,1"
        ]
    );
}

#[test]
fn a_returning_meeple_reinforces_or_is_released() {
    let mut g = invaders(&[]);
    your_road_about_to_complete(&mut g, 1);
    g.play("-1,0@270");
    g.play("none");
    assert_eq!(
        announced(&mut g, "reinforce:level2"),
        ["reinforced: a meeple returns to the pyramid as a reinforcement on level 2"]
    );
    let mut g = invaders(&[]);
    your_road_about_to_complete(&mut g, 1);
    g.play("-1,0@270");
    g.play("none");
    assert_eq!(
        announced(&mut g, "release"),
        ["released: 1 meeple released from the game"]
    );
    let mut g = invaders(&[]);
    your_road_about_to_complete(&mut g, 34);
    g.play("-1,0@270");
    let events = announced(&mut g, "none");
    assert!(
        events.contains(&"released: 1 meeple released: no reinforcement space is open".to_owned()),
        "{events:?}"
    );
}

#[test]
fn the_invaders_end_scores_both_sides() {
    let mut g = invaders(&[]);
    end_table(&mut g);
    let events: Vec<String> = g
        .eval("state.events.filter(|e| e.kind == \"final_scored\" || e.kind == \"invaders_scored\" || e.kind == \"end\").map(|e| e.kind + \": \" + e.text)")
        .into_typed_array()
        .unwrap();
    assert_eq!(
        events,
        [
            "final_scored: red scores 4 for unfinished features and fields, -20 for 2 meeples left in the pyramid, -40 for 2 meeples on the board",
            "invaders_scored: black scores 0 for cloisters and 3 for fields",
            "end: game over: the last tile was placed",
        ]
    );
}

/// A city of two tiles worth 1 point (an option) that red, not last, closes with its
/// compulsory meeple: a count of one in the singular.
#[test]
fn a_scoring_of_one_point_not_paid_says_point() {
    let mut g = Game::solo(&[("tiny_city_points", "1")]);
    let board = g.board();
    g.set_table(board, 0, "E");
    g.set("scores", "[5, 6, 3]");
    let events = announced(&mut g, "0,-1@180");
    assert_eq!(
        events[2],
        "scored: city@0,0:N is complete: 1 point not paid, red is not last (last: yellow)"
    );
}
