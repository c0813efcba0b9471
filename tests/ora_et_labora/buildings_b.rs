//! The B, C and D buildings of the Ireland side (and those both sides share): each
//! building's use, and its limits (an over-use is not among the moves; a use you cannot
//! pay offers no trade).

use super::Oel;

/// A fresh game with building `id` on your empty plains at 3,0 and `goods` in hand. Uses
/// that can do nothing are offered (`idle_uses`), so a card's limits are seen in its use;
/// by default such a use is no move (refusals.rs).
fn with(id: &str, goods: &str) -> Oel {
    let mut o = Oel::variant("ora-et-labora-solo-ireland", &[("idle_uses", "true")]);
    o.place(id, 3, 0);
    o.give(goods);
    o
}

/// Puts card `id` into the display.
fn display(o: &mut Oel, id: &str) {
    o.g.set(
        "display",
        &format!("let d = state.display; d.push(\"{id}\"); d"),
    );
}

fn in_display(o: &Oel, id: &str) -> bool {
    o.g.eval(&format!("state.display.contains(\"{id}\")"))
        .as_bool()
        .unwrap()
}

fn wheel(o: &Oel, indicator: &str) -> i64 {
    o.g.int(&format!("state.wheel.amount(\"{indicator}\")"))
}

/// Who stands on the building at `col,row` of your landscape ("" for nobody).
fn clergy_at(o: &Oel, col: i64, row: i64) -> String {
    o.g.text(&format!(
        "let c = state.landscape.clergy_at({col}, {row}); if c == () {{ \"\" }} else {{ c }}"
    ))
}

/// Back to the choice of a main action: the frame is over.
fn action_over(o: &mut Oel) -> bool {
    o.g.eval("state.frame == ()").as_bool().unwrap()
}

// ---------------------------------------------------------------- Alehouse (I20)

#[test]
fn alehouse_sells_one_beer_for_8_and_one_whiskey_for_7() {
    let mut o = with("I20", "beer 2, whiskey 2");
    o.play("use Alehouse at 3,0 > with a lay brother > sell 1 beer for 8 coins > sell 1 whiskey for 7 coins");
    assert_eq!(o.goods(), "1 whiskey, 15 coins, 1 beer");
    assert!(action_over(&mut o));
    assert_eq!(clergy_at(&o, 3, 0), "lay1");
}

#[test]
fn alehouse_each_sale_is_optional_and_only_once() {
    let mut o = with("I20", "beer 2, whiskey 2");
    o.play("use Alehouse at 3,0 > with a lay brother > not this");
    assert_eq!(
        o.moves(),
        ["sell 1 whiskey for 7 coins", "not this"],
        "after the beer, only the whiskey: no second beer"
    );
    o.play("sell 1 whiskey for 7 coins");
    assert_eq!(o.goods(), "1 whiskey, 7 coins, 2 beer");
    assert!(action_over(&mut o));
}

#[test]
fn alehouse_without_beer_asks_only_for_the_whiskey_and_without_either_nothing() {
    let mut o = with("I20", "whiskey 1");
    o.play("use Alehouse at 3,0 > with a lay brother");
    assert_eq!(o.moves(), ["sell 1 whiskey for 7 coins", "not this"]);
    o.play("sell 1 whiskey for 7 coins");
    assert_eq!(o.goods(), "7 coins");

    let mut o = with("I20", "wood 1");
    o.play("use Alehouse at 3,0 > with a lay brother");
    assert!(action_over(&mut o), "nothing to sell: no question");
    assert_eq!(o.goods(), "1 wood");
}

// ---------------------------------------------------------------- Whiskey Distillery (I21)

#[test]
fn whiskey_distillery_turns_malt_wood_and_peat_into_2_whiskey_as_often_as_paid() {
    let mut o = with("I21", "malt 2, wood 3, peat 2");
    o.play("use Whiskey Distillery at 3,0 > with a lay brother");
    assert_eq!(o.moves(), ["0 times", "1 time", "2 times"]);
    o.play("2 times");
    assert_eq!(o.goods(), "1 wood, 4 whiskey");
}

