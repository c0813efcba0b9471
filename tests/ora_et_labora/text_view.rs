//! The text table as a player reads it (issue 33, parts 2 and 6): cards by their names
//! (short names in the landscapes, explained by `show --legend`), `card NAME`, goods named
//! alike by the wheel and the goods list, and a status line true in every phase.

use super::Oel;
use crate::common::houserules;
use houserules::script::ViewOptions;

/// What `show` prints for the game in `o` (no terminal: no width).
fn view(o: &Oel) -> String {
    o.g.text("state.view()")
}

/// The words of `text` that are card ids of the game in `o` ("G13", "L1", "S03").
fn card_ids_in(o: &Oel, text: &str) -> Vec<String> {
    let ids: Vec<String> = o.g.eval("state.cards.ids()").into_typed_array().unwrap();
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| ids.iter().any(|id| id == w))
        .map(str::to_owned)
        .collect()
}

/// A piped session on `variant` (seed 1): what it printed, checked to have succeeded.
fn session(variant: &str, input: &str) -> String {
    let run = houserules(&["play", variant, "--seed", "1"], input);
    assert!(run.ok, "{}\n{}", run.stdout, run.stderr);
    run.stdout
}

/// `shown` against snapshot `name` in tests/snapshots/; where the unfinished game is kept
/// (a fresh temporary folder each run) left out.
fn snapshot(name: &str, shown: &str) {
    insta::with_settings!({
        snapshot_path => "../snapshots",
        filters => vec![(r"saved in \S+/unfinished\.save", "saved in [DATA]/unfinished.save")],
    }, {
        insta::assert_snapshot!(name, shown);
    });
}

const FIRST_MOVES: &str = "show\nshow --legend\ncard Priory\nfell trees at 1,0\nuse Clay Mound at 4,0 > with a lay brother\nbuild Priory (1 wood, 1 clay) > at 3,1\nshow\nlog\n";

#[test]
fn the_ireland_table_its_legend_a_card_and_the_first_moves() {
    snapshot(
        "ireland_first_moves",
        &session("ora-et-labora-solo-ireland", FIRST_MOVES),
    );
}

#[test]
fn the_france_table_its_legend_a_card_and_the_first_moves() {
    snapshot(
        "france_first_moves",
        &session("ora-et-labora-solo-france", FIRST_MOVES),
    );
}

#[test]
fn card_priory_tells_its_cost_terrain_function_values_and_place() {
    let shown = session("ora-et-labora-solo-ireland", "card Priory\n");
    assert_eq!(
        session("ora-et-labora-solo-ireland", "card pRIORY\n"),
        shown
    );
    snapshot("card_priory", &shown);
}

#[test]
fn landscapes_name_cards_never_by_id_and_the_legend_explains_each_short_name() {
    let mut o = Oel::ireland();
    o.play("fell trees at 1,0");
    o.play("use Clay Mound at 4,0 > with a lay brother");
    o.play("build Priory (1 wood, 1 clay) > at 3,1");
    o.pass_until(13);
    let shown = view(&o);
    assert_eq!(card_ids_in(&o, &shown), Vec::<String>::new(), "{shown}");
    assert!(
        shown.contains(
            "production wheel: 10 wood, 10 clay (gone: peat, grain, livestock, coin, joker)\n"
        ),
        "{shown}"
    );
    for name in [
        "P Priory",
        "H ClayMound(1)",
        "P StMerch",
        "P PCoalKiln",
        "P CloistOff",
    ] {
        assert!(shown.contains(name), "{name} in {shown}");
    }
    let legend = o.g.text("state.legend(())");
    for pair in [
        "StMerch = Stone Merchant",
        "PCoalKiln = Peat Coal Kiln",
        "CloistOff = Cloister Office",
        "ClayMound = Clay Mound",
    ] {
        assert!(legend.contains(pair), "{pair} in {legend}");
    }
    assert!(
        !legend.contains("Priory ="),
        "a whole name needs no legend: {legend}"
    );
    assert!(
        !legend.contains("Builders"),
        "only the cards shown: {legend}"
    );
    for sign in [
        "W water",
        "^ marks",
        "(P)",
        "(1) (2) the lay brothers",
        "forest or moor",
    ] {
        assert!(legend.contains(sign), "{sign} in {legend}");
    }
    let place = |name: &str| o.g.text(&format!("state.card_text(\"{name}\")"));
    assert!(place("Builders' Market").contains("now: out of the game (built over"));
    assert!(place("stmerch").contains("now: in the neutral player's landscape at 0,0\n"));
    assert!(place("Priory").contains("now: in your landscape at 3,1\n"));
    assert!(place("Hamlet").contains(
        "now: not yet in play: it comes to your hand at the end of settlement phase B (round 16)"
    ));
    assert!(place("Artists' Colony").contains("now: in your hand of settlements"));
    assert!(place("Slaughterhouse").contains("now: in the display"));
    assert!(o.g.eval("state.card_text(\"Priori\")").is_unit());
}

