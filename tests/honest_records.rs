//! Honest records: each recorded game says who chose its moves (you, which bot, or
//! unknown) and whether its scripts were the ones shipped with its variant; only games
//! you played under the variant's own rules tick goals. Sessions, saves, undo, redo and
//! reload keep who played; older databases and saves say "unknown", never "you".

use crate::common::{
    assert_in_order, house_rule, houserules_with_db, library, type_moves, TempLibrary,
};
use houserules::bot::{play_out, RandomBot};
use houserules::manifest::{Library, Variant};
use houserules::players::{self, Player, Run};
use houserules::records::{self, shipped, GameRecord, RulesOrigin, Standing, Store};
use houserules::save::SaveFile;
use houserules::script::{Limits, Rules};
use houserules::session::Session;
use std::path::Path;

fn bot(name: &str) -> Player {
    Player::Bot(name.into())
}

fn run(by: Player, moves: usize) -> Run {
    Run { by, moves }
}

fn new_game(lib: &Library, variant: &str, seed: u64) -> Session {
    Session::new(lib, variant, &[], seed, Limits::default()).unwrap()
}

#[test]
fn the_shipped_rules_list_names_every_shipped_variant_with_its_scripts_fingerprint() {
    let lib = library();
    let entries: Vec<(String, String, String)> = lib
        .manifest_files()
        .iter()
        .map(|path| {
            let variant = Variant::load(&lib, &path.display().to_string()).unwrap();
            let fingerprint = variant.fingerprint();
            let rules = Rules::compile(variant, Limits::default()).unwrap();
            let name = rules.variant.name.clone();
            (name, rules.scripts_hash().to_owned(), fingerprint)
        })
        .collect();
    let expected = shipped::list_text(entries);
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/shipped-rules.txt");
    if std::env::var_os("UPDATE_SHIPPED").is_some() {
        std::fs::write(&file, &expected).unwrap();
        return;
    }
    assert!(
        shipped::LIST == expected,
        "{} is out of date with the shipped scripts: after an intended change run\n  UPDATE_SHIPPED=1 cargo test --locked --test integration shipped\n(then build again)",
        file.display()
    );
}

#[test]
fn a_game_you_play_under_the_shipped_rules_counts() {
    let mut s = new_game(&library(), "carcassonne-solo", 4);
    type_moves(&mut s, 4, None);
    let r = GameRecord::of_session(&mut s).unwrap();
    assert_eq!(r.played_by, [run(Player::You, r.moves.len())]);
    assert_eq!(r.rules, RulesOrigin::Shipped);
    assert_eq!(r.standing(), Standing::Counted);
    assert_eq!(r.standing_note(), "");
}

#[test]
fn a_game_finished_by_auto_says_which_bot_played_how_many_moves_and_does_not_count() {
    let mut s = new_game(&library(), "carcassonne-solo", 4);
    type_moves(&mut s, 4, Some(3));
    play_out(&mut s, &mut RandomBot::seeded(1), None).unwrap();
    let r = GameRecord::of_session(&mut s).unwrap();
    let n = r.moves.len();
    assert_eq!(
        r.played_by,
        [run(Player::You, 3), run(bot("random"), n - 3)]
    );
    let why = format!("played by you 3, random {} of {n} moves", n - 3);
    assert_eq!(r.standing(), Standing::Apart(why.clone()));
    assert_eq!(
        r.standing_note(),
        format!(", not counted for goals ({why})")
    );
}

