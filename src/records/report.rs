//! The listings a player reads: the `history` table of games and the `goals` checklist,
//! which ticks a goal once any game of the variant reached it, like the boxes on the
//! rule sheet.

use super::store::{GoalHit, StoredGame};
use crate::script::Goal;
use std::fmt::Write;

/// One line per game, in the order given.
pub fn history_table(games: &[StoredGame]) -> String {
    if games.is_empty() {
        return "no games recorded yet\n".to_owned();
    }
    let width = games
        .iter()
        .map(|g| g.record.variant.len())
        .max()
        .unwrap_or(0)
        .max("variant".len());
    let mut out = format!(
        "game  date (UTC)        {:<width$}  result  goals  notes\n",
        "variant"
    );
    for g in games {
        let r = &g.record;
        let mut notes = Vec::new();
        if let Some(rank) = &r.rank {
            notes.push(format!("rank: {rank}"));
        }
        if r.variant_result {
            notes.push(format!("variant result ({})", r.options_text()));
        }
        notes.push(r.end_reason.clone());
        let total = r.total.map(|t| t.to_string()).unwrap_or_else(|| "-".into());
        let _ = writeln!(
            out,
            "{:>4}  {:<16}  {:<width$}  {total:>6}  {:>5}  {}",
            g.id,
            minutes(&r.played_at),
            r.variant,
            r.goals.len(),
            notes.join("; ")
        );
    }
    out
}

/// The checklist: every goal of the rules (`goals`, whose `reached` marks the game in
/// hand), then goals recorded under ids the rules no longer list; each with the first
/// game that reached it. Games with options changed tick a goal apart.
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
        let of_goal = |variant_result: bool| {
            hits.iter()
                .filter(move |h| h.goal.id == *id && h.variant_result == variant_result)
        };
        let mut notes = Vec::new();
        let mark = if let Some(first) = of_goal(false).next() {
            reached += 1;
            let games = of_goal(false).count();
            notes.push(format!(
                "game {}, {}",
                first.game,
                minutes(&first.played_at)
            ));
            if games > 1 {
                notes.push(format!("{games} games"));
            }
            'x'
        } else if let Some(first) = of_goal(true).next() {
            notes.push(format!(
                "as a variant result: game {}, {} ({})",
                first.game,
                minutes(&first.played_at),
                first.options
            ));
            'v'
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
        "{heading}: {reached} of {} goals reached\n{lines}[x] reached in a game with the variant's own options; [v] only with options changed\n",
        rows.len()
    )
}

/// `YYYY-MM-DD HH:MM` of a recorded date.
fn minutes(played_at: &str) -> &str {
    played_at.get(..16).unwrap_or(played_at)
}
