//! The basic buildings, the start buildings and the A buildings of Ireland: each use's
//! goods and state, and its limits (an over-use is no move; a use you cannot pay offers
//! no trade).

use super::Oel;

/// A fresh game with `goods` given (`""`: nothing). Uses that can do nothing are offered
/// (`idle_uses`), so a card's limits are seen in its use; by default such a use is no
/// move (refusals.rs).
fn with(goods: &str) -> Oel {
    let mut o = Oel::variant("ora-et-labora-solo-ireland", &[("idle_uses", "true")]);
    o.give(goods);
    o
}

/// A fresh game with `id` on the empty plains at 3,0 and `goods` given.
fn built(id: &str, goods: &str) -> Oel {
    let mut o = with(goods);
    o.place(id, 3, 0);
    o
}

fn wheel(o: &Oel, indicator: &str) -> i64 {
    o.g.int(&format!("state.wheel.amount(\"{indicator}\")"))
}

fn clergy_at(o: &Oel, col: i64, row: i64) -> String {
    o.g.text(&format!(
        "let c = state.landscape.clergy_at({col}, {row}); if c == () {{ \"nobody\" }} else {{ c }}"
    ))
}

/// The labels of the question asked now (inside a use).
fn options(o: &mut Oel) -> Vec<String> {
    o.moves()
}

// ---------------------------------------------------------------- basic buildings

#[test]
fn clay_mound_takes_the_clay_of_the_wheel_and_resets_its_indicator() {
    let mut o = with("");
    o.play("use Clay Mound at 4,0 > with a lay brother");
    assert_eq!(o.goods(), "2 clay");
    assert_eq!(wheel(&o, "clay"), 0);
    assert_eq!(wheel(&o, "joker"), 2, "the joker is not touched");
    assert_eq!(clergy_at(&o, 4, 0), "lay1");
    assert!(
        !o.has_move("use Clay Mound at 4,0"),
        "occupied: no second use"
    );
}

#[test]
fn clay_mound_may_take_the_joker_when_it_shows_another_amount() {
    let mut o = with("");
    o.g.set("wheel", "let w = state.wheel; w.take(\"clay\"); w");
    o.play("use Clay Mound at 4,0 > with a lay brother");
    assert_eq!(
        options(&mut o),
        ["0 clay (its indicator)", "2 clay (the joker)"]
    );
    o.play("2 clay (the joker)");
    assert_eq!(o.goods(), "2 clay");
    assert_eq!(wheel(&o, "joker"), 0);
    assert_eq!(wheel(&o, "clay"), 0);
}

#[test]
fn clay_mound_asks_nothing_when_clay_and_joker_show_the_same() {
    let mut o = with("");
    o.play("use Clay Mound at 4,0 > with a lay brother");
    // The use is over: the next action's moves, no joker question.
    assert!(o.has_move("use Farmyard at 2,1"));
    assert_eq!(o.count("clay"), 2);
}

#[test]
fn clay_mound_takes_the_joker_once_the_clay_indicator_has_left() {
    let mut o = with("");
    o.g.set("wheel", "let w = state.wheel; w.remove(\"clay\"); w");
    o.play("use Clay Mound at 4,0 > with a lay brother");
    assert_eq!(o.goods(), "2 clay");
    assert_eq!(wheel(&o, "joker"), 0);
}

#[test]
fn farmyard_gives_grain_and_no_sheep() {
    let mut o = with("");
    o.play("use Farmyard at 2,1 > with a lay brother");
    assert_eq!(options(&mut o), ["grain", "livestock"]);
    o.play("grain");
    assert_eq!(o.goods(), "2 grain");
    assert_eq!(wheel(&o, "grain"), 0);
    assert_eq!(wheel(&o, "sheep"), 2, "not both");
    assert!(!o.has_move("use Farmyard at 2,1"));
}

#[test]
fn farmyard_gives_sheep_and_no_grain() {
    let mut o = with("");
    o.play("use Farmyard at 2,1 > with a lay brother > livestock");
    assert_eq!(o.goods(), "2 livestock");
    assert_eq!(wheel(&o, "sheep"), 0);
    assert_eq!(wheel(&o, "grain"), 2);
}