#[test]
fn whiskey_distillery_without_malt_offers_no_trade() {
    let mut o = with("I21", "wood 3, peat 2");
    o.play("use Whiskey Distillery at 3,0 > with a lay brother");
    assert!(action_over(&mut o));
    assert_eq!(o.goods(), "3 wood, 2 peat");
}

#[test]
fn building_the_whiskey_distillery_raises_the_work_contract_price_to_2_coins() {
    let mut o = Oel::ireland();
    o.give("clay 2, straw 2, coin 3");
    display(&mut o, "I21");
    assert_eq!(o.g.int("state.work_price()"), 1);
    o.play("work contract on Builders' Market at 0,0 > a neutral lay brother");
    assert_eq!(o.count("coin"), 2, "1 coin paid");
    let mut o = Oel::ireland();
    o.give("clay 2, straw 2, coin 4");
    display(&mut o, "I21");
    let from = o.event_count();
    o.play("build Whiskey Distillery (2 straw, 2 clay) > at 3,0");
    assert!(o.events_since(from).contains(&"price".to_owned()));
    assert_eq!(o.goods(), "4 coins");
    assert!(!in_display(&o, "I21"));
    assert_eq!(o.g.int("state.work_price()"), 2);
    o.play("work contract on Builders' Market at 0,0 > a neutral lay brother");
    assert_eq!(o.count("coin"), 2, "2 coins paid");
}

// ---------------------------------------------------------------- Quarry B (G22)

#[test]
fn quarry_takes_stone_at_the_jokers_amount_and_resets_the_joker() {
    let mut o = with("G22", "");
    let from = o.event_count();
    o.play("use Quarry (B) at 3,0 > with a lay brother");
    assert!(action_over(&mut o), "no stone indicator: no joker question");
    assert_eq!(o.events_since(from), ["used", "produced"]);
    assert_eq!(o.goods(), "2 stone");
    assert_eq!(wheel(&o, "joker"), 0);
    assert_eq!(wheel(&o, "clay"), 2);
    assert!(!o.has_move("use Quarry (B) at 3,0"), "occupied");
}

#[test]
fn quarry_with_the_joker_at_0_takes_no_stone() {
    let mut o = with("G22", "");
    o.g.set("wheel", "let w = state.wheel; w.take(\"joker\"); w");
    o.play("use Quarry (B) at 3,0 > with a lay brother");
    assert_eq!(o.goods(), "nothing");
}

// ---------------------------------------------------------------- Locutory (I23)

#[test]
fn locutory_with_the_prior_pays_2_coins_takes_the_prior_back_and_builds_with_the_prior_bonus() {
    let mut o = with("I23", "coin 3, wood 1");
    o.play("use Locutory at 3,0 > with the prior > pay 2 coins, take back your prior and build");
    assert_eq!(clergy_at(&o, 3, 0), "", "the prior has left the Locutory");
    o.play("build Granary (1 wood) > at 3,1 > with the prior > pay 1 coin for 4 grain and 1 book");
    assert_eq!(o.goods(), "4 grain, 1 book");
    assert_eq!(clergy_at(&o, 3, 1), "prior");
    assert_eq!(o.g.text("state.landscape.space(3, 1).id"), "I03");
    assert!(!in_display(&o, "I03"));
    assert!(action_over(&mut o));
    assert_eq!(o.g.int("state.actions_left"), 1, "all one action");
}

#[test]
fn locutory_with_a_lay_brother_and_the_prior_free_still_builds() {
    let mut o = with("I23", "coin 2, wood 1");
    o.play(
        "use Locutory at 3,0 > with a lay brother > pay 2 coins, take back your prior and build",
    );
    o.play("build Granary (1 wood) > at 3,1 > not now");
    assert_eq!(o.goods(), "nothing");
    assert_eq!(clergy_at(&o, 3, 0), "lay1");
    assert_eq!(clergy_at(&o, 3, 1), "");
    assert!(action_over(&mut o));
}

#[test]
fn locutory_takes_the_prior_back_from_another_building() {
    let mut o = with("I23", "coin 2, wood 1");
    o.play("use Clay Mound at 4,0 > with the prior");
    assert_eq!(clergy_at(&o, 4, 0), "prior");
    o.play("use Locutory at 3,0 > pay 2 coins, take back your prior and build");
    assert_eq!(clergy_at(&o, 4, 0), "", "the prior left the Clay Mound");
    o.play("build Granary (1 wood) > at 3,1 > with the prior");
    assert_eq!(clergy_at(&o, 3, 1), "prior");
    assert_eq!(
        o.goods(),
        "2 clay",
        "the Granary's trade offered nothing: no coin left"
    );
}

