//! Sessions: undo and redo, save and load (atomic, with clear errors for corrupt or
//! incompatible files), and reload after a rule is edited, replaying the game.

use crate::common::{finished, library, with_test_env, TempLibrary, BINARY};
use houserules::diagnostic::{Diagnostic, Kind};
use houserules::script::{Limits, ViewOptions};
use houserules::session::Session;
use std::io::Write;
use std::process::{Command, Stdio};

fn solo(seed: u64) -> Session {
    Session::new(&library(), "carcassonne-solo", &[], seed, Limits::default()).unwrap()
}

/// Why loading the save at `path` fails.
fn load_error(path: &std::path::Path) -> Diagnostic {
    Session::load(&library(), path, Limits::default())
        .err()
        .unwrap()
}

fn play_n(s: &mut Session, n: usize) {
    for _ in 0..n {
        s.play("1").unwrap();
    }
}

#[test]
fn undo_and_redo_walk_the_log() {
    let mut s = solo(3);
    play_n(&mut s, 2);
    let after_two = s.view(&ViewOptions::default()).unwrap();
    play_n(&mut s, 1);
    let after_three = s.view(&ViewOptions::default()).unwrap();
    let third = s.log()[2].clone();
    assert_eq!(s.undo().unwrap(), third);
    assert_eq!(s.log().len(), 2);
    assert_eq!(s.view(&ViewOptions::default()).unwrap(), after_two);
    assert_eq!(s.redo().unwrap(), third);
    assert_eq!(s.view(&ViewOptions::default()).unwrap(), after_three);
    assert_eq!(s.redo().unwrap_err().kind, Kind::NothingToRedo);
    // A different move forgets what could be redone.
    s.undo().unwrap();
    let other = s.moves().unwrap().last().unwrap().label.clone();
    if other != third {
        s.play(&other).unwrap();
        assert_eq!(s.can_redo(), 0);
    }
}

#[test]
fn taking_back_many_moves_leaves_them_to_redo_in_order() {
    let mut s = solo(3);
    play_n(&mut s, 1);
    let after_one = s.view(&ViewOptions::default()).unwrap();
    play_n(&mut s, 3);
    let log = s.log();
    let after_four = s.view(&ViewOptions::default()).unwrap();
    assert_eq!(s.take_back(3).unwrap(), log[1..].to_vec());
    assert_eq!(s.log(), log[..1].to_vec());
    assert_eq!(s.view(&ViewOptions::default()).unwrap(), after_one);
    assert_eq!(s.can_redo(), 3);
    assert_eq!(
        s.redo().unwrap(),
        log[1],
        "the earliest move taken back comes first"
    );
    s.redo().unwrap();
    s.redo().unwrap();
    assert_eq!(s.view(&ViewOptions::default()).unwrap(), after_four);
    // More than were played: back to the start.
    assert_eq!(s.take_back(usize::MAX).unwrap(), log);
    assert!(s.log().is_empty());
    assert_eq!(s.can_redo(), 4);
}

#[test]
fn undo_on_a_new_game_says_so() {
    let mut s = solo(3);
    assert_eq!(s.undo().unwrap_err().kind, Kind::NothingToUndo);
}

#[test]
fn save_and_load_give_back_the_same_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.toml");
    let mut s = solo(5);
    play_n(&mut s, 6);
    s.save(&path, false).unwrap();
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "no temporary file left behind"
    );
    let (mut loaded, _) = Session::load(&library(), &path, Limits::default()).unwrap();
    assert_eq!(loaded.log(), s.log());
    assert_eq!(loaded.seed(), 5);
    assert_eq!(
        loaded.view(&ViewOptions::default()).unwrap(),
        s.view(&ViewOptions::default()).unwrap()
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.starts_with(
            "format = \"houserules-save\"\nversion = 1\nvariant = \"carcassonne-solo\"\nseed = 5\n"
        ),
        "{text}"
    );
}

