//! The Ora et Labora primitives as seen from Rhai (reference: scripts/ora_et_labora/API.md).
//! This module only adapts: positions are `col, row` integers, lists are arrays, records
//! are object maps, and every error a script can cause is a runtime error with a message.
//! Tables read from data (goods, cards, table) are shared behind `Arc`, so the values in
//! a game's state (`Goods`, `Wheel`, `Landscape`) are cheap to clone.

use super::cards::{Card, Cards};
use super::goods::{Goods, GoodsError, Measure};
use super::goods_table::GoodsTable;
use super::landscape::{Landscape, Pos};
use super::payment::{self, Criterion, Preference};
use super::render::{clergy_mark, render_landscape, ID_CELL, NAME_CELL};
use super::space::{Content, Terrain};
use super::table::TableData;
use super::wheel::Wheel;
use crate::script::view::width_of;
use crate::script::{script_error, Api, Fallible};
use rhai::{Array, Dynamic, Engine, EvalAltResult, Map, FLOAT, INT};
use std::sync::Arc;

/// The goods file, as scripts hold it.
#[derive(Clone, Debug)]
pub struct GoodsTableRef(pub Arc<GoodsTable>);

/// The cards file (or a filtered part of it).
#[derive(Clone, Debug)]
pub struct CardsRef(pub Arc<Cards>);

/// The table file.
#[derive(Clone, Debug)]
pub struct TableRef(pub Arc<TableData>);

/// The most goods `codes()` writes out (a move's goods are a few dozen at most).
const MAX_CODED: i64 = 1000;

fn fail<E: std::fmt::Display>(e: E) -> Box<EvalAltResult> {
    script_error(e.to_string())
}

fn pos(col: INT, row: INT) -> Fallible<Pos> {
    match (i32::try_from(col), i32::try_from(row)) {
        (Ok(c), Ok(r)) => Ok((c, r)),
        _ => Err(script_error(format!("there is no space at {col},{row}"))),
    }
}

fn pos_map((c, r): Pos) -> Map {
    let mut m = Map::new();
    m.insert("col".into(), Dynamic::from_int(c as INT));
    m.insert("row".into(), Dynamic::from_int(r as INT));
    m
}

fn strings(items: impl IntoIterator<Item = impl Into<String>>) -> Array {
    items.into_iter().map(|s| Dynamic::from(s.into())).collect()
}

fn measure(name: &str) -> Fallible<Measure> {
    Measure::by_name(name).ok_or_else(|| {
        script_error(format!(
            "`{name}` is not a value to pay (food, energy, money, points)"
        ))
    })
}

/// A payment preference from the criteria's names.
fn preference(names: Array) -> Fallible<Preference> {
    let known = || {
        let names: Vec<_> = Criterion::NAMED.iter().map(|(n, _)| *n).collect();
        names.join(", ")
    };
    let criteria = names
        .iter()
        .map(|name| {
            let text = name.clone().into_immutable_string().unwrap_or_default();
            Criterion::by_name(&text).ok_or_else(|| {
                script_error(format!(
                    "`{name}` is no way to compare payments (one of {})",
                    known()
                ))
            })
        })
        .collect::<Fallible<Vec<_>>>()?;
    Preference::new(criteria)
        .ok_or_else(|| script_error("a payment preference names a criterion twice"))
}

/// An amount in the measure's units (energy in halves): a whole number, or for energy
/// also a number of halves written as 1.5.
fn amount(m: Measure, value: &Dynamic) -> Fallible<i64> {
    let scale = if m == Measure::EnergyHalves { 2.0 } else { 1.0 };
    let scaled = if let Ok(i) = value.as_int() {
        i as FLOAT * scale
    } else if let Ok(f) = value.as_float() {
        f * scale
    } else {
        return Err(script_error(format!(
            "an amount must be a number, not {}",
            value.type_name()
        )));
    };
    if scaled.fract() != 0.0 || !scaled.is_finite() || scaled.abs() > 1e12 {
        return Err(script_error(format!(
            "{value} is not an amount that can be paid"
        )));
    }
    Ok(scaled as i64)
}

fn goods_from_map(table: &Arc<GoodsTable>, map: Map) -> Fallible<Goods> {
    let mut goods = Goods::new(table.clone());
    for (key, value) in map {
        let n = value
            .as_int()
            .map_err(|_| script_error(format!("the count of `{key}` must be a whole number")))?;
        goods.add(&key, n).map_err(fail)?;
    }
    Ok(goods)
}

fn goods_map(goods: &Goods) -> Map {
    goods
        .nonzero()
        .map(|(i, n)| {
            (
                goods.table().def(i).key.as_str().into(),
                Dynamic::from_int(n),
            )
        })
        .collect()
}