#[test]
fn locutory_may_build_nothing_after_paying() {
    let mut o = with("I23", "coin 2, wood 1");
    o.play("use Locutory at 3,0 > with the prior > pay 2 coins, take back your prior and build > build nothing");
    assert_eq!(o.goods(), "1 wood");
    assert_eq!(clergy_at(&o, 3, 0), "");
    assert!(in_display(&o, "I03"));
}

#[test]
fn locutory_with_less_than_2_coins_offers_nothing() {
    let mut o = with("I23", "coin 1, wood 5");
    o.play("use Locutory at 3,0 > with the prior");
    assert!(action_over(&mut o));
    assert_eq!(clergy_at(&o, 3, 0), "prior");
    assert_eq!(o.goods(), "5 wood, 1 coin");
}

// ---------------------------------------------------------------- Chapel (I24)

#[test]
fn chapel_buys_one_book_and_makes_up_to_3_reliquaries() {
    let mut o = with("I24", "coin 2, beer 4, whiskey 4");
    o.play("use Chapel at 3,0 > with a lay brother > pay 1 coin for 1 book");
    assert_eq!(o.moves(), ["0 times", "1 time", "2 times", "3 times"]);
    assert!(!o.refused("4 times").is_empty(), "at most 3 reliquaries");
    o.play("3 times");
    assert_eq!(
        o.goods(),
        "1 whiskey, 1 coin, 1 book, 3 reliquaries, 1 beer"
    );
}

#[test]
fn chapel_each_part_is_optional_and_a_whiskey_can_pay_the_coin() {
    // No coins: the whiskey is worth 2 coins (a free conversion) and may pay the book.
    let mut o = with("I24", "beer 1, whiskey 2");
    o.play("use Chapel at 3,0 > with a lay brother > not this");
    assert_eq!(o.moves(), ["0 times", "1 time"]);
    o.play("1 time");
    assert_eq!(o.goods(), "1 whiskey, 1 reliquary");
}

#[test]
fn chapel_without_coins_or_whiskey_offers_nothing() {
    let mut o = with("I24", "beer 3");
    o.play("use Chapel at 3,0 > with a lay brother");
    assert!(action_over(&mut o));
    assert_eq!(o.goods(), "3 beer");
}

// ---------------------------------------------------------------- Portico (I25)

#[test]
fn portico_turns_one_reliquary_into_2_of_each_basic_good_and_2_stone() {
    let mut o = with("I25", "reliquary 2");
    o.play("use Portico at 3,0 > with a lay brother > pay 1 reliquary for 2 of each basic good and 2 stone");
    assert!(action_over(&mut o), "once");
    assert_eq!(
        o.goods(),
        "2 wood, 2 peat, 2 livestock, 2 grain, 2 clay, 2 coins, 1 reliquary, 2 stone"
    );
}

#[test]
fn portico_without_a_reliquary_offers_nothing() {
    let mut o = with("I25", "book 3");
    o.play("use Portico at 3,0 > with a lay brother");
    assert!(action_over(&mut o));
    assert_eq!(o.goods(), "3 books");
}

// ---------------------------------------------------------------- Shipyard (G26)

#[test]
fn shipyard_turns_2_wood_into_an_ornament_and_a_5_coin_once() {
    let mut o = with("G26", "wood 5");
    o.play("use Shipyard at 3,0 > with a lay brother > pay 2 wood for 1 ornament and a 5-coin");
    assert!(action_over(&mut o));
    assert_eq!(o.goods(), "3 wood, 1 5-coin, 1 ornament");
}

#[test]
fn shipyard_with_1_wood_offers_nothing() {
    let mut o = with("G26", "wood 1");
    o.play("use Shipyard at 3,0 > with a lay brother");
    assert!(action_over(&mut o));
    assert_eq!(o.goods(), "1 wood");
}

// ---------------------------------------------------------------- Grand Manor (I27)

