//! Paying food, energy and money as a player does (issue 33, part 1): when more than one
//! sensible payment exists the action asks which goods to hand in, the suggested one
//! first; `auto_pay` pays the suggested one unasked; every payment is told. For each card
//! whose function takes such a payment, two payments of the same worth made of different
//! goods give the same result and leave different goods.

use super::Oel;
use crate::common::{Game, TempLibrary};

const IRELAND: &str = "ora-et-labora-solo-ireland";
const FRANCE: &str = "ora-et-labora-solo-france";

/// A fresh game of `variant` that asks how to pay, with `goods` given.
fn asking(variant: &str, goods: &str) -> Oel {
    let mut o = Oel::variant(variant, &[("auto_pay", "false")]);
    o.give(goods);
    o
}

/// The texts of the events of `kind` announced since there were `from`.
fn told(o: &Oel, from: i64, kind: &str) -> Vec<String> {
    o.g.eval(&format!(
        "state.events.extract({from}).filter(|e| e.kind == \"{kind}\").map(|e| e.text)"
    ))
    .into_typed_array()
    .unwrap()
}

/// Card `id` on your landscape at 3,0 with `goods`, used with a lay brother through
/// `steps`, then paid each of the two `ways` in turn from a fresh game: the goods left
/// after each. Both ways must be offered, the first of them as the suggestion (the
/// question's first option), and each must be told.
fn paid_two_ways(
    variant: &str,
    id: &str,
    goods: &str,
    steps: &str,
    ways: [&str; 2],
) -> [String; 2] {
    ways.map(|way| {
        let mut o = asking(variant, goods);
        o.place(id, 3, 0);
        o.play(&format!(
            "use {} at 3,0 > with a lay brother",
            name_of(&o, id)
        ));
        if !steps.is_empty() {
            o.play(steps);
        }
        let question = o.g.text("state.question()");
        assert!(
            question.contains(": how do you pay"),
            "{id}: asked `{question}`"
        );
        let offered = o.moves();
        assert_eq!(offered[0], ways[0], "{id}: the suggestion");
        assert!(
            offered.iter().any(|m| m == way),
            "{id}: `{way}` not in {offered:?}"
        );
        let from = o.event_count();
        o.play(way);
        let paid = told(&o, from, "paid");
        let mut handed = way.trim_start_matches("pay ").split(", ");
        assert!(
            paid.len() == 1 && handed.all(|g| paid[0].contains(g)),
            "{id}: the payment `{way}` is not told: {paid:?}"
        );
        o.goods()
    })
}

fn name_of(o: &Oel, id: &str) -> String {
    o.g.text(&format!("state.cards.get(\"{id}\").name"))
}

// ---------------------------------------------------------------- finding 1

/// A settlement phase with a coast plot bought and the Fishing Village (8 food, 3
/// energy) in hand.
fn settle_phase_with_a_fishing_village(o: &mut Oel) {
    o.g.set(
        "landscape",
        "let l = state.landscape; l.add_plot(state.data.table, 0, \"coast\"); l",
    );
    o.g.set("settlements", "[\"S04\"]");
    o.g.set("phase", "\"settle\"");
}

#[test]
fn settling_asks_which_goods_to_hand_in_and_suggests_keeping_the_beer() {
    let mut o = asking(IRELAND, "grain 10, beer 1, sheep 5, peat 1, wood 1");
    settle_phase_with_a_fishing_village(&mut o);
    o.play("settle Fishing Village (8 food, 3 energy) > at -1,0");
    assert_eq!(
        o.g.text("state.question()"),
        "settle Fishing Village (8 food, 3 energy): how do you pay 8 food, 3 energy?"
    );
    let offered = o.moves();
    assert!(offered.len() > 1 && offered.len() <= 6, "{offered:?}");
    assert!(
        !offered[0].contains("beer"),
        "the suggestion keeps the beer: {offered:?}"
    );
    assert!(offered.iter().any(|m| m.contains("beer")), "{offered:?}");
    let suggested = o.g.text("state.describe_move(state.frame.ask.options[0])");
    assert_eq!(suggested, "suggested", "{offered:?}");
    let other = o.g.text("state.describe_move(state.frame.ask.options[1])");
    assert!(other.starts_with("gives "), "{other}");
    let from = o.event_count();
    o.play("pay 1 wood, 1 peat, 8 grain");
    assert_eq!(o.goods(), "5 livestock, 2 grain, 1 beer");
    assert_eq!(
        told(&o, from, "paid"),
        ["you hand in 1 wood, 1 peat, 8 grain"]
    );
}

