//! What a bot may see of a game: a copy of the state in which every face-down pile has
//! been dealt again at random and the game's random generator replaced by one of the
//! bot's. A bot that looks ahead on this copy plays against a possible future, never
//! the real one: it cannot learn the order of a pile, which pile holds which item, or
//! what the game's generator will draw next.

use crate::script::api::fields::EVENTS;
use crate::script::rng::{Pile, Rng};
use rhai::{Array, Dynamic, Map};
use std::collections::{BTreeMap, VecDeque};

/// The state as a player sees it, determinized with `rng` (the bot's own generator).
///
/// The rules declare what is known: piles of one named stack (`pile(x).stack("tiles")`,
/// and every pile `take`n from it) are gathered and dealt again in their sizes, a pile of
/// no stack is reshuffled on its own, and a face-up pile keeps its order. Every stack is
/// dealt where its first pile is met, walking the state in its own order, so the bot's
/// generator is drawn in the same order in every run.
pub fn player_view(state: &Dynamic, rng: &mut Rng) -> Dynamic {
    let mut stacks = Stacks::default();
    collect(state, &mut stacks);
    let mut seen = state.clone();
    hide(&mut seen, rng, &mut stacks);
    forget_events(&mut seen);
    seen
}

/// Whether `state` holds a face-down pile anywhere: an order no player knows, so a
/// future that depends on it is luck whatever the rules declare.
pub fn holds_hidden(state: &Dynamic) -> bool {
    if let Some(pile) = state.read_lock::<Pile>() {
        !pile.is_face_up() && !pile.is_empty()
    } else if let Some(map) = state.read_lock::<Map>() {
        map.values().any(holds_hidden)
    } else if let Some(array) = state.read_lock::<Array>() {
        array.iter().any(holds_hidden)
    } else {
        false
    }
}

/// A bot's copy starts with no events: the story so far is for people and records, and
/// a bot copies its state for every move it weighs, so a long game's history would make
/// each copy cost the whole game.
fn forget_events(state: &mut Dynamic) {
    if let Ok(mut map) = state.as_map_mut() {
        if map.contains_key(EVENTS.name) {
            map.insert(EVENTS.name.into(), Dynamic::from_array(Vec::new()));
        }
    }
}

/// The piles of each named stack, in the order they are met; once dealt, the piles
/// still to hand back.
#[derive(Default)]
struct Stacks {
    piles: BTreeMap<String, Vec<Pile>>,
    dealt: BTreeMap<String, VecDeque<Pile>>,
}

fn collect(value: &Dynamic, stacks: &mut Stacks) {
    if let Some(pile) = value.read_lock::<Pile>() {
        if let (Some(name), false) = (pile.stack(), pile.is_face_up()) {
            let name = name.to_owned();
            stacks.piles.entry(name).or_default().push(pile.clone());
        }
    } else if let Some(map) = value.read_lock::<Map>() {
        map.values().for_each(|v| collect(v, stacks));
    } else if let Some(array) = value.read_lock::<Array>() {
        array.iter().for_each(|v| collect(v, stacks));
    }
}

fn hide(value: &mut Dynamic, rng: &mut Rng, stacks: &mut Stacks) {
    if value.is::<Rng>() {
        *value = Dynamic::from(rng.fork());
    } else if let Some(pile) = value.read_lock::<Pile>().map(|p| p.clone()) {
        if !pile.is_face_up() {
            *value = Dynamic::from(match pile.stack() {
                Some(name) => stacks.deal(name, rng),
                None => pile.reshuffled(rng),
            });
        }
    } else if value.is_map() {
        if let Ok(mut map) = value.as_map_mut() {
            map.values_mut().for_each(|v| hide(v, rng, stacks));
        }
    } else if let Ok(mut array) = value.as_array_mut() {
        array.iter_mut().for_each(|v| hide(v, rng, stacks));
    }
}