#[test]
fn a_whole_game_s_log_and_last_table_name_cards_never_by_id() {
    let shown = session("ora-et-labora-solo-france", "auto\nlog\nshow\n");
    let o = Oel::variant("ora-et-labora-solo-france", &[]);
    assert_eq!(card_ids_in(&o, &shown), Vec::<String>::new(), "{shown}");
    assert!(shown.contains("neutral builds"), "{shown}");
}

#[test]
fn the_status_line_names_the_next_settlement_phase_in_every_phase() {
    let mut o = Oel::ireland();
    let next = |o: &Oel| {
        let shown = view(o);
        let at = shown
            .find("next settlement phase: ")
            .expect("a status line");
        shown[at..].split(';').next().unwrap().to_owned()
    };
    assert_eq!(next(&o), "next settlement phase: A in round 12");
    o.pass_until(12);
    assert_eq!(o.phase(), "neutral_build");
    assert_eq!(next(&o), "next settlement phase: B in round 16");
    while o.phase() != "actions" {
        o.pass_once();
    }
    assert_eq!(o.round(), 12);
    assert_eq!(next(&o), "next settlement phase: B in round 16");
    o.pass_until(31);
    assert_eq!(o.phase(), "actions");
    assert_eq!(next(&o), "next settlement phase: E in round 31");
    while o.phase() == "actions" {
        o.pass_once();
    }
    assert!(view(&o).contains("settlement phase E"), "{}", view(&o));
    assert_eq!(next(&o), "next settlement phase: none");
}

#[test]
fn a_question_under_way_is_shown_with_the_action_it_belongs_to() {
    let mut o = Oel::ireland();
    o.play("use Clay Mound at 4,0");
    assert!(
        view(&o).ends_with("\nuse Clay Mound at 4,0: which clergyman?\n"),
        "{}",
        view(&o)
    );
    o.play("with a lay brother > build Peat Coal Kiln (1 clay)");
    assert!(
        view(&o).ends_with("\nbuild Peat Coal Kiln (1 clay): where does Peat Coal Kiln go?\n"),
        "{}",
        view(&o)
    );
}

#[test]
fn the_wheel_and_the_goods_list_name_goods_alike_with_plurals_right() {
    let mut o = Oel::ireland();
    let shown = view(&o);
    assert!(
        shown.contains(
            "production wheel: 2 wood, 2 peat, 2 grain, 2 livestock, 2 clay, 2 coins, the joker 2\n"
        ),
        "{shown}"
    );
    assert!(shown.contains("work contracts cost 1 coin (or"), "{shown}");
    o.play("use Farmyard at 2,1 > with a lay brother > livestock");
    o.give("coal 1, coin5 1, coin 1");
    let shown = view(&o);
    assert!(shown.contains(" 0 livestock,"), "{shown}");
    assert!(
        shown.contains("your goods: 1 peat coal, 2 livestock, 1 coin, 1 5-coin\n"),
        "{shown}"
    );
    for word in ["sheep", "coin5", "1 coins", "1 points", "1 actions"] {
        assert!(!shown.contains(word), "`{word}` in {shown}");
    }
    assert!(shown.contains("1 action left"), "{shown}");
}

