//! Tab completion as in a shell: commands, variant names, option names, the current move
//! labels, card names after `card`, bot names, the flags of `history`, and file paths where
//! a command takes a file (`load`, `save`, `render`, `export`, `check`, `sim
//! --json/--csv/--plot`).
//!
//! The shell's manners are decided here, not in the editor: a single match is offered
//! alone (the editor, with quick completions on, inserts it without a menu); several
//! matches that share more than what is typed are offered as that common prefix alone
//! (inserted at once, no menu); only when nothing more can be inserted are the matches
//! offered all together, which opens the menu on that Tab.
//! The REPL refreshes the word lists after every command; the completer only reads them.
//! Words are read as the REPL splits a line, as a shell does: a path with a space is
//! typed quoted or with `\ `, and completions are written back with backslashes. A move
//! or a card's name is not such a word: the REPL takes the rest of the line whole, so it
//! is offered as written (spaces and all), and matched whatever the case typed.

use reedline::{Completer, CompletionResult, Span, Suggestion};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// What can be completed right now.
#[derive(Debug, Default, Clone)]
pub struct Words {
    pub commands: Vec<String>,
    pub variants: Vec<String>,
    /// The options of the game running.
    pub options: Vec<String>,
    /// The options of each variant, for `new VARIANT --set`.
    pub variant_options: BTreeMap<String, Vec<String>>,
    pub moves: Vec<String>,
    /// The names `card` knows in the game running.
    pub cards: Vec<String>,
    /// The bots of the game running.
    pub bots: Vec<String>,
}

/// Shared between the REPL (which writes) and the line editor (which reads).
pub type SharedWords = Arc<Mutex<Words>>;

pub struct WordCompleter(pub SharedWords);

/// Where the candidates for a word come from.
#[derive(Debug, PartialEq, Eq)]
pub enum Source {
    Words(Vec<String>),
    /// Files and folders (the word is a path); with `also`, these words as well.
    Paths {
        also: Vec<String>,
    },
}

/// The commands whose argument is a file, and the `sim` flags followed by one.
const FILE_COMMANDS: [&str; 4] = ["load", "save", "render", "export"];
const FILE_FLAGS: [&str; 3] = ["--json", "--csv", "--plot"];

/// Where the candidates for the word being typed come from, given the words before it.
pub fn source(words: &Words, before: &[&str]) -> Source {
    let list = match before {
        [command] if FILE_COMMANDS.contains(command) => return Source::Paths { also: Vec::new() },
        ["check"] => {
            return Source::Paths {
                also: words.variants.clone(),
            }
        }
        ["sim", .., flag] if FILE_FLAGS.contains(flag) => {
            return Source::Paths { also: Vec::new() }
        }
        [] => words.commands.iter().chain(&words.moves).cloned().collect(),
        ["new" | "options"] | [.., "--vs"] => words.variants.clone(),
        [.., "--bot" | "--vs-bot"] => words.bots.clone(),
        [.., "--set"] => {
            let options = match before {
                ["new", variant, ..] => words
                    .variant_options
                    .get(*variant)
                    .unwrap_or(&words.options),
                _ => &words.options,
            };
            options.iter().map(|o| format!("{o}=")).collect()
        }
        ["play"] => words.moves.clone(),
        ["undo" | "redo"] => vec!["all".into()],
        ["new", ..] => vec!["--seed".into(), "--set".into()],
        ["history", .., "--variant"] => words.variants.clone(),
        ["history", ..] => ["--variant", "--best", "--limit", "--json"]
            .map(String::from)
            .to_vec(),
        _ => Vec::new(),
    };
    Source::Words(list)
}

