//! Fuzzing the two ways text gets in: REPL lines and variant manifests. Random REPL
//! sessions on the real variants never panic and never leave a game other than the
//! replay of its log, and a failed command changes the log only where it says so (also
//! with a rule running away in any hook);
//! random manifests (shipped ones mutated, and garbage) load or fail with a
//! `Diagnostic` naming a file that exists, at a line that is that file's, and never hang.
//!
//! CI runs a few dozen cases of each (seconds in a debug build). A long run takes its
//! number of cases from proptest's own variable:
//!
//! ```sh
//! PROPTEST_CASES=20000 cargo test --release --test integration fuzz
//! ```
//!
//! A failing case is shrunk to its shortest form and printed; proptest keeps its seed
//! in `proptest-regressions/fuzz.txt`, which replays it first on later runs.

use crate::common::TempLibrary;
use houserules::diagnostic::Diagnostic;
use houserules::manifest::{Library, Variant};
use houserules::repl::Repl;
use houserules::script::api::{hooks, Hook};
use houserules::script::{Limits, Rules, ViewOptions};
use houserules::session::Session;
use proptest::prelude::*;
use proptest::sample::select;
use rhai::Dynamic;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

/// The cases of one fuzz test: `PROPTEST_CASES` when set (a long run), else `ci`.
fn config(ci: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(ci);
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------------
// REPL lines

/// The variants the REPL fuzz plays: a game of each family.
const VARIANTS: [&str; 4] = [
    "pig-solo",
    "carcassonne-solo",
    "invaders",
    "ora-et-labora-solo-ireland",
];

/// The REPL's limits with a command budget of a quarter of a second instead of one, so
/// that the runaway loops the fuzz types cost CI little; nothing else differs.
fn fuzz_limits() -> Limits {
    Limits {
        command_time: Some(Duration::from_millis(250)),
        ..Limits::interactive()
    }
}

/// One line of a fuzzed session as generated. Moves are picked when the line is typed,
/// by their position in the legal moves then, so that real moves get played.
#[derive(Debug, Clone)]
enum Line {
    /// Typed as it is.
    Text(String),
    /// The legal move at this position (modulo their number), typed as `form` says.
    Move { at: usize, form: MoveForm },
    /// A command on a file of the case's folder: `save`, `load`, `render`, `export`;
    /// `tail` follows the file name.
    File {
        command: &'static str,
        file: &'static str,
        tail: &'static str,
    },
    /// Not a REPL line: writes `text` into a file of the case's folder (bad saves).
    Write { file: &'static str, text: String },
    /// A command that would take long on the longer games: `pig` on Pig, `other` else.
    Costly { pig: String, other: String },
}

#[derive(Debug, Clone, Copy)]
enum MoveForm {
    Label,
    /// The label in lower case, its spaces doubled: refused, with the label meant, when
    /// that changes it (Ora et Labora's `use Farmyard at 2,1`).
    Loose,
    Play,
    Number,
    /// The label, then ` > ` and a second step that may or may not be legal.
    Steps(&'static str),
}

/// The files a case's commands name (`dir` is a folder, made before the first line).
const FILES: [&str; 6] = ["a.save", "b save", "garbage", "dir", "a.svg", "a.json"];

impl Line {
    /// The text to type, or `None` for a line that only writes a file.
    fn typed(&self, repl: &mut Repl, folder: &Path) -> Option<String> {
        match self {
            Line::Text(text) => Some(text.clone()),
            Line::Move { at, form } => {
                let labels = repl.move_labels().unwrap_or_default();
                let Some(label) = labels.get(at % labels.len().max(1)) else {
                    return Some(at.to_string());
                };
                Some(match form {
                    MoveForm::Label => label.clone(),
                    MoveForm::Loose => label.to_lowercase().replace(' ', "  "),
                    MoveForm::Play => format!("play {label}"),
                    MoveForm::Number => (at % labels.len() + 1).to_string(),
                    MoveForm::Steps(next) => format!("{label} > {next}"),
                })
            }
            Line::File {
                command,
                file,
                tail,
            } => Some(format!("{command} {}{tail}", folder.join(file).display())),
            Line::Write { file, text } => {
                // Writing over the folder `dir` fails, which is as good as any content.
                let _ = std::fs::write(folder.join(file), text);
                None
            }
            Line::Costly { pig, other } => {
                let on_pig = repl
                    .session()
                    .is_some_and(|s| s.variant().name == "pig-solo");
                Some(if on_pig { pig } else { other }.clone())
            }
        }
    }
}

fn words(list: &'static [&'static str]) -> impl Strategy<Value = String> {
    select(list).prop_map(str::to_owned)
}

/// `new …` with plausible and hostile variants, seeds and options.
fn new_line() -> impl Strategy<Value = String> {
    let variant = prop_oneof![
        4 => select(&VARIANTS[..]),
        1 => select(&[
            "carcassonne-solo-easy", "invaders-gentle", "nope", "", "variants", "variants/",
            "variants/pig-solo.toml", "variants/../variants/invaders.toml",
            "scripts/pig/pig.rhai", "pig-solo.toml", "../pig-solo", "/", "PIG-SOLO",
        ][..]),
    ];
    let seed = prop_oneof![
        4 => (0u64..50).prop_map(|s| format!(" --seed {s}")),
        1 => any::<u64>().prop_map(|s| format!(" --seed {s}")),
        1 => words(&["", " --seed", " --seed -1", " --seed 18446744073709551616", " --seed x", " --seed 1 --seed 2"]),
    ];
    let key = select(
        &[
            "turns",
            "bust_face",
            "bonus_at",
            "colours",
            "meeples_per_colour",
            "final_order",
            "completion_order",
            "goal",
            "country",
            "work_price",
            "work_price_raised",
            "allow_pass",
            "settlements_per_phase",
            "phase_order",
            "brotherhood_points",
            "nope",
            "",
            "=",
        ][..],
    );
    let value = select(
        &[
            "1",
            "2",
            "5",
            "0",
            "-1",
            "50",
            "2000",
            "9223372036854775808",
            "true",
            "false",
            "player",
            "france",
            "ireland",
            "settle_first",
            "rotate_first",
            "4",
            "x",
            "",
            "=",
            "é",
            "1.5",
        ][..],
    );
    let set = prop_oneof![
        6 => (key, value).prop_map(|(k, v)| format!(" --set {k}={v}")),
        1 => words(&[" --set", " --set novalue", " --bogus", " extra"]),
    ];
    (variant, seed, prop::collection::vec(set, 0..3))
        .prop_map(|(v, seed, sets)| format!("new {v}{seed}{}", sets.concat()))
}

/// Rhai for `eval`: ordinary questions, runaways the sandbox must stop, attempts to
/// change the game through its copy, and syntax the parser must survive. (Runaways that
/// grow a value until the memory ceiling are played in a process of their own, in
/// stopping.rs: the ceiling counts the whole process, this test's neighbours too.)
fn eval_line() -> impl Strategy<Value = String> {
    let fixed = words(&[
        "1 + 1",
        "state",
        "state.keys()",
        "",
        "loop {}",
        "let x = 0; while true { x += 1; }",
        "fn f(n) { f(n + 1) } f(0)",
        "9223372036854775807 + 1",
        "1 / 0",
        "-9223372036854775808 / -1",
        "throw \"no\"",
        "import \"../../../etc/hostname\" as x; 1",
        "import \"pig/pig\" as x; 1",
        "print(\"printed\"); debug(1)",
        "state.clear(); state",
        "for k in state.keys() { state.remove(k); } state.len()",
        "state.play(state.moves()[0]); state.len()",
        "let m = state.moves(); state.play(m[m.len() - 1]); state.over()",
        "state.setup(); 1",
        "state.rng.roll(6)",
        "state.rng.shuffled([1, 2, 3])",
        "state.announce(\"k\", \"t\", #{})",
        "this",
        "parent(\"moves\", [])",
        "state.parent(\"moves\", [])",
        "state.view()",
        "[1, 2, 3].sort(|a, b| throw \"x\")",
        "\"é\".sub_string(5, 2)",
        "\"x\".pad(-1, \"y\")",
        ")(",
        "fn",
        "\u{0}",
        "#{a: #{b: #{c: []}}}",
        "`${`${`${1}`}`}`",
    ]);
    let nested = (
        1usize..400,
        select(&[("(", "1", ")"), ("[", "", "]"), ("#{a:", "1", "}")][..]),
    )
        .prop_map(|(depth, (open, inner, close))| {
            format!("{}{inner}{}", open.repeat(depth), close.repeat(depth))
        });
    let long = (1usize..3000).prop_map(|n| format!("{}1", "1 + ".repeat(n)));
    prop_oneof![8 => fixed, 1 => nested, 1 => long].prop_map(|e| format!("eval {e}"))
}

/// The text of a save file the case writes, sound or not.
fn save_text() -> impl Strategy<Value = String> {
    let variant = select(
        &[
            "pig-solo",
            "carcassonne-solo",
            "nope",
            "",
            "../variants/pig-solo",
            "variants/pig-solo.toml",
        ][..],
    );
    let version = select(&["1", "2", "-1", "\"1\""][..]);
    let seed = select(&["3", "-1", "18446744073709551616", "\"x\""][..]);
    let options = select(
        &[
            "",
            "options = { turns = \"2\" }\n",
            "options = { turns = \"0\" }\n",
            "options = { nope = \"1\" }\n",
            "options = 5\n",
        ][..],
    );
    let moves = prop::collection::vec(
        select(&["roll", "bank", "1", "0,-1@180", "nope", ""][..]),
        0..5,
    );
    let whole = (variant, version, seed, options, moves).prop_map(|(v, ver, seed, opts, moves)| {
        let moves: Vec<String> = moves.iter().map(|m| format!("{m:?}")).collect();
        format!(
            "format = \"houserules-save\"\nversion = {ver}\nvariant = \"{v}\"\nseed = {seed}\n{opts}moves = [{}]\n",
            moves.join(", ")
        )
    });
    prop_oneof![
        4 => whole,
        1 => words(&["", "garbage", "format = \"houserules-save\"\n", "\u{feff}[[[", "format = \"other\"\nversion = 1\n"]),
    ]
}

fn line() -> impl Strategy<Value = Line> {
    let simple = words(&[
        "show",
        "clear",
        "moves",
        "log",
        "score",
        "seed",
        "goals",
        "options",
        "variants",
        "help",
        "?",
        "undo",
        "undo",
        "redo",
        "reload",
        "history",
        "history --best --limit 2",
        "history --json",
        "history --limit x",
        "replay 1",
        "replay 99",
        "replay x",
        "export",
        "render",
        "save",
        "load",
        "play",
        "auto x",
        "auto --bot",
        "auto 1 --bot nope",
        "auto -1",
        "sim --help",
        "sim --games 0 --threads 1",
        "sim --games x",
        "sim --bogus",
        "check nope",
        "check pig-solo",
        "check variants/pig-solo.toml",
        "options nope",
        "options pig-solo",
        "options invaders",
        "",
        "   ",
        "# a comment",
        "quit",
        "exit",
        "0",
        "-1",
        "999",
        "18446744073709551616",
        "\t",
        "\r",
        "roll",
        "bank",
        "play roll",
        "auto 0",
        "card",
        "card Priory",
        "card builders' market",
        "card nope",
    ]);
    let text = prop_oneof![
        12 => simple,
        4 => new_line(),
        4 => eval_line(),
        3 => (0usize..4).prop_map(|n| format!("auto {n}")),
        1 => "[a-z]{1,10}",
        1 => "\\PC{0,40}",
        1 => (1usize..100_000).prop_map(|n| "x".repeat(n)),
        1 => (1usize..2000).prop_map(|n| format!("play {}", "é ".repeat(n))),
    ]
    .prop_map(Line::Text);
    let form = prop_oneof![
        3 => Just(MoveForm::Label),
        1 => Just(MoveForm::Loose),
        2 => Just(MoveForm::Play),
        2 => Just(MoveForm::Number),
        1 => select(&["1", "2", "nope", "", " > "][..]).prop_map(MoveForm::Steps),
    ];
    let moves = (0usize..64, form).prop_map(|(at, form)| Line::Move { at, form });
    let file = (
        select(&["save", "save", "load", "render", "export"][..]),
        select(&FILES[..]),
        select(&["", "", " --force", " extra"][..]),
    )
        .prop_map(|(command, file, tail)| Line::File {
            command,
            file,
            tail,
        });
    let write =
        (select(&FILES[..3]), save_text()).prop_map(|(file, text)| Line::Write { file, text });
    let costly = prop_oneof![
        Just(("auto".to_owned(), "auto 3".to_owned())),
        Just(("auto 2 --bot greedy".to_owned(), "auto 1".to_owned())),
        Just(("auto 1 --bot lookahead".to_owned(), "auto 1".to_owned())),
        Just((
            "sim --games 3 --threads 1".to_owned(),
            "sim --games 0".to_owned()
        )),
        Just((
            "check pig-solo".to_owned(),
            "check carcassonne-solo".to_owned()
        )),
    ]
    .prop_map(|(pig, other)| Line::Costly { pig, other });
    prop_oneof![
        8 => moves,
        8 => text,
        2 => file,
        1 => write,
        1 => costly,
    ]
}

/// A session: mostly a game started first, then a few lines.
fn session_lines() -> impl Strategy<Value = Vec<Line>> {
    let start = (select(&VARIANTS[..]), 0u64..1000)
        .prop_map(|(v, seed)| Line::Text(format!("new {v} --seed {seed}")));
    (
        prop::option::weighted(0.9, start),
        prop::collection::vec(line(), 1..8),
    )
        .prop_map(|(start, lines)| start.into_iter().chain(lines).collect())
}

/// What a command may do to the game in hand, by its first word.
#[derive(Debug, PartialEq)]
enum Effect {
    /// Looks, writes files, or fails: the game stays as it is.
    Keeps,
    /// A move: on success the log grows; on failure the game stays.
    Plays,
    /// On success the last move is taken back; on failure the game stays.
    Undoes,
    /// Plays any number of moves; those played stand even if it fails.
    Auto,
    /// Replays the log under the rules read again (the same files, so the same log).
    Reloads,
    /// Puts another game in hand (`new`, `load`, `replay`); on failure the game stays.
    Replaces,
}

fn effect(line: &str) -> Effect {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Effect::Keeps;
    }
    match line.split_whitespace().next().unwrap_or_default() {
        "show" | "moves" | "log" | "score" | "seed" | "goals" | "options" | "variants" | "help"
        | "?" | "eval" | "save" | "render" | "export" | "history" | "sim" | "check" | "quit"
        | "exit" | "card" | "clear" => Effect::Keeps,
        "undo" => Effect::Undoes,
        "auto" => Effect::Auto,
        "reload" => Effect::Reloads,
        "new" | "load" | "replay" => Effect::Replaces,
        _ => Effect::Plays,
    }
}

/// The game in hand as the invariants compare it: variant, seed and log.
#[derive(Debug, Clone, PartialEq)]
struct Game {
    variant: String,
    seed: u64,
    log: Vec<String>,
}

fn game(repl: &Repl) -> Option<Game> {
    repl.session().map(|s| Game {
        variant: s.variant().name.clone(),
        seed: s.seed(),
        log: s.log().to_vec(),
    })
}

/// What a player can learn of a state through the rules, on a copy of it.
fn fingerprint(rules: &Rules, state: &Dynamic) -> String {
    let mut state = state.clone();
    let over = rules.over(&mut state);
    let moves = rules
        .moves(&mut state)
        .map(|ms| ms.into_iter().map(|m| m.label).collect::<Vec<_>>());
    let view = rules.view(&mut state, &ViewOptions::default());
    let score = rules.score(&mut state);
    format!("over {over:?}\nmoves {moves:?}\nview {view:?}\nscore {score:?}")
}

/// Types `line` and checks what it did to the game against what the command may do;
/// what it printed.
fn typed_checked(repl: &mut Repl, line: &str) -> Result<String, TestCaseError> {
    let before = game(repl);
    let step = repl.execute(line);
    let after = game(repl);
    let failed = step.failed;
    let why = || format!("line {line:?} (failed: {failed}) printed:\n{}", step.output);
    if let (Some(b), Some(a)) = (&before, &after) {
        if failed {
            // Repl::what_stands: "unchanged" exactly when the log is.
            prop_assert_eq!(
                step.output.ends_with("the game is unchanged\n"),
                a.log == b.log,
                "the message on what stands is wrong: {}",
                why()
            );
        }
        let same_game = a.variant == b.variant && a.seed == b.seed;
        match effect(line) {
            Effect::Keeps => prop_assert_eq!(a, b, "{}", why()),
            // A move played before a rule failed stands, as the message says (checked
            // above); nothing else changes.
            Effect::Plays if failed => {
                prop_assert!(same_game && a.log.starts_with(&b.log), "{}", why())
            }
            Effect::Undoes | Effect::Reloads | Effect::Replaces if failed => {
                prop_assert_eq!(a, b, "a failed command changed the game: {}", why())
            }
            Effect::Plays => {
                prop_assert!(same_game && a.log.len() > b.log.len(), "{}", why());
                prop_assert_eq!(&a.log[..b.log.len()], &b.log[..], "{}", why());
            }
            // The last move as typed: a move typed whole (`roll > 1`) goes back whole.
            Effect::Undoes => {
                prop_assert!(same_game && a.log.len() < b.log.len(), "{}", why());
                prop_assert_eq!(&a.log[..], &b.log[..a.log.len()], "{}", why());
            }
            Effect::Auto => {
                prop_assert!(same_game && a.log.starts_with(&b.log), "{}", why());
            }
            Effect::Reloads => prop_assert_eq!(a, b, "{}", why()),
            Effect::Replaces => {}
        }
    } else if before.is_some() {
        prop_assert!(false, "the game was lost: {}", why());
    } else {
        prop_assert!(
            !step.output.contains("the game is unchanged"),
            "no game, but `unchanged`: {}",
            why()
        );
    }
    Ok(step.output)
}

/// The game in hand is what its log replays to from the seed.
fn is_its_replay(repl: &Repl) -> Result<(), TestCaseError> {
    let Some(session) = repl.session() else {
        return Ok(());
    };
    let replayed = Session::from_save(repl.library(), &session.to_save(), Limits::default())
        .map_err(|e| TestCaseError::fail(format!("the log does not replay: {e}")))?;
    prop_assert_eq!(
        fingerprint(session.rules(), session.state()),
        fingerprint(replayed.rules(), replayed.state()),
        "the state is not the replay of its log {:?}",
        session.log()
    );
    Ok(())
}

fn run_session(lines: &[Line]) -> Result<(), TestCaseError> {
    let folder = tempfile::tempdir().unwrap();
    std::fs::create_dir(folder.path().join("dir")).unwrap();
    let mut repl = Repl::new(crate::common::library(), fuzz_limits())
        .with_db(folder.path().join("games.sqlite"));
    for line in lines {
        let Some(typed) = line.typed(&mut repl, folder.path()) else {
            continue;
        };
        typed_checked(&mut repl, &typed)?;
        is_its_replay(&repl)?;
        // `moves` works after anything, or says why not; it changes nothing.
        typed_checked(&mut repl, "moves")?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(40))]

    #[test]
    fn fuzz_repl_lines_never_panic_and_keep_the_game_its_logs_replay(lines in session_lines()) {
        run_session(&lines)?;
    }
}

