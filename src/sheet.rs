//! The score sheet: the result, how it is made, and a small table (a row per colour or
//! player), shown by the REPL's `score`, at the end of a game and in the SVG legend.
//!
//! The rules draw it with the optional hook `sheet()`, returning
//! `#{ how: "…", columns: ["colour", "points", …], rows: [["red", 12, …], …], notes: ["…"] }`
//! (every entry optional). Without the hook the host lists the score map's entries, so a
//! new game has a readable sheet before it writes one.

use crate::diagnostic::Diagnostic;
use crate::script::paint::colour_by_name;
use crate::session::Session;
use rhai::{Dynamic, Map};
use std::fmt::Write;

/// The sheet as plain data, ready to be written as text or into a picture.
#[derive(Debug, Clone, PartialEq)]
pub struct Sheet {
    /// `result: 7 (the lowest colour score: yellow)`, `, rank: …` when the rules rank it;
    /// before the end `so far: 7 (…)`, unranked: a rank judges a finished game.
    pub result: String,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
    pub notes: Vec<String>,
}

impl Sheet {
    /// The session's sheet now, from the rules' `sheet()` or from the score map.
    pub fn of(session: &mut Session) -> Result<Sheet, Diagnostic> {
        let score = session.score()?;
        let drawn = session.sheet_hook()?;
        let ended = session.over()?.is_some();
        Ok(match drawn {
            Some(map) => Sheet::from_hook(&score, &map, ended),
            None => Sheet::from_score(&score, ended),
        })
    }

    fn from_hook(score: &Map, map: &Map, ended: bool) -> Sheet {
        let texts = |key: &str| -> Vec<String> {
            map.get(key)
                .and_then(|v| {
                    v.read_lock::<rhai::Array>()
                        .map(|a| a.iter().map(cell).collect())
                })
                .unwrap_or_default()
        };
        let rows = map
            .get("rows")
            .and_then(|v| {
                v.read_lock::<rhai::Array>().map(|rows| {
                    rows.iter()
                        .map(|row| {
                            row.read_lock::<rhai::Array>()
                                .map(|cells| cells.iter().map(cell).collect())
                                .unwrap_or_else(|| vec![cell(row)])
                        })
                        .collect()
                })
            })
            .unwrap_or_default();
        Sheet {
            result: result_line(score, map.get("how").map(cell), ended),
            columns: texts("columns"),
            rows,
            notes: texts("notes"),
        }
    }

    /// Without a `sheet()` hook: the result, then every other entry of the score map.
    fn from_score(score: &Map, ended: bool) -> Sheet {
        Sheet {
            result: result_line(score, None, ended),
            columns: Vec::new(),
            rows: score
                .iter()
                .filter(|(k, _)| !matches!(k.as_str(), "total" | "rank"))
                .map(|(k, v)| vec![k.to_string(), cell(v)])
                .collect(),
            notes: Vec::new(),
        }
    }

    /// The sheet as lines of text: the result, the table (its columns aligned, numbers to
    /// the right), the notes. At a colour terminal a first cell naming a colour is painted.
    pub fn text(&self, ansi: bool) -> String {
        let mut out = format!("{}\n", self.result);
        for line in self.table_lines(ansi) {
            let _ = writeln!(out, "  {line}");
        }
        for note in &self.notes {
            let _ = writeln!(out, "{note}");
        }
        out
    }

    /// Every line of the sheet without colour, for a picture's legend.
    pub fn lines(&self) -> Vec<String> {
        std::iter::once(self.result.clone())
            .chain(self.table_lines(false))
            .chain(self.notes.iter().cloned())
            .collect()
    }

