//! Issue 34, findings 1 and 2: a manifest adds, changes or removes single entries of an
//! inherited data table (`[data.KEY.add.ID]`, `[data.KEY.change.ID]`, `remove = [...]`)
//! without copying it, and the words of the data are checked when the manifest loads.

use crate::common::{Game, TempLibrary};
use houserules::manifest::Variant;
use houserules::script::{Limits, Rules};

const HERB_GARDEN: &str = "ora-et-labora-solo-france-herb-garden";

/// A game of a variant of `lib` (seed 1, the default options).
fn game_in(lib: &TempLibrary, name: &str) -> Game {
    let variant = Variant::load(&lib.library, name).unwrap_or_else(|e| panic!("{e}"));
    let rules = Rules::compile(variant, Limits::default()).unwrap_or_else(|e| panic!("{e}"));
    let options = houserules::manifest::options::resolve(&rules.variant.options, &[]).unwrap();
    let state = rules.new_state(&options, 1).unwrap();
    Game { rules, state }
}

/// What loading variant `name` of `lib` says (it must fail).
fn load_error(lib: &TempLibrary, name: &str) -> String {
    match Variant::load(&lib.library, name).and_then(|v| Rules::compile(v, Limits::default())) {
        Ok(_) => panic!("{name} loaded"),
        Err(e) => e.to_string(),
    }
}

/// `houserules check` on variant `name` of `lib`: it loads, and a random game ends.
fn passes_check(lib: &TempLibrary, name: &str) {
    let report = houserules::repl::check(&lib.library, name, Limits::default())
        .unwrap_or_else(|e| panic!("check {name}: {e}"));
    assert!(report.starts_with("ok:"), "{report}");
}

/// A France solo variant whose manifest ends with `data`.
fn oel_variant(lib: &TempLibrary, name: &str, data: &str) {
    lib.write(
        &format!("variants/{name}.toml"),
        &format!("name = \"{name}\"\nextends = \"ora-et-labora-solo-france\"\n{data}"),
    );
}

#[test]
fn the_herb_garden_is_a_new_card_in_a_few_lines_found_by_its_name() {
    let lib = TempLibrary::new();
    passes_check(&lib, HERB_GARDEN);
    let g = Game::new(HERB_GARDEN, &[], 1);
    assert!(
        g.eval("state.display").to_string().contains("F41"),
        "a start building is on display"
    );
    assert_eq!(g.text("state.card(\"F41\").name"), "Herb Garden");
    assert_eq!(g.text("state.function_of(\"F41\")"), "herb_garden");
    let gained = "let s = state; let before = s.goods; s.herb_garden(#{}); \
                  [s.goods.get(\"grain\") - before.get(\"grain\"), s.goods.get(\"sheep\") - before.get(\"sheep\")]";
    assert_eq!(g.ints(gained), [2, 1], "2 grain and 1 livestock");
    let manifest = std::fs::read_to_string(format!("variants/{HERB_GARDEN}.toml")).unwrap();
    let script = std::fs::read_to_string("scripts/house/herb-garden.rhai").unwrap();
    assert!(manifest.lines().count() + script.lines().count() <= 15);
}

#[test]
fn a_card_s_cost_changes_and_a_card_goes_without_restating_the_file() {
    let lib = TempLibrary::new();
    oel_variant(
        &lib,
        "dear-windmill",
        "[data.buildings.change.Windmill]\ncost = { wood = 5 }\n[data.buildings]\nremove = [\"F03\"]\n",
    );
    passes_check(&lib, "dear-windmill");
    let g = game_in(&lib, "dear-windmill");
    assert_eq!(
        g.text("state.card(\"F04\").cost"),
        "#{\"wood\": 5}",
        "by name, clay gone too"
    );
    assert_eq!(
        g.text("state.card(\"F04\").economic"),
        Game::new("ora-et-labora-solo-france", &[], 1).text("state.card(\"F04\").economic")
    );
    assert!(
        !g.text("state.cards.ids()").contains("F03"),
        "the Grain Storage is removed"
    );
}

#[test]
fn a_tile_count_and_a_pyramid_level_change_alone() {
    let lib = TempLibrary::new();
    lib.write(
        "variants/more-d.toml",
        "name = \"more-d\"\nextends = \"carcassonne-solo\"\n[data.tiles.change.D]\ncount = 6\n",
    );
    passes_check(&lib, "more-d");
    assert_eq!(game_in(&lib, "more-d").int("state.data.tiles.total()"), 74);
    lib.write(
        "variants/low-top.toml",
        "name = \"low-top\"\nextends = \"invaders\"\n[data.pyramid.change.7]\nslots = \"IIP\"\n",
    );
    passes_check(&lib, "low-top");
    let g = game_in(&lib, "low-top");
    assert_eq!(g.text("state.data.pyramid.levels[0].slots"), "IIP");
    assert_eq!(
        g.int("let levels = state.data.pyramid.levels; levels.len()"),
        7
    );
}

#[test]
fn a_change_to_an_entry_there_is_not_names_the_line_and_the_nearest() {
    let lib = TempLibrary::new();
    oel_variant(&lib, "typo", "\n[data.buildings.change.F4]\ncost = {}\n");
    let e = load_error(&lib, "typo");
    assert!(e.contains("variants/typo.toml:4:"), "{e}");
    assert!(
        e.contains("`F4` is not an entry of [data.buildings]"),
        "{e}"
    );
    assert!(e.contains("F40"), "the ids are listed: {e}");
    oel_variant(&lib, "name", "\n[data.buildings.change.Priry]\ncost = {}\n");
    let e = load_error(&lib, "name");
    assert!(
        e.contains("`Priry` is not an entry of [data.buildings]; did you mean `Priory`?")
            && e.contains("G01 (Priory)"),
        "a card is found by its name too, so names are offered and listed: {e}"
    );
    oel_variant(
        &lib,
        "field",
        "\n[data.buildings.change.Priory]\ncots = {}\n",
    );
    let e = load_error(&lib, "field");
    assert!(
        e.contains("variants/field.toml:5:1: [data.buildings]: unknown field `cots`"),
        "the unknown field's own line: {e}"
    );
    oel_variant(
        &lib,
        "value",
        "\n[data.buildings.change.Priory]\neconomic = \"four\"\n",
    );
    let e = load_error(&lib, "value");
    assert!(
        e.contains("variants/value.toml:5:1: [data.buildings]: invalid type: text \"four\", expected a whole number"),
        "the value's own line, in a file's words (not Rust's `i64`): {e}"
    );
}

