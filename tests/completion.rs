//! Tab completion at a real (pseudo-)terminal, as a shell completes: a single match at
//! once, a common prefix first and the menu on the next Tab, file paths for the commands
//! that take a file, moves and card names as written. The completer's rules are
//! unit-tested in src/repl/completion.rs; here the editor must apply them.

use expectrl::Expect;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

type Pty = expectrl::session::OsSession;

/// A save of a Pig game, for `load` to find.
const PIG_SAVE: &str = "format = \"houserules-save\"\nversion = 1\nvariant = \"pig-solo\"\nseed = 1\nmoves = [\"roll\"]\n";

/// The REPL in a terminal, working in `folder` (where file paths complete), its data
/// folder and database inside it.
fn repl_in(folder: &Path) -> Pty {
    let mut command = Command::new(env!("CARGO_BIN_EXE_houserules"));
    command
        .current_dir(folder)
        .env("HOUSERULES_HOME", env!("CARGO_MANIFEST_DIR"))
        .env("XDG_DATA_HOME", folder.join(".data"))
        .env("HOUSERULES_DB", folder.join(".data/games.sqlite"))
        .env("TERM", "xterm");
    let mut pty = Pty::spawn(command).unwrap();
    pty.set_expect_timeout(Some(Duration::from_secs(30)));
    pty
}

fn expect(pty: &mut Pty, text: &str) {
    if let Err(e) = pty.expect(text) {
        panic!("waiting for {text:?}: {e}");
    }
}

/// Waits for the prompt (answering the editor's question of where the cursor is, as a
/// terminal does), then types `keys` without Enter.
fn at_prompt_type(pty: &mut Pty, keys: &str) {
    expect(pty, "\x1b[6n");
    pty.send("\x1b[1;1R").unwrap();
    expect(pty, "houserules");
    pty.send(keys).unwrap();
}

/// Whether `text` has been printed by now, after letting the editor paint.
fn shown_by_now(pty: &mut Pty, text: &str) -> bool {
    std::thread::sleep(Duration::from_millis(500));
    pty.is_matched(text).unwrap()
}

fn folder_with_saves(names: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for name in names {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, PIG_SAVE).unwrap();
    }
    dir
}

/// In a folder holding the save `save`, types `first` at the prompt, then `then`, then
/// Enter: what the Tabs in them complete must make a line that loads the save.
fn tabs_make_a_line_that_loads(save: &str, first: &str, then: &str) {
    let dir = folder_with_saves(&[save]);
    let mut pty = repl_in(dir.path());
    at_prompt_type(&mut pty, first);
    pty.send(then).unwrap();
    pty.send("\r").unwrap();
    expect(&mut pty, "loaded pig-solo (seed 1, 1 move)");
}

#[test]
fn a_single_match_completes_at_once_without_a_menu() {
    // A command, then a file: each Tab finishes the word, so Enter runs the line.
    tabs_make_a_line_that_loads("alpha-1.save", "loa\t", "al\t");
}

#[test]
fn a_path_with_a_space_completes_escaped_and_loads() {
    tabs_make_a_line_that_loads("my games/first game.save", "load my\t", "f\t");
}

#[test]
fn a_common_prefix_is_inserted_first_and_the_menu_opens_on_the_next_tab() {
    let dir = folder_with_saves(&["alpha-1.save", "alpha-2.save"]);
    let mut pty = repl_in(dir.path());
    at_prompt_type(&mut pty, "load al\t");
    expect(&mut pty, "alpha-");
    // The menu paints the typed part of each entry apart from the rest.
    assert!(
        !shown_by_now(&mut pty, "1.save"),
        "the first Tab opened a menu"
    );
    pty.send("\t").unwrap();
    expect(&mut pty, "1.save");
    expect(&mut pty, "2.save");
    // Leave the menu and finish the name by hand.
    pty.send("\x1b").unwrap();
    // Apart from Esc, or the terminal would read Alt-2.
    std::thread::sleep(Duration::from_millis(300));
    pty.send("2.save\r").unwrap();
    expect(&mut pty, "loaded pig-solo");
}

#[test]
fn folders_complete_with_a_slash_and_paths_go_on_inside_them() {
    let dir = folder_with_saves(&["saves/only.save"]);
    std::fs::create_dir(dir.path().join("results")).unwrap();
    let mut pty = repl_in(dir.path());
    at_prompt_type(&mut pty, "load sa\t");
    pty.send("\t\r").unwrap();
    expect(&mut pty, "loaded pig-solo");
    // `sim --json` completes a path too: the file is written in the folder completed.
    at_prompt_type(&mut pty, "sim --games 3 --bot random --json re\t");
    pty.send("run.json\r").unwrap();
    expect(&mut pty, "wrote results/run.json");
    assert!(dir.path().join("results/run.json").is_file());
}

#[test]
fn a_move_completes_as_its_label_spaces_and_case_as_written_and_plays() {
    let dir = tempfile::tempdir().unwrap();
    let mut pty = repl_in(dir.path());
    at_prompt_type(&mut pty, "new ora-et-labora-solo-ireland --seed 1\r");
    // `use ` is what the moves starting so share; the rest is typed in lower case.
    at_prompt_type(&mut pty, "us\t");
    pty.send("fa\t").unwrap();
    pty.send("\r").unwrap();
    expect(&mut pty, "played use Farmyard at 2,1");
}

#[test]
fn a_card_name_completes_after_card_apostrophe_and_case_as_written_and_is_told() {
    let dir = tempfile::tempdir().unwrap();
    let mut pty = repl_in(dir.path());
    at_prompt_type(&mut pty, "new ora-et-labora-solo-ireland --seed 1\r");
    at_prompt_type(&mut pty, "card builders\t");
    pty.send("\r").unwrap();
    expect(
        &mut pty,
        "Builders' Market — start building, not a cloister",
    );
    expect(&mut pty, "now: in the neutral player's landscape at 0,0");
}