/// A game of the house rule `name` (Ireland with `script`), asking how to pay.
fn house_game(lib: &TempLibrary, name: &str, script: &str) -> Oel {
    lib.write(&format!("scripts/house/{name}.rhai"), script);
    lib.write(
        &format!("variants/{name}.toml"),
        &format!("name = \"{name}\"\nextends = \"{IRELAND}\"\nscripts = [\"house/{name}.rhai\"]\n"),
    );
    Oel {
        g: Game::in_library(&lib.library, name, &[("auto_pay", "false")], 1),
    }
}

/// A house rule that pays with the fewest tiles: its `payment_preference` alone changes
/// the suggestion.
#[test]
fn the_suggested_payment_follows_the_rules_preference() {
    let lib = TempLibrary::new();
    let fewest_tiles = "fn payment_preference() { [\"tiles\", \"overpaid\"] }";
    let mut o = house_game(&lib, "fewest-tiles", fewest_tiles);
    o.give("grain 10, beer 1, sheep 5, peat 1, wood 1");
    settle_phase_with_a_fishing_village(&mut o);
    o.play("settle Fishing Village (8 food, 3 energy) > at -1,0");
    // The shipped preference suggests 4 livestock, keeping the beer (a made good).
    let offered = o.moves();
    assert_eq!(
        offered[0], "pay 1 wood, 1 peat, 1 livestock, 1 grain, 1 beer",
        "{offered:?}"
    );
}

/// A preference the ledger does not know is an error where a payment is weighed, not a
/// cost that seems beyond reach (every build refused without a word).
#[test]
fn a_misspelt_preference_is_an_error_not_a_refusal() {
    let lib = TempLibrary::new();
    let misspelt = "fn payment_preference() { [\"tilez\"] }";
    let mut o = house_game(&lib, "misspelt", misspelt);
    o.give("wood 5, clay 5, coin 10");
    let e = o.g.rules.moves(&mut o.g.state).unwrap_err().to_string();
    assert!(
        e.contains("`tilez` is no way to compare payments") && e.contains("base.rhai"),
        "{e}"
    );
}

#[test]
fn a_payment_typed_whole_with_the_action_is_played() {
    let mut o = asking(IRELAND, "grain 10, beer 1, sheep 5, peat 1, wood 1");
    settle_phase_with_a_fishing_village(&mut o);
    o.play("settle Fishing Village (8 food, 3 energy) > at -1,0 > pay 1 wood, 1 peat, 1 livestock, 1 grain, 1 beer");
    assert_eq!(o.goods(), "4 livestock, 9 grain");
    assert_eq!(o.phase(), "settle");
}

#[test]
fn auto_pay_pays_the_suggested_way_unasked_and_tells_it() {
    let mut o = Oel::variant(IRELAND, &[("auto_pay", "true")]);
    o.give("grain 10, beer 1, sheep 5, peat 1, wood 1");
    settle_phase_with_a_fishing_village(&mut o);
    let from = o.event_count();
    o.play("settle Fishing Village (8 food, 3 energy) > at -1,0");
    assert!(o.g.eval("state.frame").is_unit(), "nothing asked");
    assert_eq!(
        told(&o, from, "paid"),
        ["you hand in 1 wood, 1 peat, 4 livestock"]
    );
    assert_eq!(o.goods(), "1 livestock, 10 grain, 1 beer");
}

#[test]
fn one_way_to_pay_is_not_asked() {
    let mut o = asking(IRELAND, "coin 3");
    o.place("I03", 3, 0);
    o.play("use Granary at 3,0 > with a lay brother > pay 1 coin for 4 grain and 1 book");
    assert_eq!(o.phase(), "actions");
    assert_eq!(o.goods(), "4 grain, 2 coins, 1 book");
}

