//! Carcassonne primitives as seen from Rhai. The primitives themselves (the family's other
//! modules) know nothing of Rhai; this module only adapts types: positions become `x, y`
//! integers, features become integer ids (valid until the next tile is placed), lists
//! become arrays.

use super::{
    board_window, glyphs, is_cropped, render_board, render_tile, Board, FeatureId, Frame,
    Placement, PointValues, Pos, RenderOptions, SegmentKind, SegmentView, TileSet, TileTypeId,
};
use crate::script::paint::{ansi_allowed, colour_by_name};
use crate::script::{script_error, Api, Fallible};
use rhai::{Array, Dynamic, Engine, Map, NativeCallContext, INT};
use std::ops::RangeInclusive;
use std::sync::Arc;

/// The tile set of a game, shared by its board and its piles.
#[derive(Clone, Debug)]
pub struct TileSetRef(pub Arc<TileSet>);

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
        .ok_or_else(|| script_error(format!("no tile type number {tile}")))
}

/// A feature id from a script, checked: a stale or made-up number is a script error.
fn feature_id(b: &Board, f: INT) -> Fallible<FeatureId> {
    usize::try_from(f)
        .ok()
        .filter(|&f| b.has_feature(f))
        .ok_or_else(|| script_error(format!("no feature number {f} on this board")))
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
        script_error(format!(
            "`{name}` is not a segment kind: city, road, field or cloister"
        ))
    })
}

/// A placement that is not a map with whole-number `x` and `y` is an error.
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
                script_error(format!(
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
            .map_err(|_| script_error(format!("set_points: `{key}` must be a whole number")))?;
        let field = p.value_mut(&key).ok_or_else(|| {
            let (message, help) = PointValues::unknown(&key);
            script_error(format!("set_points: {message} ({help})"))
        })?;
        *field = v;
    }
    board.set_points(p);
    Ok(())
}

/// What a script asks of the tile set (`this.data.tiles`).
fn register_tile_set(engine: &mut Engine) {
    engine
        .register_type_with_name::<TileSetRef>("TileSet")
        .api(
            "tiles.to_string()",
            "how a tile set prints: how many tiles it holds",
            |t: &mut TileSetRef| format!("<tile set of {}>", t.0.total()),
        )
        .api(
            "tiles.draw_pile()",
            "the tile type numbers of every copy but the start tile (unshuffled)",
            |t: &mut TileSetRef| ints(t.0.draw_pile()),
        )
        .api(
            "tiles.total()",
            "how many tiles the set holds, the start tile included",
            |t: &mut TileSetRef| t.0.total() as INT,
        )
        .api(
            "tiles.id(letter)",
            "the tile type number of a letter (\"A\"..\"X\" in the base set)",
            |t: &mut TileSetRef, letter: &str| -> Fallible<INT> {
                t.0.by_id(letter).map(|i| i as INT).ok_or_else(|| {
                    script_error(format!("no tile type `{letter}` in this tile set"))
                })
            },
        )
        .api(
            "tiles.name(t)",
            "the letter of tile type `t` (\"\" for no such type)",
            |t: &mut TileSetRef, tile: INT| {
                t.0.types()
                    .get(tile as usize)
                    .map(|ty| ty.id.clone())
                    .unwrap_or_default()
            },
        )
        .api(
            "tiles.has_cloister(t)",
            "whether tile type `t` has a cloister",
            |t: &mut TileSetRef, tile: INT| {
                t.0.types()
                    .get(tile as usize)
                    .is_some_and(|ty| ty.segments.iter().any(|s| s.kind == SegmentKind::Cloister))
            },
        )
        .api(
            "tiles.render_tile(t, glyphs)",
            "tile type `t` drawn as text, `glyphs` as for `b.render(glyphs)`",
            |ctx: NativeCallContext, t: &mut TileSetRef, tile: INT, glyphs: Array| {
                render_tile(&t.0, tile as usize, 0, &render_options(&ctx, &glyphs))
            },
        )
        .api(
            "tiles.render_tile(t, rot, glyphs)",
            "tile type `t` turned `rot` quarter turns clockwise, drawn as text",
            |ctx: NativeCallContext, t: &mut TileSetRef, tile: INT, rot: INT, glyphs: Array| {
                let rotation = u8::try_from(rot.rem_euclid(4)).unwrap_or(0);
                render_tile(
                    &t.0,
                    tile as usize,
                    rotation,
                    &render_options(&ctx, &glyphs),
                )
            },
        )
        .api(
            "carcassonne_board(tiles)",
            "a board of the tile set with its start tile at 0,0",
            |t: TileSetRef| {
                let mut board = Board::new(t.0.clone());
                board.place_start(t.0.start_tile());
                board
            },
        );
}