/// The hooks a game at the REPL calls (`check_data` runs once at compile time, with no
/// `this`; `turns` only at the end of a bench or sim game; `chance` only by a bot that
/// plans, or `solve`).
fn repl_hooks() -> impl Iterator<Item = &'static Hook> {
    let elsewhere = [
        hooks::CHECK_DATA.name,
        hooks::TURNS.name,
        hooks::CHANCE.name,
    ];
    hooks::RULES
        .iter()
        .filter(move |h| !elsewhere.contains(&h.name))
}

/// Pig with `hook` running away from its second turn on (`setup`: in the game of seed
/// 2); where Pig defines the hook (`pigs`), the override then goes on with Pig's own.
fn runaway_in(lib: &TempLibrary, hook: &Hook, pigs: bool) {
    let (name, params) = (hook.name, hook.params.join(", "));
    let when = if hook.name == hooks::SETUP.name {
        "this.seed == 2"
    } else {
        "this.turn >= 2"
    };
    let then = if pigs {
        format!("this.parent(\"{name}\", [{params}])")
    } else {
        "()".to_owned()
    };
    lib.write(
        "scripts/house/runaway.rhai",
        &format!("fn {name}({params}) {{\n    if {when} {{ let x = 0; loop {{ x += 1; }} }}\n    {then}\n}}\n"),
    );
}

