//! One side of a simulation (a variant, its option overrides and a bot) and how one game
//! of it is played and recorded.

use super::seeds::bot_seed;
use crate::bot::{play_out, BotSource, LoadedBot};
use crate::diagnostic::{Diagnostic, Kind};
use crate::manifest::options::resolve;
use crate::manifest::{DataSource, Variant};
use crate::script::{Limits, Rules};
use crate::session::Session;
use rhai::Dynamic;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use std::rc::Rc;

/// A game that has not ended after this many moves is reported as a rules bug rather
/// than run forever.
pub const MAX_MOVES: usize = 100_000;

/// What one side plays.
#[derive(Debug, Clone)]
pub struct Side {
    pub variant: Variant,
    /// `--set` overrides as given.
    pub overrides: Vec<(String, String)>,
    pub bot: BotSource,
}

/// One game's result, as written to JSON and CSV.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    /// The game's number in the run (0-based).
    pub game: usize,
    /// Its seed: `houserules play VARIANT --seed SEED` replays the deal.
    pub seed: u64,
    /// `score().total` at the end.
    pub total: i64,
    /// Why the game ended (`over()`).
    pub end: String,
    pub moves: usize,
    /// How many turns the game had, when the rules count them (`turns()`); only for
    /// `bench`, never in the JSON.
    #[serde(skip)]
    pub turns: Option<u64>,
    /// Interpreter operations the game cost, the bot's included: the work a game takes,
    /// the same on every machine; only for `bench`, never in the JSON.
    #[serde(skip)]
    pub operations: u64,
    /// The ids of the goals reached.
    pub goals: Vec<String>,
    /// The rest of `score()` at the end.
    pub score: BTreeMap<String, Value>,
    /// The moves, when the run keeps them (`sim --record`); never in the JSON.
    #[serde(skip)]
    pub log: Vec<String>,
}

/// A goal of the variant, as listed by `goals()` at the start of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GoalInfo {
    pub id: String,
    pub text: String,
}

/// A side compiled for one thread: the rules and the bot, reused game after game.
pub struct Table {
    rules: Rc<Rules>,
    bot: LoadedBot,
    limits: Limits,
}

impl Side {
    /// Compiles the rules and the bot (once per thread).
    pub fn prepare(&self, limits: Limits) -> Result<Table, Diagnostic> {
        Ok(Table {
            rules: Rc::new(Rules::compile(self.variant.clone(), limits)?),
            bot: self.bot.load(&self.variant, limits)?,
            limits,
        })
    }

    /// The option values this side plays with, every option named (for reports).
    pub fn options(&self) -> Result<BTreeMap<String, String>, Diagnostic> {
        Ok(resolve(&self.variant.options, &self.overrides)?
            .into_iter()
            .map(|(k, v)| (k, v.to_string()))
            .collect())
    }

    /// A fingerprint of everything that decides a game of this side: the text of every
    /// rule script, data file and bot script. Shards are merged only when theirs agree.
    pub fn fingerprint(&self) -> Result<String, Diagnostic> {
        let read = |shown: &str, path: &std::path::Path| {
            std::fs::read(path).map_err(|e| {
                Diagnostic::in_file(Kind::Io, shown, format!("cannot read the file: {e}"))
            })
        };
        let mut contents: Vec<Vec<u8>> = Vec::new();
        for s in &self.variant.scripts {
            contents.push(read(&s.shown, &s.path)?);
        }
        for (key, source) in &self.variant.data {
            contents.push(match source {
                DataSource::File(path) => read(key, path)?,
                DataSource::Inline { table, .. } | DataSource::Patched { table, .. } => {
                    table.to_string().into_bytes()
                }
            });
        }
        for f in self.bot.files_read() {
            contents.push(read(&f.shown, &f.path)?);
        }
        let mut hash = Fnv::default();
        for bytes in contents {
            hash.write(&(bytes.len() as u64).to_le_bytes());
            hash.write(&bytes);
        }
        Ok(format!("{:016x}", hash.0))
    }
}