#[test]
fn options_travel_with_the_save() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.toml");
    let overrides = vec![("meeples_per_colour".to_owned(), "5".to_owned())];
    let s = Session::new(
        &library(),
        "carcassonne-solo",
        &overrides,
        2,
        Limits::default(),
    )
    .unwrap();
    s.save(&path, false).unwrap();
    let (loaded, _) = Session::load(&library(), &path, Limits::default()).unwrap();
    assert_eq!(loaded.options()["meeples_per_colour"].to_string(), "5");
}

#[test]
fn a_corrupt_save_file_says_where() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.toml");
    std::fs::write(
        &path,
        "format = \"houserules-save\"\nversion = 1\nvariant = \nseed = 1\n",
    )
    .unwrap();
    let e = load_error(&path);
    assert_eq!(e.kind, Kind::Save);
    let e = e.to_string();
    assert!(
        e.starts_with(&format!("{}:3:11: corrupt save file:", path.display())),
        "{e}"
    );
    assert!(
        e.contains("help: this is not a houserules save file, or it was damaged"),
        "{e}"
    );

    std::fs::write(&path, [0xff, 0xfe, 0x00]).unwrap();
    let e = load_error(&path);
    assert_eq!((e.kind, e.file()), (Kind::Io, path.to_str()), "{e}");
}

#[test]
fn an_incompatible_save_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.toml");
    std::fs::write(
        &path,
        "format = \"houserules-save\"\nversion = 99\nvariant = \"carcassonne-solo\"\nseed = 1\n",
    )
    .unwrap();
    let e = load_error(&path);
    assert_eq!(e.kind, Kind::Save, "{e}");
    assert!(e.message.contains("version 99"), "{e}");
    std::fs::write(
        &path,
        "format = \"houserules-save\"\nversion = 1\nvariant = \"chess\"\nseed = 1\n",
    )
    .unwrap();
    let e = load_error(&path);
    assert_eq!(e.kind, Kind::NotFound, "{e}");
    assert!(e.message.contains("`chess`"), "{e}");
    std::fs::write(&path, "format = \"houserules-save\"\nversion = 1\nvariant = \"carcassonne-solo\"\nseed = 7\nmoves = [\"0,-1@180\", \"9,9@0\"]\n").unwrap();
    let e = load_error(&path);
    assert_eq!(e.kind, Kind::NoLongerLegal, "{e}");
    assert!(e.message.contains("move 2 `9,9@0`"), "{e}");
}

#[test]
fn reload_replays_the_game_under_an_edited_rule() {
    let lib = TempLibrary::new();
    let mut s = lib.session("carcassonne-solo", 7).unwrap();
    s.play("0,-1@180").unwrap();
    s.play("city:S").unwrap();
    assert_eq!(
        s.score().unwrap()["red"].as_int().unwrap(),
        5,
        "red's 2-tile city: 4 points"
    );
    // House rule: completed cities pay nobody.
    lib.edit(
        "scripts/carcassonne/solo.rhai",
        "fn may_score(winners) {\n",
        "fn may_score(winners) {\n    return false;\n",
    );
    let report = s.reload().unwrap();
    assert_eq!(report.replayed, 2);
    assert!(report.rejected.is_none());
    assert_eq!(
        s.score().unwrap()["red"].as_int().unwrap(),
        1,
        "replayed under the new rule"
    );
}

#[test]
fn reload_reports_the_first_move_the_new_rules_reject() {
    let lib = TempLibrary::new();
    let mut s = lib.session("carcassonne-solo", 7).unwrap();
    s.play("0,-1@180").unwrap();
    s.play("city:S").unwrap();
    // House rule: meeples never go into cities.
    lib.edit(
        "scripts/carcassonne/solo.rhai",
        r#"    ["road", "city", "cloister"]"#,
        r#"    ["road", "cloister"]"#,
    );
    let report = s.reload().unwrap();
    assert_eq!(report.replayed, 1);
    let r = report.rejected.unwrap();
    let (n, label, why) = (r.number, r.label, r.why);
    assert_eq!((n, label.as_str()), (2, "city:S"));
    assert_eq!(why.kind, Kind::NoLongerLegal, "{why}");
    assert_eq!(s.log(), ["0,-1@180"]);
    assert!(s
        .moves()
        .unwrap()
        .iter()
        .all(|m| !m.label.starts_with("city")));
    // The refused move is kept: reverting the rule and reloading brings it back.
    assert_eq!(s.can_redo(), 1);
    lib.edit(
        "scripts/carcassonne/solo.rhai",
        r#"    ["road", "cloister"]"#,
        r#"    ["road", "city", "cloister"]"#,
    );
    let report = s.reload().unwrap();
    assert_eq!((report.replayed, report.rejected.is_none()), (2, true));
    assert_eq!(s.log(), ["0,-1@180", "city:S"]);
    assert_eq!(
        s.can_redo(),
        0,
        "the move brought back is no longer to redo"
    );
}

