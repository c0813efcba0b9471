//! The production wheel as scripts see it.

use super::{fail, strings};
use crate::games::ora_et_labora::wheel::Wheel;
use crate::script::Api;
use rhai::{Array, Dynamic, Engine, Map, INT};

pub(super) fn register_wheel(engine: &mut Engine) {
    engine
        .register_type_with_name::<Wheel>("Wheel")
        .api(
            "w.to_string()",
            "the wheel in words: `\"beam 4: wood 3, peat 3, joker 5\"`",
            |w: &mut Wheel| w.to_string(),
        )
        .api(
            "w.to_debug()",
            "the wheel in words: `\"beam 4: wood 3, peat 3, joker 5\"`",
            |w: &mut Wheel| w.to_string(),
        )
        .api("w.beam", "the space the beam points at", |w: &mut Wheel| {
            w.beam() as INT
        })
        .api(
            "w.values()",
            "the values of the wheel's side, in order",
            |w: &mut Wheel| {
                w.values()
                    .iter()
                    .map(|v| Dynamic::from_int(*v))
                    .collect::<Array>()
            },
        )
        .api(
            "w.has(name)",
            "whether indicator `name` is on the wheel (a good whose indicator is gone may be \
             produced with the joker, if the rules say so)",
            |w: &mut Wheel, name: &str| w.has(name),
        )
        .api(
            "w.amount(name)",
            "what indicator `name` gives now (not on the wheel: an error)",
            |w: &mut Wheel, name: &str| w.amount(name).map_err(fail),
        )
        .api(
            "w.steps(name)",
            "the steps since indicator `name` was last taken",
            |w: &mut Wheel, name: &str| w.steps(name).map(|s| s as INT).map_err(fail),
        )
        .api(
            "w.take(name)",
            "what indicator `name` gives now; the indicator goes back to 0",
            |w: &mut Wheel, name: &str| w.take(name).map_err(fail),
        )
        .api(
            "w.add(name)",
            "puts indicator `name` on the wheel at 0 (there already: an error)",
            |w: &mut Wheel, name: &str| w.add(name).map_err(fail),
        )
        .api(
            "w.remove(name)",
            "takes indicator `name` off the wheel (not on it: an error)",
            |w: &mut Wheel, name: &str| w.remove(name).map_err(fail),
        )
        .api(
            "w.rotate(remove_at_last)",
            "turns the beam; the indicators on the last value are removed and returned when \
             `remove_at_last` (the solo game), else pushed along",
            |w: &mut Wheel, remove_at_last: bool| strings(w.rotate(remove_at_last)),
        )
        .api(
            "w.amounts()",
            "every indicator's `#{ name, amount }`, in the order they were added",
            |w: &mut Wheel| {
                w.amounts()
                    .into_iter()
                    .map(|(name, amount)| {
                        let mut m = Map::new();
                        m.insert("name".into(), name.into());
                        m.insert("amount".into(), Dynamic::from_int(amount));
                        Dynamic::from_map(m)
                    })
                    .collect::<Array>()
            },
        );
}