#[test]
fn money_overpaid_comes_back_as_coins_and_is_told() {
    let mut o = asking(IRELAND, "coin 2, coin5 1");
    o.place("G13", 3, 0);
    o.play("use Builders' Market at 3,0 > with a lay brother > pay 2 coins for 2 wood, 2 clay, 1 stone and 1 straw");
    assert_eq!(o.moves(), ["pay 2 coins", "pay 1 5-coin"]);
    assert_eq!(
        o.g.text("state.describe_move(state.frame.ask.options[1])"),
        "gives 1 5-coin instead of 2 coins; 3 coins back"
    );
    let from = o.event_count();
    o.play("pay 1 5-coin");
    assert_eq!(
        told(&o, from, "paid"),
        ["you hand in 1 5-coin (3 coins back)"]
    );
    assert_eq!(o.count("coin"), 5);
}

#[test]
fn buying_a_landscape_pays_with_the_goods_chosen() {
    let mut o = asking(IRELAND, "coin 3, coin5 1, whiskey 1");
    let prices = o.g.text("state.districts");
    o.play("buy district (8 coins) > plains > row 2");
    let offered = o.moves();
    assert_eq!(
        offered,
        ["pay 3 coins, 1 5-coin", "pay 1 whiskey, 1 coin, 1 5-coin"]
    );
    o.play("pay 1 whiskey, 1 coin, 1 5-coin");
    assert_eq!(o.goods(), "2 coins");
    // The question of how to pay takes one price off the pile, not two.
    assert_eq!(
        o.g.text("state.districts"),
        format!("[{}", prices.split_once(", ").unwrap().1)
    );
}

// ---------------------------------------------------------------- Ireland's cards

#[test]
fn granary_a_coin_or_a_whiskey_with_change() {
    let left = paid_two_ways(
        IRELAND,
        "I03",
        "coin 1, whiskey 1",
        "pay 1 coin for 4 grain and 1 book",
        ["pay 1 coin", "pay 1 whiskey"],
    );
    assert_eq!(
        left,
        ["1 whiskey, 4 grain, 1 book", "4 grain, 2 coins, 1 book"]
    );
}

#[test]
fn builders_market_two_coins_or_a_whiskey() {
    let left = paid_two_ways(
        IRELAND,
        "G13",
        "coin 2, whiskey 1",
        "pay 2 coins for 2 wood, 2 clay, 1 stone and 1 straw",
        ["pay 2 coins", "pay 1 whiskey"],
    );
    assert_eq!(
        left,
        [
            "2 wood, 1 whiskey, 1 straw, 2 clay, 1 stone",
            "2 wood, 1 straw, 2 clay, 2 coins, 1 stone",
        ]
    );
}

#[test]
fn scriptorium_a_coin_or_a_whiskey() {
    let left = paid_two_ways(
        IRELAND,
        "I17",
        "coin 1, whiskey 1",
        "pay 1 coin for 1 book, 1 meat and 1 whiskey",
        ["pay 1 coin", "pay 1 whiskey"],
    );
    assert_eq!(
        left,
        [
            "2 whiskey, 1 meat, 1 book",
            "1 whiskey, 1 meat, 2 coins, 1 book"
        ]
    );
}

#[test]
fn fuel_merchant_peat_and_wood_or_three_wood() {
    let left = paid_two_ways(
        IRELAND,
        "G06",
        "wood 3, peat 1",
        "pay 3 energy for 5 coins",
        ["pay 1 wood, 1 peat", "pay 3 wood"],
    );
    assert_eq!(left, ["2 wood, 5 coins", "1 peat, 5 coins"]);
}

#[test]
fn stone_merchant_grain_or_livestock_for_the_food() {
    let left = paid_two_ways(
        IRELAND,
        "G12",
        "wood 1, grain 2, sheep 1",
        "1 time",
        ["pay 1 wood, 1 livestock", "pay 1 wood, 2 grain"],
    );
    assert_eq!(left, ["2 grain, 1 stone", "1 livestock, 1 stone"]);
}

