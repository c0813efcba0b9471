//! The official solo variant, rule by rule. Each worked example of the rule sheet
//! (seeds/carcassonne-solo-en.txt) is a scenario: the pictured board is built, then the
//! pictured move is played through the real rules.
//! Colours: 0 red, 1 green, 2 yellow. Positions: x east, y south, start tile at 0,0
//! (type D: city north, road east-west).

use crate::common::{sorted, Game};

const RED: i64 = 0;
const GREEN: i64 = 1;
const YELLOW: i64 = 2;

// ---------------------------------------------------------------- set-up

#[test]
fn three_colours_have_piles_of_24_24_23_and_markers_on_1_2_3() {
    let g = Game::solo(&[]);
    assert_eq!(g.scores(), [1, 2, 3]);
    assert_eq!(g.supply(), [4, 4, 4]);
    // Red has drawn the first tile of its pile.
    assert_eq!(g.ints("state.piles.map(|p| p.len)"), [23, 24, 23]);
    assert_eq!(g.int("state.active"), RED);
}

#[test]
fn colour_and_meeple_counts_are_option_values() {
    let g = Game::solo(&[("colours", "4")]);
    assert_eq!(g.scores(), [1, 2, 3, 4]);
    assert_eq!(g.ints("state.piles.map(|p| p.len)"), [17, 18, 18, 17]);
    let g = Game::solo(&[("colours", "2"), ("meeples_per_colour", "5")]);
    assert_eq!(g.ints("state.piles.map(|p| p.len)"), [35, 35]);
    assert_eq!(g.supply(), [5, 5]);
    let g = Game::new("carcassonne-solo-3-meeples", &[], 1);
    assert_eq!(g.supply(), [3, 3, 3]);
    let g = Game::new("carcassonne-solo-5-meeples", &[], 1);
    assert_eq!(g.supply(), [5, 5, 5]);
    let g = Game::new("carcassonne-solo-4-colours", &[], 1);
    assert_eq!(g.supply(), [4, 4, 4, 4]);
}

#[test]
fn colours_play_in_turn_each_from_its_own_pile() {
    let mut g = Game::solo(&[]);
    for turn in 0..6 {
        assert_eq!(g.int("state.active"), turn % 3, "turn {turn}");
        let before = g.ints("state.piles.map(|p| p.len)");
        // Place the tile, then resolve any meeple or scoring choice with the first move.
        g.play("1");
        while g.int("state.active") == turn % 3 && g.over().is_none() {
            g.play("1");
        }
        let after = g.ints("state.piles.map(|p| p.len)");
        let next = ((turn + 1) % 3) as usize;
        let drawn: Vec<usize> = (0..3).filter(|&c| after[c] != before[c]).collect();
        assert_eq!(
            drawn,
            [next],
            "turn {turn}: only the next colour's pile shrinks"
        );
    }
}

// ---------------------------------------------------------------- placing a meeple

/// Red has a meeple on a road running west from the start tile.
fn red_road_west(g: &Game) -> crate::common::BoardBuilder {
    g.board()
        .tile("U", -1, 0, 90)
        .meeple(-1, 0, "road:EW", RED as u8)
}

/// Red's road runs from a junction east of the start tile to its open west end; green
/// holds a cloister tile that closes it (its meeple can only go on the cloister).
pub(crate) fn red_road_before_cloister(g: &mut Game) {
    let board = g
        .board()
        .tile("L", 1, 0, 0)
        .meeple(1, 0, "road:W", RED as u8);
    g.set_table(board, GREEN, "A");
}

/// Picture 1: green must place on the city, the left road or the road below; the road
/// on the right is already occupied (by red).
#[test]
fn a_meeple_must_go_on_a_free_road_city_or_cloister_never_a_field() {
    let mut g = Game::solo(&[]);
    let board = red_road_west(&g);
    g.set_table(board, GREEN, "L");
    g.play("-2,0@0");
    assert_eq!(sorted(g.moves()), ["city:N", "road:S", "road:W"]);
    g.play("road:W");
    assert_eq!(g.supply(), [3, 3, 4]);
    assert_eq!(g.int("state.active"), YELLOW);
}

