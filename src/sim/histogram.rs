//! Histograms of whole-number results: bins of a round width (1, 2, 5, 10, 20, 50, …)
//! chosen so that a run fits in a screenful, shared by the sides of a comparison so their
//! bars line up, and drawn in the terminal with eighth-block characters.

use serde::{Deserialize, Serialize};
use std::fmt::Write;

/// At most this many bins.
pub const MAX_BINS: usize = 20;

/// Consecutive bins of `width` whole numbers, the first starting at `start`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bins {
    pub start: i64,
    pub width: i64,
    pub len: usize,
}

/// One bin and how many games fell in it (as written to JSON).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bin {
    pub from: i64,
    pub to: i64,
    pub games: usize,
}

impl Bins {
    /// Bins covering every value of every list (at least one value in all).
    pub fn covering<'a>(lists: impl IntoIterator<Item = &'a [i64]>) -> Bins {
        let (lo, hi) = lists
            .into_iter()
            .flatten()
            .fold((i64::MAX, i64::MIN), |(lo, hi), &v| (lo.min(v), hi.max(v)));
        let span = hi.saturating_sub(lo).saturating_add(1);
        let width = [1, 2, 5]
            .into_iter()
            .cycle()
            .scan(1_i64, |decade, step| {
                let w = step * *decade;
                if step == 5 {
                    *decade = decade.saturating_mul(10);
                }
                Some(w)
            })
            .find(|w| span.saturating_add(w - 1) / w <= MAX_BINS as i64)
            .unwrap_or(i64::MAX);
        let start = lo.div_euclid(width) * width;
        let len = ((hi - start) / width + 1) as usize;
        Bins { start, width, len }
    }

    /// The whole numbers `from..=to` of bin `i`.
    pub fn range(&self, i: usize) -> (i64, i64) {
        let from = self.start + i as i64 * self.width;
        (from, from + self.width - 1)
    }

    /// How many of `values` fall in each bin.
    pub fn counts(&self, values: &[i64]) -> Vec<usize> {
        let mut counts = vec![0; self.len];
        for v in values {
            let i = ((v - self.start) / self.width) as usize;
            counts[i.min(self.len - 1)] += 1;
        }
        counts
    }

    /// A bin's label: `7` or `10–14`.
    pub fn label(&self, i: usize) -> String {
        match self.range(i) {
            (from, to) if from == to => from.to_string(),
            (from, to) => format!("{from}–{to}"),
        }
    }
}

/// The histogram of `values` in its own bins, as written to JSON.
pub fn of(values: &[i64]) -> Vec<Bin> {
    let bins = Bins::covering([values]);
    bins.counts(values)
        .into_iter()
        .enumerate()
        .map(|(i, games)| {
            let (from, to) = bins.range(i);
            Bin { from, to, games }
        })
        .collect()
}

/// Draws one column of bars per list of counts, `width` characters at the longest bar.
pub fn draw(bins: &Bins, columns: &[Vec<usize>], width: usize) -> String {
    let top = columns.iter().flatten().copied().max().unwrap_or(0).max(1);
    let label_width = (0..bins.len)
        .map(|i| bins.label(i).chars().count())
        .max()
        .unwrap_or(0);
    let count_width = top.to_string().len();
    let mut out = String::new();
    for i in 0..bins.len {
        let _ = write!(out, "  {:>label_width$} │", bins.label(i));
        for column in columns {
            let _ = write!(
                out,
                "{} {:>count_width$}  ",
                bar(column[i], top, width),
                column[i]
            );
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    out
}

/// A bar of `count / top × width` characters in eighths, padded to `width`.
fn bar(count: usize, top: usize, width: usize) -> String {
    const EIGHTHS: [&str; 8] = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];
    let eighths = (count * width * 8 + top / 2) / top;
    let mut s = "█".repeat(eighths / 8);
    s.push_str(EIGHTHS[eighths % 8]);
    let drawn = eighths / 8 + usize::from(eighths % 8 > 0);
    s.push_str(&" ".repeat(width.saturating_sub(drawn)));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_have_a_round_width_and_cover_every_value() {
        let b = Bins::covering([&[3_i64, 7, 12][..]]);
        assert_eq!(
            b,
            Bins {
                start: 3,
                width: 1,
                len: 10
            }
        );
        let b = Bins::covering([&[-3_i64, 40][..], &[61][..]]);
        assert_eq!(
            b,
            Bins {
                start: -5,
                width: 5,
                len: 14
            }
        );
        assert_eq!(b.range(0), (-5, -1));
        assert_eq!(b.counts(&[-3, 40, 61, 64]), {
            let mut c = vec![0; 14];
            c[0] = 1;
            c[9] = 1;
            c[13] = 2;
            c
        });
        let one = Bins::covering([&[5_i64, 5][..]]);
        assert_eq!((one.len, one.label(0)), (1, "5".to_owned()));
    }

    #[test]
    fn bars_are_scaled_to_the_longest() {
        let b = Bins {
            start: 0,
            width: 10,
            len: 2,
        };
        assert_eq!(
            draw(&b, &[vec![4, 8], vec![1, 0]], 4),
            "    0–9 │██   4  ▌    1\n  10–19 │████ 8       0\n"
        );
        assert_eq!(bar(1, 8, 1), "▏");
    }
}