#[test]
fn grand_manor_pays_a_whiskey_for_the_function_of_another_occupied_building() {
    let mut o = with("I27", "whiskey 1, wood 4");
    o.place("G26", 3, 1);
    o.play("use Shipyard at 3,1 > with a lay brother > pay 2 wood for 1 ornament and a 5-coin");
    o.play(
        "use Grand Manor at 3,0 > with a lay brother > pay 1 whiskey to use an occupied building",
    );
    let targets = o.moves();
    assert!(targets.contains(&"your Shipyard at 3,1".to_owned()));
    assert!(
        !targets.iter().any(|t| t.contains("Grand Manor")),
        "not itself: {targets:?}"
    );
    o.play("your Shipyard at 3,1 > pay 2 wood for 1 ornament and a 5-coin");
    assert_eq!(o.goods(), "2 5-coins, 2 ornaments");
    assert_eq!(
        clergy_at(&o, 3, 1),
        "lay1",
        "the Shipyard keeps its clergyman"
    );
}

#[test]
fn grand_manor_may_use_an_occupied_neutral_building() {
    let mut o = with("I27", "whiskey 1, wood 4, coin 1");
    o.place_neutral("G26", 1, 0);
    o.play("work contract on Shipyard at 1,0 > pay 1 coin > a neutral lay brother");
    o.play("pay 2 wood for 1 ornament and a 5-coin");
    o.play(
        "use Grand Manor at 3,0 > with a lay brother > pay 1 whiskey to use an occupied building",
    );
    o.play("the neutral Shipyard at 1,0 > pay 2 wood for 1 ornament and a 5-coin");
    assert_eq!(o.goods(), "2 5-coins, 2 ornaments");
}

#[test]
fn grand_manor_the_whiskey_paid_is_not_sold_again_by_the_alehouse() {
    let mut o = with("I27", "whiskey 1, beer 1");
    o.place("I20", 3, 1);
    o.play("use Alehouse at 3,1 > with a lay brother > not this > not this");
    o.play("use Grand Manor at 3,0 > with a lay brother > pay 1 whiskey to use an occupied building > your Alehouse at 3,1");
    assert_eq!(o.moves(), ["sell 1 beer for 8 coins", "not this"]);
    o.play("sell 1 beer for 8 coins");
    assert_eq!(o.goods(), "8 coins");
}

#[test]
fn grand_manor_with_no_other_occupied_building_asks_for_no_whiskey() {
    let mut o = with("I27", "whiskey 1");
    o.play("use Grand Manor at 3,0 > with a lay brother");
    assert!(action_over(&mut o));
    assert_eq!(o.goods(), "1 whiskey");
}

#[test]
fn grand_manor_without_whiskey_offers_nothing() {
    let mut o = with("I27", "wood 4");
    o.place("G26", 3, 1);
    o.play("use Shipyard at 3,1 > with a lay brother > not this");
    o.play("use Grand Manor at 3,0 > with a lay brother");
    assert_eq!(o.goods(), "4 wood");
    assert_eq!(o.round(), 2, "the use was the round's second action");
}

// ---------------------------------------------------------------- Castle (G28)

#[test]
fn castle_settles_outside_a_settlement_phase_paying_the_cost() {
    let mut o = with("G28", "grain 1, wood 1");
    assert_eq!(o.phase(), "actions");
    o.play(
        "use Castle at 3,0 > with a lay brother > settle Shanty Town (1 food, 1 energy) > at 3,1",
    );
    assert_eq!(o.goods(), "nothing");
    assert_eq!(
        o.g.text("state.landscape.space(3, 1).content"),
        "settlement"
    );
    assert_eq!(o.g.text("state.landscape.space(3, 1).id"), "S01");
    assert!(!o
        .g
        .eval("state.settlements.contains(\"S01\")")
        .as_bool()
        .unwrap());
    assert!(action_over(&mut o));
    assert_eq!(o.phase(), "actions");
}

