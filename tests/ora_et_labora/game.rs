//! The solo game's structure: set-up, the wheel, clergy, landscapes, the neutral player,
//! the schedule of settlement phases, scoring, and whole random games.

use super::Oel;

#[test]
fn the_solo_set_up_gives_nothing_and_puts_the_start_buildings_on_display() {
    let o = Oel::ireland();
    assert_eq!(o.goods(), "nothing");
    assert_eq!(o.round(), 1);
    let display =
        o.g.eval("state.display")
            .into_typed_array::<String>()
            .unwrap();
    assert_eq!(
        display.len(),
        12,
        "13 start buildings, the Builders' Market on the neutral heartland"
    );
    assert!(!display.contains(&"G13".to_owned()));
    assert_eq!(o.g.text("state.neutral.space(0, 0).id"), "G13");
    // The neutral heartland has no forests or moors.
    assert_eq!(
        o.g.int("state.neutral.count(\"forest\") + state.neutral.count(\"moor\")"),
        0
    );
    assert_eq!(o.g.int("state.landscape.count(\"forest\")"), 3);
    assert_eq!(o.g.int("state.landscape.count(\"moor\")"), 2);
}

#[test]
fn no_grapes_or_stone_indicator_and_the_joker_from_the_start_at_2_in_round_1() {
    let o = Oel::ireland();
    let names: Vec<String> =
        o.g.eval("state.wheel.amounts().map(|a| a.name)")
            .into_typed_array()
            .unwrap();
    assert_eq!(
        names,
        ["wood", "peat", "grain", "sheep", "clay", "coin", "joker"]
    );
    assert_eq!(o.g.ints("state.wheel.amounts().map(|a| a.amount)"), [2; 7]);
}

#[test]
fn fell_trees_takes_wood_from_the_wheel_and_clears_the_forest() {
    let mut o = Oel::ireland();
    o.play("fell trees at 1,0");
    assert_eq!(o.count("wood"), 2);
    assert_eq!(o.g.int("state.wheel.amount(\"wood\")"), 0);
    assert_eq!(o.g.text("state.landscape.space(1, 0).content"), "empty");
    assert!(!o.has_move("fell trees at 1,0"));
}

#[test]
fn the_wheel_turns_every_round_and_in_solo_an_indicator_passing_10_leaves_the_game() {
    let mut o = Oel::ireland();
    let values = [0, 2, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 10];
    for round in 2..=12 {
        o.pass_until(round);
        assert_eq!(
            o.g.ints("state.wheel.amounts().map(|a| a.amount)"),
            [values[round as usize]; 7],
            "round {round}"
        );
    }
    let before = o.event_count();
    o.pass_until(13);
    assert_eq!(
        o.g.int("state.wheel.amounts().len()"),
        0,
        "all seven indicators, the joker too, are gone"
    );
    let removed: Vec<String> = o
        .g
        .eval(&format!("state.events.extract({before}).filter(|e| e.kind == \"indicator_removed\").map(|e| e.good)"))
        .into_typed_array()
        .unwrap();
    assert_eq!(
        removed,
        ["wood", "peat", "grain", "sheep", "clay", "coin", "joker"]
    );
}

#[test]
fn the_joker_may_stand_in_for_a_good_and_produces_a_good_whose_indicator_is_gone() {
    let mut o = Oel::ireland();
    // The clay indicator is reset in round 1; in round 2 it shows 2, the joker 3.
    o.play("use Clay Mound at 4,0 > with a lay brother");
    assert_eq!(o.count("clay"), 2);
    o.pass_until(2);
    o.give("coin 1");
    o.play("work contract on Clay Mound at 4,0 > pay 1 coins > a neutral lay brother > 3 clay (the joker)");
    assert_eq!(o.count("clay"), 5);
    assert_eq!(o.g.int("state.wheel.amount(\"joker\")"), 0);
    assert_eq!(
        o.g.int("state.wheel.amount(\"clay\")"),
        2,
        "its own indicator was not reset"
    );
    // A good whose indicator is gone comes from the joker (reset just now: 0 coins).
    o.g.set("wheel", "let w = state.wheel; w.remove(\"coin\"); w");
    o.pass_until(3);
    o.play("use Cloister Office at 4,1 > with a lay brother");
    assert_eq!(o.count("coin"), 2, "the joker's 2");
    // With the joker gone too: nothing.
    o.g.set("wheel", "let w = state.wheel; w.remove(\"joker\"); w");
    o.pass_until(5);
    o.play("work contract on Cloister Office at 4,1 > pay 1 coins > a neutral lay brother");
    assert_eq!(o.count("coin"), 1, "paid 1, received nothing");
}

