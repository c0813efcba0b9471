//! The cards as scripts see them: each card as an object map, looked up by id or name.

use super::{strings, CardsRef};
use crate::games::ora_et_labora::cards::{Card, Cards};
use crate::script::{script_error, Api, Fallible};
use rhai::{Array, Dynamic, Engine, Map, INT};
use std::sync::Arc;

/// Card `id`, or the error a script gets for an id there is not.
pub(super) fn card<'a>(cards: &'a Cards, id: &str) -> Fallible<&'a Card> {
    cards
        .get(id)
        .ok_or_else(|| script_error(format!("there is no card `{id}`")))
}

/// A card as an object map with every field; `effect` as plain maps and arrays.
fn card_map(c: &Card) -> Map {
    let mut m = Map::new();
    m.insert("id".into(), c.id.clone().into());
    m.insert("name".into(), c.name.clone().into());
    m.insert("kind".into(), c.kind.clone().into());
    m.insert("variant".into(), c.variant.clone().into());
    m.insert("age".into(), c.age.clone().into());
    m.insert("solo".into(), c.solo.clone().into());
    m.insert("cost".into(), Dynamic::from_map(cost_map(c)));
    m.insert("economic".into(), Dynamic::from_int(c.economic));
    m.insert("dwelling".into(), Dynamic::from_int(c.dwelling));
    m.insert(
        "terrain".into(),
        strings(c.terrain.iter().map(|t| t.name())).into(),
    );
    m.insert("cloister".into(), c.cloister.into());
    m.insert(
        "raises_work_contract_price".into(),
        c.raises_work_contract_price.into(),
    );
    m.insert("function".into(), c.function.clone().into());
    let effect: Array = c
        .effect
        .iter()
        .map(|e| rhai::serde::to_dynamic(e).unwrap_or(Dynamic::UNIT))
        .collect();
    m.insert("effect".into(), effect.into());
    m
}

/// A card's cost as `#{ good: amount }`.
fn cost_map(c: &Card) -> Map {
    c.cost
        .iter()
        .map(|(k, v)| (k.as_str().into(), Dynamic::from_int(*v)))
        .collect()
}

pub(super) fn register_cards(engine: &mut Engine) {
    engine
        .register_type_with_name::<CardsRef>("Cards")
        .api(
            "c.to_string()",
            "how the cards print: how many there are",
            |c: &mut CardsRef| format!("<{} cards>", c.0.all().len()),
        )
        .api("c.len()", "how many cards there are", |c: &mut CardsRef| {
            c.0.all().len() as INT
        })
        .api(
            "c.variant(name)",
            "the cards of variant `name` and the shared ones",
            |c: &mut CardsRef, v: &str| CardsRef(Arc::new(c.0.for_variant(v))),
        )
        .api(
            "c.solo()",
            "the cards but those the solo game removes",
            |c: &mut CardsRef| CardsRef(Arc::new(c.0.for_solo())),
        )
        .api("c.ids()", "the cards' ids", |c: &mut CardsRef| {
            strings(c.0.all().iter().map(|c| c.id.clone()))
        })
        .api(
            "c.ids(kind)",
            "the ids of the cards of kind `kind` (`\"building\"`, `\"settlement\"`, \
             `\"basic\"`)",
            |c: &mut CardsRef, kind: &str| {
                strings(
                    c.0.all()
                        .iter()
                        .filter(|c| c.kind == kind)
                        .map(|c| c.id.clone()),
                )
            },
        )
        .api(
            "c.has(id)",
            "whether there is a card `id`",
            |c: &mut CardsRef, id: &str| c.0.get(id).is_some(),
        )
        .api(
            "c.get(id)",
            "card `id` with every field: `#{ id, name, kind, variant, age, solo, cost, \
             economic, dwelling, terrain, cloister, raises_work_contract_price, function, \
             effect }` (no such card: an error)",
            |c: &mut CardsRef, id: &str| card(&c.0, id).map(card_map),
        )
        .api(
            "c.find(name)",
            "the card called `name`, as `get` gives it, or `()`",
            |c: &mut CardsRef, name: &str| {
                c.0.by_name(name)
                    .map_or(Dynamic::UNIT, |c| Dynamic::from_map(card_map(c)))
            },
        )
        .api(
            "c.lookup(name)",
            "the card called `name` or whose short name is `name`, whatever the case, as \
             `get` gives it, or `()`",
            |c: &mut CardsRef, name: &str| {
                c.0.lookup(name)
                    .map_or(Dynamic::UNIT, |c| Dynamic::from_map(card_map(c)))
            },
        )
        .api(
            "c.short_names()",
            "every card's short name by id, as `render` writes it: the name where it fits a \
             landscape cell, else a prefix of each word (`\"CloistOff\"`), no two alike",
            |c: &mut CardsRef| {
                c.0.short_names()
                    .into_iter()
                    .map(|(id, short)| (id.into(), Dynamic::from(short)))
                    .collect::<Map>()
            },
        )
        .api(
            "c.is_cloister(id)",
            "whether card `id` is a cloister",
            |c: &mut CardsRef, id: &str| card(&c.0, id).map(|c| c.cloister),
        )
        .api(
            "c.dwelling(id)",
            "card `id`'s dwelling value",
            |c: &mut CardsRef, id: &str| card(&c.0, id).map(|c| c.dwelling),
        )
        .api(
            "c.economic(id)",
            "card `id`'s economic value",
            |c: &mut CardsRef, id: &str| card(&c.0, id).map(|c| c.economic),
        )
        .api(
            "c.cost(id)",
            "card `id`'s cost, `#{ wood: 2, clay: 1 }` (cheaper than `get` where only the \
             cost is read, as bots do at every move)",
            |c: &mut CardsRef, id: &str| card(&c.0, id).map(cost_map),
        );
}
