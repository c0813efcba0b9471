//! The France side's own cards in the solo game: for each card, its use (the goods after
//! it) and its limits (an amount past the limit is not a move; a use you cannot pay
//! offers nothing).

use super::Oel;

/// A fresh France game with card `id` on the empty plains at 3,0 and `goods` held. Uses
/// that can do nothing are offered (`idle_uses`), so a card's limits are seen in its use;
/// by default such a use is no move (refusals.rs).
fn with(id: &str, goods: &str) -> Oel {
    let mut o = Oel::variant("ora-et-labora-solo-france", &[("idle_uses", "true")]);
    o.place(id, 3, 0);
    o.give(goods);
    o
}

/// Uses the card at 3,0 with a lay brother (asked while the prior is free too); the
/// moves then open.
fn use_it(o: &mut Oel, name: &str) -> Vec<String> {
    o.play(&format!("use {name} at 3,0"));
    if o.has_move("with a lay brother") {
        o.play("with a lay brother");
    }
    o.moves()
}

fn occupied(o: &Oel) -> i64 {
    o.g.int("state.landscape.buildings(state.cards).filter(|b| b.occupied).len()")
}

// ---------------------------------------------------------------- Grain Storage (F03)

#[test]
fn grain_storage_buys_6_grain_for_1_coin_once() {
    let mut o = with("F03", "coin 3");
    let moves = use_it(&mut o, "Grain Storage");
    assert_eq!(moves, ["pay 1 coin for 6 grain", "not this"]);
    o.play("pay 1 coin for 6 grain");
    assert_eq!(o.count("grain"), 6);
    assert_eq!(o.count("coin"), 2);
}

#[test]
fn grain_storage_without_a_coin_offers_nothing() {
    let mut o = with("F03", "grain 1");
    let moves = use_it(&mut o, "Grain Storage");
    assert!(!moves.iter().any(|m| m.contains("6 grain")), "{moves:?}");
    assert_eq!(o.goods(), "1 grain");
}

// ---------------------------------------------------------------- Windmill (F04)

#[test]
fn windmill_grinds_grain_into_flour_and_straw_up_to_7_times() {
    let mut o = with("F04", "grain 9");
    let moves = use_it(&mut o, "Windmill");
    assert_eq!(moves.last().unwrap(), "7 times", "{moves:?}");
    assert!(!moves.contains(&"8 times".to_owned()));
    o.play("7 times");
    assert_eq!(o.count("grain"), 2);
    assert_eq!(o.count("flour"), 7);
    assert_eq!(o.count("straw"), 7);
}

#[test]
fn windmill_grinds_no_more_grain_than_you_hold_and_nothing_without_grain() {
    let mut o = with("F04", "grain 3");
    let moves = use_it(&mut o, "Windmill");
    assert_eq!(moves, ["0 times", "1 time", "2 times", "3 times"]);
    let mut o = with("F04", "wood 1");
    let moves = use_it(&mut o, "Windmill");
    assert!(!moves.iter().any(|m| m.ends_with("times")), "{moves:?}");
    assert_eq!(o.goods(), "1 wood");
}

// ---------------------------------------------------------------- Bakery (F05)

#[test]
fn bakery_bakes_flour_with_half_an_energy_each_then_sells_up_to_2_bread_for_4_coins() {
    let mut o = with("F05", "flour 3, wood 2");
    let moves = use_it(&mut o, "Bakery");
    assert_eq!(moves.last().unwrap(), "3 bread", "{moves:?}");
    o.play("3 bread");
    let moves = o.moves();
    assert_eq!(moves, ["0 bread", "1 bread", "2 bread"], "no third sale");
    o.play("2 bread");
    assert_eq!(o.count("bread"), 1);
    assert_eq!(o.count("coin"), 8);
    assert_eq!(o.count("flour"), 0);
    assert_eq!(
        o.count("wood"),
        0,
        "1.5 energy paid with 2 wood (no change)"
    );
}

#[test]
fn bakery_bakes_one_bread_with_one_straw_half_an_energy() {
    let mut o = with("F05", "flour 3, straw 3");
    let moves = use_it(&mut o, "Bakery");
    assert_eq!(
        moves.last().unwrap(),
        "3 bread",
        "3 straw are 1.5 energy: {moves:?}"
    );
    o.play("1 bread > 0 bread");
    assert_eq!(o.count("bread"), 1);
    assert_eq!(o.count("straw"), 2);
    assert_eq!(o.count("flour"), 2);
}

