//! Finding a bot by name. `random` is built in; every other bot is a Rhai file, looked
//! up for the variant first, then for its ancestors, then among the bots for any game:
//!
//! ```text
//! scripts/bots/carcassonne-solo-5-meeples/greedy.rhai   the variant's own
//! scripts/bots/carcassonne-solo/greedy.rhai             its parent's (extends)
//! scripts/bots/greedy.rhai                              any variant
//! ```
//!
//! so a derived variant plays with its parent's bots unless it brings its own. A name
//! ending in `.rhai` is a path to a bot file anywhere (a bot being written).

use super::base::Bot;
use super::random::RandomBot;
use super::script::ScriptBot;
use crate::diagnostic::Diagnostic;
use crate::manifest::{ScriptFile, Variant};
use crate::script::{Limits, Rules};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::rc::Rc;

/// The built-in bot.
pub const RANDOM: &str = "random";

/// A bot found by name, not yet compiled: plain data that any thread can load.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BotSource {
    Random,
    Script { name: String, file: ScriptFile },
}

/// A bot compiled for one thread, ready to play any number of games.
pub enum LoadedBot {
    Random,
    Script { name: String, rules: Rc<Rules> },
}

impl BotSource {
    pub fn name(&self) -> &str {
        match self {
            BotSource::Random => RANDOM,
            BotSource::Script { name, .. } => name,
        }
    }

    /// Compiles the bot with `variant`'s rules (script bots; `random` needs nothing).
    pub fn load(&self, variant: &Variant, limits: Limits) -> Result<LoadedBot, Diagnostic> {
        Ok(match self {
            BotSource::Random => LoadedBot::Random,
            BotSource::Script { name, file } => LoadedBot::Script {
                name: name.clone(),
                rules: Rc::new(Rules::compile_with_bot(variant.clone(), limits, file)?),
            },
        })
    }
}

impl LoadedBot {
    /// The bot for one game, with its own generator seeded by `seed`.
    pub fn start(&self, seed: u64) -> Box<dyn Bot> {
        match self {
            LoadedBot::Random => Box::new(RandomBot::seeded(seed)),
            LoadedBot::Script { name, rules } => {
                Box::new(ScriptBot::new(name, rules.clone(), seed))
            }
        }
    }
}

/// The folders searched for `variant`'s bots, most specific first.
fn bot_dirs(variant: &Variant) -> Vec<PathBuf> {
    let bots = variant.library.scripts_dir().join("bots");
    let mut dirs: Vec<PathBuf> = std::iter::once(&variant.name)
        .chain(&variant.parents)
        .map(|v| bots.join(v))
        .collect();
    dirs.push(bots);
    dirs
}

/// Finds the bot called `name` for `variant`.
pub fn find(variant: &Variant, name: &str) -> Result<BotSource, Diagnostic> {
    if name == RANDOM {
        return Ok(BotSource::Random);
    }
    if name.ends_with(".rhai") {
        let path = PathBuf::from(name);
        if !path.is_file() {
            return Err(Diagnostic::new(name, "no such bot file")
                .with_help("give the path of a .rhai file defining fn choose(state, moves)"));
        }
        let stem = path.file_stem().unwrap_or_default().to_string_lossy();
        return Ok(BotSource::Script {
            name: stem.into_owned(),
            file: ScriptFile {
                shown: name.to_owned(),
                path,
            },
        });
    }
    let file = bot_dirs(variant)
        .into_iter()
        .map(|dir| dir.join(format!("{name}.rhai")))
        .find(|path| path.is_file());
    match file {
        Some(path) if is_plain_name(name) => Ok(BotSource::Script {
            name: name.to_owned(),
            file: ScriptFile {
                shown: variant.library.show(&path),
                path,
            },
        }),
        _ => Err(Diagnostic::new(
            "--bot",
            format!("no bot called `{name}` for {}", variant.name),
        )
        .with_help(format!(
            "bots for {}: {} (scripts/bots/), or the path of a .rhai bot file",
            variant.name,
            names(variant).join(", ")
        ))),
    }
}

/// A bot name is a file name without folders, so it cannot reach outside scripts/bots/.
fn is_plain_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
}

/// Every bot `variant` can use, by name: `random` first, then the script bots.
pub fn names(variant: &Variant) -> Vec<String> {
    let mut found = BTreeSet::new();
    for dir in bot_dirs(variant) {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "rhai") && path.is_file() {
                if let Some(stem) = path.file_stem().and_then(|s| s.to_str()) {
                    found.insert(stem.to_owned());
                }
            }
        }
    }
    std::iter::once(RANDOM.to_owned()).chain(found).collect()
}

/// Finds, compiles and seeds a bot for one game (the REPL's `auto`, benchmarks).
pub fn by_name(
    variant: &Variant,
    name: &str,
    seed: u64,
    limits: Limits,
) -> Result<Box<dyn Bot>, Diagnostic> {
    Ok(find(variant, name)?.load(variant, limits)?.start(seed))
}
