//! The games database against real SQLite files in temporary folders: recording,
//! listing, filtering and replaying; the goals checklist; rankings; the upgrade from the
//! first schema version; and databases that are damaged, locked or too new, which never
//! cost the game in hand.

use crate::common::{
    assert_in_order, house_rule, houserules_at, houserules_with_db, library, type_moves,
    TempLibrary,
};
use houserules::diagnostic::Kind;
use houserules::manifest::Library;
use houserules::records::{self, GameRecord, GoalReached, HistoryQuery, Store};
use houserules::script::Limits;
use houserules::session::Session;
use std::path::{Path, PathBuf};

/// A game of `variant` played to the end as you would, moves chosen at random.
fn finished_in(lib: &Library, variant: &str, seed: u64, options: &[(&str, &str)]) -> Session {
    let options: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let mut s = Session::new(lib, variant, &options, seed, Limits::default()).unwrap();
    type_moves(&mut s, seed, None);
    assert!(s.over().unwrap().is_some());
    s
}

fn finished(seed: u64, options: &[(&str, &str)]) -> Session {
    finished_in(&library(), "carcassonne-solo", seed, options)
}

fn record(seed: u64, options: &[(&str, &str)]) -> GameRecord {
    GameRecord::of_session(&mut finished(seed, options)).unwrap()
}

/// A temporary folder and a database path inside it (not created yet).
fn temp_db() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("nested/games.sqlite");
    (dir, db)
}

/// A database file made by `sql` (an older or newer program's), in a temporary folder.
fn db_made_by(sql: &str) -> (tempfile::TempDir, PathBuf) {
    let (dir, db) = temp_db();
    std::fs::create_dir_all(db.parent().unwrap()).unwrap();
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute_batch(sql)
        .unwrap();
    (dir, db)
}

/// A file that is not a database where the database should be.
fn garbage_db(text: &str) -> (tempfile::TempDir, PathBuf) {
    let (dir, db) = temp_db();
    std::fs::create_dir_all(db.parent().unwrap()).unwrap();
    std::fs::write(&db, text).unwrap();
    (dir, db)
}

fn ids(db: &Path, query: &HistoryQuery) -> Vec<i64> {
    Store::open(db)
        .unwrap()
        .list(query)
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect()
}

#[test]
fn a_finished_game_becomes_a_record_of_everything_needed_to_judge_and_replay_it() {
    let mut s = finished(3, &[("meeples_per_colour", "5"), ("colours", "3")]);
    let r = GameRecord::of_session(&mut s).unwrap();
    assert_eq!(r.variant, "carcassonne-solo");
    assert_eq!(r.seed, 3);
    assert_eq!(r.moves, s.log());
    assert_eq!(r.end_reason, s.over().unwrap().unwrap());
    assert_eq!(r.total, s.score().unwrap()["total"].as_int().ok());
    assert_eq!(r.score["red"], s.score().unwrap()["red"].as_int().unwrap());
    // `colours = 3` is the default: only the changed option is kept.
    assert_eq!(r.options_text(), "meeples_per_colour=5");
    assert!(r.variant_result);
    assert_eq!(r.scripts_hash, s.rules().scripts_hash());
    assert_eq!(r.scripts_hash.len(), 64);
    assert_eq!(r.rank, None);
    assert!(r.played_at.len() == 19 && r.played_at.starts_with("20"));
    let reached: Vec<String> = s
        .goals()
        .unwrap()
        .into_iter()
        .filter(|g| g.reached)
        .map(|g| g.id)
        .collect();
    let recorded: Vec<String> = r.goals.iter().map(|g| g.id.clone()).collect();
    assert_eq!(recorded, reached);

    let e = GameRecord::of_session(
        &mut Session::new(&library(), "carcassonne-solo", &[], 1, Limits::default()).unwrap(),
    )
    .unwrap_err();
    assert_eq!(
        (e.kind, e.message.as_str()),
        (Kind::Usage, "the game is not over")
    );
}

