//! Carcassonne primitives as seen from Rhai. The primitives themselves (the family's other
//! modules) know nothing of Rhai; this module only adapts types: positions become `x, y`
//! integers, features become integer ids (valid until the next tile is placed), lists
//! become arrays.

use super::{
    board_window, glyphs, is_cropped, render_board, render_tile, Board, FeatureId, Frame,
    Placement, PointValues, Pos, RenderOptions, SegmentKind, SegmentView, TileSet, TileTypeId,
};
use crate::script::paint::{ansi_allowed, colour_by_name};
use rhai::{Array, Dynamic, Engine, EvalAltResult, Map, NativeCallContext, Position, INT};
use std::ops::RangeInclusive;
use std::sync::Arc;

/// The tile set of a game, shared by its board and its piles.
#[derive(Clone, Debug)]
pub struct TileSetRef(pub Arc<TileSet>);

pub(super) type Fallible<T> = Result<T, Box<EvalAltResult>>;

fn error(message: impl Into<String>) -> Box<EvalAltResult> {
    EvalAltResult::ErrorRuntime(message.into().into(), Position::NONE).into()
}

fn pos(x: INT, y: INT) -> Pos {
    Pos {
        x: x as i32,
        y: y as i32,
    }
}

fn tile_id(board: &Board, tile: INT) -> Fallible<usize> {
    usize::try_from(tile)
        .ok()
        .filter(|&t| t < board.tile_set().types().len())
        .ok_or_else(|| error(format!("no tile type number {tile}")))
}

/// A feature id from a script, checked: a stale or made-up number is a script error.
fn feature_id(b: &Board, f: INT) -> Fallible<FeatureId> {
    usize::try_from(f)
        .ok()
        .filter(|&f| b.has_feature(f))
        .ok_or_else(|| error(format!("no feature number {f} on this board")))
}

fn ints(values: impl IntoIterator<Item = usize>) -> Array {
    values
        .into_iter()
        .map(|v| Dynamic::from_int(v as INT))
        .collect()
}

/// A map for scripts, from its entries.
pub(super) fn record<const N: usize>(entries: [(&str, Dynamic); N]) -> Dynamic {
    Dynamic::from_map(entries.into_iter().map(|(k, v)| (k.into(), v)).collect())
}

pub(super) fn colours(values: Vec<u8>) -> Array {
    values
        .into_iter()
        .map(|c| Dynamic::from_int(c as INT))
        .collect()
}

pub(super) fn kind_name(kind: SegmentKind) -> &'static str {
    match kind {
        SegmentKind::City => "city",
        SegmentKind::Road => "road",
        SegmentKind::Field => "field",
        SegmentKind::Cloister => "cloister",
    }
}

/// The kinds named in a script's list (["road", "city", …]).
pub(super) fn segment_kinds(names: &Array) -> Fallible<Vec<SegmentKind>> {
    names.iter().map(|k| segment_kind(&k.to_string())).collect()
}

/// A segment kind from its name in scripts.
fn segment_kind(name: &str) -> Fallible<SegmentKind> {
    [
        SegmentKind::City,
        SegmentKind::Road,
        SegmentKind::Field,
        SegmentKind::Cloister,
    ]
    .into_iter()
    .find(|k| kind_name(*k) == name)
    .ok_or_else(|| {
        error(format!(
            "`{name}` is not a segment kind: city, road, field or cloister"
        ))
    })
}

/// `board.most_surrounded(placements)`: those of the placements (maps with `x` and `y`)
/// whose cell has the most neighbouring tiles, in their order.
fn most_surrounded(b: &mut Board, placements: Array) -> Fallible<Array> {
    let cell = |p: &Dynamic| -> Option<Pos> {
        let map = p.read_lock::<Map>()?;
        let coordinate = |k: &str| map.get(k).and_then(|v| v.as_int().ok());
        Some(pos(coordinate("x")?, coordinate("y")?))
    };
    let counts = placements
        .iter()
        .map(|p| {
            cell(p).map(|c| b.neighbour_count(c)).ok_or_else(|| {
                error(format!(
                    "most_surrounded: {p} is not a placement with whole-number x and y"
                ))
            })
        })
        .collect::<Fallible<Vec<usize>>>()?;
    let most = counts.iter().copied().max();
    Ok(placements
        .into_iter()
        .zip(counts)
        .filter(|(_, n)| Some(*n) == most)
        .map(|(p, _)| p)
        .collect())
}

fn segment_map(s: SegmentView) -> Dynamic {
    record([
        ("index", Dynamic::from_int(s.index as INT)),
        ("kind", kind_name(s.kind).into()),
        ("label", s.label.into()),
        ("feature", Dynamic::from_int(s.feature as INT)),
    ])
}

