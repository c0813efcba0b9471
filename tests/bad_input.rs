//! Bad input never panics and never loses a game: each case gives a message naming the
//! file, line and what to do, and a running session goes on unchanged.

use crate::common::{assert_in_order, house_rule, TempLibrary};
use houserules::diagnostic::{Diagnostic, Kind};
use houserules::manifest::Variant;
use houserules::script::{Limits, ViewOptions};
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
fn scoring_error(lib: &TempLibrary, may_score_body: &str, limits: Limits) -> Diagnostic {
    let mut s = before_scoring(lib, "x", may_score_body, limits);
    s.play("city:S").unwrap_err()
}

/// The message of a script stopped by a limit (or Ctrl-C), which says which one.
fn stopped(e: Diagnostic) -> String {
    assert_eq!(e.kind, Kind::Stopped, "{e}");
    e.message
}

/// The error of the scoring move of the game of seed 7 under variant `name`.
fn scoring_error_of(lib: &TempLibrary, name: &str) -> String {
    let mut s = lib.session(name, 7).unwrap();
    s.play("0,-1@180").unwrap();
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
fn a_manifest_value_of_the_wrong_kind_is_named_in_a_files_words() {
    let lib = TempLibrary::new();
    lib.write(
        "variants/x.toml",
        "name = \"x\"\nextends = \"carcassonne-solo\"\nscripts = \"x.rhai\"\n",
    );
    let e = load_error(&lib, "x");
    assert!(
        e.starts_with("variants/x.toml:3:11: invalid type: text \"x.rhai\", expected a list"),
        "not serde's `a sequence`: {e}"
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
        e.starts_with("variants/x.toml:4:1: unknown option `meeple_per_colour`; did you mean `meeples_per_colour`?"),
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
    let before = s.view(&ViewOptions::default()).unwrap();
    let e = s.play("city:S").unwrap_err().to_string();
    assert!(
        e.starts_with("scripts/house/x.rhai:2:13: in play(): Array index 99 out of bounds"),
        "{e}"
    );
    assert_eq!(
        s.view(&ViewOptions::default()).unwrap(),
        before,
        "the game is as it was"
    );
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
    let e = stopped(s.play("city:S").unwrap_err());
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
    let e = stopped(scoring_error(&lib, "loop { }", limits));
    assert!(e.contains("ran past its time limit"), "{e}");
}

#[test]
fn runaway_recursion_and_huge_values_are_stopped() {
    let lib = TempLibrary::new();
    lib.write("scripts/house/deep.rhai", "fn deep(n) { deep(n + 1) }\n");
    let e = stopped(scoring_error(
        &lib,
        "import \"house/deep\" as d; d::deep(0)",
        Limits::default(),
    ));
    assert!(e.contains("functions called one another too deep"), "{e}");
    // A value that keeps doubling stops at the memory ceiling; one call that asks for
    // more than the ceiling at once is refused before it is made.
    // (A small ceiling, 256 MiB over what the process holds now: the ceiling counts the
    // whole process, which holds the other tests running beside this one too.)
    let ceiling = (houserules::script::allocated() >> 20) + 256;
    let limits = Limits {
        max_memory: ceiling << 20,
        ..Limits::default()
    };
    let e = stopped(scoring_error(
        &lib,
        "let s = \"xx\"; loop { s += s; }",
        limits,
    ));
    assert!(
        e.contains(&format!("grew past {ceiling} MiB of memory")),
        "{e}"
    );
    let e = scoring_error(&lib, "[].pad(1_000_000_000_000, 0)", limits).to_string();
    assert!(
        e.contains(&format!("too large: the rules may hold {ceiling} MiB")),
        "{e}"
    );
}

#[test]
fn import_reaches_only_scripts() {
    let lib = TempLibrary::new();
    lib.write("secret.rhai", "fn x() { 1 }\n");
    let e = scoring_error(&lib, "import \"../secret\" as s; true", Limits::default()).to_string();
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
    let before = s.view(&ViewOptions::default()).unwrap();
    let e = s.play("9,9@0").unwrap_err();
    assert_eq!(e.kind, Kind::Refused);
    let e = e.to_string();
    assert!(
        e.starts_with("move: `9,9@0` is not a legal move here"),
        "{e}"
    );
    assert!(e.contains("legal moves: 0,-1@180, -1,0@0"), "{e}");
    assert_eq!(s.view(&ViewOptions::default()).unwrap(), before);
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
        e.starts_with("variants/x.toml: the scripts of `x` define no `moves` with 0 parameters"),
        "{e}"
    );
}

#[test]
fn a_made_up_feature_number_is_a_script_error_not_a_crash() {
    let lib = TempLibrary::new();
    let e = scoring_error(&lib, "this.board.points(-1) > 0", Limits::default());
    assert_eq!(e.kind, Kind::Script, "{e}");
    assert!(
        e.message.contains("no feature number -1 on this board"),
        "{e}"
    );
}

#[test]
fn an_interrupt_stops_a_running_script_and_keeps_the_game() {
    let lib = TempLibrary::new();
    let mut s = before_scoring(&lib, "x", "loop { }", Limits::default());
    houserules::script::interrupt::listen();
    houserules::script::interrupt::request();
    let e = stopped(s.play("city:S").unwrap_err());
    assert!(e.contains("interrupted (Ctrl-C)"), "{e}");
    assert_eq!(s.log(), ["0,-1@180"]);
}

#[test]
fn a_move_typed_in_another_case_or_spacing_is_refused_naming_the_label_meant() {
    let mut s = Session::new(
        &crate::common::library(),
        "ora-et-labora-solo-ireland",
        &[],
        1,
        Limits::default(),
    )
    .unwrap();
    let e = s.play("use  farmyard at 2,1").unwrap_err();
    assert_eq!(
        e.help.as_deref().map(|h| h.split(" legal moves").next()),
        Some(Some(
            "did you mean `use Farmyard at 2,1`? (a label is typed as `moves` lists it)"
        )),
        "{e}"
    );
    assert!(s.log().is_empty());
}

// ---------------------------------------------------------------- silent mistakes

fn session_error(lib: &TempLibrary, name: &str) -> String {
    lib.session(name, 1)
        .err()
        .expect("the variant is refused")
        .to_string()
}

#[test]
fn a_choice_listed_twice_or_added_to_an_inherited_option_is_refused() {
    let lib = TempLibrary::new();
    for (name, choices, why) in [
        (
            "twice",
            r#"["same_pile", "same_pile", "next_pile"]"#,
            "choice `same_pile` is listed twice",
        ),
        (
            "added",
            r#"["same_pile", "next_pile", "shuffled_pile"]"#,
            "choice `shuffled_pile` is not one of the inherited choices (same_pile, next_pile; variants/carcassonne-solo.toml:29), and this variant adds no script to read it",
        ),
    ] {
        let manifest = format!(
            "name = \"{name}\"\nextends = \"carcassonne-solo\"\n\n[options.discard_redraw]\nchoices = {choices}\n"
        );
        lib.write(&format!("variants/{name}.toml"), &manifest);
        let e = session_error(&lib, name);
        let at = format!("variants/{name}.toml:5:11: option `discard_redraw`: {why}");
        assert!(e.starts_with(&at), "{e}");
    }
}

#[test]
fn a_line_too_long_for_any_command_is_refused_without_being_quoted_whole() {
    let mut repl = houserules::repl::Repl::new(crate::common::library(), Limits::default());
    let step = repl.execute(&"x".repeat(10 << 20));
    assert!(step.failed);
    assert!(
        step.output.starts_with(
            "error: usage: a line of 10485760 bytes is longer than any command (at most 10000): `xxxx"
        ),
        "{}",
        &step.output[..step.output.len().min(300)]
    );
    assert!(step.output.len() < 200, "{} bytes", step.output.len());
}

#[test]
fn a_misspelled_override_is_refused_with_the_nearest_rule() {
    let lib = TempLibrary::new();
    house_rule(
        &lib,
        "typo",
        "// every colour scores\nfn may_scroe(winners) {\n    true\n}\n",
    );
    let e = session_error(&lib, "typo");
    assert!(
        e.starts_with(
            "scripts/house/typo.rhai:2:1: `fn may_scroe` replaces no rule and nothing calls it"
        ),
        "{e}"
    );
    assert!(e.contains("did you mean `may_score`?"), "{e}");
    let check = crate::common::houserules(&["check", "typo"], "");
    assert!(!check.ok);
}

#[test]
fn an_override_with_another_number_of_parameters_is_refused() {
    let lib = TempLibrary::new();
    house_rule(&lib, "arity", "fn may_score() {\n    true\n}\n");
    let e = session_error(&lib, "arity");
    assert!(
        e.starts_with("scripts/house/arity.rhai:1:1: `may_score` here has 0 parameters, but scripts/carcassonne/solo.rhai:"),
        "{e}"
    );
    assert!(e.contains("defines it with 1"), "{e}");
}

#[test]
fn a_house_rule_may_add_helpers_that_it_calls() {
    let lib = TempLibrary::new();
    house_rule(
        &lib,
        "helpers",
        "fn may_score(winners) {\n    this.generous(winners)\n}\nfn generous(w) {\n    true\n}\n",
    );
    assert!(lib.session("helpers", 1).is_ok());
}

#[test]
fn a_name_unlike_the_file_name_or_empty_is_refused_at_its_line() {
    let lib = TempLibrary::new();
    lib.write(
        "variants/foo.toml",
        "extends = \"carcassonne-solo\"\nname = \"bar\"\n",
    );
    assert_eq!(
        load_error(&lib, "foo"),
        "variants/foo.toml:2:8: `name = \"bar\"` differs from the file name `foo.toml`\n  |\n2 | name = \"bar\"\n  |        ^\nhelp: variants are found by file name: write name = \"foo\", or rename the file to bar.toml"
    );
    lib.write(
        "variants/blank.toml",
        "name = \"\"\nextends = \"carcassonne-solo\"\n",
    );
    assert!(load_error(&lib, "blank").contains("`name` is empty"));
}

#[test]
fn a_total_that_is_not_a_whole_number_is_an_error_naming_the_script() {
    let lib = TempLibrary::new();
    house_rule(&lib, "half", "fn result_from(scores) {\n    1.5\n}\n");
    let mut s = lib.session("half", 1).unwrap();
    let e = s.score().unwrap_err().to_string();
    assert!(
        e.starts_with("scripts/carcassonne/solo.rhai: score() returned the total 1.5 (f64): results are whole numbers"),
        "{e}"
    );
}

#[test]
fn over_must_return_nothing_or_a_string() {
    let lib = TempLibrary::new();
    house_rule(&lib, "never", "fn over() {\n    false\n}\n");
    let mut s = lib.session("never", 1).unwrap();
    let e = s.over().unwrap_err().to_string();
    assert!(
        e.starts_with("scripts/house/never.rhai: over() returned a bool: it must return () while the game runs"),
        "{e}"
    );
}

#[test]
fn a_house_rule_that_changes_the_options_or_data_is_told_they_are_read_only() {
    let lib = TempLibrary::new();
    let setup =
        |write: &str| format!("fn setup() {{\n    {write}\n    this.parent(\"setup\", [])\n}}\n");
    house_rule(&lib, "opts", &setup("this.options.meeples_per_colour = 3;"));
    // Deep inside a table of the manifest's `[data]`, too.
    lib.write(
        "scripts/house/deep.rhai",
        &setup("this.data.pyramid.levels.clear();"),
    );
    lib.write(
        "variants/deep.toml",
        "name = \"deep\"\nextends = \"invaders\"\nscripts = [\"house/deep.rhai\"]\n",
    );
    for name in ["opts", "deep"] {
        let e = lib.session(name, 1).err().unwrap().to_string();
        assert!(
            e.starts_with(&format!("scripts/house/{name}.rhai:2:")),
            "{e}"
        );
        assert!(e.contains("is read-only"), "{e}");
    }
    // A copy is the script's own.
    house_rule(
        &lib,
        "copy",
        "fn meeples_per_colour() {\n    let o = this.options.to_map();\n    o.meeples_per_colour -= 2;\n    o.meeples_per_colour\n}\n",
    );
    let s = lib.session("copy", 1).unwrap();
    let eval = |expr: &str| s.rules().eval(s.state(), expr).unwrap().to_string();
    assert_eq!(eval("state.supply"), "[2, 2, 2]");
    assert_eq!(eval("state.options.meeples_per_colour"), "4");
}

#[test]
fn an_error_in_a_replaced_rule_run_by_parent_names_the_file_that_defines_it() {
    let lib = TempLibrary::new();
    lib.write(
        "scripts/house/low.rhai",
        "fn may_score(winners) {\n    winners.len() > no_such_variable\n}\n",
    );
    lib.write(
        "scripts/house/top.rhai",
        "fn may_score(winners) {\n    this.parent(\"may_score\", [winners])\n}\n",
    );
    lib.write(
        "variants/layered.toml",
        "name = \"layered\"\nextends = \"carcassonne-solo\"\nscripts = [\"house/low.rhai\", \"house/top.rhai\"]\n",
    );
    let e = scoring_error_of(&lib, "layered");
    assert!(
        e.starts_with(
            "scripts/house/low.rhai:2:21: in play(): Variable not found: no_such_variable"
        ),
        "{e}"
    );
    assert!(
        e.contains("2 |     winners.len() > no_such_variable"),
        "{e}"
    );
    assert_in_order(
        &e,
        &[
            "in may_score() of scripts/house/low.rhai",
            "in may_score() of scripts/house/top.rhai",
        ],
    );
}

#[test]
fn an_error_in_an_imported_module_names_the_module_file_and_line() {
    let lib = TempLibrary::new();
    lib.write(
        "scripts/house/helpers.rhai",
        "fn boom(x) {\n    let y = x + 1;\n    y.no_such_method()\n}\n",
    );
    house_rule(
        &lib,
        "importer",
        "fn may_score(winners) {\n    import \"house/helpers\" as h;\n    h::boom(1)\n}\n",
    );
    let e = scoring_error_of(&lib, "importer");
    assert!(
        e.starts_with(
            "scripts/house/helpers.rhai:3:7: in play(): Function not found: no_such_method"
        ),
        "{e}"
    );
    assert!(e.contains("3 |     y.no_such_method()"), "{e}");
}

#[test]
fn play_with_a_bad_set_exits_non_zero_before_the_repl() {
    let run = crate::common::houserules(&["play", "carcassonne-solo", "--set", "bad=1"], "show\n");
    assert!(!run.ok);
    assert!(
        run.stderr.contains("unknown option `bad`"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.is_empty(), "{}", run.stdout);
}

#[test]
fn a_piped_session_with_a_failed_command_exits_non_zero_after_reading_every_line() {
    let failed = crate::common::houserules(
        &["play", "pig-solo", "--seed", "1"],
        "roll\nfrobnicate\nroll\n",
    );
    assert!(!failed.ok);
    assert_eq!(
        failed.stdout.matches("played roll").count(),
        2,
        "{}",
        failed.stdout
    );
    let fine = crate::common::houserules(&["play", "pig-solo", "--seed", "1"], "roll\nroll\n");
    assert!(fine.ok, "{}", fine.stdout);
}

#[test]
fn a_statement_outside_any_function_is_an_error_at_its_line() {
    let lib = TempLibrary::new();
    house_rule(
        &lib,
        "loose",
        "fn may_score(winners) {\n    true\n}\n\nloop {}\n",
    );
    let e = session_error(&lib, "loose");
    assert!(
        e.starts_with("scripts/house/loose.rhai:5:1: a statement outside any function: the host never runs it"),
        "{e}"
    );
}

#[test]
fn a_range_of_three_numbers_or_a_range_with_choices_is_refused_at_its_line() {
    let lib = TempLibrary::new();
    lib.write(
        "variants/r.toml",
        "name = \"r\"\nextends = \"pig-solo\"\n\n[options.x]\ndefault = 2\nrange = [1, 5, 10]\nhelp = \"x\"\n",
    );
    assert!(load_error(&lib, "r").starts_with(
        "variants/r.toml:6:9: option `x`: `range` takes two numbers, [min, max], not [1, 5, 10]"
    ));
    lib.write(
        "variants/c.toml",
        "name = \"c\"\nextends = \"pig-solo\"\n\n[options.x]\ndefault = 2\nrange = [1, 5]\nchoices = [\"a\"]\nhelp = \"x\"\n",
    );
    assert!(load_error(&lib, "c")
        .contains("a `range` (a whole number) or `choices` (a word), not both"));
}

#[test]
fn a_bare_throw_says_so() {
    let lib = TempLibrary::new();
    let e = scoring_error(&lib, "throw;", Limits::default());
    assert_eq!(e.kind, Kind::Script, "{e}");
    assert!(
        e.message.contains("the script threw without a message"),
        "{e}"
    );
}

#[test]
fn a_bad_inline_data_table_is_reported_at_its_entry_in_the_manifest() {
    // Found by tests/fuzz.rs: the error used to give a line of the table as re-written
    // (here line 1, `[options.meeples_per_colour]`) as if it were the manifest's.
    let lib = TempLibrary::new();
    lib.write(
        "variants/x.toml",
        "# a comment\nname = \"x\"\nextends = \"carcassonne-solo\"\n[data.tiles]\noptions.meeples_per_colour.default = 3\n",
    );
    let e = session_error(&lib, "x");
    assert!(
        e.starts_with("variants/x.toml:5:1: [data.tiles]: unknown field `options`"),
        "{e}"
    );
    assert!(
        e.contains("\n5 | options.meeples_per_colour.default = 3\n"),
        "the manifest's own line, the unknown field's: {e}"
    );
}

// ---------------------------------------------------------------- manifests that reach too far

#[test]
fn manifest_paths_may_not_leave_the_rules_folder() {
    let lib = TempLibrary::new();
    lib.write(
        "variants/x.toml",
        "name = \"x\"\nextends = \"pig-solo\"\nscripts = [\"../../secret.rhai\"]\n",
    );
    let e = load_error(&lib, "x");
    assert!(
        e.starts_with("variants/x.toml:3:12: `../../secret.rhai` leads out of the rules folder"),
        "{e}"
    );
    lib.write(
        "variants/x.toml",
        "name = \"x\"\nextends = \"pig-solo\"\nscripts = [\"/etc/passwd\"]\n",
    );
    assert!(load_error(&lib, "x").contains("`/etc/passwd` is an absolute path"));
    lib.write(
        "variants/x.toml",
        "name = \"x\"\nextends = \"pig-solo\"\n[data]\nbonus = \"../../../etc/hosts\"\n",
    );
    assert!(load_error(&lib, "x").contains("leads out of the rules folder"));
    lib.write(
        "variants/x.toml",
        "name = \"x\"\nextends = \"../variants/pig-solo\"\n",
    );
    let e = load_error(&lib, "x");
    assert!(e.contains("is a path: it names a variant"), "{e}");
    assert!(e.contains("as `houserules variants` lists it"), "{e}");
    lib.write("variants/x.toml", "name = \"x\"\n");
    let e = load_error(&lib, "x");
    assert!(
        e.contains("neither `game` nor `extends`")
            && e.contains("add `game = \"FAMILY\"`, a family of primitives (")
            && e.contains("carcassonne"),
        "{e}"
    );
    // `..` that stays inside the rules folder is fine.
    lib.write(
        "variants/x.toml",
        "name = \"x\"\nextends = \"pig-solo\"\nscripts = [\"../scripts/pig/pig.rhai\"]\n",
    );
    Variant::load(&lib.library, "x").unwrap();
}

#[test]
fn a_derived_variant_may_narrow_an_options_range_but_not_widen_it() {
    let lib = TempLibrary::new();
    lib.write(
        "variants/x.toml",
        "name = \"x\"\nextends = \"pig-solo\"\n[options.turns]\nrange = [1, 1000000]\n",
    );
    let e = load_error(&lib, "x");
    assert!(
        e.contains("option `turns`: range [1, 1000000] widens the inherited range [1, 50]"),
        "{e}"
    );
    lib.write(
        "variants/x.toml",
        "name = \"x\"\nextends = \"pig-solo\"\n[options.turns]\nrange = [5, 20]\n",
    );
    Variant::load(&lib.library, "x").unwrap();
}

#[test]
fn a_variant_without_the_data_its_family_needs_is_refused_at_the_manifest() {
    let lib = TempLibrary::new();
    lib.write(
        "variants/x.toml",
        "name = \"x\"\ngame = \"carcassonne\"\nscripts = [\"carcassonne/base.rhai\", \"carcassonne/solo.rhai\"]\n",
    );
    let e = session_error(&lib, "x");
    assert!(
        e.starts_with("variants/x.toml: a `carcassonne` variant needs a `tiles` data entry"),
        "{e}"
    );
}

#[test]
fn a_broken_invaders_pyramid_or_ranking_is_reported_at_the_manifest_table() {
    let lib = TempLibrary::new();
    let invaders = std::fs::read_to_string(lib.path("variants/invaders.toml")).unwrap();
    let variant = |from: &str, to: &str| {
        assert!(invaders.contains(from));
        lib.write(
            "variants/x.toml",
            &invaders
                .replace("name = \"invaders\"", "name = \"x\"")
                .replace(from, to),
        );
    };
    variant("slots = \"IIP\"", "slots = \"IXP\"");
    let e = session_error(&lib, "x");
    assert!(
        e.starts_with("variants/x.toml:17:1: [data.pyramid]: level 6: slot \"X\""),
        "{e}"
    );
    variant("slots = \"IIIIIPG\"", "slots = \"IIIIIGP\"");
    assert!(session_error(&lib, "x")
        .contains("level 3: the reinforcement spaces (G) end their level: \"IIIIIGP\""));
    variant("reinforce_levels = [3, 2, 1]", "reinforce_levels = [3, 9]");
    assert!(session_error(&lib, "x").contains("reinforce level 9 is not one of the levels"));
    variant("{ max = 110,", "{ max = 20,");
    assert!(session_error(&lib, "x")
        .contains("band 2 needs a whole-number \"max\" above the band before it"));
}

#[test]
fn a_manifest_with_too_many_options_is_refused_at_the_manifest() {
    let lib = TempLibrary::new();
    let options: String = (0..1_000)
        .map(|i| format!("[options.o{i:04}]\ndefault = 1\nhelp = \"x\"\nrange = [0, 5]\n"))
        .collect();
    lib.write(
        "variants/x.toml",
        &format!("name = \"x\"\nextends = \"pig-solo\"\n{options}"),
    );
    let e = load_error(&lib, "x");
    assert!(e.starts_with("variants/x.toml:"), "{e}");
    assert!(e.contains("too many options"), "{e}");
    assert!(e.contains("at most 1000 options"), "{e}");
}
