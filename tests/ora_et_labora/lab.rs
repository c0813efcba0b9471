//! Ora et Labora in the simulation lab and the records: the greedy bot, shards, and a
//! recorded game listed and replayed.

use crate::common::{assert_in_order, houserules, houserules_with_db};

/// The mean result of `games` games of `bot`, from the JSON of a run.
fn mean(variant: &str, bot: &str, games: &str, dir: &std::path::Path) -> f64 {
    let json = dir.join(format!("{variant}-{bot}.json"));
    let run = houserules(
        &[
            "sim",
            variant,
            "--games",
            games,
            "--bot",
            bot,
            "--json",
            json.to_str().unwrap(),
        ],
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    doc["sides"][0]["summary"]["score"]["mean"]
        .as_f64()
        .unwrap()
}

#[test]
#[ignore = "experiment: bot strength (cargo test --locked --release -- --ignored)"]
fn the_greedy_bot_beats_the_random_bot_by_a_margin_in_both_games() {
    let dir = tempfile::tempdir().unwrap();
    for variant in ["ora-et-labora-solo-ireland", "ora-et-labora-solo-france"] {
        // The solo game has no chance: the greedy bot plays every seed alike.
        let greedy = mean(variant, "greedy", "1", dir.path());
        let random = mean(variant, "random", "8", dir.path());
        assert!(
            greedy > random + 10.0,
            "{variant}: greedy {greedy}, random {random}"
        );
    }
}

#[test]
fn shards_of_an_ora_et_labora_sim_merged_equal_the_whole_run() {
    let dir = tempfile::tempdir().unwrap();
    let out = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let sim = |extra: &[&str], json: &str| {
        let mut args = vec![
            "sim",
            "ora-et-labora-solo-ireland",
            "--games",
            "4",
            "--bot",
            "random",
            "--json",
            json,
        ];
        args.extend_from_slice(extra);
        assert!(houserules(&args, "").ok);
    };
    let (whole, one, two, merged) = (out("w.json"), out("1.json"), out("2.json"), out("m.json"));
    sim(&[], &whole);
    sim(&["--shard", "1/2"], &one);
    sim(&["--shard", "2/2"], &two);
    assert!(houserules(&["merge", &two, &one, "--json", &merged], "").ok);
    assert_eq!(
        std::fs::read_to_string(&merged).unwrap(),
        std::fs::read_to_string(&whole).unwrap()
    );
}

#[test]
fn a_recorded_game_is_listed_with_its_goal_and_replayed() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let played = houserules_with_db(
        &db,
        &["play", "ora-et-labora-solo-france", "--seed", "4"],
        "auto\n",
    );
    assert!(played.ok, "{}", played.stderr);
    assert!(
        played.stdout.contains("recorded as game 1"),
        "{}",
        played.stdout
    );
    let history = houserules_with_db(&db, &["history"], "");
    assert_in_order(
        &history.stdout,
        &[
            "ora-et-labora-solo-france",
            "the last settlement phase is over",
        ],
    );
    let goals = houserules_with_db(&db, &["goals", "ora-et-labora-solo-france"], "");
    assert_in_order(
        &goals.stdout,
        &["0 of 1 goals reached", "[ ] goal", "Reach 500 points"],
    );
    let replayed = houserules_with_db(&db, &["replay", "1"], "score\n");
    assert!(replayed.ok, "{}", replayed.stderr);
    assert_in_order(&replayed.stdout, &["replayed game 1", "  settlements "]);
}