#[test]
fn a_broken_edit_keeps_the_old_rules_running() {
    let lib = TempLibrary::new();
    let mut s = lib.session("carcassonne-solo", 7).unwrap();
    s.play("0,-1@180").unwrap();
    lib.edit(
        "scripts/carcassonne/solo.rhai",
        "fn meeple_required() {",
        "fn meeple_required( {",
    );
    let e = s.reload().unwrap_err();
    assert_eq!(
        (e.kind, e.file()),
        (Kind::Script, Some("scripts/carcassonne/solo.rhai")),
        "{e}"
    );
    assert_eq!(s.log(), ["0,-1@180"]);
    s.play("city:S").unwrap();
}

#[test]
fn the_same_seed_and_moves_give_the_same_game() {
    let mut a = solo(11);
    let mut b = solo(11);
    play_n(&mut a, 10);
    play_n(&mut b, 10);
    assert_eq!(a.log(), b.log());
    assert_eq!(
        a.view(&ViewOptions::default()).unwrap(),
        b.view(&ViewOptions::default()).unwrap()
    );
    let mut c = solo(12);
    play_n(&mut c, 10);
    assert_ne!(
        a.view(&ViewOptions::default()).unwrap(),
        c.view(&ViewOptions::default()).unwrap(),
        "another seed, another game"
    );
}

#[test]
fn a_move_typed_whole_plays_its_steps_and_a_refused_step_takes_them_all_back() {
    let mut s = solo(7);
    assert_eq!(s.play("0,-1@180 > city:S").unwrap(), "0,-1@180 > city:S");
    assert_eq!(s.log(), ["0,-1@180", "city:S"]);
    assert!(s.events_after(0).iter().any(|e| e.kind == "scored"));

    let mut t = solo(7);
    let e = t.play("0,-1@180 > road:Q").unwrap_err();
    assert_eq!(e.kind, Kind::Refused);
    assert!(
        e.message.starts_with(
            "step 2 `road:Q` of `0,-1@180 > road:Q`: `road:Q` is not a legal move here"
        ),
        "{e}"
    );
    assert!(t.log().is_empty());
    assert_eq!(
        t.view(&ViewOptions::default()).unwrap(),
        solo(7).view(&ViewOptions::default()).unwrap()
    );
}

#[test]
fn load_refuses_devices_pipes_and_huge_files_without_reading_them() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    let mut refused = vec![
        std::path::PathBuf::from("/dev/zero"),
        dir.path().to_path_buf(),
    ];
    if made.is_ok_and(|s| s.success()) {
        refused.push(fifo);
    }
    let big = dir.path().join("big.save");
    std::fs::write(&big, "x".repeat(5 << 20)).unwrap();
    refused.push(big);
    for path in refused {
        let e = load_error(&path);
        assert_eq!((e.kind, e.file()), (Kind::Io, path.to_str()), "{e}");
    }
}

