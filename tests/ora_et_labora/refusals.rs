//! Every refused move has a reason (issue 33, findings 3 and 4): the rules' `why_not`
//! names the rule a typed move breaks, and a use or a work contract whose function could
//! do nothing is no move, so nothing is paid for it.

use super::Oel;
use crate::common::houserules;

/// Why `choice` is refused now: it must be no legal move, and the rules must say why.
fn why(o: &mut Oel, choice: &str) -> String {
    assert!(o.g.try_play(choice).is_err(), "`{choice}` was accepted");
    o.g.rules
        .why_not(&mut o.g.state, choice)
        .unwrap()
        .unwrap_or_else(|| panic!("no reason given for `{choice}`"))
}

fn display(o: &mut Oel, ids: &str) {
    o.g.set("display", &format!("[{ids}]"));
}

// ---------------------------------------------------------------- finding 3

#[test]
fn the_houseboat_without_water_is_refused_for_want_of_water() {
    let mut o = Oel::ireland();
    o.play("fell trees at 1,0");
    let reason = why(&mut o, "build Houseboat (1 wood)");
    assert!(reason.contains("water"), "{reason}");
}

#[test]
fn a_cloister_building_with_no_space_beside_a_cloister_is_refused_for_that() {
    let mut o = Oel::ireland();
    display(&mut o, "\"G18\"");
    o.give("wood 3");
    // The Cloister Office's only free neighbour taken: plains at 3,0 are still free.
    o.place("G12", 3, 1);
    let reason = why(&mut o, "build Cloister Workshop (3 wood)");
    assert!(reason.contains("beside a cloister"), "{reason}");
}

#[test]
fn a_space_refused_for_a_building_under_way_says_why() {
    let mut o = Oel::ireland();
    o.play("fell trees at 1,0");
    o.play("build Granary (1 wood)");
    let asks = "; build Granary (1 wood) is under way and asks: where does Granary go?";
    for (answer, reason) in [
        (
            "at 3,0",
            "Granary is a cloister building: it goes beside a cloister building, and 3,0 is not",
        ),
        (
            "at 2,1",
            "Granary cannot go at 2,1: the Farmyard stands there",
        ),
        ("at 0,0", "Granary cannot go at 0,0: it holds a moor"),
        ("at 9,9", "Granary cannot go at 9,9: you have no such space"),
    ] {
        assert!(
            why(&mut o, answer).starts_with(&format!("{reason}{asks}")),
            "{answer}: {}",
            why(&mut o, answer)
        );
    }
    // An answer the rules cannot read keeps the question alone.
    assert!(why(&mut o, "at x").starts_with("build Granary (1 wood) is under way and asks"));
}

#[test]
fn a_space_of_another_terrain_names_the_terrains_the_building_takes() {
    let mut o = Oel::ireland();
    display(&mut o, "\"I15\"");
    o.give("clay 1");
    o.give("stone 1");
    o.g.set(
        "landscape",
        "let l = state.landscape; l.add_district(state.data.table, 2, \"plains\"); l",
    );
    o.play("build Druid's House (1 clay, 1 stone)");
    let reason = why(&mut o, "at 3,0");
    assert!(
        reason.starts_with("Druid's House goes on hillside, and 3,0 is plains;"),
        "{reason}"
    );
}

#[test]
fn a_price_not_reached_says_what_is_short() {
    let mut o = Oel::ireland();
    o.give("wood 1");
    let reason = why(&mut o, "build Priory (1 clay, 1 wood)");
    assert!(reason.contains("short of 1 clay"), "{reason}");
    let reason = why(&mut o, "buy district (8 coins)");
    assert!(reason.contains("8 coins"), "{reason}");
}

#[test]
fn a_card_not_in_the_display_says_where_it_is() {
    let mut o = Oel::ireland();
    let reason = why(&mut o, "build Whiskey Distillery");
    assert!(reason.contains("after settlement phase B"), "{reason}");
    o.give("wood 1");
    o.play("build Granary (1 wood) > at 3,1");
    let reason = why(&mut o, "build Granary (1 wood)");
    assert!(reason.contains("you built it"), "{reason}");
}

