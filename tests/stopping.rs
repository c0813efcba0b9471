//! Runaway rules and failed commands at the REPL: one time budget per command, limit
//! errors at the script line where the script was stopped, errors that hooks used to
//! swallow, Ctrl-C, and messages that say what stands after a failed command.

use crate::common::{house_rule, houserules, TempLibrary};
use houserules::diagnostic::Kind;
use houserules::repl::Repl;
use houserules::script::cpu_clock::CpuInstant;
use houserules::script::{interrupt, Limits};
use houserules::session::Session;
use std::time::{Duration, Instant};

/// The game of seed 7 after red's first move; the next move, `city:S`, calls the house
/// rule `may_score` whose body is `body` (its first line is line 2 of the file).
fn before_scoring(lib: &TempLibrary, body: &str, limits: Limits) -> Session {
    house_rule(
        lib,
        "x",
        &format!("fn may_score(winners) {{\n    {body}\n}}\n"),
    );
    let mut s = Session::new(&lib.library, "x", &[], 7, limits).unwrap();
    s.play("0,-1@180").unwrap();
    s
}

/// A REPL under the REPL's own limits, on a new game of house rule `x` (seed 7).
fn repl_on(lib: &TempLibrary, script: &str) -> Repl {
    house_rule(lib, "x", script);
    let mut repl = Repl::new(lib.library.clone(), Limits::interactive());
    let step = repl.execute("new x --seed 7");
    assert!(!step.failed, "{}", step.output);
    repl
}

#[test]
fn a_runaway_rule_at_the_repl_stops_within_the_command_budget_at_its_line() {
    let lib = TempLibrary::new();
    let mut s = before_scoring(
        &lib,
        "let i = 0;\n    loop { i += 1; }",
        Limits::interactive(),
    );
    let start = Instant::now();
    let e = s.play("city:S").unwrap_err();
    assert_eq!(e.kind, Kind::Stopped, "{e}");
    let e = e.to_string();
    // The hook's own limit is 10 s; the REPL's budget for the command is 1 s.
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    assert!(e.contains("time budget (1000 ms;"), "{e}");
    assert!(e.starts_with("scripts/house/x.rhai:3:"), "{e}");
    assert!(e.contains("loop { i += 1; }"), "the line is quoted: {e}");
    assert_eq!(s.log(), ["0,-1@180"], "the refused move is taken back");
}

#[test]
fn too_many_operations_names_the_line_where_the_script_was_stopped() {
    let lib = TempLibrary::new();
    let limits = Limits {
        max_operations: 200_000,
        ..Limits::interactive()
    };
    let mut s = before_scoring(&lib, "let n = 0;\n    while true { n += 2; }", limits);
    let e = s.play("city:S").unwrap_err();
    assert_eq!(e.kind, Kind::Stopped, "{e}");
    let e = e.to_string();
    assert!(e.contains("too many operations"), "{e}");
    assert!(e.starts_with("scripts/house/x.rhai:3:"), "{e}");
}

#[test]
fn a_rule_that_calls_itself_without_end_is_stopped_at_its_line() {
    let lib = TempLibrary::new();
    let mut s = before_scoring(
        &lib,
        "deeper(1)\n}\nfn deeper(n) {\n    if n > 0 { deeper(n + 1) } else { 0 }",
        Limits::interactive(),
    );
    let e = s.play("city:S").unwrap_err().to_string();
    assert!(e.contains("functions called one another too deep"), "{e}");
    assert!(e.starts_with("scripts/house/x.rhai:5:"), "{e}");
    assert!(
        e.contains("if n > 0 { deeper(n + 1) }"),
        "the line is quoted: {e}"
    );
    assert_eq!(s.log(), ["0,-1@180"], "the refused move is taken back");
    // `houserules check` says where, too.
    let root = lib.library.root.to_str().unwrap();
    let run = crate::common::houserules(&["check", "x", "--home", root], "");
    assert!(!run.ok);
    assert!(
        run.stderr.contains("scripts/house/x.rhai:5:"),
        "{}",
        run.stderr
    );
}

/// Plays as the rules say; once a move is played, `over()` never returns.
const OVER_RUNS_AWAY_AFTER_A_MOVE: &str = "fn play(mv) {\n    this.parent(\"play\", [mv]);\n    this.broken = true;\n}\nfn over() {\n    if this.broken == true { let i = 0; loop { i += 1; } }\n    this.parent(\"over\", [])\n}\n";