#[test]
fn removing_a_card_the_table_still_holds_is_told_at_the_removal() {
    let lib = TempLibrary::new();
    oel_variant(
        &lib,
        "no-farm",
        "\n[data.buildings]\nremove = [\"Farmyard\"]\n",
    );
    let e = load_error(&lib, "no-farm");
    assert!(
        e.starts_with("variants/no-farm.toml:5:1: [data.buildings]: removes `Farmyard` (L2), which [data.table] still needs: heartland: `L2` is not a card of the buildings"),
        "the designer's line, not the inherited table's: {e}"
    );
    assert!(
        e.contains("keep `Farmyard` (L2), or change [data.table] too"),
        "{e}"
    );
}

#[test]
fn a_misspelled_good_in_a_cost_is_refused_at_the_manifest_line() {
    let lib = TempLibrary::new();
    let card = "name = \"Herb Garden\", kind = \"building\", variant = \"france\", age = \"start\", solo = \"used\", economic = 2, dwelling = 3, cloister = false, terrain = [\"plains\"], function = \"-\"";
    oel_variant(
        &lib,
        "wod",
        &format!(
            "\n[data.buildings.add.F41]\n{}\ncost = {{ wod = 1 }}\n",
            card.replace(", ", "\n")
        ),
    );
    let e = load_error(&lib, "wod");
    assert!(
        e.contains("variants/wod.toml:15:"),
        "the line of `cost`: {e}"
    );
    assert!(
        e.contains("`wod` is not a good; did you mean `wood`?"),
        "{e}"
    );
    assert!(
        e.contains("wood, whiskey, peat"),
        "the goods are listed: {e}"
    );
    assert!(e.contains("coins, food, energy"), "and the measures: {e}");
    // The same word in a whole data file points at its line there.
    lib.edit(
        "variants/data/ora-et-labora-buildings.toml",
        "cost = { wood = 3, clay = 2 }",
        "cost = { wood = 3, cly = 2 }",
    );
    let e = load_error(&lib, "ora-et-labora-solo-france");
    assert!(e.contains("ora-et-labora-buildings.toml:181:"), "{e}");
    assert!(e.contains("did you mean `clay`?"), "{e}");
}

#[test]
fn a_misspelled_terrain_is_refused_with_the_terrains() {
    let lib = TempLibrary::new();
    oel_variant(
        &lib,
        "hills",
        "[data.buildings.change.F04]\nterrain = [\"hilside\"]\n",
    );
    let e = load_error(&lib, "hills");
    assert!(e.contains("variants/hills.toml:3:"), "{e}");
    assert!(
        e.contains("`hilside` is not a terrain; did you mean `hillside`?"),
        "{e}"
    );
    assert!(
        e.contains("water, coast, plains, hillside, mountain"),
        "{e}"
    );
}

#[test]
fn livestock_is_a_good_by_its_name_as_sheep_is_by_its_key() {
    let lib = TempLibrary::new();
    oel_variant(
        &lib,
        "by-name",
        "[data.buildings.change.F04]\ncost = { livestock = 1, wood = 1 }\n",
    );
    let g = game_in(&lib, "by-name");
    assert_eq!(
        g.text("state.cost_text(state.card(\"F04\").cost)"),
        "1 wood, 1 livestock"
    );
    assert_eq!(
        g.int("state.data.goods.goods(#{ livestock: 2 }).get(\"sheep\")"),
        2
    );
    let e = g.eval_error("state.data.goods.goods(#{ livestok: 2 })");
    assert!(
        e.contains("`livestok` is not a good; did you mean `livestock`?"),
        "{e}"
    );
    assert!(e.contains("goods: wood, whiskey"), "{e}");
}

#[test]
fn a_misspelled_point_value_is_refused_at_its_line() {
    let lib = TempLibrary::new();
    lib.write(
        "variants/cloister-typo.toml",
        "name = \"cloister-typo\"\nextends = \"carcassonne-solo\"\n\n[data.points]\nroad_tile = 2\ncloister_complet = 12\n",
    );
    let e = load_error(&lib, "cloister-typo");
    assert!(e.contains("variants/cloister-typo.toml:6:"), "{e}");
    assert!(
        e.contains("`cloister_complet` is not a point value; did you mean `cloister_complete`?"),
        "{e}"
    );
    assert!(e.contains("road_tile, city_tile"), "{e}");
}

#[test]
fn a_layout_names_cards_there_are() {
    let lib = TempLibrary::new();
    let table = "variants/data/ora-et-labora-table.toml";
    lib.edit(
        table,
        "\"plains+L2\", \"plains\", \"plains+L3\"],\n]\n# The solo",
        "\"plains+L2\", \"plains\", \"plains+L4\"],\n]\n# The solo",
    );
    let e = load_error(&lib, "ora-et-labora-solo-france");
    assert!(e.contains("ora-et-labora-table.toml:27:"), "{e}");
    assert!(
        e.contains("heartland: `L4` is not a card of the buildings"),
        "{e}"
    );
}