#[test]
fn save_never_replaces_what_is_not_a_regular_file() {
    let s = solo(3);
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("target.save");
    std::fs::write(&target, "precious").unwrap();
    let link = dir.path().join("link.save");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    // Refused as what it is, so no advice to `--force` it: not even that replaces it.
    for force in [false, true] {
        let e = s.save(&link, force).unwrap_err();
        assert_eq!(e.kind, Kind::Io, "{e}");
        assert!(e.to_string().contains("not a regular file"), "{e}");
        assert!(!e.to_string().contains("--force"), "{e}");
    }
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "precious");
    let e = s.save(std::path::Path::new("/dev/null"), true).unwrap_err();
    assert_eq!((e.kind, e.file()), (Kind::Io, Some("/dev/null")), "{e}");
    // A folder: a file in it is what was meant.
    for force in [false, true] {
        let e = s.save(dir.path(), force).unwrap_err().to_string();
        assert!(e.contains("a folder, not a file"), "{e}");
        let inside = dir.path().join("NAME");
        assert!(
            e.contains(&format!("name a file in it: {}", inside.display())),
            "{e}"
        );
    }
}

#[test]
fn two_writers_saving_side_by_side_never_leave_half_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.x"), dir.path().join("a.y"));
    std::thread::scope(|scope| {
        for path in [&a, &b] {
            scope.spawn(move || {
                let mut s = solo(5);
                for _ in 0..8 {
                    s.play("1").unwrap();
                    s.save(path, false).unwrap();
                }
            });
        }
    });
    for path in [&a, &b] {
        assert_eq!(
            Session::load(&library(), path, Limits::default())
                .unwrap()
                .0
                .log()
                .len(),
            8
        );
    }
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(left.len(), 2, "no temporary file is left behind");
}

/// Two REPL processes playing the same game, each saving after every move: one to a
/// file of its own beside the other's (`a.x`, `a.y`), both to one shared file.
#[test]
fn two_processes_saving_side_by_side_never_leave_half_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let (shared, a, b) = (
        dir.path().join("shared.save"),
        dir.path().join("a.x"),
        dir.path().join("a.y"),
    );
    let session = |own: &std::path::Path| {
        let mut input = String::from("new carcassonne-solo --seed 5\n");
        for _ in 0..8 {
            input += &format!("1\nsave {}\nsave {}\n", own.display(), shared.display());
        }
        input
    };
    let children: Vec<_> = [&a, &b]
        .into_iter()
        .map(|own| {
            let mut child = with_test_env(
                &mut Command::new(BINARY),
                &dir.path().join("games.sqlite"),
                dir.path(),
            )
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
            let input = session(own);
            let mut stdin = child.stdin.take().unwrap();
            std::thread::spawn(move || stdin.write_all(input.as_bytes()).unwrap());
            child
        })
        .collect();
    for child in children {
        let run = finished(child);
        assert!(run.ok, "{}{}", run.stdout, run.stderr);
        assert_eq!(
            run.stdout.matches("saved 8 moves").count(),
            2,
            "{}",
            run.stdout
        );
    }
    for path in [&a, &b, &shared] {
        let (game, _) = Session::load(&library(), path, Limits::default()).unwrap();
        assert_eq!(game.log().len(), 8, "{}", path.display());
    }
    let tmp: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().contains("tmp"))
        .collect();
    assert!(tmp.is_empty(), "no temporary file is left behind: {tmp:?}");
}

#[test]
fn save_refuses_to_replace_another_games_save_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.save");
    let mut first = solo(3);
    first.play("1").unwrap();
    first.save(&path, false).unwrap();
    // The same game, further on: saved over its own file.
    first.play("1").unwrap();
    first.save(&path, false).unwrap();
    let other = solo(4);
    let e = other.save(&path, false).unwrap_err();
    assert_eq!(e.kind, Kind::Save, "{e}");
    let e = e.to_string();
    assert!(
        e.contains("holds another game (carcassonne-solo, seed 3, 2 moves)"),
        "{e}"
    );
    assert!(e.contains("--force"), "{e}");
    let (kept, _) = Session::load(&library(), &path, Limits::default()).unwrap();
    assert_eq!((kept.seed(), kept.log().len()), (3, 2));
    other.save(&path, true).unwrap();
    let (replaced, _) = Session::load(&library(), &path, Limits::default()).unwrap();
    assert_eq!(replaced.seed(), 4);
    // A file that is not a save is not replaced either.
    std::fs::write(dir.path().join("notes.txt"), "precious").unwrap();
    let e = other
        .save(&dir.path().join("notes.txt"), false)
        .unwrap_err();
    assert_eq!(e.kind, Kind::Save, "{e}");
}