#[test]
fn cloister_workshop_wood_or_peat_for_the_energy() {
    let left = paid_two_ways(
        IRELAND,
        "G18",
        "clay 1, wood 1, peat 1",
        "1 time",
        ["pay 1 wood", "pay 1 peat"],
    );
    assert_eq!(left, ["1 peat, 1 ceramic", "1 wood, 1 ceramic"]);
}

#[test]
fn locutory_two_coins_or_a_whiskey() {
    let left = paid_two_ways(
        IRELAND,
        "I23",
        "coin 2, whiskey 1",
        "pay 2 coins, take back your prior and build",
        ["pay 2 coins", "pay 1 whiskey"],
    );
    assert_eq!(left, ["1 whiskey", "2 coins"]);
}

#[test]
fn chapel_a_coin_or_a_whiskey_for_the_book() {
    let left = paid_two_ways(
        IRELAND,
        "I24",
        "coin 1, whiskey 1",
        "pay 1 coin for 1 book",
        ["pay 1 coin", "pay 1 whiskey"],
    );
    assert_eq!(left, ["1 whiskey, 1 book", "2 coins, 1 book"]);
}

#[test]
fn estate_six_energy_of_peat_or_of_peat_and_wood() {
    let left = paid_two_ways(
        IRELAND,
        "G39",
        "peat 3, wood 2",
        "pay 6 energy for a book and an ornament",
        ["pay 3 peat", "pay 2 wood, 2 peat"],
    );
    assert_eq!(
        left,
        ["2 wood, 1 book, 1 ornament", "1 peat, 1 book, 1 ornament"]
    );
}

#[test]
fn house_of_the_brotherhood_five_coins_or_a_5_coin() {
    let left = paid_two_ways(
        IRELAND,
        "G41",
        "coin 5, coin5 1",
        "pay 5 coins for goods worth your cloisters > take 1 book",
        ["pay 5 coins", "pay 1 5-coin"],
    );
    assert_eq!(left, ["1 book, 1 5-coin", "5 coins, 1 book"]);
}

#[test]
fn round_tower_five_coins_or_a_5_coin_beside_the_whiskey_and_points() {
    let left = paid_two_ways(
        IRELAND,
        "I35",
        "coin 5, coin5 1, whiskey 1, reliquary 2",
        "pay 5 coins, 1 whiskey and 14 points of goods for a wonder > hand in 1 reliquary (8 points) > hand in 1 reliquary (8 points)",
        ["pay 5 coins", "pay 1 5-coin"],
    );
    assert_eq!(left, ["1 5-coin, 1 wonder", "5 coins, 1 wonder"]);
}

// ---------------------------------------------------------------- France's cards

#[test]
fn grain_storage_a_coin_or_a_wine() {
    let left = paid_two_ways(
        FRANCE,
        "F03",
        "coin 1, wine 1",
        "pay 1 coin for 6 grain",
        ["pay 1 coin", "pay 1 wine"],
    );
    assert_eq!(left, ["6 grain, 1 wine", "6 grain, 1 coin"]);
}

#[test]
fn bakery_straw_or_wood_for_half_an_energy() {
    let left = paid_two_ways(
        FRANCE,
        "F05",
        "flour 1, straw 1, wood 1",
        "1 bread > 0 bread",
        ["pay 1 straw", "pay 1 wood"],
    );
    assert_eq!(left, ["1 wood, 1 bread", "1 straw, 1 bread"]);
}

#[test]
fn financed_estate_a_coin_or_a_wine() {
    let left = paid_two_ways(
        FRANCE,
        "F15",
        "coin 1, wine 1",
        "pay 1 coin for 1 book, 1 bread, 2 grapes and 2 flour",
        ["pay 1 coin", "pay 1 wine"],
    );
    assert_eq!(
        left,
        [
            "1 book, 2 grapes, 1 wine, 2 flour, 1 bread",
            "1 coin, 1 book, 2 grapes, 2 flour, 1 bread"
        ]
    );
}

