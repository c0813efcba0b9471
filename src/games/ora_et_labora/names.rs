//! Card names cut to fit a narrow place (a cell of the text landscape) so that a player
//! still recognises them: "Cloister Office" → "CloistOff", "Fishing Village" → "FishVill".
//! Each word keeps a prefix that ends in a consonant, the longest word giving way first;
//! the legend of the view says which short name is which card.

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
    if name.chars().count() <= max {
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