#[test]
fn a_save_loads_as_the_game_played_after_the_variants_default_changed() {
    let lib = TempLibrary::new();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pig.save");
    let mut s = Session::new(&lib.library, "pig-solo", &[], 2, Limits::default()).unwrap();
    s.play("roll").unwrap();
    s.save(&path, false).unwrap();
    lib.edit("variants/pig-solo.toml", "default = 10", "default = 12");
    let (loaded, notes) = Session::load(&lib.library, &path, Limits::default()).unwrap();
    assert_eq!(
        loaded.options()["turns"].to_string(),
        "10",
        "played as saved"
    );
    assert_eq!(
        notes,
        ["option `turns` was 10 when this game was saved; its default is now 12: the game goes on with turns=10"]
    );
    assert_eq!(loaded.log(), s.log());
}

/// An Ireland game (seed 1) after one action typed whole: `use Cloister Office at 4,1 >
/// with a lay brother`.
fn ireland_after_a_whole_move() -> Session {
    let mut s = Session::new(
        &library(),
        "ora-et-labora-solo-ireland",
        &[],
        1,
        Limits::default(),
    )
    .unwrap();
    s.play("use Cloister Office at 4,1 > with a lay brother")
        .unwrap();
    s
}

#[test]
fn a_step_typed_after_a_whole_move_says_the_move_was_whole() {
    let mut s = ireland_after_a_whole_move();
    s.play("use Farmyard at 2,1 > with the prior > grain")
        .unwrap();
    // Only one lay brother is free: no clergyman is asked for.
    let played = s.moves_played();
    let e = s
        .play("use Clay Mound at 4,0 > with a lay brother")
        .unwrap_err();
    assert_eq!(e.kind, Kind::Refused);
    assert!(
        e.message
            .contains("`use Clay Mound at 4,0` was a whole move"),
        "{}",
        e.message
    );
    assert_eq!(s.moves_played(), played, "the game is unchanged");
    s.play("use Clay Mound at 4,0").unwrap();
}

#[test]
fn a_move_typed_whole_is_taken_back_whole_and_survives_a_reload() {
    let mut s = ireland_after_a_whole_move();
    s.play("use Farmyard at 2,1").unwrap();
    s.play("with the prior > grain").unwrap();
    s.reload().unwrap();
    assert_eq!(
        s.take_back_line().unwrap(),
        ["with the prior", "grain"],
        "as typed"
    );
    assert_eq!(s.take_back_line().unwrap(), ["use Farmyard at 2,1"]);
    assert!(!s.redo_continues_line(), "the next to redo was typed alone");
    assert_eq!(
        s.take_back_line().unwrap(),
        ["use Cloister Office at 4,1", "with a lay brother"]
    );
    assert_eq!(s.moves_played(), 0);
    s.redo().unwrap();
    assert!(s.redo_continues_line(), "its second step was typed with it");
    s.redo().unwrap();
    assert!(!s.redo_continues_line());
    assert_eq!(s.take_back_line().unwrap().len(), 2, "redone as typed");
}

#[test]
fn a_save_of_a_variant_not_here_is_refused_in_the_saves_name() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mine.save");
    std::fs::write(
        &path,
        "format = \"houserules-save\"\nversion = 1\nvariant = \"my-own-rule\"\nseed = 1\nmoves = []\n",
    )
    .unwrap();
    let e = load_error(&path);
    assert_eq!(e.file(), path.to_str(), "{e}");
    assert!(e.message.starts_with("no variant `my-own-rule`"), "{e}");
    assert!(
        e.help
            .as_deref()
            .is_some_and(|h| h.contains("rules folder") || h.contains("yours are read from")),
        "where rules of yours are read from: {e}"
    );
}
