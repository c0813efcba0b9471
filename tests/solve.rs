//! `houserules solve`: the best game of a puzzle without chance, written as a save that
//! loads at the REPL and replays to the result reported; a game with chance is refused.

use crate::common::{houserules, Run, TempLibrary};
use crate::planner::{orchard, puzzle};
use houserules::players::Player;
use houserules::script::Limits;
use houserules::session::Session;
use houserules::solve;
use std::path::PathBuf;

/// `houserules solve treasure` within 2,000 kops in `lib`: its run (which must succeed)
/// and the save it wrote.
fn solve_treasure(lib: &TempLibrary) -> (Run, PathBuf) {
    solve_puzzle(lib, "treasure")
}

/// `houserules solve PUZZLE` within 2,000 kops in `lib`: its run (which must succeed)
/// and the save it wrote.
fn solve_puzzle(lib: &TempLibrary, puzzle: &str) -> (Run, PathBuf) {
    let save = lib.path("best.save");
    let home = lib.dir.path().to_str().unwrap();
    let args = [
        "--home",
        home,
        "solve",
        puzzle,
        "--budget",
        "2000",
        "--save",
        save.to_str().unwrap(),
    ];
    let run = houserules(&args, "");
    assert!(run.ok, "{}{}", run.stdout, run.stderr);
    (run, save)
}

#[test]
fn solve_writes_the_best_game_as_a_save_that_replays_to_its_result() {
    let lib = puzzle();
    let (run, save) = solve_treasure(&lib);
    assert!(
        run.stdout.starts_with("treasure: 16 in 6 moves"),
        "{}",
        run.stdout
    );
    // Its games: the greedy one, the detour that found the treasure, its last eighth
    // (the last move) played again with detours ahead of each move (none better), then
    // wider whole-game beams.
    assert!(run.stdout.contains("\ngreedy: 13 ("), "{}", run.stdout);
    assert!(
        run.stdout
            .contains("\ndetour at move 1, the third-best other move: 16 ("),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("\nlate detours from move 6: 16 ("),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("\nbeam 2: 13 ("), "{}", run.stdout);
    // Away from a terminal (a pipe, a log), each game is told on standard error as it
    // ends, with the budget spent so far, before the report comes.
    let told: Vec<&str> = run.stderr.lines().collect();
    assert!(
        told.first().is_some_and(|l| l.starts_with("greedy: 13 (")),
        "{}",
        run.stderr
    );
    assert!(
        told.iter().any(
            |l| l.starts_with("detour at move 1, the third-best other move: 16 (")
                && l.ends_with(" of 2000 kops spent")
        ),
        "{}",
        run.stderr
    );
    // Detours that came back to a position of a game played are counted apart.
    assert!(
        run.stdout
            .contains("detours cut short where they came back to one of them"),
        "{}",
        run.stdout
    );
    let (mut session, _) = Session::load(&lib.library, &save, Limits::default()).unwrap();
    assert_eq!(session.score().unwrap()["total"].as_int(), Ok(16));
    assert_eq!(
        session.over().unwrap().as_deref(),
        Some("every round was played")
    );
    // At the REPL, as the report says: `load` replays it, `undo all` goes back to its
    // start and `redo` steps through it, its moves told one by one.
    assert!(
        run.stdout
            .contains("then `undo all` and `redo` step through it"),
        "{}",
        run.stdout
    );
    let mut repl = houserules::repl::Repl::new(lib.library.clone(), Limits::default());
    let loaded = repl.execute(&format!("load {}", save.display())).output;
    assert!(loaded.contains("6 moves"), "{loaded}");
    let log = repl.execute("log").output;
    assert!(log.contains("treasure"), "{log}");
    let back = repl.execute("undo all").output;
    assert!(
        back.contains("took back 6 moves: the game stands at its start"),
        "{back}"
    );
    let stepped = repl.execute("redo 6").output;
    assert!(stepped.contains("played again 6 moves"), "{stepped}");
    let score = repl.execute("score").output;
    assert!(
        score.contains("result: 16"),
        "stepped to its result:\n{score}"
    );
}