#[test]
fn a_runaway_in_any_hook_is_stopped_and_the_game_stays_as_said() {
    let lib = TempLibrary::new();
    lib.write(
        "variants/runaway.toml",
        "name = \"runaway\"\nextends = \"pig-solo\"\nscripts = [\"house/runaway.rhai\"]\n",
    );
    let limits = Limits {
        command_time: Some(Duration::from_millis(20)),
        ..Limits::interactive()
    };
    let pig = Rules::compile(
        Variant::load(&lib.library, "pig-solo").unwrap(),
        Limits::default(),
    )
    .unwrap();
    for hook in repl_hooks() {
        runaway_in(&lib, hook, pig.defines(hook));
        let mut repl = Repl::new(lib.library.clone(), limits).with_db(lib.path("games.sqlite"));
        let mut stopped = false;
        let render = format!("render {}", lib.path("table.svg").display());
        for line in [
            "new runaway --seed 1",
            "roll",
            "bank",
            "roll",
            "show",
            &render,
            "score",
            "goals",
            "help moves",
            "card pig",
            "card",
            "nope",
            "auto 2",
            "undo",
            "redo",
            "new runaway --seed 2",
            "log",
        ] {
            let shown = typed_checked(&mut repl, line)
                .and_then(|shown| Ok(format!("{shown}{}", typed_checked(&mut repl, "moves")?)))
                .unwrap_or_else(|e| panic!("{} running away: {e}", hook.name));
            stopped |= shown.contains("ran past its time budget");
        }
        assert!(stopped, "{} never ran away", hook.name);
    }
}

