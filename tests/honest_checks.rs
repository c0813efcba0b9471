//! `check` and `sim` say what they know (issue 34, findings 6 and 7): `check` plays
//! several games and names the house rule's functions that never ran; `sim` reports a
//! game without chance as exact, names both sides of a comparison in the order "first
//! side − the one it is compared against", and warns when the two sides never differed.

use crate::common::{houserules, TempLibrary};
use houserules::script::Limits;

/// A Pig house rule whose `jackpot` fires only on a pot of 1,000 (never, in ten turns).
fn pig_jackpot(lib: &TempLibrary) {
    lib.write(
        "scripts/house/jackpot.rhai",
        "fn bank() {\n    if this.pot >= 1000 { return this.jackpot(); }\n    this.parent(\"bank\", []);\n}\n\nfn jackpot() {\n    this.banked += 2 * this.pot;\n    this.pot = 0;\n    this.next_turn();\n}\n",
    );
    lib.write(
        "variants/pig-jackpot.toml",
        "name = \"pig-jackpot\"\nextends = \"pig-solo\"\nscripts = [\"house/jackpot.rhai\"]\n",
    );
}

#[test]
fn check_plays_several_games_and_names_the_rule_that_never_ran() {
    let lib = TempLibrary::new();
    pig_jackpot(&lib);
    let out = houserules::repl::check(&lib.library, "pig-jackpot", Limits::interactive()).unwrap();
    let played = out
        .lines()
        .find_map(|l| l.strip_prefix("played "))
        .unwrap_or_else(|| panic!("{out}"));
    let games: usize = played.split(' ').next().unwrap().parse().unwrap();
    assert!(games >= 4, "{out}");
    assert!(played.contains("bot random and greedy"), "{out}");
    assert!(
        out.contains(
            "never run, so not checked by these games: `jackpot` (scripts/house/jackpot.rhai)"
        ),
        "{out}"
    );
    assert!(
        !out.contains("`bank`"),
        "the rule that fired is not named: {out}"
    );
}

/// A bot without chance: the same moves from the same position, whatever the seed.
fn last_move_bot(lib: &TempLibrary) -> String {
    let path = lib.path("last-move.rhai");
    std::fs::write(&path, "fn choose(state, moves) { moves.len() - 1 }\n").unwrap();
    path.display().to_string()
}

/// `sim` of the France game with a goal of 450 against the plain one (the same play, a
/// game without chance) by `bot`, `games` a side: what it printed, and its JSON.
fn france_450_against_france(
    lib: &TempLibrary,
    bot: &str,
    games: usize,
) -> (String, serde_json::Value) {
    let json = lib.path("run.json");
    let games = games.to_string();
    let run = houserules(
        &[
            "sim",
            "ora-et-labora-solo-france-450",
            "--games",
            &games,
            "--bot",
            bot,
            "--vs",
            "ora-et-labora-solo-france",
            "--json",
            json.to_str().unwrap(),
        ],
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    let doc = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    (run.stdout, doc)
}

#[test]
fn a_game_without_chance_is_played_once_a_side_and_reported_exact() {
    let lib = TempLibrary::new();
    let bot = last_move_bot(&lib);
    let (out, doc) = france_450_against_france(&lib, &bot, 50);
    assert!(out.starts_with("1 game per side from seed 1 ("), "{out}");
    assert!(
        out.contains("\nexact: two seeds played move for move alike"),
        "{out}"
    );
    assert!(
        out.contains("\n  for a spread of games, let a Rhai bot draw its first moves from the seed: `--bot greedy:opening=4`"),
        "the way to a spread is named: {out}"
    );
    for claim in ["95% CI", "p-value =", "p <", "paired t test", "significant"] {
        assert!(!out.contains(claim), "{claim}: {out}");
    }
    assert!(out.contains("\nresult "), "{out}");
    assert!(
        out.contains("ora-et-labora-solo-france-450 − ora-et-labora-solo-france: "),
        "{out}"
    );
    assert!(out.contains(" (exact)\n"), "{out}");
    assert_eq!(doc["exact"], true);
    assert_eq!(doc["games"], 1);
    for side in doc["sides"].as_array().unwrap() {
        assert_eq!(side["results"].as_array().unwrap().len(), 1);
    }
}

/// With an opening drawn by each game's seed, a bot without chance plays other games on
/// other seeds, and the two sides of a comparison open alike on a seed.
#[test]
fn an_opening_drawn_by_the_seed_spreads_a_game_without_chance() {
    let lib = TempLibrary::new();
    let bot = format!("{}:opening=3", last_move_bot(&lib));
    let (out, doc) = france_450_against_france(&lib, &bot, 6);
    assert!(out.starts_with("6 games per side from seed 1 ("), "{out}");
    assert!(!out.contains("exact"), "{out}");
    assert!(out.contains("bot last-move:opening=3: "), "{out}");
    let moves: Vec<Vec<i64>> = doc["sides"]
        .as_array()
        .unwrap()
        .iter()
        .map(|side| {
            let results = side["results"].as_array().unwrap();
            results
                .iter()
                .map(|r| r["moves"].as_i64().unwrap())
                .collect()
        })
        .collect();
    assert!(
        moves[0].iter().any(|&m| m != moves[0][0]),
        "the seeds play other games: {moves:?}"
    );
    assert_eq!(moves[0], moves[1], "a seed opens alike on both sides");
}

#[test]
fn an_opening_is_a_number_of_moves_for_a_scripted_bot() {
    for (bot, said) in [
        (
            "greedy:opening=0",
            "a scripted bot takes one setting, `opening=N`",
        ),
        (
            "greedy:depth=3",
            "a scripted bot takes one setting, `opening=N`",
        ),
        ("random:opening=3", "the bot `random` takes no settings"),
        (
            "/no/such/bot.rhai:opening=2",
            "error: /no/such/bot.rhai: no such bot file",
        ),
    ] {
        let run = houserules(&["sim", "pig-solo", "--games", "2", "--bot", bot], "");
        assert!(
            !run.ok && run.stderr.contains(said),
            "{bot}: {}",
            run.stderr
        );
    }
}

#[test]
fn a_comparison_names_the_first_side_minus_the_one_compared_against() {
    let run = houserules(
        &[
            "sim", "pig-solo", "--games", "20", "--bot", "random", "--set", "turns=5", "--vs",
            "pig-solo",
        ],
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    let line = run
        .stdout
        .lines()
        .find(|l| l.starts_with("turns=5 − pig-solo on the same 20 seeds: "))
        .unwrap_or_else(|| panic!("{}", run.stdout));
    // Five turns score less than the ten of the side it is compared against.
    assert!(line.contains(": -"), "{line}");
    assert!(!run.stdout.contains("warning"), "{}", run.stdout);
    assert!(
        !run.stdout.contains("exact"),
        "dice are chance: {}",
        run.stdout
    );
}

#[test]
fn sides_that_never_differed_are_warned_of() {
    // `turns = 10` is the default: the two sides play the same games.
    let run = houserules(
        &[
            "sim", "pig-solo", "--games", "10", "--bot", "random", "--vs-set", "turns=10",
        ],
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("pig-solo − turns=10 on the same 10 seeds: +0.00"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("warning: the two sides ended every game alike, seed by seed"),
        "{}",
        run.stdout
    );
}