#[test]
fn bakery_bakes_no_more_than_the_energy_pays_for_and_without_flour_only_sells() {
    let mut o = with("F05", "flour 5, peat 1");
    let moves = use_it(&mut o, "Bakery");
    assert_eq!(
        moves.last().unwrap(),
        "4 bread",
        "2 energy bake 4: {moves:?}"
    );
    let mut o = with("F05", "bread 3, wood 4");
    let moves = use_it(&mut o, "Bakery");
    assert_eq!(moves, ["0 bread", "1 bread", "2 bread"]);
    o.play("2 bread");
    assert_eq!(o.goods(), "4 wood, 8 coins, 1 bread");
    let mut o = with("F05", "wood 4");
    let moves = use_it(&mut o, "Bakery");
    assert!(!moves.iter().any(|m| m.ends_with("bread")), "{moves:?}");
    assert_eq!(o.goods(), "4 wood");
}

// ---------------------------------------------------------------- Market (F08)

#[test]
fn market_takes_4_different_goods_for_1_bread_and_7_coins() {
    let mut o = with("F08", "wood 2, peat 1, grain 1, clay 1");
    let moves = use_it(&mut o, "Market");
    assert_eq!(moves, ["hand in 4 different goods", "not this"]);
    o.play("hand in 4 different goods > hand in 1 wood");
    assert!(!o.has_move("hand in 1 wood"), "a kind only once");
    o.play("hand in 1 peat > hand in 1 grain > hand in 1 clay");
    assert_eq!(o.count("bread"), 1);
    assert_eq!(o.count("coin"), 7);
    assert_eq!(o.count("wood"), 1);
    assert_eq!(o.count("peat") + o.count("grain") + o.count("clay"), 0);
}

#[test]
fn market_with_3_kinds_of_goods_offers_nothing() {
    let mut o = with("F08", "wood 5, peat 5, grain 5");
    let moves = use_it(&mut o, "Market");
    assert!(!moves.iter().any(|m| m.contains("different")), "{moves:?}");
    assert_eq!(o.count("bread") + o.count("coin"), 0);
}

// ---------------------------------------------------------------- Cloister Garden (F09)

#[test]
fn cloister_garden_gives_grapes_and_the_function_of_a_free_neighbouring_building() {
    let mut o = with("F09", "");
    let moves = use_it(&mut o, "Cloister Garden");
    // Only the Clay Mound (4,0) is a neighbouring building; the Cloister Office is diagonal.
    assert_eq!(moves, ["your Clay Mound at 4,0", "none"]);
    o.play("your Clay Mound at 4,0");
    assert_eq!(o.count("grapes"), 1);
    assert_eq!(o.count("clay"), 2);
}

#[test]
fn cloister_garden_does_not_use_an_occupied_neighbour() {
    let mut o = with("F09", "");
    o.play("use Clay Mound at 4,0 > with the prior");
    o.play("use Cloister Garden at 3,0");
    assert!(!o.has_move("your Clay Mound at 4,0"));
    assert_eq!(o.count("grapes"), 1);
    assert_eq!(o.count("clay"), 2, "only the first use's clay");
}

// ---------------------------------------------------------------- Harbor Promenade (F11)

#[test]
fn harbor_promenade_gives_wood_wine_coin_and_ceramic() {
    let mut o = with("F11", "");
    use_it(&mut o, "Harbor Promenade");
    assert_eq!(o.count("wood"), 1);
    assert_eq!(o.count("wine"), 1);
    assert_eq!(o.count("coin"), 1);
    assert_eq!(o.count("ceramic"), 1);
    assert_eq!(o.g.int("state.goods.to_map().keys().len()"), 4);
}

// ---------------------------------------------------------------- Financed Estate (F15)

