//! The GOALS box of the solo sheet (scripts/carcassonne/goals.rhai): for each goal, a
//! game that reaches it and one that just misses it. Features are laid out with the
//! primitives and closed by a move played through the real rules, so the goals are
//! judged on the scorings the rules themselves log.
//! Colours: 0 red, 1 green, 2 yellow; markers start on 1, 2, 3, so red is last.

use crate::common::{house_rule, BoardBuilder, Game, TempLibrary};

const RED: u8 = 0;
const GREEN: u8 = 1;
const YELLOW: u8 = 2;

/// A straight row of tiles along y = `y` ended by two end tiles, as (tile, degrees,
/// meeple segment) for the west end, the middle tiles and the east end.
struct Row {
    y: i32,
    west: (&'static str, u16, &'static str),
    middle: (&'static str, u16, &'static str),
    east: (&'static str, u16, &'static str),
}

/// A road through the start tile, ended by two cloister tiles.
const ROAD: Row = Row {
    y: 0,
    west: ("A", 270, "road:E"),
    middle: ("U", 90, "road:EW"),
    east: ("A", 90, "road:W"),
};

/// A city band below the row of cloisters, capped at both ends.
const CITY: Row = Row {
    y: 2,
    west: ("E", 90, "city:E"),
    middle: ("G", 0, "city:EW"),
    east: ("E", 270, "city:W"),
};

/// Cloister tiles along y = 1 from x = `west` to `east`: they hold the pieces of a row
/// on the table while the pieces are still apart.
fn scaffold(g: &Game, west: i32, east: i32) -> BoardBuilder {
    let mut b = g.board().tile("B", 0, 1, 0);
    for x in 1..=east {
        b = b.tile("B", x, 1, 0);
    }
    for x in (west..0).rev() {
        b = b.tile("B", x, 1, 0);
    }
    b
}

/// Lays out a `row` of `tiles` tiles from x = -2 with one meeple per colour of
/// `colours`, each on its own piece (pieces at x = 0, 2.. and -2, apart at -1 and 1),
/// joins the pieces except at x = 1, and lets green close the row there.
fn close_row(g: &mut Game, row: &Row, tiles: i32, colours: &[u8]) -> Scoring {
    let (west, east) = (-2, tiles - 3);
    assert!(east >= 2, "a row needs at least 5 tiles");
    let at = |x: i32| {
        if x == west {
            row.west
        } else if x == east {
            row.east
        } else {
            row.middle
        }
    };
    let pieces = [0, 2, -2];
    let joined: &[i32] = if colours.len() == 3 { &[-1] } else { &[] };
    let mut b = scaffold(g, west, east);
    for x in west..=east {
        let start_tile = row.y == 0 && x == 0;
        if x != 1 && !joined.contains(&x) && !start_tile {
            b = b.tile(at(x).0, x, row.y, at(x).1);
        }
    }
    for (&x, &colour) in pieces.iter().zip(colours) {
        b = b.meeple(x, row.y, at(x).2, colour);
    }
    for &x in joined {
        b = b.tile(at(x).0, x, row.y, at(x).1);
    }
    g.set_table(b, i64::from(GREEN), row.middle.0);
    g.play(&format!("1,{}@{}", row.y, row.middle.1));
    let kind = if row.y == 0 { "road" } else { "city" };
    let last = "state.events.filter(|e| e.kind == \"scored\")[-1]";
    assert_eq!(g.text(&format!("{last}.feature")), kind);
    Scoring {
        value: g.int(&format!("{last}.value")),
        colours: g.int(&format!("{last}.who.len()")) as usize,
        scored: g.text(&format!("{last}.scored")) == "true",
    }
}

/// The last scoring the rules logged.
#[derive(Debug, PartialEq)]
struct Scoring {
    value: i64,
    colours: usize,
    scored: bool,
}

/// The goals reached after a row of `tiles` shared by `colours` scored.
fn after_row(row: &Row, tiles: i32, colours: &[u8]) -> Vec<String> {
    after_row_with(&[], row, tiles, colours)
}

fn after_row_with(options: &[(&str, &str)], row: &Row, tiles: i32, colours: &[u8]) -> Vec<String> {
    let mut g = Game::solo(options);
    let value = i64::from(if row.y == 0 { tiles } else { 2 * tiles });
    let scoring = Scoring {
        value,
        colours: colours.len(),
        scored: true,
    };
    assert_eq!(close_row(&mut g, row, tiles, colours), scoring);
    g.goals_reached()
}

fn has(reached: &[String], id: &str) -> bool {
    reached.iter().any(|g| g == id)
}

// ---------------------------------------------------------------- roads

#[test]
fn g1_a_road_of_10_points_reaches_it_and_of_9_does_not() {
    assert!(has(&after_row(&ROAD, 10, &[RED]), "G1"));
    assert!(!has(&after_row(&ROAD, 9, &[RED]), "G1"));
}

#[test]
fn g2_a_road_of_10_needs_2_colours() {
    assert!(has(&after_row(&ROAD, 10, &[RED, GREEN]), "G2"));
    let one = after_row(&ROAD, 10, &[RED]);
    assert!(has(&one, "G1") && !has(&one, "G2"));
}