fn register_goods_table(engine: &mut Engine) {
    engine
        .register_type_with_name::<GoodsTableRef>("GoodsTable")
        .api(
            "t.to_string()",
            "how the goods table prints: how many goods it has",
            |t: &mut GoodsTableRef| format!("<{} goods>", t.0.len()),
        )
        .api(
            "t.goods()",
            "no goods: an empty `Goods`",
            |t: &mut GoodsTableRef| Goods::new(t.0.clone()),
        )
        .api(
            "t.goods(counts)",
            "goods from counts, `#{ wood: 2, peat: 1 }`, a good by key or by name \
             (`sheep` or `livestock`; an unknown good or a count that is not a whole number \
             of 0 or more: an error naming the goods)",
            |t: &mut GoodsTableRef, m: Map| goods_from_map(&t.0, m),
        )
        .api(
            "t.from_codes(codes)",
            "goods from notation codes, `\"PtPtWo\"` (the old codes `Ho` and `Po` too; an \
             unknown code: an error)",
            |t: &mut GoodsTableRef, codes: &str| {
                Goods::from_codes(t.0.clone(), codes).map_err(fail)
            },
        )
        .api(
            "t.keys()",
            "the goods' keys, in the file's order",
            |t: &mut GoodsTableRef| strings(t.0.goods().iter().map(|g| g.key.clone())),
        )
        .api(
            "t.contains(key)",
            "whether `key` is a good's key (also `key in t`)",
            |t: &mut GoodsTableRef, key: &str| t.0.goods().iter().any(|g| g.key == key),
        )
        .api(
            "t.info(key)",
            "a good's entry: `#{ key, name, plural, code, variant, basic, wheel, food, energy, \
             money, points }` (`energy` a float)",
            |t: &mut GoodsTableRef, key: &str| -> Fallible<Map> {
                let i =
                    t.0.index(key)
                        .ok_or_else(|| script_error(t.0.unknown(key)))?;
                let g = t.0.def(i);
                let mut m = Map::new();
                m.insert("key".into(), g.key.clone().into());
                m.insert("name".into(), g.name.clone().into());
                m.insert("plural".into(), g.plural.clone().into());
                m.insert("code".into(), g.code.clone().into());
                m.insert("variant".into(), g.variant.clone().into());
                m.insert("basic".into(), g.basic.into());
                m.insert("wheel".into(), g.wheel.clone().into());
                m.insert("food".into(), Dynamic::from_int(g.food));
                m.insert(
                    "energy".into(),
                    Dynamic::from_float(g.energy_halves as FLOAT / 2.0),
                );
                m.insert("money".into(), Dynamic::from_int(g.money));
                m.insert("points".into(), Dynamic::from_int(g.points));
                Ok(m)
            },
        )
        .api(
            "t.conversions()",
            "the ids of the goods file's conversions",
            |t: &mut GoodsTableRef| strings(t.0.conversions().iter().map(|c| c.id.clone())),
        )
        .api(
            "t.conversion(id)",
            "conversion `id` of the goods file: `#{ give, get }`, each a `Goods` (an unknown \
             id: an error)",
            |t: &mut GoodsTableRef, id: &str| -> Fallible<Map> {
                let c =
                    t.0.conversion(id)
                        .ok_or_else(|| script_error(format!("there is no conversion `{id}`")))?;
                let side = |pairs: &[(usize, i64)]| {
                    let mut g = Goods::new(t.0.clone());
                    for &(i, n) in pairs {
                        g.set_at(i, n);
                    }
                    Dynamic::from(g)
                };
                let mut m = Map::new();
                m.insert("give".into(), side(&c.give));
                m.insert("get".into(), side(&c.get));
                Ok(m)
            },
        );
}

