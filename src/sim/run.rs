//! A simulation's results as one document: what was run, every game's result, and the
//! summaries computed from them. `--json` writes it and `merge` reads it back; summaries
//! are always recomputed from the games in game order, so shards merged give exactly the
//! document of the whole run.

use super::histogram::{self, Bin};
use super::shard::Shard;
use super::side::{GameResult, GoalInfo};
use super::stats::{Distribution, Paired};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The `format` field of a results file.
pub const FORMAT: &str = "houserules-sim";
/// The version of the results file layout. Version 2 added `bot_files`.
pub const VERSION: u32 = 2;

/// A run: one side, or two played on the same seeds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Run {
    pub format: String,
    pub version: u32,
    /// Games per side in the whole run, over all shards.
    pub games: usize,
    /// The base seed; game i has seed `seeds::game_seed(seed, i)`.
    pub seed: u64,
    /// Which part of a split run this is; absent for a whole run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    pub sides: Vec<SideRun>,
    /// Side A against side B, game by game (two sides only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comparison: Option<Paired>,
    /// Two seeds played alike on every side (no chance in the game nor in the bot), so
    /// the one game per side is the exact result: no interval, no test.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub exact: bool,
}

/// What a side played, and how it went.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SideRun {
    #[serde(flatten)]
    pub header: SideHeader,
    pub summary: Summary,
    pub results: Vec<GameResult>,
}

/// What a side played: enough to tell whether two shards belong to one run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideHeader {
    pub variant: String,
    pub bot: String,
    /// The files the bot was compiled from, helpers first (empty for a built-in bot):
    /// a bot's name alone does not say which evaluation it played with.
    pub bot_files: Vec<String>,
    /// The `--set` overrides as given (`key=value`).
    pub set: Vec<String>,
    /// Every option's value in play.
    pub options: BTreeMap<String, String>,
    /// See `Side::fingerprint`.
    pub fingerprint: String,
    /// The variant's goals (empty when its rules define no `goals()`).
    pub goal_list: Vec<GoalInfo>,
}

/// A side's results in figures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub score: Distribution,
    pub histogram: Vec<Bin>,
    /// How the games ended, most frequent first.
    pub ends: Vec<Tally>,
    /// How often each goal was reached, in the variant's order.
    pub goals: Vec<Tally>,
}

/// A count of games: those that ended for a reason, or reached a goal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub what: String,
    pub games: usize,
}

impl SideHeader {
    /// How reports name the side: the variant, its overrides and the bot.
    pub fn title(&self) -> String {
        let mut words = vec![self.variant.clone()];
        words.extend(self.set.iter().cloned());
        format!("{} ({})", words.join(" "), self.bot)
    }
}

impl SideRun {
    /// The side with its results (sorted into game order) summarized. Not empty.
    pub fn new(header: SideHeader, mut results: Vec<GameResult>) -> SideRun {
        results.sort_by_key(|r| r.game);
        let summary = Summary::of(&header, &results);
        SideRun {
            header,
            summary,
            results,
        }
    }

    pub fn totals(&self) -> Vec<i64> {
        self.results.iter().map(|r| r.total).collect()
    }
}

impl Summary {
    fn of(header: &SideHeader, results: &[GameResult]) -> Summary {
        let totals: Vec<i64> = results.iter().map(|r| r.total).collect();
        let mut ends: BTreeMap<&str, usize> = BTreeMap::new();
        let mut reached: BTreeMap<&str, usize> = BTreeMap::new();
        for r in results {
            *ends.entry(&r.end).or_default() += 1;
            for g in &r.goals {
                *reached.entry(g).or_default() += 1;
            }
        }
        let mut ends: Vec<Tally> = ends
            .into_iter()
            .map(|(what, games)| Tally {
                what: what.to_owned(),
                games,
            })
            .collect();
        ends.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.what.cmp(&b.what)));
        // The variant's goals in its order, then any other id a game reported.
        let listed: BTreeSet<&str> = header.goal_list.iter().map(|g| g.id.as_str()).collect();
        let goals = header
            .goal_list
            .iter()
            .map(|g| g.id.as_str())
            .chain(reached.keys().copied().filter(|id| !listed.contains(id)))
            .map(|id| Tally {
                what: id.to_owned(),
                games: reached.get(id).copied().unwrap_or(0),
            })
            .collect();
        Summary {
            score: Distribution::of(&as_f64(&totals)),
            histogram: histogram::of(&totals),
            ends,
            goals,
        }
    }
}

impl Run {
    /// A run of `sides` (their results for the same games), compared when there are two.
    pub fn new(games: usize, seed: u64, shard: Option<Shard>, sides: Vec<SideRun>) -> Run {
        let comparison = match &sides[..] {
            [a, b] => Some(Paired::of(&as_f64(&a.totals()), &as_f64(&b.totals()))),
            _ => None,
        };
        Run {
            format: FORMAT.to_owned(),
            version: VERSION,
            games,
            seed,
            shard,
            sides,
            comparison,
            exact: false,
        }
    }

    /// A run settled by one game per side, every seed playing alike (see `exact`).
    pub fn exact(seed: u64, sides: Vec<SideRun>) -> Run {
        Run {
            exact: true,
            ..Run::new(1, seed, None, sides)
        }
    }

    /// Whether the sides' games all ended alike, seed by seed: whatever tells the sides
    /// apart, no game came upon it.
    pub fn sides_alike(&self) -> bool {
        match &self.sides[..] {
            [a, b] => a.results.iter().zip(&b.results).all(|(x, y)| {
                (x.total, &x.end, x.moves, &x.goals, &x.score)
                    == (y.total, &y.end, y.moves, &y.goals, &y.score)
            }),
            _ => false,
        }
    }
}

impl Run {
    /// How reports and CSV rows name side `i`: A, then B.
    pub fn letter(i: usize) -> &'static str {
        ["A", "B"][i.min(1)]
    }

    /// Side `i`'s title, lettered when sides are compared.
    pub fn side_title(&self, i: usize) -> String {
        let title = self.sides[i].header.title();
        match self.sides.len() {
            1 => title,
            _ => format!("{}: {title}", Run::letter(i)),
        }
    }
}

fn as_f64(values: &[i64]) -> Vec<f64> {
    values.iter().map(|&v| v as f64).collect()
}
