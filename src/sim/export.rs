//! Results for other tools: the whole run as JSON (what `merge` reads back), and one CSV
//! row per game and side.

use super::run::Run;

use std::collections::BTreeSet;

/// The run as pretty-printed JSON.
pub fn json(run: &Run) -> String {
    let mut text = serde_json::to_string_pretty(run).unwrap_or_default();
    text.push('\n');
    text
}

/// One row per game and side: the fixed columns, then every entry of `score()` that
/// any game reported (lists, such as the bot's files and the goals, joined by `;`).
pub fn csv(run: &Run) -> String {
    let extra: BTreeSet<&str> = run
        .sides
        .iter()
        .flat_map(|s| &s.results)
        .flat_map(|r| r.score.keys().map(String::as_str))
        .collect();
    let mut header = vec![
        "side",
        "variant",
        "bot",
        "bot_files",
        "set",
        "game",
        "seed",
        "total",
        "moves",
        "end",
        "goals",
    ];
    header.extend(extra.iter().copied());
    let mut out = csv_line(header.iter().map(|h| h.to_string()));
    for (i, side) in run.sides.iter().enumerate() {
        for r in &side.results {
            let fixed = [
                Run::letter(i).to_owned(),
                side.header.variant.clone(),
                side.header.bot.clone(),
                side.header.bot_files.join(";"),
                side.header.set.join(" "),
                r.game.to_string(),
                r.seed.to_string(),
                r.total.to_string(),
                r.moves.to_string(),
                r.end.clone(),
                r.goals.join(";"),
            ];
            let more = extra.iter().map(|k| match r.score.get(*k) {
                None | Some(serde_json::Value::Null) => String::new(),
                Some(serde_json::Value::String(s)) => s.clone(),
                Some(serde_json::Value::Array(items)) => items
                    .iter()
                    .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned))
                    .collect::<Vec<_>>()
                    .join(";"),
                Some(other) => other.to_string(),
            });
            out.push_str(&csv_line(fixed.into_iter().chain(more)));
        }
    }
    out
}

/// A CSV line (RFC 4180): fields with a comma, quote or line break are quoted.
fn csv_line(fields: impl Iterator<Item = String>) -> String {
    let mut line = fields
        .map(|f| {
            if f.contains([',', '"', '\n', '\r']) {
                format!("\"{}\"", f.replace('"', "\"\""))
            } else {
                f
            }
        })
        .collect::<Vec<_>>()
        .join(",");
    line.push_str("\r\n");
    line
}
