//! The basic buildings, the start buildings and the A buildings of Ireland: each use's
//! goods and state, and its limits (an over-use is no move; a use you cannot pay offers
//! no trade).

use super::Oel;

/// A fresh game with `goods` given (`""`: nothing).
fn with(goods: &str) -> Oel {
    let mut o = Oel::ireland();
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
    assert!(!o.has_move("use Clay Mound at 4,0"), "occupied: no second use");
}

#[test]
fn clay_mound_may_take_the_joker_when_it_shows_another_amount() {
    let mut o = with("");
    o.g.set("wheel", "let w = state.wheel; w.take(\"clay\"); w");
    o.play("use Clay Mound at 4,0 > with a lay brother");
    assert_eq!(options(&mut o), ["0 clay (its indicator)", "2 clay (the joker)"]);
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
    assert_eq!(options(&mut o), ["grain", "sheep"]);
    o.play("grain");
    assert_eq!(o.goods(), "2 grain");
    assert_eq!(wheel(&o, "grain"), 0);
    assert_eq!(wheel(&o, "sheep"), 2, "not both");
    assert!(!o.has_move("use Farmyard at 2,1"));
}

#[test]
fn farmyard_gives_sheep_and_no_grain() {
    let mut o = with("");
    o.play("use Farmyard at 2,1 > with a lay brother > sheep");
    assert_eq!(o.goods(), "2 livestock");
    assert_eq!(wheel(&o, "sheep"), 0);
    assert_eq!(wheel(&o, "grain"), 2);
}

#[test]
fn farmyard_may_take_sheep_from_the_joker() {
    let mut o = with("");
    o.g.set("wheel", "let w = state.wheel; w.take(\"sheep\"); w");
    o.play("use Farmyard at 2,1 > with a lay brother > sheep > 2 sheep (the joker)");
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
