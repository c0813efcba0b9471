//! Who played a game: each move was chosen by you (typed at the REPL), by a bot (`auto`,
//! `sim`), or by someone unknown (a save or record from before houserules kept this).
//! Sessions keep one [`Player`] per move; saves and records keep them as [`Run`]s of
//! consecutive moves, so a resumed, replayed or recorded game stays honest about it.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Who chose a move. Written as `you`, `unknown` or `bot:NAME`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", from = "String")]
pub enum Player {
    You,
    Bot(String),
    Unknown,
}

impl From<Player> for String {
    fn from(player: Player) -> String {
        match player {
            Player::You => "you".into(),
            Player::Unknown => "unknown".into(),
            Player::Bot(name) => format!("bot:{name}"),
        }
    }
}

/// Anything else than `you` or `bot:NAME` (a damaged file) is not claimed for anyone.
impl From<String> for Player {
    fn from(text: String) -> Player {
        match text.strip_prefix("bot:") {
            Some(name) => Player::Bot(name.to_owned()),
            None if text == "you" => Player::You,
            None => Player::Unknown,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Player::You => f.write_str("you"),
            Player::Bot(name) => f.write_str(name),
            Player::Unknown => f.write_str("unknown"),
        }
    }
}

/// `moves` consecutive moves chosen by `by`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Run {
    pub by: Player,
    pub moves: usize,
}

/// The runs of a list of players, one per move.
pub fn runs(players: &[Player]) -> Vec<Run> {
    let mut runs: Vec<Run> = Vec::new();
    for player in players {
        match runs.last_mut() {
            Some(run) if &run.by == player => run.moves += 1,
            _ => runs.push(Run {
                by: player.clone(),
                moves: 1,
            }),
        }
    }
    runs
}

/// One player per move of a game of `moves` moves, from its runs. No runs at all (a file
/// written before houserules kept them) means every move's player is unknown; runs that
/// count other than `moves` moves are refused, with what they count.
pub fn per_move(runs: &[Run], moves: usize) -> Result<Vec<Player>, String> {
    if runs.is_empty() {
        return Ok(vec![Player::Unknown; moves]);
    }
    let counted: usize = runs.iter().map(|r| r.moves).sum();
    if counted != moves {
        return Err(format!(
            "`played_by` says who played {counted} moves, but the game has {moves}"
        ));
    }
    Ok(runs
        .iter()
        .flat_map(|r| std::iter::repeat_n(r.by.clone(), r.moves))
        .collect())
}

/// Whether you chose every move (a game of no moves included).
pub fn all_yours(runs: &[Run]) -> bool {
    runs.iter().all(|r| r.by == Player::You)
}

/// Whether nobody knows who chose any move (a game of no moves excluded).
pub fn all_unknown(runs: &[Run]) -> bool {
    !runs.is_empty() && runs.iter().all(|r| r.by == Player::Unknown)
}

/// Who played, for people: `you`, `greedy`, `unknown`, or each player's share in the
/// order they first played, `you 32, greedy 40 of 72 moves`.
pub fn summary(runs: &[Run]) -> String {
    let mut shares: Vec<(&Player, usize)> = Vec::new();
    for run in runs {
        match shares.iter_mut().find(|(by, _)| *by == &run.by) {
            Some((_, n)) => *n += run.moves,
            None => shares.push((&run.by, run.moves)),
        }
    }
    match shares.as_slice() {
        [] => "no moves".to_owned(),
        [(only, _)] => only.to_string(),
        _ => {
            let total: usize = shares.iter().map(|(_, n)| n).sum();
            let each: Vec<String> = shares.iter().map(|(by, n)| format!("{by} {n}")).collect();
            format!("{} of {total} moves", each.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bot(name: &str) -> Player {
        Player::Bot(name.into())
    }

    #[test]
    fn runs_gather_consecutive_moves_and_expand_back() {
        let players = vec![Player::You, Player::You, bot("greedy"), Player::You];
        let r = runs(&players);
        assert_eq!(
            r,
            [
                Run {
                    by: Player::You,
                    moves: 2
                },
                Run {
                    by: bot("greedy"),
                    moves: 1
                },
                Run {
                    by: Player::You,
                    moves: 1
                }
            ]
        );
        assert_eq!(per_move(&r, 4).unwrap(), players);
        assert_eq!(
            per_move(&r, 5).unwrap_err(),
            "`played_by` says who played 4 moves, but the game has 5"
        );
        assert_eq!(
            per_move(&[], 2).unwrap(),
            [Player::Unknown, Player::Unknown]
        );
    }

    #[test]
    fn the_summary_gives_each_players_share() {
        let r = runs(&[Player::You, bot("greedy"), bot("greedy"), Player::You]);
        assert_eq!(summary(&r), "you 2, greedy 2 of 4 moves");
        assert_eq!(summary(&runs(&vec![bot("random"); 3])), "random");
        assert_eq!(summary(&runs(&[Player::Unknown])), "unknown");
        assert!(!all_yours(&r));
        assert!(all_yours(&runs(&[Player::You])) && all_yours(&[]));
        assert!(all_unknown(&runs(&[Player::Unknown])) && !all_unknown(&[]));
        assert_eq!(summary(&[]), "no moves");
    }

    #[test]
    fn players_are_written_as_text_and_nothing_odd_is_read_as_you() {
        let text =
            serde_json::to_string(&[Player::You, bot("search:ms=5"), Player::Unknown]).unwrap();
        assert_eq!(text, r#"["you","bot:search:ms=5","unknown"]"#);
        let read: Vec<Player> = serde_json::from_str(r#"["you","bot:x","You","me"]"#).unwrap();
        assert_eq!(
            read,
            [Player::You, bot("x"), Player::Unknown, Player::Unknown]
        );
    }
}