#[test]
fn the_hook_calls_of_one_command_share_its_budget() {
    let lib = TempLibrary::new();
    let mut repl = repl_on(&lib, OVER_RUNS_AWAY_AFTER_A_MOVE);
    // The budget is CPU time: measured so, whatever else the machine is doing.
    let start = CpuInstant::now();
    // After the move, over() is called to show the end of the game and again to record
    // it: with a budget per call that would be twice the budget.
    let step = repl.execute("1");
    let took = start.elapsed();
    assert!(step.failed);
    assert!(step.output.contains("time budget"), "{}", step.output);
    assert!(took < Duration::from_millis(1900), "{took:?}");
}

#[test]
fn a_sort_comparer_that_throws_stops_the_rule() {
    let lib = TempLibrary::new();
    let mut s = before_scoring(
        &lib,
        "let a = [3, 1, 2];\n    a.sort(|x, y| { throw \"cannot compare\" });\n    true",
        Limits::default(),
    );
    let e = s.play("city:S").unwrap_err().to_string();
    assert!(e.contains("cannot compare"), "{e}");
    assert!(e.contains("in a closure"), "{e}");
    assert_eq!(s.log(), ["0,-1@180"]);
}

#[test]
fn a_sort_comparer_must_answer_a_number_or_a_bool() {
    let lib = TempLibrary::new();
    let mut s = before_scoring(
        &lib,
        "let a = [3, 1, 2];\n    a.sort(|x, y| \"x\");\n    true",
        Limits::default(),
    );
    let e = s.play("city:S").unwrap_err().to_string();
    assert!(e.contains("the comparer returned a string"), "{e}");
}

#[test]
fn a_sort_comparer_still_sorts() {
    let lib = TempLibrary::new();
    let mut s = before_scoring(
        &lib,
        "let a = [3, 1, 2];\n    a.sort(|x, y| y - x);\n    if a != [3, 2, 1] { throw `sorted as ${a}` }\n    let b = [2, 3, 1];\n    b.sort_by(|x, y| x < y);\n    if b != [1, 2, 3] { throw `sorted as ${b}` }\n    true",
        Limits::default(),
    );
    s.play("city:S").unwrap();
}

/// Plays as the rules say, but refuses the fourth move of the game.
const FOURTH_MOVE_REFUSED: &str = "fn play(mv) {\n    if this.plays == () { this.plays = 0; }\n    this.plays += 1;\n    if this.plays == 4 { throw \"the fourth move is refused\" }\n    this.parent(\"play\", [mv]);\n}\n";

#[test]
fn after_auto_fails_the_repl_names_the_moves_that_stand() {
    let lib = TempLibrary::new();
    let mut repl = repl_on(&lib, FOURTH_MOVE_REFUSED);
    let step = repl.execute("auto");
    assert!(step.failed);
    assert!(
        step.output.contains("the fourth move is refused"),
        "{}",
        step.output
    );
    assert!(!step.output.contains("unchanged"), "{}", step.output);
    assert!(
        step.output
            .contains("the 3 moves this command played stand: "),
        "{}",
        step.output
    );
    assert_eq!(repl.session().unwrap().log().len(), 3);
}

#[test]
fn a_refused_move_leaves_the_game_unchanged_and_says_so() {
    let lib = TempLibrary::new();
    let mut repl = repl_on(&lib, FOURTH_MOVE_REFUSED);
    for _ in 0..3 {
        assert!(!repl.execute("1").failed);
    }
    let step = repl.execute("1");
    assert!(step.failed);
    assert!(
        step.output.ends_with("the game is unchanged\n"),
        "{}",
        step.output
    );
    assert_eq!(repl.session().unwrap().log().len(), 3);
}

#[test]
fn when_over_fails_after_a_move_the_repl_says_the_move_stands() {
    let lib = TempLibrary::new();
    let mut repl = repl_on(
        &lib,
        "fn play(mv) {\n    this.parent(\"play\", [mv]);\n    this.broken = true;\n}\nfn over() {\n    if this.broken == true { throw \"over() is broken\" }\n    this.parent(\"over\", [])\n}\n",
    );
    let step = repl.execute("1");
    assert!(step.failed);
    assert!(step.output.contains("over() is broken"), "{}", step.output);
    let label = &repl.session().unwrap().log()[0];
    assert!(
        step.output.contains(&format!(
            "the move this command played stands: {label} (`undo` takes it back)"
        )),
        "{}",
        step.output
    );
}

