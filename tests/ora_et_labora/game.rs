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
