//! What a bot may see of a game: a copy of the state in which every face-down pile has
//! been dealt again at random and the game's random generator replaced by one of the
//! bot's. A bot that looks ahead on this copy plays against a possible future, never
//! the real one: it cannot learn the order of a pile, which pile holds which item, or
//! what the game's generator will draw next.

use crate::script::rng::{Pile, Rng};
use rhai::{Array, Dynamic};

/// The state as a player sees it, determinized with `rng` (the bot's own generator).
///
/// Piles that are items of one array (`this.piles = [p1, p2, p3]`) are taken to be
/// dealt from one stack and are redealt together in their sizes; a pile held anywhere
/// else is reshuffled on its own.
pub fn player_view(state: &Dynamic, rng: &mut Rng) -> Dynamic {
    let mut seen = state.clone();
    hide(&mut seen, rng);
    seen
}

fn hide(value: &mut Dynamic, rng: &mut Rng) {
    if value.is::<Rng>() {
        *value = Dynamic::from(rng.fork());
    } else if let Some(pile) = value.read_lock::<Pile>().map(|p| p.reshuffled(rng)) {
        *value = Dynamic::from(pile);
    } else if value.is_map() {
        if let Ok(mut map) = value.as_map_mut() {
            map.values_mut().for_each(|v| hide(v, rng));
        }
    } else if let Ok(mut array) = value.as_array_mut() {
        hide_items(&mut array, rng);
    }
}

/// Redeals the piles among `items` together, then hides what the other items hold.
fn hide_items(items: &mut Array, rng: &mut Rng) {
    let piles: Vec<usize> = (0..items.len())
        .filter(|&i| items[i].is::<Pile>())
        .collect();
    if piles.len() > 1 {
        let old: Vec<Pile> = piles.iter().map(|&i| items[i].clone_cast()).collect();
        for (i, pile) in piles.iter().zip(Pile::redealt(&old, rng)) {
            items[*i] = Dynamic::from(pile);
        }
    }
    for (i, item) in items.iter_mut().enumerate() {
        if !(piles.len() > 1 && piles.contains(&i)) {
            hide(item, rng);
        }
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
        let items: Array = items.map(Dynamic::from_int).collect();
        script("pile(x)", items.into()).cast()
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
                Dynamic::from(pile(0..20)),
                Dynamic::from(pile(20..40)),
                Dynamic::from(pile(40..59)),
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
    fn sibling_piles_are_redealt_together_in_their_sizes() {
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
}
