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
    /// The moves played since the watch began.
    labels: Vec<String>,
}

impl LoopWatch {
    /// Notes that move `label` is played from the session's position; an error once
    /// the game has gone round in a loop.
    pub fn played(&mut self, session: &Session, bot: &str, label: &str) -> Result<(), Diagnostic> {
        let at = session.moves_played();
        if at < WATCH_FROM {
            return Ok(());
        }
        let position = fingerprint(session.rules(), session.state());
        let Some(moves) = self.saw(at, position, label) else {
            return Ok(());
        };
        // The loop began where its first position was first played from.
        let began = at + 1 - self.streak - self.period;
        let watched = if began == WATCH_FROM {
            " (where the watch begins)"
        } else {
            ""
        };
        Err(looped(
            bot,
            &moves,
            format!("from move {}{watched} to move {at}", began + 1),
        ))
    }

    /// Notes move `label` of number `at` played from `position`; the loop's moves once
    /// the last positions have come back, each `period` moves after its last time, for
    /// long enough.
    fn saw(&mut self, at: usize, position: u64, label: &str) -> Option<Vec<String>> {
        self.labels.push(label.to_owned());
        match self.seen.insert(position, at).map(|last| at - last) {
            Some(apart) if apart == self.period => self.streak += 1,
            Some(apart) => (self.period, self.streak) = (apart, 1),
            None => (self.period, self.streak) = (0, 0),
        }
        let needed = LOOP_MOVES.max(LOOP_ROUNDS * self.period);
        (self.period > 0 && self.streak >= needed)
            .then(|| self.labels[self.labels.len() - self.period..].to_vec())
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

    /// Plays `moves` (position, label) into a watch: the move number at which a loop
    /// was found, and its moves.
    fn watch(moves: impl Iterator<Item = (u64, String)>) -> Option<(usize, Vec<String>)> {
        let mut w = LoopWatch::default();
        moves
            .enumerate()
            .find_map(|(at, (position, label))| w.saw(at, position, &label).map(|l| (at, l)))
    }

    #[test]
    fn a_cycle_of_positions_is_a_loop_named_by_its_moves() {
        let cycle = (0..).map(|i| (i % 2, ["convert", "back"][i as usize % 2].to_owned()));
        let found = watch(cycle.take(1_000)).expect("a loop");
        // Positions come back from the third move on; 100 moves of the cycle after it.
        assert_eq!(found.0, 2 + LOOP_MOVES - 1);
        assert_eq!(found.1.len(), 2);
        assert!(found.1.contains(&"convert".to_owned()) && found.1.contains(&"back".to_owned()));
    }

    #[test]
    fn a_long_cycle_must_come_round_thirty_times() {
        let cycle = (0..).map(|i| (i % 10, format!("move {}", i % 10)));
        let (at, moves) = watch(cycle.take(1_000)).expect("a loop");
        assert_eq!(at, 10 + LOOP_ROUNDS * 10 - 1);
        assert_eq!(
            moves,
            (0..10)
                .map(|i| format!("move {}", (at + 1 + i) % 10))
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_game_whose_positions_never_come_back_is_no_loop() {
        assert!(watch((0..10_000).map(|i| (i, "the same move".to_owned()))).is_none());
    }

    #[test]
    fn a_random_walk_over_few_positions_is_no_loop() {
        // Two moves at each of four positions on a ring, drawn at random: positions come
        // back all the time, a cycle followed thirty times never.
        let mut rng = Rng::seeded(7);
        let mut x = 0u64;
        let walk = (0..200_000).map(|_| {
            let step = [1, 3][rng.below(2)];
            let played = (x, format!("{step}"));
            x = (x + step) % 4;
            played
        });
        assert!(watch(walk).is_none());
    }

    #[test]
    fn a_cycle_broken_before_its_rounds_are_done_starts_over() {
        // 50 moves of a two-move cycle, one move elsewhere, then the cycle again: found
        // a hundred moves after it came back, not counted from the first stretch.
        let first = (0..50).map(|i| (i % 2, format!("{}", i % 2)));
        let elsewhere = std::iter::once((99, "other".to_owned()));
        let again = (0..1_000).map(|i| (i % 2, format!("{}", i % 2)));
        let (at, _) = watch(first.chain(elsewhere).chain(again)).expect("a loop");
        assert!(at >= 51 + LOOP_MOVES, "found at {at}");
    }
}
