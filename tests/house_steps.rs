//! Rules a designer changes without copying (issue 34, part 9): The Invaders' end is
//! scored in steps a house rule replaces one at a time, the bots read the end condition
//! from the rules, and the two shipped examples (`carcassonne-solo-sit-out`,
//! `invaders-roads`) pass `check` and play whole games.

use crate::common::{houserules, Game, TempLibrary};
use crate::invaders::end_table;
use houserules::manifest::Variant;
use houserules::script::{Limits, Rules};

/// The end of `end_table` (your meeples on the start road and a field, an invader on a
/// field) in `variant`, with the start road's meeple made `road_colour`'s.
fn ended(variant: &str, lib: Option<&TempLibrary>) -> Game {
    let mut g = match lib {
        Some(lib) => {
            let rules = Rules::compile(
                Variant::load(&lib.library, variant).unwrap(),
                Limits::default(),
            )
            .unwrap();
            let options =
                houserules::manifest::options::resolve(&rules.variant.options, &[]).unwrap();
            let state = rules.new_state(&options, 1).unwrap();
            Game { rules, state }
        }
        None => Game::new(variant, &[], 1),
    };
    end_table(&mut g);
    assert_eq!(g.over().as_deref(), Some("the last tile was placed"));
    g
}

/// The breakdown of the end, as "key=value" lines in key order.
fn breakdown(g: &Game) -> Vec<String> {
    let text = g.text("let b = state.breakdown; let out = []; for k in b.keys() { out.push(`${k}=${b[k]}`); } out");
    text.trim_matches(['[', ']'])
        .split(", ")
        .map(|s| s.trim_matches('"').to_owned())
        .collect()
}

#[test]
fn an_invader_on_a_road_is_scored_under_its_own_part() {
    let mut g = Game::new("invaders-roads", &[], 1);
    let board = g.board().tile("E", 0, -1, 180).meeple(0, 0, "road:EW", 1);
    g.set_table(board, 0, "U");
    g.set("piles", "[pile([])]");
    g.set("pyramid", r#"[#{ level: 1, slots: ["P"] }]"#);
    g.play("0,1@90");
    g.play("none");
    assert_eq!(g.over().as_deref(), Some("the last tile was placed"));
    assert_eq!(
        g.int("state.breakdown.invader_roads"),
        1,
        "the start road, 1 tile"
    );
    assert_eq!(g.int("state.breakdown.invader_cloisters"), 0);
    assert!(g
        .text("state.sheet().notes")
        .contains("black: 0 for cloisters, 0 for fields, 1 for roads"));
    let told = g.text("state.events.filter(|e| e.kind == \"invaders_scored\")[0].text");
    assert_eq!(
        told,
        "black scores 0 for cloisters, 0 for fields and 1 for roads"
    );
}

#[test]
fn a_house_rule_replacing_one_step_of_the_end_changes_only_that() {
    let lib = TempLibrary::new();
    lib.write(
        "scripts/house/no-board-penalty.rhai",
        "fn end_penalties() {\n    let p = this.parent(\"end_penalties\", []);\n    p.board_penalty = 0;\n    p\n}\n",
    );
    lib.write(
        "variants/invaders-no-board-penalty.toml",
        "name = \"invaders-no-board-penalty\"\nextends = \"invaders\"\nscripts = [\"house/no-board-penalty.rhai\"]\n",
    );
    let original = ended("invaders", None);
    let house = ended("invaders-no-board-penalty", Some(&lib));
    let changed: Vec<(String, String)> = breakdown(&original)
        .into_iter()
        .zip(breakdown(&house))
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(
        changed,
        [("board_penalty=-40".to_owned(), "board_penalty=0".to_owned())]
    );
    assert_eq!(original.scores(), [-56, 3]);
    assert_eq!(house.scores(), [-16, 3]);
}

#[test]
fn the_bots_evaluation_reads_the_end_condition_from_the_rules() {
    let value = |variant: &str| {
        let mut g = Game::new(variant, &[], 1);
        g.set("supply", "[0, 4, 4]");
        g.bot_eval("bot_value(state)").as_int().unwrap()
    };
    // In the solo game red, out of meeples, ends the game at its next tile needing one: the
    // tiles left are worth little. A colour that sits out keeps the game going.
    let (solo, sit_out) = (value("carcassonne-solo"), value("carcassonne-solo-sit-out"));
    assert!(sit_out > solo + 1000, "sit out {sit_out}, solo {solo}");
}

#[test]
fn a_colour_out_of_meeples_sits_out_and_the_game_ends_when_none_has_one() {
    let next = |variant: &str, supply: &str| {
        let mut g = Game::new(variant, &[], 1);
        g.set("supply", supply);
        g.text("let s = state; s.turn = 0; s.next_turn(); if s.ended == () { `${s.active}` } else { s.ended }")
    };
    assert_eq!(next("carcassonne-solo", "[4, 0, 4]"), "1");
    assert_eq!(next("carcassonne-solo-sit-out", "[4, 0, 4]"), "2");
    assert_eq!(
        next("carcassonne-solo-sit-out", "[0, 0, 0]"),
        "no colour has a meeple left"
    );
}

/// Plays a whole game of `variant`, choosing a spread of moves; its end reason.
fn play_out(variant: &str) -> (Game, String) {
    let mut g = Game::new(variant, &[], 3);
    for step in 0..2_000 {
        if let Some(reason) = g.over() {
            return (g, reason);
        }
        let moves = g.moves();
        g.play(&moves[(step * 7 + 3) % moves.len()]);
    }
    panic!("{variant} did not end");
}

#[test]
fn the_shipped_house_rules_pass_check_and_play_whole_games() {
    for variant in ["carcassonne-solo-sit-out", "invaders-roads"] {
        let run = houserules(&["check", variant], "");
        assert!(
            run.ok && run.stdout.starts_with("ok: "),
            "{}{}",
            run.stdout,
            run.stderr
        );
    }
    let (_, reason) = play_out("carcassonne-solo-sit-out");
    assert_ne!(reason, "a meeple had to be placed but none was left");
    let (mut g, _) = play_out("invaders-roads");
    let score = g.rules.score(&mut g.state).unwrap();
    assert!(score.contains_key("invader_roads"), "{score:?}");
}