/// The files and folders whose path starts with `typed`, a folder ending in `/`. Hidden
/// entries only when their name is being typed (`.`), as a shell does; an unreadable
/// folder has none.
pub fn paths(typed: &str) -> Vec<String> {
    let (folder, name) = match typed.rfind('/') {
        Some(i) => typed.split_at(i + 1),
        None => ("", typed),
    };
    let dir = if folder.is_empty() {
        Path::new(".")
    } else {
        Path::new(folder)
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<String> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let file = entry.file_name().into_string().ok()?;
            if !file.starts_with(name) || (file.starts_with('.') && !name.starts_with('.')) {
                return None;
            }
            // Follows links, so a link to a folder completes as a folder.
            let slash = if entry.path().is_dir() { "/" } else { "" };
            Some(format!("{folder}{file}{slash}"))
        })
        .collect();
    found.sort();
    found
}

/// A completion offered for the word being typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    pub value: String,
    /// The word is finished (a space follows it); not after a common prefix, an
    /// option's `name=` or a folder's `/`.
    pub whole: bool,
}

/// The shell's rule: the only match; else the prefix all matches share, when it is longer
/// than what is typed; else every match (for the menu). With `any_case`, a candidate
/// matches whatever the case of what is typed (which it then replaces).
pub fn offers(typed: &str, candidates: Vec<String>, any_case: bool) -> Vec<Offer> {
    let folded = |text: &str| {
        if any_case {
            text.to_lowercase()
        } else {
            text.to_owned()
        }
    };
    let typed_folded = folded(typed);
    let mut matches: Vec<String> = candidates
        .into_iter()
        .filter(|c| folded(c).starts_with(&typed_folded))
        .collect();
    let mut seen = std::collections::HashSet::new();
    matches.retain(|m| seen.insert(m.clone()));
    let open_ended = |value: &str| value.ends_with('=') || value.ends_with('/');
    if let [only] = matches.as_slice() {
        return vec![Offer {
            whole: !open_ended(only),
            value: only.clone(),
        }];
    }
    let prefix = common_prefix(&matches);
    if prefix.chars().count() > typed.chars().count() {
        return vec![Offer {
            value: prefix.to_owned(),
            whole: false,
        }];
    }
    matches
        .into_iter()
        .map(|value| Offer {
            whole: !open_ended(&value),
            value,
        })
        .collect()
}

/// The longest prefix of every string in `list` (cut at a character boundary).
fn common_prefix(list: &[String]) -> &str {
    let Some(first) = list.first() else {
        return "";
    };
    let mut end = first.len();
    for other in &list[1..] {
        let shared = first
            .char_indices()
            .zip(other.chars())
            .take_while(|((_, a), b)| a == b)
            .last()
            .map_or(0, |((i, a), _)| i + a.len_utf8());
        end = end.min(shared);
    }
    &first[..end]
}

/// The word being typed at the end of `line`, read as a shell reads it: where it starts
/// (its opening quote included) and its text without quotes and backslashes.
fn last_word(line: &str) -> (usize, String) {
    let (mut start, mut word) = (0, String::new());
    let mut quote = None;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        match (escaped, quote, c) {
            (true, ..) => {
                word.push(c);
                escaped = false;
            }
            (false, Some(q), _) if c == q => quote = None,
            (false, Some('\''), _) => word.push(c),
            (false, _, '\\') => escaped = true,
            (false, None, '"' | '\'') => quote = Some(c),
            (false, None, _) if c.is_whitespace() => {
                start = i + c.len_utf8();
                word.clear();
            }
            _ => word.push(c),
        }
    }
    (start, word)
}

/// `text` as a word of a line: spaces, quotes and backslashes escaped with a backslash.
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_whitespace() || matches!(c, '\'' | '"' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// What the rest of the line is when the REPL takes it whole, as typed, and where it
/// starts: a move (after `play`, or a line that starts with no command) or a card's name
/// (after `card`). `None` while the first word is typed.
fn taken_whole<'a>(line: &str, words: &'a Words) -> Option<(usize, &'a [String])> {
    let start = line.len() - line.trim_start().len();
    let (first, rest) = line[start..].split_once(char::is_whitespace)?;
    let after = line.len() - rest.trim_start().len();
    match first {
        "play" => Some((after, &words.moves)),
        "card" => Some((after, &words.cards)),
        _ => (!super::grammar::is_command(first)).then_some((start, &words.moves)),
    }
}