#[test]
fn farmyard_may_take_sheep_from_the_joker() {
    let mut o = with("");
    o.g.set("wheel", "let w = state.wheel; w.take(\"sheep\"); w");
    o.play("use Farmyard at 2,1 > with a lay brother > livestock > 2 livestock (the joker)");
    assert_eq!(o.goods(), "2 livestock");
    assert_eq!(wheel(&o, "joker"), 0);
    assert_eq!(wheel(&o, "grain"), 2);
}

#[test]
fn cloister_office_takes_the_coins_of_the_wheel() {
    let mut o = with("");
    o.play("use Cloister Office at 4,1 > with the prior");
    assert_eq!(o.goods(), "2 coins");
    assert_eq!(wheel(&o, "coin"), 0);
    assert_eq!(clergy_at(&o, 4, 1), "prior");
    assert!(!o.has_move("use Cloister Office at 4,1"));
}

// ---------------------------------------------------------------- start buildings

#[test]
fn priory_carries_out_the_function_of_a_building_with_your_prior_on_it() {
    let mut o = built("G01", "coin 2");
    o.place("I03", 3, 1);
    o.play("use Granary at 3,1 > with the prior > pay 1 coin for 4 grain and 1 book");
    assert_eq!(o.goods(), "4 grain, 1 coin, 1 book");
    o.play("use Priory at 3,0");
    assert_eq!(options(&mut o), ["your Granary at 3,1"]);
    o.play("your Granary at 3,1 > pay 1 coin for 4 grain and 1 book");
    assert_eq!(o.goods(), "8 grain, 2 books");
    assert_eq!(
        clergy_at(&o, 3, 0),
        "lay1",
        "the Priory's user stands on the Priory"
    );
    assert_eq!(
        clergy_at(&o, 3, 1),
        "prior",
        "no clergyman goes on the Granary"
    );
}

#[test]
fn priory_carries_out_a_neutral_building_with_the_neutral_prior_on_it() {
    let mut o = built("G01", "coin 5");
    o.play("work contract on Builders' Market at 0,0 > the neutral prior");
    o.play("pay 2 coins for 2 wood, 2 clay, 1 stone and 1 straw");
    assert_eq!(o.goods(), "2 wood, 1 straw, 2 clay, 2 coins, 1 stone");
    o.play("use Priory at 3,0 > with a lay brother > the neutral Builders' Market at 0,0");
    o.play("pay 2 coins for 2 wood, 2 clay, 1 stone and 1 straw");
    assert_eq!(o.goods(), "4 wood, 2 straw, 4 clay, 2 stone");
}

#[test]
fn priory_offers_nothing_without_a_prior_on_another_building() {
    let mut o = built("G01", "coin 2");
    o.place("I03", 3, 1);
    o.play("use Granary at 3,1 > with a lay brother > pay 1 coin for 4 grain and 1 book");
    // With the prior on the Priory itself and a lay brother on the Granary: no target.
    o.play("use Priory at 3,0 > with the prior");
    assert_eq!(o.goods(), "4 grain, 1 coin, 1 book");
    assert_eq!(clergy_at(&o, 3, 0), "prior");
    assert_eq!(o.round(), 2, "the use was the round's second action");
}

#[test]
fn cloister_courtyard_gives_six_of_one_basic_good_for_three_different_goods() {
    let mut o = built("G02", "wood 2, peat 1, clay 1, book 1");
    o.play("use Cloister Courtyard at 3,0 > with a lay brother");
    o.play("hand in 3 different goods for 6 of one basic good > hand in 1 wood");
    assert!(
        !o.has_move("hand in 1 wood"),
        "three different kinds: wood is not offered again"
    );
    o.play("hand in 1 book > hand in 1 clay");
    assert_eq!(
        options(&mut o),
        [
            "6 clay",
            "6 wood",
            "6 peat",
            "6 livestock",
            "6 grain",
            "6 coins"
        ]
    );
    o.play("6 livestock");
    assert_eq!(o.goods(), "1 wood, 1 peat, 6 livestock");
    assert_eq!(o.round(), 1);
    assert!(!o.has_move("use Cloister Courtyard at 3,0"), "once");
}

#[test]
fn cloister_courtyard_offers_no_trade_with_two_kinds_of_goods() {
    let mut o = built("G02", "wood 5, peat 5");
    o.play("use Cloister Courtyard at 3,0 > with a lay brother");
    assert_eq!(o.goods(), "5 wood, 5 peat");
    assert!(o.has_move("use Farmyard at 2,1"), "the use is over");
}

