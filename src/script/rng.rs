//! Randomness and hidden information for scripts. `Rng` is the only source of chance a
//! rule may use, so a game is a pure function of (variant, options, seed, moves).
//! `Pile` is a face-down stack: scripts can draw from it and count it but never look
//! through it, which is what keeps a bot from reading the order of the tiles.

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rhai::{Array, Dynamic, Engine, EvalAltResult, Position, INT};

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

/// A face-down pile: draw from the top, count, never look.
#[derive(Clone, Debug, Default)]
pub struct Pile {
    /// The top of the pile is the end of the vector.
    items: Vec<Dynamic>,
}

impl Pile {
    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The same pile with its order hidden again: what a player imagining the rest of
    /// the game may assume (used when a bot looks ahead).
    pub fn reshuffled(&self, rng: &mut Rng) -> Pile {
        let mut items = self.items.clone();
        items.shuffle(&mut rng.0);
        Pile { items }
    }

    /// Piles dealt from one stack, gathered, shuffled and dealt again in the same sizes:
    /// a player knows how many items each pile holds, not which items are in which.
    pub fn redealt(piles: &[Pile], rng: &mut Rng) -> Vec<Pile> {
        let mut all: Vec<Dynamic> = piles.iter().flat_map(|p| p.items.clone()).collect();
        all.shuffle(&mut rng.0);
        piles
            .iter()
            .map(|p| Pile {
                items: all.split_off(all.len() - p.len()),
            })
            .collect()
    }
}

fn error(message: String) -> Box<EvalAltResult> {
    EvalAltResult::ErrorRuntime(message.into(), Position::NONE).into()
}

/// Registers `Rng` and `Pile` with their script methods.
pub fn register(engine: &mut Engine) {
    engine
        .register_type_with_name::<Rng>("Rng")
        .register_fn("to_string", |_: &mut Rng| "<seeded rng>".to_owned())
        // Rhai passes only the receiver by reference, so shuffling returns a new value:
        // `let deck = this.rng.shuffled(deck);`
        .register_fn("shuffled", |rng: &mut Rng, mut array: Array| {
            array.shuffle(&mut rng.0);
            array
        })
        .register_fn("shuffled", |rng: &mut Rng, mut pile: Pile| {
            pile.items.shuffle(&mut rng.0);
            pile
        })
        // A number in 0..n (n excluded).
        .register_fn("below", |rng: &mut Rng, n: INT| {
            if n <= 0 {
                return Err(error(format!("rng.below({n}): n must be positive")));
            }
            Ok(rng.below(n as usize) as INT)
        });
    engine
        .register_type_with_name::<Pile>("Pile")
        .register_fn("pile", |items: Array| Pile {
            items: items.into_iter().rev().collect(),
        })
        .register_fn("to_string", |p: &mut Pile| {
            format!("<face-down pile of {}>", p.len())
        })
        .register_fn("len", |p: &mut Pile| p.len() as INT)
        .register_get("len", |p: &mut Pile| p.len() as INT)
        .register_fn("is_empty", |p: &mut Pile| p.is_empty())
        .register_get("is_empty", |p: &mut Pile| p.is_empty())
        // The top item, or `()` when the pile is empty.
        .register_fn("draw", |p: &mut Pile| {
            p.items.pop().unwrap_or(Dynamic::UNIT)
        })
        // Takes the top `n` items off as a new pile, in the same order.
        .register_fn("take", |p: &mut Pile, n: INT| {
            let n = (n.max(0) as usize).min(p.items.len());
            let rest = p.items.len() - n;
            Pile {
                items: p.items.split_off(rest),
            }
        });
}
