//! "The Invaders", rule by rule (seeds/carcassonne-invaders.txt; readings V-nn of the
//! shared reference). Colour 0 is the player, 1 the invaders. The start tile is type D
//! at 0,0: city north, road east-west.

use crate::common::{sorted, Game};
use houserules::bot::{Bot, RandomBot};
use houserules::players::Player;
use houserules::script::Limits;
use houserules::session::Session;

const PLAYER: u8 = 0;
const INVADER: u8 = 1;

pub(crate) fn invaders(overrides: &[(&str, &str)]) -> Game {
    Game::new("invaders", overrides, 1)
}

/// Takes the first `n` meeples out of the pyramid, as placing them would.
fn play_from_pyramid(g: &mut Game, n: usize) {
    for _ in 0..n {
        let pyramid = g.eval("let s = state; s.take_meeple(); s.pyramid");
        g.put("pyramid", pyramid);
    }
}

fn meeples(g: &Game) -> Vec<(i64, i64, i64)> {
    g.eval("state.board.meeples().map(|m| [m.x, m.y, m.colour])")
        .into_array()
        .unwrap()
        .into_iter()
        .map(|m| {
            let v: Vec<i64> = m
                .into_array()
                .unwrap()
                .into_iter()
                .map(|x| x.as_int().unwrap())
                .collect();
            (v[0], v[1], v[2])
        })
        .collect()
}

// ---------------------------------------------------------------- the pyramid

#[test]
fn meeples_come_from_the_pyramid_top_down_and_left_to_right() {
    let g = invaders(&[]);
    let order = g.text(
        r#"let s = state; let seq = ""; while s.next_meeple() != () { seq += s.next_meeple(); s.take_meeple(); } seq"#,
    );
    // Your meeples are the 2nd, 5th, 9th, 14th, 20th, 27th and 35th; empty spaces skipped.
    assert_eq!(order, "IPIIPIIIPIIIIPIIIIIPIIIIIIPIIIIIIIP");
    assert_eq!(g.scores(), [0, 0], "both markers start at 0");
}

#[test]
fn the_pyramid_is_data_a_derived_manifest_can_replace() {
    let g = Game::new("invaders-gentle", &[], 1);
    assert_eq!(
        g.text("state.next_meeple()"),
        "P",
        "the gentle pyramid starts with yours"
    );
    assert_eq!(g.int("state.meeples_in_pyramid()"), 25);
}

// ---------------------------------------------------------------- placing meeples

#[test]
fn an_invader_may_only_claim_a_free_field_and_placing_it_is_optional() {
    let mut g = invaders(&[]);
    let board = g.board();
    g.set_table(board, 0, "U");
    g.play("-1,0@90");
    let moves = g.moves();
    assert_eq!(moves.len(), 3, "{moves:?}");
    assert!(
        moves.iter().all(|m| m == "none" || m.starts_with("field:")),
        "{moves:?}"
    );
    g.play("none");
    assert_eq!(
        g.text("state.next_meeple()"),
        "I",
        "the same invader stays first in line"
    );
}

#[test]
fn an_invader_cannot_claim_a_field_already_claimed() {
    let mut g = invaders(&[]);
    let board = g.board().meeple(0, 0, "field:EsSeSwWs", PLAYER);
    g.set_table(board, 0, "U");
    g.play("-1,0@90");
    let moves = g.moves();
    assert_eq!(moves.len(), 2, "only the north field is free: {moves:?}");
    g.play(moves.iter().find(|m| m.starts_with("field:")).unwrap());
    assert!(meeples(&g).contains(&(-1, 0, INVADER as i64)));
    assert_eq!(g.text("state.next_meeple()"), "P");
}

#[test]
fn your_meeple_may_go_on_a_road_city_cloister_or_field() {
    let mut g = invaders(&[]);
    play_from_pyramid(&mut g, 1);
    let board = g.board();
    g.set_table(board, 0, "L");
    g.play("1,0@0");
    let moves = sorted(g.moves());
    assert_eq!(
        moves,
        [
            "city:N",
            "field:EnWn",
            "field:EsSe",
            "field:SwWs",
            "none",
            "road:E",
            "road:S",
            "road:W"
        ]
    );
    g.play("field:EnWn");
    assert_eq!(meeples(&g), [(1, 0, PLAYER as i64)]);
}

// ---------------------------------------------------------------- invading a cloister

