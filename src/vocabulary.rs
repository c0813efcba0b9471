//! The words a data value may be (goods, terrains, entry ids…): the message for a word
//! that is not one of them names it, offers the nearest word only when it is close, and
//! lists them all, so a typo in a manifest is fixed from the message alone. The TOML
//! reader's messages are put in the same words.

/// The type names of the TOML reader's messages (Rust's) and the words of a file for
/// them: `expected i64` is `expected a whole number`.
const TOML_TYPES: [(&str, &str); 16] = [
    ("expected i64", "expected a whole number"),
    ("expected u64", "expected a whole number of 0 or more"),
    ("expected i32", "expected a whole number"),
    ("expected u32", "expected a whole number of 0 or more"),
    ("expected u16", "expected a whole number of 0 or more"),
    ("expected u8", "expected a whole number of 0 or more"),
    ("expected usize", "expected a whole number of 0 or more"),
    ("expected f64", "expected a number"),
    ("expected a sequence", "expected a list"),
    ("expected a map", "expected a table"),
    ("expected a boolean", "expected true or false"),
    ("invalid type: sequence", "invalid type: a list"),
    ("invalid type: map", "invalid type: a table"),
    ("invalid type: integer", "invalid type: a whole number"),
    ("invalid type: string", "invalid type: text"),
    ("invalid type: boolean", "invalid type: true or false"),
];

/// A TOML reader's message in the words of the file it read (`expected a whole number`,
/// not Rust's `expected i64`).
pub fn toml_message(e: &toml::de::Error) -> String {
    TOML_TYPES
        .iter()
        .fold(e.message().to_owned(), |message, (rust, file)| {
            message.replace(rust, file)
        })
}

/// A whole number typed on a command line or at the prompt, refused in the user's words
/// (the parser's own are "invalid digit found in string").
pub fn whole_number<T>(word: &str) -> Result<T, String>
where
    T: std::str::FromStr<Err = std::num::ParseIntError>,
{
    use std::num::IntErrorKind;
    word.parse()
        .map_err(|e: std::num::ParseIntError| match e.kind() {
            IntErrorKind::PosOverflow | IntErrorKind::NegOverflow => {
                format!("`{word}` is too large a number")
            }
            IntErrorKind::Zero => "give 1 or more".to_owned(),
            IntErrorKind::Empty => "a number is missing".to_owned(),
            _ => format!("`{word}` is not a whole number of 0 or more (0, 1, 2, …)"),
        })
}

/// How alike two words must be (Jaro-Winkler) for one to be offered for the other.
const CLOSE: f64 = 0.8;

/// `word` is not among `words`: "`wod` is not a good; did you mean `wood`?" (`what`
/// names the kind of word), with the list for the help line.
pub fn unknown(word: &str, what: &str, words: &[&str]) -> (String, String) {
    let message = suggesting(format!("`{word}` is not {what}"), nearest(word, words));
    (message, format!("the words here: {}", words.join(", ")))
}

/// `message` about a word not found, with "; did you mean `near`?" when a near word is
/// known: every such message asks alike.
pub fn suggesting(message: String, near: Option<&str>) -> String {
    match near {
        Some(near) => format!("{message}; did you mean `{near}`?"),
        None => message,
    }
}

/// The word of `words` nearest to `word`, when it is close.
pub fn nearest<'a>(word: &str, words: &[&'a str]) -> Option<&'a str> {
    closest(word, words.iter().copied()).first().copied()
}

/// The words of `candidates` close to `word`, nearest first (at most three).
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let mut scored: Vec<(f64, &str)> = candidates
        .into_iter()
        .map(|c| (strsim::jaro_winkler(word, c), c))
        .filter(|(score, _)| *score >= CLOSE)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(3).map(|(_, c)| c).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_mistyped_is_named_in_a_players_words() {
        assert_eq!(whole_number::<u64>("42"), Ok(42));
        assert_eq!(
            whole_number::<u64>("-1"),
            Err("`-1` is not a whole number of 0 or more (0, 1, 2, …)".to_owned())
        );
        assert_eq!(
            whole_number::<u16>("70000"),
            Err("`70000` is too large a number".to_owned())
        );
        assert_eq!(
            whole_number::<std::num::NonZeroUsize>("0"),
            Err("give 1 or more".to_owned())
        );
        assert_eq!(
            whole_number::<usize>(""),
            Err("a number is missing".to_owned())
        );
    }

    #[test]
    fn a_close_word_is_offered_and_a_far_one_is_not() {
        let words = ["wood", "clay", "peat"];
        let (message, help) = unknown("wod", "a good", &words);
        assert_eq!(message, "`wod` is not a good; did you mean `wood`?");
        assert_eq!(help, "the words here: wood, clay, peat");
        assert_eq!(
            unknown("xyzzy", "a good", &words).0,
            "`xyzzy` is not a good"
        );
    }
}
