//! The Carcassonne picture reads like the table (issue 36): coordinates on its edges
//! that match the move labels, a score table that neither wraps nor misaligns, meeples on
//! the segment they stand on (svg.rs's unit tests); and, for the web table, every legal move that has a place
//! on the board drawn there once as a target carrying its label.

use crate::common::library;
use crate::render::assert_well_formed;
use houserules::bot::{play_out, RandomBot};
use houserules::picture;
use houserules::script::{Limits, Move};
use houserules::session::Session;

fn game(variant: &str, seed: u64, moves: usize) -> Session {
    let mut s = Session::new(&library(), variant, &[], seed, Limits::default()).unwrap();
    play_out(&mut s, &mut RandomBot::seeded(seed), Some(moves)).unwrap();
    s
}

/// The text of every `<text …>…</text>` of the picture.
fn texts(svg: &str) -> Vec<&str> {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| Some(t.split_once('>')?.1.split_once("</text>")?.0))
        .collect()
}

/// How many elements carry `data-move="LABEL"`.
fn targets_of(svg: &str, label: &str) -> usize {
    svg.matches(&format!("data-move=\"{label}\"")).count()
}

/// The labels of every target drawn.
fn target_labels(svg: &str) -> Vec<String> {
    svg.split("data-move=\"")
        .skip(1)
        .map(|t| t.split('"').next().unwrap_or_default().to_owned())
        .collect()
}

#[test]
fn the_columns_and_rows_carry_the_coordinates_the_labels_use() {
    let mut s = game("carcassonne-solo", 5, 12);
    let svg = picture::svg(&mut s).unwrap();
    let coords: Vec<&str> = svg
        .split("<text class=\"coord\"")
        .skip(1)
        .filter_map(|t| Some(t.split_once('>')?.1.split_once('<')?.0))
        .collect();
    // Every cell named by a placed tile's position has its x and its y drawn.
    for tile in svg.split("<g class=\"tile\" data-pos=\"").skip(1) {
        let (x, y) = tile.split('"').next().unwrap().split_once(',').unwrap();
        assert!(coords.contains(&x), "no column {x} in {coords:?}");
        assert!(coords.contains(&y), "no row {y} in {coords:?}");
    }
}

#[test]
fn the_score_table_is_one_line_a_row_in_a_fixed_width_font() {
    let mut s = game("carcassonne-solo", 5, 200);
    assert!(s.over().unwrap().is_some());
    let svg = picture::svg(&mut s).unwrap();
    let texts = texts(&svg);
    // The last colour's row keeps its mark: "last" is never alone on a line.
    assert!(!texts.contains(&"last"), "{texts:?}");
    let last = texts
        .iter()
        .find(|t| t.ends_with("  last"))
        .unwrap_or_else(|| panic!("no row marked last in {texts:?}"));
    assert!(last.starts_with("red") || last.starts_with("green") || last.starts_with("yellow"));
    // The rows are drawn in a fixed-width font and keep their spaces, so columns align.
    let header = "colour  points  meeples  pile";
    assert!(svg.contains("<text class=\"sheet\" x="), "{svg}");
    let header_at = svg.find(header).unwrap();
    let tag = &svg[svg[..header_at].rfind("<text").unwrap()..header_at];
    assert!(
        tag.contains("class=\"sheet\"") && tag.contains("xml:space=\"preserve\""),
        "{tag}"
    );
    assert!(svg.contains(".sheet{font-family:monospace"));
}

#[test]
fn every_placement_of_the_tile_in_hand_is_one_target_with_its_label() {
    let mut s = game("carcassonne-solo", 7, 6);
    let moves = s.moves().unwrap();
    assert!(
        moves.iter().all(|m| m.label.contains('@')),
        "the place phase"
    );
    let svg = picture::svg_with_moves(&mut s, &moves).unwrap();
    assert_well_formed(&svg);
    for m in &moves {
        assert_eq!(targets_of(&svg, &m.label), 1, "{}", m.label);
    }
    assert_eq!(target_labels(&svg).len(), moves.len());
    assert!(svg.contains("<g class=\"move placement\" data-move="));
    // `render` draws no targets.
    let plain = picture::svg(&mut s).unwrap();
    assert!(!plain.contains("data-move"), "render draws the table only");
}

#[test]
fn the_meeple_spots_of_the_tile_just_placed_are_targets_and_none_is_left_to_the_page() {
    let mut s = Session::new(&library(), "invaders", &[], 3, Limits::default()).unwrap();
    let first = s.moves().unwrap()[0].label.to_string();
    s.play(&first).unwrap();
    let moves: Vec<Move> = s.moves().unwrap();
    assert!(moves.iter().any(|m| m.label == "none"), "the meeple phase");
    let svg = picture::svg_with_moves(&mut s, &moves).unwrap();
    assert_well_formed(&svg);
    for m in &moves {
        let expected = usize::from(m.label != "none");
        assert_eq!(targets_of(&svg, &m.label), expected, "{}", m.label);
    }
    assert!(svg.contains("<g class=\"move spot\" data-move="));
    let labels: Vec<String> = moves.iter().map(|m| m.label.to_string()).collect();
    for label in target_labels(&svg) {
        assert!(labels.contains(&label), "{label} is no legal move");
    }
}

/// Each target is a legal move, no move has two, and the moves `placed` have one each.
fn assert_targets(svg: &str, moves: &[Move], placed: &[&str]) {
    let labels: Vec<String> = moves.iter().map(|m| m.label.to_string()).collect();
    for label in target_labels(svg) {
        let label = label.replace("&amp;", "&").replace("&apos;", "'");
        assert!(
            labels.contains(&label),
            "{label} is no legal move: {labels:?}"
        );
    }
    for m in moves {
        assert!(targets_of(svg, &m.label) <= 1, "{}", m.label);
    }
    for label in placed {
        assert_eq!(targets_of(svg, label), 1, "{label} in {labels:?}");
    }
}

#[test]
fn ora_et_labora_draws_its_buildings_spaces_and_answers_as_targets() {
    let mut s = game("ora-et-labora-solo-ireland", 1, 0);
    let moves = s.moves().unwrap();
    let svg = picture::svg_with_moves(&mut s, &moves).unwrap();
    assert_well_formed(&svg);
    // A building of yours to use, a forest to fell, a moor to cut; `pass` has no place.
    assert_targets(
        &svg,
        &moves,
        &[
            "use Clay Mound at 4,0",
            "fell trees at 1,0",
            "cut peat at 0,0",
        ],
    );
    assert_eq!(targets_of(&svg, "pass"), 0);
    assert!(!picture::svg(&mut s).unwrap().contains("data-move"));

    // The display's cards to build.
    s.play("fell trees at 1,0").unwrap();
    let moves = s.moves().unwrap();
    let svg = picture::svg_with_moves(&mut s, &moves).unwrap();
    assert_targets(&svg, &moves, &["build Granary (1 wood)"]);

    // The answers of the step in hand: where the building goes.
    s.play("build Granary (1 wood)").unwrap();
    let moves = s.moves().unwrap();
    let spaces: Vec<&str> = moves
        .iter()
        .map(|m| m.label.as_str())
        .filter(|l| l.starts_with("at "))
        .collect();
    assert!(!spaces.is_empty(), "{moves:?}");
    let svg = picture::svg_with_moves(&mut s, &moves).unwrap();
    assert_targets(&svg, &moves, &spaces);
}