#[test]
fn a_cloister_drawn_while_an_invader_is_next_goes_where_most_tiles_surround_it() {
    let mut g = invaders(&[]);
    let board = g.board().tile("U", -1, 0, 90).tile("U", 1, 0, 90);
    g.set_table(board, 0, "B");
    // Below the start tile three tiles surround the cell; everywhere else at most two.
    assert_eq!(sorted(g.moves()), ["0,1@0", "0,1@180", "0,1@270", "0,1@90"]);
    g.play("0,1@0");
    assert_eq!(
        meeples(&g),
        [(0, 1, INVADER as i64)],
        "the invader claims the cloister at once"
    );
    assert_eq!(
        g.text("state.phase"),
        "place",
        "no meeple choice: the turn is over"
    );
}

#[test]
fn equally_surrounded_places_for_an_invaded_cloister_are_all_offered() {
    let mut g = invaders(&[]);
    let board = g.board().tile("U", -1, 0, 90);
    g.set_table(board, 0, "B");
    let cells: Vec<String> = g
        .moves()
        .iter()
        .map(|m| m.split('@').next().unwrap().to_owned())
        .collect();
    let mut distinct = cells.clone();
    distinct.dedup();
    assert_eq!(
        distinct,
        ["-1,-1", "-1,1", "0,1"],
        "three cells with two neighbours each"
    );
    assert_eq!(cells.len(), 12, "and every rotation of each");
}

#[test]
fn the_board_keeps_the_most_surrounded_placements_and_refuses_what_is_not_one() {
    let mut g = invaders(&[]);
    let board = g.board().tile("U", -1, 0, 90);
    g.set_table(board, 0, "B");
    assert_eq!(
        g.text("state.board.most_surrounded([#{ x: 0, y: 1, id: 1 }, #{ x: 5, y: 5, id: 2 }, #{ x: -1, y: 1, id: 3 }]).map(|p| p.id)"),
        "[1, 3]",
        "the two cells beside two tiles, in their order"
    );
    assert_eq!(g.text("state.board.most_surrounded([])"), "[]");
    let e = g.eval_error("state.board.most_surrounded([#{ x: 0 }])");
    assert!(
        e.contains("not a placement with whole-number x and y"),
        "{e}"
    );
}

#[test]
fn free_segments_of_one_kind_leave_the_others_out() {
    let mut g = invaders(&[]);
    let board = g.board().tile("B", 0, 1, 0);
    g.set_table(board, 0, "U");
    assert_eq!(
        g.text("state.board.free_segments(0, 1, \"cloister\").map(|s| s.kind)"),
        "[\"cloister\"]"
    );
    assert_eq!(g.text("state.board.free_segments(0, 1, \"road\")"), "[]");
    assert_eq!(
        g.int("state.board.free_segments(0, 1, \"field\").len()"),
        g.int("state.board.free_segments(0, 1).filter(|s| s.kind == \"field\").len()")
    );
    let e = g.eval_error("state.board.free_segments(0, 1, \"feild\")");
    assert!(
        e.contains("`feild` is not a segment kind: city, road, field or cloister"),
        "{e}"
    );
}

#[test]
fn the_bots_aggregates_are_asked_in_a_bots_engine_only() {
    let g = invaders(&[]);
    for call in [
        "state.board.meeple_outlook()",
        "state.board.feature_outlook()",
        "state.board.placeable_without_free([\"road\"])",
        "state.pyramid.count_in(\"slots\", [\"I\"])",
    ] {
        let e = g.eval_error(call);
        assert!(e.contains("not found"), "{call}: {e}");
    }
    assert_eq!(
        g.bot_eval("state.pyramid.count_in(\"slots\", [\"I\"])")
            .to_string(),
        "28"
    );
}

#[test]
fn a_meeples_outlook_answers_the_questions_of_its_feature_at_once() {
    let g = invaders(&[]);
    let asked = "let b = state.board; \
        let road = b.segments(0, 0).filter(|s| s.kind == \"road\")[0]; \
        b.place_meeple(0, 0, road.index, 1); \
        let f = road.feature;";
    assert_eq!(
        g.bot_eval(&format!("{asked} b.meeple_outlook().len()"))
            .to_string(),
        "1"
    );
    assert_eq!(
        g.bot_eval(&format!(
            "{asked} let m = b.meeple_outlook()[0]; \
            [m.colour, m.open, m.points] == [1, b.open_edges(f), b.points(f)]"
        ))
        .to_string(),
        "true"
    );
    assert_eq!(g.text(&format!("{asked} b.open_edges(f)")), "2");
    // Some of the 71 tiles left have no road to join the start road with (src/games/
    // carcassonne/tests.rs checks the count against every legal placement).
    let fillers = g
        .bot_eval(&format!("{asked} b.meeple_outlook()[0].fillers"))
        .as_int()
        .unwrap();
    assert!((1..71).contains(&fillers), "{fillers}");
    assert_eq!(g.bot_eval("state.board.meeple_outlook()").to_string(), "[]");
}

