//! Per-game seeds. Game `i` of a run from base seed `s` always gets the same seed,
//! whichever thread, shard or machine plays it, so results never depend on how the work
//! was split. The seeds are the SplitMix64 stream started at `s`: well mixed, so
//! neighbouring base seeds or game numbers do not give related games.

const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's output function: a bijective mix of 64 bits.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of game `index` (0-based) of a run with base seed `base`.
pub fn game_seed(base: u64, index: usize) -> u64 {
    mix(base.wrapping_add(GOLDEN_GAMMA.wrapping_mul(index as u64 + 1)))
}

/// The seed of the bot's own generator in the game with seed `game_seed`: a different
/// stream from the game's, the same on both sides of a comparison.
pub fn bot_seed(game_seed: u64) -> u64 {
    mix(game_seed ^ 0x6A09_E667_F3BC_C908)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_splitmix64() {
        // The first outputs of SplitMix64 seeded with 1234567 (reference implementation).
        assert_eq!(game_seed(1234567, 0), 6457827717110365317);
        assert_eq!(game_seed(1234567, 1), 3203168211198807973);
    }

    #[test]
    fn seeds_differ_between_games_and_from_the_bot() {
        let seeds: std::collections::HashSet<u64> = (0..1000).map(|i| game_seed(1, i)).collect();
        assert_eq!(seeds.len(), 1000);
        assert_ne!(bot_seed(game_seed(1, 0)), game_seed(1, 0));
    }
}