fn register_goods(engine: &mut Engine) {
    engine
        .register_type_with_name::<Goods>("Goods")
        .api(
            "g.to_string()",
            "the goods in words: `\"3 wood, 2 peat\"`, `\"nothing\"`",
            |g: &mut Goods| g.to_string(),
        )
        .api(
            "g.to_debug()",
            "the goods as `debug` shows them",
            |g: &mut Goods| format!("{g:?}"),
        )
        .api(
            "a == b",
            "whether two sets of goods are the same",
            |a: &mut Goods, b: Goods| *a == b,
        )
        .api(
            "a != b",
            "whether two sets of goods differ",
            |a: &mut Goods, b: Goods| *a != b,
        )
        .api(
            "g.get(key)",
            "how many of good `key` are held (an unknown key: an error)",
            |g: &mut Goods, key: &str| g.get(key).map_err(fail),
        )
        .api(
            "g[key]",
            "how many of good `key` are held (an unknown key: an error)",
            |g: &mut Goods, key: &str| g.get(key).map_err(fail),
        )
        .api(
            "g.add(key, n)",
            "adds `n` of good `key` (`n` below 0: an error)",
            |g: &mut Goods, key: &str, n: INT| g.add(key, n).map_err(fail),
        )
        .api(
            "g.take(key, n)",
            "takes `n` of good `key` away (more than held: an error, and nothing is taken)",
            |g: &mut Goods, key: &str, n: INT| g.take(key, n).map_err(fail),
        )
        .api(
            "g.add(other)",
            "adds all of `other`",
            |g: &mut Goods, o: Goods| g.add_all(&o).map_err(fail),
        )
        .api(
            "g.take(other)",
            "takes all of `other` away, or nothing when it is not all held (an error)",
            |g: &mut Goods, o: Goods| g.take_all(&o).map_err(fail),
        )
        .api(
            "g.beyond(other)",
            "what `g` holds beyond `other`: each count less `other`'s, not below 0 (what a \
             payment took: `before.beyond(after)`)",
            |g: &mut Goods, o: Goods| g.beyond(&o).map_err(fail),
        )
        .api(
            "g.has(other)",
            "whether all of `other` is held",
            |g: &mut Goods, o: Goods| g.has(&o).map_err(fail),
        )
        .api(
            "g.has(key, n)",
            "whether at least `n` of good `key` are held",
            |g: &mut Goods, key: &str, n: INT| {
                Ok::<_, Box<EvalAltResult>>(g.get(key).map_err(fail)? >= n)
            },
        )
        .api("g.food()", "the goods' food value", |g: &mut Goods| {
            g.total(Measure::Food)
        })
        .api(
            "g.energy()",
            "the goods' energy value, a float (straw is 0.5)",
            |g: &mut Goods| g.total(Measure::EnergyHalves) as FLOAT / 2.0,
        )
        .api("g.money()", "the goods' money value", |g: &mut Goods| {
            g.total(Measure::Money)
        })
        .api("g.points()", "the goods' points", |g: &mut Goods| {
            g.total(Measure::Points)
        })
        .api(
            "g.count()",
            "how many goods tiles there are",
            |g: &mut Goods| g.count(),
        )
        .api(
            "g.kinds()",
            "how many different faces are held (the 1-coin and the 5-coin are two)",
            |g: &mut Goods| g.kinds(),
        )
        .api(
            "g.is_empty()",
            "whether no goods are held",
            |g: &mut Goods| g.is_empty(),
        )
        .api(
            "g.to_map()",
            "the counts that are not 0, as a map",
            |g: &mut Goods| goods_map(g),
        )
        .api(
            "g.codes()",
            "the goods as notation codes, in the table's order (more than 1000 tiles: an \
             error)",
            |g: &mut Goods| -> Fallible<String> {
                if g.count() > MAX_CODED {
                    return Err(script_error(format!(
                        "{} goods are too many to write as codes",
                        g.count()
                    )));
                }
                Ok(g.to_codes())
            },
        )
        .api(
            "g.convert(id, times)",
            "applies conversion `id` of the goods file `times` times, all or nothing (whether \
             a variant allows it is the rules' call)",
            |g: &mut Goods, id: &str, times: INT| g.convert(id, times).map_err(fail),
        )
        .api(
            "g.can_convert(id, times)",
            "whether conversion `id` of the goods file can be applied `times` times with the \
             goods held (no such conversion: an error)",
            |g: &mut Goods, id: &str, times: INT| -> Fallible<bool> {
                match g.clone().convert(id, times) {
                    Err(e @ GoodsError::UnknownConversion(_)) => Err(fail(e)),
                    done => Ok(done.is_ok()),
                }
            },
        )
        .api(
            "g.convert(id)",
            "applies conversion `id` of the goods file once",
            |g: &mut Goods, id: &str| g.convert(id, 1).map_err(fail),
        )
        .api(
            "g.worth(measure)",
            "what all the goods are worth in `measure` (`\"food\"`, `\"energy\"`, \
             `\"money\"` or `\"coins\"`, `\"points\"`); energy may end in a half: `2.5`",
            |g: &mut Goods, m: &str| -> Fallible<Dynamic> {
                let m = measure(m)?;
                Ok(match m {
                    Measure::EnergyHalves => Dynamic::from_float(g.total(m) as FLOAT / 2.0),
                    _ => Dynamic::from_int(g.total(m)),
                })
            },
        )
        .api(
            "g.payment(measure, amount, preference)",
            "the cheapest payment of `amount` in `measure` (`\"food\"`, `\"energy\"`, \
             `\"money\"` or `\"coins\"`, `\"points\"`) by `preference` (criteria names, \
             the first that differs deciding: `\"overpaid\"`, `\"points\"`, \
             `\"other_values\"`, `\"made_goods\"`, `\"tiles\"`, each the less the \
             better), or `()` when the goods do not reach it",
            |g: &mut Goods, m: &str, a: Dynamic, p: Array| -> Fallible<Dynamic> {
                let (m, p) = (measure(m)?, preference(p)?);
                Ok(
                    payment::cheapest(g, m, amount(m, &a)?, &p)
                        .map_or(Dynamic::UNIT, Dynamic::from),
                )
            },
        )
        .api(
            "g.payments(measure, amount, limit, preference)",
            "up to `limit` minimal payments of `amount` in `measure`, cheapest by \
             `preference` first (to offer as moves)",
            |g: &mut Goods, m: &str, a: Dynamic, limit: INT, p: Array| -> Fallible<Array> {
                let (m, p) = (measure(m)?, preference(p)?);
                let limit = usize::try_from(limit)
                    .map_err(|_| script_error("a limit cannot be negative"))?;
                let found = payment::minimal(g, m, amount(m, &a)?, limit, &p);
                Ok(found.into_iter().map(Dynamic::from).collect())
            },
        )
        .api(
            "g.is_payment(measure, amount, selection)",
            "whether `selection` is held, reaches `amount` in `measure` and is minimal (no \
             tile of it could be left out)",
            |g: &mut Goods, m: &str, a: Dynamic, sel: Goods| -> Fallible<bool> {
                let m = measure(m)?;
                Ok(payment::check(g, m, amount(m, &a)?, &sel).is_ok())
            },
        )
        .api(
            "g.pay(measure, amount, preference)",
            "pays the cheapest payment of `amount` in `measure` by `preference` and returns it \
             (cannot pay: an error)",
            |g: &mut Goods, m: &str, a: Dynamic, p: Array| -> Fallible<Goods> {
                let (m, p) = (measure(m)?, preference(p)?);
                payment::pay(g, m, amount(m, &a)?, &p).map_err(fail)
            },
        )
        .api(
            "g.pay_with(measure, amount, selection)",
            "pays `amount` in `measure` with `selection` (not held, too little, or a tile \
             given for nothing: an error)",
            |g: &mut Goods, m: &str, a: Dynamic, sel: Goods| -> Fallible<()> {
                let m = measure(m)?;
                payment::pay_with(g, m, amount(m, &a)?, &sel).map_err(fail)
            },
        );
}