#[test]
fn a_features_outlook_answers_the_questions_of_each_occupied_feature_at_once() {
    let g = invaders(&[]);
    // The start tile: a city at N (segment 0), a road E-W (1), the field between them
    // (2), bordering the city, and the field south of the road (3).
    let placed = "let b = state.board; \
        b.place_meeple(0, 0, 2, 1); b.place_meeple(0, 0, 1, 0); \
        let o = b.feature_outlook();";
    let entry = |i: usize| {
        g.bot_eval(&format!(
            "{placed} let f = o[{i}]; [f.kind, f.open, f.points, f.meeples, f.majority, \
            f.cities_complete, f.cities_incomplete, f.feature == b.segments(0, 0)[{}].feature]",
            [1, 2][i]
        ))
        .to_string()
    };
    // In the board's order of meeples: the road's first.
    assert_eq!(g.bot_eval(&format!("{placed} o.len()")).to_string(), "2");
    assert_eq!(entry(0), "[\"road\", 2, 1, [0], [0], 0, 0, true]");
    assert_eq!(
        entry(1),
        format!(
            "[\"field\", {}, 0, [1], [1], 0, 1, true]",
            g.int("state.board.open_edges(state.board.segments(0, 0)[2].feature)")
        )
    );
    assert_eq!(
        g.bot_eval("state.board.feature_outlook()").to_string(),
        "[]"
    );
}

#[test]
fn a_cloister_drawn_while_your_meeple_is_next_is_placed_freely() {
    let mut g = invaders(&[]);
    play_from_pyramid(&mut g, 1);
    let board = g.board().tile("U", -1, 0, 90).tile("U", 1, 0, 90);
    g.set_table(board, 0, "B");
    let all = g.int("state.board.placements(state.tile).len()");
    assert_eq!(g.moves().len() as i64, all);
    assert!(all > 4);
    g.play("-1,1@0");
    assert!(
        g.moves().contains(&"cloister".to_owned()),
        "claiming it is optional"
    );
}

/// A cloister held by an invader, with seven of its eight neighbours; the player holds an
/// E tile that completes it.
fn invader_cloister_about_to_complete(g: &mut Game) {
    let board = g
        .board()
        .tile("U", -1, 0, 90)
        .tile("U", 1, 0, 90)
        .tile("B", 0, 1, 0)
        .meeple(0, 1, "cloister", INVADER)
        .tile("E", -1, 1, 180)
        .tile("E", 1, 1, 180)
        .tile("E", -1, 2, 0)
        .tile("B", 0, 2, 0);
    g.set_table(board, 0, "E");
}

#[test]
fn an_invaders_cloister_is_not_scored_during_play_and_scores_9_for_them_at_the_end() {
    let mut g = invaders(&[]);
    invader_cloister_about_to_complete(&mut g);
    g.set("piles", "[pile([])]");
    g.play("1,2@0");
    g.play("none");
    assert!(
        meeples(&g).contains(&(0, 1, INVADER as i64)),
        "the invader stays"
    );
    assert_eq!(g.over().as_deref(), Some("the last tile was placed"));
    assert_eq!(g.int("state.breakdown.invader_cloisters"), 9);
    assert_eq!(g.scores()[1], 9);
}

#[test]
fn an_incomplete_invader_cloister_scores_one_plus_its_neighbours() {
    let mut g = invaders(&[]);
    let board = g
        .board()
        .tile("B", 0, 1, 0)
        .meeple(0, 1, "cloister", INVADER);
    g.set_table(board, 0, "U");
    g.set("piles", "[pile([])]");
    g.play("-1,0@90");
    g.play("none");
    assert_eq!(
        g.int("state.breakdown.invader_cloisters"),
        3,
        "1 + the start tile + the new tile"
    );
}

// ---------------------------------------------------------------- reinforcements

