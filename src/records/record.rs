//! One finished game as it is kept: enough to list it (date, variant, result), to judge
//! it (options changed, goals reached, who played, the rules' fingerprint and whether
//! they were the shipped ones) and to replay it (seed, options, moves). The same shape is stored in the database, printed by
//! `history --json` and written by `export FILE`.

use super::shipped::RulesOrigin;
use crate::diagnostic::{Diagnostic, Kind};
use crate::players::{self, Player, Run};
use crate::save::{write_atomically, SaveFile, FORMAT, VERSION};
use crate::session::Session;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// A finished game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// When the game ended: UTC, `YYYY-MM-DD HH:MM:SS` (sorts as text).
    pub played_at: String,
    pub variant: String,
    /// The options whose value differs from the variant's default, as `name = value`.
    pub options: BTreeMap<String, String>,
    /// Played with options changed: a result of a variation of the variant, noted apart
    /// from its results as published (solo sheet, "GAMES PLAYED"; VARIANTS.md S-18).
    pub variant_result: bool,
    /// SHA-256 of the variant's scripts: which rules the game was played under.
    pub scripts_hash: String,
    /// Whether those scripts, and the option defaults and data, were the ones houserules
    /// ships with the variant (unknown in a record of an older houserules).
    #[serde(default)]
    pub rules: RulesOrigin,
    /// The rules folder `--home` named when the game was played there (nothing else
    /// finds its variant again): replaying it takes the same `--home`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules_folder: Option<PathBuf>,
    pub seed: u64,
    pub moves: Vec<String>,
    /// Who chose the moves, in runs; none in a record of an older houserules, whose
    /// players are unknown (see [`GameRecord::players`]).
    #[serde(default)]
    pub played_by: Vec<Run>,
    /// `total` of the score map, when it is a whole number.
    pub total: Option<i64>,
    /// The whole map `score()` returned at the end.
    pub score: serde_json::Map<String, serde_json::Value>,
    /// A ranking the rules give the result (`rank` in the score map), e.g. a title.
    pub rank: Option<String>,
    pub end_reason: String,
    /// The goals this game reached, in the order the rules list them.
    pub goals: Vec<GoalReached>,
    /// What the rules announced, oldest first: each event's map with `move`, the number
    /// of the move during which it happened (0: while the game was set up).
    #[serde(default)]
    pub events: Vec<serde_json::Value>,
}

/// A goal a game reached: its id and text as the rules gave them then.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GoalReached {
    pub id: String,
    pub text: String,
}

/// How a game's result counts for its variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Standing {
    /// Played by you under the variant's own rules and options.
    Counted,
    /// Played by you under its own rules, with options changed.
    VariantResult,
    /// Not your result under the variant's rules; why, for people.
    Apart(String),
}

impl Standing {
    /// Why the game does not count, if it does not.
    pub fn why_apart(&self) -> Option<&str> {
        match self {
            Standing::Apart(why) => Some(why),
            Standing::Counted | Standing::VariantResult => None,
        }
    }
}

/// The runs of who played a game of `moves` moves; none (written by an older
/// houserules) means nobody knows.
pub fn players_or_unknown(played_by: Vec<Run>, moves: usize) -> Vec<Run> {
    if played_by.is_empty() && moves > 0 {
        return vec![Run {
            by: Player::Unknown,
            moves,
        }];
    }
    played_by
}

/// How a game counts, from who played it, its rules and whether options were changed.
pub fn standing(played_by: &[Run], rules: RulesOrigin, variant_result: bool) -> Standing {
    let mut why = Vec::new();
    if players::all_unknown(played_by) {
        why.push("who played is unknown".to_owned());
    } else if !players::all_yours(played_by) {
        why.push(format!("played by {}", players::summary(played_by)));
    }
    match rules {
        RulesOrigin::Edited => why.push("the rules were edited".to_owned()),
        RulesOrigin::Unknown => why.push("the rules were not checked".to_owned()),
        RulesOrigin::Shipped | RulesOrigin::Own => {}
    }
    match (why.is_empty(), variant_result) {
        (false, _) => Standing::Apart(why.join("; ")),
        (true, true) => Standing::VariantResult,
        (true, false) => Standing::Counted,
    }
}

/// The entry of a record's score map listing the hooks that failed at the end.
pub const HOOK_FAILURES: &str = "hook_failures";