#[test]
fn financed_estate_buys_book_bread_2_grapes_and_2_flour_for_1_coin() {
    let mut o = with("F15", "coin 2");
    use_it(&mut o, "Financed Estate");
    o.play("pay 1 coin for 1 book, 1 bread, 2 grapes and 2 flour");
    assert_eq!(o.count("coin"), 1);
    assert_eq!(o.count("book"), 1);
    assert_eq!(o.count("bread"), 1);
    assert_eq!(o.count("grapes"), 2);
    assert_eq!(o.count("flour"), 2);
    let mut o = with("F15", "grain 1");
    let moves = use_it(&mut o, "Financed Estate");
    assert!(
        !moves.iter().any(|m| m.starts_with("pay 1 coin")),
        "{moves:?}"
    );
    assert_eq!(o.goods(), "1 grain");
}

// ---------------------------------------------------------------- Cloister Library (F17)

#[test]
fn cloister_library_buys_up_to_3_books_then_turns_one_into_meat_and_wine() {
    let mut o = with("F17", "coin 5");
    let moves = use_it(&mut o, "Cloister Library");
    assert_eq!(moves, ["0 times", "1 time", "2 times", "3 times"]);
    o.play("3 times > turn 1 book into meat and wine");
    assert_eq!(o.count("coin"), 2);
    assert_eq!(o.count("book"), 2);
    assert_eq!(o.count("meat"), 1);
    assert_eq!(o.count("wine"), 1);
    assert!(!o.has_move("turn 1 book into meat and wine"), "once");
}

#[test]
fn cloister_library_a_book_just_bought_may_be_turned_and_without_coin_or_book_nothing() {
    let mut o = with("F17", "coin 1");
    use_it(&mut o, "Cloister Library");
    o.play("1 time > turn 1 book into meat and wine");
    assert_eq!(o.goods(), "1 meat, 1 wine");
    let mut o = with("F17", "wood 1");
    let moves = use_it(&mut o, "Cloister Library");
    assert!(
        !moves
            .iter()
            .any(|m| m.ends_with("times") || m.contains("book")),
        "{moves:?}"
    );
    assert_eq!(o.goods(), "1 wood");
}

// ---------------------------------------------------------------- Inn (F20)

#[test]
fn inn_sells_wine_for_6_and_up_to_7_food_for_a_coin_each() {
    let mut o = with("F20", "wine 1, grain 9");
    let moves = use_it(&mut o, "Inn");
    assert_eq!(moves, ["sell 1 wine for 6 coins", "not this"]);
    o.play("sell 1 wine for 6 coins");
    let moves = o.moves();
    assert_eq!(moves.last().unwrap(), "7 food", "{moves:?}");
    assert!(!moves.contains(&"8 food".to_owned()));
    o.play("7 food");
    assert_eq!(o.count("coin"), 13);
    assert_eq!(o.count("grain"), 2);
    assert_eq!(o.count("wine"), 0);
}

#[test]
fn inn_food_alone_or_wine_alone() {
    let mut o = with("F20", "grain 3");
    let moves = use_it(&mut o, "Inn");
    assert_eq!(moves, ["0 food", "1 food", "2 food", "3 food"]);
    o.play("2 food");
    assert_eq!(o.goods(), "1 grain, 2 coins");
    let mut o = with("F20", "wine 1");
    use_it(&mut o, "Inn");
    o.play("sell 1 wine for 6 coins");
    assert_eq!(o.goods(), "6 coins");
    let mut o = with("F20", "wood 2");
    let moves = use_it(&mut o, "Inn");
    assert!(
        !moves
            .iter()
            .any(|m| m.ends_with("food") || m.contains("wine")),
        "{moves:?}"
    );
    assert_eq!(o.goods(), "2 wood");
}

// ---------------------------------------------------------------- Winery (F21)

#[test]
fn winery_presses_any_number_of_grapes_then_sells_1_wine_for_7() {
    let mut o = with("F21", "grapes 9");
    let moves = use_it(&mut o, "Winery");
    assert_eq!(
        moves.last().unwrap(),
        "9 times",
        "no limit but the grapes: {moves:?}"
    );
    o.play("9 times > sell 1 wine for 7 coins");
    assert_eq!(o.count("wine"), 8);
    assert_eq!(o.count("coin"), 7);
    assert_eq!(o.count("grapes"), 0);
    let mut o = with("F21", "wood 1");
    let moves = use_it(&mut o, "Winery");
    assert!(
        !moves
            .iter()
            .any(|m| m.ends_with("times") || m.contains("7 coins")),
        "{moves:?}"
    );
    assert_eq!(o.goods(), "1 wood");
}

