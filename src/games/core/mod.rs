//! The `core` family: no board at all. A game made of piles, dice and counters needs
//! nothing beyond the host's own API (seeded `rng` with `below` and `roll`, face-down
//! piles, object maps and arrays), so its rules are only TOML and Rhai.

use crate::script::Family;

pub struct Core;

impl Family for Core {
    fn name(&self) -> &'static str {
        "core"
    }

    fn about(&self) -> &'static str {
        "no board: piles, dice and counters (the host's API only)"
    }
}