/// Picture 2: the only feature of green's tile is red's road, so green places nothing.
#[test]
fn no_meeple_when_the_only_feature_is_occupied() {
    let mut g = Game::solo(&[]);
    let board = red_road_west(&g);
    g.set_table(board, GREEN, "U");
    g.play("-2,0@90");
    assert_eq!(
        g.int("state.active"),
        YELLOW,
        "the turn passed without a meeple"
    );
    assert_eq!(g.text("state.phase"), "place");
    assert_eq!(g.supply(), [3, 4, 4]);
}

#[test]
fn with_a_single_free_feature_the_meeple_goes_there_without_asking() {
    let mut g = Game::solo(&[]);
    red_road_before_cloister(&mut g);
    g.play("-1,0@270");
    assert_eq!(
        g.int("state.board.meeples().len()"),
        1,
        "red's meeple came back, green's is on the cloister"
    );
    assert_eq!(g.text("state.board.meeples()[0].colour"), GREEN.to_string());
}

// ---------------------------------------------------------------- scoring

/// Picture 3: green completes red's road (and its meeple goes on the cloister); red is
/// last, so red scores 3.
#[test]
fn a_colour_alone_in_a_feature_scores_when_it_is_last() {
    let mut g = Game::solo(&[]);
    red_road_before_cloister(&mut g);
    g.play("-1,0@270");
    assert_eq!(g.scores(), [4, 2, 3]);
    assert_eq!(
        g.supply(),
        [4, 3, 4],
        "red's meeple is back; green's is on the cloister"
    );
}

#[test]
fn a_colour_that_is_not_last_scores_nothing_but_gets_its_meeple_back() {
    let mut g = Game::solo(&[]);
    red_road_before_cloister(&mut g);
    g.set("scores", "[5, 2, 3]");
    g.play("-1,0@270");
    assert_eq!(g.scores(), [5, 2, 3]);
    assert_eq!(g.supply(), [4, 3, 4]);
    assert_eq!(
        g.text("state.events.filter(|e| e.kind == \"scored\")[0].scored"),
        "false"
    );
}

/// A city of four tiles, red on one half and green on the other, closed by red's tile.
pub(crate) fn shared_city(g: &mut Game) {
    let board = g
        .board()
        .tile("N", 0, -1, 90)
        .meeple(0, -1, "city:ES", RED as u8)
        .tile("K", 1, 0, 0)
        .meeple(1, 0, "city:N", GREEN as u8);
    g.set_table(board, RED, "N");
}

/// Picture 4: red's and green's city is completed; red is last, so both score 8.
#[test]
fn tied_majority_scores_for_all_when_one_of_them_is_last() {
    let mut g = Game::solo(&[]);
    shared_city(&mut g);
    g.play("1,-1@180");
    assert_eq!(g.scores(), [9, 10, 3]);
    assert_eq!(g.supply(), [4, 4, 4]);
}

#[test]
fn tied_majority_scores_for_nobody_when_none_of_them_is_last() {
    let mut g = Game::solo(&[]);
    shared_city(&mut g);
    g.set("scores", "[5, 6, 3]");
    g.play("1,-1@180");
    assert_eq!(g.scores(), [5, 6, 3]);
    assert_eq!(
        g.supply(),
        [4, 4, 4],
        "meeples return even when nobody scores"
    );
}

#[test]
fn a_colour_tied_for_last_counts_as_last() {
    let mut g = Game::solo(&[]);
    shared_city(&mut g);
    g.set("scores", "[3, 6, 3]");
    g.play("1,-1@180");
    assert_eq!(g.scores(), [11, 14, 3]);
}

/// A city of five tiles in three parts: red holds two of them, green one; green's tile
/// closes it. Majority: red (2 against 1).
fn red_majority_city(g: &mut Game, scores: &str) {
    let board = g
        .board()
        .tile("N", 0, -1, 90)
        .meeple(0, -1, "city:ES", RED as u8)
        .tile("K", 1, 0, 0)
        .meeple(1, 0, "city:N", GREEN as u8)
        .tile("B", 2, 0, 0)
        .tile("E", 2, -1, 270)
        .meeple(2, -1, "city:W", RED as u8);
    g.set_table(board, GREEN, "R");
    g.set("scores", scores);
    g.play("1,-1@180");
}