#[test]
fn a_game_under_an_edited_script_is_marked_and_a_variant_of_your_own_counts() {
    let lib = TempLibrary::new();
    // An unchanged copy of the rules folder holds the shipped rules.
    let mut s = lib.session("carcassonne-solo", 2).unwrap();
    type_moves(&mut s, 2, None);
    assert_eq!(
        GameRecord::of_session(&mut s).unwrap().rules,
        RulesOrigin::Shipped
    );

    house_rule(&lib, "mine", "fn bot_note() { 1 }\n");
    let mut own = lib.session("mine", 2).unwrap();
    type_moves(&mut own, 2, None);
    let r = GameRecord::of_session(&mut own).unwrap();
    assert_eq!(
        (r.rules, r.standing()),
        (RulesOrigin::Own, Standing::Counted)
    );

    lib.edit("scripts/carcassonne/solo.rhai", "fn ", "// edited\nfn ");
    let mut edited = lib.session("carcassonne-solo", 2).unwrap();
    type_moves(&mut edited, 2, None);
    let r = GameRecord::of_session(&mut edited).unwrap();
    assert_eq!(r.rules, RulesOrigin::Edited);
    assert_eq!(
        r.standing(),
        Standing::Apart("the rules were edited".into())
    );
}

/// The origin of the rules of a game of carcassonne-solo played in `lib`.
fn origin_in(lib: &TempLibrary) -> RulesOrigin {
    let mut s = lib.session("carcassonne-solo", 2).unwrap();
    type_moves(&mut s, 2, Some(1));
    s.undo().unwrap();
    type_moves(&mut s, 2, None);
    GameRecord::of_session(&mut s).unwrap().rules
}

#[test]
fn an_edited_option_default_or_data_file_is_an_edit_and_a_help_text_is_not() {
    let lib = TempLibrary::new();
    let manifest = "variants/carcassonne-solo.toml";
    lib.edit(
        manifest,
        "Meeples each colour may place",
        "Meeples per colour",
    );
    assert_eq!(origin_in(&lib), RulesOrigin::Shipped);
    lib.edit(
        manifest,
        "default = 4\nrange = [1, 10]",
        "default = 9\nrange = [1, 10]",
    );
    assert_eq!(origin_in(&lib), RulesOrigin::Edited);

    let lib = TempLibrary::new();
    let tiles = "variants/data/carcassonne-base-tiles.toml";
    let text = std::fs::read_to_string(lib.path(tiles)).unwrap();
    lib.write(tiles, &format!("{text}\n# edited\n"));
    assert_eq!(origin_in(&lib), RulesOrigin::Edited);
}

#[test]
fn reload_after_an_edit_judges_the_rules_the_game_ends_under() {
    let lib = TempLibrary::new();
    let mut s = lib.session("carcassonne-solo", 5).unwrap();
    type_moves(&mut s, 5, Some(2));
    lib.edit("scripts/carcassonne/solo.rhai", "fn ", "// edited\nfn ");
    s.reload().unwrap();
    type_moves(&mut s, 5, None);
    assert_eq!(
        GameRecord::of_session(&mut s).unwrap().rules,
        RulesOrigin::Edited
    );
}

#[test]
fn undo_redo_and_reload_keep_who_played_each_move() {
    let lib = TempLibrary::new();
    let mut s = lib.session("carcassonne-solo", 3).unwrap();
    type_moves(&mut s, 3, Some(2));
    play_out(&mut s, &mut RandomBot::seeded(3), Some(2)).unwrap();
    let players = vec![Player::You, Player::You, bot("random"), bot("random")];
    assert_eq!(s.players(), players);
    s.undo().unwrap();
    s.undo().unwrap();
    assert_eq!(s.players(), &players[..2]);
    // Played again by `redo`, the bot's moves stay the bot's.
    s.redo().unwrap();
    s.redo().unwrap();
    assert_eq!(s.players(), players);
    s.undo().unwrap();
    s.reload().unwrap();
    s.redo().unwrap();
    assert_eq!(s.players(), players);
}

