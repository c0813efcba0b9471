//! The bots' evaluation of an Ora et Labora position (issue 35, part 1:
//! scripts/bots/ora-et-labora-solo-ireland/_evaluation.rhai), one test per term on a
//! constructed position, and the greedy bot wasting nothing (part 5): no pass while a
//! useful action is open, no prior on a building whose function does nothing, the
//! neutral player's prior used when it pays; and the shallow bot, which answers an
//! action's later questions by the position each answer leaves.

use super::Oel;

/// `bot_value` of the position, in tenths of a point.
fn value(o: &Oel) -> i64 {
    o.g.bot_eval("bot_value(state)").as_int().unwrap()
}

/// What the position gains in `bot_value` from `change` (a script run with `state`).
fn gain(o: &mut Oel, change: impl Fn(&mut Oel)) -> i64 {
    let before = value(o);
    change(o);
    value(o) - before
}

/// The label of the move the greedy bot chooses now.
fn greedy_choice(o: &mut Oel) -> String {
    choice_of(o, "greedy")
}

/// The label of the move the bot `name` chooses now.
fn choice_of(o: &mut Oel, name: &str) -> String {
    let index =
        o.g.bot_eval_of(name, "choose(state, state.moves())")
            .as_int()
            .unwrap();
    o.moves()[usize::try_from(index).unwrap()].clone()
}

/// A fresh Ireland game in round `round` (nothing else changed).
fn in_round(round: i64) -> Oel {
    let mut o = Oel::ireland();
    o.g.set("round", &round.to_string());
    o
}

// ---------------------------------------------------------------- goods

#[test]
fn a_coin_is_worth_four_tenths_counted_once() {
    let mut o = Oel::ireland();
    assert_eq!(gain(&mut o, |o| o.give("coin 1")), 4, "one coin");
    assert_eq!(
        gain(&mut o, |o| o.give("coin 4")),
        16,
        "five coins are a 5-coin, 2 points, and nothing more"
    );
    assert_eq!(
        gain(&mut o, |o| o.give("coin5 1")),
        20,
        "a 5-coin: 2 points"
    );
}

#[test]
fn points_goods_are_worth_their_points() {
    let mut o = Oel::ireland();
    assert_eq!(gain(&mut o, |o| o.give("book 1")), 20);
    assert_eq!(gain(&mut o, |o| o.give("ceramic 1")), 30);
    assert_eq!(gain(&mut o, |o| o.give("reliquary 1")), 80);
}

#[test]
fn food_and_energy_are_worth_what_settlements_pay_for_them() {
    let mut o = Oel::ireland();
    let grain = gain(&mut o, |o| o.give("grain 1"));
    let meat = gain(&mut o, |o| o.give("meat 1"));
    let peat = gain(&mut o, |o| o.give("peat 1"));
    let coal = gain(&mut o, |o| o.give("coal 1"));
    assert!(grain > 0, "a grain is food");
    assert_eq!(meat, 5 * grain, "a meat is 5 food");
    assert!(
        peat > 0 && coal > peat,
        "peat coal is more energy than peat"
    );
}

#[test]
fn in_the_last_round_food_and_energy_are_worth_the_settlement_they_complete() {
    // The Hilltop Village in hand (30 food and 3 energy; 10 points, dwelling 8), 30
    // food and 2 energy held (a peat, worth 9.6 points as food and energy to come): in
    // the last round a second peat completes its cost, worth its values and its
    // neighbours' share (18 + 10 points, the energy left over as surplus); a round
    // before, a peat is worth 0.3 an energy like any.
    let hilltop_short_of_energy = |round| {
        let mut o = in_round(round);
        o.g.set("settlements", "[\"S08\"]");
        o.give("grain 30, peat 1");
        o
    };
    let mut o = hilltop_short_of_energy(31);
    assert_eq!(gain(&mut o, |o| o.give("peat 1")), 281 - 96);
    assert_eq!(gain(&mut o, |o| o.give("peat 1")), 2, "beyond it, surplus");
    let mut o = hilltop_short_of_energy(30);
    assert_eq!(gain(&mut o, |o| o.give("peat 1")), 6);
}

#[test]
fn materials_are_worth_what_they_build() {
    let mut o = Oel::ireland();
    for good in ["wood", "clay", "stone", "straw"] {
        let worth = gain(&mut o, |o| o.give(&format!("{good} 1")));
        assert!(
            worth >= 3,
            "a {good} builds a share of a building: worth {worth}"
        );
    }
}

// ---------------------------------------------------------------- land