#[test]
fn cloister_library_a_coin_or_a_wine_for_the_book() {
    let left = paid_two_ways(
        FRANCE,
        "F17",
        "coin 1, wine 1",
        "1 time > keep the books",
        ["pay 1 coin", "pay 1 wine"],
    );
    assert_eq!(left, ["1 book, 1 wine", "1 coin, 1 book"]);
}

#[test]
fn inn_grain_or_livestock_sold_as_food() {
    let left = paid_two_ways(
        FRANCE,
        "F20",
        "grain 2, sheep 1",
        "2 food",
        ["pay 1 livestock", "pay 2 grain"],
    );
    assert_eq!(left, ["2 grain, 2 coins", "1 livestock, 2 coins"]);
}

#[test]
fn bathhouse_a_coin_or_a_wine() {
    let left = paid_two_ways(
        FRANCE,
        "F23",
        "coin 1, wine 1",
        "pay 1 coin for 1 book and 1 ceramic, and take back your clergy",
        ["pay 1 coin", "pay 1 wine"],
    );
    assert_eq!(
        left,
        ["1 ceramic, 1 book, 1 wine", "1 ceramic, 1 coin, 1 book"]
    );
}

#[test]
fn calefactory_a_coin_or_a_wine() {
    let left = paid_two_ways(
        FRANCE,
        "F32",
        "coin 1, wine 1",
        "pay 1 coin to fell trees and/or cut peat > fell trees at 1,0 > no cut peat",
        ["pay 1 coin", "pay 1 wine"],
    );
    assert_eq!(
        left[0].replace("1 wine", "W"),
        left[1].replace("1 coin", "W"),
        "{left:?}"
    );
    assert_ne!(left[0], left[1]);
}

#[test]
fn shipping_company_three_wood_or_a_peat_coal() {
    let left = paid_two_ways(
        FRANCE,
        "F33",
        "wood 3, coal 1",
        "pay 3 energy for meat, bread or wine at the joker's amount > meat",
        ["pay 3 wood", "pay 1 peat coal"],
    );
    assert_eq!(
        left[0].replace("1 peat coal", "X"),
        left[1].replace("3 wood", "X"),
        "{left:?}"
    );
    assert!(
        left[0].contains("meat") && left[0].contains("peat coal") && left[1].contains("3 wood")
    );
}

#[test]
fn forgers_workshop_five_coins_or_a_5_coin() {
    let left = paid_two_ways(
        FRANCE,
        "F35",
        "coin 5, coin5 1",
        "pay 5 coins for a reliquary",
        ["pay 5 coins", "pay 1 5-coin"],
    );
    assert_eq!(left, ["1 5-coin, 1 reliquary", "5 coins, 1 reliquary"]);
}

#[test]
fn the_repl_lists_the_ways_to_pay_with_what_each_gives_up_and_tells_the_payment() {
    super::piped_session(
        IRELAND,
        "3",
        "use Cloister Office at 4,1 > with a lay brother\nfell trees at 1,0\n\
         use Farmyard at 2,1 > with the prior > grain\ncut peat at 0,0\n\
         build Stone Merchant (1 wood) > at 3,0\nuse Stone Merchant at 3,0\n1 time\nmoves\n\
         pay 1 peat, 2 grain\n",
        &[
            "how do you pay 2 food, 1 energy?",
            "pay 1 wood, 2 grain",
            "suggested",
            "pay 1 peat, 2 grain",
            "gives 1 peat instead of 1 wood; 1 energy more than needed",
            "you hand in 1 peat, 2 grain",
            "you receive 1 stone",
        ],
    );
}

#[test]
fn a_wrong_answer_to_how_to_pay_lists_the_payments_each_whole() {
    let mut o = asking(IRELAND, "wood 1, peat 1, grain 4");
    o.place("G12", 3, 0);
    o.play("use Stone Merchant at 3,0 > with a lay brother > 1 time");
    let refused = o.g.try_play("pay 9 gold").unwrap_err();
    let help = refused.help.unwrap_or_default();
    assert!(
        help.starts_with("legal moves: `pay 1 wood, 2 grain`, `pay 1 peat, 2 grain`; "),
        "a payment's own commas do not run into the list's: {help}"
    );
}