/// Glyphs for meeple colours, from script maps like `#{ glyph: "R", colour: "red" }`.
fn render_options(ctx: &NativeCallContext, glyphs: &Array) -> RenderOptions {
    let meeple_glyphs = glyphs
        .iter()
        .map(|g| {
            let map = g.read_lock::<Map>();
            let get = |k: &str| {
                map.as_ref()
                    .and_then(|m| m.get(k))
                    .map(|v| v.to_string())
                    .unwrap_or_default()
            };
            let glyph = get("glyph").chars().next().unwrap_or('?');
            let colour = colour_by_name(&get("colour")).unwrap_or(nu_ansi_term::Color::White);
            (glyph, colour)
        })
        .collect();
    RenderOptions {
        ansi: ansi_allowed(ctx),
        meeple_glyphs,
        last: None,
        frame: Frame::default(),
    }
}

/// A frame from a script's map like `#{ width: 80, height: 20 }`: a missing or `()`
/// size has no limit.
fn frame(map: &Map) -> Frame {
    let size = |k: &str| {
        map.get(k)
            .and_then(|v| v.as_int().ok())
            .map(|n| usize::try_from(n).unwrap_or(0))
    };
    Frame {
        width: size("width"),
        height: size("height"),
    }
}

/// `[from, to]` for a script.
fn bounds(range: &RangeInclusive<i32>) -> Dynamic {
    Dynamic::from_array(vec![
        Dynamic::from_int(INT::from(*range.start())),
        Dynamic::from_int(INT::from(*range.end())),
    ])
}

/// What a picture fitted to `frame` shows of the table (with the ring of free cells):
/// `#{ cropped, x: [from, to], y: [from, to], all_x: [from, to], all_y: [from, to] }`.
fn window_map(b: &Board, frame: &Map) -> Map {
    let fitted = RenderOptions {
        last: b.last_placed(),
        frame: self::frame(frame),
        ..RenderOptions::default()
    };
    let shown = board_window(b, &fitted);
    let all = board_window(b, &RenderOptions::default());
    let mut m = Map::new();
    m.insert("cropped".into(), is_cropped(b, &shown).into());
    m.insert("x".into(), bounds(&shown.xs));
    m.insert("y".into(), bounds(&shown.ys));
    m.insert("all_x".into(), bounds(&all.xs));
    m.insert("all_y".into(), bounds(&all.ys));
    m
}

/// Every legal placement of `tile` as a move map `#{ label: "2,-1@90", x, y, rot }`.
/// This runs before every tile decision, for dozens of placements: each map is a copy
/// of one template (one allocation, no key inserted twice) and each label is written
/// into one reused buffer, its numbers by `itoa` (Rust's formatting machinery cost
/// about 4% of a random Invaders game).
fn placement_moves(b: &Board, tile: TileTypeId) -> Array {
    let template: Map = ["label", "rot", "x", "y"]
        .into_iter()
        .map(|k| (k.into(), Dynamic::UNIT))
        .collect();
    let mut label = String::new();
    let mut digits = itoa::Buffer::new();
    b.legal_placements(tile)
        .into_iter()
        .map(|p| {
            label.clear();
            label.push_str(digits.format(p.pos.x));
            label.push(',');
            label.push_str(digits.format(p.pos.y));
            label.push('@');
            label.push_str(digits.format(u32::from(p.rotation) * 90));
            let mut m = template.clone();
            for (key, value) in m.iter_mut() {
                *value = match key.as_str() {
                    "label" => label.as_str().into(),
                    "rot" => Dynamic::from_int(INT::from(p.rotation)),
                    "x" => Dynamic::from_int(INT::from(p.pos.x)),
                    _ => Dynamic::from_int(INT::from(p.pos.y)),
                };
            }
            Dynamic::from_map(m)
        })
        .collect()
}

fn set_points(board: &mut Board, values: Map) -> Fallible<()> {
    let mut p: PointValues = board.points_table();
    for (key, value) in values {
        let v = value
            .as_int()
            .map_err(|_| error(format!("set_points: `{key}` must be a whole number")))?;
        let field = match key.as_str() {
            "road_tile" => &mut p.road_tile,
            "city_tile" => &mut p.city_tile,
            "city_pennant" => &mut p.city_pennant,
            "tiny_city" => &mut p.tiny_city,
            "cloister_tile" => &mut p.cloister_tile,
            "cloister_complete" => &mut p.cloister_complete,
            "end_road_tile" => &mut p.end_road_tile,
            "end_city_tile" => &mut p.end_city_tile,
            "end_city_pennant" => &mut p.end_city_pennant,
            "farm_completed_city" => &mut p.farm_completed_city,
            "farm_incomplete_city" => &mut p.farm_incomplete_city,
            other => return Err(error(format!("set_points: unknown point value `{other}`"))),
        };
        *field = v;
    }
    board.set_points(p);
    Ok(())
}