/// What a plains district bought at the top of the landscape adds in round `round`.
fn district_worth(round: i64) -> i64 {
    let mut o = in_round(round);
    gain(&mut o, |o| {
        o.g.set(
            "landscape",
            "let l = state.landscape; l.add_district(state.data.table, -1, \"plains\"); l",
        );
    })
}

#[test]
fn a_free_space_is_worth_more_in_round_5_than_in_round_30() {
    let early = district_worth(5);
    let late = district_worth(30);
    assert!(
        early > late && late > 0,
        "a district: {early} in round 5, {late} in round 30"
    );
    assert!(
        early >= 8 * 4 * 3,
        "in round 5 a district (4 free spaces and a forest) pays its 8 coins three times: {early}"
    );
}

// ---------------------------------------------------------------- buildings

#[test]
fn a_building_is_worth_more_before_the_settlement_phase_than_after() {
    let built = |round: i64| {
        let mut o = in_round(round);
        gain(&mut o, |o| o.place("I04", 3, 0))
    };
    let before = built(11);
    let after = built(13);
    assert!(
        before > after && after >= 50,
        "a Malthouse (economic value 5): {before} in round 11, {after} in round 13"
    );
}

#[test]
fn the_cost_of_a_displayed_building_is_worth_more_before_the_neutral_player_builds_it() {
    // The Chapel (3 clay, 3 stone; economic value 10, dwelling 8) on display, or gone.
    let holding_its_cost = |display: &str| {
        let mut o = Oel::ireland();
        o.g.set("display", display);
        o.give("clay 3, stone 3");
        value(&o)
    };
    let on_display = holding_its_cost("[\"I24\"]");
    let gone = holding_its_cost("[]");
    assert!(
        on_display > gone,
        "3 clay and 3 stone: {on_display} with the Chapel on display, {gone} without"
    );
}

// ---------------------------------------------------------------- settlements

#[test]
fn a_free_space_beside_a_settlement_is_worth_the_dwelling_it_will_touch() {
    // A Farming Village at 3,0: 3,1 below it is free.
    let mut o = in_round(5);
    o.g.set(
        "landscape",
        "let l = state.landscape; l.settle(3, 0, \"S02\"); l",
    );
    let room = |o: &Oel| {
        o.g.bot_eval("bot_settlement_room(state, bot_weights(), bot_rounds_left(state))")
            .as_int()
            .unwrap()
    };
    assert!(room(&o) > 0, "the free space below the village");
    o.g.set("round", "31");
    assert_eq!(room(&o), 0, "no round left to build beside it");
    o.g.set("round", "5");
    o.place("G12", 3, 1);
    assert_eq!(
        room(&o),
        0,
        "the space is built on: its dwelling is in the score"
    );
}

// ---------------------------------------------------------------- clergy

#[test]
fn a_free_prior_is_worth_the_bonus_of_a_build() {
    let mut o = Oel::ireland();
    let placed = gain(&mut o, |o| {
        o.g.set(
            "landscape",
            "let l = state.landscape; l.place_clergy(4, 0, \"prior\"); l",
        );
    });
    assert!(placed < 0, "the prior on the Clay Mound: {placed}");
}

#[test]
fn the_neutral_prior_is_worth_its_use_in_a_settlement_phase_to_come() {
    let mut o = Oel::ireland();
    let placed = gain(&mut o, |o| {
        o.g.set(
            "neutral",
            "let l = state.neutral; l.place_clergy(0, 0, \"prior\"); l",
        );
    });
    assert!(
        placed < 0,
        "the neutral prior on the Builders' Market: {placed}"
    );
}

#[test]
fn a_finished_game_is_worth_its_score() {
    let mut o = Oel::ireland();
    o.give("coin 7, wood 3, book 1");
    o.g.set("ended", "\"test\"");
    assert_eq!(value(&o), 10 * o.score("total"));
}

#[test]
fn once_nothing_can_be_made_of_what_is_held_a_position_is_worth_its_score() {
    // The last settlement phase, its settlements come and none in hand: land bought now
    // or goods kept score nothing, so greedy ends the game (it once spent the 5-coin on
    // a district). Before, the neutral prior's use may still turn goods into points.
    let mut o = Oel::ireland();
    o.pass_until(31);
    o.give("coin 3, coin5 2, stone 4");
    while o.phase() != "neutral_prior" && o.phase() != "settle" {
        o.pass_once();
    }
    assert_eq!(o.phase(), "neutral_prior", "a work contract is paid for");
    assert_ne!(value(&o), 10 * o.score("total"), "settlements in hand");
    o.g.set("settlements", "[]");
    assert_ne!(
        value(&o),
        10 * o.score("total"),
        "the neutral prior's use to come"
    );
    o.pass_once();
    assert_eq!(o.phase(), "settle");
    let moves = o.moves();
    assert!(
        moves.iter().any(|m| m.starts_with("buy district")),
        "{moves:?}"
    );
    assert_eq!(value(&o), 10 * o.score("total"));
    assert_eq!(greedy_choice(&mut o), "end the settlement phase");
}

