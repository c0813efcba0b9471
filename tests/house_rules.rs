//! The house rules shipped as examples (variants/ and scripts/house/): each played
//! through the real rules, with the effect it promises, and the `parent` call they use.

use crate::common::{house_rule, Game, TempLibrary};
use crate::goals::red_cloister_before_its_last_neighbour;
use crate::solo_rules::red_road_before_cloister;

/// The last `scored` event.
const LAST_SCORED: &str = "state.events.filter(|e| e.kind == \"scored\")[-1]";

/// Red's cloister at 0,1 is closed by green's tile while red is last; the points paid.
fn completed_cloister_value(variant: &str) -> i64 {
    let mut g = Game::new(variant, &[], 1);
    red_cloister_before_its_last_neighbour(&mut g);
    g.set("scores", "[1, 5, 5]");
    g.play("1,2@0");
    assert_eq!(g.text(&format!("{LAST_SCORED}.feature")), "cloister");
    assert_eq!(g.text(&format!("{LAST_SCORED}.scored")), "true");
    g.int(&format!("{LAST_SCORED}.value"))
}

#[test]
fn a_completed_cloister_is_worth_12_with_the_house_points() {
    assert_eq!(completed_cloister_value("carcassonne-solo"), 9);
    assert_eq!(completed_cloister_value("carcassonne-solo-cloister-12"), 12);
}

#[test]
fn the_easy_variant_pays_a_colour_that_is_not_last_and_gives_5_meeples() {
    let mut g = Game::new("carcassonne-solo-easy", &[], 1);
    assert_eq!(g.supply(), [5, 5, 5]);
    red_road_before_cloister(&mut g);
    g.set("scores", "[5, 2, 3]");
    g.play("-1,0@270");
    // In the solo game red (not last) would get nothing for its road of 3 tiles.
    assert_eq!(g.scores(), [8, 2, 3]);
    assert_eq!(g.text(&format!("{LAST_SCORED}.scored")), "true");
}

#[test]
fn farmers_may_stand_on_fields_and_their_fields_score_at_the_end() {
    let mut solo = Game::solo(&[]);
    red_road_before_cloister(&mut solo);
    solo.play("-1,0@270");
    assert!(solo.moves().iter().all(|m| !m.starts_with("field")));

    let mut g = Game::new("carcassonne-solo-farmers", &[], 1);
    assert_eq!(
        g.text("state.meeple_kinds()"),
        r#"["road", "city", "cloister", "field"]"#
    );
    red_road_before_cloister(&mut g);
    g.play("-1,0@270");
    let field = g
        .moves()
        .into_iter()
        .find(|m| m.starts_with("field"))
        .expect("a field spot is offered");
    g.play(&field);
    g.set("scores", "[9, 1, 9]");
    let ended = "let s = state; s.end_game(\"test\"); s";
    let fields = g.int(&format!(
        "let s = {{ {ended} }}; s.events.filter(|e| e.kind == \"scored\" && e.feature == \"field\" && e.scored).len()"
    ));
    assert_eq!(fields, 1, "green's field is scored while green is last");
    // The farmer went back to the supply instead of earning the final bonus.
    let bonuses = g.int(&format!(
        "let s = {{ {ended} }}; s.events.filter(|e| e.kind == \"bonus\" && e.x == -1 && e.y == 0).len()"
    ));
    assert_eq!(bonuses, 0);
}

#[test]
fn the_average_variant_pays_3_a_meeple_and_averages_the_colours() {
    let mut g = Game::new("carcassonne-solo-average", &[], 1);
    g.set("scores", "[5, 2, 3]");
    assert_eq!(g.result(), 3, "(5 + 2 + 3) / 3");
    g.set("scores", "[10, 2, 6]");
    assert_eq!(g.result(), 6);
    assert_eq!(g.int("state.final_bonus_per_meeple()"), 3);
    // At the end green's meeple (green last) earns 3.
    red_road_before_cloister(&mut g);
    g.set("scores", "[5, 2, 3]");
    g.play("-1,0@270");
    let bonus = g.eval(
        "let s = state; s.end_game(\"test\"); s.events.filter(|e| e.kind == \"bonus\" && e.scored)[0].value",
    );
    assert_eq!(bonus.as_int(), Ok(3));
}

