//! The loops of the bots' shared helpers (scripts/bots/_search.rhai), in Rust. They
//! know no game: they call the rules' `moves`, `play` and `over` and the bot's
//! `bot_after` and `bot_value` by name, and read the state's `turn` (the contract's
//! hooks and fields, src/script/api/), so a game's evaluation still decides everything. Written in
//! Rhai, these loops copied the whole state several times for every position judged (a
//! function argument is a copy): here each position is one copy, and the best line of a
//! turn is played again at the end rather than every candidate's state kept.

use crate::script::api::fields::TURN;
use crate::script::api::hooks::{BOT_AFTER, BOT_VALUE, MOVES, OVER, PLAY};
use crate::script::{imagined_move, script_error, Api, Fallible};
use rhai::{Array, Dynamic, Engine, Map, NativeCallContext, INT};
use std::cmp::Ordering;

/// Each move is played on its own copy of `state`, within a rule call's time.
fn rank_moves(ctx: NativeCallContext, state: Dynamic, moves: Array) -> Fallible<Array> {
    let mut ranked = Vec::with_capacity(moves.len());
    for (index, mut mv) in moves.into_iter().enumerate() {
        let mut s = state.clone();
        let after = imagined_move(|| {
            ctx.call_fn_raw(BOT_AFTER.name, false, false, &mut [&mut s, &mut mv])
        })?;
        let value = after
            .read_lock::<Map>()
            .and_then(|m| m.get("value").cloned())
            .filter(|v| v.is_int() || v.is_float())
            .ok_or_else(|| {
                script_error(format!(
                    "bot_after() returned {after}, not #{{ value, state }} with a number value"
                ))
            })?;
        ranked.push((index, value));
    }
    // A stable sort: ties keep the moves' order.
    ranked.sort_by(|(_, a), (_, b)| compare(b, a));
    Ok(ranked
        .into_iter()
        .map(|(index, value)| {
            let mut entry = Map::new();
            entry.insert("index".into(), Dynamic::from_int(index as INT));
            entry.insert("value".into(), value);
            Dynamic::from_map(entry)
        })
        .collect())
}

/// Two values of `bot_value`: whole numbers or decimals.
fn compare(a: &Dynamic, b: &Dynamic) -> Ordering {
    match (a.as_int(), b.as_int()) {
        (Ok(a), Ok(b)) => a.cmp(&b),
        _ => number(a).total_cmp(&number(b)),
    }
}

fn number(v: &Dynamic) -> f64 {
    v.as_int()
        .map(|i| i as f64)
        .or_else(|_| v.as_float())
        .unwrap_or(f64::NEG_INFINITY)
}

/// The state is taken by value: called with `take(s)` it is not copied
/// (`s.best_turn_after(…)` plays on a copy of `s`).
fn best_turn_after(
    ctx: NativeCallContext,
    mut state: Dynamic,
    mut mv: Dynamic,
    depth: INT,
) -> Fallible<Map> {
    let turn = field(&state, TURN.name);
    play(&ctx, &mut state, &mut mv)?;
    finish(&ctx, state, &turn, depth)
}

/// Beyond `depth` decisions, or once the turn is over (`s.turn` is another or `over()`
/// says the game ended), a position is judged by `bot_value`.
fn best_turn_finish(
    ctx: NativeCallContext,
    s: Dynamic,
    turn: Dynamic,
    depth: INT,
) -> Fallible<Map> {
    finish(&ctx, s, &turn, depth)
}

fn finish(ctx: &NativeCallContext, mut s: Dynamic, turn: &Dynamic, depth: INT) -> Fallible<Map> {
    let (value, line) = best_line(ctx, s.clone(), turn, depth)?;
    for mut mv in line {
        play(ctx, &mut s, &mut mv)?;
    }
    let mut result = Map::new();
    result.insert("value".into(), value);
    result.insert("state".into(), s);
    Ok(result)
}

/// The value of the best final position reachable from `s` within the turn, and the
/// moves that reach it. The first of equally good lines is kept.
fn best_line(
    ctx: &NativeCallContext,
    mut s: Dynamic,
    turn: &Dynamic,
    depth: INT,
) -> Fallible<(Dynamic, Vec<Dynamic>)> {
    if depth <= 0 || turn_over(ctx, &mut s, turn)? {
        return Ok((value(ctx, s)?, Vec::new()));
    }
    let moves: Array = ctx
        .call_fn_raw(MOVES.name, true, true, &mut [&mut s])?
        .try_cast()
        .ok_or_else(|| script_error("moves() did not return an array"))?;
    let mut best: Option<(Dynamic, Vec<Dynamic>)> = None;
    let last = moves.len().saturating_sub(1);
    for (i, mv) in moves.into_iter().enumerate() {
        // The last move may use `s` itself: nothing needs it after.
        let mut t = if i == last {
            std::mem::take(&mut s)
        } else {
            s.clone()
        };
        play(ctx, &mut t, &mut mv.clone())?;
        let (v, mut line) = best_line(ctx, t, turn, depth - 1)?;
        if best
            .as_ref()
            .is_none_or(|(b, _)| compare(&v, b) == Ordering::Greater)
        {
            line.insert(0, mv);
            best = Some((v, line));
        }
    }
    match best {
        Some(best) => Ok(best),
        // No move offered: the position is judged as it is.
        None => Ok((value(ctx, s)?, Vec::new())),
    }
}

/// Whether turn `turn` is over in `s`: its `turn` moved on, or the game ended.
fn turn_over(ctx: &NativeCallContext, s: &mut Dynamic, turn: &Dynamic) -> Fallible<bool> {
    if !same(&field(s, TURN.name), turn) {
        return Ok(true);
    }
    Ok(!ctx.call_fn_raw(OVER.name, true, true, &mut [s])?.is_unit())
}

fn same(a: &Dynamic, b: &Dynamic) -> bool {
    match (a.as_int(), b.as_int()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a.to_string() == b.to_string(),
    }
}

/// A field of a state map, `()` when missing.
fn field(s: &Dynamic, name: &str) -> Dynamic {
    s.read_lock::<Map>()
        .and_then(|m| m.get(name).cloned())
        .unwrap_or(Dynamic::UNIT)
}

fn play(ctx: &NativeCallContext, s: &mut Dynamic, mv: &mut Dynamic) -> Fallible<()> {
    ctx.call_fn_raw(PLAY.name, true, true, &mut [s, mv])
        .map(|_| ())
}

fn value(ctx: &NativeCallContext, mut s: Dynamic) -> Fallible<Dynamic> {
    ctx.call_fn_raw(BOT_VALUE.name, false, false, &mut [&mut s])
}

pub fn register(engine: &mut Engine) {
    engine
        .api(
            "rank_moves(state, moves)",
            "every move's `#{ index, value }` by the value `bot_after` gives it, best first (ties keep their order)",
            rank_moves,
        )
        .api(
            "best_turn_after(state, mv, depth)",
            "plays `mv`, then finishes its turn as `best_turn_finish` does: `#{ value, state }`",
            best_turn_after,
        )
        .api(
            "best_turn_finish(s, turn, depth)",
            "the best way to finish turn `turn` from `s`, looking `depth` decisions ahead, judged by `bot_value`: `#{ value, state }`",
            best_turn_finish,
        );
}