#[test]
fn games_are_recorded_listed_filtered_and_replayed() {
    let (_dir, db) = temp_db();
    let mut store = Store::open(&db).unwrap();
    let mut records = Vec::new();
    for (i, seed) in [1, 2, 3].into_iter().enumerate() {
        let mut r = record(seed, &[]);
        r.played_at = format!("2026-01-0{} 10:00:00", i + 1);
        assert_eq!(store.add(&r).unwrap(), i as i64 + 1);
        records.push(r);
    }
    let mut other = GameRecord::of_session(&mut finished_in(
        &library(),
        "carcassonne-solo-4-colours",
        4,
        &[],
    ))
    .unwrap();
    other.played_at = "2026-01-04 10:00:00".into();
    assert_eq!(store.add(&other).unwrap(), 4);
    drop(store);

    // Newest first by default; best first puts the highest result first.
    assert_eq!(ids(&db, &HistoryQuery::default()), [4, 3, 2, 1]);
    let solo = HistoryQuery {
        variant: Some("carcassonne-solo".into()),
        ..HistoryQuery::default()
    };
    assert_eq!(ids(&db, &solo), [3, 2, 1]);
    let best = HistoryQuery {
        best_first: true,
        ..solo.clone()
    };
    let mut by_total: Vec<(i64, i64)> = records
        .iter()
        .enumerate()
        .map(|(i, r)| (-r.total.unwrap(), i as i64 + 1))
        .collect();
    by_total.sort();
    let expected: Vec<i64> = by_total.iter().map(|&(_, id)| id).collect();
    assert_eq!(ids(&db, &best), expected);
    let one = HistoryQuery {
        limit: Some(1),
        ..best
    };
    assert_eq!(ids(&db, &one), expected[..1]);

    // A game comes back exactly as it was recorded, and replays to the same end.
    let mut store = Store::open(&db).unwrap();
    assert_eq!(store.get(2).unwrap().record, records[1]);
    assert_eq!(store.get(4).unwrap().record, other);
    let (game, mut session) = records::replay(&db, 2, &library(), Limits::default()).unwrap();
    assert_eq!(game.id, 2);
    assert_eq!(session.log(), records[1].moves);
    assert_eq!(
        session.over().unwrap().as_deref(),
        Some(records[1].end_reason.as_str())
    );
    assert_eq!(
        GameRecord::of_session(&mut session).unwrap().score,
        records[1].score
    );
    let missing = store.get(99).unwrap_err();
    assert_eq!(
        (missing.kind, missing.file()),
        (Kind::NotFound, db.to_str())
    );
}

#[test]
fn a_variant_result_is_replayed_with_its_options() {
    let (_dir, db) = temp_db();
    let r = record(5, &[("meeples_per_colour", "6"), ("final_order", "player")]);
    Store::open(&db).unwrap().add(&r).unwrap();
    let (_, session) = records::replay(&db, 1, &library(), Limits::default()).unwrap();
    assert_eq!(session.options()["meeples_per_colour"].to_string(), "6");
    assert_eq!(session.log(), r.moves);
}