#[test]
fn a_name_not_found_gets_the_nearest_names_and_what_to_do() {
    let shown = houserules(
        &["play", "ora-et-labora-solo-ireland", "--seed", "1"],
        "card Priori\ncard cloister\ncard xyzzy\ncard\ncard builders' market\n",
    )
    .stdout;
    crate::common::assert_in_order(
        &shown,
        &[
            "error: card: no card `Priori` in this game",
            "help: did you mean `card Priory`? (`card` alone lists the cards)",
            "help: did you mean Cloister Chapter House, Cloister Courtyard, Cloister Office or Cloister Workshop?",
            "error: card: no card `xyzzy` in this game",
            "help: `card` alone lists the cards; Tab completes a name",
            "the cards of this game:\nAlehouse, Artists' Colony,",
            "Builders' Market — start building, not a cloister",
            "now: in the neutral player's landscape at 0,0",
        ],
    );
}

/// The line of `listing` that lists the move `label`.
fn listed<'a>(listing: &'a str, label: &str) -> &'a str {
    listing
        .lines()
        .find(|l| {
            l.trim_start()
                .split_once("  ")
                .is_some_and(|(_, rest)| rest.starts_with(label))
        })
        .unwrap_or_else(|| panic!("`{label}` is not listed:\n{listing}"))
}

#[test]
fn the_moves_say_what_a_building_does_and_what_the_wheel_gives() {
    let shown = session("ora-et-labora-solo-ireland", "fell trees at 1,0\nmoves\n");
    let moves = &shown[shown.find("  1  ").unwrap()..];
    assert!(
        listed(moves, "use Clay Mound at 4,0")
            .ends_with("  Produce clay from the wheel (clay indicator, or the joker)."),
        "{moves}"
    );
    assert!(
        listed(moves, "build Granary (1 wood)")
            .ends_with("  Once: 1 coin buys 4 grain and 1 book."),
        "{moves}"
    );
    assert!(
        listed(moves, "fell trees at 2,0").ends_with("  0 wood, or 2 from the joker"),
        "{moves}"
    );
    assert!(listed(moves, "pass").ends_with("pass"), "{moves}");
}

/// What the rules say move `label` does, as `moves` lists it.
fn about(o: &mut Oel, label: &str) -> Option<String> {
    let moves = o.g.rules.moves(&mut o.g.state).unwrap();
    let mv = moves
        .iter()
        .find(|m| m.label == label)
        .unwrap_or_else(|| panic!("`{label}` is no move"));
    o.g.rules.describe_move(&mut o.g.state, mv).unwrap()
}

#[test]
fn felling_and_cutting_say_what_the_wheel_gives() {
    let mut o = Oel::ireland();
    assert_eq!(about(&mut o, "cut peat at 0,0").as_deref(), Some("2 peat"));
    o.play("fell trees at 1,0");
    assert_eq!(
        about(&mut o, "fell trees at 2,0").as_deref(),
        Some("0 wood, or 2 from the joker")
    );
    assert_eq!(about(&mut o, "pass"), None);
    // Past round 12 every indicator, the joker too, has left the solo game's wheel.
    o.pass_until(13);
    assert_eq!(about(&mut o, "cut peat at 0,0").as_deref(), Some("nothing"));
}

/// The Ireland game with a Shanty Town at 3,0 and `building` under way, paid with `goods`.
fn building_beside_shanty_town(building: &str, goods: &str) -> Oel {
    let mut o = Oel::ireland();
    o.g.set(
        "landscape",
        "let l = state.landscape; l.settle(3, 0, \"S01\"); l",
    );
    o.g.set("display", "[\"G07\", \"I03\"]");
    o.give(goods);
    o.play(building);
    o
}

#[test]
fn a_space_for_a_building_says_what_it_adds_to_the_settlements_beside_it() {
    // The Granary (dwelling 3) at 3,1, beside the Shanty Town, where an empty plains
    // added 0; the Peat Coal Kiln (dwelling -2) takes from it.
    let mut o = building_beside_shanty_town("build Granary (1 wood)", "wood 1");
    assert_eq!(
        about(&mut o, "at 3,1").as_deref(),
        Some("+3 settlement points")
    );
    let mut o = building_beside_shanty_town("build Peat Coal Kiln (1 clay)", "clay 1");
    assert_eq!(
        about(&mut o, "at 3,1").as_deref(),
        Some("-2 settlement points")
    );
}

