//! A designer's mistakes in a house rule, reported at the designer's line wherever the
//! rules run (issue 34, findings 3 to 5): a misspelled rule in any family, an option
//! that does not exist, an error or a runaway met by `check`, `sim`, `bench` or a bot.

use crate::common::{house_rule, houserules, Game, TempLibrary};
use houserules::manifest::Variant;
use houserules::script::{Limits, Rules};
use std::time::{Duration, Instant};

/// A house rule of Ora et Labora (Ireland) adding `script`.
fn oel_house_rule(lib: &TempLibrary, name: &str, script: &str) {
    lib.write(&format!("scripts/house/{name}.rhai"), script);
    lib.write(
        &format!("variants/{name}.toml"),
        &format!("name = \"{name}\"\nextends = \"ora-et-labora-solo-ireland\"\nscripts = [\"house/{name}.rhai\"]\n"),
    );
}

/// The error compiling variant `name` of `lib` gives (it must fail).
fn compile_error(lib: &TempLibrary, name: &str) -> String {
    let variant = Variant::load(&lib.library, name).unwrap();
    match Rules::compile(variant, Limits::default()) {
        Ok(_) => panic!("`{name}` compiled"),
        Err(e) => e.to_string(),
    }
}

/// Runs the binary on the rules folder of `lib`.
/// How the program is called on `lib`'s rules, as its advice names it.
fn program(lib: &TempLibrary) -> String {
    format!("houserules --home {}", lib.dir.path().display())
}

fn run_in(lib: &TempLibrary, args: &[&str]) -> (String, Duration) {
    let home = lib.dir.path().to_str().unwrap();
    let started = Instant::now();
    let run = houserules(&[&["--home", home], args].concat(), "");
    assert!(!run.ok, "{args:?} passed:\n{}", run.stdout);
    (run.stderr, started.elapsed())
}

#[test]
fn misspelled_rules_of_ora_et_labora_are_all_reported_with_close_guesses() {
    let lib = TempLibrary::new();
    oel_house_rule(
        &lib,
        "typos",
        "fn work_prise() { 2 }\n\nfn setup_mor() { 1 }\n",
    );
    let e = compile_error(&lib, "typos");
    assert!(
        e.starts_with("scripts/house/typos.rhai:1:1: `fn work_prise` replaces no rule and nothing calls it; nor `fn setup_mor` (scripts/house/typos.rhai:3)"),
        "{e}"
    );
    assert!(
        e.contains("did you mean `work_price` for `work_prise`?"),
        "{e}"
    );
}

#[test]
fn a_card_function_of_a_house_rule_is_found_by_the_cards_name() {
    let lib = TempLibrary::new();
    oel_house_rule(
        &lib,
        "mound",
        "fn clay_mound(u) {\n    this.from_wheel(u, \"joker\", \"clay\");\n}\n",
    );
    let variant = Variant::load(&lib.library, "mound").unwrap();
    assert!(Rules::compile(variant, Limits::default()).is_ok());
}

#[test]
fn a_far_fetched_name_gets_no_guess() {
    let lib = TempLibrary::new();
    house_rule(&lib, "double", "fn double_it(x) { x * 2 }\n");
    let e = compile_error(&lib, "double");
    assert!(e.contains("`fn double_it` replaces no rule"), "{e}");
    assert!(!e.contains("did you mean"), "{e}");
}

#[test]
fn an_option_that_does_not_exist_is_refused_when_the_rules_compile() {
    let lib = TempLibrary::new();
    house_rule(
        &lib,
        "factor",
        "fn feature_value(f) {\n    let value = this.parent(\"feature_value\", [f]);\n    value * this.options.road_factor\n}\n",
    );
    let e = compile_error(&lib, "factor");
    assert!(
        e.starts_with("scripts/house/factor.rhai:3:26: there is no option `road_factor`: the options are colours, completion_order,"),
        "{e}"
    );
}

#[test]
fn an_option_that_does_not_exist_is_an_error_when_read() {
    let game = Game::solo(&[]);
    let e = game.eval_error("state.options.road_factor");
    assert!(
        e.contains("there is no option `road_factor`: the options are colours,"),
        "{e}"
    );
    let e = game.eval_error("state.options[\"road_\" + \"factor\"]");
    assert!(e.contains("there is no option `road_factor`"), "{e}");
    assert_eq!(game.text("state.options.get(\"road_factor\")"), "");
}