#[test]
fn building_the_winery_raises_the_work_contract_price_from_1_to_2() {
    let mut o = Oel::variant("ora-et-labora-solo-france", &[]);
    assert_eq!(o.g.int("state.work_price()"), 1);
    o.g.set("display", "[\"F21\"]");
    o.give("clay 2, straw 2");
    o.play("build Winery (2 straw, 2 clay) > at 3,0");
    assert_eq!(o.g.int("state.work_price()"), 2);
}

// ---------------------------------------------------------------- Bathhouse (F23)

#[test]
fn bathhouse_buys_book_and_ceramic_and_brings_your_clergy_back() {
    let mut o = with("F23", "coin 2");
    o.g.set("actions_left", "3");
    o.play("use Clay Mound at 4,0 > with the prior");
    use_it(&mut o, "Bathhouse");
    assert_eq!(occupied(&o), 2);
    o.play("pay 1 coin for 1 book and 1 ceramic, and take back your clergy");
    assert_eq!(occupied(&o), 0);
    assert_eq!(o.count("book"), 1);
    assert_eq!(o.count("ceramic"), 1);
    assert_eq!(o.count("coin"), 1);
    o.play("use Farmyard at 2,1");
    assert!(o.has_move("with the prior"));
}

#[test]
fn bathhouse_without_a_coin_leaves_the_clergy_where_they_are() {
    let mut o = with("F23", "wood 1");
    o.g.set("actions_left", "3");
    o.play("use Clay Mound at 4,0 > with the prior");
    let moves = use_it(&mut o, "Bathhouse");
    assert!(!moves.iter().any(|m| m.contains("take back")), "{moves:?}");
    assert_eq!(occupied(&o), 2);
    assert_eq!(o.goods(), "1 wood, 2 clay");
}

// ---------------------------------------------------------------- Cloister Church (F24)

#[test]
fn cloister_church_turns_bread_and_wine_into_a_reliquary_up_to_2_times() {
    let mut o = with("F24", "bread 3, wine 3");
    let moves = use_it(&mut o, "Cloister Church");
    assert_eq!(moves, ["0 times", "1 time", "2 times"]);
    o.play("2 times");
    assert_eq!(o.count("reliquary"), 2);
    assert_eq!(o.count("bread"), 1);
    assert_eq!(o.count("wine"), 1);
}

#[test]
fn cloister_church_needs_bread_and_wine_both() {
    let mut o = with("F24", "bread 3, wine 1");
    let moves = use_it(&mut o, "Cloister Church");
    assert_eq!(moves, ["0 times", "1 time"]);
    let mut o = with("F24", "bread 3");
    let moves = use_it(&mut o, "Cloister Church");
    assert!(!moves.iter().any(|m| m.ends_with("times")), "{moves:?}");
    assert_eq!(o.goods(), "3 bread");
}

// ---------------------------------------------------------------- Chamber of Wonders (F25)

const THIRTEEN: [&str; 13] = [
    "wood", "peat", "grain", "straw", "clay", "ceramic", "coin", "book", "stone", "ornament",
    "grapes", "wine", "flour",
];

#[test]
fn chamber_of_wonders_takes_13_different_goods_for_a_wonder() {
    let held: Vec<String> = THIRTEEN.iter().map(|g| format!("{g} 1")).collect();
    let mut o = with("F25", &held.join(", "));
    let moves = use_it(&mut o, "Chamber of Wonders");
    assert_eq!(moves, ["hand in 13 different goods", "not this"]);
    o.play("hand in 13 different goods");
    for g in THIRTEEN {
        o.play(&format!("hand in 1 {g}"));
    }
    assert_eq!(o.goods(), "1 wonder");
}

#[test]
fn chamber_of_wonders_with_12_kinds_offers_nothing() {
    let held: Vec<String> = THIRTEEN[..12].iter().map(|g| format!("{g} 2")).collect();
    let mut o = with("F25", &held.join(", "));
    let moves = use_it(&mut o, "Chamber of Wonders");
    assert!(!moves.iter().any(|m| m.contains("different")), "{moves:?}");
    assert_eq!(o.count("wonder"), 0);
}

// ---------------------------------------------------------------- Palace (F27)