#[test]
fn castle_offers_only_settlements_you_can_pay_and_may_settle_none() {
    let mut o = with("G28", "grain 3, peat 2");
    o.play("use Castle at 3,0 > with a lay brother");
    assert_eq!(
        o.moves(),
        [
            "settle Shanty Town (1 food, 1 energy)",
            "settle Farming Village (3 food, 3 energy)",
            "no settlement"
        ]
    );
    o.play("no settlement");
    assert_eq!(o.goods(), "2 peat, 3 grain");

    let mut o = with("G28", "wood 3");
    o.play("use Castle at 3,0 > with a lay brother");
    assert!(action_over(&mut o), "no food: nothing to settle");
    assert_eq!(o.goods(), "3 wood");
}

// ---------------------------------------------------------------- Forest Hut (I29)

#[test]
fn forest_hut_clears_a_forest_without_wood_for_2_livestock_2_wood_and_1_stone() {
    let mut o = with("I29", "");
    o.play("use Forest Hut at 3,0 > with a lay brother > clear the forest at 1,0");
    assert_eq!(o.goods(), "2 wood, 2 livestock, 1 stone");
    assert_eq!(o.g.text("state.landscape.space(1, 0).content"), "empty");
    assert_eq!(o.g.int("state.landscape.count(\"forest\")"), 2);
    assert_eq!(wheel(&o, "wood"), 2, "no wood from the wheel");
}

#[test]
fn forest_hut_without_a_forest_offers_nothing() {
    let mut o = with("I29", "");
    o.g.set(
        "landscape",
        "let l = state.landscape; l.clear_forest(1, 0); l.clear_forest(2, 0); l.clear_forest(1, 1); l",
    );
    o.play("use Forest Hut at 3,0 > with a lay brother");
    assert!(action_over(&mut o));
    assert_eq!(o.goods(), "nothing");
}

// ---------------------------------------------------------------- Refectory (I30)

#[test]
fn refectory_gives_beer_and_meat_and_turns_up_to_4_meat_into_ceramics() {
    let mut o = with("I30", "meat 5");
    o.play("use Refectory at 3,0 > with a lay brother");
    assert_eq!(
        o.moves(),
        ["0 meat", "1 meat", "2 meat", "3 meat", "4 meat"]
    );
    o.play("4 meat");
    assert_eq!(o.goods(), "2 meat, 4 ceramics, 1 beer");
}

#[test]
fn refectory_the_new_meat_can_become_a_ceramic() {
    let mut o = with("I30", "");
    o.play("use Refectory at 3,0 > with a lay brother");
    assert_eq!(o.moves(), ["0 meat", "1 meat"]);
    o.play("1 meat");
    assert_eq!(o.goods(), "1 ceramic, 1 beer");
}

// ---------------------------------------------------------------- Coal Harbor (I31)

#[test]
fn coal_harbor_sells_up_to_3_peat_coal_for_3_coins_and_a_whiskey_each() {
    let mut o = with("I31", "coal 4, peat 4");
    o.play("use Coal Harbor at 3,0 > with a lay brother");
    assert_eq!(o.moves(), ["0 times", "1 time", "2 times", "3 times"]);
    assert!(!o.refused("4 times").is_empty(), "at most 3 times");
    o.play("3 times");
    assert_eq!(o.goods(), "3 whiskey, 4 peat, 1 peat coal, 9 coins");
}

#[test]
fn coal_harbor_does_not_take_peat() {
    let mut o = with("I31", "peat 4");
    o.play("use Coal Harbor at 3,0 > with a lay brother");
    assert!(action_over(&mut o));
    assert_eq!(o.goods(), "4 peat");
}

// ---------------------------------------------------------------- Filial Church (I32)

#[test]
fn filial_church_takes_five_different_goods_for_a_reliquary() {
    let mut o = with("I32", "wood 2, clay 1, peat 1, grain 1, coin 1");
    o.play("use Filial Church at 3,0 > with a lay brother > hand in 5 different goods > hand in 1 wood");
    assert!(!o.has_move("hand in 1 wood"), "different goods");
    o.play("hand in 1 clay > hand in 1 peat > hand in 1 grain > hand in 1 coin");
    assert!(action_over(&mut o));
    assert_eq!(o.goods(), "1 wood, 1 reliquary");
}

#[test]
fn filial_church_counts_a_5_coin_apart_from_1_coins() {
    let mut o = with("I32", "wood 1, clay 1, peat 1, coin 1, coin5 1");
    o.play("use Filial Church at 3,0 > with a lay brother > hand in 5 different goods");
    o.play("hand in 1 coin > hand in 1 5-coin > hand in 1 wood > hand in 1 clay > hand in 1 peat");
    assert_eq!(o.goods(), "1 reliquary");
}

