//! What an engine that runs a bot has beyond the rules' API: `redeal`, `without_chance`,
//! the turn search (`turn_search`), a list aggregate (`lists`) and the bot API of the
//! variant's family. A game's own rules engine never has them, so a rule cannot lean on
//! what only a bot should ask.

use super::hidden::{holds_hidden, player_view};
use crate::script::api::fields::RNG;
use crate::script::api::hooks::CHANCE;
use crate::script::rng::Rng;
use crate::script::{script_error, Api, Fallible, Family};
use rhai::{Dynamic, Engine, NativeCallContext};

/// The generator a state carries in its `rng` field (every game state has one).
fn state_rng(state: &mut Dynamic) -> Fallible<Rng> {
    state
        .as_map_mut()
        .ok()
        .and_then(|map| map.get(RNG.name).and_then(|r| r.clone().try_cast::<Rng>()))
        .ok_or_else(|| script_error("this is not a game state: it has no `rng`"))
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

/// Whether nothing ahead of `state` is left to chance, as the host's planner judges it
/// (src/bot/plan/mod.rs): no face-down pile, and the rules' optional `chance()` says
/// false. Without `chance()` the rules are taken to hold chance.
fn without_chance(ctx: NativeCallContext, state: &mut Dynamic) -> Fallible<bool> {
    let declared = ctx
        .iter_namespaces()
        .any(|lib| lib.get_script_fn(CHANCE.name, 0).is_some());
    if !declared || holds_hidden(state) {
        return Ok(false);
    }
    let mut s = state.clone();
    let chance = ctx.call_fn_raw(CHANCE.name, true, true, &mut [&mut s])?;
    chance.as_bool().map(|chance| !chance).map_err(|_| {
        script_error(format!(
            "chance() returned {chance}: it must return true or false"
        ))
    })
}

/// Registers the bots' functions, the family's own among them, on a bot's engine.
pub fn register(engine: &mut Engine, family: &dyn Family) {
    engine.api(
        "state.redeal()",
        "deals the piles of `state` again, as a player sees them, from `state.rng`: another possible future",
        redeal,
    );
    engine.api(
        "state.without_chance()",
        "whether nothing ahead of `state` is left to chance (no face-down pile, and the rules' `chance()` says false): every imagined future would be the same game",
        without_chance,
    );
    super::turn_search::register(engine);
    super::lists::register(engine);
    family.register_bot_api(engine);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `state.without_chance()` asked of `state` (a script expression) by an engine whose
    /// script holds `rules`.
    fn asked(rules: &str, state: &str) -> Result<bool, String> {
        let mut engine = Engine::new();
        crate::script::rng::register(&mut engine);
        engine.register_fn("without_chance", without_chance);
        let code = format!("{rules}\nlet state = {state};\nstate.without_chance()");
        engine.eval::<bool>(&code).map_err(|e| e.to_string())
    }

    #[test]
    fn only_rules_that_say_no_chance_and_hide_nothing_are_without_chance() {
        let none = "fn chance() { false }";
        assert_eq!(asked(none, "#{ round: 1 }"), Ok(true));
        assert_eq!(
            asked("fn chance() { this.round < 3 }", "#{ round: 1 }"),
            Ok(false)
        );
        assert_eq!(
            asked("fn chance() { this.round < 3 }", "#{ round: 4 }"),
            Ok(true)
        );
        // Rules that say nothing are taken to hold chance.
        assert_eq!(asked("", "#{ round: 1 }"), Ok(false));
        // A face-down pile is an order no player knows, whatever the rules say.
        assert_eq!(asked(none, "#{ deck: pile([1, 2]) }"), Ok(false));
        assert_eq!(asked(none, "#{ deck: pile([]) }"), Ok(true));
    }

    #[test]
    fn a_chance_that_is_no_yes_or_no_is_an_error() {
        let e = asked("fn chance() { 1 }", "#{}").unwrap_err();
        assert!(e.contains("chance() returned 1"), "{e}");
    }
}