#[test]
fn ctrl_c_stops_a_simulation_started_at_the_repl_and_keeps_the_game() {
    let lib = TempLibrary::new();
    let mut repl = repl_on(&lib, "");
    assert!(!repl.execute("1").failed);
    interrupt::listen();
    interrupt::request();
    let step = repl.execute("sim --games 200 --bot random --threads 2");
    interrupt::clear();
    assert!(step.failed);
    assert!(
        step.output.contains("interrupted (Ctrl-C)"),
        "{}",
        step.output
    );
    assert!(
        step.output.ends_with("the game is unchanged\n"),
        "{}",
        step.output
    );
    assert_eq!(repl.session().unwrap().log().len(), 1);
}

#[test]
fn a_script_is_stopped_when_the_process_holds_more_than_the_memory_ceiling() {
    // Rhai does not measure a map grown by `m[key] = v`: the allocator's count does.
    let lib = TempLibrary::new();
    let limits = Limits {
        max_memory: 0,
        ..Limits::default()
    };
    let e = Session::new(&lib.library, "carcassonne-solo", &[], 7, limits)
        .err()
        .expect("stopped")
        .to_string();
    assert!(e.contains("grew past 0 MiB of memory"), "{e}");
}

#[test]
fn a_value_that_keeps_growing_stops_at_the_memory_ceiling_and_the_game_goes_on() {
    // In a process of its own: the ceiling counts everything the process holds, so in
    // the test binary these runaways would stop the tests running beside them.
    let runaways = [
        "let s = \"ab\"; loop { s += s; }",
        "let a = []; loop { a.push(a.len()); }",
        "let m = #{}; let i = 0; loop { m[`k${i}`] = i; i += 1; }",
    ];
    let input: String = runaways.iter().map(|r| format!("eval {r}\n")).collect();
    let run = houserules(
        &["play", "pig-solo", "--seed", "3"],
        &format!("{input}moves\n"),
    );
    let out = format!("{}{}", run.stdout, run.stderr);
    // Each stops at the ceiling, or at the command's time budget when it grows slowly.
    let stops = out.matches("grew past 1024 MiB").count() + out.matches("time budget").count();
    assert_eq!(stops, runaways.len(), "{out}");
    assert_eq!(
        out.matches("the game is unchanged").count(),
        runaways.len(),
        "{out}"
    );
    assert!(
        out.contains("  1  roll"),
        "the moves are still offered: {out}"
    );
}

#[test]
fn a_runaway_bot_at_the_repl_is_stopped_at_its_line_and_the_game_stays() {
    // At the REPL a bot plays without following each statement (its calls carry whole
    // games); stopped without a line, it is asked again following them, to name it.
    let lib = TempLibrary::new();
    lib.write(
        "scripts/bots/spinner.rhai",
        "fn choose(state, moves) {\n    let i = 0;\n    loop { i += 1; }\n}\n",
    );
    let limits = Limits {
        time_limit: Duration::from_millis(100),
        ..Limits::interactive()
    };
    let mut repl = Repl::new(lib.library.clone(), limits);
    assert!(!repl.execute("new pig-solo --seed 1").failed);
    let step = repl.execute("auto 3 --bot spinner");
    assert!(step.failed, "{}", step.output);
    assert!(
        step.output.contains("scripts/bots/spinner.rhai:3:"),
        "{}",
        step.output
    );
    assert!(step.output.contains("loop { i += 1; }"), "{}", step.output);
    // The first move (a forced roll) was played without asking the bot; the game goes on.
    assert!(repl.execute("log").output.starts_with("  1  roll\n"));
    let hold = repl.execute("bank");
    assert!(!hold.failed, "{}", hold.output);
}

#[test]
fn counted_limits_stop_a_call_by_its_operations_never_by_its_time() {
    // About a second of CPU here, five times the time limit given, within the
    // operations a rule's call may take.
    let spin = "let n = 0;\n    while n < 2_000_000 { n += 1; }\n    true";
    let limits = Limits {
        time_limit: Duration::from_millis(200),
        ..Limits::default()
    };
    let lib = TempLibrary::new();
    let mut timed = before_scoring(&lib, spin, limits);
    let e = timed.play("city:S").unwrap_err().to_string();
    assert!(e.contains("time limit"), "{e}");
    let mut counted = before_scoring(&lib, spin, limits.counted());
    counted.play("city:S").unwrap();
}