impl Completer for WordCompleter {
    fn complete(&mut self, line: &str, pos: usize) -> CompletionResult {
        let line = line.get(..pos).unwrap_or(line);
        let words = self.0.lock().map(|w| w.clone()).unwrap_or_default();
        // Moves and card names are offered as they are written, without a shell's
        // escapes, and whatever the case typed: each is the rest of the line.
        if let Some((start, list)) = taken_whole(line, &words) {
            let offered = offers(&line[start..], list.to_vec(), true);
            return suggested(offered, start, line.len(), |value| value.to_owned());
        }
        let (start, typed) = last_word(line);
        let split = shlex::split(&line[..start]);
        let before: Vec<&str> = match &split {
            Some(words) => words.iter().map(String::as_str).collect(),
            None => line[..start].split_whitespace().collect(),
        };
        let candidates = match source(&words, &before) {
            Source::Words(list) => list,
            Source::Paths { mut also } => {
                also.extend(paths(&typed));
                also
            }
        };
        // The first word: a command, or the start of a move (see `move_start`).
        if before.is_empty() {
            let offered = offers(&typed, candidates, true);
            return suggested(offered, start, line.len(), |value| value.to_owned());
        }
        suggested(
            offers(&typed, candidates, false),
            start,
            line.len(),
            escaped,
        )
    }
}

