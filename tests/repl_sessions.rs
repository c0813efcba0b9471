//! The `houserules` binary driven through standard input, as a user's terminal session
//! would be (without prompts, since input is a pipe), and its subcommands.

use crate::common::{
    assert_in_order, house_rule, houserules, houserules_in, with_test_env, TempLibrary, BINARY,
};

#[test]
fn a_piped_session_plays_undoes_saves_loads_and_finishes_with_auto() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.toml");
    let save = save.display();
    let input = format!(
        "variants\nnew carcassonne-solo --seed 7\nshow\nmoves\n1\nlog\nundo\n0,-1@180\ncity:S\nscore\nsave {save}\nload {save}\nlog\nauto\nscore\nquit\n"
    );
    let run = houserules(&[], &input);
    assert!(run.ok, "{}", run.stderr);
    assert_in_order(
        &run.stdout,
        &[
            "\ncarcassonne-solo  ",
            "  Carcassonne — official solo variant\n",
            "new game of carcassonne-solo (Carcassonne — official solo variant), seed 7",
            "tile in hand: L",
            "  1  0,-1@180",
            "played 0,-1@180",
            "  1  0,-1@180",
            "took back 0,-1@180",
            "played 0,-1@180",
            "played city:S",
            "  colour  points  meeples  pile",
            "  red          5",
            "saved 2 moves to",
            "loaded carcassonne-solo (seed 7, 2 moves)",
            "  2  city:S",
            "random played",
            "game over: ",
            "result: ",
        ],
    );
    assert!(
        !run.stdout.contains('\u{1b}'),
        "no ANSI colour when output is not a terminal"
    );
    assert!(!run.stdout.contains("error"), "{}", run.stdout);
}

#[test]
fn errors_in_the_repl_leave_the_game_as_it_was() {
    let input = "moves\nnew nosuch\nnew carcasonne-solo\nnew carcassonne-solo --seed 7\nfoo\n99\nload /nonexistent/file.toml\nsave /nonexistent/dir/g.toml\nnew carcassonne-solo --set meeples_per_colour=0\nundo\n0,-1@180\nlog\n";
    let run = houserules(&[], input);
    assert_in_order(
        &run.stdout,
        &[
            "error: moves: no game is running",
            "error: variants: no variant `nosuch`",
            "error: variants: no variant `carcasonne-solo`; did you mean `carcassonne-solo`?",
            "new game of carcassonne-solo",
            "error: move: `foo` is not a legal move here",
            "error: move: there is no move 99 here",
            "help: `moves` numbers the legal moves 1 to ",
            "error: /nonexistent/file.toml: cannot read the save file",
            "error: /nonexistent/dir/g.toml: cannot write the file: the folder /nonexistent/dir does not exist\n",
            "error: --set: option `meeples_per_colour`: value 0 is out of range 1..=10",
            "error: undo: there is no move to undo",
            "played 0,-1@180",
            "  1  0,-1@180",
        ],
    );
}

#[test]
fn play_starts_the_repl_on_a_game_with_options_set() {
    let run = houserules(
        &[
            "play",
            "carcassonne-solo",
            "--seed",
            "7",
            "--set",
            "meeples_per_colour=5",
        ],
        "options\nshow\n",
    );
    assert!(run.ok, "{}", run.stderr);
    assert_in_order(
        &run.stdout,
        &[
            "seed 7",
            "meeples_per_colour = 5 (changed)",
            "red 1 (last), 5 meeples, pile 23",
        ],
    );
}

#[test]
fn a_game_played_to_the_end_shows_the_result() {
    let run = houserules(
        &["play", "carcassonne-solo", "--seed", "3"],
        "auto 5\nlog\nauto\nmoves\n1\n",
    );
    assert_in_order(
        &run.stdout,
        &[
            "random played 5 moves",
            "  5  ",
            "random played",
            "game over:",
            "game over:",
            "error: move: the game is over",
        ],
    );
}

