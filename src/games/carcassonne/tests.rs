//! Board scenarios built move by move from the base tile set, and random
//! games checked against brute-force recounts.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Instant;

use super::tile_set::tests::base;
use super::*;

fn new_board() -> Board {
    let set = Arc::new(base());
    let mut board = Board::new(Arc::clone(&set));
    board.place_start(set.start_tile());
    board
}

fn tile(b: &Board, letter: &str) -> TileTypeId {
    b.tile_set().by_id(letter).expect("a base tile letter")
}

fn at(x: i32, y: i32, rotation: u8) -> Placement {
    Placement {
        pos: Pos::new(x, y),
        rotation,
    }
}

/// Places a tile that the scenario expects to be legal.
fn put(b: &mut Board, letter: &str, x: i32, y: i32, rotation: u8) -> Vec<FeatureId> {
    let t = tile(b, letter);
    b.place(t, at(x, y, rotation))
        .unwrap_or_else(|e| panic!("{letter} at {x},{y}: {e}"))
}

/// The index of the segment with this label on the tile at (x, y).
fn seg(b: &Board, x: i32, y: i32, label: &str) -> usize {
    let segments = b.segments_at(Pos::new(x, y));
    let found = segments.iter().find(|s| s.label == label);
    found
        .unwrap_or_else(|| panic!("no {label} at {x},{y} in {segments:?}"))
        .index
}

fn feat(b: &Board, x: i32, y: i32, label: &str) -> FeatureId {
    b.feature_at(Pos::new(x, y), seg(b, x, y, label))
        .expect("segment exists")
}

fn info(kind: SegmentKind, tiles: usize, pennants: usize, open_edges: usize) -> FeatureInfo {
    let complete = kind != SegmentKind::Field && open_edges == 0;
    FeatureInfo {
        kind,
        tiles,
        pennants,
        complete,
        open_edges,
    }
}

#[test]
fn road_between_two_junctions_completes() {
    let mut b = new_board();
    assert!(put(&mut b, "W", 1, 0, 0).is_empty());
    let road = feat(&b, 0, 0, "road:EW");
    assert_eq!(feat(&b, 1, 0, "road:W"), road);
    assert_eq!(b.feature(road), info(SegmentKind::Road, 2, 0, 1));
    assert_eq!(b.points(road), 2);

    let before = road;
    let done = put(&mut b, "W", -1, 0, 0);
    let road = feat(&b, 0, 0, "road:EW");
    assert_eq!(done, [road]);
    assert!(b.has_feature(before) && !b.has_feature(usize::MAX));
    assert_eq!(
        b.feature(before),
        b.feature(road),
        "an old id names the merged feature"
    );
    assert_eq!(b.feature(road), info(SegmentKind::Road, 3, 0, 0));
    assert_eq!(b.points(road), 3);
    assert_eq!(b.feature_label(road), "road@0,0:EW");
    assert_eq!(
        b.feature_tiles(road),
        [Pos::new(0, 0), Pos::new(1, 0), Pos::new(-1, 0)]
    );
    assert_eq!(
        b.placed_positions(),
        [Pos::new(0, 0), Pos::new(1, 0), Pos::new(-1, 0)]
    );
    assert_eq!(b.bounds(), (Pos::new(-1, 0), Pos::new(1, 0)));
    assert_eq!(b.last_placed(), Some(Pos::new(-1, 0)));
}

#[test]
fn two_tile_city_scores_tiny_city() {
    let mut b = new_board();
    let city = feat(&b, 0, 0, "city:N");
    assert_eq!(b.feature(city), info(SegmentKind::City, 1, 0, 1));
    assert_eq!(b.points(city), 1);

    let done = put(&mut b, "E", 0, -1, 2);
    let city = feat(&b, 0, 0, "city:N");
    assert_eq!(done, [city]);
    assert_eq!(feat(&b, 0, -1, "city:S"), city);
    assert_eq!(b.feature(city), info(SegmentKind::City, 2, 0, 0));
    assert_eq!(b.feature_label(city), "city@0,0:N");
    assert_eq!(b.points(city), 4);
    b.set_points(PointValues {
        tiny_city: 2,
        ..b.points_table()
    });
    assert_eq!(b.points(city), 2);
}