#[test]
fn a_save_keeps_who_played_and_an_older_save_says_unknown() {
    let dir = tempfile::tempdir().unwrap();
    let lib = library();
    let mut s = new_game(&lib, "carcassonne-solo", 6);
    play_out(&mut s, &mut RandomBot::seeded(6), Some(2)).unwrap();
    type_moves(&mut s, 6, Some(1));
    let file = dir.path().join("game.save");
    s.save(&file, false).unwrap();
    let (loaded, _) = Session::load(&lib, &file, Limits::default()).unwrap();
    assert_eq!(
        loaded.players(),
        [bot("random"), bot("random"), Player::You]
    );
    assert_eq!(
        players::runs(&loaded.players()),
        [run(bot("random"), 2), run(Player::You, 1)]
    );

    // A save of an older houserules: the same moves, nobody known to have played them.
    let text = std::fs::read_to_string(&file).unwrap();
    let old: String = text
        .split("[[played_by]]")
        .next()
        .unwrap()
        .trim_end()
        .to_owned();
    assert!(!old.contains("played_by") && old.contains("moves"), "{old}");
    std::fs::write(&file, old + "\n").unwrap();
    let (older, _) = Session::load(&lib, &file, Limits::default()).unwrap();
    assert_eq!(older.players(), vec![Player::Unknown; 3]);

    // Runs that do not count the moves are refused with what to do.
    let mut bad: SaveFile = s.to_save();
    bad.played_by = vec![run(Player::You, 2)];
    bad.write(&file).unwrap();
    let e = Session::load(&lib, &file, Limits::default())
        .err()
        .unwrap()
        .to_string();
    assert!(
        e.contains("`played_by` says who played 2 moves, but the game has 3")
            && e.contains("remove it (who played becomes unknown)"),
        "{e}"
    );
}

#[test]
fn replaying_a_recorded_game_keeps_who_played_it() {
    let (dir, lib) = (tempfile::tempdir().unwrap(), library());
    let db = dir.path().join("games.sqlite");
    let mut s = new_game(&lib, "carcassonne-solo", 8);
    type_moves(&mut s, 8, Some(1));
    play_out(&mut s, &mut RandomBot::seeded(8), None).unwrap();
    let id = Store::open(&db)
        .unwrap()
        .add(&GameRecord::of_session(&mut s).unwrap())
        .unwrap();
    let (_, replayed) = records::replay(&db, id, &lib, Limits::default()).unwrap();
    assert_eq!(replayed.players(), s.players());
}

/// The games database as houserules wrote it before it kept who played (schema 3), with
/// one game that reached goal G1.
const SCHEMA_3: &str = "
CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (3);
CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT, played_at TEXT NOT NULL, variant TEXT NOT NULL,
    options TEXT NOT NULL, scripts_hash TEXT NOT NULL, seed TEXT NOT NULL, moves TEXT NOT NULL,
    total INTEGER, score TEXT NOT NULL, end_reason TEXT NOT NULL, rank TEXT,
    variant_result INTEGER NOT NULL DEFAULT 0, events TEXT NOT NULL DEFAULT '[]');
CREATE INDEX games_by_variant ON games (variant, total);
CREATE TABLE goals (game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    goal TEXT NOT NULL, text TEXT NOT NULL, PRIMARY KEY (game_id, goal));
INSERT INTO games (played_at, variant, options, scripts_hash, seed, moves, total, score, end_reason)
    VALUES ('2026-01-05 10:00:00', 'carcassonne-solo', '{}', 'abc', '1', '[\"0,-1@180\",\"road:EW\"]', 60, '{\"total\":60}', 'the last tile was placed');
INSERT INTO goals VALUES (1, 'G1', 'Scoring a road worth at least 10 points');
";

#[test]
fn an_older_database_is_upgraded_and_its_games_say_who_played_is_unknown() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute_batch(SCHEMA_3)
        .unwrap();
    let old = Store::open(&db).unwrap().get(1).unwrap().record;
    assert_eq!(old.played_by, [run(Player::Unknown, 2)]);
    assert_eq!(old.rules, RulesOrigin::Unknown);
    assert_eq!(
        old.standing(),
        Standing::Apart("who played is unknown; the rules were not checked".into())
    );

    let history = records::history(&db, &Default::default(), false).unwrap();
    assert_in_order(
        &history,
        &[
            "played by",
            "rules",
            "\n   1  2026-01-05 10:00",
            "unknown",
            "unknown",
        ],
    );
    let json: serde_json::Value =
        serde_json::from_str(&records::history(&db, &Default::default(), true).unwrap()).unwrap();
    assert_eq!(json[0]["played_by"][0]["by"], "unknown");
    assert_eq!(json[0]["played_by"][0]["moves"], 2);
    assert_eq!(json[0]["rules"], "unknown");

    let goals = records::goals(&db, &mut new_game(&library(), "carcassonne-solo", 1)).unwrap();
    assert_in_order(
        &goals,
        &[
            ": 0 of ",
            "[~] G1 ",
            "not counted: game 1, 2026-01-05 10:00 (who played is unknown; the rules were not checked)\n",
        ],
    );
}