// ---------------------------------------------------------------------------------
// Manifests

/// A manifest case: files written into a copy of the rules folder, then the variant
/// `load` loaded and a game of it started.
#[derive(Debug, Clone)]
struct ManifestCase {
    /// (path relative to the rules folder, text); `{root}` stands for the folder.
    files: Vec<(String, String)>,
    load: String,
}

/// A value of any TOML type, sound for some keys and not for others.
fn toml_value() -> impl Strategy<Value = String> {
    prop_oneof![
        words(&[
            "1",
            "0",
            "-1",
            "9223372036854775807",
            "-9223372036854775808",
            "99999999999999999999",
            "true",
            "\"\"",
            "\"x\"",
            "\"pig-solo\"",
            "[]",
            "[1]",
            "[2, 1]",
            "[1, 2, 3]",
            "[-9223372036854775808, 9223372036854775807]",
            "[\"a\"]",
            "[\"a\", 1]",
            "{}",
            "{ a = 1 }",
            "1.5",
            "nan",
            "inf",
            "1979-05-27",
            "\"../x\"",
            "'''\nmulti\nline'''",
            "\"\\u0000\"",
            "[[]]",
        ]),
        any::<i64>().prop_map(|i| i.to_string()),
        "\"\\PC{0,12}\"".prop_map(|s| s.replace('\\', "")),
    ]
}

