//! A game a bot plays round in a loop: the same positions again and again, each the same
//! number of moves after the last time, so that it would never end. A bot that chooses
//! by the position alone (greedy, the planner) never leaves such a loop once in it; the
//! watch stops the game with the loop's moves long before the move limit of a
//! simulation (which, at a search bot's fraction of a second a move, is hours away).

use super::fingerprint::fingerprint;
use crate::diagnostic::{Diagnostic, Kind};
use crate::script::words::count;
use crate::session::Session;
use std::collections::HashMap;

/// Moves of a game before the watch begins: no game we know comes near it (Ora et
/// Labora's are the longest, about 400), and ordinary games are not slowed by a
/// fingerprint a move.
const WATCH_FROM: usize = 1_000;

/// A loop is this many moves repeating, and this many rounds of it at the least: a bot
/// that draws lots follows one cycle 30 times only by a chance of one in 2^30 where it
/// has but two moves once a cycle.
const LOOP_MOVES: usize = 100;
const LOOP_ROUNDS: usize = 30;

/// Watches the positions a bot plays from, one game (or one stretch of it) at a time.
#[derive(Default)]
pub struct LoopWatch {
    /// The move number at which each position watched was last played from.
    seen: HashMap<u64, usize>,
    /// How many moves apart the last positions came back, and how many did in a row.
    period: usize,
    streak: usize,
}

impl LoopWatch {
    /// Notes that a move is played from the session's position; an error once the game
    /// has gone round in a loop (its moves: the last ones the session played).
    pub fn played(&mut self, session: &Session, bot: &str) -> Result<(), Diagnostic> {
        let at = session.moves_played();
        if at < WATCH_FROM {
            return Ok(());
        }
        let position = fingerprint(session.rules(), session.state());
        let Some(period) = self.saw(at, position) else {
            return Ok(());
        };
        let log = session.log();
        let moves = &log[log.len() - period..];
        // The loop began where its first position was first played from.
        let began = at + 1 - self.streak - period;
        let watched = if began == WATCH_FROM {
            " (where the watch begins)"
        } else {
            ""
        };
        Err(looped(
            bot,
            moves,
            format!("from move {}{watched} to move {at}", began + 1),
        ))
    }

    /// Notes move number `at` played from `position`; the loop's length once the last
    /// positions have come back, each that many moves after its last time, for long
    /// enough.
    fn saw(&mut self, at: usize, position: u64) -> Option<usize> {
        match self.seen.insert(position, at).map(|last| at - last) {
            Some(apart) if apart == self.period => self.streak += 1,
            Some(apart) => (self.period, self.streak) = (apart, 1),
            None => (self.period, self.streak) = (0, 0),
        }
        let needed = LOOP_MOVES.max(LOOP_ROUNDS * self.period);
        (self.period > 0 && self.streak >= needed).then_some(self.period)
    }
}

/// The error for a game of `bot` that went round in a loop of `moves`, played `when`.
pub fn looped(bot: &str, moves: &[String], when: String) -> Diagnostic {
    Diagnostic::about(
        Kind::Script,
        bot.to_owned(),
        format!(
            "the game went round in a loop: the bot played the same {} over and over from the same positions ({}), {when}; it would never end",
            count(moves.len(), "move"),
            shown(moves),
        ),
    )
    .with_help(
        "a bot that chooses by the position plays the same moves from the same position for ever: have the bot (its `choose`, or the game's `bot_ranked`) leave one of these moves out, or the rules stop offering it where it changes nothing",
    )
}

/// A loop's moves as a reader takes them in: the first few, quoted.
fn shown(moves: &[String]) -> String {
    const SHOWN: usize = 4;
    let mut text = moves
        .iter()
        .take(SHOWN)
        .map(|m| format!("\"{m}\""))
        .collect::<Vec<_>>()
        .join(", ");
    if moves.len() > SHOWN {
        text.push_str(&format!(" and {} more", moves.len() - SHOWN));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::rng::Rng;

    /// Plays moves from `positions` into a watch: the move number at which a loop was
    /// found, and its length.
    fn watch(positions: impl Iterator<Item = u64>) -> Option<(usize, usize)> {
        let mut w = LoopWatch::default();
        positions
            .enumerate()
            .find_map(|(at, position)| w.saw(at, position).map(|period| (at, period)))
    }

    #[test]
    fn a_cycle_of_positions_is_a_loop_found_a_hundred_moves_in() {
        let found = watch((0..1_000).map(|i| i % 2)).expect("a loop");
        // Positions come back from the third move on; 100 moves of the cycle after it.
        assert_eq!(found, (2 + LOOP_MOVES - 1, 2));
    }

    #[test]
    fn a_long_cycle_must_come_round_thirty_times() {
        let found = watch((0..1_000).map(|i| i % 10)).expect("a loop");
        assert_eq!(found, (10 + LOOP_ROUNDS * 10 - 1, 10));
    }

    #[test]
    fn a_game_whose_positions_never_come_back_is_no_loop() {
        assert!(watch(0..10_000).is_none());
    }

    #[test]
    fn a_random_walk_over_few_positions_is_no_loop() {
        // Two moves at each of four positions on a ring, drawn at random: positions come
        // back all the time, a cycle followed thirty times never.
        let mut rng = Rng::seeded(7);
        let mut x = 0u64;
        let walk = (0..200_000).map(|_| {
            let from = x;
            x = (x + [1, 3][rng.below(2)]) % 4;
            from
        });
        assert!(watch(walk).is_none());
    }

    #[test]
    fn a_cycle_broken_before_its_rounds_are_done_starts_over() {
        // 50 moves of a two-move cycle, one move elsewhere, then the cycle again: found
        // a hundred moves after it came back, not counted from the first stretch.
        let first = (0..50).map(|i| i % 2);
        let elsewhere = std::iter::once(99);
        let again = (0..1_000).map(|i| i % 2);
        let (at, _) = watch(first.chain(elsewhere).chain(again)).expect("a loop");
        assert!(at >= 51 + LOOP_MOVES, "found at {at}");
    }
}
