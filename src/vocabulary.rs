//! The words a data value may be (goods, terrains, entry ids…): the message for a word
//! that is not one of them names it, offers the nearest word only when it is close, and
//! lists them all, so a typo in a manifest is fixed from the message alone.

/// How alike two words must be (Jaro-Winkler) for one to be offered for the other.
const CLOSE: f64 = 0.8;

/// `word` is not among `words`: "`wod` is not a good; did you mean `wood`?" (`what`
/// names the kind of word), with the list for the help line.
pub fn unknown(word: &str, what: &str, words: &[&str]) -> (String, String) {
    let message = match nearest(word, words) {
        Some(near) => format!("`{word}` is not {what}; did you mean `{near}`?"),
        None => format!("`{word}` is not {what}"),
    };
    (message, format!("the words here: {}", words.join(", ")))
}

/// The word of `words` nearest to `word`, when it is close.
pub fn nearest<'a>(word: &str, words: &[&'a str]) -> Option<&'a str> {
    words
        .iter()
        .map(|w| (strsim::jaro_winkler(word, w), *w))
        .filter(|(score, _)| *score >= CLOSE)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, w)| w)
}

#[cfg(test)]
mod tests {
    use super::*;

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