#[test]
fn filial_church_with_four_kinds_offers_nothing() {
    let mut o = with("I32", "wood 5, clay 5, peat 5, grain 5");
    o.play("use Filial Church at 3,0 > with a lay brother");
    assert!(action_over(&mut o));
    assert_eq!(o.goods(), "5 wood, 5 peat, 5 grain, 5 clay");
}

// ---------------------------------------------------------------- Cooperage (I33)

#[test]
fn cooperage_pays_3_wood_for_beer_or_whiskey_at_the_jokers_amount_and_resets_it() {
    let mut o = with("I33", "wood 4");
    o.play("use Cooperage at 3,0 > with a lay brother > pay 3 wood for beer or whiskey at the joker's amount > whiskey");
    assert_eq!(o.goods(), "1 wood, 2 whiskey");
    assert_eq!(wheel(&o, "joker"), 0);

    let mut o = with("I33", "wood 3");
    o.play("use Cooperage at 3,0 > with a lay brother > pay 3 wood for beer or whiskey at the joker's amount > beer");
    assert_eq!(o.goods(), "2 beer");
}

#[test]
fn cooperage_with_2_wood_offers_nothing() {
    let mut o = with("I33", "wood 2");
    o.play("use Cooperage at 3,0 > with a lay brother");
    assert!(action_over(&mut o));
    assert_eq!(o.goods(), "2 wood");
    assert_eq!(wheel(&o, "joker"), 2);
}

// ---------------------------------------------------------------- Sacristy (G34)

#[test]
fn sacristy_takes_one_of_each_of_the_four_goods_for_one_wonder() {
    let mut o = with("G34", "book 2, ceramic 2, ornament 2, reliquary 2");
    o.play("use Sacristy at 3,0 > with a lay brother > hand in a book, a ceramic, an ornament and a reliquary for a wonder");
    assert!(action_over(&mut o), "once");
    assert_eq!(
        o.goods(),
        "1 ceramic, 1 book, 1 reliquary, 1 ornament, 1 wonder"
    );
    assert_eq!(o.score("goods"), 3 + 2 + 8 + 4 + 30);
}

#[test]
fn sacristy_missing_one_of_the_four_offers_nothing() {
    let mut o = with("G34", "book 1, ceramic 1, reliquary 3");
    o.play("use Sacristy at 3,0 > with a lay brother");
    assert!(action_over(&mut o));
    assert_eq!(o.goods(), "1 ceramic, 1 book, 3 reliquaries");
}

// ---------------------------------------------------------------- Round Tower (I35)

#[test]
fn round_tower_takes_5_coins_a_whiskey_and_14_points_of_goods_for_a_wonder() {
    let mut o = with("I35", "coin 6, whiskey 2, reliquary 1, ornament 1, book 2");
    o.play("use Round Tower at 3,0 > with a lay brother > pay 5 coins, 1 whiskey and 14 points of goods for a wonder");
    o.play("hand in 1 reliquary (8 points) > hand in 1 ornament (4 points) > hand in 1 book (2 points)");
    assert!(action_over(&mut o));
    assert_eq!(o.goods(), "1 whiskey, 1 coin, 1 book, 1 wonder");
}

#[test]
fn round_tower_with_13_points_of_goods_offers_nothing() {
    let mut o = with("I35", "coin 5, whiskey 1, reliquary 1, ornament 1");
    o.play("use Round Tower at 3,0 > with a lay brother");
    assert!(action_over(&mut o));
    assert_eq!(o.goods(), "1 whiskey, 5 coins, 1 reliquary, 1 ornament");
}

#[test]
fn round_tower_does_not_offer_the_5_coin_that_pays_the_coins() {
    let mut o = with("I35", "coin5 1, whiskey 1, reliquary 1, ornament 1, book 1");
    o.play("use Round Tower at 3,0 > with a lay brother > pay 5 coins, 1 whiskey and 14 points of goods for a wonder");
    assert!(
        !o.moves()
            .iter()
            .any(|m| m.contains("5-coin") || m.contains("coin5")),
        "{:?}",
        o.moves()
    );
    o.play("hand in 1 reliquary (8 points) > hand in 1 ornament (4 points) > hand in 1 book (2 points)");
    assert_eq!(o.goods(), "1 wonder");
}