/// Your meeple on a road that the cloister tile in hand will close (3 tiles).
pub(crate) fn your_road_about_to_complete(g: &mut Game, pyramid_played: usize) {
    play_from_pyramid(g, pyramid_played);
    let board = g.board().tile("L", 1, 0, 0).meeple(1, 0, "road:W", PLAYER);
    g.set_table(board, 0, "A");
}

#[test]
fn a_returning_meeple_may_reinforce_levels_3_2_1_or_leave() {
    let mut g = invaders(&[]);
    your_road_about_to_complete(&mut g, 1);
    g.play("-1,0@270");
    g.play("none");
    assert_eq!(
        g.scores()[0],
        3,
        "completed features score as in the base game"
    );
    assert_eq!(
        g.moves(),
        [
            "reinforce:level3",
            "reinforce:level2",
            "reinforce:level1",
            "release"
        ]
    );
    g.play("reinforce:level2");
    assert_eq!(
        g.text("state.pyramid[5].slots"),
        r#"["I", "I", "I", "I", "I", "I", "P", "R"]"#
    );
    assert_eq!(g.text("state.phase"), "place");
}

#[test]
fn with_level_4_empty_level_3_can_no_longer_be_reinforced() {
    let mut g = invaders(&[]);
    // Levels 7 to 4 hold 14 meeples; then the 5 invaders of level 3: yours is next.
    your_road_about_to_complete(&mut g, 19);
    assert_eq!(
        g.text("state.pyramid[0]"),
        r#"#{"level": 3, "slots": ["P", "G"]}"#,
        "yours is next, and the levels above left the pyramid"
    );
    g.play("-1,0@270");
    g.play("none");
    assert_eq!(
        g.moves(),
        ["reinforce:level2", "reinforce:level1", "release"]
    );
}

#[test]
fn with_no_space_ahead_the_meeple_leaves_the_game() {
    let mut g = invaders(&[]);
    // Everything above level 1 and its invaders are played: nothing lies below yours.
    your_road_about_to_complete(&mut g, 34);
    assert_eq!(g.int("state.pyramid[0].level"), 1);
    g.play("-1,0@270");
    g.play("none");
    assert_eq!(g.text("state.phase"), "place", "no reinforcement choice");
    assert_eq!(g.int("state.released"), 1);
}

#[test]
fn highest_first_offers_only_the_highest_open_level() {
    let mut g = invaders(&[("reinforce_choice", "highest_first")]);
    your_road_about_to_complete(&mut g, 1);
    g.play("-1,0@270");
    g.play("none");
    assert_eq!(g.moves(), ["reinforce:level3", "release"]);
    g.play("release");
    assert_eq!(g.int("state.released"), 1);
}

// ---------------------------------------------------------------- the end

