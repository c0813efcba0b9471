//! Bad input never panics and never loses a game: each case gives a message naming the
//! file, line and what to do, and a running session goes on unchanged.

use crate::common::{house_rule, TempLibrary};
use houserules::manifest::Variant;
use houserules::script::Limits;
use houserules::session::Session;
use std::time::Duration;

/// In the game of seed 7, red's first tile and meeple close a 2-tile city, so the second
/// move runs the scoring rule `may_score`. Installs `may_score_body` as that rule (a house
/// rule variant called `name`) and returns the game after the first move.
fn before_scoring(lib: &TempLibrary, name: &str, may_score_body: &str, limits: Limits) -> Session {
    house_rule(
        lib,
        name,
        &format!("fn may_score(winners) {{\n    {may_score_body}\n}}\n"),
    );
    let mut s = Session::new(&lib.library, name, &[], 7, limits).unwrap();
    s.play("0,-1@180").unwrap();
    s
}

/// The error of the scoring move under a broken `may_score`.
fn scoring_error(lib: &TempLibrary, may_score_body: &str, limits: Limits) -> String {
    let mut s = before_scoring(lib, "x", may_score_body, limits);
    s.play("city:S").unwrap_err().to_string()
}

fn load_error(lib: &TempLibrary, name: &str) -> String {
    Variant::load(&lib.library, name).unwrap_err().to_string()
}

#[test]
fn a_manifest_with_an_unknown_key_names_file_line_and_key() {
    let lib = TempLibrary::new();
    lib.write(
        "variants/x.toml",
        "name = \"x\"\nextends = \"carcassonne-solo\"\ncolour = 3\n",
    );
    assert_eq!(
        load_error(&lib, "x"),
        "variants/x.toml:3:1: unknown field `colour`, expected one of `name`, `title`, `description`, `game`, `extends`, `scripts`, `data`, `options`\n  |\n3 | colour = 3\n  | ^\nhelp: see variants/README.md for the keys a manifest may have"
    );
}

#[test]
fn a_manifest_with_an_unknown_option_lists_the_known_ones() {
    let lib = TempLibrary::new();
    lib.write(
        "variants/x.toml",
        "name = \"x\"\nextends = \"carcassonne-solo\"\n\n[options.meeple_per_colour]\ndefault = 5\n",
    );
    let e = load_error(&lib, "x");
    assert!(
        e.starts_with("variants/x.toml:4:1: unknown option `meeple_per_colour`"),
        "{e}"
    );
    assert!(
        e.contains("known options: colours, completion_order"),
        "{e}"
    );
}

#[test]
fn a_default_out_of_range_names_the_line_of_the_value() {
    let lib = TempLibrary::new();
    lib.write(
        "variants/x.toml",
        "name = \"x\"\nextends = \"carcassonne-solo\"\noptions.meeples_per_colour.default = 50\n",
    );
    let e = load_error(&lib, "x");
    assert!(
        e.starts_with("variants/x.toml:3:38: option `meeples_per_colour`: default: value 50 is out of range 1..=10"),
        "{e}"
    );
}

#[test]
fn a_set_out_of_range_or_unknown_says_what_fits() {
    let lib = TempLibrary::new();
    let set = |k: &str, v: &str| {
        Session::new(
            &lib.library,
            "carcassonne-solo",
            &[(k.into(), v.into())],
            1,
            Limits::default(),
        )
        .err()
        .unwrap()
        .to_string()
    };
    let e = set("meeples_per_colour", "11");
    assert!(
        e.starts_with("--set: option `meeples_per_colour`: value 11 is out of range 1..=10"),
        "{e}"
    );
    assert!(
        e.contains("variants/carcassonne-solo.toml:"),
        "names the manifest: {e}"
    );
    let e = set("meeple", "3");
    assert!(e.starts_with("--set: unknown option `meeple`"), "{e}");
    let e = set("final_order", "random");
    assert!(
        e.contains("`random` is not one of: auto_greedy, player"),
        "{e}"
    );
}

#[test]
fn a_missing_script_names_the_manifest_line() {
    let lib = TempLibrary::new();
    lib.write(
        "variants/x.toml",
        "name = \"x\"\nextends = \"carcassonne-solo\"\nscripts = [\"house/nope.rhai\"]\n",
    );
    let e = load_error(&lib, "x");
    assert!(
        e.starts_with("variants/x.toml:3:12: script `house/nope.rhai` not found"),
        "{e}"
    );
}

#[test]
fn an_extends_cycle_is_reported() {
    let lib = TempLibrary::new();
    lib.write("variants/a.toml", "name = \"a\"\nextends = \"b\"\n");
    lib.write("variants/b.toml", "name = \"b\"\nextends = \"a\"\n");
    let e = load_error(&lib, "a");
    assert!(e.starts_with("variants/b.toml:2:11: `extends` makes a cycle: variants/a.toml -> variants/b.toml -> variants/a.toml"), "{e}");
}