#[test]
fn palace_pays_a_wine_for_another_occupied_buildings_function() {
    let mut o = with("F27", "wine 2");
    o.play("use Clay Mound at 4,0 > with the prior");
    let moves = use_it(&mut o, "Palace");
    assert_eq!(
        moves,
        ["pay 1 wine to use an occupied building", "not this"]
    );
    o.play("pay 1 wine to use an occupied building");
    let moves = o.moves();
    assert_eq!(
        moves,
        ["your Clay Mound at 4,0"],
        "not the Palace itself, not a free building"
    );
    // The Clay Mound's indicator is empty now: its function asks for the joker.
    o.play("your Clay Mound at 4,0 > 2 clay (the joker)");
    assert_eq!(o.count("wine"), 1);
    assert_eq!(o.count("clay"), 4);
}

#[test]
fn palace_without_wine_offers_nothing() {
    let mut o = with("F27", "grapes 1");
    o.play("use Clay Mound at 4,0 > with the prior");
    let moves = use_it(&mut o, "Palace");
    assert!(
        !moves
            .iter()
            .any(|m| m.contains("wine") || m.contains("your ")),
        "{moves:?}"
    );
    assert_eq!(o.goods(), "2 clay, 1 grapes");
}

// ---------------------------------------------------------------- Town Estate (F30)

#[test]
fn town_estate_sells_1_ceramic_for_12_coins_once() {
    let mut o = with("F30", "ceramic 2");
    use_it(&mut o, "Town Estate");
    o.play("sell 1 ceramic for 12 coins");
    assert_eq!(o.count("ceramic"), 1);
    assert_eq!(o.count("coin"), 12);
    let mut o = with("F30", "coin 1");
    let moves = use_it(&mut o, "Town Estate");
    assert!(!moves.iter().any(|m| m.contains("ceramic")), "{moves:?}");
    assert_eq!(o.goods(), "1 coin");
}

// ---------------------------------------------------------------- Calefactory (F32)

#[test]
fn calefactory_pays_1_coin_to_fell_trees_and_cut_peat_once_each() {
    let mut o = with("F32", "coin 2");
    let moves = use_it(&mut o, "Calefactory");
    assert_eq!(
        moves,
        ["pay 1 coin to fell trees and/or cut peat", "not this"]
    );
    o.play("pay 1 coin to fell trees and/or cut peat");
    assert_eq!(
        o.moves(),
        [
            "fell trees at 1,0",
            "fell trees at 2,0",
            "fell trees at 1,1",
            "no fell trees"
        ]
    );
    o.play("fell trees at 1,0");
    assert_eq!(
        o.moves(),
        ["cut peat at 0,0", "cut peat at 0,1", "no cut peat"]
    );
    o.play("cut peat at 0,1");
    assert_eq!(o.count("coin"), 1);
    assert_eq!(o.count("wood"), 2);
    assert_eq!(o.count("peat"), 2);
    assert_eq!(o.g.text("state.landscape.space(1, 0).content"), "empty");
    assert_eq!(o.g.text("state.landscape.space(0, 1).content"), "empty");
    assert_eq!(o.g.int("state.landscape.count(\"forest\")"), 2);
}

#[test]
fn calefactory_may_only_cut_peat_and_without_a_coin_does_nothing() {
    let mut o = with("F32", "coin 1");
    use_it(&mut o, "Calefactory");
    o.play("pay 1 coin to fell trees and/or cut peat > no fell trees > cut peat at 0,0");
    assert_eq!(o.goods(), "2 peat");
    assert_eq!(o.g.int("state.landscape.count(\"forest\")"), 3);
    let mut o = with("F32", "wood 1");
    let moves = use_it(&mut o, "Calefactory");
    assert!(!moves.iter().any(|m| m.contains("coin")), "{moves:?}");
    assert_eq!(o.goods(), "1 wood");
    assert_eq!(o.g.int("state.landscape.count(\"forest\")"), 3);
}

#[test]
fn calefactory_fells_trees_as_the_action_does_with_the_joker_on_offer() {
    let mut o = with("F32", "coin 1");
    o.g.set("wheel", "let w = state.wheel; w.take(\"wood\"); w");
    use_it(&mut o, "Calefactory");
    o.play("pay 1 coin to fell trees and/or cut peat > fell trees at 1,0");
    assert_eq!(o.moves(), ["0 wood (its indicator)", "2 wood (the joker)"]);
    o.play("2 wood (the joker) > no cut peat");
    assert_eq!(o.goods(), "2 wood");
    assert_eq!(o.g.int("state.wheel.amount(\"joker\")"), 0);
}

