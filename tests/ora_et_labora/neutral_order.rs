//! The neutral player's build order is yours (issue 33, finding 8): in a settlement
//! phase you choose which displayed building goes next, then where; a building with no
//! legal space once the others are down leaves the game.

use super::Oel;

/// Plays on to the neutral player's building in settlement phase A, with `display`.
fn at_phase_a(display: &str) -> Oel {
    let mut o = Oel::ireland();
    o.g.set("display", &format!("[{display}]"));
    while o.phase() != "neutral_build" {
        o.pass_once();
    }
    o
}

#[test]
fn you_choose_which_displayed_building_the_neutral_player_builds_next() {
    let mut o = at_phase_a("\"I04\", \"I05\", \"I03\"");
    assert_eq!(
        o.moves(),
        [
            "neutral builds Malthouse",
            "neutral builds Brewery",
            "neutral builds Granary"
        ],
        "every displayed building with a space, in the display's order"
    );
    // The last first: the Granary, a cloister, beside the Cloister Office.
    o.play("neutral builds Granary");
    assert_eq!(o.moves(), ["at 3,1"]);
    o.play("at 3,1");
    assert_eq!(o.g.text("state.neutral.space(3, 1).id"), "I03");
    assert_eq!(
        o.moves(),
        ["neutral builds Malthouse", "neutral builds Brewery"]
    );
    o.play("neutral builds Brewery > at 1,0 > neutral builds Malthouse > at 2,0");
    assert_eq!(o.g.text("state.neutral.space(1, 0).id"), "I05");
    assert_eq!(o.g.text("state.neutral.space(2, 0).id"), "I04");
    assert_ne!(o.phase(), "neutral_build", "the display is built");
}

#[test]
fn a_building_with_no_space_once_the_others_are_down_leaves_the_game() {
    // The Cloister Office occupied and its free neighbour taken: no space for a cloister.
    let mut o = Oel::ireland();
    o.place_neutral("G12", 3, 1);
    o.g.set(
        "neutral",
        "let l = state.neutral; l.place_clergy(4, 1, \"lay1\"); l",
    );
    o.g.set("display", "[\"G01\", \"I04\"]");
    while o.phase() != "neutral_build" {
        o.pass_once();
    }
    // The Priory (a cloister) has no space beside a cloister: only the Malthouse is offered.
    assert_eq!(o.moves(), ["neutral builds Malthouse"]);
    let before = o.event_count();
    o.play("neutral builds Malthouse > at 0,1");
    assert!(
        o.events_since(before).contains(&"removed".to_owned()),
        "the Priory leaves once nothing else can go down"
    );
    assert_ne!(o.phase(), "neutral_build");
}