#[test]
fn g3_a_road_of_10_needs_3_colours() {
    let three = after_row(&ROAD, 10, &[RED, GREEN, YELLOW]);
    assert!(has(&three, "G1") && has(&three, "G2") && has(&three, "G3"));
    let two = after_row(&ROAD, 10, &[RED, GREEN]);
    assert!(has(&two, "G2") && !has(&two, "G3"));
}

#[test]
fn g4_a_road_of_exactly_5_with_3_colours() {
    assert!(has(&after_row(&ROAD, 5, &[RED, GREEN, YELLOW]), "G4"));
    assert!(!has(&after_row(&ROAD, 6, &[RED, GREEN, YELLOW]), "G4"));
    assert!(!has(&after_row(&ROAD, 5, &[RED, GREEN]), "G4"));
}

// ---------------------------------------------------------------- cities

#[test]
fn g5_a_city_of_16_points_reaches_it_and_of_14_does_not() {
    assert!(has(&after_row(&CITY, 8, &[RED]), "G5"));
    assert!(!has(&after_row(&CITY, 7, &[RED]), "G5"));
}

#[test]
fn g6_a_city_of_16_needs_2_colours() {
    assert!(has(&after_row(&CITY, 8, &[RED, GREEN]), "G6"));
    let one = after_row(&CITY, 8, &[RED]);
    assert!(has(&one, "G5") && !has(&one, "G6"));
}

#[test]
fn g7_a_city_of_16_needs_3_colours() {
    assert!(has(&after_row(&CITY, 8, &[RED, GREEN, YELLOW]), "G7"));
    let two = after_row(&CITY, 8, &[RED, GREEN]);
    assert!(has(&two, "G6") && !has(&two, "G7"));
}

#[test]
fn g8_a_city_worth_8_to_10_with_3_colours() {
    assert!(has(&after_row(&CITY, 5, &[RED, GREEN, YELLOW]), "G8"));
    assert!(!has(&after_row(&CITY, 6, &[RED, GREEN, YELLOW]), "G8"));
    assert!(!has(&after_row(&CITY, 5, &[RED, GREEN]), "G8"));
}

#[test]
fn with_colour_match_exactly_a_3_colour_road_is_not_a_2_colour_road() {
    let exactly = [("goal_colour_match", "exactly")];
    let three = after_row_with(&exactly, &ROAD, 10, &[RED, GREEN, YELLOW]);
    assert!(has(&three, "G1") && !has(&three, "G2") && has(&three, "G3"));
    let two = after_row_with(&exactly, &ROAD, 10, &[RED, GREEN]);
    assert!(has(&two, "G2") && !has(&two, "G3"));
}

#[test]
fn a_feature_completed_without_paying_anyone_is_not_scored() {
    let mut g = Game::solo(&[]);
    // Green alone on a road of 10, and green is not last: the road pays nothing.
    let scoring = close_row(&mut g, &ROAD, 10, &[GREEN]);
    assert_eq!((scoring.value, scoring.scored), (10, false));
    assert!(!has(&g.goals_reached(), "G1"));
}

// ---------------------------------------------------------------- monasteries

/// Red's cloister at 0,1 lacks only its neighbour at 1,2; green holds the tile (B, played
/// as `1,2@0`) that completes it.
pub(crate) fn red_cloister_before_its_last_neighbour(g: &mut Game) {
    let b = g
        .board()
        .tile("B", 0, 1, 0)
        .meeple(0, 1, "cloister", RED)
        .tile("U", -1, 0, 90)
        .tile("U", 1, 0, 90)
        .tile("B", -1, 1, 0)
        .tile("B", 1, 1, 0)
        .tile("B", -1, 2, 0)
        .tile("B", 0, 2, 0);
    g.set_table(b, i64::from(GREEN), "B");
}

/// Earlier in the game `n` cloisters scored 9 (as the rules log them); now red's
/// cloister at 0,1 is surrounded by green's tile, and `scores` say who is last.
fn cloisters(earlier: usize, scores: &str) -> Vec<String> {
    let mut g = Game::solo(&[]);
    red_cloister_before_its_last_neighbour(&mut g);
    let event =
        "#{ kind: \"scored\", feature: \"cloister\", value: 9, scored: true, who: [\"green\"], majority: [\"green\"], turn: 3 }";
    g.set("events", &format!("[{}]", vec![event; earlier].join(", ")));
    g.set("scores", scores);
    g.play("1,2@0");
    assert_eq!(
        g.text("state.events.filter(|e| e.kind == \"scored\")[-1].feature"),
        "cloister"
    );
    g.goals_reached()
}

#[test]
fn g9_the_third_monastery_scored_reaches_it() {
    assert!(has(&cloisters(2, "[1, 2, 3]"), "G9"));
    assert!(!has(&cloisters(1, "[1, 2, 3]"), "G9"));
}