#[test]
fn a_minority_colour_never_scores_even_when_last() {
    let mut g = Game::solo(&[]);
    red_majority_city(&mut g, "[5, 2, 3]");
    assert_eq!(
        g.scores(),
        [5, 2, 3],
        "green is last but in the minority; red is not last"
    );
    assert_eq!(g.supply(), [4, 4, 4]);
}

#[test]
fn the_majority_scores_the_full_value_and_the_minority_nothing() {
    let mut g = Game::solo(&[]);
    red_majority_city(&mut g, "[1, 2, 3]");
    assert_eq!(g.scores(), [11, 2, 3], "five tiles: 10 points for red only");
}

/// The three features completed by one tile: yellow's road (3), green's city (4) and
/// red's road (4), worth scoring in the order yellow, red, green.
fn three_features(g: &mut Game) {
    let board = g
        .board()
        .tile("A", -1, 0, 270)
        .meeple(0, 0, "road:EW", YELLOW as u8)
        .tile("E", 0, -1, 180)
        .tile("E", 1, -1, 180)
        .meeple(1, -1, "city:S", GREEN as u8)
        .tile("B", 2, -1, 0)
        .tile("U", 2, 0, 90)
        .meeple(2, 0, "road:EW", RED as u8)
        .tile("U", 3, 0, 90)
        .tile("W", 4, 0, 0);
    g.set_table(board, RED, "L");
    // Before the scoring yellow has the fewest points, then red, then green.
    g.set("scores", "[5, 6, 4]");
    g.play("1,0@0");
}

/// The order moves, by feature: (yellow road, red road, green city).
fn order_labels(g: &mut Game) -> (String, String, String) {
    let moves = g.moves();
    assert_eq!(moves.len(), 3, "three features to order: {moves:?}");
    let find = |prefix: &str| {
        moves
            .iter()
            .find(|m| m.starts_with(prefix))
            .unwrap_or_else(|| panic!("{prefix} in {moves:?}"))
            .clone()
    };
    (
        find("score:road@0,0"),
        find("score:road@2,0"),
        find("score:city@1,-1"),
    )
}

#[test]
fn three_completed_features_score_for_all_only_in_the_order_yellow_red_green() {
    let mut g = Game::solo(&[]);
    three_features(&mut g);
    let (yellow, red, _green) = order_labels(&mut g);
    g.play(&yellow);
    assert_eq!(g.scores(), [5, 6, 7]);
    g.play(&red);
    // The last feature is scored without asking.
    assert_eq!(g.scores(), [9, 10, 7]);
    assert_eq!(g.text("state.phase"), "place");
}

#[test]
fn every_other_scoring_order_leaves_a_colour_without_points() {
    let orders = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut winners = Vec::new();
    for order in orders {
        let mut g = Game::solo(&[]);
        three_features(&mut g);
        let (y, r, c) = order_labels(&mut g);
        let labels = [y, r, c];
        g.play(&labels[order[0]]);
        g.play(&labels[order[1]]);
        let gained: Vec<bool> = g
            .scores()
            .iter()
            .zip([5, 6, 4])
            .map(|(now, before)| *now > before)
            .collect();
        if gained.iter().all(|&x| x) {
            winners.push(order);
        }
    }
    assert_eq!(
        winners,
        [[0, 1, 2]],
        "only yellow, red, green scores all three"
    );
}

#[test]
fn auto_best_finds_the_order_that_scores_all_three() {
    let mut g = Game::solo(&[("completion_order", "auto_best")]);
    three_features(&mut g);
    assert_eq!(g.text("state.phase"), "place", "no order to choose");
    assert_eq!(g.scores(), [9, 10, 7]);
}

// ---------------------------------------------------------------- game end

#[test]
fn the_game_ends_when_a_forced_meeple_is_not_available() {
    let mut g = Game::solo(&[]);
    let board = g.board().meeple(0, 0, "road:EW", RED as u8);
    g.set_table(board, RED, "E");
    g.set("supply", "[0, 4, 4]");
    // Red's tile closes the start city, a free feature, but red has no meeple left.
    g.play("0,-1@180");
    assert_eq!(
        g.over().as_deref(),
        Some("a meeple had to be placed but none was left")
    );
    // Final scoring: red's meeple on the road is worth 2 (red is last).
    assert_eq!(g.scores(), [3, 2, 3]);
    assert_eq!(g.result(), 2, "the result is the lowest colour's score");
}

