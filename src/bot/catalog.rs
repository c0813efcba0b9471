//! Finding a bot by name. `random` and `search` are built in (`search` takes settings
//! after a colon: `search:iterations=400,depth=4`, see [`SearchOptions`], over the
//! defaults of the game's `search.toml`, see [`search::settings_file`]); every other
//! bot is a Rhai file (taking one setting, `greedy:opening=4`, see [`opening`]), looked
//! up for the variant first, then for its ancestors, then among the bots for any game:
//!
//! ```text
//! scripts/bots/VARIANT/greedy.rhai   the variant's own
//! scripts/bots/PARENT/greedy.rhai    its parent's (extends)
//! scripts/bots/greedy.rhai           any variant
//! ```
//!
//! so a derived variant plays with its parent's bots unless it brings its own. A name
//! ending in `.rhai` is a path to a bot file anywhere (a bot being written).
//!
//! Files whose name starts with `_` are not bots but helpers shared by bots. Before a
//! bot, the host compiles the helpers of scripts/bots/, then of each ancestor's folder
//! (the root first), then of the variant's folder, then of the bot file's own folder:
//! later helpers replace earlier functions of the same name. That is how one generic
//! `greedy` or `lookahead` bot plays every game whose folder says what a good position
//! is. The `search` bot gets the same helpers (without a bot file of its own): they are
//! how it knows, in Rhai, what a good position is in the game it plays.

use super::api;
use super::base::Bot;
use super::opening::{self, Opening};
use super::random::RandomBot;
use super::script::ScriptBot;
use super::search::{self, SearchBot, SearchOptions};
use crate::diagnostic::{Diagnostic, Kind};
use crate::manifest::{ScriptFile, Variant};
use crate::script::{Limits, Rules};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// The built-in bots.
pub const RANDOM: &str = "random";
pub const SEARCH: &str = "search";
/// The Rhai bot that plays the move the game's ranking rates best; `solve` plays its
/// game first and goes on with it after every detour.
pub const GREEDY: &str = "greedy";

/// A bot found by name, not yet compiled: plain data that any thread can load.
#[derive(Debug, Clone, PartialEq)]
pub enum BotSource {
    Random,
    /// `name`: as typed (`greedy` or `greedy:opening=4`); `files`: the helpers of the
    /// bot's folder, then the bot itself; `opening`: moves drawn at random first (see
    /// [`super::opening`]).
    Script {
        name: String,
        files: Vec<ScriptFile>,
        opening: usize,
    },
    /// `name`: as typed (`search` or `search:…`); `files`: the helpers it calls;
    /// `settings`: the game's settings files read (see [`search::settings_file`]).
    Search {
        name: String,
        options: SearchOptions,
        files: Vec<ScriptFile>,
        settings: Vec<ScriptFile>,
    },
}

/// A bot compiled for one thread, ready to play any number of games.
pub enum LoadedBot {
    Random,
    Script {
        name: String,
        rules: Rc<Rules>,
        opening: usize,
    },
    Search {
        options: SearchOptions,
        rules: Rc<Rules>,
    },
}

impl BotSource {
    pub fn name(&self) -> &str {
        match self {
            BotSource::Random => RANDOM,
            BotSource::Script { name, .. } | BotSource::Search { name, .. } => name,
        }
    }

    /// The files the bot is compiled from, as shown to people: its helpers in the order
    /// they are compiled, then the bot file (for `search`, `built-in search` with the
    /// settings it plays with and the files they come from; nothing for `random`). Two
    /// bots of one name can play differently when their helpers differ, so reports list
    /// them all.
    pub fn files_shown(&self) -> Vec<String> {
        let shown = self.files().iter().map(|f| f.shown.clone());
        match self {
            BotSource::Search {
                options, settings, ..
            } => {
                let from = settings
                    .iter()
                    .map(|f| f.shown.as_str())
                    .collect::<Vec<_>>();
                let bot = match from.as_slice() {
                    [] => format!("built-in {SEARCH} ({options})"),
                    _ => format!(
                        "built-in {SEARCH} ({options}; defaults from {})",
                        from.join(", ")
                    ),
                };
                shown.chain([bot]).collect()
            }
            _ => shown.collect(),
        }
    }

    /// The script files the bot is made of (none for `random`).
    pub fn files(&self) -> &[ScriptFile] {
        match self {
            BotSource::Random => &[],
            BotSource::Script { files, .. } | BotSource::Search { files, .. } => files,
        }
    }

    /// Every file that decides how the bot plays: its scripts and, for `search`, the
    /// settings files read. A simulation's fingerprint includes them.
    pub fn files_read(&self) -> impl Iterator<Item = &ScriptFile> {
        let settings = match self {
            BotSource::Search { settings, .. } => settings.as_slice(),
            _ => &[],
        };
        self.files().iter().chain(settings)
    }