#[test]
fn history_prints_a_table_or_json_for_tools() {
    let (_dir, db) = temp_db();
    // Read, a database not there yet is an empty one, and nothing is made on disk: a
    // mistyped `--db` leaves no folder behind.
    assert_eq!(
        records::history(&db, &HistoryQuery::default(), false).unwrap(),
        format!(
            "note: no games database at {} yet: it is made when a game is first recorded\nno games recorded yet\n",
            db.display()
        )
    );
    let Err(e) = records::replay(&db, 1, &library(), Limits::default()) else {
        panic!("game 1 replayed from no database");
    };
    assert!(e.to_string().contains("there is no game number 1"), "{e}");
    assert!(!db.parent().unwrap().exists());
    let mut r = record(1, &[("meeples_per_colour", "5")]);
    r.played_at = "2026-03-04 05:06:07".into();
    Store::open(&db).unwrap().add(&r).unwrap();
    let table = records::history(&db, &HistoryQuery::default(), false).unwrap();
    assert_in_order(
        &table,
        &[
            "game  date (UTC)        variant",
            "   1  2026-03-04 05:06  carcassonne-solo",
            &format!("{:>6}", r.total.unwrap()),
            "variant result (meeples_per_colour=5)\n",
            &r.end_reason,
        ],
    );
    let invaders = HistoryQuery {
        variant: Some("invaders".into()),
        ..HistoryQuery::default()
    };
    assert_eq!(
        records::history(&db, &invaders, false).unwrap(),
        "no games of `invaders` recorded yet\n",
        "a filter that finds nothing says so, not that the database is empty"
    );
    let json = records::history(&db, &HistoryQuery::default(), true).unwrap();
    let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(parsed[0]["id"], 1);
    assert_eq!(parsed[0]["variant"], "carcassonne-solo");
    assert_eq!(parsed[0]["options"]["meeples_per_colour"], "5");
    assert_eq!(parsed[0]["variant_result"], true);
    assert_eq!(parsed[0]["moves"].as_array().unwrap().len(), r.moves.len());
    assert_eq!(parsed[0]["total"], r.total.unwrap());
}

fn goal(id: &str, text: &str) -> GoalReached {
    GoalReached {
        id: id.into(),
        text: text.into(),
    }
}

#[test]
fn the_checklist_ticks_each_goal_with_the_first_game_and_keeps_variant_results_apart() {
    let (_dir, db) = temp_db();
    let mut store = Store::open(&db).unwrap();
    let mut r = record(1, &[]);
    let g1 = goal("G1", "Scoring a road worth at least 10 points");
    let g5 = goal("G5", "Scoring a city worth at least 16 points");
    r.goals = vec![g1.clone()];
    r.played_at = "2026-02-01 09:00:00".into();
    store.add(&r).unwrap();
    r.played_at = "2026-02-02 09:00:00".into();
    store.add(&r).unwrap();
    let mut v = record(2, &[("meeples_per_colour", "5")]);
    v.goals = vec![g1, g5, goal("OLD", "A goal the rules no longer list")];
    v.played_at = "2026-02-03 09:00:00".into();
    store.add(&v).unwrap();

    let text = records::goals(&db, &mut finished(1, &[])).unwrap();
    assert_in_order(
        &text,
        &[
            "goals of carcassonne-solo (Carcassonne — official solo variant): 1 of 15 goals reached\n",
            "[x] G1   Scoring a road worth at least 10 points  ",
            "game 1, 2026-02-01 09:00; 2 games\n",
            "[ ] G2 ",
            "[v] G5   Scoring a city worth at least 16 points  ",
            "as a variant result: game 3, 2026-02-03 09:00 (meeples_per_colour=5)\n",
            "[ ] G14  Having used all tiles\n",
            "[v] OLD  A goal the rules no longer list",
            "[x] reached in a game you played with the variant's own rules and options; [v] only with options changed;\n",
        ],
    );
}

#[test]
fn the_checklist_marks_what_the_game_in_hand_has_reached() {
    let (_dir, db) = temp_db();
    let lib = TempLibrary::new();
    house_rule(
        &lib,
        "everything",
        "fn goals() { [goal(\"A\", \"Anything\", true), goal(\"B\", \"Nothing\", false)] }\n",
    );
    let mut s = Session::new(&lib.library, "everything", &[], 1, Limits::default()).unwrap();
    let text = records::goals(&db, &mut s).unwrap();
    assert_in_order(
        &text,
        &[
            ": 0 of 2 goals reached",
            "[ ] A  Anything  reached in this game\n",
            "[ ] B  Nothing\n",
        ],
    );
}

