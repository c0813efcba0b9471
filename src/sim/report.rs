//! The run as text for the terminal: the score distribution with its confidence
//! interval, a histogram, how games ended and how often goals were reached, one column
//! per side, then the paired difference when two sides were compared (A − B: what the
//! first side changes against the one it is compared with). A run without chance shows
//! its one game per side as exact; sides that ended every game alike are warned of.

use super::histogram::{self, Bins};
use super::run::{Run, SideHeader, SideRun, Tally};
use super::stats::Paired;
use crate::bot::catalog::provenance;
use crate::script::words::count;
use std::fmt::Write;

/// The report of `run`; `timing` is a line about threads and speed (absent for merges).
pub fn text(run: &Run, timing: Option<&str>) -> String {
    let mut out = String::new();
    let shard = run
        .shard
        .map(|s| format!(", shard {s}"))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "{} from seed {}{shard}{}",
        games_played(run),
        run.seed,
        timing.map(|t| format!(" ({t})")).unwrap_or_default()
    );
    if run.exact {
        let _ = writeln!(out, "{EXACT}");
    }
    let sides: Vec<&SideRun> = run.sides.iter().collect();
    for (i, side) in sides.iter().enumerate() {
        let header = &side.header;
        let _ = writeln!(out, "  {}", run.side_title(i));
        let _ = writeln!(
            out,
            "     bot {}: {}",
            header.bot,
            provenance(&header.bot_files)
        );
    }
    out.push('\n');
    table(&mut out, &sides, run.exact);
    if !run.exact {
        out.push('\n');
        histograms(&mut out, &sides);
    }
    if let Some(p) = &run.comparison {
        out.push('\n');
        let (a, b) = names(run);
        if run.exact {
            let _ = writeln!(out, "{a} − {b}: {:+} (exact)", p.mean_difference);
        } else {
            comparison(&mut out, p, &a, &b);
        }
    }
    if run.sides_alike() {
        let _ = writeln!(out, "{ALIKE}");
    }
    out
}

/// The sides' results, binned alike, side by side.
fn histograms(out: &mut String, sides: &[&SideRun]) {
    let lists: Vec<Vec<i64>> = sides.iter().map(|s| s.totals()).collect();
    let bins = Bins::covering(lists.iter().map(Vec::as_slice));
    let columns: Vec<Vec<usize>> = lists.iter().map(|l| bins.counts(l)).collect();
    let width = if sides.len() == 1 { 40 } else { 24 };
    let _ = writeln!(
        out,
        "results{}",
        if sides.len() > 1 { " (A | B)" } else { "" }
    );
    out.push_str(&histogram::draw(&bins, &columns, width));
}

/// "12 games" of one side, "12 games per side" of a comparison (each side plays them all).
pub fn games_played(run: &Run) -> String {
    let played = count(run.sides.first().map_or(0, |s| s.results.len()), "game");
    match run.sides.len() {
        1 => played,
        _ => format!("{played} per side"),
    }
}

/// The note on a run settled by one game per side.
const EXACT: &str = "exact: two seeds played move for move alike on every side (neither the game nor the bot draws on chance), so one game per side is the result: no interval, no p-value\n  for a spread of games, let a Rhai bot draw its first moves from the seed: `--bot greedy:opening=4` (docs/MANUAL.md, \"Bots\")";

/// The warning when whatever tells the sides apart never came into play.
const ALIKE: &str = "warning: the two sides ended every game alike, seed by seed: what differs between them (an option, a rule, the bot) never came into play in these games; is it read by a rule that runs?";

/// How the comparison names sides A and B: what sets each apart from the other (the
/// variant, the options changed, the bot), or the variant where nothing does.
fn names(run: &Run) -> (String, String) {
    let [a, b] = [0, 1].map(|i| &run.sides[i].header);
    let name = |me: &SideHeader, other: &SideHeader| {
        let mut words = Vec::new();
        if me.variant != other.variant {
            words.push(me.variant.clone());
        }
        words.extend(me.set.iter().filter(|s| !other.set.contains(s)).cloned());
        if me.bot != other.bot {
            words.push(format!("({})", me.bot));
        }
        if words.is_empty() {
            me.variant.clone()
        } else {
            words.join(" ")
        }
    };
    (name(a, b), name(b, a))
}