    fn table_lines(&self, ansi: bool) -> Vec<String> {
        let all: Vec<&Vec<String>> = std::iter::once(&self.columns)
            .filter(|c| !c.is_empty())
            .chain(&self.rows)
            .collect();
        let width = all.iter().map(|r| r.len()).max().unwrap_or(0);
        let widths: Vec<usize> = (0..width)
            .map(|i| {
                all.iter()
                    .filter_map(|r| r.get(i))
                    .map(|c| c.chars().count())
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        // Numbers line up on the right, in columns that hold only numbers.
        let numeric: Vec<bool> = (0..width)
            .map(|i| {
                self.rows
                    .iter()
                    .filter_map(|r| r.get(i))
                    .all(|c| c.is_empty() || is_number(c))
            })
            .collect();
        all.iter()
            .map(|row| {
                let cells: Vec<String> = row
                    .iter()
                    .enumerate()
                    .map(|(i, c)| {
                        let pad = widths[i] - c.chars().count();
                        let shown = match colour_by_name(c) {
                            Some(colour) if ansi && i == 0 => colour.bold().paint(c).to_string(),
                            _ => c.clone(),
                        };
                        if numeric[i] {
                            format!("{}{shown}", " ".repeat(pad))
                        } else {
                            format!("{shown}{}", " ".repeat(pad))
                        }
                    })
                    .collect();
                cells.join("  ").trim_end().to_owned()
            })
            .collect()
    }
}

/// `result: N`, then how it is made in brackets, then the rules' ranking if any; before
/// the game has `ended`, `so far: N` and how it is made.
fn result_line(score: &Map, how: Option<String>, ended: bool) -> String {
    let total = score.get("total").map(cell).unwrap_or_default();
    let mut line = if ended {
        format!("result: {total}")
    } else {
        format!("so far: {total}")
    };
    if let Some(how) = how.filter(|h| !h.is_empty()) {
        let _ = write!(line, " ({how})");
    }
    if let Some(rank) = score.get("rank").filter(|_| ended) {
        let _ = write!(line, ", rank: {}", cell(rank));
    }
    line
}

/// A value as a person reads it: arrays as `a, b`, nothing as an empty cell.
fn cell(value: &Dynamic) -> String {
    if value.is_unit() {
        return String::new();
    }
    match value.read_lock::<rhai::Array>() {
        Some(items) => items.iter().map(cell).collect::<Vec<_>>().join(", "),
        None => value.to_string(),
    }
}

fn is_number(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(entries: &[(&str, Dynamic)]) -> Map {
        entries
            .iter()
            .map(|(k, v)| ((*k).into(), v.clone()))
            .collect()
    }

    fn strings(items: &[&str]) -> Dynamic {
        let a: rhai::Array = items.iter().map(|s| Dynamic::from(s.to_string())).collect();
        a.into()
    }

    #[test]
    fn a_sheet_from_the_hook_aligns_its_table_and_keeps_its_notes() {
        let score = map(&[("total", Dynamic::from_int(7)), ("rank", "fair".into())]);
        let rows: rhai::Array = vec![
            vec!["red".into(), Dynamic::from_int(9), "".into()].into(),
            vec!["yellow".into(), Dynamic::from_int(12), "last".into()].into(),
        ];
        let hook = map(&[
            ("how", "the lowest score".into()),
            ("columns", strings(&["colour", "points", ""])),
            ("rows", rows.into()),
            ("notes", strings(&["3 tiles discarded"])),
        ]);
        let sheet = Sheet::from_hook(&score, &hook, true);
        assert_eq!(
            sheet.text(false),
            "result: 7 (the lowest score), rank: fair\n  colour  points\n  red          9\n  yellow      12  last\n3 tiles discarded\n"
        );
    }

    #[test]
    fn before_the_end_the_sheet_counts_points_so_far_and_ranks_nothing() {
        let score = map(&[
            ("total", Dynamic::from_int(17)),
            ("rank", "goal missed by 483".into()),
        ]);
        let hook = map(&[("how", "goods, buildings, settlements".into())]);
        let sheet = Sheet::from_hook(&score, &hook, false);
        assert_eq!(sheet.result, "so far: 17 (goods, buildings, settlements)");
        assert_eq!(Sheet::from_score(&score, false).lines(), vec!["so far: 17"]);
    }

    #[test]
    fn without_the_hook_every_entry_of_the_score_is_listed_readably() {
        let score = map(&[
            ("total", Dynamic::from_int(30)),
            ("last", strings(&["green", "red"])),
            ("green", Dynamic::from_int(30)),
        ]);
        let sheet = Sheet::from_score(&score, true);
        assert_eq!(
            sheet.lines(),
            vec!["result: 30", "green  30", "last   green, red"]
        );
    }

    #[test]
    fn a_colour_in_the_first_column_is_painted_at_a_terminal() {
        let score = map(&[("total", Dynamic::from_int(1))]);
        let rows: rhai::Array = vec![vec!["red".into(), Dynamic::from_int(1)].into()];
        let sheet = Sheet::from_hook(&score, &map(&[("rows", rows.into())]), true);
        let red = nu_ansi_term::Color::Red.bold().paint("red").to_string();
        assert!(sheet.text(true).contains(&red));
        assert!(!sheet.text(false).contains('\u{1b}'));
    }
}