#[test]
fn cloister_courtyard_may_be_declined() {
    let mut o = built("G02", "wood 1, peat 1, clay 1");
    o.play("use Cloister Courtyard at 3,0 > with a lay brother");
    assert!(o.has_move("not this"), "{:?}", o.moves());
    o.play("not this");
    assert_eq!(o.goods(), "1 wood, 1 peat, 1 clay");
}

#[test]
fn granary_pays_one_coin_for_four_grain_and_a_book_once() {
    let mut o = built("I03", "coin 3");
    o.play("use Granary at 3,0 > with a lay brother");
    assert_eq!(
        options(&mut o),
        ["pay 1 coin for 4 grain and 1 book", "not this"]
    );
    let from = o.event_count();
    o.play("pay 1 coin for 4 grain and 1 book");
    assert_eq!(o.events_since(from), ["paid", "gained"]);
    assert_eq!(o.phase(), "actions");
    assert_eq!(o.goods(), "4 grain, 2 coins, 1 book");
    assert_eq!(o.score("goods"), 2, "a book is worth 2 points");
    assert!(!o.has_move("use Granary at 3,0"));
}

#[test]
fn granary_offers_no_trade_without_a_coin() {
    let mut o = built("I03", "grain 1");
    o.play("use Granary at 3,0 > with a lay brother");
    assert_eq!(o.goods(), "1 grain");
    assert_eq!(clergy_at(&o, 3, 0), "lay1");
}

#[test]
fn granary_may_be_declined() {
    let mut o = built("I03", "coin 1");
    o.play("use Granary at 3,0 > with a lay brother > not this");
    assert_eq!(o.goods(), "1 coin");
}

#[test]
fn malthouse_turns_each_grain_into_malt_and_straw() {
    let mut o = built("I04", "grain 3");
    o.play("use Malthouse at 3,0 > with a lay brother");
    assert_eq!(
        options(&mut o),
        ["0 times", "1 time", "2 times", "3 times"],
        "no more than the grain held"
    );
    o.play("2 times");
    assert_eq!(o.goods(), "1 grain, 2 straw, 2 malt");
}

#[test]
fn malthouse_offers_no_trade_without_grain() {
    let mut o = built("I04", "straw 1");
    o.play("use Malthouse at 3,0 > with a lay brother");
    assert_eq!(o.goods(), "1 straw");
}

#[test]
fn brewery_brews_malt_and_grain_into_beer_then_sells_one_beer_for_seven_coins() {
    let mut o = built("I05", "malt 2, grain 3");
    o.play("use Brewery at 3,0 > with a lay brother");
    assert_eq!(options(&mut o), ["0 times", "1 time", "2 times"]);
    o.play("2 times");
    assert_eq!(
        options(&mut o),
        ["sell 1 beer for 7 coins", "keep it"],
        "the beer just brewed may be sold"
    );
    o.play("sell 1 beer for 7 coins");
    assert_eq!(o.goods(), "1 grain, 7 coins, 1 beer");
}

#[test]
fn brewery_sells_a_beer_held_without_brewing() {
    let mut o = built("I05", "beer 2, grain 2");
    o.play("use Brewery at 3,0 > with a lay brother");
    assert_eq!(options(&mut o), ["sell 1 beer for 7 coins", "keep it"]);
    o.play("sell 1 beer for 7 coins");
    assert_eq!(o.goods(), "2 grain, 7 coins, 1 beer", "one beer sold, once");
}

#[test]
fn brewery_may_brew_and_keep_the_beer() {
    let mut o = built("I05", "malt 1, grain 1");
    o.play("use Brewery at 3,0 > with a lay brother > 1 time > keep it");
    assert_eq!(o.goods(), "1 beer");
}

#[test]
fn brewery_offers_nothing_without_malt_and_grain_or_beer() {
    let mut o = built("I05", "malt 3");
    o.play("use Brewery at 3,0 > with a lay brother");
    assert_eq!(o.goods(), "3 malt");
}

#[test]
fn fuel_merchant_pays_one_tier_of_energy_for_coins() {
    let mut o = built("G06", "peat 3, wood 1");
    o.play("use Fuel Merchant at 3,0 > with a lay brother");
    assert_eq!(
        options(&mut o),
        [
            "pay 3 energy for 5 coins",
            "pay 6 energy for 8 coins",
            "nothing"
        ],
        "7 energy do not reach the third tier"
    );
    o.play("pay 6 energy for 8 coins");
    assert_eq!(o.goods(), "1 wood, 8 coins");
}