fn register_wheel(engine: &mut Engine) {
    engine
        .register_type_with_name::<Wheel>("Wheel")
        .api(
            "w.to_string()",
            "the wheel in words: `\"beam 4: wood 3, peat 3, joker 5\"`",
            |w: &mut Wheel| w.to_string(),
        )
        .api(
            "w.to_debug()",
            "the wheel in words: `\"beam 4: wood 3, peat 3, joker 5\"`",
            |w: &mut Wheel| w.to_string(),
        )
        .api("w.beam", "the space the beam points at", |w: &mut Wheel| {
            w.beam() as INT
        })
        .api(
            "w.values()",
            "the values of the wheel's side, in order",
            |w: &mut Wheel| {
                w.values()
                    .iter()
                    .map(|v| Dynamic::from_int(*v))
                    .collect::<Array>()
            },
        )
        .api(
            "w.has(name)",
            "whether indicator `name` is on the wheel (a good whose indicator is gone may be \
             produced with the joker, if the rules say so)",
            |w: &mut Wheel, name: &str| w.has(name),
        )
        .api(
            "w.amount(name)",
            "what indicator `name` gives now (not on the wheel: an error)",
            |w: &mut Wheel, name: &str| w.amount(name).map_err(fail),
        )
        .api(
            "w.steps(name)",
            "the steps since indicator `name` was last taken",
            |w: &mut Wheel, name: &str| w.steps(name).map(|s| s as INT).map_err(fail),
        )
        .api(
            "w.take(name)",
            "what indicator `name` gives now; the indicator goes back to 0",
            |w: &mut Wheel, name: &str| w.take(name).map_err(fail),
        )
        .api(
            "w.add(name)",
            "puts indicator `name` on the wheel at 0 (there already: an error)",
            |w: &mut Wheel, name: &str| w.add(name).map_err(fail),
        )
        .api(
            "w.remove(name)",
            "takes indicator `name` off the wheel (not on it: an error)",
            |w: &mut Wheel, name: &str| w.remove(name).map_err(fail),
        )
        .api(
            "w.rotate(remove_at_last)",
            "turns the beam; the indicators on the last value are removed and returned when \
             `remove_at_last` (the solo game), else pushed along",
            |w: &mut Wheel, remove_at_last: bool| strings(w.rotate(remove_at_last)),
        )
        .api(
            "w.amounts()",
            "every indicator's `#{ name, amount }`, in the order they were added",
            |w: &mut Wheel| {
                w.amounts()
                    .into_iter()
                    .map(|(name, amount)| {
                        let mut m = Map::new();
                        m.insert("name".into(), name.into());
                        m.insert("amount".into(), Dynamic::from_int(amount));
                        Dynamic::from_map(m)
                    })
                    .collect::<Array>()
            },
        );
}

fn terrain_list(items: &Array) -> Fallible<Vec<Terrain>> {
    items
        .iter()
        .map(|t| {
            let name = t
                .clone()
                .into_string()
                .map_err(|_| script_error("a terrain must be a string"))?;
            Terrain::by_name(&name)
                .ok_or_else(|| script_error(format!("`{name}` is not a terrain")))
        })
        .collect()
}

fn space_map(l: &Landscape, p: Pos) -> Dynamic {
    let Some(s) = l.space(p) else {
        return Dynamic::UNIT;
    };
    let mut m = pos_map(p);
    m.insert("terrain".into(), s.terrain.name().into());
    m.insert("content".into(), s.content.kind().into());
    m.insert(
        "id".into(),
        s.content.card().map_or(Dynamic::UNIT, |id| id.into()),
    );
    m.insert(
        "clergy".into(),
        l.clergy_at(p).map_or(Dynamic::UNIT, |w| w.into()),
    );
    m.insert("span".into(), Dynamic::from_int(s.span as INT));
    m.insert("card".into(), Dynamic::from_int(s.card as INT));
    Dynamic::from_map(m)
}

fn side<'a, T>(
    sides: &'a std::collections::BTreeMap<String, T>,
    what: &str,
    name: &str,
) -> Fallible<&'a T> {
    sides.get(name).ok_or_else(|| {
        let known: Vec<&str> = sides.keys().map(String::as_str).collect();
        script_error(format!(
            "no {what} side `{name}` (the table has {})",
            known.join(", ")
        ))
    })
}

fn card<'a>(cards: &'a Cards, id: &str) -> Fallible<&'a Card> {
    cards
        .get(id)
        .ok_or_else(|| script_error(format!("there is no card `{id}`")))
}

/// The landscape with each card by its short name, for a player.
fn render_named(l: &Landscape, cards: &CardsRef, width: Option<usize>) -> String {
    let shorts = cards.0.short_names();
    let name = |id: &str| shorts.get(id).cloned().unwrap_or_else(|| id.to_owned());
    render_landscape(l, NAME_CELL, width, &name)
}