/// A house rule ranking the result, as a variant's `score()` may: the rank is shown with
/// the result and kept in the record.
#[test]
fn a_rank_in_the_score_map_is_shown_and_recorded() {
    let lib = TempLibrary::new();
    house_rule(
        &lib,
        "ranked",
        "fn score() {\n    let low = this.lowest();\n    #{ total: low, rank: if low >= 10 { \"Knight\" } else { \"Squire\" } }\n}\n",
    );
    let mut s = finished_in(&lib.library, "ranked", 7, &[]);
    let r = GameRecord::of_session(&mut s).unwrap();
    let rank_of = |t: i64| if t >= 10 { "Knight" } else { "Squire" };
    let expected = rank_of(r.total.unwrap());
    assert_eq!(r.rank.as_deref(), Some(expected));
    let (_dir, db) = temp_db();
    Store::open(&db).unwrap().add(&r).unwrap();
    assert_eq!(
        Store::open(&db)
            .unwrap()
            .get(1)
            .unwrap()
            .record
            .rank
            .as_deref(),
        Some(expected)
    );
    let table = records::history(&db, &HistoryQuery::default(), false).unwrap();
    assert!(table.contains(&format!("rank: {expected}\n")), "{table}");

    let home = lib.dir.path().to_str().unwrap();
    let run = houserules_with_db(
        &db,
        &["--home", home, "play", "ranked", "--seed", "7"],
        "auto\n",
    );
    // "result: N (how it is made), rank: R".
    let line = |prefix: &str| {
        run.stdout
            .lines()
            .find_map(|l| l.strip_prefix(prefix))
            .unwrap_or_else(|| panic!("no {prefix:?} line in {}", run.stdout))
            .to_owned()
    };
    let result = line("result: ");
    let total: i64 = result.split(' ').next().unwrap().parse().unwrap();
    let rank = result
        .split_once(", rank: ")
        .map(|(_, r)| r)
        .unwrap_or_default();
    assert_eq!(rank, rank_of(total), "{}", run.stdout);
}

/// The first schema, as the first houserules with records wrote it.
const SCHEMA_1: &str = "
    CREATE TABLE schema_version (version INTEGER NOT NULL);
    INSERT INTO schema_version (version) VALUES (1);
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        played_at TEXT NOT NULL,
        variant TEXT NOT NULL,
        options TEXT NOT NULL,
        scripts_hash TEXT NOT NULL,
        seed TEXT NOT NULL,
        moves TEXT NOT NULL,
        total INTEGER,
        score TEXT NOT NULL,
        end_reason TEXT NOT NULL
    );
    CREATE INDEX games_by_variant ON games (variant, total);
    INSERT INTO games (played_at, variant, options, scripts_hash, seed, moves, total, score, end_reason)
    VALUES ('2025-06-01 12:00:00', 'carcassonne-solo', '{}', 'abc', '7', '[\"0,-1@180\"]', 12,
            '{\"total\":12,\"red\":12}', 'the last tile was placed'),
           ('2025-06-02 12:00:00', 'carcassonne-invaders', '{\"pyramid\":\"b8\"}', 'def', '18446744073709551615',
            '[]', 30, '{\"total\":30,\"rank\":\"Great Knight\"}', 'the invaders reached the city');
";

#[test]
fn a_database_of_the_first_schema_is_upgraded_in_place() {
    let (_dir, db) = db_made_by(SCHEMA_1);

    let mut store = Store::open(&db).unwrap();
    let old = store.get(2).unwrap().record;
    assert_eq!(
        old.rank.as_deref(),
        Some("Great Knight"),
        "taken from the score map"
    );
    assert!(old.variant_result, "options were changed");
    assert_eq!(old.seed, u64::MAX);
    assert!(old.goals.is_empty(), "never judged");
    let first = store.get(1).unwrap().record;
    assert_eq!((first.rank, first.variant_result), (None, false));
    assert_eq!(first.moves, ["0,-1@180"]);

    // The upgraded database takes new games with their goals.
    let mut r = record(1, &[]);
    r.goals = vec![goal("G14", "Having used all tiles")];
    assert_eq!(store.add(&r).unwrap(), 3);
    assert_eq!(store.get(3).unwrap().record, r);
    drop(store);
    let version: i64 = rusqlite::Connection::open(&db)
        .unwrap()
        .query_row("SELECT version FROM schema_version", [], |row| row.get(0))
        .unwrap();
    assert_eq!(version, records::schema::LATEST);
    // Opening again changes nothing.
    assert_eq!(
        Store::open(&db)
            .unwrap()
            .list(&HistoryQuery::default())
            .unwrap()
            .len(),
        3
    );
}