#[test]
fn fuel_merchant_pays_nine_energy_for_ten_coins_once() {
    let mut o = built("G06", "coal 4");
    o.play("use Fuel Merchant at 3,0 > with a lay brother > pay 9 energy for 10 coins");
    assert_eq!(o.goods(), "1 peat coal, 10 coins", "3 peat coal, no change");
    assert!(
        o.has_move("use Farmyard at 2,1"),
        "one tier, then the use is over"
    );
}

#[test]
fn fuel_merchant_offers_no_trade_under_three_energy() {
    let mut o = built("G06", "peat 1, straw 1");
    o.play("use Fuel Merchant at 3,0 > with a lay brother");
    assert_eq!(o.goods(), "1 peat, 1 straw");
}

#[test]
fn peat_coal_kiln_gives_coal_and_a_coin_and_turns_peat_into_coal() {
    let mut o = built("G07", "peat 2");
    o.play("use Peat Coal Kiln at 3,0 > with a lay brother");
    assert_eq!(options(&mut o), ["0 peat", "1 peat", "2 peat"]);
    assert!(!o.refused("3 peat").is_empty());
    o.play("2 peat");
    assert_eq!(o.goods(), "3 peat coal, 1 coin");
}

#[test]
fn peat_coal_kiln_gives_coal_and_a_coin_without_peat() {
    let mut o = built("G07", "");
    o.play("use Peat Coal Kiln at 3,0 > with a lay brother");
    assert_eq!(o.goods(), "1 peat coal, 1 coin");
}

#[test]
fn false_lighthouse_gives_three_coins_and_a_beer() {
    let mut o = built("I08", "");
    o.play("use False Lighthouse at 3,0 > with a lay brother");
    assert_eq!(options(&mut o), ["1 beer", "1 whiskey"]);
    o.play("1 beer");
    assert_eq!(o.goods(), "3 coins, 1 beer");
}

#[test]
fn false_lighthouse_gives_three_coins_and_a_whiskey() {
    let mut o = built("I08", "");
    o.play("use False Lighthouse at 3,0 > with a lay brother > 1 whiskey");
    assert_eq!(o.goods(), "1 whiskey, 3 coins");
    assert_eq!(o.score("goods"), 1, "a whiskey is worth 1 point");
}

#[test]
fn spinning_mill_counts_livestock_without_taking_it() {
    for (sheep, coins) in [(1, 3), (4, 3), (5, 5), (8, 5), (9, 6), (12, 6)] {
        let mut o = built("I09", &format!("sheep {sheep}"));
        o.play("use Spinning Mill at 3,0 > with a lay brother");
        assert_eq!(o.count("sheep"), sheep, "having, not paying");
        assert_eq!(o.count("coin"), coins, "{sheep} livestock");
    }
}

#[test]
fn spinning_mill_gives_nothing_without_livestock() {
    let mut o = built("I09", "meat 3");
    o.play("use Spinning Mill at 3,0 > with a lay brother");
    assert_eq!(o.goods(), "3 meat");
}

#[test]
fn cottage_gives_malt_and_uses_an_unoccupied_neighbour_without_a_clergyman() {
    // Cottage at 3,0: its neighbours are the forest at 2,0, the plains at 3,1 and the
    // Clay Mound at 4,0.
    let mut o = built("I10", "");
    o.play("use Cottage at 3,0 > with a lay brother");
    assert_eq!(options(&mut o), ["your Clay Mound at 4,0", "none"]);
    o.play("your Clay Mound at 4,0");
    assert_eq!(o.goods(), "2 clay, 1 malt");
    assert_eq!(wheel(&o, "clay"), 0);
    assert_eq!(clergy_at(&o, 4, 0), "nobody");
    assert!(o.has_move("use Clay Mound at 4,0"));
}

#[test]
fn cottage_offers_no_occupied_neighbour() {
    let mut o = built("I10", "");
    o.play("use Clay Mound at 4,0 > with a lay brother");
    o.play("use Cottage at 3,0 > with a lay brother");
    assert_eq!(o.goods(), "2 clay, 1 malt");
    assert_eq!(o.round(), 2);
}