/// One line of text mutation of a manifest.
#[derive(Debug, Clone)]
enum Mutation {
    Delete(usize),
    Duplicate(usize),
    /// The value of a `key = value` line replaced.
    Value(usize, String),
    Insert(usize, String),
    /// The text cut after this many bytes (at a char boundary).
    Truncate(usize),
}

impl Mutation {
    fn apply(&self, text: &str) -> String {
        let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
        let n = lines.len().max(1);
        match self {
            Mutation::Delete(i) if !lines.is_empty() => {
                lines.remove(i % n);
            }
            Mutation::Duplicate(i) if !lines.is_empty() => {
                let line = lines[i % n].clone();
                lines.insert(i % n, line);
            }
            Mutation::Value(i, value) if !lines.is_empty() => {
                let line = &mut lines[i % n];
                if let Some((key, _)) = line.split_once('=') {
                    *line = format!("{key}= {value}");
                }
            }
            Mutation::Insert(i, line) => lines.insert(i % (lines.len() + 1), line.clone()),
            Mutation::Truncate(at) => {
                let mut at = at % (text.len() + 1);
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                return text[..at].to_owned();
            }
            _ => {}
        }
        lines.join("\n") + "\n"
    }
}

/// Lines a manifest may or may not accept, for insertion anywhere.
fn manifest_line() -> impl Strategy<Value = String> {
    let key = select(
        &[
            "name",
            "title",
            "description",
            "game",
            "extends",
            "scripts",
            "data",
            "options",
            "colour",
            "options.goal.default",
            "options.turns.range",
            "options.new.default",
            "options.new.help",
            "options.colours.choices",
            "data.tiles",
            "data.bonus",
            "",
        ][..],
    );
    prop_oneof![
        4 => (key, toml_value()).prop_map(|(k, v)| format!("{k} = {v}")),
        1 => words(&["[options.x]", "[data]", "[[scripts]]", "[options.turns]", "[data.tiles]", "=", "[", "name"]),
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (0usize..100).prop_map(Mutation::Delete),
        (0usize..100).prop_map(Mutation::Duplicate),
        (0usize..100, toml_value()).prop_map(|(i, v)| Mutation::Value(i, v)),
        (0usize..100, manifest_line()).prop_map(|(i, l)| Mutation::Insert(i, l)),
        (0usize..4000).prop_map(Mutation::Truncate),
    ]
}