// ---------------------------------------------------------------- Shipping Company (F33)

#[test]
fn shipping_company_pays_3_energy_for_the_jokers_amount_of_bread() {
    let mut o = with("F33", "wood 3");
    let moves = use_it(&mut o, "Shipping Company");
    assert_eq!(
        moves,
        [
            "pay 3 energy for meat, bread or wine at the joker's amount",
            "not this"
        ]
    );
    o.play("pay 3 energy for meat, bread or wine at the joker's amount");
    assert_eq!(o.moves(), ["meat", "bread", "wine"]);
    o.play("bread");
    assert_eq!(o.goods(), "2 bread");
    assert_eq!(
        o.g.int("state.wheel.amount(\"joker\")"),
        0,
        "the joker resets"
    );
}

#[test]
fn shipping_company_with_less_than_3_energy_offers_nothing() {
    let mut o = with("F33", "wood 2, straw 1");
    let moves = use_it(&mut o, "Shipping Company");
    assert!(!moves.iter().any(|m| m.contains("energy")), "{moves:?}");
    assert_eq!(o.count("wood"), 2);
    assert_eq!(o.g.int("state.wheel.amount(\"joker\")"), 2);
}

// ---------------------------------------------------------------- Forger's Workshop (F35)

#[test]
fn forgers_workshop_5_coins_for_a_reliquary_then_10_for_each_more() {
    let mut o = with("F35", "coin 29");
    use_it(&mut o, "Forger's Workshop");
    o.play("pay 5 coins for a reliquary");
    assert_eq!(o.moves(), ["0 reliquaries", "1 reliquary", "2 reliquaries"]);
    o.play("2 reliquaries");
    assert_eq!(o.count("reliquary"), 3);
    assert_eq!(o.count("coin"), 4);
}

#[test]
fn forgers_workshop_with_5_to_14_coins_forges_one_and_with_1_to_4_nothing() {
    let mut o = with("F35", "coin 14");
    use_it(&mut o, "Forger's Workshop");
    o.play("pay 5 coins for a reliquary");
    assert_eq!(o.count("reliquary"), 1);
    assert_eq!(o.count("coin"), 9);
    let mut o = with("F35", "coin 4");
    let moves = use_it(&mut o, "Forger's Workshop");
    assert!(!moves.iter().any(|m| m.contains("reliquary")), "{moves:?}");
    assert_eq!(o.goods(), "4 coins");
}

// ---------------------------------------------------------------- Pilgrimage Site (F36)

#[test]
fn pilgrimage_site_upgrades_twice_and_the_second_may_upgrade_the_first() {
    let mut o = with("F36", "book 1");
    let moves = use_it(&mut o, "Pilgrimage Site");
    assert_eq!(moves, ["upgrade 1 book to 1 ceramic", "no more"]);
    o.play("upgrade 1 book to 1 ceramic");
    assert_eq!(o.moves(), ["upgrade 1 ceramic to 1 ornament", "no more"]);
    o.play("upgrade 1 ceramic to 1 ornament");
    assert_eq!(o.goods(), "1 ornament");
}

#[test]
fn pilgrimage_site_upgrades_at_most_twice_and_without_goods_nothing() {
    let mut o = with("F36", "book 2, ornament 1");
    use_it(&mut o, "Pilgrimage Site");
    o.play("upgrade 1 ornament to 1 reliquary > upgrade 1 book to 1 ceramic");
    assert!(
        !o.moves().iter().any(|m| m.starts_with("upgrade")),
        "a third upgrade"
    );
    assert_eq!(o.count("book"), 1);
    assert_eq!(o.count("ceramic"), 1);
    assert_eq!(o.count("reliquary"), 1);
    assert_eq!(o.count("ornament"), 0);
    let mut o = with("F36", "book 1");
    use_it(&mut o, "Pilgrimage Site");
    o.play("upgrade 1 book to 1 ceramic > no more");
    assert_eq!(o.goods(), "1 ceramic");
    let mut o = with("F36", "reliquary 1");
    let moves = use_it(&mut o, "Pilgrimage Site");
    assert!(!moves.iter().any(|m| m.starts_with("upgrade")), "{moves:?}");
    assert_eq!(o.goods(), "1 reliquary");
}