impl GameRecord {
    /// What failed when the game was recorded (`score()` or `goals()`), if anything.
    pub fn hook_failures(&self) -> Vec<String> {
        self.score
            .get(HOOK_FAILURES)
            .and_then(|v| v.as_array())
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Who chose the moves, in runs: those recorded, or all unknown in a record of an
    /// older houserules.
    pub fn players(&self) -> Vec<Run> {
        players_or_unknown(self.played_by.clone(), self.moves.len())
    }

    /// How this game counts for its variant.
    pub fn standing(&self) -> Standing {
        standing(&self.players(), self.rules, self.variant_result)
    }

    /// How the game counts, as said after `recorded as game N`: nothing for your own
    /// result, else `, a variant result (…)` or `, not counted for goals (why)`.
    pub fn standing_note(&self) -> String {
        match self.standing() {
            Standing::Counted => String::new(),
            Standing::VariantResult => format!(", a variant result ({})", self.options_text()),
            Standing::Apart(why) => format!(", not counted for goals ({why})"),
        }
    }

    /// The record of a session's game, which must be over.
    pub fn of_session(session: &mut Session) -> Result<GameRecord, Diagnostic> {
        let end_reason = session.over()?.ok_or_else(|| {
            Diagnostic::about(Kind::Usage, "record", "the game is not over")
                .with_help("only finished games are recorded; `save FILE` keeps a game in progress")
        })?;
        // A failing score() or goals() costs the result or the goals, not the game: the
        // record says which hook failed and why.
        let mut failures = Vec::new();
        let score = session.score().unwrap_or_else(|e| {
            failures.push(format!("score() failed: {}", e.message));
            rhai::Map::new()
        });
        let goals = session
            .goals()
            .unwrap_or_else(|e| {
                failures.push(format!("goals() failed: {}", e.message));
                Vec::new()
            })
            .into_iter()
            .filter(|g| g.reached)
            .map(|g| GoalReached {
                id: g.id,
                text: g.text,
            })
            .collect();
        let defaults = &session.variant().options;
        let options: BTreeMap<String, String> = session
            .options()
            .iter()
            .filter(|(name, value)| {
                defaults
                    .get(*name)
                    .is_none_or(|spec| &spec.default != *value)
            })
            .map(|(name, value)| (name.clone(), value.to_string()))
            .collect();
        let score = match serde_json::to_value(rhai::Dynamic::from_map(score)) {
            Ok(serde_json::Value::Object(mut map)) => {
                if !failures.is_empty() {
                    map.insert(HOOK_FAILURES.into(), failures.into());
                }
                map
            }
            _ => {
                return Err(Diagnostic::about(
                    Kind::Script,
                    session.variant().name.clone(),
                    "score() returned a map that cannot be written as JSON",
                )
                .with_help("keep the score map to numbers, strings, booleans, arrays and maps"))
            }
        };
        let events = (0..=session.moves_played())
            .flat_map(|n| {
                session.events_of(n).into_iter().map(move |e| {
                    let mut fields = e.fields;
                    fields.insert("move".into(), rhai::Dynamic::from_int(n as i64));
                    serde_json::to_value(rhai::Dynamic::from_map(fields)).unwrap_or_default()
                })
            })
            .collect();
        Ok(GameRecord {
            events,
            played_at: utc_now(),
            variant: session.variant().name.clone(),
            variant_result: !options.is_empty(),
            options,
            scripts_hash: session.rules().scripts_hash().to_owned(),
            rules: RulesOrigin::of(
                &session.variant().name,
                session.rules().scripts_hash(),
                &session.variant_fingerprint(),
            ),
            rules_folder: session.rules_folder(),
            seed: session.seed(),
            moves: session.log(),
            played_by: players::runs(&session.players()),
            total: score.get("total").and_then(serde_json::Value::as_i64),
            rank: score.get("rank").map(|r| match r {
                serde_json::Value::String(s) => s.clone(),
                other => other.to_string(),
            }),
            score,
            end_reason,
            goals,
        })
    }

    /// The game as a save file, to replay it.
    pub fn to_save(&self) -> SaveFile {
        SaveFile {
            format: FORMAT.to_owned(),
            version: VERSION,
            variant: self.variant.clone(),
            seed: self.seed,
            options: self.options.clone(),
            moves: self.moves.clone(),
            played_by: self.players(),
            played_with: Default::default(),
            rules: self.rules_folder.clone(),
        }
    }

    /// `name=value, …` of the changed options ("" when none).
    pub fn options_text(&self) -> String {
        let pairs: Vec<String> = self
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        pairs.join(", ")
    }

    /// Writes the record as JSON, for when the database cannot take it.
    pub fn export(&self, path: &Path) -> Result<(), Diagnostic> {
        let text = serde_json::to_string_pretty(self).map_err(|e| {
            Diagnostic::in_file(
                Kind::Io,
                path.display().to_string(),
                format!("cannot encode the game: {e}"),
            )
        })?;
        write_atomically(path, &(text + "\n"))
    }
}

/// Now, in UTC, as `YYYY-MM-DD HH:MM:SS`.
pub fn utc_now() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    utc_text(secs)
}

/// Seconds since 1970 as a UTC date and time (the proleptic Gregorian calendar; the
/// days-to-date step is Howard Hinnant's `civil_from_days`).
fn utc_text(secs: u64) -> String {
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02}",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::utc_text;

    #[test]
    fn seconds_become_utc_dates() {
        assert_eq!(utc_text(0), "1970-01-01 00:00:00");
        assert_eq!(utc_text(951_782_400), "2000-02-29 00:00:00");
        assert_eq!(utc_text(1_767_225_599), "2025-12-31 23:59:59");
        assert_eq!(utc_text(4_107_542_400), "2100-03-01 00:00:00");
    }
}