#[test]
fn a_database_of_a_newer_schema_is_refused_and_left_alone() {
    let (_dir, db) = db_made_by(
        "CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (99);",
    );
    let e = Store::open(&db).err().unwrap();
    assert_eq!(
        e.to_string(),
        format!(
            "{}: the games database has schema version 99; this houserules knows versions up to {}\nhelp: it was written by a newer houserules: use that one, or choose another file with --db FILE or HOUSERULES_DB",
            db.display(),
            records::schema::LATEST
        )
    );
}

#[test]
fn a_corrupt_file_is_named_with_what_to_do() {
    let (_dir, db) = garbage_db(&"these are not the bytes of an SQLite database\n".repeat(40));
    let e = Store::open(&db).err().unwrap();
    assert_eq!((e.kind, e.file()), (Kind::Records, db.to_str()));
    assert!(
        e.message
            .starts_with("this is not a games database, or it is damaged"),
        "{e}"
    );
    assert_eq!(
        e.help.as_deref(),
        Some("move the file aside (a new database is made the next time), or choose another file with --db FILE or HOUSERULES_DB")
    );
}

#[test]
fn a_locked_database_says_so() {
    let (_dir, db) = temp_db();
    Store::open(&db).unwrap();
    let holder = rusqlite::Connection::open(&db).unwrap();
    holder.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let e = Store::open(&db).err().unwrap();
    assert_eq!(e.message, "the games database is locked by another program");
    assert_eq!((e.kind, e.file()), (Kind::Records, db.to_str()));
}

// ---------------------------------------------------------------- through the binary

#[test]
fn the_repl_records_a_finished_game_once_and_history_and_replay_find_it() {
    let (_dir, db) = temp_db();
    let run = houserules_with_db(
        &db,
        &["play", "carcassonne-solo", "--seed", "42"],
        "auto\nshow\nundo\nauto\nnew carcassonne-solo --seed 7\nauto 3\nquit\n",
    );
    assert!(run.ok, "{}", run.stderr);
    assert_in_order(
        &run.stdout,
        &[
            "game over: ",
            "recorded as game 1, not counted for goals (played by random); `history` lists the games\n",
        ],
    );
    assert_eq!(
        run.stdout.matches("recorded as game").count(),
        1,
        "once per game, not again after undo, nor for a game left unfinished: {}",
        run.stdout
    );

    let run = houserules_with_db(&db, &["history", "--json"], "");
    assert!(run.ok, "{}", run.stderr);
    let games: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(games.as_array().unwrap().len(), 1);
    assert_eq!(games[0]["seed"], 42);
    assert_eq!(games[0]["variant_result"], false);

    let run = houserules_with_db(
        &db,
        &["replay", "1"],
        "log\nhistory --variant carcassonne-solo\n",
    );
    assert!(run.ok, "{}", run.stderr);
    assert_in_order(
        &run.stdout,
        &[
            "replayed game 1: carcassonne-solo (seed 42, 19 moves, played ",
            "game over: ",
            " 19  3,1@180\n",
            "   1  20",
        ],
    );
    assert!(
        !run.stdout.contains("recorded as"),
        "a replay is not a new game"
    );

    assert_goals_without_a_variant_show(&db, "carcassonne-solo");
}

#[test]
fn goals_without_a_variant_shows_the_newest_recorded_games_checklist() {
    let (_dir, db) = temp_db();
    let run = houserules_with_db(&db, &["goals"], "");
    assert!(!run.ok);
    assert!(
        run.stderr.contains("no game is recorded yet")
            && run
                .stderr
                .contains("name a variant: `houserules goals VARIANT`"),
        "{}",
        run.stderr
    );
    for (variant, seed) in [("carcassonne-solo", "3"), ("invaders", "4")] {
        let run = houserules_with_db(&db, &["play", variant, "--seed", seed], "auto\nquit\n");
        assert!(run.stdout.contains("recorded as game"), "{}", run.stdout);
    }
    assert_goals_without_a_variant_show(&db, "invaders");
}

