//! Card names made to fit a small space: broken between words onto a few lines, and
//! abbreviated only when the words cannot fit (a picture then lists which abbreviation
//! is which). Shared by the pictures that name cards in cells.

/// Letters a cut word keeps at least, before its dot ("Bro.").
const MIN_LETTERS: usize = 3;

fn len(text: &str) -> usize {
    text.chars().count()
}

/// `name` on at most `lines` lines of at most `width` characters, broken between words;
/// `None` when it does not fit so.
pub fn wrap(name: &str, width: usize, lines: usize) -> Option<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    for word in name.split_whitespace() {
        if len(word) > width {
            return None;
        }
        match out.last_mut() {
            Some(line) if len(line) + 1 + len(word) <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => out.push(word.to_owned()),
        }
    }
    (out.len() <= lines).then_some(out)
}

/// Cuts the longest word that can lose a character: a word of n characters becomes its
/// first n − 2 and a dot ("Chapter" → "Chapt." → "Chap."), never fewer than three
/// letters; of words as long, the later is cut. False when no word can be cut.
fn cut_once(words: &mut [String]) -> bool {
    let Some(word) = words
        .iter_mut()
        .filter(|w| len(w) >= MIN_LETTERS + 2)
        .max_by_key(|w| len(w))
    else {
        return false;
    };
    let kept: String = word.chars().take(len(word) - 2).collect();
    *word = format!("{kept}.");
    true
}

/// `name` in a box of `lines` lines of `width` characters: its words when they fit,
/// else with its longest words cut first (to three letters and a dot at least), else
/// cut whole. The second value says whether the name was abbreviated.
pub fn fit(name: &str, width: usize, lines: usize) -> (Vec<String>, bool) {
    if let Some(wrapped) = wrap(name, width, lines) {
        return (wrapped, false);
    }
    let mut words: Vec<String> = name.split_whitespace().map(str::to_owned).collect();
    while cut_once(&mut words) {
        if let Some(wrapped) = wrap(&words.join(" "), width, lines) {
            return (wrapped, true);
        }
    }
    let kept: String = name.chars().take(width.saturating_sub(1)).collect();
    (vec![format!("{}.", kept.trim_end())], true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_wrap_between_words() {
        assert_eq!(
            wrap("House of the Brotherhood", 12, 2),
            Some(vec!["House of the".into(), "Brotherhood".into()])
        );
        assert_eq!(wrap("House of the Brotherhood", 12, 1), None);
        assert_eq!(wrap("Slaughterhouse", 10, 3), None);
        assert_eq!(fit("Priory", 10, 1), (vec!["Priory".to_owned()], false));
    }

    #[test]
    fn long_words_are_cut_first_and_the_result_fits() {
        let whiskey = fit("Whiskey Distillery", 16, 1);
        assert_eq!(whiskey, (vec!["Whiskey Distill.".to_owned()], true));
        for (name, width, rows) in [
            ("House of the Brotherhood", 6, 2),
            ("Whiskey Distillery", 9, 1),
            ("Slaughterhouse", 5, 3),
            ("Slaughterhouse", 2, 1),
        ] {
            let (lines, cut) = fit(name, width, rows);
            assert!(cut, "{name}");
            assert!(lines.len() <= rows, "{name}: {lines:?}");
            assert!(lines.iter().all(|l| len(l) <= width), "{name}: {lines:?}");
        }
    }
}
