//! The settings of the `search` bot, given after its name on the command line:
//! `--bot search:iterations=400,depth=3`. They are parsed here, once, before any game
//! starts, so a typo is an error with the list of settings rather than a panic in a
//! worker thread.

use crate::diagnostic::{Diagnostic, Kind};
use std::fmt;

/// How much thinking a move gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// Simulated futures per move: the same game for the same seed, on any machine.
    Iterations(u32),
    /// Wall-clock time per move: plays as well as the machine allows, not reproducibly.
    Millis(u64),
    /// Thousands of script operations per move: like time, it buys more futures where
    /// they are cheap, yet the same game comes back for the same seed on any machine.
    KiloOperations(u64),
}

/// How the bot plans a game without chance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Planning {
    /// A whole game kept planned and improved by detours ahead of the game, within each
    /// move's budget of operations or time ([`crate::bot::plan::Kept`]).
    Game,
    /// A beam `horizon` steps ahead at every move.
    Beam,
}

/// The `search` bot's settings; see [`SearchOptions::HELP`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchOptions {
    pub budget: Budget,
    /// How many of the best-ranked moves (by the game's `bot_ranked`) are searched.
    pub width: usize,
    /// Decisions played ahead in each simulated future after the move tried.
    pub depth: usize,
    /// Moves drawn at random at each decision of a future, the best of them played;
    /// `None`: every legal move is weighed (the greedy bot's choice).
    pub sample: Option<usize>,
    /// In a game without chance, where the bot plans: a whole game or a beam a move. A
    /// budget of iterations, which buys nothing there, plans a beam.
    pub plan: Planning,
    /// In a game without chance, planning a beam: positions kept at each decision.
    pub beam: usize,
    /// In a game without chance: steps planned ahead (a decision and the questions it
    /// opens).
    pub horizon: usize,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            budget: Budget::Iterations(60),
            width: 4,
            depth: 3,
            sample: None,
            plan: Planning::Game,
            beam: 4,
            horizon: 6,
        }
    }
}

/// The largest value any whole-number setting takes: beyond it a move would take hours.
const MAX_SETTING: u64 = 1_000_000;

impl SearchOptions {
    /// What the settings are, for error messages and `--help`.
    pub const HELP: &'static str = "settings of the search bot, after a colon and separated by commas: iterations=N (futures simulated per move, default 60), ms=N (milliseconds per move, not reproducible) or kops=N (thousands of script operations per move: spent like time, yet reproducible), width=N (best moves searched, 4), depth=N (decisions looked ahead in each future, 3), sample=N (moves tried at each of those decisions, or all, the default); in a game without chance the bot plans instead (iterations count nothing there): plan=game (the default: a whole game kept planned, the greedy game improved by detours ahead of the game within each move's kops or ms; under iterations a beam) or plan=beam (a beam at every move: beam=N positions kept at each step, 4, horizon=N steps planned ahead, a step being a decision and the questions it opens, 6); a game's scripts/bots/…/search.toml may change the defaults; e.g. search:iterations=400,depth=4";

    /// The names of the settings.
    pub const KEYS: [&'static str; 9] = [
        "iterations",
        "ms",
        "kops",
        "width",
        "depth",
        "sample",
        "plan",
        "beam",
        "horizon",
    ];

    /// Parses `key=value,key=value` (the part after `search:`) onto the defaults.
    pub fn parse(text: &str) -> Result<SearchOptions, Diagnostic> {
        SearchOptions::default().parse_onto(text)
    }

    /// Parses `key=value,key=value` onto these settings: the ones named replace theirs.
    pub fn parse_onto(mut self, text: &str) -> Result<SearchOptions, Diagnostic> {
        for item in text.split(',') {
            let (key, value) = item
                .split_once('=')
                .ok_or_else(|| bad(format!("`{item}` is not a setting of the form key=value")))?;
            self.set(key.trim(), value.trim()).map_err(bad)?;
        }
        Ok(self)
    }

    /// Sets `key` to `value` (as typed); the error says what is wrong.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "iterations" => self.budget = Budget::Iterations(count(key, value)? as u32),
            "ms" => self.budget = Budget::Millis(count(key, value)?),
            "kops" => self.budget = Budget::KiloOperations(count(key, value)?),
            "width" => self.width = count(key, value)? as usize,
            "depth" => self.depth = whole(key, value, 0)? as usize,
            "sample" if value == "all" => self.sample = None,
            "sample" => self.sample = Some(count(key, value)? as usize),
            "plan" if value == "game" => self.plan = Planning::Game,
            "plan" if value == "beam" => self.plan = Planning::Beam,
            "plan" => return Err(format!("plan={value}: give game or beam")),
            "beam" => self.beam = count(key, value)? as usize,
            "horizon" => self.horizon = count(key, value)? as usize,
            _ => return Err(format!("the search bot has no setting `{key}`")),
        }
        Ok(())
    }
}