#[test]
fn the_hard_pyramid_has_more_invaders_ahead_of_fewer_meeples() {
    let g = Game::new("invaders-hard", &[], 1);
    let count = |kind: &str| {
        g.int(&format!(
            "let n = 0; for l in state.pyramid {{ for s in l.slots {{ if s == \"{kind}\" {{ n += 1; }} }} }} n"
        ))
    };
    assert_eq!((count("I"), count("P")), (27, 4));
    let normal = Game::new("invaders", &[], 1);
    assert_eq!(normal.int("state.pyramid.len()"), 7);
    assert_eq!(g.ints("state.reinforce_levels"), [2, 1]);
}

#[test]
fn the_city_goal_is_added_after_the_sheets_goals_and_needs_20_points() {
    let with_city = |value: i64| {
        let mut g = Game::new("carcassonne-solo-city-goal", &[], 1);
        g.set(
            "events",
            &format!("[#{{ kind: \"scored\", feature: \"city\", value: {value}, scored: true, who: [\"red\"], majority: [\"red\"] }}]"),
        );
        g
    };
    let mut g = with_city(20);
    let ids: Vec<String> = g
        .eval("state.goals().map(|g| g.id)")
        .into_typed_array()
        .unwrap();
    assert_eq!(ids.len(), 15);
    assert_eq!(ids.last().map(String::as_str), Some("H1"));
    assert!(g.goals_reached().contains(&"H1".to_owned()));
    assert!(!with_city(19).goals_reached().contains(&"H1".to_owned()));
}

#[test]
fn a_rule_calls_the_one_it_replaced_down_a_chain_of_layers() {
    let lib = TempLibrary::new();
    lib.write(
        "scripts/house/one-more.rhai",
        "fn final_bonus_per_meeple() { this.parent(\"final_bonus_per_meeple\", []) + 1 }\n",
    );
    lib.write(
        "variants/plus-one.toml",
        "name = \"plus-one\"\nextends = \"carcassonne-solo-average\"\nscripts = [\"house/one-more.rhai\"]\n",
    );
    lib.write(
        "scripts/house/ten-more.rhai",
        "fn final_bonus_per_meeple() { this.parent(\"final_bonus_per_meeple\", []) + 10 }\n",
    );
    lib.write(
        "variants/plus-eleven.toml",
        "name = \"plus-eleven\"\nextends = \"plus-one\"\nscripts = [\"house/ten-more.rhai\"]\n",
    );
    let bonus = |variant: &str| {
        let s = lib.session(variant, 1).unwrap();
        s.rules()
            .eval(s.state(), "state.final_bonus_per_meeple()")
            .unwrap()
            .as_int()
            .unwrap()
    };
    assert_eq!(bonus("plus-one"), 4);
    assert_eq!(bonus("plus-eleven"), 14);
}

#[test]
fn a_parent_call_with_nothing_below_says_so() {
    let lib = TempLibrary::new();
    house_rule(
        &lib,
        "orphan",
        "fn brand_new() { this.parent(\"brand_new\", []) }\nfn score() { this.brand_new() }\n",
    );
    let mut s = lib.session("orphan", 1).unwrap();
    let e = s.score().unwrap_err();
    assert!(
        e.message
            .contains("parent(\"brand_new\", …) with 0 arguments: no earlier rule to call (defined in scripts/house/orphan.rhai)"),
        "{e}"
    );
}

#[test]
fn a_parent_call_plays_by_the_house_rules() {
    let lib = TempLibrary::new();
    lib.write(
        "scripts/house/double-one-turn.rhai",
        "fn next_turn() { this.turn += 1; this.ended = \"one turn only\"; }\n\
         fn bank() { this.pot *= 2; this.parent(\"bank\", []); }\n",
    );
    lib.write(
        "variants/double-one-turn.toml",
        "name = \"double-one-turn\"\nextends = \"pig-solo\"\nscripts = [\"house/double-one-turn.rhai\"]\n",
    );
    let s = lib.session("double-one-turn", 1).unwrap();
    let banked = s
        .rules()
        .eval(
            s.state(),
            "let s = state; s.pot = 5; s.bank(); `${s.banked} ${s.ended}`",
        )
        .unwrap();
    // The sheet's bank() ends the turn with this.next_turn(): the house's, not the sheet's.
    assert_eq!(banked.to_string(), "10 one turn only");
}