#[test]
fn an_occupied_building_and_clergymen_all_out_are_named() {
    let mut o = Oel::ireland();
    o.play("use Clay Mound at 4,0 > with a lay brother");
    let reason = why(&mut o, "use Clay Mound at 4,0");
    assert!(reason.contains("occupied"), "{reason}");
    o.play("use Farmyard at 2,1 > with a lay brother > grain");
    o.pass_until(2);
    o.play("use Cloister Office at 4,1");
    o.place("I03", 3, 0);
    o.give("coin 3");
    let reason = why(&mut o, "use Granary at 3,0");
    assert!(reason.contains("all three of your clergymen"), "{reason}");
    o.g.set(
        "neutral",
        "let l = state.neutral; for c in [[0, 0, \"prior\"], [4, 0, \"lay1\"], [4, 1, \"lay2\"]] { l.place_clergy(c[0], c[1], c[2]); } l",
    );
    let reason = why(&mut o, "work contract on Farmyard at 2,1");
    assert!(reason.contains("clergymen are all placed"), "{reason}");
}

#[test]
fn a_work_contract_without_money_or_present_says_its_price() {
    let mut o = Oel::variant("ora-et-labora-solo-france", &[]);
    let reason = why(&mut o, "work contract on Farmyard at 2,1");
    assert!(
        reason.starts_with(
            "a work contract costs 1 coin, or a wine as a present, and your money is worth 0"
        ),
        "{reason}"
    );
}

#[test]
fn a_move_of_another_phase_says_so() {
    let mut o = Oel::ireland();
    let reason = why(&mut o, "settle Shanty Town (1 food)");
    assert!(reason.contains("a settlement phase"), "{reason}");
    let reason = why(&mut o, "neutral builds Priory");
    assert!(reason.contains("not now"), "{reason}");
}

#[test]
fn an_empty_landscape_pile_is_named() {
    let mut o = Oel::ireland();
    o.give("coin 20");
    o.g.set("districts", "[]");
    let reason = why(&mut o, "buy district (8 coins)");
    assert!(reason.contains("pile is empty"), "{reason}");
}

#[test]
fn a_label_cut_short_is_completed() {
    let mut o = Oel::ireland();
    let reason = why(&mut o, "use Clay Mound");
    assert!(reason.contains("`use Clay Mound at 4,0`"), "{reason}");
}

#[test]
fn the_repl_tells_the_reason_of_a_step_refused_in_a_move_typed_whole() {
    let run = houserules(
        &["play", "ora-et-labora-solo-ireland", "--seed", "1"],
        "use Cloister Office at 4,1 > with a lay brother\n\
         work contract on Builders' Market at 0,0 > a neutral lay brother\n",
    );
    let said = format!("{}{}", run.stdout, run.stderr);
    assert!(said.contains("step 1"), "{said}");
    assert!(said.contains("could do nothing"), "{said}");
}

#[test]
fn the_repl_tells_the_reason_with_the_refusal() {
    let run = houserules(
        &["play", "ora-et-labora-solo-ireland", "--seed", "1"],
        "fell trees at 1,0\nbuild Houseboat (1 wood)\n",
    );
    let said = format!("{}{}", run.stdout, run.stderr);
    assert!(
        said.contains("not a legal move here: Houseboat goes on water"),
        "{said}"
    );
}

/// A word that answers nothing while the game asks is a wrong answer, refused with the
/// question and its answers, not taken for a typo of a command (`sheep` is near `seed`);
/// with no question open, a word near a command still is.
#[test]
fn a_wrong_answer_typed_at_the_repl_is_refused_with_the_answers() {
    let run = houserules(
        &["play", "ora-et-labora-solo-ireland", "--seed", "1"],
        "use Farmyard at 2,1\nwith a lay brother\nsheep\ngrain\nscroe\n",
    );
    let said = format!("{}{}", run.stdout, run.stderr);
    assert!(
        said.contains(
            "`sheep` is not a legal move here: use Farmyard at 2,1 is under way and asks: which good?"
        ),
        "{said}"
    );
    assert!(said.contains("legal moves: grain, livestock"), "{said}");
    assert!(!said.contains("did you mean `seed`"), "{said}");
    assert!(said.contains("did you mean `score`?"), "{said}");
}

// ---------------------------------------------------------------- finding 4