#[test]
fn cottage_may_use_no_neighbour() {
    let mut o = built("I10", "");
    o.play("use Cottage at 3,0 > with a lay brother > none");
    assert_eq!(o.goods(), "1 malt");
    assert_eq!(wheel(&o, "clay"), 2);
}

#[test]
fn cottage_carries_out_a_neighbours_questions() {
    let mut o = built("I10", "coin 1");
    o.place("I03", 3, 1);
    o.play("use Cottage at 3,0 > with a lay brother");
    assert_eq!(
        options(&mut o),
        ["your Clay Mound at 4,0", "your Granary at 3,1", "none"]
    );
    o.play("your Granary at 3,1 > pay 1 coin for 4 grain and 1 book");
    assert_eq!(o.goods(), "4 grain, 1 book, 1 malt");
}

#[test]
fn houseboat_gives_wood_malt_a_coin_and_peat() {
    let mut o = built("I11", "");
    o.play("use Houseboat at 3,0 > with a lay brother");
    assert_eq!(o.goods(), "1 wood, 1 peat, 1 coin, 1 malt");
    assert!(!o.has_move("use Houseboat at 3,0"));
}

#[test]
fn stone_merchant_buys_at_most_five_stone() {
    let mut o = built("G12", "grain 12, wood 7");
    o.play("use Stone Merchant at 3,0 > with a lay brother");
    let offered = options(&mut o);
    assert_eq!(offered.last().unwrap(), "5 times", "{offered:?}");
    assert!(!o.has_move("6 times"));
    assert!(!o.refused("6 times").is_empty());
    o.play("5 times");
    assert_eq!(o.goods(), "2 wood, 2 grain, 5 stone");
}

#[test]
fn stone_merchant_buys_no_more_than_the_food_and_energy_reach() {
    let mut o = built("G12", "grain 5, wood 7");
    o.play("use Stone Merchant at 3,0 > with a lay brother");
    assert_eq!(options(&mut o), ["0 times", "1 time", "2 times"]);
    o.play("2 times");
    assert_eq!(o.goods(), "5 wood, 1 grain, 2 stone");
}

#[test]
fn stone_merchant_offers_no_trade_without_energy() {
    let mut o = built("G12", "grain 10");
    o.play("use Stone Merchant at 3,0 > with a lay brother");
    assert_eq!(o.goods(), "10 grain");
}

#[test]
fn builders_market_is_used_by_work_contract_for_a_coin() {
    let mut o = with("coin 3");
    o.play("work contract on Builders' Market at 0,0 > a neutral lay brother");
    assert_eq!(
        options(&mut o),
        [
            "pay 2 coins for 2 wood, 2 clay, 1 stone and 1 straw",
            "not this"
        ]
    );
    o.play("pay 2 coins for 2 wood, 2 clay, 1 stone and 1 straw");
    assert_eq!(o.goods(), "2 wood, 1 straw, 2 clay, 1 stone");
    assert_eq!(
        o.g.text("state.neutral.clergy_at(0, 0)"),
        "lay1",
        "a neutral clergyman stands on it"
    );
    assert!(!o.has_move("work contract on Builders' Market at 0,0"));
}

#[test]
fn builders_market_offers_no_trade_when_the_contract_leaves_too_few_coins() {
    let mut o = with("coin 2");
    o.play("work contract on Builders' Market at 0,0 > a neutral lay brother");
    assert_eq!(o.goods(), "1 coin", "the contract paid, no trade");
}

// ---------------------------------------------------------------- A buildings

#[test]
fn sacred_site_gives_a_book_two_grain_and_a_beer() {
    let mut o = built("I14", "");
    o.play("use Sacred Site at 3,0 > with a lay brother");
    assert_eq!(options(&mut o), ["2 grain", "2 malt"]);
    o.play("2 grain");
    assert_eq!(options(&mut o), ["1 beer", "1 whiskey"]);
    o.play("1 beer");
    assert_eq!(o.goods(), "2 grain, 1 book, 1 beer");
}

#[test]
fn sacred_site_gives_a_book_two_malt_and_a_whiskey() {
    let mut o = built("I14", "");
    o.play("use Sacred Site at 3,0 > with a lay brother > 2 malt > 1 whiskey");
    assert_eq!(o.goods(), "1 whiskey, 1 book, 2 malt");
    assert_eq!(o.score("goods"), 3, "book 2, whiskey 1");
    assert!(!o.has_move("use Sacred Site at 3,0"));
}

