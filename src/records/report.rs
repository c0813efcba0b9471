//! The listings a player reads: the `history` table of games (with who played each and
//! under whose rules) and the `goals` checklist, which ticks a goal once a game you
//! played under the variant's own rules reached it, like the boxes on the rule sheet;
//! variant results and games that do not count (a bot played, the rules were edited,
//! who played is unknown) are shown apart.

use super::record::Standing;
use super::store::{GoalHit, StoredGame};
use crate::players;
use crate::script::words::count;
use crate::script::Goal;
use std::fmt::Write;

/// One line per game, in the order given; `variant`: the one asked for, if any.
pub fn history_table(games: &[StoredGame], variant: Option<&str>) -> String {
    if games.is_empty() {
        return match variant {
            Some(variant) => format!("no games of `{variant}` recorded yet\n"),
            None => "no games recorded yet\n".to_owned(),
        };
    }
    let players: Vec<String> = games
        .iter()
        .map(|g| players::summary(&g.record.players()))
        .collect();
    let column = |header: &str, cells: &mut dyn Iterator<Item = usize>| {
        cells.max().unwrap_or(0).max(header.chars().count())
    };
    let width = column("variant", &mut games.iter().map(|g| g.record.variant.len()));
    let by_width = column("played by", &mut players.iter().map(|p| p.chars().count()));
    let mut out = format!(
        "game  date (UTC)        {:<width$}  result  {:<by_width$}  rules\n",
        "variant", "played by"
    );
    // The notes go under their game, one a line, wrapped, so the table fits the terminal.
    let notes_layout = textwrap::Options::new(crate::terminal::width())
        .initial_indent("      ")
        .subsequent_indent("      ");
    for (g, played_by) in games.iter().zip(&players) {
        let r = &g.record;
        let mut notes = vec![format!("{} reached", count(r.goals.len(), "goal"))];
        if let Some(rank) = &r.rank {
            notes.push(format!("rank: {rank}"));
        }
        if r.variant_result {
            notes.push(format!("variant result ({})", r.options_text()));
        }
        notes.push(r.end_reason.clone());
        let total = r.total.map(|t| t.to_string()).unwrap_or_else(|| "-".into());
        let line = format!(
            "{:>4}  {:<16}  {:<width$}  {total:>6}  {played_by:<by_width$}  {}",
            g.id,
            minutes(&r.played_at),
            r.variant,
            r.rules,
        );
        let _ = writeln!(out, "{}", line.trim_end());
        for note_line in notes.iter().flat_map(|n| textwrap::wrap(n, &notes_layout)) {
            let _ = writeln!(out, "{note_line}");
        }
    }
    out
}

/// The checklist: every goal of the rules (`goals`, whose `reached` marks the game in
/// hand), then goals recorded under ids the rules no longer list; each with the first
/// game that reached it. Games with options changed tick a goal apart (`[v]`), and games
/// that do not count further apart (`[~]`, with why).
pub fn checklist(heading: &str, goals: &[Goal], hits: &[GoalHit]) -> String {
    let mut rows: Vec<(&str, &str, bool)> = goals
        .iter()
        .map(|g| (g.id.as_str(), g.text.as_str(), g.reached))
        .collect();
    for h in hits {
        if !rows.iter().any(|r| r.0 == h.goal.id) {
            rows.push((&h.goal.id, &h.goal.text, false));
        }
    }
    if rows.is_empty() {
        return format!("{heading}: the rules define no goals\n");
    }
    let id_width = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
    let text_width = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(0);
    let mut reached = 0;
    let mut lines = String::new();
    for (id, text, this_game) in &rows {
        let of_goal = |kind: fn(&Standing) -> bool| {
            hits.iter()
                .filter(move |h| h.goal.id == *id && kind(&h.standing))
        };
        let counted = |s: &Standing| *s == Standing::Counted;
        let variant_result = |s: &Standing| *s == Standing::VariantResult;
        let apart = |s: &Standing| s.why_apart().is_some();
        let mut notes = Vec::new();
        let mark = if let Some(first) = of_goal(counted).next() {
            reached += 1;
            let games = of_goal(counted).count();
            notes.push(format!(
                "game {}, {}",
                first.game,
                minutes(&first.played_at)
            ));
            if games > 1 {
                notes.push(format!("{games} games"));
            }
            'x'
        } else if let Some(first) = of_goal(variant_result).next() {
            notes.push(format!(
                "as a variant result: game {}, {} ({})",
                first.game,
                minutes(&first.played_at),
                first.options
            ));
            'v'
        } else if let Some(first) = of_goal(apart).next() {
            notes.push(format!(
                "not counted: game {}, {} ({})",
                first.game,
                minutes(&first.played_at),
                first.standing.why_apart().unwrap_or_default()
            ));
            '~'
        } else {
            ' '
        };
        if *this_game {
            notes.push("reached in this game".to_owned());
        }
        let line = format!(
            "[{mark}] {id:<id_width$}  {text:<text_width$}  {}",
            notes.join("; ")
        );
        lines.push_str(line.trim_end());
        lines.push('\n');
    }
    format!(
        "{heading}: {reached} of {} goals reached\n{lines}[x] reached in a game you played with the variant's own rules and options; [v] only with options changed;\n[~] only in games that do not count (a bot played, the rules were edited, or who played is unknown)\n",
        rows.len()
    )
}

/// `YYYY-MM-DD HH:MM` of a recorded date.
fn minutes(played_at: &str) -> &str {
    played_at.get(..16).unwrap_or(played_at)
}