/// What a script asks of the tiles on the board.
fn register_board(engine: &mut Engine) {
    engine
        .register_type_with_name::<Board>("Board")
        .api(
            "b.to_string()",
            "how a board prints: how many tiles it holds",
            |b: &mut Board| format!("<board of {} tiles>", b.placed_count()),
        )
        .api(
            "b.set_points(values)",
            "changes point values, `#{ tiny_city: 2, cloister_complete: 12, … }` (the names of \
             variants/data/carcassonne-base-tiles.toml's `[points]`)",
            set_points,
        )
        .api(
            "b.placed()",
            "how many tiles are on the board",
            |b: &mut Board| b.placed_count() as INT,
        )
        .api(
            "b.fits(t)",
            "whether tile type `t` fits anywhere",
            |b: &mut Board, tile: INT| -> Fallible<bool> { Ok(b.fits_anywhere(tile_id(b, tile)?)) },
        )
        .api(
            "b.placements(t)",
            "every legal placement of tile type `t` as a move, `#{ label: \"2,-1@90\", x, y, rot }` \
             (rot in quarter turns clockwise)",
            |b: &mut Board, tile: INT| -> Fallible<Array> {
                Ok(placement_moves(b, tile_id(b, tile)?))
            },
        )
        .api(
            "b.neighbours(x, y)",
            "how many of the 8 cells around x,y hold a tile",
            |b: &mut Board, x: INT, y: INT| b.neighbour_count(pos(x, y)) as INT,
        )
        .api(
            "b.most_surrounded(placements)",
            "those of the placements (maps with `x`, `y`) whose cell has the most neighbouring \
             tiles, in their order",
            most_surrounded,
        )
        .api(
            "b.place(t, x, y, rot)",
            "places tile type `t`; returns the features it completed (roads, cities, cloisters \
             with its neighbours')",
            |b: &mut Board, tile: INT, x: INT, y: INT, rot: INT| -> Fallible<Array> {
                let tile = tile_id(b, tile)?;
                let rotation = u8::try_from(rot)
                    .ok()
                    .filter(|r| *r < 4)
                    .ok_or_else(|| script_error(format!("rotation {rot} is not 0..3")))?;
                b.place(
                    tile,
                    Placement {
                        pos: pos(x, y),
                        rotation,
                    },
                )
                .map(ints)
                .map_err(|e| script_error(e.to_string()))
            },
        )
        .api(
            "b.place_meeple(x, y, segment, colour)",
            "puts a meeple of colour number `colour` on segment `segment` of the tile at x,y; \
             returns its feature",
            |b: &mut Board, x: INT, y: INT, segment: INT, colour: INT| -> Fallible<INT> {
                let colour = u8::try_from(colour)
                    .map_err(|_| script_error(format!("meeple colour {colour} is not 0..255")))?;
                b.place_meeple(pos(x, y), segment as usize, colour)
                    .map(|f| f as INT)
                    .map_err(|e| script_error(e.to_string()))
            },
        );
    register_segments(engine);
    register_features(engine);
    register_meeples(engine);
    register_pictures(engine);
}

/// The free segments of the tile at x,y (those whose feature holds no meeple) of the kinds
/// `keep` allows: the maps of the others are never built.
fn free_segments(b: &Board, x: INT, y: INT, keep: impl Fn(SegmentKind) -> bool) -> Array {
    b.free_segments(pos(x, y))
        .into_iter()
        .filter(|s| keep(s.kind))
        .map(segment_map)
        .collect()
}

/// The segments of a tile on the board, all or those free for a meeple.
fn register_segments(engine: &mut Engine) {
    engine
        .api(
            "b.segments(x, y)",
            "the segments of the tile at x,y, `#{ index, kind, label, feature }`",
            |b: &mut Board, x: INT, y: INT| -> Array {
                b.segments_at(pos(x, y))
                    .into_iter()
                    .map(segment_map)
                    .collect()
            },
        )
        .api(
            "b.free_segments(x, y)",
            "the segments of the tile at x,y whose feature holds no meeple",
            |b: &mut Board, x: INT, y: INT| free_segments(b, x, y, |_| true),
        )
        .api(
            "b.free_segments(x, y, kind)",
            "the free segments of one kind (\"city\", \"road\", \"field\", \"cloister\")",
            |b: &mut Board, x: INT, y: INT, kind: &str| -> Fallible<Array> {
                let kind = segment_kind(kind)?;
                Ok(free_segments(b, x, y, |k| k == kind))
            },
        )
        .api(
            "b.free_segments(x, y, kinds)",
            "the free segments of any of the kinds in the list `kinds`",
            |b: &mut Board, x: INT, y: INT, kinds: Array| -> Fallible<Array> {
                let kinds = segment_kinds(&kinds)?;
                Ok(free_segments(b, x, y, |k| kinds.contains(&k)))
            },
        );
}

