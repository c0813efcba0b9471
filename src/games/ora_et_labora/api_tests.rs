//! The Rhai API end to end: the data loaded through `load_data`, small scripts, and the
//! errors scripts get for bad input.

use super::cards::tests::CARDS_FILE;
use super::goods_table::tests::GOODS_FILE;
use super::table::tests::TABLE_FILE;
use super::{api, load_data};
use rhai::{Dynamic, Engine, Scope};

fn engine() -> Engine {
    let mut engine = Engine::new();
    api::register(&mut engine);
    engine
}

fn scope() -> Scope<'static> {
    let mut scope = Scope::new();
    for (name, key, text) in [
        ("goods", "goods", GOODS_FILE),
        ("cards", "buildings", CARDS_FILE),
        ("table", "table", TABLE_FILE),
    ] {
        scope.push_constant(name, load_data(key, text).unwrap().unwrap());
    }
    scope
}

fn run<T: Clone + 'static>(script: &str) -> T {
    engine()
        .eval_with_scope::<T>(&mut scope(), script)
        .unwrap_or_else(|e| panic!("{script}\n{e}"))
}

fn error_of(script: &str) -> String {
    match engine().eval_with_scope::<Dynamic>(&mut scope(), script) {
        Ok(v) => panic!("{script} gave {v} instead of an error"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn load_data_knows_three_keys() {
    assert!(load_data("tiles", "").is_none());
    let e = load_data("goods", "schema_version = 1\ngood = 3\n")
        .unwrap()
        .unwrap_err();
    assert_eq!(e.line, Some(2));
    assert!(load_data("table", "x").unwrap().is_err());
    assert!(load_data("buildings", "").unwrap().is_err());
}

#[test]
fn goods_arithmetic_and_text() {
    let text: String = run(r#"
        let g = goods.goods(#{ wood: 3, peat: 2 });
        g.add("coin", 4);
        g.take("wood", 1);
        g.add(goods.from_codes("ClCl"));
        `${g} | ${g["coin"]} | ${g.get("peat")} | ${g.food()} | ${g.energy()} | ${g.kinds()}`
    "#);
    assert_eq!(
        text,
        "2 wood, 2 peat, 2 clay, 4 coins | 4 | 2 | 4 | 6.0 | 4"
    );
    assert!(run::<bool>(
        r#"let g = goods.goods(#{ wood: 3 }); g.has(goods.goods(#{ wood: 2 })) && !g.has("wood", 4)"#
    ));
    assert_eq!(
        run::<String>(r#"goods.goods(#{ straw: 3 }).energy().to_string()"#),
        "1.5"
    );
    assert_eq!(
        run::<String>(r#"goods.goods(#{ peat: 1, sheep: 2 }).codes()"#),
        "PtShSh"
    );
    assert_eq!(run::<i64>(r#"goods.info("whiskey").money"#), 2);
    assert_eq!(run::<i64>(r#"goods.keys().len()"#), 23);
    // A key is a good; a name unlike its key (the cards' "livestock") is not a key.
    assert!(run::<bool>(
        r#""whiskey" in goods && goods.contains("sheep")"#
    ));
    assert!(!run::<bool>(
        r#""livestock" in goods || goods.contains("time")"#
    ));
}

#[test]
fn goods_errors_are_script_errors() {
    let cases = [
        (
            r#"goods.goods().take("wood", 1)"#,
            "not enough wood: 0 held, 1 needed",
        ),
        (r#"goods.goods().add("wood", -2)"#, "cannot be negative"),
        (r#"goods.goods().get("gold")"#, "`gold` is not a good"),
        (r#"goods.goods(#{ wood: "two" })"#, "whole number"),
        (r#"goods.from_codes("Zz")"#, "code `Zz`"),
        (
            r#"goods.goods().convert("alchemy")"#,
            "no conversion `alchemy`",
        ),
        (r#"goods.goods().pay("joy", 1, [])"#, "not a value to pay"),
        (r#"goods.goods().pay("food", 3, [])"#, "cannot pay 3"),
        (r#"goods.goods().pay("food", "x", [])"#, "must be a number"),
        (r#"goods.goods().pay("food", 1.5, [])"#, "not an amount"),
        (
            r#"goods.goods().pay("food", 1, ["cheap"])"#,
            "`cheap` is no way to compare payments (one of overpaid, points",
        ),
        (
            r#"goods.goods().pay("food", 1, ["tiles", "tiles"])"#,
            "names a criterion twice",
        ),
        (
            r#"goods.goods(#{ coin: 1 }).payments("food", 1, -1, [])"#,
            "negative",
        ),
        (r#"goods.info("gold")"#, "`gold` is not a good"),
        (
            r#"goods.goods(#{ coin: 1000000000000 }).pay("food", 1000000000, [])"#,
            "more than a payment can be",
        ),
        (
            r#"goods.goods(#{ coin: 1000000000000 }).codes()"#,
            "too many to write",
        ),
    ];
    for (script, message) in cases {
        let e = error_of(script);
        assert!(e.contains(message), "{script}: {e}");
    }
}

#[test]
fn payments_from_scripts() {
    let text: String = run(r#"
        let usual = ["overpaid", "points", "other_values", "made_goods", "tiles"];
        let g = goods.goods(#{ coin: 2, grain: 2, bread: 1, straw: 1, peat: 1 });
        let options = g.payments("food", 3, 10, usual).map(|p| p.to_string());
        let cheapest = g.payment("food", 3, usual);
        let fewest_tiles = g.payment("food", 2, ["tiles", "overpaid"]);
        let none = g.payment("food", 20, usual);
        let worth = `${g.worth("food")} food, ${g.worth("energy")} energy`;
        let paid = g.pay("energy", 0.5, usual);
        g.pay_with("money", 1, goods.goods(#{ coin: 1 }));
        `${options} / ${cheapest} / ${fewest_tiles} / ${none == ()} / ${worth} / ${paid} / ${g}`
    "#);
    assert_eq!(
        text,
        r#"["1 bread", "2 grain, 1 coin", "1 grain, 2 coins"] / 1 bread / 1 bread / true / 7 food, 2.5 energy / 1 straw / 1 peat, 2 grain, 1 coin, 1 bread"#
    );
    let e = error_of(
        r#"let g = goods.goods(#{ coin: 3 }); g.pay_with("food", 2, goods.goods(#{ coin: 3 }))"#,
    );
    assert!(e.contains("for nothing"), "{e}");
    assert!(!run::<bool>(
        r#"let g = goods.goods(#{ coin: 3 }); g.is_payment("food", 2, goods.goods(#{ coin: 3 }))"#
    ));
    assert_eq!(
        run::<String>(
            r#"let g = goods.goods(#{ coin5: 1 }); g.pay("money", 3, ["overpaid"]); g.to_string()"#
        ),
        "2 coins"
    );
}

#[test]
fn conversions_from_scripts() {
    let text: String = run(r#"
        let g = goods.goods(#{ grain: 2, coin: 5, whiskey: 1 });
        g.convert("grain_to_straw");
        g.convert("coins_to_coin5", 1);
        g.convert("whiskey_to_coins");
        g.to_string()
    "#);
    assert_eq!(text, "1 grain, 1 straw, 2 coins, 1 5-coin");
    assert!(error_of(r#"goods.goods().convert("grain_to_straw", -1)"#).contains("negative"));
}

#[test]
fn the_wheel_from_scripts() {
    let text: String = run(r#"
        let w = table.wheel("front", table.solo_indicators());
        for i in 0..4 { w.rotate(true); }
        let clay = w.take("clay");
        let removed = [];
        for i in 0..13 { removed += w.rotate(true); }
        `${clay} ${w.beam} ${removed} ${w.amounts().len()}`
    "#);
    assert_eq!(
        text,
        r#"5 4 ["wood", "peat", "grain", "sheep", "coin", "joker", "clay"] 0"#
    );
    assert_eq!(
        run::<i64>(
            r#"let w = table.wheel("back", ["grain"]); w.rotate(false); w.rotate(false); w.amount("grain")"#
        ),
        2
    );
    for (script, message) in [
        (
            r#"table.wheel("front", []).take("joker")"#,
            "`joker` is not on the wheel",
        ),
        (r#"table.wheel("side", [])"#, "no wheel side `side`"),
        (r#"table.wheel("front", [1])"#, "must be a string"),
        (
            r#"table.wheel("front", ["a", "a"])"#,
            "already on the wheel",
        ),
    ] {
        let e = error_of(script);
        assert!(e.contains(message), "{script}: {e}");
    }
}

#[test]
fn landscapes_from_scripts() {
    let text: String = run(r#"
        let l = table.heartland("player");
        l.clear_moor(0, 0);
        let rows = l.district_rows(false);
        l.add_district(table, 2, "plains");
        l.add_plot(table, 0, "mountain");
        let spaces = l.free_spaces(cards, "G01", false).map(|p| `${p.col},${p.row}`);
        let quarry = l.free_spaces(cards, "G22", false).map(|p| `${p.col},${p.row}`);
        let mountain = l.neighbours(6, 1).map(|p| `${p.col},${p.row}`);
        l.build(3, 1, "G01");
        l.place_clergy(3, 1, "prior");
        l.settle(3, 0, "S02");
        let v = l.settlement_value(cards, table, 3, 0);
        let occupied = l.buildings(cards).filter(|b| b.occupied).map(|b| `${b.id} ${b.cloister}`);
        `${rows} ${spaces} ${quarry} ${mountain} ${v} ${occupied} ${l.space(6, 1).terrain} ${l.count("forest")}`
    "#);
    // The Farming Village at (3,0): 1 + Clay Mound 3 + Priory 3 + forest 0.
    assert_eq!(
        text,
        r#"[-1, 2] ["3,1", "5,1", "4,2"] ["6,0"] ["5,0", "5,1"] 7 ["G01 true"] mountain 4"#
    );
    let forests: String = run(r#"
        let l = table.heartland("player");
        l.build(3, 1, "G01");
        let forests = l.spaces("forest").map(|s| `${s.col},${s.row}`);
        let buildings = l.spaces("building").map(|s| `${s.id}@${s.col},${s.row}`);
        let same = l.spaces("building") == l.spaces().filter(|s| s.content == "building");
        `${forests} ${buildings} ${l.spaces("lava")} ${same}`
    "#);
    // The start buildings and the one just built, in the order of `spaces()`.
    assert_eq!(
        forests,
        r#"["1,0", "2,0", "1,1"] ["L1@4,0", "L2@2,1", "G01@3,1", "L3@4,1"] [] true"#
    );
    let shown: String = run(r#"let l = table.heartland("neutral"); l.to_string()"#);
    assert!(shown.contains("H L1"), "{shown}");
}

#[test]
fn landscape_errors_are_script_errors() {
    for (script, message) in [
        (
            r#"table.heartland("player").build(99999999999, 0, "G01")"#,
            "no space at 99999999999,0",
        ),
        (
            r#"table.heartland("player").build(-2, 0, "G01")"#,
            "no space at -2,0",
        ),
        (
            r#"table.heartland("player").build(0, 0, "G01")"#,
            "not empty",
        ),
        (
            r#"table.heartland("player").clear_forest(3, 0)"#,
            "holds no forest",
        ),
        (
            r#"table.heartland("player").add_district(table, 5, "plains")"#,
            "cannot go in row 5",
        ),
        (
            r#"table.heartland("player").add_district(table, 2, "swamp")"#,
            "no district side `swamp`",
        ),
        (
            r#"table.heartland("player").add_plot(table, 7, "coast")"#,
            "upper row at 7",
        ),
        (
            r#"table.heartland("player").free_spaces(cards, "X99", false)"#,
            "no card `X99`",
        ),
        (
            r#"table.heartland("player").free_spaces(["lava"], false, cards)"#,
            "not a terrain",
        ),
        (
            r#"table.heartland("player").place_clergy(1, 0, "prior")"#,
            "holds no building",
        ),
        (
            r#"table.heartland("player").return_clergy("prior")"#,
            "not on any building",
        ),
        (
            r#"table.heartland("player").settlement_value(cards, table, 4, 0)"#,
            "holds no settlement",
        ),
        (
            r#"table.heartland("player").count("castle")"#,
            "not forest, moor or empty",
        ),
        (r#"table.heartland("mars")"#, "no heartland side `mars`"),
    ] {
        let e = error_of(script);
        assert!(e.contains(message), "{script}: {e}");
    }
}

#[test]
fn cards_from_scripts() {
    let text: String = run(r#"
        let ireland = cards.variant("ireland");
        let solo_france = cards.variant("france").solo();
        let kiln = cards.get("G07");
        let tower = ireland.find("Round Tower");
        let france_ids = solo_france.ids();
        `${ireland.len()} ${solo_france.len()} ${kiln.effect[1].join} ${kiln.cost} ${tower.dwelling} ${"F10" in france_ids} ${cards.find("Nowhere") == ()}`
    "#);
    // 41 buildings + 3 basic + 8 settlements; France solo: 37 + 11.
    assert_eq!(text, r#"52 48 additionally #{"clay": 1} 9 false true"#);
    assert!(error_of(r#"cards.get("Q1")"#).contains("no card `Q1`"));
    assert!(run::<bool>(
        r#"cards.is_cloister("L3") && !cards.is_cloister("L1")"#
    ));
    let settlements: String =
        run(r#"cards.variant("ireland").ids("settlement").reduce(|t, id| t + id, "")"#);
    assert_eq!(settlements, "S01S02S03S04S05S06S07S08");
    let basic: String = run(r#"cards.ids("basic").reduce(|t, id| t + id, "")"#);
    assert_eq!(basic, "L1L2L3");
    assert!(run::<bool>(r#"cards.ids("lava").is_empty()"#));
}

#[test]
fn values_are_cloned_not_shared() {
    let text: String = run(r#"
        let a = goods.goods(#{ wood: 1 });
        let b = a;
        b.add("wood", 1);
        let l = table.heartland("player");
        let m = l;
        m.clear_moor(0, 0);
        `${a} ${b} ${l.count("moor")} ${m.count("moor")}`
    "#);
    assert_eq!(text, "1 wood 2 wood 2 1");
}
