//! `card NAME`: what the rules tell of a card of the game (the optional hooks
//! `card_text(name)` and `card_names()`), with the nearest names when they know no such
//! card, and the list of names when none is given.

use crate::diagnostic::{Diagnostic, Kind};
use crate::script::api::hooks;
use crate::script::view::wrap_entries;
use crate::script::ViewOptions;
use crate::session::Session;
use crate::vocabulary;

/// The most names a "did you mean" offers.
const SUGGESTED: usize = 6;

/// The text of card `name` (the rest of the line as typed), or the list of the names when
/// `name` is empty.
pub fn card(
    session: &mut Session,
    name: &str,
    options: &ViewOptions,
) -> Result<String, Diagnostic> {
    if name.is_empty() {
        let names = session.card_names()?;
        if names.is_empty() {
            return Err(no_cards(session));
        }
        let mut entries: Vec<String> = names.iter().map(|n| format!("{n},")).collect();
        if let Some(last) = entries.last_mut() {
            last.pop();
        }
        return Ok(format!(
            "the cards of this game:\n{}\n`card NAME` tells of one (Tab completes the name)\n",
            wrap_entries(&entries, " ", options.width)
        ));
    }
    if let Some(text) = session.card_text(name, options)? {
        return Ok(if text.ends_with('\n') {
            text
        } else {
            text + "\n"
        });
    }
    let names = session.card_names()?;
    if names.is_empty() && !session.rules().defines(&hooks::CARD_TEXT) {
        return Err(no_cards(session));
    }
    let near = nearest(name, &names);
    let help = match near.split_last() {
        None => "`card` alone lists the cards; Tab completes a name".to_owned(),
        Some((only, [])) => format!("did you mean `card {only}`? (`card` alone lists the cards)"),
        Some((last, others)) => format!(
            "did you mean {} or {last}? (`card` alone lists the cards)",
            others.join(", ")
        ),
    };
    Err(Diagnostic::about(
        Kind::NotFound,
        "card",
        format!("no card `{name}` in this game"),
    )
    .with_help(help))
}

/// The error of `card` in a game whose rules tell of no cards.
fn no_cards(session: &Session) -> Diagnostic {
    Diagnostic::about(
        Kind::Usage,
        "card",
        format!("the rules of {} tell of no cards", session.variant().name),
    )
    .with_help("`show` draws the game, `help moves` explains the moves")
}

/// The names nearest to `typed`, whatever the case: those that hold it ("cloister"), else
/// the nearest by spelling ("Priori").
fn nearest<'a>(typed: &str, names: &'a [String]) -> Vec<&'a str> {
    let typed = typed.trim().to_lowercase();
    let lower: Vec<String> = names.iter().map(|n| n.to_lowercase()).collect();
    let holding: Vec<&str> = names
        .iter()
        .zip(&lower)
        .filter(|(_, l)| l.contains(&typed))
        .map(|(n, _)| n.as_str())
        .take(SUGGESTED)
        .collect();
    if !holding.is_empty() {
        return holding;
    }
    vocabulary::closest(&typed, lower.iter().map(String::as_str))
        .into_iter()
        .filter_map(|l| lower.iter().position(|n| n == l).map(|i| names[i].as_str()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_names_hold_what_is_typed_or_are_spelt_alike() {
        let names: Vec<String> = ["Lighthouse", "Town Hall", "Town Gate", "Mill"]
            .map(String::from)
            .to_vec();
        assert_eq!(nearest("lighthose", &names), ["Lighthouse"]);
        assert_eq!(nearest("TOWN", &names), ["Town Hall", "Town Gate"]);
        assert!(nearest("xyzzy", &names).is_empty());
    }
}
