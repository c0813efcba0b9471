//! A card's function runs at most once per action (issue 33, finding 5): a chain through
//! the Priory back into the Cottage or the Cloister Garden is no move, and a card that
//! pays before it uses another (Grand Manor) pays at each use, also when another card
//! reached it.

use super::Oel;

/// Ireland with the Priory at 3,0 and the Cottage beside it at 3,1.
fn priory_and_cottage(goods: &str) -> Oel {
    let mut o = Oel::ireland();
    o.place("G01", 3, 0);
    o.place("I10", 3, 1);
    o.give(goods);
    o
}

#[test]
fn the_cottage_is_not_reached_again_through_the_priory() {
    let mut o = priory_and_cottage("");
    // The prior on the Cottage: its malt, then the Priory beside it, whose only building
    // with a prior is this Cottage, already used in this action.
    o.play("use Cottage at 3,1 > with the prior");
    let refusal = o.refused("your Priory at 3,0 > your Cottage at 3,1");
    assert!(refusal.contains("not a legal move"), "{refusal}");
    o.play("none");
    assert_eq!(o.count("malt"), 1, "one malt for one action");
}

#[test]
fn the_priory_still_reaches_another_prior_from_the_cottage() {
    let mut o = priory_and_cottage("coin 5");
    o.play("work contract on Builders' Market at 0,0 > the neutral prior");
    o.play("pay 2 coins for 2 wood, 2 clay, 1 stone and 1 straw");
    o.play("use Cottage at 3,1 > with the prior > your Priory at 3,0");
    assert_eq!(
        o.moves(),
        ["the neutral Builders' Market at 0,0"],
        "the Cottage, used already in this action, is no target"
    );
    o.play(
        "the neutral Builders' Market at 0,0 > pay 2 coins for 2 wood, 2 clay, 1 stone and 1 straw",
    );
    assert_eq!(o.count("malt"), 1);
    assert_eq!(o.count("stone"), 2);
}

#[test]
fn a_long_chain_neither_gives_malt_nor_runs_out_of_stack() {
    // On main, 14 Priory-Cottage pairs typed whole ran the rules out of stack.
    let mut o = priory_and_cottage("");
    let chain = ["your Priory at 3,0", "your Cottage at 3,1"]
        .repeat(14)
        .join(" > ");
    o.play("use Cottage at 3,1 > with the prior");
    let refusal = o.refused(&chain);
    assert!(refusal.contains("not a legal move"), "{refusal}");
    assert_eq!(o.count("malt"), 0, "nothing changes before the last answer");
}

#[test]
fn grand_manor_reached_through_the_priory_takes_its_own_whiskey() {
    let mut o = Oel::ireland();
    o.place("I27", 3, 0);
    o.place("G01", 3, 1);
    o.give("whiskey 2");
    o.play("use Clay Mound at 4,0 > with a lay brother");
    // The prior on the Grand Manor: one whiskey, the Clay Mound again.
    o.play("use Grand Manor at 3,0 > with the prior > pay 1 whiskey to use an occupied building");
    o.play("your Clay Mound at 4,0 > 2 clay (the joker)");
    assert_eq!(o.count("whiskey"), 1);
    o.pass_until(2);
    // The Priory reaches the Grand Manor (the prior stands on it), which pays its whiskey
    // again, for this use.
    o.play("use Priory at 3,1 > your Grand Manor at 3,0");
    assert_eq!(
        o.moves(),
        ["pay 1 whiskey to use an occupied building", "not this"]
    );
    o.play("pay 1 whiskey to use an occupied building > your Clay Mound at 4,0");
    assert_eq!(o.count("whiskey"), 0, "a second whiskey for the second use");
    assert_eq!(o.count("clay"), 2 + 2 + 2);
}

#[test]
fn grand_manor_does_not_come_back_to_itself_through_the_priory() {
    // Idle uses offered: the Priory is used once with nothing to do, to stand occupied.
    let mut o = Oel::variant("ora-et-labora-solo-ireland", &[("idle_uses", "true")]);
    o.place("I27", 3, 0);
    o.place("G01", 3, 1);
    o.give("whiskey 2");
    o.play("use Clay Mound at 4,0 > with a lay brother");
    o.play("use Priory at 3,1 > with a lay brother");
    o.pass_until(2);
    // All three out now: the prior on the Grand Manor, whose targets are the Clay Mound
    // and the Priory; the Priory's one building with a prior is this Grand Manor.
    o.play("use Grand Manor at 3,0 > pay 1 whiskey to use an occupied building");
    assert_eq!(
        o.moves(),
        ["your Clay Mound at 4,0"],
        "the Priory could only come back"
    );
    o.play("your Clay Mound at 4,0");
    assert_eq!(o.count("whiskey"), 1);
}

#[test]
fn the_cloister_garden_is_not_reached_again_through_the_priory() {
    let mut o = Oel::variant("ora-et-labora-solo-france", &[]);
    o.place("G01", 3, 0);
    o.place("F09", 3, 1);
    o.play("use Cloister Garden at 3,1 > with the prior");
    assert!(o
        .refused("your Priory at 3,0 > your Cloister Garden at 3,1")
        .contains("not a legal move"));
    o.play("none");
    assert_eq!(o.count("grapes"), 1, "one grapes for one action");
}
