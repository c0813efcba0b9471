//! The test harness: a game driven through the real rules, whose state a scenario may
//! set up directly (a board built tile by tile, scores, supplies) before playing the
//! move the scenario is about.

use houserules::diagnostic::Diagnostic;
use houserules::games::carcassonne::{api::TileSetRef, Board, Placement, Pos};
use houserules::manifest::{Library, Variant};
use houserules::script::{Limits, Rules};
use rhai::{Dynamic, Map};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

pub fn library() -> Library {
    Library::at(Path::new(env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// A game as (rules, state), played by move label.
pub struct Game {
    pub rules: Rules,
    pub state: Dynamic,
}

impl Game {
    pub fn new(variant: &str, overrides: &[(&str, &str)], seed: u64) -> Game {
        Game::in_library(&library(), variant, overrides, seed)
    }

    /// A game of `variant` from `library` (a [`TempLibrary`]'s, to play a house rule).
    pub fn in_library(
        library: &Library,
        variant: &str,
        overrides: &[(&str, &str)],
        seed: u64,
    ) -> Game {
        let variant = Variant::load(library, variant).unwrap();
        let rules = Rules::compile(variant, Limits::default()).unwrap();
        let overrides: Vec<(String, String)> = overrides
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let options =
            houserules::manifest::options::resolve(&rules.variant.options, &overrides).unwrap();
        let state = rules.new_state(&options, seed).unwrap();
        Game { rules, state }
    }

    pub fn solo(overrides: &[(&str, &str)]) -> Game {
        Game::new("carcassonne-solo", overrides, 1)
    }

    pub fn moves(&mut self) -> Vec<String> {
        self.rules
            .moves(&mut self.state)
            .unwrap()
            .into_iter()
            .map(|m| m.label.to_string())
            .collect()
    }

    pub fn try_play(&mut self, label: &str) -> Result<(), Diagnostic> {
        let moves = self.rules.moves(&mut self.state)?;
        let mv = houserules::session::pick(&moves, label)?;
        self.rules.play(&mut self.state, &mv)
    }

    pub fn play(&mut self, label: &str) {
        if let Err(e) = self.try_play(label) {
            panic!(
                "playing `{label}` failed: {e}\nlegal moves: {:?}",
                self.moves()
            );
        }
    }

    /// Evaluates Rhai with `state` in scope.
    pub fn eval(&self, expr: &str) -> Dynamic {
        self.rules
            .eval(&self.state, expr)
            .unwrap_or_else(|e| panic!("eval `{expr}`: {e}"))
    }

    /// Evaluates Rhai with `state` in scope in the engine of the variant's greedy bot,
    /// which has the bots' API (a rules engine has not).
    pub fn bot_eval(&self, expr: &str) -> Dynamic {
        self.bot_eval_of("greedy", expr)
    }

    /// Evaluates `expr` with `state` in the engine of the bot `name` (a script bot).
    pub fn bot_eval_of(&self, name: &str, expr: &str) -> Dynamic {
        let variant = &self.rules.variant;
        let bot = houserules::bot::find(variant, name)
            .and_then(|b| b.load(variant, Limits::default()))
            .unwrap_or_else(|e| panic!("{e}"));
        let rules = bot.rules().expect("a script bot");
        rules
            .eval(&self.state, expr)
            .unwrap_or_else(|e| panic!("eval `{expr}` in the bot's engine: {e}"))
    }

    /// The message of the error evaluating `expr` gives (it must fail).
    pub fn eval_error(&self, expr: &str) -> String {
        match self.rules.eval(&self.state, expr) {
            Ok(v) => panic!("eval `{expr}` gave {v} instead of an error"),
            Err(e) => e.message,
        }
    }

    pub fn int(&self, expr: &str) -> i64 {
        self.eval(expr).as_int().unwrap()
    }

    pub fn ints(&self, expr: &str) -> Vec<i64> {
        self.eval(expr)
            .into_array()
            .unwrap()
            .into_iter()
            .map(|v| v.as_int().unwrap())
            .collect()
    }

    pub fn text(&self, expr: &str) -> String {
        self.eval(expr).to_string()
    }

    pub fn scores(&self) -> Vec<i64> {
        self.ints("state.scores")
    }

    pub fn supply(&self) -> Vec<i64> {
        self.ints("state.supply")
    }

    pub fn over(&mut self) -> Option<String> {
        self.rules.over(&mut self.state).unwrap()
    }

    /// The ids of the goals the rules judge reached, in their order.
    pub fn goals_reached(&mut self) -> Vec<String> {
        self.rules
            .goals(&mut self.state)
            .unwrap()
            .into_iter()
            .filter(|g| g.reached)
            .map(|g| g.id)
            .collect()
    }

    pub fn result(&mut self) -> i64 {
        self.rules.score(&mut self.state).unwrap()["total"]
            .as_int()
            .unwrap()
    }

    /// Sets `state.KEY` to the value of a Rhai expression (with `state` in scope).
    pub fn set(&mut self, key: &str, expr: &str) {
        let value = self.eval(expr);
        self.put(key, value);
    }

    pub fn put(&mut self, key: &str, value: Dynamic) {
        self.state
            .write_lock::<Map>()
            .unwrap()
            .insert(key.into(), value);
    }

    /// A board with the start tile, on this game's tile set.
    pub fn board(&self) -> BoardBuilder {
        let tiles = self.eval("state.tiles").cast::<TileSetRef>().0;
        let mut board = Board::new(tiles.clone());
        board.place_start(tiles.start_tile());
        BoardBuilder { board }
    }

    /// Replaces the table: the board, then whose turn it is and which tile is in hand
    /// (phase "place"; the turn counter follows the active colour).
    pub fn set_table(&mut self, mut builder: BoardBuilder, active: i64, in_hand: &str) {
        // Keep the point values the variant's set-up chose (e.g. tiny_city_points).
        builder
            .board
            .set_points(self.eval("state.board").cast::<Board>().points_table());
        // Supplies (where the variant has them) are the option's count minus meeples on the board.
        let per_colour = self.int(r#"state.options.get("meeples_per_colour") ?? 0"#);
        let colours = self.int("state.colours.len()") as usize;
        let mut supply = vec![per_colour; colours];
        for m in builder.board.meeples() {
            if per_colour > 0 {
                supply[m.colour as usize] -= 1;
            }
        }
        self.put("board", Dynamic::from(builder.board));
        self.put(
            "supply",
            supply
                .into_iter()
                .map(Dynamic::from_int)
                .collect::<rhai::Array>()
                .into(),
        );
        self.put("active", Dynamic::from_int(active));
        self.put("turn", Dynamic::from_int(active));
        self.set("tile", &format!("state.tiles.id(\"{in_hand}\")"));
        self.set("phase", "\"place\"");
    }
}

/// Builds a board tile by tile with the primitives' own legality checks.
pub struct BoardBuilder {
    pub board: Board,
}

impl BoardBuilder {
    pub fn tile(mut self, letter: &str, x: i32, y: i32, degrees: u16) -> Self {
        let tile = self.board.tile_set().by_id(letter).unwrap();
        let at = Placement {
            pos: Pos { x, y },
            rotation: (degrees / 90) as u8,
        };
        self.board
            .place(tile, at)
            .unwrap_or_else(|e| panic!("{letter} at {x},{y}@{degrees}: {e}"));
        self
    }

    /// A meeple of `colour` on the segment labelled `segment` of the tile at x,y.
    pub fn meeple(mut self, x: i32, y: i32, segment: &str, colour: u8) -> Self {
        let pos = Pos { x, y };
        let seg = self
            .board
            .segments_at(pos)
            .into_iter()
            .find(|s| s.label == segment)
            .unwrap_or_else(|| {
                panic!(
                    "no segment {segment} at {x},{y}: {:?}",
                    self.board
                        .segments_at(pos)
                        .iter()
                        .map(|s| s.label.clone())
                        .collect::<Vec<_>>()
                )
            });
        self.board.place_meeple(pos, seg.index, colour).unwrap();
        self
    }
}

pub fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// A copy of the rules folder in a temporary directory, for tests that edit or break
/// manifests and scripts.
pub struct TempLibrary {
    pub dir: tempfile::TempDir,
    pub library: Library,
}

impl TempLibrary {
    pub fn new() -> TempLibrary {
        let dir = tempfile::tempdir().unwrap();
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        for sub in ["variants", "scripts"] {
            copy_dir(&root.join(sub), &dir.path().join(sub));
        }
        let library = Library::at(dir.path()).unwrap();
        TempLibrary { dir, library }
    }

    pub fn path(&self, rel: &str) -> std::path::PathBuf {
        self.dir.path().join(rel)
    }

    pub fn write(&self, rel: &str, text: &str) {
        let path = self.path(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    /// Replaces `from` by `to` in a file, which must contain it.
    pub fn edit(&self, rel: &str, from: &str, to: &str) {
        let text = std::fs::read_to_string(self.path(rel)).unwrap();
        assert!(text.contains(from), "{rel} does not contain {from:?}");
        self.write(rel, &text.replace(from, to));
    }

    pub fn session(
        &self,
        variant: &str,
        seed: u64,
    ) -> Result<houserules::session::Session, Diagnostic> {
        houserules::session::Session::new(&self.library, variant, &[], seed, Limits::default())
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// A house-rule variant of the solo game adding `script` (written to scripts/house/).
pub fn house_rule(lib: &TempLibrary, name: &str, script: &str) {
    lib.write(&format!("scripts/house/{name}.rhai"), script);
    lib.write(
        &format!("variants/{name}.toml"),
        &format!("name = \"{name}\"\nextends = \"carcassonne-solo\"\nscripts = [\"house/{name}.rhai\"]\n"),
    );
}

/// What a run of the binary printed.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub ok: bool,
}

/// Runs the binary with `args` and `input` on standard input (a pipe, so no prompts),
/// recording games in a fresh temporary database.
pub fn houserules(args: &[&str], input: &str) -> Run {
    let dir = tempfile::tempdir().unwrap();
    houserules_with_db(&dir.path().join("games.sqlite"), args, input)
}

/// As [`houserules`], with the games database at `db`. The data folder points into a
/// temporary folder too, so no test ever writes into the user's own.
pub fn houserules_with_db(db: &Path, args: &[&str], input: &str) -> Run {
    houserules_at(db, tempfile::tempdir().unwrap().path(), args, input)
}

/// As [`houserules`], with the data folder (unfinished games, history) and the games
/// database in `data`, which runs may share.
pub fn houserules_in(data: &Path, args: &[&str], input: &str) -> Run {
    houserules_at(&data.join("games.sqlite"), data, args, input)
}

/// As [`houserules`], with the games database at `db` and the data folder `data`.
pub fn houserules_at(db: &Path, data: &Path, args: &[&str], input: &str) -> Run {
    let mut child = with_test_env(&mut Command::new(BINARY), db, data)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let written = child.stdin.take().unwrap().write_all(input.as_bytes());
    // A run that fails at once (a bad argument) may exit before it reads its input.
    if let Err(e) = written {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    finished(child)
}

/// The binary under test.
pub const BINARY: &str = env!("CARGO_BIN_EXE_houserules");

/// Gives `command` (the binary, or a script that runs it) the environment of every test
/// run: the rules of this checkout, the games database `db` and the data folder `data`.
pub fn with_test_env<'a>(command: &'a mut Command, db: &Path, data: &Path) -> &'a mut Command {
    command
        .env("HOUSERULES_HOME", env!("CARGO_MANIFEST_DIR"))
        .env("HOUSERULES_DB", db)
        .env("XDG_DATA_HOME", data)
        .env_remove("NO_COLOR")
}

/// Waits for `child`, started with its output piped, and collects what it printed.
pub fn finished(child: std::process::Child) -> Run {
    let out = child.wait_with_output().unwrap();
    Run {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
        ok: out.status.success(),
    }
}

/// Asserts that `needles` appear in `text` in this order.
pub fn assert_in_order(text: &str, needles: &[&str]) {
    let mut rest = text;
    for needle in needles {
        match rest.find(needle) {
            Some(i) => rest = &rest[i + needle.len()..],
            None => panic!("{needle:?} not found (in order) in:\n{text}"),
        }
    }
}

/// Plays `moves` moves of `session` (all when `None`) as typed at the REPL, so they are
/// yours, choosing at random (as the random bot seeded with `seed` would).
pub fn type_moves(session: &mut houserules::session::Session, seed: u64, moves: Option<usize>) {
    use houserules::bot::Bot;
    let mut chooser = houserules::bot::RandomBot::seeded(seed);
    for _ in 0..moves.unwrap_or(usize::MAX) {
        let legal = session.moves().unwrap();
        if legal.is_empty() {
            break;
        }
        let i = chooser.choose(session.state(), &legal).unwrap();
        session.play(&legal[i].label).unwrap();
    }
}