fn register_landscape(engine: &mut Engine) {
    const GRID: &str = "the landscape as a text grid of card ids: `P moor`, `H L1`, `P L3(P)` \
                        (terrain letter W C P H M, content, clergy mark)";
    let ids = |l: &mut Landscape| render_landscape(l, ID_CELL, None, &|id: &str| id.to_owned());
    engine
        .register_type_with_name::<Landscape>("Landscape")
        .api("l.to_string()", GRID, ids)
        .api("l.to_debug()", GRID, ids)
        .api(
            "clergy_mark(who)",
            "the mark of clergyman `who` in the landscapes' pictures: the digit its name ends \
             with (`\"lay1\"` → `1`), else its first letter in capitals (`\"prior\"` → `P`)",
            |who: &str| clergy_mark(who),
        )
        .api(
            "terrain_letter(name)",
            "the letter of terrain `name` in the text landscapes: W C P H M (not a terrain: an \
             error)",
            |name: &str| -> Fallible<String> {
                Terrain::by_name(name)
                    .map(|t| t.letter().to_string())
                    .ok_or_else(|| script_error(format!("`{name}` is not a terrain")))
            },
        )
        .api(
            "l.render(cards)",
            "the landscape as a player reads it: `H ClayMound`, `P CloistOff(P)`, each card \
             by its short name in `cards` (`c.short_names()`)",
            |l: &mut Landscape, cards: CardsRef| render_named(l, &cards, None),
        )
        .api(
            "l.render(cards, width)",
            "as `l.render(cards)`, its columns drawn in bands one under the other where they \
             would run past `width` columns (`()`: no limit)",
            |l: &mut Landscape, cards: CardsRef, width: Dynamic| {
                render_named(l, &cards, width_of(&width))
            },
        )
        .api(
            "l.space(col, row)",
            "the space at `col, row` as `#{ col, row, terrain, content, id, clergy, span, card \
             }`, or `()` (the mountain answers for both its rows with its upper row)",
            |l: &mut Landscape, c: INT, r: INT| -> Fallible<Dynamic> {
                Ok(space_map(l, pos(c, r)?))
            },
        )
        .api(
            "l.spaces()",
            "every space as `space` gives it, row by row",
            |l: &mut Landscape| l.spaces().map(|(p, _)| space_map(l, p)).collect::<Array>(),
        )
        // Only the spaces holding `content` ("forest", "building", …): scoring and the
        // forest cards ask for one kind, and a map per space is what costs.
        .api(
            "l.spaces(content)",
            "the spaces holding `content` (`\"empty\"`, `\"forest\"`, `\"moor\"`, \
             `\"building\"`, `\"settlement\"`), in the same order",
            |l: &mut Landscape, content: &str| {
                l.spaces()
                    .filter(|(_, s)| s.content.kind() == content)
                    .map(|(p, _)| space_map(l, p))
                    .collect::<Array>()
            },
        )
        .api(
            "l.rows()",
            "the landscape's first and last rows: `#{ top, bottom }`",
            |l: &mut Landscape| {
                let (top, bottom) = l.rows();
                let mut m = Map::new();
                m.insert("top".into(), Dynamic::from_int(top as INT));
                m.insert("bottom".into(), Dynamic::from_int(bottom as INT));
                m
            },
        )
        .api(
            "l.neighbours(col, row)",
            "the positions that share an edge with `col, row` (the mountain neighbours only \
             the two hillsides of its plot)",
            |l: &mut Landscape, c: INT, r: INT| -> Fallible<Array> {
                let n = l.neighbours(pos(c, r)?).map_err(fail)?;
                Ok(n.into_iter()
                    .map(|p| Dynamic::from_map(pos_map(p)))
                    .collect())
            },
        )
        .api(
            "l.count(kind)",
            "how many spaces hold `kind`: `\"forest\"`, `\"moor\"` or `\"empty\"`",
            |l: &mut Landscape, kind: &str| -> Fallible<INT> {
                match kind {
                    "forest" => Ok(l.count(&Content::Forest) as INT),
                    "moor" => Ok(l.count(&Content::Moor) as INT),
                    "empty" => Ok(l.count(&Content::Empty) as INT),
                    other => Err(script_error(format!(
                        "count: `{other}` is not forest, moor or empty"
                    ))),
                }
            },
        )
        .api(
            "l.clear_forest(col, row)",
            "the forest at `col, row` becomes empty plains (no forest there: an error)",
            |l: &mut Landscape, c: INT, r: INT| -> Fallible<()> {
                l.clear(pos(c, r)?, &Content::Forest).map_err(fail)
            },
        )
        .api(
            "l.clear_moor(col, row)",
            "the moor at `col, row` becomes empty plains (no moor there: an error)",
            |l: &mut Landscape, c: INT, r: INT| -> Fallible<()> {
                l.clear(pos(c, r)?, &Content::Moor).map_err(fail)
            },
        )
        .api(
            "l.build(col, row, id)",
            "puts building card `id` on the empty space at `col, row` (the terrain is not \
             checked: see `free_spaces`)",
            |l: &mut Landscape, c: INT, r: INT, id: &str| -> Fallible<()> {
                l.place(pos(c, r)?, Content::Building(id.into()))
                    .map_err(fail)
            },
        )
        .api(
            "l.settle(col, row, id)",
            "puts settlement card `id` on the empty space at `col, row`",
            |l: &mut Landscape, c: INT, r: INT, id: &str| -> Fallible<()> {
                l.place(pos(c, r)?, Content::Settlement(id.into()))
                    .map_err(fail)
            },
        )
        .api(
            "l.overbuild(col, row, id)",
            "covers the building at `col, row` with card `id` and returns the covered card's \
             id (a clergyman there stays)",
            |l: &mut Landscape, c: INT, r: INT, id: &str| -> Fallible<String> {
                l.overbuild(pos(c, r)?, id).map_err(fail)
            },
        )
        .api(
            "l.district_rows(beside_plots)",
            "the rows a district may take, above or below the district columns (with \
             `beside_plots`, also free rows beside a plot)",
            |l: &mut Landscape, beside_plots: bool| {
                l.district_rows(beside_plots)
                    .into_iter()
                    .map(|r| Dynamic::from_int(r as INT))
                    .collect::<Array>()
            },
        )
        .api(
            "l.add_district(table, row, side)",
            "adds a district card showing `side` in `row`, a row of `district_rows(true)`",
            |l: &mut Landscape, t: TableRef, row: INT, name: &str| -> Fallible<()> {
                let row = i32::try_from(row)
                    .map_err(|_| script_error(format!("a district cannot go in row {row}")))?;
                l.add_district(row, side(&t.0.districts, "district", name)?)
                    .map_err(fail)
            },
        )
        .api(
            "l.plot_rows(table, side)",
            "the upper rows a plot card showing `side` may take: free, beside the district \
             columns or on a plot of its side",
            |l: &mut Landscape, t: TableRef, name: &str| -> Fallible<Array> {
                let rows = l.plot_rows(side(&t.0.plots, "plot", name)?);
                Ok(rows
                    .into_iter()
                    .map(|r| Dynamic::from_int(r as INT))
                    .collect())
            },
        )
        .api(
            "l.add_plot(table, row, side)",
            "adds a plot card showing `side` with its upper row at `row`",
            |l: &mut Landscape, t: TableRef, row: INT, name: &str| -> Fallible<()> {
                let row = i32::try_from(row).map_err(|_| {
                    script_error(format!("this plot cannot go with its upper row at {row}"))
                })?;
                l.add_plot(row, side(&t.0.plots, "plot", name)?)
                    .map_err(fail)
            },
        )
        .api(
            "l.free_spaces(cards, id, ignore_terrain)",
            "the empty spaces card `id` may go on: its terrain (unless `ignore_terrain`) and, \
             for a cloister, the cloister rule",
            |l: &mut Landscape,
             cards: CardsRef,
             id: &str,
             ignore_terrain: bool|
             -> Fallible<Array> {
                let c = card(&cards.0, id)?;
                let is_cloister = |id: &str| cards.0.is_cloister(id);
                let found = l.free_spaces(&c.terrain, ignore_terrain, c.cloister, &is_cloister);
                Ok(found
                    .into_iter()
                    .map(|p| Dynamic::from_map(pos_map(p)))
                    .collect())
            },
        )
        .api(
            "l.free_spaces(terrains, cloister, cards)",
            "the empty spaces of `terrains` (a list) a building goes on, with the cloister \
             rule when `cloister`",
            |l: &mut Landscape,
             terrains: Array,
             cloister: bool,
             cards: CardsRef|
             -> Fallible<Array> {
                let terrains = terrain_list(&terrains)?;
                let is_cloister = |id: &str| cards.0.is_cloister(id);
                let found = l.free_spaces(&terrains, false, cloister, &is_cloister);
                Ok(found
                    .into_iter()
                    .map(|p| Dynamic::from_map(pos_map(p)))
                    .collect())
            },
        )
        .api(
            "l.has_cloister_neighbour(cards, col, row)",
            "whether a cloister building shares an edge with `col, row`",
            |l: &mut Landscape, cards: CardsRef, c: INT, r: INT| -> Fallible<bool> {
                Ok(l.has_cloister_neighbour(pos(c, r)?, &|id: &str| cards.0.is_cloister(id)))
            },
        )
        .api(
            "l.buildings(cards)",
            "every building (not the settlements) as `#{ col, row, id, cloister, occupied, \
             clergy }`",
            |l: &mut Landscape, cards: CardsRef| {
                l.spaces()
                    .filter_map(|(p, s)| match &s.content {
                        Content::Building(id) => {
                            let mut m = pos_map(p);
                            m.insert("id".into(), id.clone().into());
                            m.insert("cloister".into(), cards.0.is_cloister(id).into());
                            let clergy = l.clergy_at(p);
                            m.insert("occupied".into(), clergy.is_some().into());
                            m.insert("clergy".into(), clergy.map_or(Dynamic::UNIT, |w| w.into()));
                            Some(Dynamic::from_map(m))
                        }
                        _ => None,
                    })
                    .collect::<Array>()
            },
        )
        .api(
            "l.settlement_value(cards, table, col, row)",
            "the settlement at `col, row`: its dwelling value and its neighbours' (empty \
             spaces as the table's `[empty_dwelling]` says; not a settlement: an error)",
            |l: &mut Landscape, cards: CardsRef, t: TableRef, c: INT, r: INT| -> Fallible<INT> {
                l.settlement_value(pos(c, r)?, &|id: &str| cards.0.dwelling(id), &|tr| {
                    t.0.empty_dwelling(tr)
                })
                .map_err(fail)
            },
        )
        .api(
            "l.settlement_values(cards, table)",
            "every settlement as `#{ col, row, id, value }`",
            |l: &mut Landscape, cards: CardsRef, t: TableRef| {
                l.settlement_values(&|id: &str| cards.0.dwelling(id), &|tr| {
                    t.0.empty_dwelling(tr)
                })
                .into_iter()
                .map(|(p, id, value)| {
                    let mut m = pos_map(p);
                    m.insert("id".into(), id.into());
                    m.insert("value".into(), Dynamic::from_int(value));
                    Dynamic::from_map(m)
                })
                .collect::<Array>()
            },
        )
        .api(
            "l.place_clergy(col, row, who)",
            "puts clergyman `who` on the building at `col, row` (occupied, not a building, or \
             `who` placed already: an error)",
            |l: &mut Landscape, c: INT, r: INT, who: &str| -> Fallible<()> {
                l.place_clergy(pos(c, r)?, who).map_err(fail)
            },
        )
        .api(
            "l.clergy_at(col, row)",
            "the clergyman on `col, row`, or `()`",
            |l: &mut Landscape, c: INT, r: INT| -> Fallible<Dynamic> {
                Ok(l.clergy_at(pos(c, r)?).map_or(Dynamic::UNIT, |w| w.into()))
            },
        )
        .api(
            "l.clergy_position(who)",
            "where clergyman `who` stands, or `()`",
            |l: &mut Landscape, who: &str| {
                l.clergy_position(who)
                    .map_or(Dynamic::UNIT, |p| Dynamic::from_map(pos_map(p)))
            },
        )
        .api(
            "l.return_clergy(who)",
            "takes clergyman `who` back and returns where it stood (not placed: an error)",
            |l: &mut Landscape, who: &str| -> Fallible<Map> {
                l.return_clergy(who).map(pos_map).map_err(fail)
            },
        )
        .api(
            "l.return_all_clergy()",
            "takes every clergyman back and returns their names",
            |l: &mut Landscape| strings(l.return_all_clergy()),
        )
        .api(
            "l.placed_clergy()",
            "every placed clergyman as `#{ who, col, row }`",
            |l: &mut Landscape| {
                l.placed_clergy()
                    .iter()
                    .map(|(who, p)| {
                        let mut m = pos_map(*p);
                        m.insert("who".into(), who.clone().into());
                        Dynamic::from_map(m)
                    })
                    .collect::<Array>()
            },
        );
}