/// The settings as they would be typed:
/// `kops=12000,width=4,depth=3,sample=all,plan=game,beam=4,horizon=6`.
impl fmt::Display for SearchOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.budget {
            Budget::Iterations(n) => write!(f, "iterations={n}")?,
            Budget::Millis(n) => write!(f, "ms={n}")?,
            Budget::KiloOperations(n) => write!(f, "kops={n}")?,
        }
        write!(f, ",width={},depth={},sample=", self.width, self.depth)?;
        match self.sample {
            Some(n) => write!(f, "{n}")?,
            None => write!(f, "all")?,
        }
        let plan = match self.plan {
            Planning::Game => "game",
            Planning::Beam => "beam",
        };
        write!(
            f,
            ",plan={plan},beam={},horizon={}",
            self.beam, self.horizon
        )
    }
}

fn bad(message: String) -> Diagnostic {
    Diagnostic::about(Kind::Usage, "--bot", message).with_help(SearchOptions::HELP)
}

/// A whole number of at least 1.
fn count(key: &str, value: &str) -> Result<u64, String> {
    whole(key, value, 1)
}

/// A whole number from `least` to [`MAX_SETTING`].
fn whole(key: &str, value: &str, least: u64) -> Result<u64, String> {
    value
        .parse::<u64>()
        .ok()
        .filter(|n| (least..=MAX_SETTING).contains(n))
        .ok_or_else(|| format!("{key}={value}: give a whole number from {least} to {MAX_SETTING}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_read_and_the_rest_keep_their_defaults() {
        let o = SearchOptions::parse("iterations=50, depth=0").unwrap();
        assert_eq!(o.budget, Budget::Iterations(50));
        assert_eq!(o.depth, 0);
        assert_eq!(o.width, SearchOptions::default().width);
        let o = SearchOptions::parse("ms=250,sample=3").unwrap();
        assert_eq!(o.budget, Budget::Millis(250));
        assert_eq!(o.sample, Some(3));
        let o = SearchOptions::parse("kops=20000").unwrap();
        assert_eq!(o.budget, Budget::KiloOperations(20_000));
        assert_eq!(o.plan, Planning::Game);
        let o = SearchOptions::parse("plan=beam").unwrap();
        assert_eq!(o.plan, Planning::Beam);
    }

    #[test]
    fn bad_settings_say_what_is_wrong() {
        let e = |text: &str| SearchOptions::parse(text).unwrap_err().message;
        assert_eq!(
            e("iterations=0"),
            "iterations=0: give a whole number from 1 to 1000000"
        );
        assert_eq!(
            e("width=-3"),
            "width=-3: give a whole number from 1 to 1000000"
        );
        assert_eq!(e("speed=3"), "the search bot has no setting `speed`");
        assert_eq!(
            e("iterations"),
            "`iterations` is not a setting of the form key=value"
        );
        assert_eq!(e("explore=0.4"), "the search bot has no setting `explore`");
        assert_eq!(e(""), "`` is not a setting of the form key=value");
        assert_eq!(e("plan=tree"), "plan=tree: give game or beam");
    }
}