#[test]
fn all_three_clergymen_placed_come_back_at_the_start_of_the_next_round() {
    let mut o = Oel::ireland();
    o.play("use Clay Mound at 4,0 > with a lay brother");
    o.play("use Farmyard at 2,1 > with a lay brother > grain");
    o.pass_until(2);
    o.play("use Cloister Office at 4,1");
    assert_eq!(o.g.int("state.landscape.placed_clergy().len()"), 3);
    assert!(
        o.moves().iter().all(|m| !m.starts_with("use ")),
        "no clergyman is free"
    );
    let before = o.event_count();
    o.pass_until(3);
    assert_eq!(o.g.int("state.landscape.placed_clergy().len()"), 0);
    assert!(o
        .events_since(before)
        .contains(&"clergy_returned".to_owned()));
}

#[test]
fn the_neutral_clergy_come_back_like_yours_and_a_contract_needs_a_free_one() {
    let mut o = Oel::ireland();
    o.give("coin 5");
    o.play("work contract on Clay Mound at 4,0 > pay 1 coins > a neutral lay brother");
    o.play("work contract on Farmyard at 2,1 > pay 1 coins > a neutral lay brother > grain");
    o.pass_until(2);
    o.play("work contract on Cloister Office at 4,1 > pay 1 coins");
    assert_eq!(o.g.int("state.neutral.placed_clergy().len()"), 3);
    assert_eq!(
        o.count("coin"),
        5 - 3 + 3,
        "three contracts at 1 coin; the Cloister Office gave 3"
    );
    assert!(o.moves().iter().all(|m| !m.starts_with("work contract")));
    o.pass_until(3);
    assert_eq!(o.g.int("state.neutral.placed_clergy().len()"), 0);
}

#[test]
fn landscapes_cost_the_turned_piles_prices_one_purchase_per_action() {
    let mut o = Oel::ireland();
    o.give("coin 60");
    o.play("buy district (8 coins) > plains > row -1");
    assert_eq!(o.count("coin"), 52);
    assert!(
        !o.moves().iter().any(|m| m.starts_with("buy ")),
        "one purchase per action"
    );
    o.play("pass");
    o.play("buy district (7 coins) > hills > row 2");
    o.play("pass");
    o.play("buy plot (7 coins) > coast > row 0");
    o.play("pass");
    o.play("buy plot (6 coins) > mountain > row 0");
    assert_eq!(o.count("coin"), 60 - 8 - 7 - 7 - 6);
    assert_eq!(o.g.text("state.landscape.space(-1, 0).terrain"), "coast");
    assert_eq!(o.g.text("state.landscape.space(6, 0).terrain"), "mountain");
    assert_eq!(o.g.text("state.landscape.space(0, 2).content"), "moor");
}

#[test]
fn a_building_goes_only_on_its_terrain_and_a_cloister_next_to_a_cloister() {
    let mut o = Oel::ireland();
    o.give("wood 3, clay 1, coin 10");
    assert!(
        !o.moves()
            .iter()
            .any(|m| m.starts_with("build False Lighthouse")),
        "no coast yet"
    );
    assert!(
        !o.moves().iter().any(|m| m.starts_with("build Houseboat")),
        "no water yet"
    );
    o.play("build Priory (1 clay, 1 wood)");
    // A cloister: only next to the Cloister Office at 4,1.
    assert_eq!(o.moves(), ["at 3,1"]);
    o.play("at 3,1 > not now");
    o.play("buy plot (7 coins) > coast > row 0");
    o.play("build Houseboat (1 wood)");
    assert_eq!(o.moves(), ["at -2,0", "at -2,1"]);
}

#[test]
fn a_settlement_scores_its_own_and_its_neighbours_dwelling_values() {
    let mut o = Oel::ireland();
    // Farming Village (dwelling 1, economic 1) at 3,0 beside the Clay Mound (dwelling 3).
    o.g.set(
        "landscape",
        "let l = state.landscape; l.settle(3, 0, \"S02\"); l",
    );
    assert_eq!(o.score("settlements"), 1 + 3);
    assert_eq!(o.score("economic"), 1);
    // A Shanty Town (dwelling -3) below it counts for the village, and the village for it.
    o.g.set(
        "landscape",
        "let l = state.landscape; l.settle(3, 1, \"S01\"); l",
    );
    // The Shanty Town also has the Farmyard (2) and the Cloister Office (2) beside it.
    assert_eq!(o.score("settlements"), (1 + 3 - 3) + (-3 + 2 + 2 + 1));
    // Goods: a book 2, a ceramic 3, five 1-coins count as a 5-coin (2).
    o.give("book 1, ceramic 1, coin 6");
    assert_eq!(o.score("goods"), 2 + 3 + 2);
    assert_eq!(
        o.score("total"),
        o.score("goods") + o.score("economic") + o.score("settlements")
    );
}