/// A card as an object map with every field; `effect` as plain maps and arrays.
pub fn card_map(c: &Card) -> Map {
    let mut m = Map::new();
    m.insert("id".into(), c.id.clone().into());
    m.insert("name".into(), c.name.clone().into());
    m.insert("kind".into(), c.kind.clone().into());
    m.insert("variant".into(), c.variant.clone().into());
    m.insert("age".into(), c.age.clone().into());
    m.insert("solo".into(), c.solo.clone().into());
    m.insert("cost".into(), Dynamic::from_map(cost_map(c)));
    m.insert("economic".into(), Dynamic::from_int(c.economic));
    m.insert("dwelling".into(), Dynamic::from_int(c.dwelling));
    m.insert(
        "terrain".into(),
        strings(c.terrain.iter().map(|t| t.name())).into(),
    );
    m.insert("cloister".into(), c.cloister.into());
    m.insert(
        "raises_work_contract_price".into(),
        c.raises_work_contract_price.into(),
    );
    m.insert("function".into(), c.function.clone().into());
    let effect: Array = c
        .effect
        .iter()
        .map(|e| rhai::serde::to_dynamic(e).unwrap_or(Dynamic::UNIT))
        .collect();
    m.insert("effect".into(), effect.into());
    m
}

/// A card's cost as `#{ good: amount }`.
fn cost_map(c: &Card) -> Map {
    c.cost
        .iter()
        .map(|(k, v)| (k.as_str().into(), Dynamic::from_int(*v)))
        .collect()
}