#[test]
fn an_empty_supply_with_no_free_feature_does_not_end_the_game() {
    let mut g = Game::solo(&[]);
    let board = g.board().meeple(0, 0, "road:EW", RED as u8);
    g.set_table(board, RED, "U");
    g.set("supply", "[0, 4, 4]");
    g.play("-1,0@90");
    assert_eq!(g.over(), None);
    assert_eq!(g.int("state.active"), GREEN);
}

/// What a colour with no meeple risks: the board counts the tiles left that can go
/// somewhere with every road, city and cloister joining a feature already taken (a
/// question for the bots' engine).
#[test]
fn the_board_counts_the_draws_that_need_no_meeple() {
    let mut g = Game::solo(&[]);
    assert_eq!(
        g.text("state.meeple_kinds()"),
        r#"["road", "city", "cloister"]"#
    );
    let count = "state.board.placeable_without_free(state.meeple_kinds())";
    // Every base tile has a road, a city or a cloister, and nothing is taken yet.
    assert_eq!(g.bot_eval(count).as_int(), Ok(0));
    let board = g.board().meeple(0, 0, "road:EW", RED as u8);
    g.set_table(board, RED, "U");
    // Only the straight roads (8) and the road bends (9) can extend the taken road with
    // nothing else of theirs free; the start city is free, so no city tile counts.
    assert_eq!(g.bot_eval(count).as_int(), Ok(17));
}

#[test]
fn meeples_returned_in_the_last_turn_earn_no_final_bonus() {
    let mut g = Game::solo(&[]);
    red_road_before_cloister(&mut g);
    g.set("supply", "[3, 0, 4]");
    // Green's cloister is free but green has no meeple: the game ends after this turn,
    // whose scoring still pays red's road (3) and returns red's meeple first.
    g.play("-1,0@270");
    assert!(g.over().is_some());
    assert_eq!(g.scores(), [4, 2, 3]);
    assert_eq!(g.int("state.board.meeples().len()"), 0);
}

/// The final table: red on the start road, green in the start city, yellow on a cloister.
pub(crate) fn final_table(g: &mut Game) {
    let board = g
        .board()
        .meeple(0, 0, "road:EW", RED as u8)
        .meeple(0, 0, "city:N", GREEN as u8)
        .tile("B", 0, 1, 0)
        .meeple(0, 1, "cloister", YELLOW as u8);
    g.set_table(board, RED, "V");
    g.set("piles", "[pile([]), pile([]), pile([])]");
}

#[test]
fn the_game_ends_after_the_last_tile_with_two_points_per_meeple_for_last_colours() {
    let mut g = Game::solo(&[]);
    final_table(&mut g);
    g.play("1,0@0");
    assert_eq!(g.over().as_deref(), Some("the last tile was placed"));
    // Red (1) is last: +2 -> 3; green (2) is last: +2 -> 4; red and yellow tie at 3:
    // yellow's meeple scores -> 5; red (3) is last with no meeple left: stop.
    assert_eq!(g.scores(), [3, 4, 5]);
    assert_eq!(g.result(), 3);
}

#[test]
fn the_final_bonus_order_can_be_the_players_and_then_it_matters() {
    let mut g = Game::solo(&[("final_order", "player")]);
    final_table(&mut g);
    g.play("1,0@0");
    assert_eq!(g.over(), None, "the bonus order is still to choose");
    let moves = g.moves();
    assert_eq!(moves.len(), 3, "{moves:?}");
    let green = moves
        .iter()
        .find(|m| m.starts_with("bonus:green"))
        .unwrap()
        .clone();
    // Green first: green (2) is not last (red has 1): nothing.
    g.play(&green);
    let red = g
        .moves()
        .into_iter()
        .find(|m| m.starts_with("bonus:red"))
        .unwrap();
    g.play(&red);
    g.play("1");
    assert_eq!(g.over().as_deref(), Some("the last tile was placed"));
    assert_eq!(g.scores(), [3, 2, 3]);
    assert_eq!(g.result(), 2, "worse than the greedy order's 3");
}