// ---------------------------------------------------------------- the greedy bot wastes nothing

#[test]
fn greedy_does_not_pass_while_a_work_contract_pays() {
    // Round 4, your clergymen all placed, no forest or moor, two neutral lay brothers
    // placed: the main actions left are the neutral prior's work contracts, and the one
    // you can pay is a coin for the clay the Clay Mound produces.
    let mut o = Oel::ireland();
    o.pass_until(4);
    o.g.set(
        "landscape",
        "let l = state.landscape; \
         for c in [[1, 0], [2, 0], [1, 1]] { l.clear_forest(c[0], c[1]); } \
         for r in [0, 1] { l.clear_moor(0, r); } \
         l.place_clergy(4, 0, \"prior\"); l.place_clergy(2, 1, \"lay1\"); l.place_clergy(4, 1, \"lay2\"); l",
    );
    o.g.set(
        "neutral",
        "let l = state.neutral; l.place_clergy(2, 1, \"lay1\"); l.place_clergy(4, 1, \"lay2\"); l",
    );
    o.give("coin 1");
    assert!(o.has_move("pass"));
    let choice = greedy_choice(&mut o);
    assert_eq!(
        choice,
        "work contract on Clay Mound at 4,0",
        "among {:?}",
        o.moves()
    );
}

#[test]
fn greedy_puts_no_prior_on_a_building_that_can_do_nothing() {
    // A Granary (1 coin buys 4 grain and a book) built without a coin: with `idle_uses`
    // the rules offer the prior's bonus (§4.1 lets a clergyman go on a building whose
    // function is declined; by default the question is not asked), and the prior would
    // stand on it for nothing.
    let mut o = Oel::variant("ora-et-labora-solo-ireland", &[("idle_uses", "true")]);
    o.give("wood 1");
    o.g.set("display", "[\"I03\"]");
    o.play("build Granary (1 wood) > at 3,1");
    assert!(o.has_move("with the prior"), "{:?}", o.moves());
    assert_eq!(greedy_choice(&mut o), "not now");
}

#[test]
fn greedy_takes_the_prior_bonus_only_when_it_pays() {
    // The Granary's use (a coin for 4 grain and a book) pays.
    let mut o = Oel::ireland();
    o.give("wood 1, coin 1");
    o.g.set("display", "[\"I03\"]");
    o.play("build Granary (1 wood) > at 3,1");
    assert_eq!(greedy_choice(&mut o), "with the prior");
}

#[test]
fn greedy_uses_the_neutral_prior_when_it_pays() {
    // Phase A: the neutral player builds the Stone Merchant (up to 5 times 2 food and 1
    // energy for a stone); you hold far more food and energy than your settlements will need.
    let mut o = Oel::ireland();
    o.g.set("display", "[\"G12\"]");
    o.give("meat 30, peat 20, coin 1");
    while o.phase() != "neutral_prior" {
        o.pass_once();
    }
    let choice = greedy_choice(&mut o);
    assert!(
        choice.starts_with("neutral prior on Stone Merchant"),
        "chose `{choice}` among {:?}",
        o.moves()
    );
}

#[test]
fn the_shallow_bot_answers_an_action_by_the_position_each_answer_leaves() {
    // The greedy game of Ireland, to its twelfth move: the two bots' first difference.
    let mut o = Oel::ireland();
    o.play(
        "fell trees at 1,0 > fell trees at 2,0 > 2 wood (the joker) > build Stone Merchant (1 wood) \
         > at 1,0 > use Clay Mound at 4,0 > with a lay brother > 3 clay (its indicator) \
         > build Malthouse (2 clay) > at 2,0 > cut peat at 0,0 > 4 peat (its indicator)",
    );
    assert_eq!(
        o.g.bot_eval_of("shallow", "bot_finish_depth()").as_int(),
        Ok(0)
    );
    assert_eq!(o.g.bot_eval("bot_finish_depth()").as_int(), Ok(1));
    assert_eq!(greedy_choice(&mut o), "use Farmyard at 2,1");
    assert_eq!(choice_of(&mut o, "shallow"), "cut peat at 0,1");
}