/// A shipped manifest with a few lines changed, written over itself.
fn mutated_shipped() -> impl Strategy<Value = ManifestCase> {
    let names: Vec<String> = crate::common::library()
        .manifest_files()
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    (select(names), prop::collection::vec(mutation(), 0..4)).prop_map(|(name, mutations)| {
        let path = format!("variants/{name}.toml");
        let shipped = std::fs::read_to_string(crate::common::library().root.join(&path)).unwrap();
        let text = mutations.iter().fold(shipped, |text, m| m.apply(&text));
        ManifestCase {
            files: vec![(path, text)],
            load: name,
        }
    })
}

/// Script files every case may name (under scripts/fz/), sound and broken.
const SCRIPTS: [(&str, &str); 6] = [
    (
        "scripts/fz/over.rhai",
        "fn over() {\n    this.parent(\"over\", [])\n}\n",
    ),
    ("scripts/fz/empty.rhai", ""),
    ("scripts/fz/syntax.rhai", "fn setup( {\n"),
    ("scripts/fz/helper.rhai", "fn helper() { 1 }\n"),
    (
        "scripts/fz/throws.rhai",
        "fn setup() {\n    throw \"no setup\";\n}\nfn moves() { [] }\nfn play(mv) {}\nfn over() { () }\nfn score() { #{ total: 0 } }\n",
    ),
    (
        "scripts/fz/odd.rhai",
        "fn setup() {}\nfn moves() { 5 }\nfn play(mv) {}\nfn over() { 7 }\nfn score() { \"none\" }\n",
    ),
];

