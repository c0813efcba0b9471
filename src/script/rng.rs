//! Randomness and hidden information for scripts. `Rng` is the only source of chance a
//! rule may use, so a game is a pure function of (variant, options, seed, moves).
//! `Pile` is a face-down stack: scripts can draw from it and count it but never look
//! through it, which is what keeps a bot from reading the order of the tiles. Scripts
//! declare what a player knows of piles: piles dealt from one stack carry its name (a
//! bot's view deals them again together), and a pile turned face up keeps its order.

use super::define::Api;
use super::script_error;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rhai::{Array, Dynamic, Engine, ImmutableString, INT};
use std::rc::Rc;

/// The game's seeded random number generator.
#[derive(Clone, Debug)]
pub struct Rng(ChaCha8Rng);

impl Rng {
    pub fn seeded(seed: u64) -> Self {
        Rng(ChaCha8Rng::seed_from_u64(seed))
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0.random_range(0..n)
    }

    /// A new generator seeded from this one: an independent stream that a bot can use
    /// in place of the game's, so it never learns what chance has in store.
    pub fn fork(&mut self) -> Rng {
        Rng::seeded(self.0.random())
    }
}

/// Sorts hidden items by how they print before they are shuffled for a bot, so that a
/// bot's view depends only on which items are hidden, never on their real order: a bot
/// with the same seed imagines the same futures whatever order the piles are really in.
fn in_canonical_order(items: &mut [Dynamic]) {
    items.sort_by_cached_key(|item| item.to_string());
}

/// A pile: draw from the top, count, never look (unless it is face up).
#[derive(Clone, Debug, Default)]
pub struct Pile {
    /// The top of the pile is the end of the vector. Shared until changed: a copy of a
    /// state (a bot weighing a move) copies a pointer, and only a copy that draws copies
    /// the items.
    items: Rc<Vec<Dynamic>>,
    /// The stack this pile was dealt from (`pile(x).stack("tiles")`; `take` keeps it):
    /// piles of one stack are dealt again together in a bot's view.
    stack: Option<ImmutableString>,
    /// Its order is public: a bot's view leaves it as it is.
    face_up: bool,
}

impl Pile {
    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The name of the stack this pile was dealt from, if the script named one.
    pub fn stack(&self) -> Option<&str> {
        self.stack.as_deref()
    }

    pub fn is_face_up(&self) -> bool {
        self.face_up
    }

    /// The same pile with its order hidden again: what a player imagining the rest of
    /// the game may assume (used when a bot looks ahead).
    pub fn reshuffled(&self, rng: &mut Rng) -> Pile {
        let mut items = (*self.items).clone();
        in_canonical_order(&mut items);
        items.shuffle(&mut rng.0);
        Pile {
            items: Rc::new(items),
            ..self.clone_empty()
        }
    }

    /// A pile with this one's stack and visibility and no items.
    fn clone_empty(&self) -> Pile {
        Pile {
            items: Rc::default(),
            stack: self.stack.clone(),
            face_up: self.face_up,
        }
    }

    /// Piles dealt from one stack, gathered, shuffled and dealt again in the same sizes:
    /// a player knows how many items each pile holds, not which items are in which.
    pub fn redealt(piles: &[Pile], rng: &mut Rng) -> Vec<Pile> {
        let mut all: Vec<Dynamic> = piles.iter().flat_map(|p| p.items.iter().cloned()).collect();
        in_canonical_order(&mut all);
        all.shuffle(&mut rng.0);
        piles
            .iter()
            .map(|p| Pile {
                items: Rc::new(all.split_off(all.len() - p.len())),
                ..p.clone_empty()
            })
            .collect()
    }
}