// ---------------------------------------------------------------- Camera (I36)

#[test]
fn camera_trades_a_book_and_a_ceramic_up_to_2_times() {
    let mut o = with("I36", "book 3, ceramic 3");
    o.play("use Camera at 3,0 > with a lay brother");
    assert_eq!(o.moves(), ["0 times", "1 time", "2 times"]);
    assert!(!o.refused("3 times").is_empty(), "at most 2 times");
    o.play("2 times");
    assert_eq!(
        o.goods(),
        "2 clay, 1 ceramic, 2 coins, 1 book, 2 reliquaries"
    );
}

#[test]
fn camera_without_a_ceramic_offers_nothing() {
    let mut o = with("I36", "book 3");
    o.play("use Camera at 3,0 > with a lay brother");
    assert!(action_over(&mut o));
    assert_eq!(o.goods(), "3 books");
}

// ---------------------------------------------------------------- Bulwark (I37)

fn piles(o: &Oel) -> (Vec<i64>, Vec<i64>) {
    (o.g.ints("state.districts"), o.g.ints("state.plots"))
}

#[test]
fn bulwark_pays_a_book_for_a_free_district_and_plot_that_leave_the_piles() {
    let mut o = with("I37", "book 1, coin 2");
    o.play(
        "use Bulwark at 3,0 > with a lay brother > pay 1 book for a free district and a free plot",
    );
    assert_eq!(o.moves(), ["take the district", "no district"]);
    o.play("take the district > hills > row -1");
    assert_eq!(o.moves(), ["take the plot", "no plot"]);
    o.play("take the plot > coast > row 0");
    assert!(action_over(&mut o));
    assert_eq!(o.goods(), "2 coins", "the book paid, no price paid");
    assert_eq!(o.g.text("state.landscape.space(3, -1).terrain"), "hillside");
    assert_eq!(o.g.text("state.landscape.space(-1, 0).terrain"), "coast");
    assert_eq!(o.g.text("state.landscape.space(-1, 1).terrain"), "coast");
    assert_eq!(
        piles(&o),
        (vec![7, 6, 5, 5, 4, 4, 3, 2], vec![6, 6, 5, 5, 5, 4, 4, 3]),
        "the top district (8) and plot (7) leave the piles"
    );
    assert!(
        !o.g.eval("state.bought").as_bool().unwrap(),
        "a purchase is still open"
    );
}

#[test]
fn bulwark_each_landscape_may_be_declined() {
    let mut o = with("I37", "book 2");
    o.play("use Bulwark at 3,0 > with a lay brother > pay 1 book for a free district and a free plot > no district");
    o.play("take the plot > mountain");
    let row = o.moves()[0].clone();
    o.play(&row);
    assert!(action_over(&mut o));
    assert_eq!(o.goods(), "1 book", "one book only");
    assert_eq!(piles(&o).0.len(), 9, "no district taken");
    assert_eq!(piles(&o).1.len(), 8);
}

#[test]
fn bulwark_without_a_book_offers_nothing() {
    let mut o = with("I37", "coin 20");
    o.play("use Bulwark at 3,0 > with a lay brother");
    assert!(action_over(&mut o));
    assert_eq!(o.goods(), "20 coins");
    assert_eq!(piles(&o).0.len(), 9);
    assert_eq!(piles(&o).1.len(), 9);
}

// ---------------------------------------------------------------- Festival Ground (I38)

#[test]
fn festival_ground_pays_a_beer_for_goods_worth_a_point_per_forest_and_moor() {
    let mut o = with("I38", "beer 2");
    o.play("use Festival Ground at 3,0 > with a lay brother > pay 1 beer for goods worth your forests and moors");
    assert_eq!(
        o.moves(),
        ["take 1 book", "take 1 ceramic", "take 1 ornament", "done"],
        "3 forests and 2 moors: 5 points, no reliquary"
    );
    o.play("take 1 ceramic > take 1 book");
    assert!(action_over(&mut o), "5 points reached");
    assert_eq!(o.goods(), "1 ceramic, 1 book, 1 beer");
}