/// `houserules goals` with no variant named shows `variant`'s checklist.
fn assert_goals_without_a_variant_show(db: &Path, variant: &str) {
    let run = houserules_with_db(db, &["goals"], "");
    assert!(run.ok, "{}", run.stderr);
    let heading = format!("goals of {variant} ");
    assert!(run.stdout.starts_with(&heading), "{}", run.stdout);
}

#[test]
fn export_of_a_game_in_progress_says_what_keeps_it() {
    let (dir, db) = temp_db();
    let export = dir.path().join("game.json");
    let run = houserules_with_db(
        &db,
        &["play", "pig-solo", "--seed", "3"],
        &format!("export {}\nroll\n", export.display()),
    );
    assert_in_order(
        &run.stdout,
        &[
            "error: export: the game is not over: only a finished game has a record\n\
             help: `save FILE` keeps a game in progress; `auto` plays it to the end\n\
             the game is unchanged\n",
            "played roll\n",
        ],
    );
    assert!(!export.exists(), "nothing is written");
}

#[test]
fn a_corrupt_database_still_shows_the_result_keeps_the_game_and_it_can_be_exported() {
    let (dir, db) = garbage_db(&"garbage ".repeat(100));
    let export = dir.path().join("game.json");
    let run = houserules_with_db(
        &db,
        &["play", "carcassonne-solo", "--seed", "42"],
        &format!("auto\nexport {}\n", export.display()),
    );
    assert!(run.ok, "{}", run.stderr);
    assert_in_order(
        &run.stdout,
        &[
            "game over: a meeple had to be placed but none was left\nresult: 7 (",
            &format!(
                "note: {}: this is not a games database, or it is damaged",
                db.display()
            ),
            "help: move the file aside",
            "the game is kept in ",
            "games.sqlite.pending/",
            " and is recorded the next time the database can be written\n",
            "wrote the game's record to ",
        ],
    );
    let exported: GameRecord =
        serde_json::from_str(&std::fs::read_to_string(&export).unwrap()).unwrap();
    assert_eq!(
        (exported.seed, exported.total, exported.moves.len()),
        (42, Some(7), 19)
    );
    assert_eq!(
        std::fs::read_to_string(&db).unwrap(),
        "garbage ".repeat(100),
        "left as it was"
    );

    let run = houserules_with_db(&db, &["history"], "");
    assert!(!run.ok);
    assert!(
        run.stderr.starts_with(&format!(
            "error: {}: this is not a games database",
            db.display()
        )),
        "{}",
        run.stderr
    );
}

#[test]
fn bots_outside_the_repl_record_nothing() {
    let (_dir, db) = temp_db();
    let run = houserules_with_db(&db, &["bench", "pig-solo", "--games", "2"], "");
    assert!(run.ok, "{}", run.stderr);
    let run = houserules_with_db(&db, &["check", "carcassonne-solo"], "");
    assert!(run.ok, "{}", run.stderr);
    assert!(!db.exists());
}

#[test]
fn simulations_are_recorded_only_when_asked() {
    let (_dir, db) = temp_db();
    let sim = |extra: &[&str]| {
        let mut args = vec![
            "sim",
            "carcassonne-solo",
            "--games",
            "3",
            "--bot",
            "random",
            "--threads",
            "2",
        ];
        args.extend_from_slice(extra);
        let run = houserules_with_db(&db, &args, "");
        assert!(run.ok, "{}", run.stderr);
        run.stdout
    };
    sim(&[]);
    assert!(
        !db.exists()
            || Store::open(&db)
                .unwrap()
                .list(&HistoryQuery::default())
                .unwrap()
                .is_empty()
    );
    let out = sim(&["--record"]);
    assert!(out.contains("recorded 3 games in"), "{out}");
    let games = Store::open(&db)
        .unwrap()
        .list(&HistoryQuery::default())
        .unwrap();
    assert_eq!(games.len(), 3);
    // Each recorded game says the bot played it, and replays to the result the
    // simulation reported.
    for g in games {
        assert_eq!(
            houserules::players::summary(&g.record.played_by),
            "random",
            "game {}",
            g.id
        );
        assert_eq!(
            g.record.standing(),
            records::Standing::Apart("played by random".into())
        );
        let mut s = Session::from_save(&library(), &g.record.to_save(), Limits::default()).unwrap();
        assert_eq!(
            s.score().unwrap()["total"].as_int().unwrap(),
            g.record.total.unwrap()
        );
        assert!(s.over().unwrap().is_some());
    }
}