    /// Compiles the bot with `variant`'s rules (script bots and the helpers `search`
    /// calls; `random` needs nothing).
    pub fn load(&self, variant: &Variant, limits: Limits) -> Result<LoadedBot, Diagnostic> {
        Ok(match self {
            BotSource::Random => LoadedBot::Random,
            BotSource::Script {
                name,
                files,
                opening,
            } => LoadedBot::Script {
                name: name.clone(),
                opening: *opening,
                rules: Rc::new(Rules::compile_with_bot(
                    variant.clone(),
                    limits.for_bot_search(),
                    files,
                    api::register,
                )?),
            },
            BotSource::Search { options, files, .. } => {
                let rules = Rules::compile_with_helpers(
                    variant.clone(),
                    limits.for_bot_search(),
                    files,
                    api::register,
                )?;
                needs_helpers(&rules, variant, "the search bot")?;
                LoadedBot::Search {
                    options: *options,
                    rules: Rc::new(rules),
                }
            }
        })
    }
}

/// Checks that `rules` define the helpers the search bot and the planner call; `who`
/// names the one that needs them.
pub fn needs_helpers(rules: &Rules, variant: &Variant, who: &str) -> Result<(), Diagnostic> {
    match search::HELPERS.iter().find(|h| !rules.defines(h)) {
        None => Ok(()),
        Some(helper) => Err(Diagnostic::about(
            Kind::Script,
            who,
            format!(
                "{who} needs the helper `{}` ({} parameters), which no bot helper of {} defines",
                helper.name,
                helper.arity(),
                variant.name
            ),
        )
        .with_help(
            "scripts/bots/_search.rhai defines it for every game; see scripts/README.md, 'Bots'",
        )),
    }
}

impl LoadedBot {
    /// The engine a script or search bot runs its helpers in (`None` for `random`).
    pub fn rules(&self) -> Option<&Rc<Rules>> {
        match self {
            LoadedBot::Random => None,
            LoadedBot::Script { rules, .. } | LoadedBot::Search { rules, .. } => Some(rules),
        }
    }

    /// The bot for one game, with its own generator seeded by `seed`.
    pub fn start(&self, seed: u64) -> Box<dyn Bot> {
        match self {
            LoadedBot::Random => Box::new(RandomBot::seeded(seed)),
            LoadedBot::Script {
                name,
                rules,
                opening,
            } => {
                let bot = Box::new(ScriptBot::new(name, rules.clone(), seed));
                match opening {
                    0 => bot,
                    moves => Box::new(Opening::new(bot, *moves, seed)),
                }
            }
            LoadedBot::Search { options, rules } => {
                Box::new(SearchBot::new(*options, rules.clone(), seed))
            }
        }
    }
}

/// The folders searched for `variant`'s bots, most specific first: for the variant, then
/// each parent, then every game, the user's folder before the shipped one.
fn bot_dirs(variant: &Variant) -> Vec<PathBuf> {
    let roots: Vec<PathBuf> = variant
        .library
        .scripts_dirs()
        .into_iter()
        .map(|s| s.join("bots"))
        .collect();
    let mut dirs: Vec<PathBuf> = std::iter::once(&variant.name)
        .chain(&variant.parents)
        .flat_map(|v| roots.iter().map(move |b| b.join(v)))
        .collect();
    dirs.extend(roots);
    dirs
}

/// Finds the bot called `name` for `variant`.
pub fn find(variant: &Variant, name: &str) -> Result<BotSource, Diagnostic> {
    if name == RANDOM {
        return Ok(BotSource::Random);
    }
    if let Some(settings) = name
        .strip_prefix(SEARCH)
        .filter(|rest| rest.is_empty() || rest.starts_with(':'))
    {
        let dirs = bot_dirs_root_first(variant);
        let show = |p: &Path| variant.library.show(p);
        let mut options = SearchOptions::default();
        let settings_files = search::settings_file::apply(&dirs, show, &mut options)?;
        if let Some(typed) = settings.strip_prefix(':') {
            options = options.parse_onto(typed)?;
        }
        return Ok(BotSource::Search {
            name: name.to_owned(),
            options,
            files: helpers(&dirs, show).collect(),
            settings: settings_files,
        });
    }
    // A setting follows the last colon; a name ending in `.rhai` is a path, colons and all.
    let (bot, opening) = match name.rsplit_once(':').filter(|_| !name.ends_with(".rhai")) {
        Some((bot, setting)) if bot != RANDOM => (bot, opening_moves(name, setting)?),
        Some((bot, _)) => {
            return Err(Diagnostic::about(
                Kind::Usage,
                "--bot",
                format!("the bot `{bot}` takes no settings (`{name}`)"),
            )
            .with_help(format!(
                "`{SEARCH}` takes settings ({}), a scripted bot `{}=N`",
                SearchOptions::HELP,
                opening::SETTING
            )))
        }
        None => (name, 0),
    };
    let script = |bot_name: String, files| BotSource::Script {
        name: match opening {
            0 => bot_name,
            _ => format!("{bot_name}:{}={opening}", opening::SETTING),
        },
        files,
        opening,
    };
    if bot.ends_with(".rhai") {
        let path = PathBuf::from(bot);
        if !path.is_file() {
            return Err(Diagnostic::in_file(Kind::NotFound, bot, "no such bot file")
                .with_help("give the path of a .rhai file defining fn choose(state, moves)"));
        }
        let stem = path
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        return Ok(script(
            stem,
            with_helpers(variant, path, |p| p.display().to_string()),
        ));
    }
    let file = bot_dirs(variant)
        .into_iter()
        .map(|dir| dir.join(format!("{bot}.rhai")))
        .find(|path| path.is_file());
    match file {
        Some(path) if is_plain_name(bot) => Ok(script(
            bot.to_owned(),
            with_helpers(variant, path, |p| variant.library.show(p)),
        )),
        _ => Err(Diagnostic::about(
            Kind::NotFound,
            "--bot",
            format!("no bot called `{bot}` for {}", variant.name),
        )
        .with_help(format!(
            "bots for {}: {} (scripts/bots/), or the path of a .rhai bot file",
            variant.name,
            names(variant).join(", ")
        ))),
    }
}