#[test]
fn a_game_is_stepped_through_from_its_start_with_undo_all_and_redo_n() {
    let run = houserules(
        &["play", "carcassonne-solo", "--seed", "3"],
        "auto 8 --quiet\nundo 2\nundo all\nundo\nredo 3\nredo\nredo all\nredo\nundo 0\nlog\nundo 99999999999999999999\n",
    );
    assert_in_order(
        &run.stdout,
        &[
            "random played 8 moves",
            "took back 2 moves: `",
            "took back 6 moves: the game stands at its start (`redo` or `redo N` plays them again, told)",
            "error: undo: there is no move to undo",
            "  1  ",
            "  3  ",
            "played again 3 moves",
            "next: which feature of the tile gets green's meeple?",
            // A bare `redo` tells its move as `redo 1` would.
            "  4  road:ES",
            "played again 1 move\n",
            "  8  ",
            "played again 4 moves",
            "error: redo: there is no move to redo",
            "error: undo: invalid value '0'",
            "`0` is not a number of moves (1, 2, … or `all`)",
            "the game is unchanged",
            "  8  ",
            "took back 8 moves: the game stands at its start",
        ],
    );
}

#[test]
fn a_move_typed_whole_is_undone_and_redone_whole() {
    let run = houserules(
        &["play", "ora-et-labora-solo-ireland", "--seed", "1"],
        "use Farmyard at 2,1 > with the prior > grain\nfell trees at 1,0\nundo\nundo\nmoves\nredo\nlog\nundo 1\n",
    );
    assert_in_order(
        &run.stdout,
        &[
            "played use Farmyard at 2,1 > with the prior > grain",
            "played fell trees at 1,0",
            "took back fell trees at 1,0",
            // The line typed whole goes back whole: no action is left half asked.
            "took back `use Farmyard at 2,1 > with the prior > grain`",
            "  1  ",
            "use Farmyard at 2,1",
            "played again 3 moves",
            "  3  grain",
            // `undo N` counts steps.
            "took back grain",
        ],
    );
    assert!(!run.stdout.contains("error"), "{}", run.stdout);
}

#[test]
fn a_number_mistyped_is_refused_in_a_players_words() {
    for (args, said) in [
        (
            &["sim", "pig-solo", "--seed", "abc"][..],
            "invalid value 'abc' for '--seed <SEED>': `abc` is not a whole number of 0 or more",
        ),
        (
            &["sim", "pig-solo", "--games", "-3"][..],
            "invalid value '-3' for '--games <N>': `-3` is not a whole number of 0 or more",
        ),
        (
            &["solve", "pig-solo", "--budget", "1e6"][..],
            "`1e6` is not a whole number of 0 or more",
        ),
        (
            &["play", "pig-solo", "--port", "70000"][..],
            "`70000` is too large a number",
        ),
    ] {
        let run = houserules(args, "");
        assert!(
            !run.ok && run.stderr.contains(said),
            "{args:?}: {}",
            run.stderr
        );
    }
    let run = houserules(&["play", "pig-solo", "--seed", "3"], "auto abc\nauto 1\n");
    assert_in_order(
        &run.stdout,
        &[
            "error: auto: invalid value 'abc' for '[MOVES]': `abc` is not a whole number",
            "the game is unchanged",
            "random played 1 move",
        ],
    );
}

#[test]
fn eval_reads_the_state_without_changing_it() {
    let run = houserules(
        &["play", "carcassonne-solo", "--seed", "7"],
        "eval state.scores\neval state.scores[0] = 99; state.scores\neval state.scores\neval state.nope(\n",
    );
    assert_in_order(
        &run.stdout,
        &[
            "[1, 2, 3]",
            "[99, 2, 3]",
            "[1, 2, 3]",
            "error: eval:1:",
            "help: fix the expression and type it again (the game is `state`)",
        ],
    );
}

#[test]
fn eval_shows_a_value_as_print_does() {
    let run = houserules(
        &["play", "carcassonne-solo", "--seed", "3"],
        "auto 20\neval state.events\neval \"text\"\n",
    );
    let events = run
        .stdout
        .lines()
        .find(|l| l.starts_with('['))
        .unwrap_or_else(|| panic!("no list of events: {}", run.stdout));
    assert!(events.contains("\"kind\": "), "{events}");
    assert!(!events.contains("Announced"), "{events}");
    assert!(run.stdout.lines().any(|l| l == "text"), "{}", run.stdout);
}

#[test]
fn check_validates_a_variant_or_exits_non_zero() {
    let run = houserules(&["check", "carcassonne-solo-4-colours"], "");
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stdout
            .starts_with("ok: carcassonne-solo-4-colours — 3 scripts, 8 options\nplayed "),
        "{}",
        run.stdout
    );

    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.toml");
    std::fs::write(
        &bad,
        "name = \"bad\"\nextends = \"carcassonne-solo\"\noptions.colours.default = 9\n",
    )
    .unwrap();
    let run = houserules(&["check", bad.to_str().unwrap()], "");
    assert!(!run.ok);
    assert!(
        run.stderr
            .contains("bad.toml:3:27: option `colours`: default: value 9 is out of range 2..=5"),
        "{}",
        run.stderr
    );
}