#[test]
fn a_script_syntax_error_shows_file_line_column_and_caret() {
    let lib = TempLibrary::new();
    house_rule(&lib, "x", "fn meeple_required() {\n    let x = ;\n}\n");
    let e = lib.session("x", 1).err().unwrap().to_string();
    assert!(
        e.starts_with("scripts/house/x.rhai:2:13: syntax error:"),
        "{e}"
    );
    assert!(e.contains("2 |     let x = ;\n  |             ^"), "{e}");
}

#[test]
fn a_runtime_error_names_the_script_that_failed_and_keeps_the_game() {
    let lib = TempLibrary::new();
    let mut s = before_scoring(&lib, "x", "winners[99]", Limits::default());
    let before = s.view(false).unwrap();
    let e = s.play("city:S").unwrap_err().to_string();
    assert!(
        e.starts_with("scripts/house/x.rhai:2:13: in play(): Array index 99 out of bounds"),
        "{e}"
    );
    assert_eq!(s.view(false).unwrap(), before, "the game is as it was");
    assert_eq!(s.log(), ["0,-1@180"]);
}

#[test]
fn an_endless_loop_is_stopped_and_the_game_goes_on() {
    let lib = TempLibrary::new();
    let limits = Limits {
        max_operations: 200_000,
        ..Limits::default()
    };
    let mut s = before_scoring(&lib, "x", "loop { }", limits);
    let e = s.play("city:S").unwrap_err().to_string();
    assert!(
        e.contains("ran too many operations (an endless loop?)"),
        "{e}"
    );
    // Another meeple, which completes nothing, is fine.
    s.play("road:W").unwrap();
    assert_eq!(s.log(), ["0,-1@180", "road:W"]);
}

#[test]
fn a_slow_script_hits_the_time_limit() {
    let lib = TempLibrary::new();
    let limits = Limits {
        time_limit: Duration::from_millis(50),
        ..Limits::default()
    };
    let e = scoring_error(&lib, "loop { }", limits);
    assert!(e.contains("ran past its time limit"), "{e}");
}

#[test]
fn runaway_recursion_and_huge_values_are_stopped() {
    let lib = TempLibrary::new();
    lib.write("scripts/house/deep.rhai", "fn deep(n) { deep(n + 1) }\n");
    let e = scoring_error(
        &lib,
        "import \"house/deep\" as d; d::deep(0)",
        Limits::default(),
    );
    assert!(e.contains("Stack overflow"), "{e}");
    let e = scoring_error(&lib, "let s = \"xx\"; loop { s += s; }", Limits::default());
    assert!(e.contains("too large"), "{e}");
}

#[test]
fn import_reaches_only_scripts() {
    let lib = TempLibrary::new();
    lib.write("secret.rhai", "fn x() { 1 }\n");
    let e = scoring_error(&lib, "import \"../secret\" as s; true", Limits::default());
    assert!(
        e.contains("import may only name files inside scripts/"),
        "{e}"
    );
    // A module inside scripts/ is fine.
    lib.write("scripts/house/helpers.rhai", "fn yes() { true }\n");
    let mut s = before_scoring(
        &lib,
        "y",
        "import \"house/helpers\" as h; h::yes()",
        Limits::default(),
    );
    s.play("city:S").unwrap();
}

#[test]
fn an_illegal_move_is_refused_with_the_legal_ones_and_changes_nothing() {
    let lib = TempLibrary::new();
    let mut s = lib.session("carcassonne-solo", 7).unwrap();
    let before = s.view(false).unwrap();
    let e = s.play("9,9@0").unwrap_err().to_string();
    assert!(
        e.starts_with("move: `9,9@0` is not a legal move here"),
        "{e}"
    );
    assert!(e.contains("legal moves: 0,-1@180, -1,0@0"), "{e}");
    assert_eq!(s.view(false).unwrap(), before);
    assert!(s.log().is_empty());
}

#[test]
fn missing_hooks_are_named() {
    let lib = TempLibrary::new();
    lib.write("scripts/house/empty.rhai", "fn setup() { }\n");
    lib.write(
        "variants/x.toml",
        "name = \"x\"\ngame = \"carcassonne\"\nscripts = [\"house/empty.rhai\"]\n",
    );
    let e = lib.session("x", 1).err().unwrap().to_string();
    assert!(
        e.starts_with("variants/x.toml: the scripts of `x` define no `moves` with 0 parameter(s)"),
        "{e}"
    );
}

#[test]
fn a_made_up_feature_number_is_a_script_error_not_a_crash() {
    let lib = TempLibrary::new();
    let e = scoring_error(&lib, "this.board.points(-1) > 0", Limits::default());
    assert!(e.contains("no feature number -1 on this board"), "{e}");
}

#[test]
fn an_interrupt_stops_a_running_script_and_keeps_the_game() {
    let lib = TempLibrary::new();
    let mut s = before_scoring(&lib, "x", "loop { }", Limits::default());
    houserules::script::interrupt::listen();
    houserules::script::interrupt::request();
    let e = s.play("city:S").unwrap_err().to_string();
    assert!(e.contains("interrupted (Ctrl-C)"), "{e}");
    assert_eq!(s.log(), ["0,-1@180"]);
}