#[test]
fn druids_house_pays_one_book_for_five_of_one_basic_good_and_three_of_another() {
    let mut o = built("I15", "book 2");
    o.play("use Druid's House at 3,0 > with a lay brother");
    assert_eq!(
        options(&mut o),
        ["pay 1 book for 5 and 3 basic goods", "not this"]
    );
    o.play("pay 1 book for 5 and 3 basic goods > 5 wood");
    assert!(!o.has_move("3 wood"), "another good");
    assert_eq!(
        options(&mut o),
        ["3 clay", "3 peat", "3 livestock", "3 grain", "3 coins"]
    );
    o.play("3 clay");
    assert_eq!(o.goods(), "5 wood, 3 clay, 1 book", "one book, once");
}

#[test]
fn druids_house_offers_no_trade_without_a_book() {
    let mut o = built("I15", "coin 5");
    o.play("use Druid's House at 3,0 > with a lay brother");
    assert_eq!(o.goods(), "5 coins");
}

#[test]
fn druids_house_may_be_declined() {
    let mut o = built("I15", "book 1");
    o.play("use Druid's House at 3,0 > with a lay brother > not this");
    assert_eq!(o.goods(), "1 book");
}

#[test]
fn cloister_chapter_house_gives_one_of_each_basic_good() {
    let mut o = built("G16", "");
    o.play("use Cloister Chapter House at 3,0 > with a lay brother");
    assert_eq!(
        o.goods(),
        "1 wood, 1 peat, 1 livestock, 1 grain, 1 clay, 1 coin"
    );
    assert!(!o.has_move("use Cloister Chapter House at 3,0"));
}

#[test]
fn scriptorium_pays_one_coin_for_a_book_a_meat_and_a_whiskey_once() {
    let mut o = built("I17", "coin 2");
    o.play("use Scriptorium at 3,0 > with a lay brother");
    assert_eq!(
        options(&mut o),
        ["pay 1 coin for 1 book, 1 meat and 1 whiskey", "not this"]
    );
    o.play("pay 1 coin for 1 book, 1 meat and 1 whiskey");
    assert_eq!(o.goods(), "1 whiskey, 1 meat, 1 coin, 1 book");
    assert_eq!(o.score("goods"), 3);
}

#[test]
fn scriptorium_offers_no_trade_without_a_coin() {
    let mut o = built("I17", "book 1");
    o.play("use Scriptorium at 3,0 > with a lay brother");
    assert_eq!(o.goods(), "1 book");
}

#[test]
fn cloister_workshop_makes_up_to_three_ceramics_and_an_ornament() {
    let mut o = built("G18", "clay 5, wood 5, stone 2");
    o.play("use Cloister Workshop at 3,0 > with a lay brother");
    assert_eq!(
        options(&mut o),
        ["0 times", "1 time", "2 times", "3 times"],
        "five clay, five energy: still three ceramics at most"
    );
    assert!(!o.refused("4 times").is_empty());
    o.play("3 times");
    assert_eq!(options(&mut o), ["make 1 ornament", "no ornament"]);
    o.play("make 1 ornament");
    assert_eq!(
        o.goods(),
        "1 wood, 2 clay, 3 ceramics, 1 stone, 1 ornament",
        "one ornament only"
    );
    assert_eq!(o.score("goods"), 13, "3 ceramics of 3, an ornament of 4");
}

#[test]
fn cloister_workshop_makes_ceramics_only() {
    let mut o = built("G18", "clay 2, wood 3, stone 1");
    o.play("use Cloister Workshop at 3,0 > with a lay brother > 2 times > no ornament");
    assert_eq!(o.goods(), "1 wood, 2 ceramics, 1 stone");
}

#[test]
fn cloister_workshop_makes_an_ornament_without_clay() {
    let mut o = built("G18", "stone 3, peat 1");
    o.play("use Cloister Workshop at 3,0 > with a lay brother");
    assert_eq!(options(&mut o), ["make 1 ornament", "no ornament"]);
    o.play("make 1 ornament");
    assert_eq!(
        o.goods(),
        "2 stone, 1 ornament",
        "a peat for 1 energy, no change"
    );
}