// ---------------------------------------------------------------- locks and failures

/// A connection of another program holding the database's write lock until dropped.
fn exclusive_lock(db: &Path) -> rusqlite::Connection {
    let holder = rusqlite::Connection::open(db).unwrap();
    holder.execute_batch("BEGIN EXCLUSIVE").unwrap();
    holder
}

#[test]
fn a_game_finished_while_the_database_is_locked_waits_and_is_recorded_next_time() {
    let (_dir, db) = temp_db();
    Store::open(&db).unwrap();
    let holder = exclusive_lock(&db);
    let kept = records::record(&db, &record(3, &[])).unwrap();
    let records::Recorded::Kept { file, why } = kept else {
        panic!("recorded through a lock");
    };
    assert_eq!(
        why.message,
        "the games database is locked by another program"
    );
    assert!(
        file.starts_with(records::pending::folder(&db)),
        "{}",
        file.display()
    );
    assert_eq!(records::pending::waiting(&db), 1);
    drop(holder);
    let listing = records::history(&db, &HistoryQuery::default(), false).unwrap();
    assert!(
        listing.starts_with("note: the database took 1 game kept in "),
        "history says so: {listing}"
    );
    assert_eq!(ids(&db, &HistoryQuery::default()), [1]);
    assert_eq!(records::pending::waiting(&db), 0);
}

#[test]
fn a_simulation_recording_into_a_locked_database_keeps_every_game_waiting() {
    let (_dir, db) = temp_db();
    Store::open(&db).unwrap();
    let holder = exclusive_lock(&db);
    let args = ["sim", "carcassonne-solo", "--games", "4", "--bot", "random"];
    let run = houserules_with_db(&db, &[&args[..], &["--record"]].concat(), "");
    assert!(run.ok, "{}", run.stderr);
    assert_in_order(
        &run.stdout,
        &[
            "recorded 0 games in",
            "4 games kept in",
            "games.sqlite.pending (the games database is locked by another program), to be recorded the next time",
        ],
    );
    assert_eq!(records::pending::waiting(&db), 4);
    drop(holder);
    let games = Store::open(&db).unwrap().list(&HistoryQuery::default());
    assert_eq!(games.unwrap().len(), 4, "every game played is recorded");
}

#[test]
fn a_database_whose_folder_cannot_be_written_keeps_the_games_in_the_data_folder() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    // A file where the database's folder should be: neither it nor the pending folder
    // beside it can be made (as in a read-only folder, which root could still write).
    let blocked = dir.path().join("blocked");
    std::fs::write(&blocked, "").unwrap();
    let db = blocked.join("games.sqlite");
    let args = ["sim", "pig-solo", "--games", "3", "--bot", "random"];
    let sim = houserules_at(&db, &data, &[&args[..], &["--record"]].concat(), "");
    assert!(sim.ok, "{}", sim.stderr);
    let elsewhere = data.join("houserules/pending");
    let said = format!(
        "recorded 0 games in {}\n3 games kept in {}",
        db.display(),
        elsewhere.display()
    );
    assert!(sim.stdout.contains(&said), "{}", sim.stdout);
    // Once the database can be written, the next listing records them.
    std::fs::remove_file(&blocked).unwrap();
    let listing = houserules_at(&db, &data, &["history"], "");
    assert!(
        listing
            .stdout
            .starts_with("note: the database took 3 games kept in "),
        "{}",
        listing.stdout
    );
    assert_eq!(ids(&db, &HistoryQuery::default()).len(), 3);
}