#[test]
fn a_work_contract_that_could_do_nothing_is_no_move_and_costs_nothing() {
    // The game: seed 1, 2 coins from the Cloister Office; the Builders' Market
    // wants 2 coins after the contract's 1.
    let mut o = Oel::ireland();
    o.play("use Cloister Office at 4,1 > with a lay brother");
    assert_eq!(o.count("coin"), 2);
    assert!(!o.has_move("work contract on Builders' Market at 0,0"));
    assert!(o.has_move("work contract on Clay Mound at 4,0"));
    let reason = why(&mut o, "work contract on Builders' Market at 0,0");
    assert!(reason.contains("could do nothing"), "{reason}");
    assert!(o
        .refused("work contract on Builders' Market at 0,0 > a neutral lay brother")
        .contains("not a legal move"));
    assert_eq!(o.count("coin"), 2, "nothing paid");
    assert_eq!(
        o.g.int("state.neutral.placed_clergy().len()"),
        0,
        "no neutral clergyman placed"
    );
    // With a coin more, the contract leaves the Market's 2 coins: a move.
    o.give("coin 1");
    assert!(o.has_move("work contract on Builders' Market at 0,0"));
}

#[test]
fn a_work_contract_offers_only_the_payments_that_leave_the_card_usable() {
    // Paying the coin keeps the whiskey, which pays the Builders' Market's 2 coins;
    // giving the whiskey keeps 1 coin, which does not.
    let mut o = Oel::ireland();
    o.give("coin 1, whiskey 1");
    o.play("work contract on Builders' Market at 0,0");
    assert_eq!(o.goods(), "1 whiskey", "the one way, unasked: the coin");
    o.give("coin 2");
    o.g.set("frame", "()");
    o.play("work contract on Builders' Market at 0,0");
    assert_eq!(o.moves(), ["pay 1 coin", "give 1 whiskey"]);
}

#[test]
fn a_use_of_your_own_building_that_could_do_nothing_is_no_move() {
    let mut o = Oel::ireland();
    o.place("I03", 3, 0);
    assert!(!o.has_move("use Granary at 3,0"), "no coin for the Granary");
    let reason = why(&mut o, "use Granary at 3,0");
    assert!(reason.contains("could do nothing"), "{reason}");
    o.give("coin 1");
    assert!(o.has_move("use Granary at 3,0"));
}

/// Settlement phase A, holding `goods`, once the neutral player has built the Granary
/// at 3,1 and the Malthouse at 1,0 (the display's only buildings).
fn after_the_neutral_granary_and_malthouse(goods: &str) -> Oel {
    let mut o = Oel::ireland();
    o.g.set("display", "[\"I03\", \"I04\"]");
    while o.phase() != "neutral_build" {
        o.pass_once();
    }
    o.give(goods);
    o.play("neutral builds Granary > at 3,1 > neutral builds Malthouse > at 1,0");
    o
}

#[test]
fn the_neutral_prior_is_not_offered_a_building_it_could_do_nothing_with() {
    let o = after_the_neutral_granary_and_malthouse("coin 1");
    // 1 coin pays the prior and leaves nothing for the Granary; the Malthouse has no grain.
    assert_ne!(
        o.phase(),
        "neutral_prior",
        "nothing worth the neutral prior"
    );
    assert_eq!(o.count("coin"), 1);
}

#[test]
fn idle_uses_offers_them_as_the_printed_rules_allow() {
    let mut o = Oel::variant("ora-et-labora-solo-ireland", &[("idle_uses", "true")]);
    o.place("I03", 3, 0);
    o.play("use Granary at 3,0 > with a lay brother");
    assert_eq!(
        o.g.text("state.landscape.clergy_at(3, 0)"),
        "lay1",
        "placed, nothing done"
    );
}

#[test]
fn the_neutral_prior_refused_for_want_of_the_price_says_the_price_in_words() {
    let mut o = after_the_neutral_granary_and_malthouse("coin 1, grain 2");
    assert_eq!(o.phase(), "neutral_prior");
    // The coin gone (a house rule's doing, say), the price can no longer be paid.
    o.g.set("goods", "let g = state.goods; g.take(\"coin\", 1); g");
    let reason = why(&mut o, "neutral prior on Malthouse at 1,0");
    assert!(
        reason.contains("the work-contract price (1 coin, or "),
        "{reason}"
    );
}