impl Stacks {
    /// The next pile of stack `name`, dealing the whole stack when its first pile is met.
    fn deal(&mut self, name: &str, rng: &mut Rng) -> Pile {
        if !self.dealt.contains_key(name) {
            let piles = self.piles.remove(name).unwrap_or_default();
            self.dealt
                .insert(name.to_owned(), Pile::redealt(&piles, rng).into());
        }
        self.dealt
            .get_mut(name)
            .and_then(VecDeque::pop_front)
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rhai::Map;

    /// Runs `code` with `value` in scope as `x`, piles and generators registered.
    fn script(code: &str, value: Dynamic) -> Dynamic {
        let mut engine = rhai::Engine::new();
        crate::script::rng::register(&mut engine);
        let mut scope = rhai::Scope::new();
        scope.push("x", value);
        engine.eval_with_scope(&mut scope, code).unwrap()
    }

    fn pile(items: std::ops::Range<i64>) -> Pile {
        made("pile(x)", items)
    }

    /// A pile of the stack "tiles".
    fn tiles(items: std::ops::Range<i64>) -> Pile {
        made("pile(x).stack(\"tiles\")", items)
    }

    fn made(code: &str, items: std::ops::Range<i64>) -> Pile {
        let items: Array = items.map(Dynamic::from_int).collect();
        script(code, items.into()).cast()
    }

    /// Draws every item of a pile (top first) through its script interface.
    fn drawn(pile: &Dynamic) -> Vec<i64> {
        let all = script(
            "let out = []; while !x.is_empty { out.push(x.draw()); } out",
            pile.clone(),
        );
        all.into_array()
            .unwrap()
            .into_iter()
            .map(|v| v.as_int().unwrap())
            .collect()
    }

    fn state() -> Dynamic {
        let mut map = Map::new();
        map.insert(
            "piles".into(),
            Dynamic::from_array(vec![
                Dynamic::from(tiles(0..20)),
                Dynamic::from(tiles(20..40)),
                Dynamic::from(tiles(40..59)),
            ]),
        );
        map.insert("deck".into(), Dynamic::from(pile(100..130)));
        map.insert("score".into(), Dynamic::from_int(7));
        map.into()
    }

    fn field(state: &Dynamic, key: &str) -> Dynamic {
        state.read_lock::<Map>().unwrap()[key].clone()
    }

    #[test]
    fn piles_of_one_stack_are_redealt_together_in_their_sizes() {
        let seen = player_view(&state(), &mut Rng::seeded(3));
        let piles = field(&seen, "piles").into_array().unwrap();
        let drawn: Vec<Vec<i64>> = piles.iter().map(drawn).collect();
        assert_eq!(drawn.iter().map(Vec::len).collect::<Vec<_>>(), [20, 20, 19]);
        let mut all: Vec<i64> = drawn.concat();
        all.sort_unstable();
        assert_eq!(all, (0..59).collect::<Vec<_>>());
        // Redealt, not only reshuffled: the first pile holds items of the others.
        assert!(drawn[0].iter().any(|&t| t >= 20), "{drawn:?}");
    }

    #[test]
    fn a_lone_pile_keeps_its_items_in_another_order_and_the_rest_is_untouched() {
        let seen = player_view(&state(), &mut Rng::seeded(3));
        let mut deck = drawn(&field(&seen, "deck"));
        assert_ne!(deck, (100..130).rev().collect::<Vec<_>>());
        deck.sort_unstable();
        assert_eq!(deck, (100..130).collect::<Vec<_>>());
        assert_eq!(field(&seen, "score").as_int(), Ok(7));
    }

    #[test]
    fn the_events_are_not_copied_into_a_bots_view() {
        let mut map = Map::new();
        map.insert(
            "events".into(),
            Dynamic::from_array(vec![Dynamic::from_int(1); 3]),
        );
        let seen = player_view(&map.into(), &mut Rng::seeded(1));
        assert_eq!(field(&seen, "events").into_array().unwrap().len(), 0);
    }

    #[test]
    fn the_game_generator_is_replaced() {
        let mut map = Map::new();
        map.insert("rng".into(), Dynamic::from(Rng::seeded(1)));
        let seen = player_view(&map.into(), &mut Rng::seeded(2));
        let mut theirs = field(&seen, "rng").cast::<Rng>();
        let mut game = Rng::seeded(1);
        let a: Vec<usize> = (0..8).map(|_| theirs.below(1000)).collect();
        let b: Vec<usize> = (0..8).map(|_| game.below(1000)).collect();
        assert_ne!(a, b);
    }

    #[test]
    fn piles_of_no_stack_side_by_side_are_never_mixed() {
        let letters: Array = "abcdefghij".chars().map(|c| c.to_string().into()).collect();
        let letters: Pile = script("pile(x)", letters.into()).cast();
        let mut map = Map::new();
        map.insert(
            "piles".into(),
            Dynamic::from_array(vec![Dynamic::from(pile(0..10)), Dynamic::from(letters)]),
        );
        for seed in 0..20 {
            let seen = player_view(&map.clone().into(), &mut Rng::seeded(seed));
            let piles = field(&seen, "piles").into_array().unwrap();
            let numbers = script(
                "let out = []; while !x.is_empty { out.push(type_of(x.draw())); } out",
                piles[0].clone(),
            );
            let kinds: Vec<String> = numbers
                .into_array()
                .unwrap()
                .iter()
                .map(|k| k.to_string())
                .collect();
            assert!(kinds.iter().all(|k| k == "i64"), "seed {seed}: {kinds:?}");
            assert_eq!(kinds.len(), 10);
        }
    }

    #[test]
    fn a_stack_split_over_the_state_is_dealt_as_one() {
        let mut mine = Map::new();
        mine.insert("pile".into(), Dynamic::from(tiles(0..5)));
        let mut map = Map::new();
        map.insert("a".into(), mine.into());
        map.insert("b".into(), Dynamic::from(tiles(5..10)));
        let seen = player_view(&map.into(), &mut Rng::seeded(5));
        let a = field(&seen, "a").read_lock::<Map>().unwrap()["pile"].clone();
        let mut all = [drawn(&a), drawn(&field(&seen, "b"))].concat();
        assert!(drawn(&a).iter().any(|&t| t >= 5), "{:?}", drawn(&a));
        all.sort_unstable();
        assert_eq!(all, (0..10).collect::<Vec<_>>());
    }

    #[test]
    fn face_down_piles_are_hidden_and_face_up_ones_are_not() {
        assert!(holds_hidden(&state()));
        let mut map = Map::new();
        map.insert(
            "market".into(),
            Dynamic::from(made("pile(x).face_up()", 0..3)),
        );
        map.insert("score".into(), Dynamic::from_int(7));
        assert!(!holds_hidden(&map.into()));
    }

    #[test]
    fn a_face_up_pile_keeps_its_order() {
        let up = made("pile(x).face_up()", 0..12);
        let mut map = Map::new();
        map.insert("market".into(), Dynamic::from(up));
        let seen = player_view(&map.into(), &mut Rng::seeded(9));
        assert_eq!(drawn(&field(&seen, "market")), (0..12).collect::<Vec<_>>());
    }
}