/// The Ireland game in a settlement phase with a Shanty Town in hand and its food and energy.
fn shanty_town_to_settle() -> Oel {
    let mut o = Oel::ireland();
    o.give("grain 1, peat 1");
    o.g.set("settlements", "[\"S01\"]");
    o.g.set("phase", "\"settle\"");
    o
}

/// The value a Shanty Town would have at `col, row`, by the host's `settlement_value`.
fn shanty_town_value(o: &Oel, col: i64, row: i64) -> i64 {
    o.g.int(&format!(
        "let l = state.landscape; l.settle({col}, {row}, \"S01\"); \
         l.settlement_value(state.cards, state.data.table, {col}, {row})"
    ))
}

/// "+3 settlement points", "-1 settlement point".
fn settlement_points(n: i64) -> String {
    let points = if n.abs() == 1 { "point" } else { "points" };
    format!("{n:+} settlement {points}")
}

#[test]
fn a_space_for_a_settlement_says_what_it_is_worth_there() {
    let mut o = shanty_town_to_settle();
    o.play("settle Shanty Town (1 food, 1 energy)");
    let values: Vec<i64> = [(3, 0), (3, 1)]
        .into_iter()
        .map(|(col, row)| {
            let there = shanty_town_value(&o, col, row);
            assert_eq!(
                about(&mut o, &format!("at {col},{row}")),
                Some(settlement_points(there)),
                "at {col},{row}"
            );
            there
        })
        .collect();
    assert_ne!(values[0], values[1], "the spaces differ: {values:?}");
}

#[test]
fn a_settlement_to_settle_says_the_most_it_can_be_worth() {
    let mut o = shanty_town_to_settle();
    let free = "state.landscape.free_spaces(state.cards, \"S01\", false)";
    let cols = o.g.ints(&format!("{free}.map(|p| p.col)"));
    let rows = o.g.ints(&format!("{free}.map(|p| p.row)"));
    let best = cols
        .iter()
        .zip(&rows)
        .map(|(&col, &row)| shanty_town_value(&o, col, row))
        .max()
        .unwrap();
    assert_eq!(
        about(&mut o, "settle Shanty Town (1 food, 1 energy)"),
        Some(format!("up to {}", settlement_points(best)))
    );
}

#[test]
fn a_landscape_wider_than_the_terminal_is_drawn_in_bands_that_fit() {
    let mut o = Oel::ireland();
    o.give("coin 60");
    o.play("buy plot (7 coins) > coast > row 0");
    o.play("pass");
    o.play("buy plot (6 coins) > mountain > row 0");
    let at = |width: usize| ViewOptions {
        width: Some(width),
        ..ViewOptions::default()
    };
    let shown = o.g.rules.view(&mut o.g.state, &at(80)).unwrap().unwrap();
    let landscape: Vec<&str> = shown
        .lines()
        .skip_while(|l| *l != "your landscape:")
        .skip(1)
        .take_while(|l| !l.starts_with("neutral player:"))
        .collect();
    assert!(
        landscape.iter().all(|l| l.chars().count() <= 80),
        "every line fits 80 columns: {shown}"
    );
    let headers: Vec<&str> = landscape
        .iter()
        .filter(|l| l.starts_with("    "))
        .copied()
        .collect();
    assert_eq!(
        headers
            .iter()
            .flat_map(|h| h.split_whitespace())
            .collect::<Vec<_>>(),
        ["-2", "-1", "0", "1", "2", "3", "4", "5", "6"],
        "the nine columns in two bands, each under its numbers: {shown}"
    );
    assert_eq!(headers.len(), 2, "{shown}");
    let wide = o.g.rules.view(&mut o.g.state, &at(200)).unwrap().unwrap();
    assert!(
        wide.contains("your landscape:\n    -2 ") && wide.contains("6\n  0 W"),
        "one band where the width allows: {wide}"
    );
}
