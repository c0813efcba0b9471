//! The REPL's history file: every line typed at a terminal, in order, written as it is
//! typed (a killed process keeps it; repeats are kept too), and, after each command that
//! changed the game in hand, the line that replays that change exactly: `new` with the
//! seed it drew, `auto` with the moves it played. Those lines are comments to the REPL,
//! tagged with the session's process id (`#1234 ran: roll`) so that sessions running at
//! once do not mix; `houserules resume --from-history` replays the last session's after
//! a crash.

use super::grammar::{self, Command, Parsed};
use crate::diagnostic::{Diagnostic, Kind};
use crate::save::SaveFile;
use crate::terminal::quoted;
use std::collections::HashMap;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The history file in the user's data folder, which is created if need be.
pub fn path() -> Option<PathBuf> {
    let dir = crate::user_data::data_dir()?;
    std::fs::create_dir_all(&dir).ok()?;
    Some(dir.join("history"))
}

/// This session's writer of the history file (a file that cannot be written only costs
/// the history).
pub struct History {
    file: Option<File>,
    tag: String,
}

impl History {
    /// Opens the history at `path` and marks the start of this session in it.
    pub fn open(path: &Path) -> History {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .ok();
        let mut history = History {
            file,
            tag: format!("#{} ", std::process::id()),
        };
        let started = format!("session {} UTC", crate::records::utc_now());
        history.append(&format!("{}{started}", history.tag));
        history
    }

    /// A line as typed.
    pub fn typed(&mut self, line: &str) {
        self.append(line);
    }

    /// The line that replays what a command did to the game.
    pub fn ran(&mut self, line: &str) {
        self.append(&format!("{}{RAN}{line}", self.tag));
    }

    /// One write of a whole line: lines of sessions running at once never interleave.
    fn append(&mut self, line: &str) {
        if let Some(file) = &mut self.file {
            let _ = file.write_all(format!("{line}\n").as_bytes());
        }
    }
}

/// What marks a replayable line after its session's tag.
const RAN: &str = "ran: ";

/// The last `n` lines typed in the history at `path`, oldest first (for the editor's
/// up arrow: no comment, no repeat of the line before).
pub fn recent(path: &Path, n: usize) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut typed: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    typed.dedup();
    typed[typed.len().saturating_sub(n)..]
        .iter()
        .map(|l| l.to_string())
        .collect()
}

/// The replayable lines of the last session in the history at `path` that changed a
/// game, and when it started.
pub fn last_session(path: &Path) -> Result<(String, Vec<String>), Diagnostic> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        Diagnostic::in_file(Kind::NotFound, path.display().to_string(), e.to_string())
            .with_help("the history is written by the REPL at a terminal")
    })?;
    // A session is its tag and start (process ids come back); the last is the one of the
    // last replayable line, whatever sessions ran at the same time.
    let mut started: HashMap<&str, &str> = HashMap::new();
    let mut lines_of: HashMap<(&str, &str), Vec<String>> = HashMap::new();
    let mut last = None;
    for (tag, rest) in text.lines().filter_map(tagged) {
        if let Some(when) = rest.strip_prefix("session ") {
            started.insert(tag, when);
        } else if let (Some(ran), Some(&when)) = (rest.strip_prefix(RAN), started.get(tag)) {
            lines_of
                .entry((tag, when))
                .or_default()
                .push(ran.to_owned());
            last = Some((tag, when));
        }
    }
    let key = last.ok_or_else(|| {
        Diagnostic::in_file(
            Kind::NotFound,
            path.display().to_string(),
            "no session in the history changed a game",
        )
    })?;
    Ok((key.1.to_owned(), lines_of.remove(&key).unwrap_or_default()))
}

/// A line's session tag and the rest, for the lines this module writes.
fn tagged(line: &str) -> Option<(&str, &str)> {
    let (tag, rest) = line.strip_prefix('#')?.split_once(' ')?;
    tag.bytes()
        .all(|b| b.is_ascii_digit())
        .then_some((tag, rest))
}

/// The line that replays what `typed` did to the game, from the game before it and
/// after it (`None`: the game did not change).
pub fn replayable(
    typed: &str,
    before: Option<&SaveFile>,
    after: Option<&SaveFile>,
) -> Option<String> {
    let after = after.filter(|a| before != Some(*a))?;
    let words = shlex::split(typed).unwrap_or_default();
    Some(match grammar::parse(&words) {
        Ok(Parsed::Run(command)) => match *command {
            Command::New(args) if args.seed.is_none() => format!("{typed} --seed {}", after.seed),
            Command::Auto { bot, .. } => {
                let played = after
                    .moves
                    .len()
                    .saturating_sub(before.map_or(0, |b| b.moves.len()));
                format!("auto {played} --bot {}", quoted(&bot))
            }
            _ => typed.to_owned(),
        },
        _ => typed.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(seed: u64, moves: &[&str]) -> SaveFile {
        SaveFile {
            format: crate::save::FORMAT.to_owned(),
            version: crate::save::VERSION,
            variant: "dice-game".to_owned(),
            seed,
            options: Default::default(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            played_by: Vec::new(),
            played_with: Default::default(),
            rules: None,
        }
    }

    #[test]
    fn a_line_replays_as_typed_unless_it_drew_a_seed_or_ran_a_bot() {
        let (empty, one) = (game(7, &[]), game(7, &["roll"]));
        let three = game(7, &["roll", "bank", "roll"]);
        assert_eq!(
            replayable("roll", Some(&empty), Some(&one)).unwrap(),
            "roll"
        );
        assert_eq!(replayable("moves", Some(&one), Some(&one)), None);
        assert_eq!(
            replayable("new dice-game", None, Some(&empty)).unwrap(),
            "new dice-game --seed 7"
        );
        assert_eq!(
            replayable("auto --bot 'my bot.rhai'", Some(&one), Some(&three)).unwrap(),
            "auto 2 --bot 'my bot.rhai'"
        );
    }

    #[test]
    fn the_last_session_is_the_one_that_last_changed_a_game_whatever_ran_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("history");
        let text = "#1 session 2026-01-01 10:00:00 UTC\nroll\n#1 ran: roll\n\
                    #2 session 2026-01-01 10:05:00 UTC\n#2 ran: new x --seed 3\n\
                    #1 ran: bank\n#2 ran: a\n#1 session 2026-01-02 09:00:00 UTC\nmoves\n";
        std::fs::write(&path, text).unwrap();
        let (when, lines) = last_session(&path).unwrap();
        assert_eq!(when, "2026-01-01 10:05:00 UTC");
        assert_eq!(lines, ["new x --seed 3", "a"]);
        assert_eq!(recent(&path, 2), ["roll", "moves"]);
    }
}