/// The start city closed; your meeples on the start road and on the field beside the
/// city; an invader on the field of the closing tile. Two meeples left in the pyramid
/// (yours first). The tile in hand is the last.
pub(crate) fn end_table(g: &mut Game) {
    let board = g
        .board()
        .tile("E", 0, -1, 180)
        .meeple(0, 0, "road:EW", PLAYER)
        .meeple(0, 0, "field:EnWn", PLAYER)
        .meeple(0, -1, "field:NwNeEnEsWsWn", INVADER);
    g.set_table(board, 0, "U");
    g.set("piles", "[pile([])]");
    g.set("pyramid", r#"[#{ level: 1, slots: ["P", "I"] }]"#);
    g.play("0,1@90");
    g.play("none");
}

#[test]
fn the_end_scores_your_features_then_penalties_then_the_invaders() {
    let mut g = invaders(&[]);
    end_table(&mut g);
    assert_eq!(g.over().as_deref(), Some("the last tile was placed"));
    let b = |k: &str| g.int(&format!("state.breakdown.{k}"));
    // Your road: 1 tile; your farmer: one completed city bordered, 3.
    assert_eq!(b("player_end_features"), 4);
    assert_eq!((b("pyramid_meeples"), b("pyramid_penalty")), (2, -20));
    assert_eq!(
        (b("board_meeples"), b("board_penalty")),
        (2, -40),
        "farmers included"
    );
    // The invaders' field borders the completed start city: 3.
    assert_eq!(b("invader_fields"), 3);
    assert_eq!(g.scores(), [-56, 3]);
    assert_eq!(g.result(), -59);
    assert!(g.text("state.score().rank").starts_with("All is lost!"));
}

#[test]
fn penalties_and_invader_points_are_options() {
    let mut g = invaders(&[
        ("pyramid_penalty", "1"),
        ("board_penalty", "2"),
        ("invader_completed_city", "5"),
    ]);
    end_table(&mut g);
    assert_eq!(g.scores(), [4 - 2 - 4, 5]);
}

#[test]
fn invaders_score_incomplete_cities_2_and_completed_cities_3_in_fields_they_hold() {
    let mut g = invaders(&[]);
    // An invader on the field beside the start city (still open), and the tile in hand
    // adds nothing: 2 for the incomplete city.
    let board = g.board().meeple(0, 0, "field:EnWn", INVADER);
    g.set_table(board, 0, "U");
    g.set("piles", "[pile([])]");
    g.play("0,1@90");
    g.play("none");
    assert_eq!(g.int("state.breakdown.invader_fields"), 2);
}

/// Your farmer beside the start city and an invader on the field around the closed city
/// meet when the last tile joins the two fields: one meeple each.
fn tied_field(g: &mut Game) {
    let board = g
        .board()
        .tile("E", 0, -1, 180)
        .meeple(0, 0, "field:EnWn", PLAYER)
        .tile("B", 1, -1, 0)
        .meeple(1, -1, "field:NwNeEnEsSeSwWsWn", INVADER);
    g.set_table(board, 0, "U");
    g.set("piles", "[pile([])]");
    g.set("pyramid", "[]");
    g.play("1,0@90");
}

#[test]
fn a_tied_field_scores_for_both_sides() {
    let mut g = invaders(&[]);
    tied_field(&mut g);
    assert_eq!(g.int("state.breakdown.player_end_features"), 3);
    assert_eq!(g.int("state.breakdown.invader_fields"), 3);
}

#[test]
fn with_invaders_need_more_a_tie_scores_only_for_you() {
    let mut g = invaders(&[("field_tie", "invaders_need_more")]);
    tied_field(&mut g);
    assert_eq!(g.int("state.breakdown.player_end_features"), 3);
    assert_eq!(g.int("state.breakdown.invader_fields"), 0);
}

#[test]
fn the_rankings_change_at_50_and_above_110() {
    let g = invaders(&[]);
    let rank = |n: i64| g.text(&format!("state.rank_text({n})"));
    assert!(rank(49).starts_with("All is lost!"));
    assert!(rank(50).starts_with("Carcassonne is safe"));
    assert!(rank(110).starts_with("Carcassonne is safe"));
    assert!(rank(111).starts_with("The invasion is defeated easily."));
    assert!(rank(-300).starts_with("All is lost!"));
}

// ---------------------------------------------------------------- whole games

/// Meeples are never created or lost: in the pyramid, on the board, waiting to be
/// reinforced, or released.
const MEEPLES: &str = r#"
    state.meeples_in_pyramid() + state.board.meeples().len() + state.returning.len() + state.released
"#;

#[test]
fn random_games_conserve_meeples_and_end_with_player_minus_invaders() {
    for seed in 0..12 {
        let mut s = Session::new(
            &crate::common::library(),
            "invaders",
            &[],
            seed,
            Limits::default(),
        )
        .unwrap();
        let mut bot = RandomBot::seeded(seed);
        loop {
            let n = s
                .rules()
                .eval(s.state(), MEEPLES)
                .unwrap()
                .as_int()
                .unwrap();
            assert_eq!(n, 35, "seed {seed} after {} moves", s.log().len());
            let moves = s.moves().unwrap();
            if moves.is_empty() {
                break;
            }
            let i = bot.choose(s.state(), &moves).unwrap();
            s.play_move(&moves[i], &Player::Bot("random".into()))
                .unwrap();
        }
        assert_eq!(
            s.over().unwrap().as_deref(),
            Some("the last tile was placed")
        );
        let score = s.score().unwrap();
        let (total, player, invaders) = (
            score["total"].as_int().unwrap(),
            score["player"].as_int().unwrap(),
            score["invaders"].as_int().unwrap(),
        );
        assert_eq!(total, player - invaders);
        assert!(score.contains_key("rank"));
    }
}

#[test]
fn the_greedy_and_lookahead_bots_play_the_invaders() {
    for bot in ["greedy", "lookahead"] {
        let run = crate::common::houserules(
            &["play", "invaders", "--seed", "3"],
            &format!("auto 2 --bot {bot}\nlog\n"),
        );
        assert!(run.ok, "{}", run.stderr);
        crate::common::assert_in_order(&run.stdout, &[&format!("{bot} played 2 moves"), "  2  "]);
    }
}