fn register_cards(engine: &mut Engine) {
    engine
        .register_type_with_name::<CardsRef>("Cards")
        .api(
            "c.to_string()",
            "how the cards print: how many there are",
            |c: &mut CardsRef| format!("<{} cards>", c.0.all().len()),
        )
        .api("c.len()", "how many cards there are", |c: &mut CardsRef| {
            c.0.all().len() as INT
        })
        .api(
            "c.variant(name)",
            "the cards of variant `name` and the shared ones",
            |c: &mut CardsRef, v: &str| CardsRef(Arc::new(c.0.for_variant(v))),
        )
        .api(
            "c.solo()",
            "the cards but those the solo game removes",
            |c: &mut CardsRef| CardsRef(Arc::new(c.0.for_solo())),
        )
        .api("c.ids()", "the cards' ids", |c: &mut CardsRef| {
            strings(c.0.all().iter().map(|c| c.id.clone()))
        })
        .api(
            "c.ids(kind)",
            "the ids of the cards of kind `kind` (`\"building\"`, `\"settlement\"`, \
             `\"basic\"`)",
            |c: &mut CardsRef, kind: &str| {
                strings(
                    c.0.all()
                        .iter()
                        .filter(|c| c.kind == kind)
                        .map(|c| c.id.clone()),
                )
            },
        )
        .api(
            "c.has(id)",
            "whether there is a card `id`",
            |c: &mut CardsRef, id: &str| c.0.get(id).is_some(),
        )
        .api(
            "c.get(id)",
            "card `id` with every field: `#{ id, name, kind, variant, age, solo, cost, \
             economic, dwelling, terrain, cloister, raises_work_contract_price, function, \
             effect }` (no such card: an error)",
            |c: &mut CardsRef, id: &str| card(&c.0, id).map(card_map),
        )
        .api(
            "c.find(name)",
            "the card called `name`, as `get` gives it, or `()`",
            |c: &mut CardsRef, name: &str| {
                c.0.by_name(name)
                    .map_or(Dynamic::UNIT, |c| Dynamic::from_map(card_map(c)))
            },
        )
        .api(
            "c.lookup(name)",
            "the card called `name` or whose short name is `name`, whatever the case, as \
             `get` gives it, or `()`",
            |c: &mut CardsRef, name: &str| {
                c.0.lookup(name)
                    .map_or(Dynamic::UNIT, |c| Dynamic::from_map(card_map(c)))
            },
        )
        .api(
            "c.short_names()",
            "every card's short name by id, as `render` writes it: the name where it fits a \
             landscape cell, else a prefix of each word (`\"CloistOff\"`), no two alike",
            |c: &mut CardsRef| {
                c.0.short_names()
                    .into_iter()
                    .map(|(id, short)| (id.into(), Dynamic::from(short)))
                    .collect::<Map>()
            },
        )
        .api(
            "c.is_cloister(id)",
            "whether card `id` is a cloister",
            |c: &mut CardsRef, id: &str| card(&c.0, id).map(|c| c.cloister),
        )
        .api(
            "c.dwelling(id)",
            "card `id`'s dwelling value",
            |c: &mut CardsRef, id: &str| card(&c.0, id).map(|c| c.dwelling),
        )
        .api(
            "c.economic(id)",
            "card `id`'s economic value",
            |c: &mut CardsRef, id: &str| card(&c.0, id).map(|c| c.economic),
        )
        .api(
            "c.cost(id)",
            "card `id`'s cost, `#{ wood: 2, clay: 1 }` (cheaper than `get` where only the \
             cost is read, as bots do at every move)",
            |c: &mut CardsRef, id: &str| card(&c.0, id).map(cost_map),
        );
}