#[test]
fn pennants_count_complete_and_unfinished() {
    let mut b = new_board();
    put(&mut b, "F", 0, -1, 1);
    let city = feat(&b, 0, -1, "city:NS");
    assert_eq!(b.feature(city), info(SegmentKind::City, 2, 1, 1));
    assert_eq!(b.points(city), 3); // 1 per tile + 1 per pennant

    let done = put(&mut b, "E", 0, -2, 2);
    let city = feat(&b, 0, 0, "city:N");
    assert_eq!(done, [city]);
    assert_eq!(b.feature(city), info(SegmentKind::City, 3, 1, 0));
    assert_eq!(b.points(city), 8); // 2 per tile + 2 per pennant
}

/// A ring of six tiles around H joins H's two caps into one city: H counts
/// once, and H's field borders that city once.
#[test]
fn city_touching_a_tile_twice_counts_it_once() {
    let mut b = new_board();
    put(&mut b, "H", 0, 1, 0);
    put(&mut b, "N", 1, 1, 2);
    put(&mut b, "N", -1, 1, 1);
    put(&mut b, "N", 1, 2, 3);
    put(&mut b, "F", 0, 2, 0);
    assert_ne!(feat(&b, 0, 1, "city:E"), feat(&b, 0, 1, "city:W"));
    let done = put(&mut b, "N", -1, 2, 0);
    let city = feat(&b, 0, 1, "city:E");
    assert_eq!(feat(&b, 0, 1, "city:W"), city);
    assert_eq!(done, [city]);
    assert_eq!(b.feature(city), info(SegmentKind::City, 6, 1, 0));
    assert_eq!(b.feature_tiles(city).len(), 6);
    assert_eq!(b.points(city), 14);

    let field = feat(&b, 0, 1, "field:NwNeSeSw");
    assert_eq!(b.bordered_cities(field), [city]);
    assert_eq!(b.points(field), 3);
}

#[test]
fn road_loop_completes() {
    let mut b = new_board();
    put(&mut b, "V", 0, 1, 3);
    put(&mut b, "V", 1, 1, 0);
    put(&mut b, "V", 1, 2, 1);
    assert_eq!(
        b.feature(feat(&b, 0, 1, "road:ES")),
        info(SegmentKind::Road, 3, 0, 2)
    );
    let done = put(&mut b, "V", 0, 2, 2);
    let road = feat(&b, 0, 1, "road:ES");
    assert_eq!(done, [road]);
    assert_eq!(b.feature(road), info(SegmentKind::Road, 4, 0, 0));
    assert_eq!(b.points(road), 4);
    // The field inside the loop is closed but a field is never complete.
    let inside = feat(&b, 0, 1, "field:EsSe");
    assert_eq!(b.feature(inside), info(SegmentKind::Field, 4, 0, 0));
}

/// Cloister tiles (B) around a hole at (0,2), then the hole.
fn cloister_block() -> Board {
    let mut b = new_board();
    for (x, y) in [
        (0, 1),
        (-1, 1),
        (1, 1),
        (-1, 2),
        (1, 2),
        (-1, 3),
        (0, 3),
        (1, 3),
    ] {
        assert!(put(&mut b, "B", x, y, 0).is_empty());
    }
    b
}

#[test]
fn own_cloister_completes_with_eight_neighbours() {
    let mut b = cloister_block();
    let top = feat(&b, 0, 1, "cloister");
    assert_eq!(b.feature(top), info(SegmentKind::Cloister, 1, 0, 3));
    assert_eq!(b.points(top), 6); // itself, D and 4 cloisters
    assert_eq!(b.neighbour_count(Pos::new(0, 2)), 8);

    let done = put(&mut b, "B", 0, 2, 0);
    let middle = feat(&b, 0, 2, "cloister");
    assert_eq!(done, [middle]);
    assert_eq!(b.feature(middle), info(SegmentKind::Cloister, 1, 0, 0));
    assert_eq!(b.points(middle), 9);
    assert_eq!(b.feature_label(middle), "cloister@0,2");
    assert_eq!(b.points(top), 7);
}

#[test]
fn neighbouring_cloister_completes() {
    let mut b = cloister_block();
    put(&mut b, "B", 0, 2, 0);
    assert!(put(&mut b, "V", 1, 0, 1).is_empty());
    let done = put(&mut b, "V", -1, 0, 2);
    let top = feat(&b, 0, 1, "cloister");
    assert_eq!(done, [top]);
    assert_eq!(b.points(top), 9);
}