#[test]
fn cloister_workshop_offers_no_ornament_when_the_ceramics_took_the_energy() {
    let mut o = built("G18", "clay 3, wood 3, stone 1");
    o.play("use Cloister Workshop at 3,0 > with a lay brother > 3 times");
    assert_eq!(o.goods(), "3 ceramics, 1 stone");
}

#[test]
fn cloister_workshop_pays_the_energy_of_the_whole_use_at_once() {
    // Three ceramics and an ornament need 4 energy: 2 peat, not 1 peat each time.
    let mut o = built("G18", "clay 3, stone 1, peat 2");
    o.play("use Cloister Workshop at 3,0 > with a lay brother > 3 times > make 1 ornament");
    assert_eq!(o.goods(), "3 ceramics, 1 ornament");
}

#[test]
fn cloister_workshop_offers_nothing_without_energy() {
    let mut o = built("G18", "clay 3, stone 1");
    o.play("use Cloister Workshop at 3,0 > with a lay brother");
    assert_eq!(o.goods(), "3 clay, 1 stone");
}

#[test]
fn slaughterhouse_turns_livestock_and_straw_into_meat() {
    let mut o = built("G19", "sheep 3, straw 2");
    o.play("use Slaughterhouse at 3,0 > with a lay brother");
    assert_eq!(options(&mut o), ["0 times", "1 time", "2 times"]);
    o.play("2 times");
    assert_eq!(o.goods(), "1 livestock, 2 meat");
}

#[test]
fn slaughterhouse_makes_the_missing_straw_from_grain() {
    let mut o = built("G19", "sheep 2, grain 3");
    o.play("use Slaughterhouse at 3,0 > with a lay brother > 2 times");
    assert_eq!(o.goods(), "2 meat, 1 grain");
}

#[test]
fn slaughterhouse_offers_no_trade_without_straw_or_grain() {
    let mut o = built("G19", "sheep 4");
    o.play("use Slaughterhouse at 3,0 > with a lay brother");
    assert_eq!(o.goods(), "4 livestock");
}

#[test]
fn cottage_gives_its_malt_before_the_neighbour_so_a_brewery_may_brew_it() {
    let mut o = built("I10", "grain 1");
    o.place("I05", 3, 1);
    o.play("use Cottage at 3,0 > with a lay brother > your Brewery at 3,1");
    assert_eq!(
        options(&mut o),
        ["0 times", "1 time"],
        "the Cottage's malt and the grain held"
    );
    assert_eq!(
        o.goods(),
        "1 grain",
        "nothing changes before the last answer"
    );
    o.play("1 time > sell 1 beer for 7 coins");
    assert_eq!(o.goods(), "7 coins");
    assert_eq!(clergy_at(&o, 3, 1), "nobody");
}

#[test]
fn a_start_building_on_the_neutral_heartland_is_used_by_work_contract() {
    let mut o = with("coin 2");
    o.place_neutral("I03", 1, 0);
    o.play("work contract on Granary at 1,0 > a neutral lay brother");
    o.play("pay 1 coin for 4 grain and 1 book");
    assert_eq!(o.goods(), "4 grain, 1 book");
    assert_eq!(o.g.text("state.neutral.clergy_at(1, 0)"), "lay1");
}

#[test]
fn a_neutral_cottage_uses_a_neutral_neighbour() {
    let mut o = with("coin 1");
    o.place_neutral("I10", 2, 0);
    o.play("work contract on Cottage at 2,0 > a neutral lay brother");
    assert_eq!(options(&mut o), ["the neutral Farmyard at 2,1", "none"]);
    o.play("the neutral Farmyard at 2,1 > livestock");
    assert_eq!(o.goods(), "2 livestock, 1 malt");
    assert_eq!(
        o.g.text("let c = state.neutral.clergy_at(2, 1); if c == () { \"nobody\" } else { c }"),
        "nobody"
    );
}

#[test]
fn stone_merchant_totals_the_food_over_the_use() {
    // A meat is 5 food: it pays the 4 food of two stones at once (no change).
    let mut o = built("G12", "meat 1, wood 3");
    o.play("use Stone Merchant at 3,0 > with a lay brother");
    assert_eq!(options(&mut o), ["0 times", "1 time", "2 times"]);
    o.play("2 times");
    assert_eq!(o.goods(), "1 wood, 2 stone");
}