fn register_table(engine: &mut Engine) {
    engine
        .register_type_with_name::<TableRef>("Table")
        .api(
            "t.to_string()",
            "how the table prints",
            |_: &mut TableRef| "<Ora et Labora table>".to_owned(),
        )
        .api(
            "t.wheel_values(side)",
            "the values of the production wheel's side `side` (`\"front\"`, `\"back\"`)",
            |t: &mut TableRef, name: &str| -> Fallible<Array> {
                let values = side(&t.0.wheel_sides, "wheel", name)?;
                Ok(values.iter().map(|v| Dynamic::from_int(*v)).collect())
            },
        )
        .api(
            "t.solo_indicators()",
            "the goods indicators of the solo game",
            |t: &mut TableRef| strings(t.0.solo_indicators.clone()),
        )
        .api(
            "t.wheel(side, indicators)",
            "a production wheel of side `side` with the indicators named at 0",
            |t: &mut TableRef, name: &str, indicators: Array| -> Fallible<Wheel> {
                let names = indicators
                    .into_iter()
                    .map(|d| {
                        d.into_string()
                            .map_err(|_| script_error("an indicator name must be a string"))
                    })
                    .collect::<Fallible<Vec<String>>>()?;
                Wheel::new(side(&t.0.wheel_sides, "wheel", name)?.clone(), &names).map_err(fail)
            },
        )
        .api(
            "t.prices(list)",
            "the landscape prices of `list` (`\"district_solo\"`, `\"plot_solo\"`, \
             `\"district_multiplayer\"`, `\"plot_multiplayer\"`), in purchase order",
            |t: &mut TableRef, name: &str| -> Fallible<Array> {
                let prices = side(&t.0.prices, "price list", name)?;
                Ok(prices.iter().map(|v| Dynamic::from_int(*v)).collect())
            },
        )
        .api(
            "t.heartland(name)",
            "the heartland `name` (`\"player\"` or `\"neutral\"`) as a landscape",
            |t: &mut TableRef, name: &str| -> Fallible<Landscape> {
                Ok(Landscape::from_heartland(side(
                    &t.0.heartlands,
                    "heartland",
                    name,
                )?))
            },
        )
        .api(
            "t.district_sides()",
            "the sides of a district card: `[\"hills\", \"plains\"]`",
            |t: &mut TableRef| strings(t.0.districts.keys().cloned()),
        )
        .api(
            "t.plot_sides()",
            "the sides of a plot card: `[\"coast\", \"mountain\"]`",
            |t: &mut TableRef| strings(t.0.plots.keys().cloned()),
        );
}

/// Registers every type and function of the family.
pub fn register(engine: &mut Engine) {
    register_goods_table(engine);
    register_goods(engine);
    register_wheel(engine);
    register_landscape(engine);
    register_cards(engine);
    register_table(engine);
}