// ---------------------------------------------------------------- Dormitory (F37)

#[test]
fn dormitory_gives_a_ceramic_and_makes_books_of_straw_and_wood() {
    let mut o = with("F37", "straw 2, wood 3");
    let moves = use_it(&mut o, "Dormitory");
    assert_eq!(moves, ["0 times", "1 time", "2 times"]);
    o.play("2 times");
    assert_eq!(o.count("ceramic"), 1);
    assert_eq!(o.count("book"), 2);
    assert_eq!(o.count("wood"), 1);
    assert_eq!(o.count("straw"), 0);
    let mut o = with("F37", "wood 3");
    let moves = use_it(&mut o, "Dormitory");
    assert!(!moves.iter().any(|m| m.ends_with("times")), "{moves:?}");
    assert_eq!(o.goods(), "3 wood, 1 ceramic");
}

// ---------------------------------------------------------------- Printing Office (F38)

#[test]
fn printing_office_clears_forests_for_books_without_wood() {
    let mut o = with("F38", "");
    let moves = use_it(&mut o, "Printing Office");
    assert_eq!(moves, ["0 forests", "1 forest", "2 forests", "3 forests"]);
    o.play("2 forests");
    assert_eq!(o.goods(), "2 books");
    assert_eq!(o.g.int("state.landscape.count(\"forest\")"), 1);
}

#[test]
fn printing_office_clears_at_most_4_forests() {
    let mut o = with("F38", "");
    o.g.set(
        "landscape",
        "let l = state.landscape; l.clear_moor(0, 0); l.clear_moor(0, 1); l",
    );
    let moves = use_it(&mut o, "Printing Office");
    assert!(!moves.contains(&"5 forests".to_owned()), "{moves:?}");
    let mut o = with("F38", "");
    o.g.set(
        "landscape",
        "let l = state.landscape; for s in [[1, 0], [2, 0], [1, 1]] { l.clear_forest(s[0], s[1]); } l",
    );
    let moves = use_it(&mut o, "Printing Office");
    assert!(!moves.iter().any(|m| m.ends_with("forests")), "{moves:?}");
    assert_eq!(o.goods(), "nothing");
}

// ---------------------------------------------------------------- Hospice (F40)

#[test]
fn hospice_uses_a_building_still_in_the_display() {
    let mut o = with("F40", "coin 1, grain 1");
    o.g.set("display", "[\"F03\", \"F04\"]");
    let moves = use_it(&mut o, "Hospice");
    assert_eq!(moves, ["Grain Storage", "Windmill"]);
    o.play("Grain Storage > pay 1 coin for 6 grain");
    assert_eq!(o.goods(), "7 grain");
}

#[test]
fn hospice_offers_no_building_outside_the_display_and_nothing_when_it_is_empty() {
    let mut o = with("F40", "coin 1, grain 1");
    o.g.set("display", "[\"F04\"]");
    let moves = use_it(&mut o, "Hospice");
    assert_eq!(
        moves,
        ["Windmill"],
        "not your own Clay Mound nor a card not on display"
    );
    let mut o = with("F40", "coin 1");
    o.g.set("display", "[]");
    let moves = use_it(&mut o, "Hospice");
    assert!(!moves.contains(&"Grain Storage".to_owned()), "{moves:?}");
    assert_eq!(o.goods(), "1 coin");
}

#[test]
fn calefactory_a_joker_taken_for_the_trees_is_empty_for_the_peat() {
    let mut o = with("F32", "coin 1");
    o.g.set(
        "wheel",
        "let w = state.wheel; w.take(\"wood\"); w.take(\"peat\"); w",
    );
    use_it(&mut o, "Calefactory");
    o.play("pay 1 coin to fell trees and/or cut peat > fell trees at 1,0 > 2 wood (the joker)");
    // Peat and joker both show 0 now: nothing to ask.
    o.play("cut peat at 0,0");
    assert_eq!(o.goods(), "2 wood");
    assert_eq!(o.g.text("state.landscape.space(0, 0).content"), "empty");
}
