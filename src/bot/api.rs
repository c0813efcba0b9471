//! What an engine that runs a bot has beyond the rules' API: `redeal`, the turn search
//! (`turn_search`), a list aggregate (`lists`) and the bot API of the variant's family.
//! A game's own rules engine never has them, so a rule cannot lean on what only a bot
//! should ask.

use super::hidden::player_view;
use crate::script::api::fields::RNG;
use crate::script::rng::Rng;
use crate::script::{Api, Family};
use rhai::{Dynamic, Engine, EvalAltResult, Position};

pub(super) type Fallible<T> = Result<T, Box<EvalAltResult>>;

pub(super) fn error(message: impl Into<String>) -> Box<EvalAltResult> {
    EvalAltResult::ErrorRuntime(message.into().into(), Position::NONE).into()
}

/// The generator a state carries in its `rng` field (every game state has one).
fn state_rng(state: &mut Dynamic) -> Fallible<Rng> {
    state
        .as_map_mut()
        .ok()
        .and_then(|map| map.get(RNG.name).and_then(|r| r.clone().try_cast::<Rng>()))
        .ok_or_else(|| error("this is not a game state: it has no `rng`"))
}

/// The state's own generator moves on, so each call imagines a new future.
fn redeal(state: &mut Dynamic) -> Fallible<()> {
    let mut rng = state_rng(state)?;
    let mut seen = player_view(state, &mut rng);
    if let Ok(mut map) = seen.as_map_mut() {
        map.insert(RNG.name.into(), Dynamic::from(rng));
    }
    *state = seen;
    Ok(())
}

/// Registers the bots' functions, the family's own among them, on a bot's engine.
pub fn register(engine: &mut Engine, family: &dyn Family) {
    engine.api(
        "state.redeal()",
        "deals the piles of `state` again, as a player sees them, from `state.rng`: another possible future",
        redeal,
    );
    super::turn_search::register(engine);
    super::lists::register(engine);
    family.register_bot_api(engine);
}