/// The commands `houserules --help` lists (without `help`).
fn shell_commands() -> Vec<String> {
    let run = houserules(&["--help"], "");
    let listed = run.stdout.split("Commands:\n").nth(1).unwrap_or_default();
    listed
        .lines()
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_owned)
        .collect()
}

#[test]
fn a_shell_command_typed_at_the_prompt_is_answered_with_the_shell_command() {
    let shell = shell_commands();
    assert!(shell.len() > 10, "{shell:?}");
    let prompt = houserules::repl::grammar::command_names();
    let shell_only = houserules::repl::grammar::SHELL_ONLY;
    for name in &shell {
        assert!(
            prompt.contains(name) != shell_only.contains(&name.as_str()),
            "`{name}` should be either a prompt command or in SHELL_ONLY"
        );
    }
    let input: String = shell_only.iter().map(|c| format!("{c}\n")).collect();
    // The first: while the game asks where the meeple goes.
    let run = houserules(
        &[],
        &format!("new carcassonne-solo --seed 7\n1\nsolve\n1\n{input}"),
    );
    assert_in_order(
        &run.stdout,
        &[
            "next: which feature of the tile gets red's meeple?",
            "error: solve: a command of the shell, not of this prompt",
            "red's meeple goes on",
        ],
    );
    for name in shell_only {
        assert!(shell.iter().any(|s| s == name), "{name}");
        let said = format!(
            "error: {name}: a command of the shell, not of this prompt\nhelp: run `houserules {name}` in a shell"
        );
        assert!(run.stdout.contains(&said), "{said}\n{}", run.stdout);
    }
    // A game without chance in hand: `solve` says how to plan it on from here.
    let options = "--set auto_pay=true";
    let run = houserules(
        &[],
        &format!("new ora-et-labora-solo-france --seed 2 {options}\nsolve\n"),
    );
    let said = format!(
        "help: `save FILE` here, then in a shell `houserules solve ora-et-labora-solo-france {options} --from FILE --keep` plans the rest of this game"
    );
    assert!(run.stdout.contains(&said), "{said}\n{}", run.stdout);
}

#[test]
fn every_subcommand_has_help() {
    for sub in shell_commands() {
        let run = houserules(&[&sub, "--help"], "");
        assert!(
            run.ok && run.stdout.contains("Usage: houserules"),
            "{sub}: {}",
            run.stderr
        );
    }
}

/// The transcript of a fixed game (seed and bot) is committed: any change to the rules,
/// the tile data or the random streams shows up here. Regenerate with UPDATE_GOLDEN=1.
#[test]
fn golden_replay_of_a_random_game() {
    let run = houserules(
        &["play", "carcassonne-solo", "--seed", "42"],
        "auto\nlog\nshow\nscore\n",
    );
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/golden/carcassonne-solo-seed-42.txt"
    );
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(std::path::Path::new(path).parent().unwrap()).unwrap();
        std::fs::write(path, &run.stdout).unwrap();
    }
    let golden =
        std::fs::read_to_string(path).expect("golden file (run with UPDATE_GOLDEN=1 to create it)");
    assert_eq!(run.stdout, golden);
}

#[test]
fn invaders_plays_in_the_repl_to_its_ranking() {
    let run = houserules(
        &["play", "invaders", "--seed", "3"],
        "show\nauto\nshow\nscore\n",
    );
    assert!(run.ok, "{}", run.stderr);
    assert_in_order(
        &run.stdout,
        &[
            "new game of invaders",
            "pyramid (I black invader, P red (yours), R reinforcement, g free space, . played):",
            "  level 7 [I] P ",
            "reinforcement open to levels: 3, 2, 1",
            "tile in hand:",
            "random played",
            "game over: the last tile was placed",
            "result: ",
            "(red's score minus black's), rank: ",
            "  red ",
            "  black ",
        ],
    );
}