#[test]
fn festival_ground_may_take_less_and_without_beer_offers_nothing() {
    let mut o = with("I38", "beer 1");
    o.play("use Festival Ground at 3,0 > with a lay brother > pay 1 beer for goods worth your forests and moors > take 1 book > done");
    assert_eq!(o.goods(), "1 book");

    let mut o = with("I38", "wine 1");
    o.play("use Festival Ground at 3,0 > with a lay brother");
    assert!(action_over(&mut o));
    assert_eq!(o.goods(), "1 wine");
}

// ---------------------------------------------------------------- Estate (G39)

#[test]
fn estate_trades_twice_6_energy_or_10_food_for_a_book_and_an_ornament() {
    let mut o = with("G39", "peat 4, meat 3");
    o.play("use Estate at 3,0 > with a lay brother > pay 6 energy for a book and an ornament");
    o.play("pay 10 food for a book and an ornament");
    assert!(action_over(&mut o), "no third trade");
    assert_eq!(o.goods(), "1 peat, 1 meat, 2 books, 2 ornaments");
}

#[test]
fn estate_may_stop_after_one_trade_and_without_6_energy_or_10_food_offers_nothing() {
    let mut o = with("G39", "peat 6");
    o.play("use Estate at 3,0 > with a lay brother > pay 6 energy for a book and an ornament");
    assert_eq!(
        o.moves(),
        ["pay 6 energy for a book and an ornament", "no more"]
    );
    o.play("no more");
    assert_eq!(o.goods(), "3 peat, 1 book, 1 ornament");

    let mut o = with("G39", "peat 2, meat 1, grain 4");
    o.play("use Estate at 3,0 > with a lay brother");
    assert!(action_over(&mut o));
    assert_eq!(o.goods(), "2 peat, 1 meat, 4 grain");
}

// ---------------------------------------------------------------- Guesthouse (I40)

#[test]
fn guesthouse_carries_out_a_displayed_building_as_if_it_were_yours() {
    let mut o = with("I40", "coin 1");
    o.play(
        "use Guesthouse at 3,0 > with a lay brother > Granary > pay 1 coin for 4 grain and 1 book",
    );
    assert_eq!(o.goods(), "4 grain, 1 book");
    assert!(in_display(&o, "I03"), "the card stays in the display");
}

#[test]
fn guesthouse_offers_only_buildings_still_in_the_display() {
    let mut o = with("I40", "wood 1, grain 1");
    o.play("build Granary (1 wood) > at 3,1 > not now");
    o.play("use Guesthouse at 3,0 > with a lay brother");
    let options = o.moves();
    assert!(!options.contains(&"Granary".to_owned()), "{options:?}");
    assert!(options.contains(&"Malthouse".to_owned()));
    assert!(!options.iter().any(|m| m.contains("Clay Mound")));
}

// ---------------------------------------------------------------- House of the Brotherhood (G41)

#[test]
fn house_of_the_brotherhood_pays_5_coins_for_a_point_per_cloister_building() {
    let mut o = with("G41", "coin 6");
    o.play("use House of the Brotherhood at 3,0 > with a lay brother > pay 5 coins for goods worth your cloisters");
    assert_eq!(
        o.moves(),
        ["take 1 book", "done"],
        "the Cloister Office and the House itself: 2 points"
    );
    o.play("take 1 book");
    assert!(action_over(&mut o));
    assert_eq!(o.goods(), "1 coin, 1 book");
}

#[test]
fn house_of_the_brotherhood_counts_every_cloister_building_and_needs_5_coins() {
    let mut o = with("G41", "coin 5");
    o.place("I03", 3, 1);
    o.play("use House of the Brotherhood at 3,0 > with a lay brother > pay 5 coins for goods worth your cloisters");
    assert_eq!(o.moves(), ["take 1 book", "take 1 ceramic", "done"]);
    o.play("take 1 ceramic");
    assert_eq!(o.goods(), "1 ceramic");

    let mut o = with("G41", "coin 4");
    o.play("use House of the Brotherhood at 3,0 > with a lay brother");
    assert!(action_over(&mut o));
    assert_eq!(o.goods(), "4 coins");
}