// ---------------------------------------------------------------- tiles that fit nowhere

/// With the start city closed no city edge is open, so the all-city tile C fits nowhere.
pub(crate) fn closed_city_table(g: &mut Game, green_pile: &str) {
    let board = g.board().tile("E", 0, -1, 180);
    g.set_table(board, RED, "U");
    g.set(
        "piles",
        &format!("[pile([]), pile({green_pile}), pile([state.tiles.id(\"V\")])]"),
    );
}

#[test]
fn a_tile_that_fits_nowhere_is_discarded_and_replaced_from_the_same_pile() {
    let mut g = Game::solo(&[]);
    closed_city_table(&mut g, "[state.tiles.id(\"C\"), state.tiles.id(\"U\")]");
    // Red's road meets the start road: its meeple goes there without asking.
    g.play("-1,0@90");
    assert_eq!(g.int("state.active"), GREEN);
    assert_eq!(g.text("state.tiles.name(state.tile)"), "U");
    assert_eq!(g.text("state.discards[0].tile"), "C");
    assert_eq!(g.ints("state.piles.map(|p| p.len)"), [0, 0, 1]);
}

#[test]
fn an_empty_pile_borrows_from_the_next_pile() {
    let mut g = Game::solo(&[]);
    closed_city_table(&mut g, "[]");
    // Red's road meets the start road: its meeple goes there without asking.
    g.play("-1,0@90");
    assert_eq!(g.int("state.active"), GREEN);
    assert_eq!(
        g.text("state.tiles.name(state.tile)"),
        "V",
        "green drew from yellow's pile"
    );
}

#[test]
fn with_the_skip_option_an_empty_pile_sits_out() {
    let mut g = Game::solo(&[("empty_pile", "skip")]);
    closed_city_table(&mut g, "[]");
    // Red's road meets the start road: its meeple goes there without asking.
    g.play("-1,0@90");
    assert_eq!(
        g.int("state.active"),
        YELLOW,
        "green had no tiles and was skipped"
    );
}

#[test]
fn the_first_edition_scores_a_two_tile_city_2() {
    let mut g = Game::solo(&[("tiny_city_points", "2")]);
    let board = g.board().meeple(0, 0, "city:N", RED as u8);
    g.set_table(board, GREEN, "E");
    g.play("0,-1@180");
    assert_eq!(g.scores(), [3, 2, 3]);
}

// ---------------------------------------------------------------- final bonus in your order

/// The moves of a game (seed 3008, ten meeples a colour, the final bonus in your order)
/// that ends with two of red's meeples on the start tile's road.
const TWO_ON_ONE_ROAD: &str = "-1,0@270 -1,1@90 0,-1@270 1,-1@0 -1,2@180 0,2@90 1,0@90 \
    -2,0@270 0,-2@180 -2,2@270 -1,-2@270 -3,2@90 0,-3@0 road:W 2,-1@90 -4,2@180 -4,1@180 \
    road:W 1,-3@180 city:S -5,1@270 1,2@0 2,2@180 -6,1@90 -7,1@90 -7,2@180 -8,2@0 3,-1@180 \
    3,2@270 -3,0@180 1,-4@180 1,-5@270 road:N 1,3@0 4,-1@0 2,-4@90";

#[test]
fn meeples_of_a_colour_on_one_feature_are_counted_by_one_move_offered_in_turn() {
    let options = [("meeples_per_colour", "10"), ("final_order", "player")];
    let mut g = Game::new("carcassonne-solo", &options, 3008);
    TWO_ON_ONE_ROAD.split_whitespace().for_each(|m| g.play(m));
    let road = "bonus:red:road@0,0:EW";
    let offered = |g: &mut Game| g.moves().iter().filter(|m| *m == road).count();
    for _ in 0..2 {
        assert_eq!(offered(&mut g), 1, "{:?}", g.moves());
        g.play(road);
    }
    assert_eq!(offered(&mut g), 0);
    // The game goes on to its end.
    while g.over().is_none() {
        let next = g.moves()[0].clone();
        g.play(&next);
    }
}
