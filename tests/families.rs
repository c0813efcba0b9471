//! Game families: the registry behind the manifest's `game`, the API each family gives
//! its scripts, and Pig, a game written only in TOML and Rhai on the `core` family,
//! played to the end in the REPL, by `auto`, in `sim` and recorded.

use crate::common::{assert_in_order, houserules, houserules_with_db, TempLibrary};
use houserules::manifest::Variant;

#[test]
fn an_unknown_family_is_an_error_at_the_game_line_listing_the_families() {
    let lib = TempLibrary::new();
    lib.write(
        "variants/x.toml",
        "name = \"x\"\ngame = \"chess\"\nscripts = [\"pig/pig.rhai\"]\n",
    );
    let e = Variant::load(&lib.library, "x").unwrap_err().to_string();
    assert_eq!(
        e,
        "variants/x.toml:2:8: no game family `chess`\n  |\n2 | game = \"chess\"\n  |        ^\nhelp: `game` names a family of primitives: core, carcassonne, ora_et_labora (DESIGN.md, 'Families')"
    );
}

#[test]
fn a_core_game_gets_no_carcassonne_primitives() {
    let lib = TempLibrary::new();
    lib.write(
        "variants/boardless.toml",
        "name = \"boardless\"\nextends = \"pig-solo\"\nscripts = [\"./boardless.rhai\"]\n",
    );
    lib.write(
        "variants/boardless.rhai",
        "fn setup() { this.board = carcassonne_board(()); }\n",
    );
    let e = lib.session("boardless", 1).err().unwrap().to_string();
    assert!(e.contains("carcassonne_board"), "{e}");
    assert!(e.contains("not found"), "{e}");
}

#[test]
fn pig_is_played_by_hand_and_by_auto_to_the_end_in_a_piped_repl_and_recorded() {
    let db = tempfile::tempdir().unwrap();
    let db = db.path().join("games.sqlite");
    let run = houserules_with_db(
        &db,
        &["play", "pig-solo", "--seed", "3"],
        "show\nroll\nshow\nroll\nbank\nlog\nauto\nscore\n",
    );
    assert!(run.ok, "{}", run.stderr);
    assert_in_order(
        &run.stdout,
        &[
            "turn 1 of 10\nscore 0, pot 0 after 0 rolls; 6 bonus cards face down\n",
            "played roll\n  rolled 4: the pot holds 4\n",
            "score 0, pot 4 after 1 roll; 6 bonus cards face down\n",
            "played roll\n  rolled 4: the pot holds 8\n",
            "played bank\n  banked 8: the score is 8\n",
            "  3  bank\n       banked 8: the score is 8\n",
            "game over: 10 turns played",
            "recorded as game 1",
            "result: ",
        ],
    );
    let history = houserules_with_db(&db, &["history"], "");
    assert!(history.stdout.contains("pig-solo"), "{}", history.stdout);
}

#[test]
fn pig_runs_in_a_small_sim_with_its_goals() {
    let run = houserules(
        &[
            "sim", "pig-solo", "--games", "40", "--bot", "random", "--seed", "2",
        ],
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    assert_in_order(
        &run.stdout,
        &[
            "pig-solo (random)",
            "mean",
            "10 turns played",
            "40 (100.0%)",
            "P1",
        ],
    );
}

/// A game of the `core` family whose rules draw nothing yet (tests/fixtures/loops/'s
/// carousel has no `view()`): `show` lists the game's own fields as the scripts print
/// them, not the host's options, seed, generator and tables.
#[test]
fn show_without_a_view_lists_the_games_own_fields() {
    let home = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/loops");
    let run = houserules(
        &["--home", home.to_str().unwrap()],
        "new carousel\nturn the coin\nshow\n",
    );
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stdout.contains(
            "played turn the coin\nthe rules define no `view()`; the game's fields:\n  heads: false\n  kept: false\n"
        ),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("Tables"), "{}", run.stdout);
}