pub fn register(engine: &mut Engine) {
    engine
        .register_type_with_name::<TileSetRef>("TileSet")
        .register_fn("to_string", |t: &mut TileSetRef| {
            format!("<tile set of {}>", t.0.total())
        })
        .register_fn("draw_pile", |t: &mut TileSetRef| ints(t.0.draw_pile()))
        .register_fn("total", |t: &mut TileSetRef| t.0.total() as INT)
        // The tile type number of a letter ("A".."X" in the base set).
        .register_fn("id", |t: &mut TileSetRef, letter: &str| -> Fallible<INT> {
            t.0.by_id(letter)
                .map(|i| i as INT)
                .ok_or_else(|| error(format!("no tile type `{letter}` in this tile set")))
        })
        .register_fn("name", |t: &mut TileSetRef, tile: INT| {
            t.0.types()
                .get(tile as usize)
                .map(|ty| ty.id.clone())
                .unwrap_or_default()
        })
        .register_fn("has_cloister", |t: &mut TileSetRef, tile: INT| {
            t.0.types()
                .get(tile as usize)
                .is_some_and(|ty| ty.segments.iter().any(|s| s.kind == SegmentKind::Cloister))
        })
        .register_fn(
            "render_tile",
            |ctx: NativeCallContext, t: &mut TileSetRef, tile: INT, glyphs: Array| {
                render_tile(&t.0, tile as usize, 0, &render_options(&ctx, &glyphs))
            },
        )
        // A board with the start tile in place.
        .register_fn("carcassonne_board", |t: TileSetRef| {
            let mut board = Board::new(t.0.clone());
            board.place_start(t.0.start_tile());
            board
        });

    engine
        .register_type_with_name::<Board>("Board")
        .register_fn("to_string", |b: &mut Board| {
            format!("<board of {} tiles>", b.placed_count())
        })
        .register_fn("set_points", set_points)
        .register_fn("placed", |b: &mut Board| b.placed_count() as INT)
        .register_fn("fits", |b: &mut Board, tile: INT| -> Fallible<bool> {
            Ok(b.fits_anywhere(tile_id(b, tile)?))
        })
        // Every legal placement as a ready-made move: #{ label: "2,-1@90", x, y, rot }.
        .register_fn(
            "placements",
            |b: &mut Board, tile: INT| -> Fallible<Array> {
                Ok(placement_moves(b, tile_id(b, tile)?))
            },
        )
        .register_fn("neighbours", |b: &mut Board, x: INT, y: INT| {
            b.neighbour_count(pos(x, y)) as INT
        })
        .register_fn("most_surrounded", most_surrounded)
        // Places a tile; returns the features it completed.
        .register_fn(
            "place",
            |b: &mut Board, tile: INT, x: INT, y: INT, rot: INT| -> Fallible<Array> {
                let tile = tile_id(b, tile)?;
                let rotation = u8::try_from(rot)
                    .ok()
                    .filter(|r| *r < 4)
                    .ok_or_else(|| error(format!("rotation {rot} is not 0..3")))?;
                b.place(
                    tile,
                    Placement {
                        pos: pos(x, y),
                        rotation,
                    },
                )
                .map(ints)
                .map_err(|e| error(e.to_string()))
            },
        )
        .register_fn("tile_at", |b: &mut Board, x: INT, y: INT| {
            match b.tile_at(pos(x, y)) {
                Some(t) => record([
                    ("tile", Dynamic::from_int(t.tile as INT)),
                    ("rot", Dynamic::from_int(t.rotation as INT)),
                ]),
                None => Dynamic::UNIT,
            }
        })
        .register_fn("segments", |b: &mut Board, x: INT, y: INT| -> Array {
            b.segments_at(pos(x, y))
                .into_iter()
                .map(segment_map)
                .collect()
        })
        .register_fn("free_segments", |b: &mut Board, x: INT, y: INT| -> Array {
            b.free_segments(pos(x, y))
                .into_iter()
                .map(segment_map)
                .collect()
        })
        // The free segments of one kind: fewer maps built than filtering all of them.
        .register_fn(
            "free_segments",
            |b: &mut Board, x: INT, y: INT, kind: &str| -> Fallible<Array> {
                let kind = segment_kind(kind)?;
                Ok(b.free_segments(pos(x, y))
                    .into_iter()
                    .filter(|s| s.kind == kind)
                    .map(segment_map)
                    .collect())
            },
        )
        // The free segments of any of `kinds`: what a rule allowing some kinds asks.
        .register_fn(
            "free_segments",
            |b: &mut Board, x: INT, y: INT, kinds: Array| -> Fallible<Array> {
                let kinds = segment_kinds(&kinds)?;
                Ok(b.free_segments(pos(x, y))
                    .into_iter()
                    .filter(|s| kinds.contains(&s.kind))
                    .map(segment_map)
                    .collect())
            },
        )
        .register_fn(
            "place_meeple",
            |b: &mut Board, x: INT, y: INT, segment: INT, colour: INT| -> Fallible<INT> {
                let colour = u8::try_from(colour)
                    .map_err(|_| error(format!("meeple colour {colour} is not 0..255")))?;
                b.place_meeple(pos(x, y), segment as usize, colour)
                    .map(|f| f as INT)
                    .map_err(|e| error(e.to_string()))
            },
        )
        .register_fn("kind", |b: &mut Board, f: INT| -> Fallible<&str> {
            Ok(kind_name(b.feature(feature_id(b, f)?).kind))
        })
        .register_fn("label", |b: &mut Board, f: INT| -> Fallible<String> {
            Ok(b.feature_label(feature_id(b, f)?))
        })
        .register_fn("size", |b: &mut Board, f: INT| -> Fallible<INT> {
            Ok(b.feature(feature_id(b, f)?).tiles as INT)
        })
        .register_fn("pennants", |b: &mut Board, f: INT| -> Fallible<INT> {
            Ok(b.feature(feature_id(b, f)?).pennants as INT)
        })
        // Sides still open (roads, cities) or neighbours still missing (cloisters).
        .register_fn("open_edges", |b: &mut Board, f: INT| -> Fallible<INT> {
            Ok(b.feature(feature_id(b, f)?).open_edges as INT)
        })
        .register_fn("complete", |b: &mut Board, f: INT| -> Fallible<bool> {
            Ok(b.feature(feature_id(b, f)?).complete)
        })
        .register_fn("points", |b: &mut Board, f: INT| -> Fallible<INT> {
            Ok(b.points(feature_id(b, f)?))
        })
        .register_fn("majority", |b: &mut Board, f: INT| -> Fallible<Array> {
            Ok(colours(b.majority(feature_id(b, f)?)))
        })
        // One entry per meeple on the feature: its colour.
        .register_fn("meeples_in", |b: &mut Board, f: INT| -> Fallible<Array> {
            Ok(b.meeple_counts(feature_id(b, f)?)
                .into_iter()
                .flat_map(|(c, n)| std::iter::repeat_n(Dynamic::from_int(c as INT), n))
                .collect())
        })
        .register_fn(
            "remove_meeples",
            |b: &mut Board, f: INT| -> Fallible<Array> {
                let f = feature_id(b, f)?;
                Ok(colours(b.remove_meeples(f)))
            },
        )
        .register_fn(
            "bordered_cities",
            |b: &mut Board, f: INT| -> Fallible<Array> {
                Ok(ints(b.bordered_cities(feature_id(b, f)?)))
            },
        )
        .register_fn("features_with_meeples", |b: &mut Board| {
            ints(b.features_with_meeples())
        })
        // Every meeple on the board: #{ x, y, segment, colour, feature }.
        .register_fn("meeples", |b: &mut Board| -> Array {
            b.meeples()
                .into_iter()
                .map(|m| {
                    record([
                        ("x", Dynamic::from_int(m.pos.x as INT)),
                        ("y", Dynamic::from_int(m.pos.y as INT)),
                        ("segment", Dynamic::from_int(m.segment as INT)),
                        ("colour", Dynamic::from_int(m.colour as INT)),
                        ("feature", Dynamic::from_int(m.feature as INT)),
                    ])
                })
                .collect()
        })
        // The whole table, the last tile marked.
        .register_fn(
            "render",
            |ctx: NativeCallContext, b: &mut Board, glyphs: Array| {
                let opts = RenderOptions {
                    last: b.last_placed(),
                    ..render_options(&ctx, &glyphs)
                };
                render_board(b, &opts)
            },
        )
        // As much as fits `frame` (#{ width, height }) around the last tile.
        .register_fn(
            "render",
            |ctx: NativeCallContext, b: &mut Board, glyphs: Array, frame: Map| {
                let opts = RenderOptions {
                    last: b.last_placed(),
                    frame: self::frame(&frame),
                    ..render_options(&ctx, &glyphs)
                };
                render_board(b, &opts)
            },
        )
        .register_fn("window", |b: &mut Board, frame: Map| window_map(b, &frame));

    // The board's glyphs by meaning, as drawn (coloured when the view may): for legends.
    engine.register_fn("board_glyphs", |ctx: NativeCallContext| -> Map {
        glyphs(ansi_allowed(&ctx))
            .into_iter()
            .map(|(name, glyph)| (name.into(), glyph.into()))
            .collect()
    });
}