/// A house rule of the solo game whose every feature's value loops for ever.
fn runaway(lib: &TempLibrary) {
    house_rule(
        lib,
        "spin",
        "fn feature_value(f) {\n    let n = 0;\n    loop { n += 1; }\n}\n",
    );
}

#[test]
fn a_runaway_rule_in_a_sim_is_stopped_soon_at_its_line_whatever_the_bot() {
    let lib = TempLibrary::new();
    runaway(&lib);
    for bot in ["random", "greedy"] {
        let (e, took) = run_in(&lib, &["sim", "spin", "--games", "1", "--bot", bot]);
        assert!(
            e.starts_with("error: scripts/house/spin.rhai:3:"),
            "{bot}: {e}"
        );
        assert!(e.contains("an endless loop?"), "{bot}: {e}");
        assert!(
            e.contains(&format!(
                "fix the script, try it with `{} check spin`, then run the sim again",
                program(&lib)
            )),
            "{bot}: {e}"
        );
        assert!(!e.contains("reload"), "{bot}: {e}");
        // Stopped after a second, then played again to find the line.
        assert!(took < Duration::from_secs(30), "{bot}: {took:?}");
    }
}

#[test]
fn an_error_in_a_house_rule_names_its_line_and_the_advice_fits_the_command() {
    let lib = TempLibrary::new();
    house_rule(
        &lib,
        "boom",
        "fn feature_value(f) {\n    let n = 1;\n    throw \"boom\";\n}\n",
    );
    let (e, _) = run_in(&lib, &["check", "boom"]);
    assert!(e.starts_with("error: scripts/house/boom.rhai:3:5:"), "{e}");
    assert!(
        e.contains(&format!(
            "fix the script, then run `{} check boom` again",
            program(&lib)
        )),
        "{e}"
    );
    assert!(!e.contains("reload"), "{e}");
    let (e, _) = run_in(&lib, &["bench", "boom", "--games", "1", "--bot", "greedy"]);
    assert!(e.starts_with("error: scripts/house/boom.rhai:3:5:"), "{e}");
    assert!(e.contains("then run bench again"), "{e}");
    // At the REPL the game goes on: fix and reload, or play something else.
    // (In the game of seed 7 the second move closes a city: see bad_input.rs.)
    let home = lib.dir.path().to_str().unwrap();
    let run = houserules(
        &["--home", home, "play", "boom", "--seed", "7"],
        "0,-1@180\ncity:S\n",
    );
    let out = format!("{}{}", run.stdout, run.stderr);
    assert!(
        out.contains("fix the script and `reload`, or choose another move"),
        "{out}"
    );
}

/// Where no game under the broken rules is in hand, no advice says `reload`: an error
/// met as the game starts (`play`, `new`, `load`, `check` at the prompt), and a syntax
/// error wherever it is met; at `reload` itself it still does.
#[test]
fn an_error_met_as_a_game_starts_advises_starting_it_again_not_reload() {
    let lib = TempLibrary::new();
    let home = lib.dir.path().to_str().unwrap();
    // Its prices are read as the game is set up.
    oel_house_rule(
        &lib,
        "dear",
        "fn landscape_prices(kind) {\n    this.parent(\"landscape_prices\", [kind]).map(|p| p - \"x\")\n}\n",
    );
    let (e, _) = run_in(&lib, &["play", "dear"]);
    assert!(e.starts_with("error: scripts/house/dear.rhai:2:"), "{e}");
    assert!(
        e.ends_with("fix the script, then start the game again\n"),
        "{e}"
    );
    let save = lib.dir.path().join("dear.save");
    std::fs::write(
        &save,
        "format = \"houserules-save\"\nversion = 1\nvariant = \"dear\"\nseed = 1\nmoves = []\n",
    )
    .unwrap();
    let run = houserules(
        &["--home", home],
        &format!("new dear\ncheck dear\nload {}\n", save.display()),
    );
    let out = format!("{}{}", run.stdout, run.stderr);
    for advice in [
        "fix the script, then start the game again\n",
        "fix the script, then `check dear` again\n",
        "fix the script, then load the game again\n",
    ] {
        assert!(out.contains(advice), "{advice}\n{out}");
    }
    assert!(!out.contains("reload"), "{out}");
    // A syntax error, in a command of the shell and at `reload`.
    let script = lib.dir.path().join("scripts/house/dear.rhai");
    std::fs::write(&script, "fn landscape_prices(kind) {\n    [1, 2\n}\n").unwrap();
    let (e, _) = run_in(&lib, &["check", "dear"]);
    assert!(e.contains("syntax error"), "{e}");
    assert!(
        e.ends_with(&format!(
            "fix the script, then run `{} check dear` again\n",
            program(&lib)
        )),
        "{e}"
    );
    std::fs::write(&script, "fn work_price() { 1 }\n").unwrap();
    let mut repl = houserules::repl::Repl::new(lib.library.clone(), Limits::default());
    assert!(!repl.execute("new dear").failed);
    std::fs::write(&script, "fn work_price() { 1 \n").unwrap();
    let out = repl.execute("reload").output;
    assert!(out.contains("syntax error"), "{out}");
    assert!(
        out.contains("fix the script and `reload`, or choose another move"),
        "{out}"
    );
}

