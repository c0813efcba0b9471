//! Splitting a run over machines: shard I of N plays the games whose number is I−1
//! modulo N (interleaved, so every shard gets early and late games alike).
//! [`super::merge_shards`] puts the parts back together.

use crate::diagnostic::{Diagnostic, Kind};
use serde::{Deserialize, Serialize};

/// Part `index` (1-based) of `count`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// Parses `I/N` with 1 ≤ I ≤ N.
    pub fn parse(text: &str) -> Result<Shard, Diagnostic> {
        let bad = |why: &str| {
            Diagnostic::about(Kind::Usage, "--shard", format!("`{text}`: {why}"))
                .with_help("write I/N for part I of N, e.g. --shard 1/4 … --shard 4/4")
        };
        let (i, n) = text
            .split_once('/')
            .ok_or_else(|| bad("not of the form I/N"))?;
        let parse = |s: &str| {
            s.trim()
                .parse::<usize>()
                .map_err(|_| bad("I and N must be whole numbers"))
        };
        let shard = Shard {
            index: parse(i)?,
            count: parse(n)?,
        };
        if shard.count == 0 || shard.index == 0 || shard.index > shard.count {
            return Err(bad("parts are numbered from 1 to N"));
        }
        Ok(shard)
    }

    /// The game numbers of this shard among `games`.
    pub fn games(&self, games: usize) -> Vec<usize> {
        (self.index - 1..games).step_by(self.count).collect()
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The most games a side may play: ten million results already take gigabytes.
pub const MAX_GAMES: usize = 10_000_000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_split_the_games() {
        let s = Shard::parse("2/3").unwrap();
        assert_eq!(s.games(8), [1, 4, 7]);
        let all: usize = (1..=3)
            .map(|i| Shard { index: i, count: 3 }.games(8).len())
            .sum();
        assert_eq!(all, 8);
        for bad in ["0/3", "4/3", "1/0", "x/2", "3", ""] {
            let e = Shard::parse(bad).unwrap_err().to_string();
            assert!(e.starts_with(&format!("--shard: `{bad}`")), "{e}");
        }
    }
}
