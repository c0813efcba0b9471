//! The B, C and D buildings of the Ireland game (and the shared G cards among them): each
//! used once from a set-up position, and its limit.

use super::Oel;

/// A game with card `id` at 3,0 and `goods` held.
fn with(id: &str, goods: &str) -> Oel {
    let mut o = Oel::ireland();
    o.place(id, 3, 0);
    o.give(goods);
    o
}

#[test]
fn alehouse_sells_a_beer_for_8_and_a_whiskey_for_7_once_each() {
    let mut o = with("I20", "beer 2, whiskey 1");
    o.play("use Alehouse at 3,0 > with a lay brother > sell 1 beer for 8 coins > sell 1 whiskey for 7 coins");
    assert_eq!(o.goods(), "15 coins, 1 beer");
    let mut o = with("I20", "beer 2");
    o.play("use Alehouse at 3,0 > with a lay brother > sell 1 beer for 8 coins");
    assert_eq!(
        o.goods(),
        "8 coins, 1 beer",
        "one beer only; no whiskey to sell"
    );
}

#[test]
fn whiskey_distillery_makes_2_whiskey_of_each_malt_wood_and_peat() {
    let mut o = with("I21", "malt 2, wood 2, peat 3");
    o.play("use Whiskey Distillery at 3,0 > with a lay brother");
    assert!(!o.has_move("3 times"), "two sets only");
    o.play("2 times");
    assert_eq!(o.goods(), "4 whiskey, 1 peat");
}

#[test]
fn quarry_takes_stone_from_the_joker_there_is_no_stone_indicator() {
    let mut o = with("G22", "");
    o.play("use Quarry (B) at 3,0 > with a lay brother");
    assert_eq!(o.goods(), "2 stone");
    assert_eq!(o.g.int("state.wheel.amount(\"joker\")"), 0);
}

#[test]
fn locutory_takes_back_the_prior_for_2_coins_and_builds() {
    let mut o = with("I23", "coin 2, clay 1, wood 1");
    o.g.set("display", "[\"G01\"]");
    o.play("use Locutory at 3,0 > with the prior > pay 2 coins, take back your prior and build");
    assert!(
        o.g.eval("state.landscape.clergy_position(\"prior\")")
            .is_unit(),
        "the prior is back"
    );
    o.play("build Priory (1 clay, 1 wood) > at 3,1 > not now");
    assert_eq!(o.g.text("state.landscape.space(3, 1).id"), "G01");
    assert_eq!(o.goods(), "nothing");
    let mut o = with("I23", "coin 1");
    o.play("use Locutory at 3,0 > with a lay brother");
    assert_eq!(o.goods(), "1 coin", "2 coins are needed: nothing happens");
}

#[test]
fn chapel_buys_a_book_and_makes_up_to_3_reliquaries() {
    let mut o = with("I24", "coin 1, beer 4, whiskey 4");
    o.play("use Chapel at 3,0 > with a lay brother > pay 1 coin for 1 book");
    assert!(!o.has_move("4 times"));
    o.play("3 times");
    assert_eq!(o.goods(), "1 whiskey, 1 book, 3 reliquaries, 1 beer");
}

#[test]
fn portico_gives_two_of_each_basic_good_and_stone_for_a_reliquary() {
    let mut o = with("I25", "reliquary 1");
    o.play("use Portico at 3,0 > with a lay brother > pay 1 reliquary for 2 of each basic good and 2 stone");
    assert_eq!(
        o.goods(),
        "2 wood, 2 peat, 2 livestock, 2 grain, 2 clay, 2 coins, 2 stone"
    );
    let mut o = with("I25", "");
    o.play("use Portico at 3,0 > with a lay brother");
    assert_eq!(o.goods(), "nothing");
}

#[test]
fn shipyard_turns_2_wood_into_an_ornament_and_a_5_coin_once() {
    let mut o = with("G26", "wood 4");
    o.play("use Shipyard at 3,0 > with a lay brother > pay 2 wood for 1 ornament and a 5-coin");
    assert_eq!(o.goods(), "2 wood, 1 5-coin, 1 ornament");
}

#[test]
fn grand_manor_pays_a_whiskey_to_use_an_occupied_building() {
    let mut o = with("I27", "whiskey 1");
    o.play("use Clay Mound at 4,0 > with a lay brother");
    o.play("use Grand Manor at 3,0 > with a lay brother > pay 1 whiskey to use an occupied building > your Clay Mound at 4,0 > 2 clay (the joker)");
    assert_eq!(o.goods(), "4 clay");
    let mut o = with("I27", "");
    o.play("use Grand Manor at 3,0 > with a lay brother");
    assert_eq!(o.goods(), "nothing", "no whiskey: nothing");
}

#[test]
fn castle_settles_outside_a_settlement_phase_paying_the_cost() {
    let mut o = with("G28", "grain 3, wood 3");
    o.play("use Castle at 3,0 > with a lay brother > settle Farming Village (3 energy, 3 food) > at 3,1");
    assert_eq!(o.g.text("state.landscape.space(3, 1).id"), "S02");
    assert_eq!(o.goods(), "nothing");
}

#[test]
fn forest_hut_clears_a_forest_for_2_sheep_2_wood_and_a_stone() {
    let mut o = with("I29", "");
    o.play("use Forest Hut at 3,0 > with a lay brother > clear the forest at 1,0");
    assert_eq!(o.goods(), "2 wood, 2 livestock, 1 stone");
    assert_eq!(o.g.text("state.landscape.space(1, 0).content"), "empty");
}

#[test]
fn refectory_gives_beer_and_meat_and_up_to_4_meat_become_ceramics() {
    let mut o = with("I30", "meat 5");
    o.play("use Refectory at 3,0 > with a lay brother");
    assert!(!o.has_move("5 meat"));
    o.play("4 meat");
    assert_eq!(o.goods(), "2 meat, 4 ceramics, 1 beer");
}