#[test]
fn an_error_below_a_house_rules_card_is_shown_at_the_card() {
    let lib = TempLibrary::new();
    oel_house_rule(
        &lib,
        "turf",
        "fn clay_mound(u) {\n    this.from_wheel(u, \"joker\", \"clay\");\n    this.from_wheel(u, \"joker\", \"turf\");\n}\n",
    );
    let (e, _) = run_in(&lib, &["check", "turf"]);
    assert!(e.starts_with("error: scripts/house/turf.rhai:3:10:"), "{e}");
    assert!(e.contains("`turf` is not a good"), "{e}");
    // The library's scripts are copies in the user's folder (`--home`): each is named
    // as the user's, not to be taken for the shipped file of the same path.
    assert!(
        e.contains("raised at your scripts/ora_et_labora/base.rhai:"),
        "{e}"
    );
}

#[test]
fn an_error_in_a_card_of_a_house_rule_names_the_cards_line_not_the_step_that_ran_it() {
    let lib = TempLibrary::new();
    oel_house_rule(
        &lib,
        "no_clay",
        "fn clay_mound(u) {\n    this.from_wheel(u, \"joker\", \"clay\");\n    if !(\"trial\" in this.frame) {\n        throw \"no clay today\";\n    }\n}\n",
    );
    let run = houserules(
        &[
            "--home",
            lib.dir.path().to_str().unwrap(),
            "play",
            "no_clay",
        ],
        "use Clay Mound at 4,0\nwith a lay brother\n",
    );
    let out = format!("{}{}", run.stdout, run.stderr);
    assert!(
        out.contains("error: scripts/house/no_clay.rhai:4:9: in play(): no clay today"),
        "{out}"
    );
}

#[test]
fn captions_that_are_no_map_are_an_error_at_render_naming_the_file() {
    let lib = TempLibrary::new();
    oel_house_rule(&lib, "numbered-captions", "fn captions() { 3 }");
    let mut session = lib.session("numbered-captions", 1).unwrap();
    let shown = houserules::picture::svg(&mut session)
        .expect_err("a number drawn as captions")
        .to_string();
    assert!(
        shown.contains("captions() did not return an object map"),
        "{shown}"
    );
    assert!(shown.contains("numbered-captions.rhai"), "{shown}");
}

#[test]
fn check_runs_the_rules_that_show_a_game_and_names_one_that_fails() {
    // The picture's captions run only at `render`: `check` runs them too, at the end of
    // its first game, so the designer meets the error before a player does.
    let lib = TempLibrary::new();
    oel_house_rule(
        &lib,
        "broken-captions",
        "fn captions() { #{ costs: this.no_such_costs() } }",
    );
    let shown = houserules::repl::check(&lib.library, "broken-captions", Limits::interactive())
        .expect_err("check passed a failing captions()")
        .to_string();
    assert!(shown.contains("no_such_costs"), "{shown}");
    assert!(shown.contains("broken-captions.rhai"), "{shown}");
}