#[test]
fn goals_tick_only_your_games_under_the_variants_rules_and_show_the_others_apart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let mut store = Store::open(&db).unwrap();
    let mut yours = new_game(&library(), "carcassonne-solo", 9);
    type_moves(&mut yours, 9, None);
    let mut r = GameRecord::of_session(&mut yours).unwrap();
    r.goals = vec![records::GoalReached {
        id: "G1".into(),
        text: "Scoring a road worth at least 10 points".into(),
    }];
    let mut by_bot = r.clone();
    by_bot.played_by = vec![run(bot("greedy"), r.moves.len())];
    by_bot.goals.push(records::GoalReached {
        id: "G5".into(),
        text: "Scoring a city worth at least 16 points".into(),
    });
    store.add(&by_bot).unwrap();
    let mut edited = r.clone();
    edited.rules = RulesOrigin::Edited;
    edited.goals[0].id = "G2".into();
    store.add(&edited).unwrap();
    store.add(&r).unwrap();

    let text = records::goals(&db, &mut new_game(&library(), "carcassonne-solo", 1)).unwrap();
    assert_in_order(
        &text,
        &[
            ": 1 of ",
            "[x] G1 ",
            "game 3, ",
            "[~] G2 ",
            "not counted: game 2, ",
            "(the rules were edited)\n",
            "[~] G5 ",
            "not counted: game 1, ",
            "(played by greedy)\n",
            "[~] only in games that do not count",
        ],
    );
    let history = records::history(&db, &Default::default(), false).unwrap();
    assert_in_order(
        &history,
        &[
            "\n   3 ",
            " you ",
            " shipped\n",
            "\n   2 ",
            " you ",
            " edited\n",
            "\n   1 ",
            " greedy ",
            " shipped\n",
        ],
    );
}

#[test]
fn the_repl_says_a_game_finished_by_auto_is_recorded_apart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let out = houserules_with_db(
        &db,
        &["play", "pig-solo", "--seed", "3"],
        "roll\nauto --bot random\nhistory\nhistory --json\n",
    );
    assert!(out.ok, "{}{}", out.stdout, out.stderr);
    assert_in_order(
        &out.stdout,
        &[
            "recorded as game 1, not counted for goals (played by you 1, random ",
            "played by",
            "\n   1 ",
            "you 1, random ",
            " shipped",
            "\"rules\": \"shipped\"",
            "\"played_by\": [",
            "\"by\": \"you\"",
            "\"by\": \"bot:random\"",
        ],
    );
}

#[test]
fn a_record_waiting_from_an_older_houserules_is_stored_with_its_players_unknown() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let mut s = new_game(&library(), "carcassonne-solo", 4);
    type_moves(&mut s, 4, None);
    let mut json = serde_json::to_value(GameRecord::of_session(&mut s).unwrap()).unwrap();
    let fields = json.as_object_mut().unwrap();
    fields.remove("played_by").unwrap();
    fields.remove("rules").unwrap();
    let folder = records::pending::folder(&db);
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("old.json"), json.to_string()).unwrap();

    let stored = Store::open(&db).unwrap().get(1).unwrap().record;
    assert_eq!(stored.played_by, [run(Player::Unknown, s.log().len())]);
    assert_eq!(stored.rules, RulesOrigin::Unknown);
}