/// Registers `Rng` and `Pile` with their script methods.
pub fn register(engine: &mut Engine) {
    engine
        .register_type_with_name::<Rng>("Rng")
        .api(
            "rng.to_string()",
            "how the game's generator prints: never its state",
            |_: &mut Rng| "<seeded rng>".to_owned(),
        )
        .api(
            "rng.shuffled(array)",
            "a shuffled copy (only the receiver is passed by reference: assign the result)",
            |rng: &mut Rng, mut array: Array| {
                array.shuffle(&mut rng.0);
                array
            },
        )
        .api(
            "rng.shuffled(pile)",
            "a shuffled copy of the pile (of the same stack, face up or down as it was)",
            |rng: &mut Rng, mut pile: Pile| {
                Rc::make_mut(&mut pile.items).shuffle(&mut rng.0);
                pile
            },
        )
        .api(
            "rng.roll(sides)",
            "a die: a number in `1..=sides`",
            |rng: &mut Rng, sides: INT| {
                if sides <= 0 {
                    return Err(script_error(format!(
                        "rng.roll({sides}): a die needs at least one side"
                    )));
                }
                Ok(rng.below(sides as usize) as INT + 1)
            },
        )
        .api(
            "rng.below(n)",
            "a number in `0..n` (n excluded)",
            |rng: &mut Rng, n: INT| {
                if n <= 0 {
                    return Err(script_error(format!("rng.below({n}): n must be positive")));
                }
                Ok(rng.below(n as usize) as INT)
            },
        );
    engine
        .register_type_with_name::<Pile>("Pile")
        .api(
            "pile(items)",
            "a face-down pile whose top is the array's first item",
            |items: Array| Pile {
                items: Rc::new(items.into_iter().rev().collect()),
                ..Pile::default()
            },
        )
        .api(
            "p.stack(name)",
            "the pile dealt from the stack `name`: it and every pile `take`n from it are dealt \
             again together in a bot's view",
            |mut p: Pile, name: ImmutableString| {
                p.stack = Some(name);
                p
            },
        )
        .api(
            "p.face_up()",
            "the pile turned face up: everybody sees its order (`peek`), bots included",
            |mut p: Pile| {
                p.face_up = true;
                p
            },
        )
        .api(
            "p.face_up",
            "whether the pile is face up",
            |p: &mut Pile| p.face_up)
        .api(
            "p.peek(n)",
            "the top `n` items of a face-up pile, top first, without drawing them (a face-down \
             pile: an error)",
            |p: &mut Pile, n: INT| {
                if !p.face_up {
                    return Err(script_error(
                        "peek: this pile is face down; only a face-up pile (`.face_up()`) may be looked at",
                    ));
                }
                let n = (n.max(0) as usize).min(p.items.len());
                Ok(p.items.iter().rev().take(n).cloned().collect::<Array>())
            },
        )
        .api(
            "p.to_string()",
            "how a pile prints: its size, never its order",
            |p: &mut Pile| {
            format!("<face-down pile of {}>", p.len())
        })
        .api(
            "p.len()",
            "how many items the pile holds",
            |p: &mut Pile| p.len() as INT)
        .api(
            "p.len",
            "how many items the pile holds",
            |p: &mut Pile| p.len() as INT)
        .api(
            "p.is_empty()",
            "whether the pile is empty",
            |p: &mut Pile| p.is_empty())
        .api(
            "p.is_empty",
            "whether the pile is empty",
            |p: &mut Pile| p.is_empty())
        .api(
            "p.draw()",
            "the top item, taken off the pile, or `()` when it is empty",
            |p: &mut Pile| {
            Rc::make_mut(&mut p.items).pop().unwrap_or(Dynamic::UNIT)
        })
        .api(
            "p.take(n)",
            "the top `n` items taken off as a new pile, in the same order (of the same stack)",
            |p: &mut Pile, n: INT| {
                let n = (n.max(0) as usize).min(p.items.len());
                let rest = p.items.len() - n;
                Pile {
                    items: Rc::new(Rc::make_mut(&mut p.items).split_off(rest)),
                    ..p.clone_empty()
                }
            },
        );
}
