//! The France solo game: its set-up and a whole game; each France card's tests are in
//! `buildings_france.rs`.

use super::Oel;

fn france() -> Oel {
    Oel::variant("ora-et-labora-solo-france", &[])
}

/// Every card id of the game: display, both landscapes and those still to come.
fn all_cards(o: &Oel) -> Vec<String> {
    o.g.eval("state.cards.ids()").into_typed_array().unwrap()
}

#[test]
fn the_carpentry_both_grapevines_and_the_c_quarry_are_not_in_the_solo_game() {
    let o = france();
    let cards = all_cards(&o);
    for removed in ["F10", "F14", "F29", "F31"] {
        assert!(!cards.contains(&removed.to_owned()), "{removed}");
    }
    assert!(cards.contains(&"F21".to_owned()), "the Winery is");
    assert!(
        !cards.iter().any(|id| id.starts_with('I')),
        "no Ireland card"
    );
    let display: Vec<String> = o.g.eval("state.display").into_typed_array().unwrap();
    assert_eq!(
        display.len(),
        11,
        "the France start buildings but the Carpentry and the Builders' Market"
    );
}

#[test]
fn no_grapes_or_stone_indicator_in_the_france_solo_game() {
    let o = france();
    let names: Vec<String> =
        o.g.eval("state.wheel.amounts().map(|a| a.name)")
            .into_typed_array()
            .unwrap();
    assert_eq!(
        names,
        ["wood", "peat", "grain", "sheep", "clay", "coin", "joker"]
    );
}

#[test]
fn a_card_both_sides_share_works_the_same_in_both_games() {
    for variant in ["ora-et-labora-solo-ireland", "ora-et-labora-solo-france"] {
        let mut o = Oel::variant(variant, &[]);
        o.place("G12", 3, 0);
        o.give("meat 1, peat 1");
        o.play("use Stone Merchant at 3,0 > with a lay brother > 1 time");
        assert_eq!(o.goods(), "1 stone", "{variant}");
    }
}

#[test]
fn seeded_random_france_games_end_with_a_score() {
    for seed in 1..=2u64 {
        let o = super::game::random_game("ora-et-labora-solo-france", seed);
        assert!(o.score("total") > 0);
    }
}

#[test]
fn a_piped_repl_session_plays_some_rounds_by_hand_and_finishes_with_auto() {
    super::piped_session(
        "ora-et-labora-solo-france",
        "2",
        "cut peat at 0,0\nuse Cloister Office at 4,1 > with the prior\nshow\nauto\n",
        &[
            "played cut peat at 0,0\n  you cut peat at 0,0\n  you take 2 peat\n",
            "you use Cloister Office with your prior\n  you take 2 coins",
            "round 2 of 31",
            "Windmill",
            "game over: the last settlement phase is over",
        ],
    );
}

#[test]
fn the_house_rule_of_a_goal_of_450_changes_only_the_goal() {
    let mut o = Oel::variant("ora-et-labora-solo-france-450", &[]);
    assert_eq!(o.g.int("state.score().goal"), 450);
    assert_eq!(o.g.text("state.score().rank"), "goal missed by 450");
    assert_eq!(o.moves(), france().moves());
}

#[test]
fn the_head_start_house_rule_gives_one_wood_clay_peat_and_grain() {
    let o = Oel::variant("ora-et-labora-solo-france-head-start", &[]);
    assert_eq!(o.goods(), "1 wood, 1 peat, 1 grain, 1 clay");
    // Everything else is set up as in the France game.
    assert_eq!(o.g.int("state.display.len()"), 11);
    assert_eq!(o.g.text("state.neutral.space(0, 0).id"), "G13");
}