/// The moves of a scripted bot's opening from its setting (`opening=4` in
/// `greedy:opening=4`, typed as `name`).
fn opening_moves(name: &str, setting: &str) -> Result<usize, Diagnostic> {
    let moves = setting
        .strip_prefix(opening::SETTING)
        .and_then(|rest| rest.strip_prefix('='))
        .and_then(|n| n.parse::<usize>().ok());
    moves.filter(|&n| n > 0).ok_or_else(|| {
        Diagnostic::about(
            Kind::Usage,
            "--bot",
            format!("`{name}`: a scripted bot takes one setting, `{}=N`", opening::SETTING),
        )
        .with_help(format!(
            "`{}=N` draws the first N moves of each game at random from its seed (N from 1), then the bot plays",
            opening::SETTING
        ))
    })
}

/// The helpers (`_*.rhai`, in name order within each folder) for the bot file `path`
/// playing `variant`, from the most general folder to the bot's own, then the bot.
fn with_helpers(
    variant: &Variant,
    path: PathBuf,
    show: impl Fn(&Path) -> String,
) -> Vec<ScriptFile> {
    let mut dirs = bot_dirs_root_first(variant);
    let own = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let same = |a: &Path, b: &Path| {
        a.canonicalize()
            .ok()
            .is_some_and(|a| b.canonicalize().ok() == Some(a))
    };
    if !dirs.iter().any(|d| same(d, &own)) {
        dirs.push(own);
    }
    let bot = ScriptFile {
        shown: show(&path),
        path,
    };
    helpers(&dirs, show).chain(std::iter::once(bot)).collect()
}

/// The folders of [`bot_dirs`], the most general first: the order helpers merge in.
fn bot_dirs_root_first(variant: &Variant) -> Vec<PathBuf> {
    let mut dirs = bot_dirs(variant);
    dirs.reverse();
    dirs
}

/// The helpers (`_*.rhai`, in name order within each folder) of `dirs`, in order.
fn helpers<'a>(
    dirs: &'a [PathBuf],
    show: impl Fn(&Path) -> String + 'a,
) -> impl Iterator<Item = ScriptFile> + 'a {
    dirs.iter()
        .flat_map(|dir| {
            let mut helpers: Vec<PathBuf> = rhai_files(dir)
                .into_iter()
                .filter(|p| is_helper(p))
                .collect();
            helpers.sort();
            helpers
        })
        .map(move |path| ScriptFile {
            shown: show(&path),
            path,
        })
}

/// The `.rhai` files of `dir` (none when it does not exist).
fn rhai_files(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rhai") && p.is_file())
        .collect()
}

fn is_helper(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with('_'))
}

/// A bot name is a file name without folders (so it cannot reach outside scripts/bots/)
/// and is not a helper's.
fn is_plain_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('_')
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
}

/// Every bot `variant` can use, by name: the built-in ones first, then the script bots.
pub fn names(variant: &Variant) -> Vec<String> {
    let found: BTreeSet<String> = bot_dirs(variant)
        .iter()
        .flat_map(|dir| rhai_files(dir))
        .filter(|p| !is_helper(p))
        .filter_map(|p| p.file_stem().and_then(|s| s.to_str()).map(str::to_owned))
        .collect();
    [RANDOM, SEARCH]
        .into_iter()
        .map(str::to_owned)
        .chain(found.into_iter().filter(|name| name != SEARCH))
        .collect()
}

/// Where a bot came from, for people: `built in`, or its bot file then its helpers
/// (`files` as [`BotSource::files_shown`] lists them: helpers first, the bot file last).
pub fn provenance(files: &[String]) -> String {
    match files {
        [] => "built in".to_owned(),
        [bot] => bot.clone(),
        [helpers @ .., bot] => format!("{bot} with helpers {}", helpers.join(", ")),
    }
}

/// Finds, compiles and seeds a bot for one game, for callers that need nothing else of
/// it (`auto` also reports the bot's files, so it goes through [`find`]).
pub fn by_name(
    variant: &Variant,
    name: &str,
    seed: u64,
    limits: Limits,
) -> Result<Box<dyn Bot>, Diagnostic> {
    Ok(find(variant, name)?.load(variant, limits)?.start(seed))
}