/// Rows of figures, one column per side.
fn table(out: &mut String, sides: &[&SideRun], exact: bool) {
    let mut rows: Vec<(String, Vec<String>)> = if exact {
        vec![row("result", sides, |s| trim(s.summary.score.mean))]
    } else {
        figures(sides)
    };
    rows.push(row("moves per game", sides, |s| {
        let moves: usize = s.results.iter().map(|r| r.moves).sum();
        format!("{:.1}", moves as f64 / s.results.len() as f64)
    }));
    // `absent`: what a side shows for a line it has no tally of.
    let section = |title: &str, pick: fn(&SideRun) -> &[Tally], absent: Absent| {
        let mut names: Vec<&str> = Vec::new();
        for s in sides {
            for t in pick(s) {
                if !names.contains(&t.what.as_str()) {
                    names.push(&t.what);
                }
            }
        }
        let mut rows = Vec::new();
        if !names.is_empty() {
            rows.push((title.to_owned(), vec![String::new(); sides.len()]));
        }
        for name in names {
            rows.push(row(&format!("  {name}"), sides, |s| {
                let tally = pick(s).iter().find(|t| t.what == name);
                let games = match (tally, absent) {
                    (Some(t), _) => t.games,
                    (None, Absent::NoGames) => 0,
                    (None, Absent::Undefined) => return UNDEFINED.to_owned(),
                };
                format!(
                    "{games} ({:.1}%)",
                    100.0 * games as f64 / s.results.len() as f64
                )
            }));
        }
        rows
    };
    rows.extend(parts(sides));
    rows.extend(section(
        "how games ended",
        |s| &s.summary.ends,
        Absent::NoGames,
    ));
    // A side lists every goal its rules define, so a goal missing from its list is one
    // its rules do not have: not the same as a goal never reached.
    rows.extend(section(
        "goals reached",
        |s| &s.summary.goals,
        Absent::Undefined,
    ));
    let cell_width = rows
        .iter()
        .flat_map(|(_, cells)| cells.iter().map(|c| c.chars().count()))
        .max()
        .unwrap_or(0);
    // The cells keep their column; a label too long for the room left of them goes on a
    // line of its own, so the table fits the terminal (80 columns through a pipe).
    let room = crate::terminal::width().saturating_sub(sides.len() * (cell_width + 3));
    let label_width = rows
        .iter()
        .map(|(l, _)| l.chars().count())
        .max()
        .unwrap_or(0)
        .min(room);
    for (label, cells) in rows {
        let has_cells = cells.iter().any(|c| !c.is_empty());
        let mut line = if label.chars().count() > label_width && has_cells {
            let _ = writeln!(out, "{label}");
            " ".repeat(label_width)
        } else {
            format!("{label:<label_width$}")
        };
        for cell in cells {
            let _ = write!(line, "   {cell:>cell_width$}");
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

/// The figures of the score's distribution, one row each.
fn figures(sides: &[&SideRun]) -> Vec<(String, Vec<String>)> {
    vec![
        row("mean", sides, |s| format!("{:.2}", s.summary.score.mean)),
        row("95% CI of the mean", sides, |s| {
            let [lo, hi] = s.summary.score.ci95;
            format!("{lo:.2} – {hi:.2}")
        }),
        row("standard deviation", sides, |s| {
            format!("{:.2}", s.summary.score.sd)
        }),
        row("min / Q1 / median / Q3 / max", sides, |s| {
            let d = &s.summary.score;
            [d.min, d.q1, d.median, d.q3, d.max].map(trim).join(" / ")
        }),
    ]
}

/// Where the points came from: the mean of every whole-number part of the score map
/// (the rules name the parts) that varies from game to game.
fn parts(sides: &[&SideRun]) -> Vec<(String, Vec<String>)> {
    let mut names: Vec<&str> = Vec::new();
    for s in sides {
        for r in &s.results {
            for (key, value) in &r.score {
                if value.is_i64() && !names.contains(&key.as_str()) {
                    names.push(key);
                }
            }
        }
    }
    let varies = |name: &str| {
        let mut values = sides
            .iter()
            .flat_map(|s| s.results.iter().filter_map(|r| r.score.get(name)));
        let first = values.next();
        values.any(|v| Some(v) != first)
    };
    names.retain(|n| varies(n));
    let mut rows = Vec::new();
    if !names.is_empty() {
        rows.push((
            "mean of the score's parts".to_owned(),
            vec![String::new(); sides.len()],
        ));
    }
    for name in names {
        rows.push(row(&format!("  {name}"), sides, |s| {
            let values: Vec<i64> = s
                .results
                .iter()
                .filter_map(|r| r.score.get(name).and_then(|v| v.as_i64()))
                .collect();
            if values.is_empty() {
                UNDEFINED.to_owned()
            } else {
                format!(
                    "{:.2}",
                    values.iter().sum::<i64>() as f64 / values.len() as f64
                )
            }
        }));
    }
    rows
}

/// A cell for a figure the side's rules do not define (a goal, a part of the score).
const UNDEFINED: &str = "—";

/// What a section's missing line means for a side.
#[derive(Clone, Copy)]
enum Absent {
    /// Every side could have had it: no game did (an end).
    NoGames,
    /// The side's rules do not define it (a goal).
    Undefined,
}

fn row(
    label: &str,
    sides: &[&SideRun],
    cell: impl Fn(&SideRun) -> String,
) -> (String, Vec<String>) {
    (label.to_owned(), sides.iter().map(|s| cell(s)).collect())
}

/// A figure without a useless `.0`.
fn trim(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.2}")
    }
}

/// The paired comparison: A − B, with A and B named. One game a side has no interval
/// and no test: one difference says nothing of the spread.
fn comparison(out: &mut String, p: &Paired, a: &str, b: &str) {
    let head = format!(
        "{a} − {b} on the same {}: {:+.2}",
        count(p.games, "seed"),
        p.mean_difference
    );
    if p.games < 2 {
        let _ = writeln!(out, "{head}");
        let _ = writeln!(
            out,
            "paired t test: none on one game a side (play two or more: bots that play every seed alike give the same difference on each)"
        );
    } else {
        let [lo, hi] = p.ci95;
        let _ = writeln!(out, "{head} (95% CI {lo:+.2} to {hi:+.2})");
        let p_text = if p.p_value < 0.001 {
            "p < 0.001".to_owned()
        } else {
            format!("p = {:.3}", p.p_value)
        };
        let t_text = p.t.map(|t| format!("t = {t:.2}, ")).unwrap_or_default();
        let verdict = if p.significant {
            "significant at 5%"
        } else {
            "not significant at 5%"
        };
        let _ = writeln!(out, "paired t test: {t_text}{p_text}: {verdict}");
    }
    let _ = writeln!(
        out,
        "A better in {}, equal in {}, B better in {}",
        count(p.a_better, "game"),
        p.equal,
        p.b_better
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_game_a_side_gives_the_difference_without_an_interval_or_a_test() {
        let mut out = String::new();
        comparison(&mut out, &Paired::of(&[365.0], &[356.0]), "A", "B");
        assert!(
            out.starts_with("A − B on the same 1 seed: +9.00\n"),
            "{out}"
        );
        assert!(out.contains("A better in 1 game, equal in 0"), "{out}");
        assert!(
            out.contains("paired t test: none on one game a side"),
            "{out}"
        );
        assert!(
            !out.contains("95% CI") && !out.contains("significant"),
            "{out}"
        );

        let mut out = String::new();
        comparison(
            &mut out,
            &Paired::of(&[365.0, 360.0], &[356.0, 356.0]),
            "A",
            "B",
        );
        assert!(out.contains("+6.50 (95% CI "), "{out}");
        assert!(out.contains("paired t test: t = "), "{out}");
    }
}
