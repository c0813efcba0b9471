//! Tab completion: commands, variant names, option names, the current move labels and
//! the flags of `history`.
//! The REPL refreshes the word lists after every command; the completer only reads them.

use reedline::{Completer, CompletionResult, Span, Suggestion};
use std::collections::BTreeMap;
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
    /// The bots of the game running.
    pub bots: Vec<String>,
}

/// Shared between the REPL (which writes) and the line editor (which reads).
pub type SharedWords = Arc<Mutex<Words>>;

pub struct WordCompleter(pub SharedWords);

/// The candidates for the word being typed, given the words before it.
pub fn candidates(words: &Words, before: &[&str]) -> Vec<String> {
    match before {
        [] => words.commands.iter().chain(&words.moves).cloned().collect(),
        ["new" | "options" | "check"] | [.., "--vs"] => words.variants.clone(),
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
        ["new", ..] => vec!["--seed".into(), "--set".into()],
        ["history", .., "--variant"] => words.variants.clone(),
        ["history", ..] => ["--variant", "--best", "--limit", "--json"]
            .map(String::from)
            .to_vec(),
        _ => Vec::new(),
    }
}

impl Completer for WordCompleter {
    fn complete(&mut self, line: &str, pos: usize) -> CompletionResult {
        let line = &line[..pos.min(line.len())];
        let start = line.rfind(char::is_whitespace).map_or(0, |i| i + 1);
        let typed = &line[start..];
        let before: Vec<&str> = line[..start].split_whitespace().collect();
        let words = self.0.lock().map(|w| w.clone()).unwrap_or_default();
        let suggestions: Vec<Suggestion> = candidates(&words, &before)
            .into_iter()
            .filter(|c| c.starts_with(typed))
            .map(|value| Suggestion {
                append_whitespace: !value.ends_with('='),
                value,
                span: Span::new(start, pos),
                ..Suggestion::default()
            })
            .collect();
        CompletionResult::fresh(suggestions)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words() -> Words {
        Words {
            commands: vec!["new".into(), "moves".into()],
            variants: vec!["carcassonne-solo".into()],
            options: vec!["colours".into()],
            variant_options: BTreeMap::from([(
                "carcassonne-solo".into(),
                vec!["meeples_per_colour".into()],
            )]),
            moves: vec!["0,1@90".into()],
            bots: vec!["random".into(), "greedy".into()],
        }
    }

    #[test]
    fn completes_by_position() {
        let w = words();
        assert_eq!(candidates(&w, &[]), ["new", "moves", "0,1@90"]);
        assert_eq!(candidates(&w, &["new"]), ["carcassonne-solo"]);
        assert_eq!(
            candidates(&w, &["new", "carcassonne-solo", "--set"]),
            ["meeples_per_colour="]
        );
        assert_eq!(candidates(&w, &["new", "other", "--set"]), ["colours="]);
        assert_eq!(candidates(&w, &["play"]), ["0,1@90"]);
        assert_eq!(candidates(&w, &["history", "--best"])[0], "--variant");
        assert_eq!(
            candidates(&w, &["history", "--variant"]),
            ["carcassonne-solo"]
        );
        assert_eq!(candidates(&w, &["sim", "--vs"]), ["carcassonne-solo"]);
        assert_eq!(candidates(&w, &["auto", "--bot"]), ["random", "greedy"]);
    }

    #[test]
    fn completer_replaces_the_word_being_typed() {
        let mut c = WordCompleter(Arc::new(Mutex::new(words())));
        let result = c.complete("new carc", 8);
        let s = result.suggestions();
        assert_eq!(s.len(), 1);
        assert_eq!(s[0].value, "carcassonne-solo");
        assert_eq!((s[0].span.start, s[0].span.end), (4, 8));
    }
}