impl Table {
    /// Interpreter operations run so far by the rules and the bot's own engine.
    fn operations(&self) -> u64 {
        self.rules.operations() + self.bot.rules().map_or(0, |r| r.operations())
    }

    /// The goals of the variant (with nothing reached), from a game set up with `seed`.
    pub fn goal_list(&self, side: &Side, seed: u64) -> Result<Vec<GoalInfo>, Diagnostic> {
        let mut session =
            Session::start_shared(self.rules.clone(), &side.overrides, seed, self.limits)?;
        Ok(session
            .goals()?
            .into_iter()
            .map(|g| GoalInfo {
                id: g.id,
                text: g.text,
            })
            .collect())
    }

    /// Plays game `game` (seed `seed`) to its end. A game stopped without a line (a
    /// runaway rule: simulations do not follow each statement, see [`Limits::locate`])
    /// is played again following them, to name the rule's line.
    pub fn play(
        &self,
        side: &Side,
        game: usize,
        seed: u64,
        keep_moves: bool,
    ) -> Result<GameResult, Diagnostic> {
        let unlocated = |e: &Diagnostic| !self.limits.locate && e.stopped_without_line();
        match self.play_game(side, game, seed, keep_moves) {
            Err(e) if unlocated(&e) => match side.prepare(self.limits.located()) {
                Ok(located) => Err(located
                    .play_game(side, game, seed, false)
                    .err()
                    .unwrap_or(e)),
                Err(_) => Err(e),
            },
            played => played,
        }
    }

    fn play_game(
        &self,
        side: &Side,
        game: usize,
        seed: u64,
        keep_moves: bool,
    ) -> Result<GameResult, Diagnostic> {
        let operations_before = self.operations();
        let mut session =
            Session::start_shared(self.rules.clone(), &side.overrides, seed, self.limits)?;
        let mut bot = self.bot.start(bot_seed(seed));
        let moves = play_out(&mut session, bot.as_mut(), Some(MAX_MOVES))?.len();
        let end = session.over()?.ok_or_else(|| {
            Diagnostic::about(
                Kind::Script,
                side.variant.name.clone(),
                format!("the game has not ended after {MAX_MOVES} moves"),
            )
            .with_help("a rule script bug? over() must end every game")
        })?;
        let mut score = session.score()?;
        let total = score.remove("total").unwrap_or_default();
        let total = total.as_int().map_err(|_| {
            Diagnostic::about(
                Kind::Script,
                side.variant.name.clone(),
                format!("score() returned total {total}, not a whole number"),
            )
            .with_help("simulations need a whole-number `total`")
        })?;
        let goals = session
            .goals()?
            .into_iter()
            .filter(|g| g.reached)
            .map(|g| g.id)
            .collect();
        Ok(GameResult {
            game,
            seed,
            total,
            end,
            moves,
            turns: session.turns()?,
            operations: self.operations() - operations_before,
            goals,
            score: score
                .into_iter()
                .map(|(k, v)| (k.to_string(), to_json(&v)))
                .collect(),
            log: if keep_moves {
                session.log()
            } else {
                Vec::new()
            },
        })
    }
}

/// A script value as JSON (values of host types by their text).
fn to_json(value: &Dynamic) -> Value {
    if let Ok(i) = value.as_int() {
        Value::from(i)
    } else if let Ok(f) = value.as_float() {
        Value::from(f)
    } else if let Ok(b) = value.as_bool() {
        Value::from(b)
    } else if value.is_unit() {
        Value::Null
    } else if let Some(items) = value.read_lock::<rhai::Array>() {
        items.iter().map(to_json).collect()
    } else if let Some(map) = value.read_lock::<rhai::Map>() {
        Value::Object(
            map.iter()
                .map(|(k, v)| (k.to_string(), to_json(v)))
                .collect(),
        )
    } else {
        Value::from(value.to_string())
    }
}

/// FNV-1a, 64 bits: a hash whose value never changes between Rust versions (unlike
/// `DefaultHasher`), so fingerprints from different machines can be compared.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}