/// Mostly `sound`, now and then `odd`: cases stay near valid manifests, where the
/// deeper code runs, and break a thing or two at a time.
fn mostly<T: std::fmt::Debug + Clone + 'static>(
    sound: impl Strategy<Value = T> + 'static,
    odd: impl Strategy<Value = T> + 'static,
) -> BoxedStrategy<T> {
    prop_oneof![5 => sound, 1 => odd].boxed()
}

/// Manifest `fz{i}` of a chain of `count`, written field by field. Soundly it extends
/// the next one, and the last a shipped variant; oddly anything, itself included.
fn fz_manifest(i: usize, count: usize) -> impl Strategy<Value = String> {
    let stem = format!("fz{i}");
    let name = mostly(
        Just(format!("name = \"{stem}\"")),
        words(&[
            "",
            "name = \"\"",
            "name = \"other\"",
            "name = 1",
            "name = \"fz0\"",
            "title = 1",
        ]),
    );
    let game = mostly(
        Just(None),
        words(&[
            "game = \"core\"",
            "game = \"carcassonne\"",
            "game = \"ora_et_labora\"",
            "game = \"chess\"",
            "game = 1",
            "game = \"\"",
        ])
        .prop_map(Some),
    );
    let shipped = select(&VARIANTS[..]).prop_map(str::to_owned);
    let sound_parent = if i + 1 < count {
        Just(format!("fz{}", i + 1)).boxed()
    } else {
        shipped.boxed()
    };
    let mut odd_parents: Vec<String> = (0..count).map(|j| format!("fz{j}")).collect();
    odd_parents.extend(
        [
            "carcassonne-solo-easy",
            "nope",
            "",
            "../variants/pig-solo",
            "fz0.toml",
            "variants/pig-solo",
        ]
        .map(str::to_owned),
    );
    let extends = mostly(
        sound_parent.prop_map(Some),
        prop::option::of(select(odd_parents)),
    )
    .prop_map(|p| p.map(|p| format!("extends = \"{p}\"")));
    let script = mostly(
        words(&[
            "fz/over.rhai",
            "house/every-colour-scores.rhai",
            "pig/pig.rhai",
        ]),
        words(&[
            "carcassonne/base.rhai",
            "./../scripts/fz/over.rhai",
            "../scripts/fz/over.rhai",
            "../../outside.rhai",
            "{root}/scripts/fz/over.rhai",
            "/nonexistent/x.rhai",
            "",
            "pig",
            "pig/",
            "fz/empty.rhai",
            "fz/syntax.rhai",
            "fz/helper.rhai",
            "fz/throws.rhai",
            "fz/odd.rhai",
            "../variants/pig-solo.toml",
            "../../variants/pig-solo.toml",
            "fz",
            "fz/nope.rhai",
        ]),
    );
    let scripts = prop::option::weighted(
        0.5,
        prop::collection::vec(script, 0..3).prop_map(|s| {
            let quoted: Vec<String> = s.iter().map(|p| format!("\"{p}\"")).collect();
            format!("scripts = [{}]", quoted.join(", "))
        }),
    );
    let data_entry = mostly(
        Just(("x", "{ a = [1, 2] }")),
        (
            select(
                &[
                    "tiles",
                    "goods",
                    "buildings",
                    "table",
                    "bonus",
                    "pyramid",
                    "schedule",
                    "x",
                ][..],
            ),
            select(
                &[
                    "\"data/carcassonne-base-tiles.toml\"",
                    "\"data/ora-et-labora-goods.toml\"",
                    "\"data/ora-et-labora-table.toml\"",
                    "\"../scripts/pig/pig.rhai\"",
                    "\"/nonexistent.toml\"",
                    "\"\"",
                    "\"data\"",
                    "\"./data/carcassonne-base-tiles.toml\"",
                    "\"{root}/variants/data/ora-et-labora-goods.toml\"",
                    "{ cards = [1, 2] }",
                    "{}",
                    "{ levels = 3 }",
                    "5",
                    "[1]",
                    "{ A = 1 }",
                    "{ tiles = { A = \"x\" } }",
                    "{ phases = [] }",
                    "{ levels = [{ level = 1, slots = \"\" }] }",
                ][..],
            ),
        ),
    );
    // One entry per key, one table per option: a key written twice is only a TOML error.
    let data = prop::collection::vec(data_entry, 0..3).prop_map(|entries| {
        let by_key: BTreeMap<&str, &str> = entries.into_iter().collect();
        let lines: Vec<String> = by_key
            .iter()
            .map(|(k, v)| format!("data.{k} = {v}"))
            .collect();
        lines.join("\n")
    });
    let field = (
        select(&["default", "range", "choices", "help", "nope"][..]),
        toml_value(),
    );
    let odd_option = (
        select(
            &[
                "turns",
                "colours",
                "goal",
                "bust_face",
                "meeples_per_colour",
                "new",
                "country",
                "\"\"",
                "\"a b\"",
            ][..],
        ),
        prop::collection::vec(field, 0..4),
    )
        .prop_map(|(name, fields)| {
            let body: Vec<String> = fields.iter().map(|(k, v)| format!("{k} = {v}")).collect();
            (name, body.join("\n"))
        });
    let option = mostly(
        Just((
            "fz",
            "default = 1\nrange = [0, 2]\nhelp = \"a new option\"".to_owned(),
        )),
        odd_option,
    );
    let options = prop::collection::vec(option, 0..3).prop_map(|options| {
        let by_name: BTreeMap<&str, String> = options.into_iter().collect();
        by_name
            .iter()
            .map(|(name, body)| format!("[options.{name}]\n{body}"))
            .collect::<Vec<_>>()
    });
    let unknown = prop::option::weighted(0.1, manifest_line());
    (name, game, extends, scripts, data, options, unknown).prop_map(
        |(name, game, extends, scripts, data, options, unknown)| {
            // Top-level keys first: every later line is inside an [options.…] table.
            let top = [Some(name), game, extends, scripts, Some(data), unknown];
            let mut text: Vec<String> = top.into_iter().flatten().collect();
            text.extend(options);
            text.join("\n") + "\n"
        },
    )
}

