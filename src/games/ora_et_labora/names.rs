//! Card names made to fit a small space, two ways. In a picture's box (`wrap`, `fit`):
//! broken between words onto a few lines, and abbreviated only when the words cannot fit
//! (the picture then lists which abbreviation is which). In a text cell of one line
//! (`abbreviate`, `short_names`): a short name a player still recognises, each word
//! keeping a prefix that ends in a consonant ("Cloister Office" → "CloistOff",
//! "Fishing Village" → "FishVill"), no two alike (`show --legend` says which is which).

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

// ---------------------------------------------------------------- one-line cells

/// The most characters of a short name in the text view's landscape cells (a cell also
/// holds the terrain letter and a clergyman's mark).
pub const SHORT: usize = 9;

/// Words a short name leaves out.
const FILLERS: [&str; 3] = ["of", "the", "and"];

fn is_vowel(c: char) -> bool {
    matches!(c.to_ascii_lowercase(), 'a' | 'e' | 'i' | 'o' | 'u' | 'y')
}

/// The name's words without fillers and punctuation, each starting with a capital.
fn words(name: &str) -> Vec<Vec<char>> {
    name.split_whitespace()
        .filter(|w| !FILLERS.contains(w))
        .map(|w| {
            let mut chars: Vec<char> = w.chars().filter(|c| c.is_alphanumeric()).collect();
            if let Some(first) = chars.first_mut() {
                *first = first.to_uppercase().next().unwrap_or(*first);
            }
            chars
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// The lengths a word may be cut to, shortest first: prefixes of two letters or more that
/// end in a consonant and leave at least two letters out ("Village": "Vil", "Vill"), then
/// the whole word. A word with no such prefix may still shrink to its first letter.
fn cuts(word: &[char]) -> Vec<usize> {
    let mut lengths: Vec<usize> = (2..word.len().saturating_sub(1))
        .filter(|&n| !is_vowel(word[n - 1]))
        .collect();
    if lengths.is_empty() && word.len() > 1 {
        lengths.push(1);
    }
    lengths.push(word.len());
    lengths
}

/// `name` in at most `max` characters: the name when it fits; else its words without
/// fillers and punctuation ("Quarry (B)" → "Quarry B"); else each word cut (see `cuts`),
/// the longest first, then grown back from the last word while they fit, joined without
/// spaces.
pub fn abbreviate(name: &str, max: usize) -> String {
    if len(name) <= max {
        return name.to_owned();
    }
    let words = words(name);
    let spaced: usize = words.iter().map(Vec::len).sum::<usize>() + words.len().saturating_sub(1);
    if spaced <= max {
        return join(&words, &words.iter().map(Vec::len).collect::<Vec<_>>(), " ");
    }
    let cuts: Vec<Vec<usize>> = words.iter().map(|w| cuts(w)).collect();
    let mut at: Vec<usize> = cuts.iter().map(|c| c.len() - 1).collect();
    let length = |at: &[usize]| -> usize { at.iter().zip(&cuts).map(|(&i, c)| c[i]).sum() };
    while length(&at) > max {
        // The longest word that can still be cut, the first of equals.
        let longest = (0..words.len())
            .filter(|&w| at[w] > 0)
            .max_by_key(|&w| (cuts[w][at[w]], std::cmp::Reverse(w)));
        match longest {
            Some(w) => at[w] -= 1,
            None => break,
        }
    }
    for w in (0..words.len()).rev() {
        while at[w] + 1 < cuts[w].len() {
            at[w] += 1;
            if length(&at) > max {
                at[w] -= 1;
                break;
            }
        }
    }
    let lengths: Vec<usize> = at.iter().zip(&cuts).map(|(&i, c)| c[i]).collect();
    join(&words, &lengths, "").chars().take(max).collect()
}

fn join(words: &[Vec<char>], lengths: &[usize], separator: &str) -> String {
    words
        .iter()
        .zip(lengths)
        .map(|(w, &n)| w[..n].iter().collect::<String>())
        .collect::<Vec<_>>()
        .join(separator)
}

/// The short names of `names` (see `abbreviate`), different from one another: a short
/// name met before ends in a digit instead ("FarmVill", "FarmVil2").
pub fn short_names<'a>(names: impl IntoIterator<Item = &'a str>, max: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for name in names {
        let short = abbreviate(name, max);
        let stem: String = short.chars().take(max.saturating_sub(1)).collect();
        let unique = std::iter::once(short)
            .chain((2..).map(|n| format!("{stem}{n}")))
            .find(|s| !out.contains(s))
            .unwrap_or_default();
        out.push(unique);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::cards::tests::cards;
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

    #[test]
    fn names_that_fit_stay_whole_and_the_others_keep_a_prefix_of_each_word() {
        let short = |name| abbreviate(name, SHORT);
        assert_eq!(short("Priory"), "Priory");
        assert_eq!(short("Malthouse"), "Malthouse");
        assert_eq!(short("Quarry (B)"), "Quarry B");
        assert_eq!(short("Cloister Office"), "CloistOff");
        assert_eq!(short("Fishing Village"), "FishVill");
        assert_eq!(short("Farming Village"), "FarmVill");
        assert_eq!(short("Builders' Market"), "BuildMark");
        assert_eq!(short("House of the Brotherhood"), "HBrotherh");
        assert_eq!(short("Town Estate"), "TownEst");
        assert_eq!(abbreviate("Priory", 3), "Pr");
        assert_eq!(abbreviate("", 3), "");
        assert_eq!(abbreviate("Ä Öl Übel Straße", 6).chars().count(), 6);
    }

    #[test]
    fn every_card_has_a_short_name_of_its_own() {
        let all = cards();
        let names: Vec<&str> = all.all().iter().map(|c| c.name.as_str()).collect();
        let shorts = short_names(names.iter().copied(), SHORT);
        for (name, short) in names.iter().zip(&shorts) {
            assert!(short.chars().count() <= SHORT, "{name}: {short}");
        }
        let mut unique = shorts.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), shorts.len(), "{shorts:?}");
        // No digit was needed: every short name is the card's own abbreviation.
        assert!(names
            .iter()
            .zip(&shorts)
            .all(|(n, s)| abbreviate(n, SHORT) == *s));
    }

    #[test]
    fn a_short_name_met_before_gets_a_digit() {
        let shorts = short_names(["Farming Village"; 3], 8);
        assert_eq!(shorts, ["FarmVill", "FarmVil2", "FarmVil3"]);
    }
}