/// The questions about one feature, by its id (valid until the next tile is placed).
fn register_features(engine: &mut Engine) {
    engine
        .api(
            "b.kind(f)",
            "what feature `f` is: \"city\", \"road\", \"field\" or \"cloister\" (an id holds \
             until the next `place`)",
            |b: &mut Board, f: INT| -> Fallible<&str> {
                Ok(kind_name(b.feature(feature_id(b, f)?).kind))
            },
        )
        .api(
            "b.label(f)",
            "feature `f` named for players, the same until it changes: \"road@2,-1:E\"",
            |b: &mut Board, f: INT| -> Fallible<String> { Ok(b.feature_label(feature_id(b, f)?)) },
        )
        .api(
            "b.size(f)",
            "how many tiles feature `f` covers",
            |b: &mut Board, f: INT| -> Fallible<INT> {
                Ok(b.feature(feature_id(b, f)?).tiles as INT)
            },
        )
        .api(
            "b.pennants(f)",
            "how many pennants city `f` holds",
            |b: &mut Board, f: INT| -> Fallible<INT> {
                Ok(b.feature(feature_id(b, f)?).pennants as INT)
            },
        )
        .api(
            "b.open_edges(f)",
            "the sides of feature `f` still open (roads, cities) or the neighbours it still \
             misses (cloisters)",
            |b: &mut Board, f: INT| -> Fallible<INT> {
                Ok(b.feature(feature_id(b, f)?).open_edges as INT)
            },
        )
        .api(
            "b.complete(f)",
            "whether feature `f` is complete",
            |b: &mut Board, f: INT| -> Fallible<bool> { Ok(b.feature(feature_id(b, f)?).complete) },
        )
        .api(
            "b.points(f)",
            "what feature `f` is worth now: completed values when complete, end-of-game values \
             otherwise, fields by the cities they border",
            |b: &mut Board, f: INT| -> Fallible<INT> { Ok(b.points(feature_id(b, f)?)) },
        )
        .api(
            "b.bordered_cities(f)",
            "the cities field `f` borders",
            |b: &mut Board, f: INT| -> Fallible<Array> {
                Ok(ints(b.bordered_cities(feature_id(b, f)?)))
            },
        );
}

/// Who holds what: meeples on features.
fn register_meeples(engine: &mut Engine) {
    engine
        .api(
            "b.majority(f)",
            "the colours with the most meeples on feature `f` (none when it holds none)",
            |b: &mut Board, f: INT| -> Fallible<Array> {
                Ok(colours(b.majority(feature_id(b, f)?)))
            },
        )
        .api(
            "b.meeples_in(f)",
            "the colour of each meeple on feature `f`, one entry a meeple",
            |b: &mut Board, f: INT| -> Fallible<Array> {
                Ok(b.meeple_counts(feature_id(b, f)?)
                    .into_iter()
                    .flat_map(|(c, n)| std::iter::repeat_n(Dynamic::from_int(c as INT), n))
                    .collect())
            },
        )
        .api(
            "b.remove_meeples(f)",
            "takes the meeples off feature `f`; returns their colours",
            |b: &mut Board, f: INT| -> Fallible<Array> {
                let f = feature_id(b, f)?;
                Ok(colours(b.remove_meeples(f)))
            },
        )
        .api(
            "b.features_with_meeples()",
            "every feature holding a meeple",
            |b: &mut Board| ints(b.features_with_meeples()),
        )
        .api(
            "b.meeples()",
            "every meeple on the board, `#{ x, y, segment, colour, feature }`",
            |b: &mut Board| -> Array {
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
            },
        );
}

/// The board drawn as text, for `view()`.
fn register_pictures(engine: &mut Engine) {
    engine
        .api(
            "b.render(glyphs)",
            "the whole board as text, `glyphs` = `[#{ glyph: \"R\", colour: \"red\" }, …]`; the \
             last tile is pointed at by `v  v` above its column and `>` beside its row",
            |ctx: NativeCallContext, b: &mut Board, glyphs: Array| {
                let opts = RenderOptions {
                    last: b.last_placed(),
                    ..render_options(&ctx, &glyphs)
                };
                render_board(b, &opts)
            },
        )
        .api(
            "b.render(glyphs, frame)",
            "as much of the board as fits `frame` = `#{ width, height }` (columns, lines; `()` \
             for no limit), around the last tile",
            |ctx: NativeCallContext, b: &mut Board, glyphs: Array, frame: Map| {
                let opts = RenderOptions {
                    last: b.last_placed(),
                    frame: self::frame(&frame),
                    ..render_options(&ctx, &glyphs)
                };
                render_board(b, &opts)
            },
        )
        .api(
            "b.window(frame)",
            "what that picture shows, `#{ cropped, x: [from, to], y: [from, to], all_x, all_y }` \
             (the whole board with its ring of free cells)",
            |b: &mut Board, frame: Map| window_map(b, &frame),
        )
        .api(
            "board_glyphs()",
            "the board's glyphs as drawn, by meaning (`city`, `pennant`, `road`, `road_ns`, \
             `crossing`, `field`, `cloister`, `last_column`, `last_row`), for a legend",
            |ctx: NativeCallContext| -> Map {
                glyphs(ansi_allowed(&ctx))
                    .into_iter()
                    .map(|(name, glyph)| (name.into(), glyph.into()))
                    .collect()
            },
        );
}

/// Registers the tile set and the board with their script methods.
pub fn register(engine: &mut Engine) {
    register_tile_set(engine);
    register_board(engine);
}