#[test]
fn a_row_another_program_damaged_is_left_out_and_named() {
    let (_dir, db) = temp_db();
    let mut store = Store::open(&db).unwrap();
    for seed in [3, 4] {
        store.add(&record(seed, &[])).unwrap();
    }
    drop(store);
    let other = rusqlite::Connection::open(&db).unwrap();
    other
        .execute("UPDATE games SET seed = 'abc' WHERE id = 1", [])
        .unwrap();
    let listing = records::history(&db, &HistoryQuery::default(), false).unwrap();
    let why = "game 1 is left out: its `seed` cannot be read (invalid digit found in string)";
    assert!(listing.starts_with(&format!("note: {why}\n")), "{listing}");
    assert_eq!(ids(&db, &HistoryQuery::default()), [2]);
    let e = Store::open_to_read(&db).unwrap().get(1).unwrap_err();
    assert_eq!(e.message, why);
}

#[test]
fn reading_the_history_takes_no_write_lock() {
    let (_dir, db) = temp_db();
    let mut store = Store::open(&db).unwrap();
    store.add(&record(3, &[])).unwrap();
    let mut reader = Store::open_to_read(&db).unwrap();
    assert_eq!(reader.list(&HistoryQuery::default()).unwrap().len(), 1);
    // With the reader open, a writer still records at once.
    assert_eq!(store.add(&record(4, &[])).unwrap(), 2);
}

#[test]
fn writers_and_a_reader_on_one_database_lose_no_game() {
    let (_dir, db) = temp_db();
    Store::open(&db).unwrap();
    let games: Vec<GameRecord> = (0..4).map(|seed| record(seed, &[])).collect();
    let stop = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|scope| {
        let reader = scope.spawn(|| {
            let mut reads = 0;
            while !stop.load(std::sync::atomic::Ordering::SeqCst) {
                records::history(&db, &HistoryQuery::default(), true).unwrap();
                reads += 1;
            }
            reads
        });
        let writers: Vec<_> = (0..3)
            .map(|_| {
                scope.spawn(|| {
                    for game in &games {
                        records::record(&db, game).unwrap();
                    }
                })
            })
            .collect();
        for w in writers {
            w.join().unwrap();
        }
        stop.store(true, std::sync::atomic::Ordering::SeqCst);
        assert!(reader.join().unwrap() > 0);
    });
    // Whatever had to wait is written when the database next opens.
    let recorded = Store::open(&db)
        .unwrap()
        .list(&HistoryQuery::default())
        .unwrap()
        .len();
    assert_eq!(recorded, 3 * games.len(), "games finished = games recorded");
}

#[test]
fn a_failing_score_still_records_the_game_and_names_the_hook() {
    let lib = TempLibrary::new();
    house_rule(
        &lib,
        "x",
        "fn score() {\n    throw \"score() is broken\";\n}\n",
    );
    let mut s = Session::new(&lib.library, "x", &[], 3, Limits::default()).unwrap();
    type_moves(&mut s, 3, None);
    let r = GameRecord::of_session(&mut s).unwrap();
    assert_eq!(r.total, None);
    assert_eq!(r.moves, s.log());
    // goals() reads the score too: both say so, score() first.
    assert!(
        r.hook_failures()[0].starts_with("score() failed: in score(): score() is broken"),
        "{:?}",
        r.hook_failures()
    );
    let (_dir, db) = temp_db();
    let id = Store::open(&db).unwrap().add(&r).unwrap();
    let stored = Store::open_to_read(&db).unwrap().get(id).unwrap();
    assert_eq!(stored.record.hook_failures(), r.hook_failures());
}

#[test]
fn history_refuses_a_limit_of_no_games() {
    let run = crate::common::houserules(&["history", "--limit", "0"], "");
    assert!(
        !run.ok
            && run
                .stderr
                .contains("invalid value '0' for '--limit <N>': give 1 or more"),
        "{}",
        run.stderr
    );
}