#[test]
fn fields_score_the_cities_they_border() {
    let mut b = new_board();
    let field = feat(&b, 0, 0, "field:EnWn");
    let city = feat(&b, 0, 0, "city:N");
    assert_eq!(b.bordered_cities(field), [city]);
    assert_eq!(b.points(field), 0);
    assert!(b
        .bordered_cities(feat(&b, 0, 0, "field:EsSeSwWs"))
        .is_empty());
    assert!(
        b.bordered_cities(city).is_empty(),
        "only fields border cities"
    );

    put(&mut b, "J", 1, 0, 1);
    let field = feat(&b, 0, 0, "field:EnWn");
    assert_eq!(feat(&b, 1, 0, "field:NwNeSeWn"), field);
    let second = feat(&b, 1, 0, "city:E");
    let mut both = vec![city, second];
    both.sort_unstable();
    assert_eq!(b.bordered_cities(field), both);

    put(&mut b, "E", 0, -1, 2);
    let city = feat(&b, 0, 0, "city:N");
    assert!(b.feature(city).complete);
    assert_eq!(b.points(field), 3);
    b.set_points(PointValues {
        farm_incomplete_city: 1,
        ..b.points_table()
    });
    assert_eq!(b.points(field), 4);
    let north = feat(&b, 0, -1, "field:NwNeEnEsWsWn");
    assert_eq!(b.bordered_cities(north), [city]);
}

/// Road A (D's road, west part) and roads B (junction's south arm) and C
/// (a straight below D) each get a meeple of the given colour; B and C join
/// first, then the last tile closes the loop through A.
fn three_roads(a: u8, bc: [u8; 2]) -> (Board, Vec<(u8, usize)>, Vec<u8>) {
    let mut b = new_board();
    put(&mut b, "W", 1, 0, 0);
    b.place_meeple(Pos::new(0, 0), seg(&b, 0, 0, "road:EW"), a)
        .unwrap();
    b.place_meeple(Pos::new(1, 0), seg(&b, 1, 0, "road:S"), bc[0])
        .unwrap();
    put(&mut b, "U", 0, 1, 1);
    b.place_meeple(Pos::new(0, 1), seg(&b, 0, 1, "road:EW"), bc[1])
        .unwrap();
    assert!(put(&mut b, "V", 1, 1, 1).is_empty());
    let joined = feat(&b, 1, 1, "road:NW");
    let after_first_join = (b.meeple_counts(joined), b.majority(joined));
    put(&mut b, "V", -1, 0, 3);
    (b, after_first_join.0, after_first_join.1)
}

#[test]
fn majority_with_ties_and_merged_meeples() {
    let (mut b, counts, majority) = three_roads(0, [1, 1]);
    assert_eq!((counts, majority), (vec![(1, 2)], vec![1]));
    let done = put(&mut b, "V", -1, 1, 2);
    let road = feat(&b, 0, 0, "road:EW");
    assert_eq!(done, [road]);
    assert_eq!(feat(&b, 1, 0, "road:S"), road);
    assert_eq!(feat(&b, 1, 0, "road:W"), road);
    // The junction tile holds both ends of the road but counts once.
    assert_eq!(b.feature(road), info(SegmentKind::Road, 6, 0, 0));
    assert_eq!(b.meeple_counts(road), [(0, 1), (1, 2)]);
    assert_eq!(b.majority(road), [1]);
    assert_eq!(b.features_with_meeples(), [road]);
    assert_eq!(b.remove_meeples(road), [0, 1, 1]);
    assert!(b.meeple_counts(road).is_empty());
    assert_eq!(b.majority(road), Vec::<u8>::new());
    assert!(b.meeples().is_empty());
    assert!(b
        .free_segments(Pos::new(0, 0))
        .iter()
        .any(|s| s.feature == road));

    let (mut b, counts, majority) = three_roads(0, [1, 2]);
    assert_eq!((counts, majority), (vec![(1, 1), (2, 1)], vec![1, 2]));
    put(&mut b, "V", -1, 1, 2);
    let road = feat(&b, 0, 0, "road:EW");
    assert_eq!(b.majority(road), [0, 1, 2]);
    let views = b.meeples();
    let places: Vec<(Pos, u8)> = views.iter().map(|m| (m.pos, m.colour)).collect();
    assert_eq!(
        places,
        [
            (Pos::new(0, 0), 0),
            (Pos::new(1, 0), 1),
            (Pos::new(0, 1), 2)
        ]
    );
    assert!(views.iter().all(|m| m.feature == road));
}