#[test]
fn solve_searches_the_end_of_its_best_game_with_wide_beams() {
    // No detour of the orchard's greedy game (16) harvests; a beam over its last eight
    // moves plants, waters and harvests.
    let (run, _) = solve_puzzle(&orchard(), "orchard");
    assert!(
        run.stdout.starts_with("orchard: 25 in 12 moves"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("\ngreedy: 16 ("), "{}", run.stdout);
    assert!(
        run.stdout
            .contains("\nthe last 8 moves planned again: 25 ("),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("\ndetour"), "{}", run.stdout);
    let header = run.stdout.lines().next().unwrap_or_default();
    assert!(
        header.contains("the best game's end planned again"),
        "{header}"
    );
}

#[test]
fn a_game_with_chance_is_refused_with_a_pointer_to_sim() {
    let run = houserules(&["solve", "pig-solo", "--budget", "10"], "");
    assert!(!run.ok);
    assert!(
        run.stderr.contains("this game has chance"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("houserules sim pig-solo --bot search"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_rule_failing_after_a_detour_stops_the_search_and_keeps_the_best_game() {
    // Resting after the map is refused: the greedy game (13) never takes the map, a
    // detour does, and the game played after it fails.
    let lib = puzzle();
    lib.edit(
        "scripts/treasure.rhai",
        "    this.score += mv.points;",
        "    if this.map && mv.label == \"rest\" { throw \"no rest after the map\" }\n    this.score += mv.points;",
    );
    keeps_the_greedy_game_after_an_error(
        &lib,
        &[
            "no rest after the map",
            "the game after the detour at move ",
        ],
    );
}

/// `solve` in `lib` stops at an error it reports (with each of `said`) and writes the
/// greedy game (13), the best found before it.
fn keeps_the_greedy_game_after_an_error(lib: &TempLibrary, said: &[&str]) {
    let (run, save) = solve_treasure(lib);
    assert!(
        run.stdout.starts_with("treasure: 13 in 6 moves"),
        "{}",
        run.stdout
    );
    for said in ["stopped early by an error, the best game so far kept:"]
        .iter()
        .chain(said)
    {
        assert!(run.stdout.contains(said), "{said}: {}", run.stdout);
    }
    let (mut session, _) = Session::load(&lib.library, &save, Limits::default()).unwrap();
    assert_eq!(session.score().unwrap()["total"].as_int(), Ok(13));
}

/// The puzzle with a second bot, `digger` (gold, then the map and the treasure, then
/// rest: 14), named with greedy (13) by `bot_starts` as the games `solve` starts from.
fn puzzle_with_a_digger() -> TempLibrary {
    let lib = puzzle();
    lib.write(
        "scripts/bots/treasure/digger.rhai",
        r#"fn choose(state, moves) {
    let plan = if state.round == 1 { "gold" } else if !state.map { "map" } else { "treasure" };
    let i = moves.index_of(|m| m.label == plan);
    if i >= 0 { i } else { moves.index_of(|m| m.label == "rest") }
}"#,
    );
    lib.write(
        "scripts/bots/treasure/_starts.rhai",
        "fn bot_starts() { [\"greedy\", \"digger\"] }",
    );
    lib
}

#[test]
fn solve_starts_from_each_bot_the_game_names_and_detours_from_the_better_game() {
    let lib = puzzle_with_a_digger();
    let (run, save) = solve_treasure(&lib);
    assert!(run.stdout.contains("\ngreedy: 13 ("), "{}", run.stdout);
    assert!(run.stdout.contains("\ndigger: 14 ("), "{}", run.stdout);
    assert!(
        run.stdout.starts_with("treasure: 16 in 6 moves"),
        "{}",
        run.stdout
    );
    // The best game is a detour from the digger's (it opens with gold; greedy's game
    // opens with the lure), the digger playing on after it.
    let (session, _) = Session::load(&lib.library, &save, Limits::default()).unwrap();
    assert_eq!(session.log()[0], "gold", "{}", run.stdout);
}

#[test]
fn bot_starts_that_name_no_rhai_bot_are_errors_naming_the_file() {
    for (starts, said) in [
        (
            "\"greedy\"",
            "bot_starts() returned greedy, not a list of bot names",
        ),
        ("[]", "bot_starts() returned [], not a list of bot names"),
        ("[\"greedy\", \"nobody\"]", "nobody"),
        ("[\"random\"]", "solve plays on with a Rhai bot"),
    ] {
        let lib = puzzle_with_a_digger();
        lib.write(
            "scripts/bots/treasure/_starts.rhai",
            &format!("fn bot_starts() {{ {starts} }}"),
        );
        let home = lib.dir.path().to_str().unwrap();
        let run = houserules(
            &["--home", home, "solve", "treasure", "--budget", "100"],
            "",
        );
        assert!(!run.ok, "{starts}: {}", run.stdout);
        assert!(run.stderr.contains(said), "{starts}: {}", run.stderr);
        if said.starts_with("bot_starts()") {
            assert!(run.stderr.contains("_starts.rhai"), "{}", run.stderr);
        }
    }
}

#[test]
fn a_start_failing_after_the_first_keeps_the_game_before_it() {
    let lib = puzzle_with_a_digger();
    lib.edit(
        "scripts/bots/treasure/digger.rhai",
        "fn choose(state, moves) {",
        "fn choose(state, moves) {\n    if state.round == 3 { throw \"the digger lost the map\" }",
    );
    keeps_the_greedy_game_after_an_error(
        &lib,
        &[
            "in 6 moves, the one game planned;",
            "\ngreedy: 13 (",
            "digger's game: ",
            "the digger lost the map",
        ],
    );
}

#[test]
fn a_budget_too_small_for_one_game_says_so() {
    let lib = puzzle();
    let home = lib.dir.path().to_str().unwrap();
    let run = houserules(&["--home", home, "solve", "treasure", "--budget", "0"], "");
    assert!(!run.ok, "{}", run.stdout);
    assert!(
        run.stderr
            .contains("stopped by its budget before a whole game was planned"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("a bot's whole game comes first (the default, --budget 2500000"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_save_solve_could_not_write_is_refused_before_it_plans() {
    let lib = puzzle();
    let other = lib.path("other.save");
    std::fs::write(&other, "not a save\n").unwrap();
    let (_, best) = solve_treasure(&lib);
    let missing = lib.path("no-such-folder/best.save");
    for (save, seed, said) in [
        (&other, "1", "exists and is not a houserules save"),
        (&lib.dir.path().to_path_buf(), "1", "a folder, not a file"),
        (&missing, "1", "cannot write a file there: the folder "),
        (&missing, "1", "no-such-folder does not exist\n"),
        (&best, "2", "holds another game (treasure, seed 1"),
        (&best, "2", "name another file with --save"),
    ] {
        let save = save.to_str().unwrap();
        // A budget too small for a game: a refusal that came after planning would say
        // that instead.
        let args = [
            "--home",
            lib.dir.path().to_str().unwrap(),
            "solve",
            "treasure",
            "--seed",
            seed,
            "--budget",
            "1",
            "--save",
            save,
        ];
        let run = houserules(&args, "");
        assert!(!run.ok);
        for said in [said, save] {
            assert!(run.stderr.contains(said), "{said}: {}", run.stderr);
        }
        assert!(
            !run.stderr.contains("stopped by its budget"),
            "{}",
            run.stderr
        );
    }
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "not a save\n");
}

#[test]
fn a_planned_game_that_cannot_be_written_where_asked_goes_to_the_data_folder() {
    let lib = puzzle();
    let (_, best) = solve_treasure(&lib);
    let (session, _) = Session::load(&lib.library, &best, Limits::default()).unwrap();
    // The folder asked for is gone by the time the plan is written.
    let gone = lib.path("gone/best.save");
    let data = lib.path("data");
    let (written, note) = solve::write_plan(&session, &gone, false, Some(data.clone())).unwrap();
    assert_eq!(written, data.join("best.save"));
    let note = note.unwrap();
    assert!(note.contains(gone.to_str().unwrap()), "{note}");
    assert!(
        note.contains(&format!("written to {} instead", written.display())),
        "{note}"
    );
    let (mut again, _) = Session::load(&lib.library, &written, Limits::default()).unwrap();
    assert_eq!(again.score().unwrap()["total"].as_int(), Ok(16));
    // With nowhere else to write, the error is the caller's.
    let refused = solve::write_plan(&session, &gone, false, None).unwrap_err();
    assert!(
        refused.message.contains("cannot write the file"),
        "{refused}"
    );
    // Where it can write, it writes there, and says nothing more.
    let here = lib.path("here.save");
    assert_eq!(
        solve::write_plan(&session, &here, false, Some(data)).unwrap(),
        (here, None)
    );
}

/// A save of the treasure puzzle (seed 1) holding `moves`, with `options`, in `lib`.
fn treasure_save(lib: &TempLibrary, name: &str, variant: &str, options: &str, moves: &str) {
    lib.write(
        name,
        &format!(
            "format = \"houserules-save\"\nversion = 1\nvariant = \"{variant}\"\nseed = 1\nmoves = [{moves}]\n\n[options]\n{options}\n"
        ),
    );
}

/// `houserules solve treasure --from FROM` with `more` arguments, in `lib`.
fn solve_from(lib: &TempLibrary, from: &str, more: &[&str]) -> Run {
    let mut args = vec![
        "--home",
        lib.dir.path().to_str().unwrap(),
        "solve",
        "treasure",
        "--budget",
        "2000",
        "--from",
        from,
    ];
    args.extend_from_slice(more);
    houserules(&args, "")
}

#[test]
fn solve_improves_a_saved_game_played_on_by_the_first_bot() {
    let lib = puzzle();
    // A game of one move, the map: the greedy bot plays on to the treasure (16).
    treasure_save(&lib, "mine.save", "treasure", "", "\"map\"");
    let best = lib.path("best.save");
    let mine = lib.path("mine.save");
    let run = solve_from(
        &lib,
        mine.to_str().unwrap(),
        &["--save", best.to_str().unwrap()],
    );
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stdout.starts_with("treasure: 16 in 6 moves"),
        "{}",
        run.stdout
    );
    let listed = format!("\nfrom {}: 16 (", mine.display());
    assert!(run.stdout.contains(&listed), "{}", run.stdout);
    assert!(run.stdout.contains("\ngreedy: 13 ("), "{}", run.stdout);
    // The detours start from the saved game, the best: none beats it (without it, the
    // detour that finds the treasure is listed).
    assert!(!run.stdout.contains("\ndetour"), "{}", run.stdout);
    let (mut session, _) = Session::load(&lib.library, &best, Limits::default()).unwrap();
    assert_eq!(session.score().unwrap()["total"].as_int(), Ok(16));
    assert_eq!(session.log()[0], "map");
}

#[test]
fn solve_keeps_the_saved_moves_with_keep_and_plans_only_what_follows() {
    let lib = puzzle();
    // The lure first: the best game after it scores 13 (no treasure after the lure);
    // without --keep the search changes that move and finds 16.
    treasure_save(&lib, "lure.save", "treasure", "", "\"lure\"");
    let played_by_you = "\n[[played_by]]\nby = \"you\"\nmoves = 1\n";
    let lure_text = std::fs::read_to_string(lib.path("lure.save")).unwrap();
    lib.write("lure.save", &(lure_text + played_by_you));
    let lure = lib.path("lure.save");
    let lure = lure.to_str().unwrap();
    let free = solve_from(
        &lib,
        lure,
        &["--save", lib.path("free.save").to_str().unwrap()],
    );
    assert!(
        free.stdout.starts_with("treasure: 16 in 6 moves"),
        "{}",
        free.stdout
    );
    let kept_save = lib.path("kept.save");
    let kept = solve_from(
        &lib,
        lure,
        &["--keep", "--save", kept_save.to_str().unwrap()],
    );
    assert!(kept.ok, "{}", kept.stderr);
    assert!(
        kept.stdout
            .starts_with("treasure: 13 in 6 moves (1 kept, 5 planned)"),
        "{}",
        kept.stdout
    );
    let (mut session, _) = Session::load(&lib.library, &kept_save, Limits::default()).unwrap();
    assert_eq!(session.score().unwrap()["total"].as_int(), Ok(13));
    assert_eq!(session.log()[0], "lure");
    let players = session.players();
    assert_eq!(players[..2], [Player::You, Player::Bot("solve".into())]);
    // A rest kept: greedy golds on (10), a detour to the map finds the treasure (16);
    // the move numbers `solve` names count the kept move.
    treasure_save(&lib, "rest.save", "treasure", "", "\"rest\"");
    let rest_solved = lib.path("rest-solved.save");
    let rest = solve_from(
        &lib,
        lib.path("rest.save").to_str().unwrap(),
        &["--keep", "--save", rest_solved.to_str().unwrap()],
    );
    assert!(
        rest.stdout
            .starts_with("treasure: 16 in 6 moves (1 kept, 5 planned)"),
        "{}",
        rest.stdout
    );
    // The map in round 5 (of the whole game: the fourth planned move), then the treasure.
    let detour = "\ndetour at move 5, the best other move: 16 (";
    assert!(rest.stdout.contains(detour), "{}", rest.stdout);
}

#[test]
fn keep_is_refused_without_from_or_after_a_finished_game() {
    let lib = puzzle();
    let home = lib.dir.path().to_str().unwrap();
    let run = houserules(&["--home", home, "solve", "treasure", "--keep"], "");
    assert!(!run.ok);
    assert!(run.stderr.contains("--from <FILE>"), "{}", run.stderr);
    let (_, best) = solve_treasure(&lib);
    let run = solve_from(&lib, best.to_str().unwrap(), &["--keep"]);
    assert!(!run.ok);
    for said in [
        "the saved game is over: --keep leaves no move to plan",
        "leave out --keep",
        best.to_str().unwrap(),
    ] {
        assert!(run.stderr.contains(said), "{said}: {}", run.stderr);
    }
}

#[test]
fn solve_may_write_over_the_game_it_improves_with_another_seed() {
    let lib = puzzle();
    let (_, best) = solve_treasure(&lib);
    let best = best.to_str().unwrap();
    let run = solve_from(&lib, best, &["--seed", "2", "--save", best]);
    assert!(run.ok, "{}", run.stderr);
    let saved = houserules::save::SaveFile::read(std::path::Path::new(best)).unwrap();
    assert_eq!((saved.seed, saved.moves.len()), (2, 6));
}

#[test]
fn a_saved_game_solve_cannot_improve_is_refused_naming_its_file() {
    let lib = puzzle();
    treasure_save(&lib, "orchard.save", "orchard", "", "\"rest\"");
    treasure_save(&lib, "short.save", "treasure", "rounds = \"4\"", "\"rest\"");
    treasure_save(&lib, "dig.save", "treasure", "", "\"rest\", \"dig\"");
    lib.write("junk.save", "not a save\n");
    for (file, said) in [
        ("orchard.save", "holds a game of orchard, not of treasure"),
        ("orchard.save", "houserules --home "),
        ("orchard.save", " solve orchard --from"),
        (
            "short.save",
            "holds a game of treasure --set rounds=4, not of treasure",
        ),
        ("dig.save", "move 2 `dig` is not legal in this game"),
        ("dig.save", "`load "),
        ("junk.save", "corrupt save file"),
        ("missing.save", "missing.save"),
    ] {
        let path = lib.path(file);
        let run = solve_from(&lib, path.to_str().unwrap(), &[]);
        assert!(!run.ok, "{file}: {}", run.stdout);
        for said in [said, file] {
            assert!(run.stderr.contains(said), "{said}: {}", run.stderr);
        }
    }
}
