//! The game's bot helpers (scripts/bots/…/_*.rhai) called from Rust: `bot_ranked`,
//! `bot_after`, `bot_clock` and `bot_starts`, with their answers checked. The search
//! bot and the planner judge positions only through them, so they know no game.

use crate::diagnostic::{Diagnostic, Kind};
use crate::script::api::hooks::{self, Hook};
use crate::script::{Move, Rules};
use rhai::{Array, Dynamic, Map};

/// The helpers the search bot and the planner call: every game has them through
/// scripts/bots/_search.rhai.
pub const HELPERS: [Hook; 2] = [hooks::BOT_RANKED, hooks::BOT_AFTER];

/// The moves as the game's `bot_ranked` orders them, best first, each as its index in
/// `moves` and its value (a game's ranking may leave moves out, never all).
pub fn ranked(
    rules: &Rules,
    state: Dynamic,
    moves: &[Move],
) -> Result<Vec<(usize, f64)>, Diagnostic> {
    let offered: Array = moves.iter().map(|m| m.value.clone()).collect();
    let ranked = rules.call_function(&hooks::BOT_RANKED, (state, offered))?;
    let bad = |why: String| {
        Diagnostic::in_file(
            Kind::Script,
            rules.defining_file(hooks::BOT_RANKED.name),
            format!("bot_ranked() {why}"),
        )
        .with_help("return an array of #{ index, value }, best first, `index` into the moves")
    };
    let ranked = ranked
        .try_cast::<Array>()
        .ok_or_else(|| bad("did not return an array".into()))?;
    let entries = ranked
        .into_iter()
        .map(|entry| {
            entry
                .read_lock::<Map>()
                .and_then(|m| {
                    let index = m.get("index").and_then(|i| i.as_int().ok())?;
                    let index = usize::try_from(index).ok().filter(|&i| i < moves.len())?;
                    Some((index, m.get("value").and_then(number).unwrap_or(0.0)))
                })
                .ok_or_else(|| {
                    bad(format!(
                        "returned {entry}, whose index is none of the {} moves",
                        moves.len()
                    ))
                })
        })
        .collect::<Result<Vec<(usize, f64)>, Diagnostic>>()?;
    if entries.is_empty() {
        return Err(bad("ranked none of the moves".into()));
    }
    Ok(entries)
}

/// `bot_after(state, mv)`: the value and the position after `mv`.
pub fn after(rules: &Rules, state: Dynamic, mv: &Dynamic) -> Result<(f64, Dynamic), Diagnostic> {
    let result = rules.call_function(&hooks::BOT_AFTER, (state, mv.clone()))?;
    let value = result
        .read_lock::<Map>()
        .and_then(|m| Some((number(m.get("value")?)?, m.get("state")?.clone())));
    value.ok_or_else(|| {
        Diagnostic::in_file(
            Kind::Script,
            rules.defining_file(hooks::BOT_AFTER.name),
            format!("bot_after() returned {result}, not #{{ value, state }} with a number value"),
        )
        .with_help("return #{ value: bot_value(s), state: s } for the position s after the move")
    })
}

/// `bot_clock(s)`, the game's time at `s`, when the game's helpers define it.
pub fn clock(rules: &Rules, s: &Dynamic) -> Result<Option<f64>, Diagnostic> {
    if !rules.defines(&hooks::BOT_CLOCK) {
        return Ok(None);
    }
    let v = rules.call_function(&hooks::BOT_CLOCK, (s.clone(),))?;
    number(&v).map(Some).ok_or_else(|| {
        Diagnostic::in_file(
            Kind::Script,
            rules.defining_file(hooks::BOT_CLOCK.name),
            format!("bot_clock() returned {v}, not a number"),
        )
        .with_help(
            "return a number that grows with the game's time, as `s.round * 10 + actions taken`",
        )
    })
}

/// `bot_starts()`, the bots whose games `solve` starts from; `None` when the game's
/// helpers do not name them.
pub fn starts(rules: &Rules) -> Result<Option<Vec<String>>, Diagnostic> {
    if !rules.defines(&hooks::BOT_STARTS) {
        return Ok(None);
    }
    let v = rules.call_function(&hooks::BOT_STARTS, ())?;
    let names = v
        .clone()
        .try_cast::<Array>()
        .and_then(|list| {
            list.into_iter()
                .map(|name| name.into_immutable_string().ok().map(|s| s.to_string()))
                .collect::<Option<Vec<String>>>()
        })
        .filter(|names| !names.is_empty());
    names.map(Some).ok_or_else(|| {
        Diagnostic::in_file(
            Kind::Script,
            rules.defining_file(hooks::BOT_STARTS.name),
            format!("bot_starts() returned {v}, not a list of bot names"),
        )
        .with_help("return the names of Rhai bots of the game, as `[\"greedy\"]`")
    })
}

/// A whole number or a decimal as a decimal.
fn number(value: &Dynamic) -> Option<f64> {
    value
        .as_int()
        .map(|v| v as f64)
        .or_else(|_| value.as_float())
        .ok()
}