#[test]
fn legal_placements_match_every_neighbour() {
    let (b, _, _) = three_roads(0, [1, 2]);
    // (-1,1) has a road to the north and a road to the east.
    let hole = |letter: &str| -> Vec<u8> {
        let legal = b.legal_placements(tile(&b, letter));
        legal
            .iter()
            .filter(|p| p.pos == Pos::new(-1, 1))
            .map(|p| p.rotation)
            .collect()
    };
    assert_eq!(hole("V"), [2]);
    assert!(hole("U").is_empty());
    assert_eq!(hole("X"), [0, 1, 2, 3]);
    assert_eq!(hole("W"), [2, 3]);
    assert_brute_force_placements(&b, 0..b.tile_set().types().len());
}

/// `legal_placements` is exactly the set of moves `place` accepts, for these
/// tile types and every cell near the board.
fn assert_brute_force_placements(b: &Board, types: impl IntoIterator<Item = TileTypeId>) {
    let (min, max) = b.bounds();
    for t in types {
        let legal = b.legal_placements(t);
        assert!(legal
            .windows(2)
            .all(|w| (w[0].pos.y, w[0].pos.x, w[0].rotation)
                < (w[1].pos.y, w[1].pos.x, w[1].rotation)));
        assert_eq!(b.fits_anywhere(t), !legal.is_empty());
        for y in min.y - 2..=max.y + 2 {
            for x in min.x - 2..=max.x + 2 {
                for rotation in 0..4 {
                    let p = at(x, y, rotation);
                    assert_eq!(
                        b.clone().place(t, p).is_ok(),
                        legal.contains(&p),
                        "tile {t} at {p:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn whole_city_tile_fits_only_against_an_open_city_edge() {
    let mut b = new_board();
    let c = tile(&b, "C");
    assert_eq!(
        b.legal_placements(c),
        [at(0, -1, 0), at(0, -1, 1), at(0, -1, 2), at(0, -1, 3)]
    );
    put(&mut b, "E", 0, -1, 2);
    assert!(b.legal_placements(c).is_empty());
    assert!(!b.fits_anywhere(c));
}

#[test]
fn refused_moves_leave_the_board_unchanged() {
    let mut b = new_board();
    put(&mut b, "W", 1, 0, 0);
    b.place_meeple(Pos::new(0, 0), seg(&b, 0, 0, "road:EW"), 3)
        .unwrap();
    let before = format!("{b:?}");
    let u = tile(&b, "U");
    let cases = [
        (u, at(0, 0, 0), "cell 0,0 already holds a tile"),
        (
            u,
            at(5, 5, 0),
            "cell 5,5 has no tile beside it (touching at a corner does not count)",
        ),
        (
            u,
            at(0, 1, 0),
            "at 0,1 the north edge is road but the tile to the north shows field",
        ),
        (
            u,
            at(2, 0, 0),
            "at 2,0 the west edge is field but the tile to the west shows road",
        ),
        (u, at(0, 1, 4), "rotation 4 is not one of 0, 1, 2, 3"),
        (99, at(0, 1, 0), "there is no tile type 99 in this tile set"),
    ];
    for (t, p, message) in cases {
        assert_eq!(b.place(t, p).unwrap_err().to_string(), message);
        assert_eq!(format!("{b:?}"), before);
    }
    let meeple_cases = [
        (Pos::new(3, 3), 0, "there is no tile at 3,3"),
        (
            Pos::new(0, 0),
            9,
            "the tile at 0,0 has no segment 9 (it has 4)",
        ),
        (
            Pos::new(1, 0),
            seg(&b, 1, 0, "road:W"),
            "road@0,0:EW already holds a meeple",
        ),
    ];
    for (pos, segment, message) in meeple_cases {
        assert_eq!(
            b.place_meeple(pos, segment, 1).unwrap_err().to_string(),
            message
        );
        assert_eq!(format!("{b:?}"), before);
    }
}

#[test]
fn segment_views_follow_rotation() {
    let mut b = new_board();
    put(&mut b, "J", 1, 0, 1);
    let labels: Vec<String> = b
        .segments_at(Pos::new(1, 0))
        .into_iter()
        .map(|s| s.label)
        .collect();
    assert_eq!(
        labels,
        ["city:E", "road:SW", "field:NwNeSeWn", "field:SwWs"]
    );
    assert_eq!(
        b.tile_at(Pos::new(1, 0)),
        Some(PlacedTile {
            tile: tile(&b, "J"),
            rotation: 1
        })
    );
    assert_eq!(b.tile_at(Pos::new(2, 0)), None);
    assert!(b.segments_at(Pos::new(2, 0)).is_empty());
    b.place_meeple(Pos::new(1, 0), 1, 0).unwrap();
    let free: Vec<usize> = b
        .free_segments(Pos::new(0, 0))
        .into_iter()
        .map(|s| s.index)
        .collect();
    assert_eq!(free, [0, 2, 3], "D's road joined the occupied one");
}

/// A small deterministic generator, so failures replay.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Plays one random game; with `audit`, checks every step against brute force.
fn random_game(seed: u64, audit: bool) {
    let mut rng = Lcg(seed);
    let mut b = new_board();
    let mut pile = b.tile_set().draw_pile();
    for i in (1..pile.len()).rev() {
        pile.swap(i, rng.below(i + 1));
    }
    let (mut tiles, mut placed, mut removed) = (1, 0, 0);
    let mut reported = BTreeSet::new();
    for t in pile {
        if audit {
            assert_brute_force_placements(&b, [t]);
        }
        let legal = b.legal_placements(t);
        if legal.is_empty() {
            assert!(!b.fits_anywhere(t));
            continue;
        }
        let p = legal[rng.below(legal.len())];
        let done = b.place(t, p).expect("a listed placement is legal");
        tiles += 1;
        assert_eq!(b.placed_count(), tiles);
        let free = b.free_segments(p.pos);
        if !free.is_empty() && rng.below(3) > 0 {
            let s = &free[rng.below(free.len())];
            b.place_meeple(p.pos, s.index, rng.below(4) as u8)
                .expect("a free segment takes a meeple");
            placed += 1;
        }
        for f in done {
            assert!(b.feature(f).complete);
            assert!(
                reported.insert(f),
                "feature {} reported twice",
                b.feature_label(f)
            );
            removed += b.remove_meeples(f).len();
        }
        let counted: usize = b
            .features_with_meeples()
            .iter()
            .flat_map(|&f| b.meeple_counts(f))
            .map(|(_, n)| n)
            .sum();
        assert_eq!(counted, placed - removed);
        assert_eq!(b.meeples().len(), placed - removed);
        assert_meeple_outlook(&b);
        assert_feature_outlook(&b);
        if audit {
            assert_brute_force_features(&b);
            assert_open_cells_and_fillable(&b);
            assert_placeable_without_free(&b);
        }
    }
    let complete: BTreeSet<FeatureId> = b
        .placed_positions()
        .into_iter()
        .flat_map(|p| b.segments_at(p))
        .map(|s| s.feature)
        .filter(|&f| b.feature(f).complete)
        .collect();
    assert_eq!(
        complete, reported,
        "every completed feature is reported exactly once"
    );
    assert_brute_force_features(&b);
}

/// How many copies of each tile type are not on the board, counted from its tiles.
fn copies_left(b: &Board) -> Vec<usize> {
    let mut left: Vec<usize> = b
        .tile_set()
        .types()
        .iter()
        .map(|t| t.count as usize)
        .collect();
    for pos in b.placed_positions() {
        left[b.tile_at(pos).unwrap().tile] -= 1;
    }
    left
}

/// `open_cells` against the feature's open sides, `fillable` and `fewest_fillers`
/// against every legal placement of every tile type with a copy left.
fn assert_open_cells_and_fillable(b: &Board) {
    let left = copies_left(b);
    let features: BTreeSet<FeatureId> = b
        .placed_positions()
        .into_iter()
        .flat_map(|p| b.segments_at(p))
        .map(|s| s.feature)
        .collect();
    for f in features {
        let info = b.feature(f);
        let cells = b.open_cells(f);
        assert!(cells.iter().all(|&c| b.tile_at(c).is_none()));
        match info.kind {
            SegmentKind::Field => assert!(cells.is_empty()),
            SegmentKind::Cloister => assert_eq!(cells.len(), info.open_edges),
            _ => {
                assert_eq!(
                    cells.is_empty(),
                    info.open_edges == 0,
                    "{}",
                    b.feature_label(f)
                );
                assert!(cells.len() <= info.open_edges);
                let tiles = b.feature_tiles(f);
                assert!(cells
                    .iter()
                    .all(|c| (0..4).any(|side| tiles.contains(&c.step(side)))));
            }
        }
        let mut fewest: usize = left.iter().sum();
        for &c in &cells {
            // A cell beside no tile (a cloister's corner) takes any tile once it has a
            // neighbour; otherwise a tile left fits if it has a legal placement there.
            let alone = (0..4).all(|side| b.tile_at(c.step(side)).is_none());
            let fillers: usize = (0..left.len())
                .filter(|&t| alone || b.legal_placements(t).iter().any(|p| p.pos == c))
                .map(|t| left[t])
                .sum();
            assert_eq!(b.fillable(c), fillers > 0, "cell {c:?}");
            fewest = fewest.min(fillers);
        }
        assert_eq!(b.fewest_fillers(f), fewest, "{}", b.feature_label(f));
    }
}

/// `meeple_outlook` against asking each meeple's feature one question at a time.
fn assert_meeple_outlook(b: &Board) {
    let asked: Vec<MeepleOutlook> = b
        .meeples()
        .into_iter()
        .map(|m| MeepleOutlook {
            colour: m.colour,
            open: b.feature(m.feature).open_edges,
            points: b.points(m.feature),
            fillers: b.fewest_fillers(m.feature),
        })
        .collect();
    assert_eq!(b.meeple_outlook(), asked);
}

/// `feature_outlook` against asking each occupied feature one question at a time.
fn assert_feature_outlook(b: &Board) {
    let asked: Vec<FeatureOutlook> = b
        .features_with_meeples()
        .into_iter()
        .map(|f| {
            let cities = b.bordered_cities(f);
            let complete = cities.iter().filter(|&&c| b.feature(c).complete).count();
            FeatureOutlook {
                feature: f,
                info: b.feature(f),
                meeples: b
                    .meeple_counts(f)
                    .into_iter()
                    .flat_map(|(c, n)| std::iter::repeat_n(c, n))
                    .collect(),
                majority: b.majority(f),
                points: b.points(f),
                cities: (complete, cities.len() - complete),
            }
        })
        .collect();
    assert_eq!(b.feature_outlook(), asked);
}

/// `placeable_without_free` against placing every copy left at every legal placement
/// on a copy of the board and asking for its free segments.
fn assert_placeable_without_free(b: &Board) {
    let left = copies_left(b);
    let kind_sets: [&[SegmentKind]; 3] = [
        &[SegmentKind::Road, SegmentKind::City, SegmentKind::Cloister],
        &[SegmentKind::Road],
        &[SegmentKind::Field, SegmentKind::City],
    ];
    for kinds in kind_sets {
        let brute: usize = (0..left.len())
            .filter(|&t| {
                b.legal_placements(t).into_iter().any(|p| {
                    let mut tried = b.clone();
                    tried.place(t, p).expect("a listed placement is legal");
                    tried
                        .free_segments(p.pos)
                        .iter()
                        .all(|s| !kinds.contains(&s.kind))
                })
            })
            .map(|t| left[t])
            .sum();
        assert_eq!(b.placeable_without_free(kinds), brute, "{kinds:?}");
    }
}

/// Whether a segment label ("road:EW", "field:NwNe") reaches a side letter
/// (roads and cities) or a half-side name (fields).
fn reaches(label: &str, part: &str) -> bool {
    let Some((kind, sides)) = label.split_once(':') else {
        return false;
    };
    let step = if kind == "field" { 2 } else { 1 };
    part.len() == step
        && (0..sides.len())
            .step_by(step)
            .any(|i| &sides[i..i + step] == part)
}

/// Recomputes every feature from the labels alone: which segments meet
/// across each shared side, and each feature's tiles, open sides and
/// pennants; then compares with the board.
fn assert_brute_force_features(b: &Board) {
    let positions = b.placed_positions();
    let all: Vec<(Pos, SegmentView)> = positions
        .iter()
        .flat_map(|&p| b.segments_at(p).into_iter().map(move |s| (p, s)))
        .collect();
    let find = |pos: Pos, part: &str| {
        all.iter()
            .position(|(p, s)| *p == pos && reaches(&s.label, part))
    };
    // Union-find over `all`, built only from adjacency.
    let mut parent: Vec<usize> = (0..all.len()).collect();
    fn root(parent: &[usize], mut i: usize) -> usize {
        while parent[i] != i {
            i = parent[i];
        }
        i
    }
    let across = [
        ("E", "W", 1, 0),
        ("S", "N", 0, 1),
        ("En", "Wn", 1, 0),
        ("Es", "Ws", 1, 0),
        ("Se", "Ne", 0, 1),
        ("Sw", "Nw", 0, 1),
    ];
    for &p in &positions {
        for (mine, theirs, dx, dy) in across {
            let q = Pos::new(p.x + dx, p.y + dy);
            if b.tile_at(q).is_none() {
                continue;
            }
            if let (Some(a), Some(c)) = (find(p, mine), find(q, theirs)) {
                assert_eq!(
                    all[a].1.feature, all[c].1.feature,
                    "{} meets {}",
                    all[a].1.label, all[c].1.label
                );
                let (ra, rc) = (root(&parent, a), root(&parent, c));
                parent[ra] = rc;
            }
        }
    }
    let components: BTreeSet<usize> = (0..all.len()).map(|i| root(&parent, i)).collect();
    let features: BTreeSet<FeatureId> = all.iter().map(|(_, s)| s.feature).collect();
    assert_eq!(
        components.len(),
        features.len(),
        "no feature joins segments that do not meet"
    );

    let types = b.tile_set().types();
    for &f in &features {
        let members: Vec<&(Pos, SegmentView)> =
            all.iter().filter(|(_, s)| s.feature == f).collect();
        let tiles: BTreeSet<Pos> = members.iter().map(|(p, _)| *p).collect();
        let pennants = members
            .iter()
            .filter(|(p, s)| types[b.tile_at(*p).unwrap().tile].segments[s.index].pennant)
            .count();
        let open = |parts: &[(&str, i32, i32)]| -> usize {
            members
                .iter()
                .map(|(p, s)| {
                    let is_open = |(part, dx, dy): &&(&str, i32, i32)| {
                        reaches(&s.label, part) && b.tile_at(Pos::new(p.x + dx, p.y + dy)).is_none()
                    };
                    parts.iter().filter(is_open).count()
                })
                .sum()
        };
        let kind = members[0].1.kind;
        let open_edges = match kind {
            SegmentKind::Cloister => 8 - b.neighbour_count(members[0].0),
            SegmentKind::Field => open(&[
                ("Nw", 0, -1),
                ("Ne", 0, -1),
                ("En", 1, 0),
                ("Es", 1, 0),
                ("Se", 0, 1),
                ("Sw", 0, 1),
                ("Ws", -1, 0),
                ("Wn", -1, 0),
            ]),
            _ => open(&[("N", 0, -1), ("E", 1, 0), ("S", 0, 1), ("W", -1, 0)]),
        };
        assert_eq!(
            b.feature(f),
            info(kind, tiles.len(), pennants, open_edges),
            "{}",
            b.feature_label(f)
        );
        assert_eq!(
            b.feature_tiles(f).into_iter().collect::<BTreeSet<_>>(),
            tiles
        );
        let meeples = b.meeples().into_iter().filter(|m| m.feature == f).count();
        assert_eq!(
            b.meeple_counts(f).iter().map(|&(_, n)| n).sum::<usize>(),
            meeples
        );
    }
    let labels: BTreeSet<String> = features.iter().map(|&f| b.feature_label(f)).collect();
    assert_eq!(labels.len(), features.len(), "feature labels are unique");
}

#[test]
fn a_random_game_matches_brute_force() {
    random_game(1, true);
}

#[test]
#[ignore = "thorough: minutes unoptimized (cargo test --locked --release -- --ignored)"]
fn random_games_match_brute_force() {
    for seed in 2..=8 {
        random_game(seed, true);
    }
}

#[test]
fn random_games_keep_the_books() {
    for seed in 100..140 {
        random_game(seed, false);
    }
}

#[test]
#[ignore = "thorough: minutes unoptimized (cargo test --locked --release -- --ignored)"]
fn many_random_games_keep_the_books() {
    let games = 1000;
    let start = Instant::now();
    for seed in 140..140 + games {
        random_game(seed, false);
    }
    eprintln!(
        "{games} random games: {:?} per game",
        start.elapsed() / games as u32
    );
}