#[test]
fn coal_harbor_takes_peat_coal_up_to_3_times_not_peat() {
    let mut o = with("I31", "coal 4");
    o.play("use Coal Harbor at 3,0 > with a lay brother");
    assert!(!o.has_move("4 times"));
    o.play("3 times");
    assert_eq!(o.goods(), "3 whiskey, 1 peat coal, 9 coins");
    let mut o = with("I31", "peat 3");
    o.play("use Coal Harbor at 3,0 > with a lay brother");
    assert_eq!(o.goods(), "3 peat");
}

#[test]
fn filial_church_takes_5_different_goods_for_a_reliquary() {
    let mut o = with("I32", "wood 1, clay 1, peat 1, grain 2, sheep 1");
    o.play("use Filial Church at 3,0 > with a lay brother > hand in 5 different goods > hand in 1 wood > hand in 1 clay > hand in 1 peat > hand in 1 grain");
    assert!(!o.has_move("hand in 1 grain"), "a kind once");
    o.play("hand in 1 sheep");
    assert_eq!(o.goods(), "1 grain, 1 reliquary");
}

#[test]
fn cooperage_pays_3_wood_for_the_jokers_amount_and_resets_it() {
    let mut o = with("I33", "wood 3");
    o.play("use Cooperage at 3,0 > with a lay brother > pay 3 wood for beer or whiskey at the joker's amount > whiskey");
    assert_eq!(o.goods(), "2 whiskey");
    assert_eq!(o.g.int("state.wheel.amount(\"joker\")"), 0);
}

#[test]
fn sacristy_needs_all_four_goods_for_a_wonder() {
    let mut o = with("G34", "book 1, ceramic 1, ornament 1, reliquary 1");
    o.play("use Sacristy at 3,0 > with a lay brother > hand in a book, a ceramic, an ornament and a reliquary for a wonder");
    assert_eq!(o.goods(), "1 wonder");
    let mut o = with("G34", "book 1, ceramic 1, ornament 1");
    o.play("use Sacristy at 3,0 > with a lay brother");
    assert_eq!(o.goods(), "1 ceramic, 1 book, 1 ornament");
}

#[test]
fn round_tower_takes_5_coins_a_whiskey_and_14_points_of_goods_for_a_wonder() {
    let mut o = with("I35", "coin 5, whiskey 1, reliquary 2");
    o.play("use Round Tower at 3,0 > with a lay brother > pay 5 coins, 1 whiskey and 14 points of goods for a wonder > hand in 1 reliquary (8 points) > hand in 1 reliquary (8 points)");
    assert_eq!(o.goods(), "1 wonder");
    let mut o = with("I35", "coin 5, whiskey 1, reliquary 1");
    o.play("use Round Tower at 3,0 > with a lay brother");
    assert_eq!(
        o.goods(),
        "1 whiskey, 5 coins, 1 reliquary",
        "8 points are not 14: nothing"
    );
}

#[test]
fn camera_trades_a_book_and_a_ceramic_up_to_2_times() {
    let mut o = with("I36", "book 3, ceramic 3");
    o.play("use Camera at 3,0 > with a lay brother");
    assert!(!o.has_move("3 times"));
    o.play("2 times");
    assert_eq!(
        o.goods(),
        "2 clay, 1 ceramic, 2 coins, 1 book, 2 reliquaries"
    );
}

#[test]
fn bulwark_gives_a_district_and_a_plot_free_off_the_piles() {
    let mut o = with("I37", "book 1");
    o.play("use Bulwark at 3,0 > with a lay brother > pay 1 book for a free district and a free plot > take the district > plains > row -1 > take the plot > coast > row 0");
    assert_eq!(o.goods(), "nothing");
    assert_eq!(
        o.g.ints("[state.districts.len(), state.plots.len()]"),
        [8, 8]
    );
    assert_eq!(o.g.text("state.landscape.space(-1, 0).terrain"), "coast");
}

#[test]
fn festival_ground_gives_goods_worth_the_forests_and_moors_for_a_beer() {
    // 3 forests and 2 moors: 5 points of goods.
    let mut o = with("I38", "beer 1");
    o.play("use Festival Ground at 3,0 > with a lay brother > pay 1 beer for goods worth your forests and moors > take 1 ceramic");
    assert!(
        !o.has_move("take 1 ornament"),
        "4 points are more than the 2 left"
    );
    o.play("take 1 book");
    assert_eq!(o.goods(), "1 ceramic, 1 book");
}

#[test]
fn estate_trades_6_energy_or_10_food_for_a_book_and_an_ornament_up_to_2_times() {
    let mut o = with("G39", "wood 6, meat 2");
    o.play("use Estate at 3,0 > with a lay brother > pay 6 energy for a book and an ornament > pay 10 food for a book and an ornament");
    assert_eq!(o.goods(), "2 books, 2 ornaments");
}

#[test]
fn guesthouse_uses_a_building_still_in_the_display() {
    let mut o = with("I40", "");
    o.play("use Guesthouse at 3,0 > with a lay brother > Houseboat");
    assert_eq!(o.goods(), "1 wood, 1 peat, 1 coin, 1 malt");
}

#[test]
fn house_of_the_brotherhood_gives_1_point_of_goods_per_cloister_in_solo() {
    // The Cloister Office and the House itself: 2 cloisters, 2 points.
    let mut o = with("G41", "coin 5");
    o.play("use House of the Brotherhood at 3,0 > with a lay brother > pay 5 coins for goods worth your cloisters");
    assert!(!o.has_move("take 1 ceramic"));
    o.play("take 1 book");
    assert_eq!(o.goods(), "1 book");
}