#[test]
fn an_invalid_input_line_is_reported_with_its_number_and_reading_goes_on() {
    let mut input = b"new pig-solo --seed 1\n".to_vec();
    input.extend_from_slice(b"ro\xffll\nroll\n");
    // The data folder is a temporary one: the unfinished game is kept there, never in
    // the user's own.
    let data = tempfile::tempdir().unwrap();
    let out = with_test_env(
        &mut std::process::Command::new(BINARY),
        &data.path().join("games.sqlite"),
        data.path(),
    )
    .stdin(std::process::Stdio::piped())
    .stdout(std::process::Stdio::piped())
    .spawn()
    .and_then(|mut child| {
        use std::io::Write;
        child.stdin.take().unwrap().write_all(&input)?;
        child.wait_with_output()
    })
    .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(!out.status.success());
    assert_in_order(
        &stdout,
        &[
            "error: input line 2 is not valid UTF-8 text; it was skipped",
            "played roll",
        ],
    );
}

#[test]
fn printing_in_a_loop_is_cut_with_a_note() {
    let run = houserules(
        &["play", "pig-solo", "--seed", "1"],
        "eval for i in 0..20000 { print(\"0123456789\"); }\nroll\n",
    );
    assert!(run.ok, "{}", run.stderr);
    assert!(run.stdout.len() < 200_000, "{} bytes", run.stdout.len());
    assert_in_order(
        &run.stdout,
        &[
            "0123456789\n",
            "more printed lines cut (at most 64 KiB",
            "played roll",
        ],
    );
}

#[test]
fn an_unfinished_game_is_kept_when_the_repl_ends_and_resume_goes_on_with_it() {
    let data = tempfile::tempdir().unwrap();
    let run = |args: &[&str], input: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_houserules"))
            .args(args)
            .env("HOUSERULES_HOME", env!("CARGO_MANIFEST_DIR"))
            .env("HOUSERULES_DB", data.path().join("games.sqlite"))
            .env("XDG_DATA_HOME", data.path())
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                child.stdin.take().unwrap().write_all(input.as_bytes())?;
                child.wait_with_output()
            })
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let first = run(&["play", "pig-solo", "--seed", "1"], "roll\nroll\nquit\n");
    assert!(
        first.contains("your unfinished game is saved in"),
        "{first}"
    );
    let resumed = run(&["resume"], "log\n");
    assert_in_order(&resumed, &["loaded", "  1  roll", "  2  roll"]);
}

#[test]
fn a_game_put_aside_by_new_or_by_another_session_is_kept_and_said_so() {
    let data = tempfile::tempdir().unwrap();
    let pig = |seed: &str, input: &str| {
        houserules_in(data.path(), &["play", "pig-solo", "--seed", seed], input).stdout
    };
    assert_in_order(
        &pig("1", "roll\nnew pig-solo --seed 2\nroll\n"),
        &[
            "note: the game you had (pig-solo, seed 1, 1 move) is not finished; it is saved in ",
            "your unfinished game is saved in ",
            "the game kept there before (pig-solo, seed 1, 1 move) is now `houserules resume 1`",
        ],
    );
    // A piped session ending with a game of its own keeps the one before it too.
    let next = pig("3", "roll\n");
    assert!(
        next.contains(
            "the game kept there before (pig-solo, seed 2, 1 move) is now `houserules resume 1`"
        ),
        "{next}"
    );
    let resumed = houserules_in(data.path(), &["resume", "2"], "log\n").stdout;
    assert_in_order(&resumed, &["loaded pig-solo (seed 1, 1 move)", "  1  roll"]);
}

#[test]
fn a_reader_that_goes_away_early_costs_nothing() {
    for args in [&["variants"][..], &["history", "--json"]] {
        let data = tempfile::tempdir().unwrap();
        let mut child = with_test_env(
            &mut std::process::Command::new(BINARY),
            &data.path().join("games.sqlite"),
            data.path(),
        )
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
        // As `| head -c 0` does: the output has nowhere to go.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(
            out.status.success() && stderr.is_empty(),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn a_variant_check_refuses_is_not_played_either() {
    let lib = TempLibrary::new();
    house_rule(&lib, "broken", "fn score( {\n");
    let home = lib.dir.path().to_str().unwrap();
    let check = houserules(&["--home", home, "check", "broken"], "");
    let play = houserules(&["--home", home, "play", "broken"], "show\n");
    for run in [&check, &play] {
        assert!(!run.ok);
        assert!(
            run.stderr.contains("scripts/house/broken.rhai"),
            "{}",
            run.stderr
        );
    }
    // No REPL opened on no game.
    assert_eq!(play.stdout, "");
}
