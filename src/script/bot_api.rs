//! Host functions for bots that look ahead. They know no game: `redeal` imagines another
//! possible future of a state (its piles dealt again, a new random generator), and
//! `playout` plays random legal moves through the rules' own `moves` and `play`, in Rust,
//! because a rollout written in Rhai would cost most of a bot's time in the interpreter.

use super::rng::Rng;
use crate::bot::player_view;
use rhai::{Array, Dynamic, Engine, EvalAltResult, NativeCallContext, Position, INT};

type Fallible<T> = Result<T, Box<EvalAltResult>>;

fn error(message: impl Into<String>) -> Box<EvalAltResult> {
    EvalAltResult::ErrorRuntime(message.into().into(), Position::NONE).into()
}

/// The generator a state carries in its `rng` field (every game state has one).
fn state_rng(state: &mut Dynamic) -> Fallible<Rng> {
    state
        .as_map_mut()
        .ok()
        .and_then(|map| map.get("rng").and_then(|r| r.clone().try_cast::<Rng>()))
        .ok_or_else(|| error("this is not a game state: it has no `rng`"))
}

fn set_rng(state: &mut Dynamic, rng: Rng) {
    if let Ok(mut map) = state.as_map_mut() {
        map.insert("rng".into(), Dynamic::from(rng));
    }
}

/// `s.redeal()`: another possible future of `s`: its piles dealt again (as a bot sees
/// them) from its own generator, which moves on, so each call imagines a new one.
fn redeal(state: &mut Dynamic) -> Fallible<()> {
    let mut rng = state_rng(state)?;
    let mut seen = player_view(state, &mut rng);
    set_rng(&mut seen, rng);
    *state = seen;
    Ok(())
}

/// `s.playout(n)`: plays up to `n` uniformly random legal moves on `s`, stopping when
/// the game ends; the choices come from the state's generator.
fn playout(ctx: NativeCallContext, state: &mut Dynamic, plies: INT) -> Fallible<()> {
    let mut rng = state_rng(state)?;
    for _ in 0..plies.max(0) {
        if !ctx
            .call_fn_raw("over", true, true, &mut [&mut *state])?
            .is_unit()
        {
            break;
        }
        let mut moves: Array = ctx
            .call_fn_raw("moves", true, true, &mut [&mut *state])?
            .try_cast()
            .ok_or_else(|| error("moves() did not return an array"))?;
        if moves.is_empty() {
            break;
        }
        let mut mv = moves.swap_remove(rng.below(moves.len()));
        let _ = ctx.call_fn_raw("play", true, true, &mut [&mut *state, &mut mv])?;
    }
    set_rng(state, rng);
    Ok(())
}

pub fn register(engine: &mut Engine) {
    engine
        .register_fn("redeal", redeal)
        .register_fn("playout", playout);
}