/// The offers as the editor's suggestions for the text from `start` to `end`, each value
/// written by `write`.
fn suggested(
    offers: Vec<Offer>,
    start: usize,
    end: usize,
    write: impl Fn(&str) -> String,
) -> CompletionResult {
    let suggestions: Vec<Suggestion> = offers
        .into_iter()
        .map(|offer| Suggestion {
            append_whitespace: offer.whole,
            value: write(&offer.value),
            span: Span::new(start, end),
            ..Suggestion::default()
        })
        .collect();
    CompletionResult::fresh(suggestions)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words() -> Words {
        Words {
            commands: vec!["new".into(), "moves".into()],
            variants: vec!["tiles-solo".into()],
            options: vec!["colours".into()],
            variant_options: BTreeMap::from([(
                "tiles-solo".into(),
                vec!["pieces_per_colour".into()],
            )]),
            moves: vec!["0,1@90".into()],
            cards: vec!["Miller's House".into(), "Priest Hole".into()],
            bots: vec!["random".into(), "greedy".into()],
        }
    }

    fn listed(source: Source) -> Vec<String> {
        match source {
            Source::Words(list) => list,
            Source::Paths { .. } => panic!("paths, not words"),
        }
    }

    #[test]
    fn completes_by_position() {
        let w = words();
        assert_eq!(listed(source(&w, &[])), ["new", "moves", "0,1@90"]);
        assert_eq!(listed(source(&w, &["new"])), ["tiles-solo"]);
        assert_eq!(
            listed(source(&w, &["new", "tiles-solo", "--set"])),
            ["pieces_per_colour="]
        );
        assert_eq!(listed(source(&w, &["new", "other", "--set"])), ["colours="]);
        assert_eq!(listed(source(&w, &["play"])), ["0,1@90"]);
        assert_eq!(listed(source(&w, &["history", "--best"]))[0], "--variant");
        assert_eq!(
            listed(source(&w, &["history", "--variant"])),
            ["tiles-solo"]
        );
        assert_eq!(listed(source(&w, &["sim", "--vs"])), ["tiles-solo"]);
        assert_eq!(listed(source(&w, &["auto", "--bot"])), ["random", "greedy"]);
        assert_eq!(listed(source(&w, &["undo"])), ["all"]);
        assert_eq!(listed(source(&w, &["redo"])), ["all"]);
    }

    #[test]
    fn file_arguments_complete_as_paths() {
        let w = words();
        for before in [
            &["load"][..],
            &["save"],
            &["render"],
            &["export"],
            &["sim", "--games", "5", "--json"],
            &["sim", "--csv"],
            &["sim", "--plot"],
        ] {
            assert_eq!(
                source(&w, before),
                Source::Paths { also: Vec::new() },
                "{before:?}"
            );
        }
        assert_eq!(
            source(&w, &["check"]),
            Source::Paths {
                also: vec!["tiles-solo".into()]
            }
        );
        // Only the file itself is a path: `save x --force` and `sim --games` are not.
        assert_eq!(source(&w, &["save", "x"]), Source::Words(Vec::new()));
        assert_eq!(source(&w, &["sim", "--games"]), Source::Words(Vec::new()));
    }

    fn offered(typed: &str, candidates: &[&str]) -> Vec<(String, bool)> {
        offers(
            typed,
            candidates.iter().map(|c| c.to_string()).collect(),
            false,
        )
        .into_iter()
        .map(|o| (o.value, o.whole))
        .collect()
    }

    #[test]
    fn a_single_match_is_offered_alone_and_finished() {
        assert_eq!(
            offered("sa", &["save", "score", "save"]),
            [("save".into(), true)]
        );
        // An option's `name=` and a folder wait for more.
        assert_eq!(
            offered("pi", &["pieces_per_colour=", "colours="]),
            [("pieces_per_colour=".into(), false)]
        );
        assert_eq!(offered("sa", &["saves/"]), [("saves/".into(), false)]);
    }

    #[test]
    fn several_matches_offer_their_common_prefix_first_then_all() {
        let variants = ["raiders", "raiders-gentle", "raiders-hard", "dice-solo"];
        assert_eq!(offered("rai", &variants), [("raiders".into(), false)]);
        // Nothing more to insert: every match, for the menu.
        assert_eq!(
            offered("raiders", &variants),
            [
                ("raiders".into(), true),
                ("raiders-gentle".into(), true),
                ("raiders-hard".into(), true)
            ]
        );
        assert_eq!(offered("x", &variants), []);
    }

    #[test]
    fn the_common_prefix_stops_at_a_character_boundary() {
        assert_eq!(
            common_prefix(&["Stöße".to_owned(), "Stöbe".to_owned()]),
            "Stö"
        );
        assert_eq!(common_prefix(&["ab".to_owned(), "abc".to_owned()]), "ab");
        assert_eq!(common_prefix(&[]), "");
    }

    #[test]
    fn paths_list_files_and_folders_under_the_typed_folder() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().display().to_string();
        std::fs::create_dir(dir.path().join("saves")).unwrap();
        for file in ["saves/one.save", "saves/two.save", "score.svg", ".hidden"] {
            std::fs::write(dir.path().join(file), "").unwrap();
        }
        assert_eq!(
            paths(&format!("{root}/s")),
            [format!("{root}/saves/"), format!("{root}/score.svg")]
        );
        assert_eq!(
            paths(&format!("{root}/saves/t")),
            [format!("{root}/saves/two.save")]
        );
        assert_eq!(paths(&format!("{root}/.h")), [format!("{root}/.hidden")]);
        assert!(!paths(&format!("{root}/")).contains(&format!("{root}/.hidden")));
        assert_eq!(paths(&format!("{root}/missing/x")), Vec::<String>::new());
    }

    #[test]
    fn completer_replaces_the_word_being_typed() {
        let mut c = WordCompleter(Arc::new(Mutex::new(words())));
        let result = c.complete("new tile", 8);
        let s = result.suggestions();
        assert_eq!(s.len(), 1);
        assert_eq!(s[0].value, "tiles-solo");
        assert!(s[0].append_whitespace);
        assert_eq!((s[0].span.start, s[0].span.end), (4, 8));
    }

    #[test]
    fn completer_offers_paths_for_a_file_argument() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("game-1.save"), "").unwrap();
        std::fs::write(dir.path().join("game-2.save"), "").unwrap();
        let mut c = WordCompleter(Arc::new(Mutex::new(words())));
        let line = format!("load {}/g", dir.path().display());
        let s = c.complete(&line, line.len()).suggestions().to_vec();
        assert_eq!(s.len(), 1);
        assert_eq!(s[0].value, format!("{}/game-", dir.path().display()));
        assert!(!s[0].append_whitespace);
    }

    #[test]
    fn a_move_completes_whole_as_written_whatever_the_case_typed() {
        let mut w = words();
        w.moves = ["use Fence at 2,1", "use Fountain at 1,1", "pass"]
            .map(String::from)
            .to_vec();
        let mut c = WordCompleter(Arc::new(Mutex::new(w)));
        let complete = |c: &mut WordCompleter, line: &str| {
            let s = c.complete(line, line.len()).suggestions().to_vec();
            s.into_iter()
                .map(|s| (s.value, s.span.start, s.append_whitespace))
                .collect::<Vec<_>>()
        };
        assert_eq!(complete(&mut c, "us"), [("use F".into(), 0, false)]);
        assert_eq!(
            complete(&mut c, "use fe"),
            [("use Fence at 2,1".into(), 0, true)]
        );
        assert_eq!(
            complete(&mut c, "play  use fo"),
            [("use Fountain at 1,1".into(), 6, true)]
        );
        assert_eq!(complete(&mut c, "use F").len(), 2);
        // A command's own arguments are not moves.
        assert_eq!(complete(&mut c, "moves pa"), []);
    }

    #[test]
    fn a_card_name_completes_whole_after_card_whatever_the_case_typed() {
        let mut c = WordCompleter(Arc::new(Mutex::new(words())));
        let complete = |c: &mut WordCompleter, line: &str| {
            let s = c.complete(line, line.len()).suggestions().to_vec();
            s.into_iter()
                .map(|s| (s.value, s.span.start, s.append_whitespace))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            complete(&mut c, "card mi"),
            [("Miller's House".into(), 5, true)]
        );
        assert_eq!(
            complete(&mut c, "card  PRI"),
            [("Priest Hole".into(), 6, true)]
        );
        assert_eq!(complete(&mut c, "card ").len(), 2);
        assert_eq!(complete(&mut c, "card x"), []);
    }

    #[test]
    fn the_word_being_typed_is_read_as_the_repl_splits_a_line() {
        assert_eq!(last_word("load my"), (5, "my".into()));
        assert_eq!(last_word(r"load my\ ga"), (5, "my ga".into()));
        assert_eq!(last_word(r#"load "my ga"#), (5, "my ga".into()));
        assert_eq!(last_word("load 'it''s"), (5, "its".into()));
        assert_eq!(last_word(r#"load "a\"b"#), (5, r#"a"b"#.into()));
        assert_eq!(last_word("load 'x y' "), (11, String::new()));
        assert_eq!(
            escaped(r#"my games/it's "a"\"#),
            r#"my\ games/it\'s\ \"a\"\\"#
        );
    }

    #[test]
    fn a_path_with_spaces_completes_escaped_and_can_be_completed_again() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().display().to_string();
        std::fs::create_dir(dir.path().join("my games")).unwrap();
        std::fs::write(dir.path().join("my games/first game.save"), "").unwrap();
        let mut c = WordCompleter(Arc::new(Mutex::new(words())));
        let complete = |c: &mut WordCompleter, line: &str| {
            let s = c.complete(line, line.len()).suggestions().to_vec();
            assert_eq!(s.len(), 1, "{line}: {s:?}");
            (s[0].value.clone(), s[0].span.start)
        };
        let (folder, at) = complete(&mut c, &format!("load {root}/my"));
        assert_eq!(
            (folder.as_str(), at),
            (&*format!("{}/my\\ games/", escaped(&root)), 5)
        );
        for typed in [format!("{folder}f"), format!("\"{root}/my games/f")] {
            let (file, _) = complete(&mut c, &format!("load {typed}"));
            assert_eq!(
                file,
                format!("{}/my\\ games/first\\ game.save", escaped(&root))
            );
            let line = format!("load {file}");
            assert_eq!(
                shlex::split(&line).unwrap(),
                ["load", &format!("{root}/my games/first game.save")]
            );
        }
    }
}
