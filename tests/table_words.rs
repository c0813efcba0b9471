//! The terminal reads better (issue 36): `moves` says what a placement joins and
//! completes, `show` draws the tile in hand as each rotation turns it, `log` names the
//! colour of every move, The Invaders call each side by one name and ask for the meeple
//! that comes next, and `auto` tells its moves one line each (`--quiet` does not).

use crate::common::{assert_in_order, houserules};

fn session(variant: &str, seed: &str, input: &str) -> String {
    let run = houserules(&["play", variant, "--seed", seed], input);
    assert!(run.ok, "{}", run.stderr);
    run.stdout
}

#[test]
fn moves_say_what_a_placement_completes_joins_and_leaves_free() {
    let out = session("carcassonne-solo", "5", "auto 9 --quiet\nmoves\n");
    assert!(
        out.contains(
            "  1  1,-1@270  completes red's city of 3 tiles; joins green's road; free: road:N, road:E\n"
        ),
        "{out}"
    );
    let out = session("invaders", "3", "moves\n");
    assert!(
        out.contains("  1  0,-1@90   free: city:NES (2 tiles), road:W\n"),
        "{out}"
    );
}

#[test]
fn show_draws_the_tile_in_hand_as_each_rotation_turns_it() {
    let out = session("carcassonne-solo", "7", "show\n");
    assert!(
        out.contains(
            "tile in hand: L, turned:\n\
             @0        @90       @180      @270\n\
             .#####.   ...|..#   ...|...   #..|...\n\
             ===+===   ===+.##   ===+===   ##.+===\n\
             ...|...   ...|..#   .#####.   #..|...\n"
        ),
        "{out}"
    );
}

#[test]
fn the_log_names_the_colour_of_every_tile_and_meeple() {
    let out = session("carcassonne-solo", "7", "auto 4 --quiet\nlog\n");
    assert_in_order(
        &out,
        &[
            "  1  -1,0@270\n       red places L\n",
            "  2  road:E\n       red's meeple goes on road:E\n",
            "  3  1,0@0\n       green places W\n",
            "  4  road:S\n       green's meeple goes on road:S\n",
        ],
    );
}

#[test]
fn the_invaders_call_each_side_by_its_colour_and_ask_for_the_next_meeple() {
    let out = session("invaders", "3", "show\n1\nmoves\n1\n1\nscore\n");
    assert_in_order(
        &out,
        &[
            "red 0   black 0   70 tiles left",
            "pyramid (I black invader, P red (yours),",
            "next: where does the invader (black) go? a free field of the tile just placed",
            "  black's meeple goes on field:Ws",
            "next: your meeple (red) on the tile just placed?",
            "so far: 0 (red's score minus black's)",
            "  red         0\n  black       0\n",
        ],
    );
    for old in [
        "you 0",
        "invaders 0",
        "a meeple on the tile just placed?",
        "  you  ",
    ] {
        assert!(!out.contains(old), "`{old}` in {out}");
    }
}

#[test]
fn auto_tells_each_move_on_one_line_unless_quiet() {
    let out = session("carcassonne-solo", "7", "auto 4\nauto 2 --quiet\n");
    assert_in_order(
        &out,
        &[
            "  1  -1,0@270  red places L\n",
            "  2  road:E    red's meeple goes on road:E\n",
            "  3  1,0@0     green places W\n",
            "  4  road:S    green's meeple goes on road:S; red scores 3 for road@0,0:EW; ",
            "random played 4 moves",
            "random played 2 moves",
        ],
    );
    assert!(!out.contains("  5  "), "--quiet tells no move: {out}");
}
