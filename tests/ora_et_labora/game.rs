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
    o.play("work contract on Clay Mound at 4,0 > a neutral lay brother > 3 clay (the joker)");
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
    // With the joker gone too, it would produce nothing: no work contract on it.
    o.g.set("wheel", "let w = state.wheel; w.remove(\"joker\"); w");
    o.pass_until(5);
    assert!(!o.has_move("work contract on Cloister Office at 4,1"));
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
    o.play("work contract on Clay Mound at 4,0 > a neutral lay brother");
    o.play("work contract on Farmyard at 2,1 > a neutral lay brother > grain");
    o.pass_until(2);
    o.play("work contract on Cloister Office at 4,1");
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
    o.play("build Priory (1 wood, 1 clay)");
    // A cloister: only next to the Cloister Office at 4,1.
    assert_eq!(o.moves(), ["at 3,1"]);
    o.play("at 3,1");
    o.play("buy plot (7 coins) > coast > row 0");
    o.play("build Houseboat (1 wood)");
    assert_eq!(o.moves(), ["at -2,0", "at -2,1"]);
}

#[test]
fn the_prior_bonus_is_asked_only_where_the_new_building_could_do_something() {
    // A Granary (1 coin buys 4 grain and a book) built with `goods` under `options`.
    let granary_built = |options: &[(&str, &str)], goods: &str| {
        let mut o = Oel::variant("ora-et-labora-solo-ireland", options);
        o.give(goods);
        o.g.set("display", "[\"I03\"]");
        o.play("build Granary (1 wood) > at 3,1");
        o
    };
    // Without a coin it could do nothing: the action ends at the space, the prior stays
    // free.
    let mut o = granary_built(&[], "wood 1");
    assert!(!o.has_move("with the prior"), "{:?}", o.moves());
    assert!(o.has_move("fell trees at 1,0"), "the action is over");
    assert_eq!(
        o.g.text("`${state.landscape.clergy_position(\"prior\")}`"),
        "",
        "the prior is free"
    );
    // With a coin it could: the bonus is asked.
    let mut o = granary_built(&[], "wood 1, coin 1");
    assert_eq!(o.moves(), ["with the prior", "not now"]);
    // With `idle_uses` (the printed rules) it is asked whatever the building could do.
    let mut o = granary_built(&[("idle_uses", "true")], "wood 1");
    assert_eq!(o.moves(), ["with the prior", "not now"]);
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

/// Plays on to the neutral player's building in settlement phase A (round 12).
fn at_phase_a(o: &mut Oel) {
    while o.phase() != "neutral_build" {
        o.pass_once();
    }
    assert_eq!(o.round(), 12);
}

#[test]
fn the_neutral_player_builds_the_whole_display_at_phase_a_where_you_choose() {
    let mut o = Oel::ireland();
    at_phase_a(&mut o);
    // Priory, a cloister: only beside the Cloister Office (4,1), on an empty space
    // (the Clay Mound at 4,0 is no cloister and cannot be covered by one).
    o.play("neutral builds Priory");
    assert_eq!(o.moves(), ["at 3,1"]);
    o.play("at 3,1");
    // Cloister Courtyard, a cloister: beside a cloister, or over the Priory or the Office.
    o.play("neutral builds Cloister Courtyard");
    assert_eq!(o.moves(), ["at 3,0", "at 3,1", "at 4,1"]);
    o.play("at 4,1");
    assert_eq!(o.g.text("state.neutral.space(4, 1).id"), "G02");
    // Non-cloister buildings go anywhere empty (terrain ignored) or over a non-cloister.
    o.play("neutral builds Granary > at 3,0 > neutral builds Malthouse");
    let moves = o.moves();
    assert!(
        moves.contains(&"at 0,0".to_owned()),
        "over the Builders' Market: {moves:?}"
    );
    assert!(
        moves.contains(&"at 4,0".to_owned()),
        "over the Clay Mound: {moves:?}"
    );
    assert!(
        !moves
            .iter()
            .any(|m| m.ends_with("at 3,1") || m.ends_with("at 4,1")),
        "not over a cloister: {moves:?}"
    );
}

#[test]
fn the_neutral_player_never_covers_an_occupied_building() {
    let mut o = Oel::ireland();
    o.g.set(
        "neutral",
        "let l = state.neutral; l.place_clergy(4, 0, \"lay1\"); l",
    );
    o.g.set("display", "[\"I04\"]");
    o.pass_until(12);
    while o.phase() != "neutral_build" {
        o.pass_once();
    }
    o.play("neutral builds Malthouse");
    let moves = o.moves();
    assert!(!moves.iter().any(|m| m.ends_with("at 4,0")), "{moves:?}");
    assert!(moves.iter().any(|m| m.ends_with("at 0,0")), "{moves:?}");
}

#[test]
fn a_displayed_cloister_with_no_legal_space_leaves_the_game_unbuilt() {
    let mut o = Oel::ireland();
    // Every space of the neutral heartland taken by non-cloister buildings, the Office occupied.
    for (id, col, row) in [
        ("I04", 1, 0),
        ("I05", 2, 0),
        ("G06", 3, 0),
        ("G07", 0, 1),
        ("I08", 1, 1),
        ("I09", 3, 1),
    ] {
        o.place_neutral(id, col, row);
    }
    o.g.set(
        "neutral",
        "let l = state.neutral; l.place_clergy(4, 1, \"lay1\"); l",
    );
    o.g.set("display", "[\"G01\"]");
    let before = o.event_count();
    o.pass_until(12);
    while o.phase() == "actions" {
        o.pass_once();
    }
    assert!(o.events_since(before).contains(&"removed".to_owned()));
    assert!(o
        .g
        .eval("state.display")
        .into_typed_array::<String>()
        .unwrap()
        .iter()
        .all(|id| id != "G01"));
}

#[test]
fn the_neutral_prior_may_use_a_new_building_at_the_work_contract_price() {
    let mut o = Oel::ireland();
    o.g.set("display", "[\"I11\", \"I04\"]");
    at_phase_a(&mut o);
    o.play("neutral builds Houseboat > at 3,0");
    o.give("coin 1, grain 2");
    o.play("neutral builds Malthouse > at 3,0");
    // Only what was built and not covered again: the Malthouse, not the Houseboat.
    assert_eq!(o.phase(), "neutral_prior");
    assert_eq!(
        o.moves(),
        ["neutral prior on Malthouse at 3,0", "no neutral prior"]
    );
    o.play("neutral prior on Malthouse at 3,0 > 2 times");
    assert_eq!(o.goods(), "2 straw, 2 malt");
    assert_eq!(o.g.text("state.neutral.clergy_at(3, 0)"), "prior");
    assert_eq!(o.phase(), "settle");
}

#[test]
fn without_the_price_the_neutral_prior_step_is_skipped() {
    let mut o = Oel::ireland();
    at_phase_a(&mut o);
    while o.phase() == "neutral_build" {
        o.pass_once();
    }
    assert_eq!(o.phase(), "settle");
}

#[test]
fn a_whiskey_pays_a_work_contract_at_the_raised_price() {
    // The Whiskey Distillery raises the price to 2 coins (tests/ora_et_labora/buildings_b.rs).
    let mut o = Oel::ireland();
    o.g.set("display", "[\"I21\"]");
    o.give("clay 2, straw 2, coin 3");
    o.play("build Whiskey Distillery (2 straw, 2 clay) > at 3,0");
    assert_eq!(o.g.int("state.work_price()"), 2);
    o.play("work contract on Clay Mound at 4,0 > a neutral lay brother");
    assert_eq!(o.count("coin"), 1);
    // A whiskey is accepted as a present instead.
    o.give("whiskey 1");
    o.pass_until(2);
    o.play("work contract on Farmyard at 2,1 > give 1 whiskey > a neutral lay brother > grain");
    assert_eq!((o.count("whiskey"), o.count("coin")), (0, 1));
    // With no coins and no present there is no contract.
    o.g.set("goods", "state.data.goods.goods()");
    assert!(!o.moves().iter().any(|m| m.starts_with("work contract")));
    assert!(o
        .refused("work contract on Builders' Market at 0,0")
        .contains("not a legal move"));
}

#[test]
fn in_the_last_round_you_act_first_then_the_neutral_player_builds_and_phase_e_ends_the_game() {
    let mut o = Oel::ireland();
    o.g.set("round", "30");
    o.pass_until(31);
    assert_eq!(o.phase(), "actions", "phase E waits for your two actions");
    o.play("pass");
    o.play("pass");
    assert_eq!(o.phase(), "neutral_build");
    while o.g.over().is_none() {
        o.pass_once();
    }
    assert!(o
        .g
        .over()
        .unwrap()
        .starts_with("the last settlement phase is over"));
    assert!(o.moves().is_empty());
}

/// Rhai that checks the table of `state` and returns what is wrong ("" when nothing).
const INVARIANTS: &str = r#"
    let wrong = "";
    for k in state.goods.to_map().keys() {
        if state.goods.get(k) < 0 { wrong += "negative " + k + "; "; }
    }
    for land in [state.landscape, state.neutral] {
        let placed = land.placed_clergy();
        if placed.len() > 3 { wrong += "more than 3 clergymen placed; "; }
        for c in placed {
            if land.space(c.col, c.row).content != "building" { wrong += c.who + " not on a building; "; }
        }
    }
    let seen = [];
    let all = state.display;
    for land in [state.landscape, state.neutral] {
        for b in land.buildings(state.cards) {
            if state.cards.get(b.id).kind != "basic" { all.push(b.id); }
        }
    }
    for id in all {
        if seen.contains(id) { wrong += id + " twice; "; }
        seen.push(id);
    }
    let gone = 0;
    let letters = ["start"];
    for e in state.events {
        if e.kind == "removed" || (e.kind == "neutral_built" && e.covered != () && state.cards.get(e.covered).kind != "basic") { gone += 1; }
        if e.kind == "cards_enter" { letters.push(e.letter); }
    }
    let entered = 0;
    for id in state.cards.ids() {
        let c = state.cards.get(id);
        if c.kind == "building" && letters.contains(c.age) { entered += 1; }
    }
    if all.len() + gone != entered { wrong += "buildings: " + all.len() + " + " + gone + " gone != " + entered + " entered; "; }
    wrong
"#;

/// Plays a whole game of `variant` with moves picked by a seeded generator, checking the
/// invariants after every move and that an unfinished game always offers a move.
pub(crate) fn random_game(variant: &str, seed: u64) -> Oel {
    let mut o = Oel::variant(variant, &[]);
    o.g = crate::common::Game::new(variant, &[], seed);
    let mut pick = seed;
    let mut steps = 0;
    while o.g.over().is_none() {
        let moves = o.moves();
        assert!(
            !moves.is_empty(),
            "{variant} seed {seed}: no move in an unfinished game (round {})",
            o.round()
        );
        pick = pick
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        o.play(&moves[(pick >> 33) as usize % moves.len()]);
        assert_eq!(
            o.g.text(INVARIANTS),
            "",
            "{variant} seed {seed}, step {steps}"
        );
        steps += 1;
    }
    o
}

#[test]
fn seeded_random_games_end_with_a_score_and_keep_goods_clergy_and_buildings() {
    for seed in 1..=3u64 {
        let o = random_game("ora-et-labora-solo-ireland", seed);
        assert_eq!(o.round(), 31);
        assert!(o.score("total") > 0, "seed {seed}");
        assert_eq!(
            o.score("total"),
            o.score("goods") + o.score("economic") + o.score("settlements")
        );
    }
}

#[test]
fn a_piped_repl_session_plays_the_first_round_by_hand_and_auto_finishes() {
    super::piped_session(
        "ora-et-labora-solo-ireland",
        "1",
        "show\nfell trees at 1,0\nmoves\nuse Farmyard at 2,1 > with a lay brother > grain\nshow\nauto\nscore\n",
        &[
            "round 1 of 31, 2 actions left",
            "production wheel: 2 wood, 2 peat, 2 grain, 2 livestock, 2 clay, 2 coins, the joker 2",
            "played fell trees at 1,0\n  you fell trees at 1,0\n  you take 2 wood\n",
            "use Farmyard at 2,1",
            "played use Farmyard at 2,1 > with a lay brother > grain\n  you use Farmyard with a lay brother\n  you take 2 grain\n",
            "round 2 of 31, 2 actions left",
            "your goods: 2 wood, 2 grain",
            "game over: the last settlement phase is over",
            "recorded as game 1",
            "result: ",
            "rank: goal missed by ",
            "  goods ",
            "  buildings and settlements ",
            "  settlements ",
        ],
    );
}

#[test]
fn a_building_beside_a_settlement_adds_its_dwelling_value_and_its_economic_value() {
    let mut o = Oel::ireland();
    o.g.set(
        "landscape",
        "let l = state.landscape; l.settle(3, 0, \"S02\"); l",
    );
    o.place("I24", 3, 1);
    // Farming Village 1 + Clay Mound 3 + Chapel 8; the Chapel's economic value is 10.
    assert_eq!(o.score("settlements"), 1 + 3 + 8);
    assert_eq!(o.score("economic"), 1 + 10);
}

#[test]
fn sim_reports_where_the_points_came_from_and_how_often_the_goal_was_reached() {
    let run = crate::common::houserules(
        &[
            "sim",
            "ora-et-labora-solo-ireland",
            "--games",
            "3",
            "--bot",
            "random",
        ],
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    crate::common::assert_in_order(
        &run.stdout,
        &[
            "mean of the score's parts",
            "  economic",
            "  goods",
            "  settlements",
            "the last settlement phase is over",
            "goals reached",
            "  goal",
            "0 (0.0%)",
        ],
    );
}

#[test]
fn the_goal_is_reached_at_the_end_with_500_points() {
    let mut o = Oel::variant("ora-et-labora-solo-ireland", &[("goal", "3")]);
    o.give("book 2");
    assert!(o.g.goals_reached().is_empty(), "not before the end");
    o.g.set("ended", "\"test\"");
    assert_eq!(o.g.goals_reached(), ["goal"]);
}
