//! Telling the game: what a move did (the rules' events in their own words), the log of
//! moves with their events, and the same log as JSON for tools. At a colour terminal a
//! colour named in an event (its `who`, `pile`, … fields) is painted in that colour.

use crate::diagnostic::Diagnostic;
use crate::script::events::Event;
use crate::script::paint::colour_by_name;
use crate::script::Goal;
use crate::session::Session;
use crate::sheet::Sheet;
use rhai::Dynamic;
use std::fmt::Write;

/// What a move did: its label, what the rules announced since the first `before` moves
/// of the log (forced steps and discards included), the next question, and the end.
pub fn played(
    session: &mut Session,
    label: &str,
    before: usize,
    ansi: bool,
) -> Result<String, Diagnostic> {
    let mut out = format!("played {label}\n");
    for event in session.events_after(before) {
        let _ = writeln!(out, "  {}", told(&event, ansi));
    }
    out.push_str(&next_question(session)?);
    out.push_str(&game_over(session, ansi)?);
    Ok(out)
}

/// "next: QUESTION" when the rules say what they ask now (a step of an action); nothing
/// otherwise.
pub fn next_question(session: &mut Session) -> Result<String, Diagnostic> {
    Ok(session
        .question()?
        .map(|q| format!("next: {q} (`moves` lists the answers)\n"))
        .unwrap_or_default())
}

/// "game over: REASON", the score sheet and the goals reached; nothing while the game
/// runs.
pub fn game_over(session: &mut Session, ansi: bool) -> Result<String, Diagnostic> {
    let Some(reason) = session.over()? else {
        return Ok(String::new());
    };
    let mut out = format!("game over: {reason}\n{}", Sheet::of(session)?.text(ansi));
    let goals = session.goals()?;
    if !goals.is_empty() {
        let reached: Vec<&Goal> = goals.iter().filter(|g| g.reached).collect();
        let _ = writeln!(out, "goals reached: {} of {}", reached.len(), goals.len());
        for g in reached {
            let _ = writeln!(out, "  {}  {}", g.id, g.text);
        }
    }
    Ok(out)
}

/// The moves with what the rules announced during each, indented under it.
pub fn log(session: &Session, ansi: bool) -> String {
    let mut out = String::new();
    for (i, m) in session.log().iter().enumerate() {
        let _ = writeln!(out, "{:>3}  {m}", i + 1);
        for event in session.events_of(i + 1) {
            let _ = writeln!(out, "       {}", told(&event, ansi));
        }
    }
    if out.is_empty() {
        out.push_str("no moves yet\n");
    }
    out
}

/// Events a line of `auto`'s story tells; `log` has the others.
const STORY_EVENTS: usize = 3;

/// The moves after the first `before` of the log, one line each: its number, its label
/// and what the rules announced during it, the first few (`auto`'s story).
pub fn story(session: &Session, before: usize, ansi: bool) -> String {
    let log = session.log();
    let width = log[before.min(log.len())..]
        .iter()
        .map(|m| m.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for (i, m) in log.iter().enumerate().skip(before) {
        let events = session.events_of(i + 1);
        let mut said: Vec<String> = events
            .iter()
            .take(STORY_EVENTS)
            .map(|e| told(e, ansi))
            .collect();
        if events.len() > STORY_EVENTS {
            said.push(format!("{} more in `log`", events.len() - STORY_EVENTS));
        }
        let line = format!("{:>3}  {m:<width$}  {}", i + 1, said.join("; "));
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}

/// `log --json`: `[{ "number": 1, "move": "0,-1@90", "events": [{ "kind": …, "text": …,
/// …fields }] }, …]`, the events as the rules announced them.
pub fn log_json(session: &Session) -> String {
    let moves: Vec<serde_json::Value> = session
        .log()
        .iter()
        .enumerate()
        .map(|(i, label)| {
            let events: Vec<serde_json::Value> = session
                .events_of(i + 1)
                .into_iter()
                .map(|e| serde_json::to_value(Dynamic::from_map(e.fields)).unwrap_or_default())
                .collect();
            serde_json::json!({ "number": i + 1, "move": label, "events": events })
        })
        .collect();
    let mut text = serde_json::to_string_pretty(&moves).unwrap_or_default();
    text.push('\n');
    text
}

/// An event's sentence; at a colour terminal the colours it names are painted.
pub fn told(event: &Event, ansi: bool) -> String {
    if !ansi {
        return event.text.clone();
    }
    let mut text = event.text.clone();
    for name in named_colours(event) {
        if let Some(colour) = colour_by_name(&name) {
            text = paint_word(&text, &name, colour.bold().paint(name.as_str()).to_string());
        }
    }
    text
}

/// The colour names among an event's string fields (and arrays of strings), once each.
fn named_colours(event: &Event) -> Vec<String> {
    let mut names: Vec<String> = event
        .fields
        .iter()
        .filter(|(key, _)| !matches!(key.as_str(), "kind" | "text"))
        .flat_map(|(_, value)| strings_in(value))
        .filter(|s| colour_by_name(s).is_some())
        .collect();
    names.sort();
    names.dedup();
    names
}

fn strings_in(value: &Dynamic) -> Vec<String> {
    if let Some(s) = value.read_lock::<rhai::ImmutableString>() {
        return vec![s.to_string()];
    }
    match value.read_lock::<rhai::Array>() {
        Some(items) => items.iter().flat_map(strings_in).collect(),
        None => Vec::new(),
    }
}

/// `text` with every whole-word `word` replaced by `painted`.
fn paint_word(text: &str, word: &str, painted: String) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(word) {
        let before_ok = !rest[..at].ends_with(char::is_alphanumeric);
        let after = &rest[at + word.len()..];
        let after_ok = !after.starts_with(char::is_alphanumeric);
        out.push_str(&rest[..at]);
        out.push_str(if before_ok && after_ok {
            &painted
        } else {
            word
        });
        rest = after;
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rhai::Map;

    fn event(text: &str, who: &[&str]) -> Event {
        let mut fields = Map::new();
        let who: rhai::Array = who.iter().map(|w| Dynamic::from(w.to_string())).collect();
        fields.insert("who".into(), who.into());
        Event {
            kind: "scored".into(),
            text: text.into(),
            fields,
        }
    }

    #[test]
    fn colours_named_in_the_fields_are_painted_as_whole_words() {
        let e = event(
            "red and green score 4; redder is not red",
            &["red", "green"],
        );
        let told = told(&e, true);
        let red = nu_ansi_term::Color::Red.bold().paint("red").to_string();
        assert_eq!(told.matches(&red).count(), 2, "{told}");
        assert!(told.contains("redder"), "{told}");
        assert_eq!(super::told(&e, false), e.text);
    }

    #[test]
    fn words_that_name_no_colour_stay_plain() {
        let e = event("the raiders score 3", &["raiders"]);
        assert_eq!(told(&e, true), e.text);
    }
}