#[test]
fn g9_a_monastery_completed_while_its_colour_is_not_last_does_not_count() {
    assert!(!has(&cloisters(2, "[5, 2, 3]"), "G9"));
}

#[test]
fn g10_the_fourth_monastery_scored_reaches_it() {
    let four = cloisters(3, "[1, 2, 3]");
    assert!(has(&four, "G9") && has(&four, "G10"));
    let three = cloisters(2, "[1, 2, 3]");
    assert!(has(&three, "G9") && !has(&three, "G10"));
}

// ---------------------------------------------------------------- totals and all tiles

/// The last tile is placed with red's meeple on the start road: red (last) gets the
/// 2-point bonus. Returns the result and the goals.
fn last_tile(scores: &str) -> (i64, Vec<String>) {
    let mut g = Game::solo(&[]);
    let b = g.board().meeple(0, 0, "road:EW", RED);
    g.set_table(b, i64::from(RED), "V");
    g.set("piles", "[pile([]), pile([]), pile([])]");
    g.set("scores", scores);
    g.play("1,0@0");
    assert_eq!(g.over().as_deref(), Some("the last tile was placed"));
    (g.result(), g.goals_reached())
}

#[test]
fn g11_g12_g13_a_result_of_40_50_60_reaches_them_one_point_less_does_not() {
    for (goal, target) in [("G11", 40), ("G12", 50), ("G13", 60)] {
        let scores = |before: i64| format!("[{before}, 90, 90]");
        let (result, reached) = last_tile(&scores(target - 2));
        assert_eq!(result, target);
        assert!(has(&reached, goal), "{goal} at {result}: {reached:?}");
        let (result, reached) = last_tile(&scores(target - 3));
        assert_eq!(result, target - 1);
        assert!(!has(&reached, goal), "{goal} at {result}: {reached:?}");
    }
}

#[test]
fn totals_count_only_once_the_game_is_over() {
    let mut g = Game::solo(&[]);
    g.set("scores", "[70, 80, 90]");
    assert_eq!(g.result(), 70);
    assert!(g.goals_reached().is_empty());
}

#[test]
fn g14_the_last_tile_placed_uses_all_tiles() {
    assert!(has(&last_tile("[1, 2, 3]").1, "G14"));
}

#[test]
fn g14_a_game_ended_for_want_of_a_meeple_with_one_tile_left_misses_it() {
    let mut g = Game::solo(&[]);
    let b = g.board().meeple(0, 0, "road:EW", RED);
    g.set_table(b, i64::from(RED), "E");
    g.set("supply", "[0, 4, 4]");
    g.set(
        "piles",
        "[pile([]), pile([state.tiles.id(\"U\")]), pile([])]",
    );
    g.play("0,-1@180");
    assert_eq!(
        g.over().as_deref(),
        Some("a meeple had to be placed but none was left")
    );
    assert!(!has(&g.goals_reached(), "G14"));
}

// ---------------------------------------------------------------- the contract

#[test]
fn the_solo_rules_list_the_sheets_fourteen_goals_in_order() {
    let mut g = Game::solo(&[]);
    let goals = g.rules.goals(&mut g.state).unwrap();
    let ids: Vec<&str> = goals.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(
        ids,
        ["G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9", "G10", "G11", "G12", "G13", "G14"]
    );
    assert_eq!(
        goals[7].text,
        "Scoring a city worth 8-10 points with 3 colours"
    );
    assert!(goals.iter().all(|g| !g.reached), "nothing at the start");
}

#[test]
fn a_derived_variant_adds_a_goal_in_its_own_script() {
    let lib = TempLibrary::new();
    house_rule(
        &lib,
        "solo-first-road",
        "fn goals() {\n    let list = this.parent(\"goals\", []);\n    list.push(goal(\"H1\", \"Scoring any road\", this.scorings(\"road\", 1, (), ()) > 0));\n    list\n}\n",
    );
    let s = lib.session("solo-first-road", 1).unwrap();
    let goals = s.rules().goals(&mut s.state().clone()).unwrap();
    assert_eq!(goals.len(), 15);
    assert_eq!(goals[14].id, "H1");
}

#[test]
fn rules_without_goals_have_none_and_a_malformed_list_is_an_error() {
    let lib = TempLibrary::new();
    lib.edit(
        "variants/carcassonne-solo.toml",
        ", \"carcassonne/goals.rhai\"",
        "",
    );
    let s = lib.session("carcassonne-solo", 1).unwrap();
    assert!(s.rules().goals(&mut s.state().clone()).unwrap().is_empty());

    house_rule(
        &lib,
        "bad-goals",
        "fn goals() { [#{ id: \"X\", reached: true }] }\n",
    );
    let s = lib.session("bad-goals", 1).unwrap();
    let e = s.rules().goals(&mut s.state().clone()).unwrap_err();
    assert_eq!(
        (e.kind, e.file()),
        (
            houserules::diagnostic::Kind::Script,
            Some("scripts/house/bad-goals.rhai")
        )
    );
    assert!(
        e.message.contains("without a string `id`, a string `text`"),
        "{e}"
    );
}