/// A chain of one to three manifests `fz0`, `fz1`, …, each extending another, a shipped
/// variant, itself or nothing; `fz0` is loaded.
fn fz_chain() -> impl Strategy<Value = ManifestCase> {
    (1usize..=3).prop_flat_map(|count| {
        (0..count)
            .map(|i| fz_manifest(i, count))
            .collect::<Vec<_>>()
            .prop_map(|texts| ManifestCase {
                files: texts
                    .into_iter()
                    .enumerate()
                    .map(|(i, text)| (format!("variants/fz{i}.toml"), text))
                    .collect(),
                load: "fz0".to_owned(),
            })
    })
}

fn manifest_case() -> impl Strategy<Value = ManifestCase> {
    prop_oneof![mutated_shipped(), fz_chain()]
}

/// Every error names an existing file of the rules folder (or outside it, by its
/// absolute path), and a line it points at is that file's line.
fn names_a_file(root: &Path, e: &Diagnostic) -> Result<(), String> {
    let Some(at) = e.location() else {
        return Err(format!("names no file: {e}"));
    };
    let path = root.join(&at.file);
    if !path.is_file() {
        return Err(format!("names no file: {e}"));
    }
    if let (Some(line), Some(shown)) = (at.line, &at.source_line) {
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        if text.lines().nth(line - 1) != Some(shown.as_str()) {
            return Err(format!("line {line} is not the file's line {shown:?}: {e}"));
        }
    }
    Ok(())
}

/// Loads the case's variant and starts a game of it, on a thread of its own so that a
/// load that hangs fails the case instead of the whole run.
fn load_case(root: &Path, variant: &str) -> Result<(), String> {
    let (root, variant) = (root.to_path_buf(), variant.to_owned());
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let library = Library::at(&root).unwrap();
        let outcome = Variant::load(&library, &variant)
            .and_then(|_| Session::new(&library, &variant, &[], 1, Limits::default()))
            .and_then(|mut session| session.moves().map(drop));
        let _ = send.send(match outcome {
            Ok(()) => Ok(()),
            Err(e) => names_a_file(&root, &e),
        });
    });
    receive
        .recv_timeout(Duration::from_secs(20))
        .unwrap_or_else(|e| Err(format!("no answer in 20 s ({e}): loading hangs")))
}

fn run_manifest_case(case: &ManifestCase) -> Result<(), TestCaseError> {
    let lib = TempLibrary::new();
    let root = lib.dir.path().display().to_string();
    for (path, text) in SCRIPTS {
        lib.write(path, text);
    }
    for (path, text) in &case.files {
        lib.write(path, &text.replace("{root}", &root));
    }
    load_case(lib.dir.path(), &case.load).map_err(TestCaseError::fail)
}

proptest! {
    #![proptest_config(config(60))]

    #[test]
    fn fuzz_manifests_load_or_fail_naming_a_file(case in manifest_case()) {
        run_manifest_case(&case)?;
    }
}
