//! The Ora et Labora primitives as seen from Rhai (reference: scripts/ora_et_labora/API.md).
//! This module only adapts: positions are `col, row` integers, lists are arrays, records
//! are object maps, and every error a script can cause is a runtime error with a message.
//! Tables read from data (goods, cards, table) are shared behind `Arc`, so the values in
//! a game's state (`Goods`, `Wheel`, `Landscape`) are cheap to clone.

use super::cards::{Card, Cards};
use super::goods::{Goods, Measure};
use super::goods_table::GoodsTable;
use super::landscape::{Landscape, Pos};
use super::payment;
use super::render::render_landscape;
use super::space::{Content, Terrain};
use super::table::TableData;
use super::wheel::Wheel;
use rhai::{Array, Dynamic, Engine, EvalAltResult, Map, Position, FLOAT, INT};
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

type Fallible<T> = Result<T, Box<EvalAltResult>>;

/// The most goods `codes()` writes out (a move's goods are a few dozen at most).
const MAX_CODED: i64 = 1000;

fn error(message: impl Into<String>) -> Box<EvalAltResult> {
    EvalAltResult::ErrorRuntime(message.into().into(), Position::NONE).into()
}

fn fail<E: std::fmt::Display>(e: E) -> Box<EvalAltResult> {
    error(e.to_string())
}

fn pos(col: INT, row: INT) -> Fallible<Pos> {
    match (i32::try_from(col), i32::try_from(row)) {
        (Ok(c), Ok(r)) => Ok((c, r)),
        _ => Err(error(format!("there is no space at {col},{row}"))),
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
        error(format!(
            "`{name}` is not a value to pay (food, energy, money, points)"
        ))
    })
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
        return Err(error(format!(
            "an amount must be a number, not {}",
            value.type_name()
        )));
    };
    if scaled.fract() != 0.0 || !scaled.is_finite() || scaled.abs() > 1e12 {
        return Err(error(format!("{value} is not an amount that can be paid")));
    }
    Ok(scaled as i64)
}

fn goods_from_map(table: &Arc<GoodsTable>, map: Map) -> Fallible<Goods> {
    let mut goods = Goods::new(table.clone());
    for (key, value) in map {
        let n = value
            .as_int()
            .map_err(|_| error(format!("the count of `{key}` must be a whole number")))?;
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
        .register_fn("to_string", |t: &mut GoodsTableRef| {
            format!("<{} goods>", t.0.len())
        })
        .register_fn("goods", |t: &mut GoodsTableRef| Goods::new(t.0.clone()))
        .register_fn("goods", |t: &mut GoodsTableRef, m: Map| {
            goods_from_map(&t.0, m)
        })
        .register_fn("from_codes", |t: &mut GoodsTableRef, codes: &str| {
            Goods::from_codes(t.0.clone(), codes).map_err(fail)
        })
        .register_fn("keys", |t: &mut GoodsTableRef| {
            strings(t.0.goods().iter().map(|g| g.key.clone()))
        })
        .register_fn(
            "info",
            |t: &mut GoodsTableRef, key: &str| -> Fallible<Map> {
                let i =
                    t.0.index(key)
                        .ok_or_else(|| error(format!("there is no good `{key}`")))?;
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
        .register_fn("conversions", |t: &mut GoodsTableRef| {
            strings(t.0.conversions().iter().map(|c| c.id.clone()))
        });
}

fn register_goods(engine: &mut Engine) {
    engine
        .register_type_with_name::<Goods>("Goods")
        .register_fn("to_string", |g: &mut Goods| g.to_string())
        .register_fn("to_debug", |g: &mut Goods| format!("{g:?}"))
        .register_fn("==", |a: &mut Goods, b: Goods| *a == b)
        .register_fn("!=", |a: &mut Goods, b: Goods| *a != b)
        .register_fn("get", |g: &mut Goods, key: &str| g.get(key).map_err(fail))
        .register_indexer_get(|g: &mut Goods, key: &str| g.get(key).map_err(fail))
        .register_fn("add", |g: &mut Goods, key: &str, n: INT| {
            g.add(key, n).map_err(fail)
        })
        .register_fn("take", |g: &mut Goods, key: &str, n: INT| {
            g.take(key, n).map_err(fail)
        })
        .register_fn("add", |g: &mut Goods, o: Goods| g.add_all(&o).map_err(fail))
        .register_fn("take", |g: &mut Goods, o: Goods| {
            g.take_all(&o).map_err(fail)
        })
        .register_fn("has", |g: &mut Goods, o: Goods| g.has(&o).map_err(fail))
        .register_fn("has", |g: &mut Goods, key: &str, n: INT| {
            Ok::<_, Box<EvalAltResult>>(g.get(key).map_err(fail)? >= n)
        })
        .register_fn("food", |g: &mut Goods| g.total(Measure::Food))
        .register_fn("energy", |g: &mut Goods| {
            g.total(Measure::EnergyHalves) as FLOAT / 2.0
        })
        .register_fn("money", |g: &mut Goods| g.total(Measure::Money))
        .register_fn("points", |g: &mut Goods| g.total(Measure::Points))
        .register_fn("count", |g: &mut Goods| g.count())
        .register_fn("kinds", |g: &mut Goods| g.kinds())
        .register_fn("is_empty", |g: &mut Goods| g.is_empty())
        .register_fn("to_map", |g: &mut Goods| goods_map(g))
        .register_fn("codes", |g: &mut Goods| -> Fallible<String> {
            if g.count() > MAX_CODED {
                return Err(error(format!(
                    "{} goods are too many to write as codes",
                    g.count()
                )));
            }
            Ok(g.to_codes())
        })
        .register_fn("convert", |g: &mut Goods, id: &str, times: INT| {
            g.convert(id, times).map_err(fail)
        })
        .register_fn("convert", |g: &mut Goods, id: &str| {
            g.convert(id, 1).map_err(fail)
        })
        .register_fn(
            "payment",
            |g: &mut Goods, m: &str, a: Dynamic| -> Fallible<Dynamic> {
                let m = measure(m)?;
                Ok(payment::cheapest(g, m, amount(m, &a)?).map_or(Dynamic::UNIT, Dynamic::from))
            },
        )
        .register_fn(
            "payments",
            |g: &mut Goods, m: &str, a: Dynamic, limit: INT| -> Fallible<Array> {
                let m = measure(m)?;
                let limit =
                    usize::try_from(limit).map_err(|_| error("a limit cannot be negative"))?;
                let found = payment::minimal(g, m, amount(m, &a)?, limit);
                Ok(found.into_iter().map(Dynamic::from).collect())
            },
        )
        .register_fn(
            "is_payment",
            |g: &mut Goods, m: &str, a: Dynamic, sel: Goods| -> Fallible<bool> {
                let m = measure(m)?;
                Ok(payment::check(g, m, amount(m, &a)?, &sel).is_ok())
            },
        )
        .register_fn(
            "pay",
            |g: &mut Goods, m: &str, a: Dynamic| -> Fallible<Goods> {
                let m = measure(m)?;
                payment::pay(g, m, amount(m, &a)?).map_err(fail)
            },
        )
        .register_fn(
            "pay_with",
            |g: &mut Goods, m: &str, a: Dynamic, sel: Goods| -> Fallible<()> {
                let m = measure(m)?;
                payment::pay_with(g, m, amount(m, &a)?, &sel).map_err(fail)
            },
        );
}

fn register_wheel(engine: &mut Engine) {
    engine
        .register_type_with_name::<Wheel>("Wheel")
        .register_fn("to_string", |w: &mut Wheel| w.to_string())
        .register_fn("to_debug", |w: &mut Wheel| w.to_string())
        .register_get("beam", |w: &mut Wheel| w.beam() as INT)
        .register_fn("values", |w: &mut Wheel| {
            w.values()
                .iter()
                .map(|v| Dynamic::from_int(*v))
                .collect::<Array>()
        })
        .register_fn("has", |w: &mut Wheel, name: &str| w.has(name))
        .register_fn("amount", |w: &mut Wheel, name: &str| {
            w.amount(name).map_err(fail)
        })
        .register_fn("steps", |w: &mut Wheel, name: &str| {
            w.steps(name).map(|s| s as INT).map_err(fail)
        })
        .register_fn("take", |w: &mut Wheel, name: &str| {
            w.take(name).map_err(fail)
        })
        .register_fn("add", |w: &mut Wheel, name: &str| w.add(name).map_err(fail))
        .register_fn("remove", |w: &mut Wheel, name: &str| {
            w.remove(name).map_err(fail)
        })
        .register_fn("rotate", |w: &mut Wheel, remove_at_last: bool| {
            strings(w.rotate(remove_at_last))
        })
        .register_fn("amounts", |w: &mut Wheel| {
            w.amounts()
                .into_iter()
                .map(|(name, amount)| {
                    let mut m = Map::new();
                    m.insert("name".into(), name.into());
                    m.insert("amount".into(), Dynamic::from_int(amount));
                    Dynamic::from_map(m)
                })
                .collect::<Array>()
        });
}

fn terrain_list(items: &Array) -> Fallible<Vec<Terrain>> {
    items
        .iter()
        .map(|t| {
            let name = t
                .clone()
                .into_string()
                .map_err(|_| error("a terrain must be a string"))?;
            Terrain::by_name(&name).ok_or_else(|| error(format!("`{name}` is not a terrain")))
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
        error(format!(
            "no {what} side `{name}` (the table has {})",
            known.join(", ")
        ))
    })
}

fn card<'a>(cards: &'a Cards, id: &str) -> Fallible<&'a Card> {
    cards
        .get(id)
        .ok_or_else(|| error(format!("there is no card `{id}`")))
}

fn register_landscape(engine: &mut Engine) {
    engine
        .register_type_with_name::<Landscape>("Landscape")
        .register_fn("to_string", |l: &mut Landscape| render_landscape(l))
        .register_fn("to_debug", |l: &mut Landscape| render_landscape(l))
        .register_fn("render", |l: &mut Landscape| render_landscape(l))
        .register_fn(
            "space",
            |l: &mut Landscape, c: INT, r: INT| -> Fallible<Dynamic> {
                Ok(space_map(l, pos(c, r)?))
            },
        )
        .register_fn("spaces", |l: &mut Landscape| {
            l.spaces().map(|(p, _)| space_map(l, p)).collect::<Array>()
        })
        // Only the spaces holding `content` ("forest", "building", …): scoring and the
        // forest cards ask for one kind, and a map per space is what costs.
        .register_fn("spaces", |l: &mut Landscape, content: &str| {
            l.spaces()
                .filter(|(_, s)| s.content.kind() == content)
                .map(|(p, _)| space_map(l, p))
                .collect::<Array>()
        })
        .register_fn("rows", |l: &mut Landscape| {
            let (top, bottom) = l.rows();
            let mut m = Map::new();
            m.insert("top".into(), Dynamic::from_int(top as INT));
            m.insert("bottom".into(), Dynamic::from_int(bottom as INT));
            m
        })
        .register_fn(
            "neighbours",
            |l: &mut Landscape, c: INT, r: INT| -> Fallible<Array> {
                let n = l.neighbours(pos(c, r)?).map_err(fail)?;
                Ok(n.into_iter()
                    .map(|p| Dynamic::from_map(pos_map(p)))
                    .collect())
            },
        )
        .register_fn("count", |l: &mut Landscape, kind: &str| -> Fallible<INT> {
            match kind {
                "forest" => Ok(l.count(&Content::Forest) as INT),
                "moor" => Ok(l.count(&Content::Moor) as INT),
                "empty" => Ok(l.count(&Content::Empty) as INT),
                other => Err(error(format!(
                    "count: `{other}` is not forest, moor or empty"
                ))),
            }
        })
        .register_fn(
            "clear_forest",
            |l: &mut Landscape, c: INT, r: INT| -> Fallible<()> {
                l.clear(pos(c, r)?, &Content::Forest).map_err(fail)
            },
        )
        .register_fn(
            "clear_moor",
            |l: &mut Landscape, c: INT, r: INT| -> Fallible<()> {
                l.clear(pos(c, r)?, &Content::Moor).map_err(fail)
            },
        )
        .register_fn(
            "build",
            |l: &mut Landscape, c: INT, r: INT, id: &str| -> Fallible<()> {
                l.place(pos(c, r)?, Content::Building(id.into()))
                    .map_err(fail)
            },
        )
        .register_fn(
            "settle",
            |l: &mut Landscape, c: INT, r: INT, id: &str| -> Fallible<()> {
                l.place(pos(c, r)?, Content::Settlement(id.into()))
                    .map_err(fail)
            },
        )
        .register_fn(
            "overbuild",
            |l: &mut Landscape, c: INT, r: INT, id: &str| -> Fallible<String> {
                l.overbuild(pos(c, r)?, id).map_err(fail)
            },
        )
        .register_fn("district_rows", |l: &mut Landscape, beside_plots: bool| {
            l.district_rows(beside_plots)
                .into_iter()
                .map(|r| Dynamic::from_int(r as INT))
                .collect::<Array>()
        })
        .register_fn(
            "add_district",
            |l: &mut Landscape, t: TableRef, row: INT, name: &str| -> Fallible<()> {
                let row = i32::try_from(row)
                    .map_err(|_| error(format!("a district cannot go in row {row}")))?;
                l.add_district(row, side(&t.0.districts, "district", name)?)
                    .map_err(fail)
            },
        )
        .register_fn(
            "plot_rows",
            |l: &mut Landscape, t: TableRef, name: &str| -> Fallible<Array> {
                let rows = l.plot_rows(side(&t.0.plots, "plot", name)?);
                Ok(rows
                    .into_iter()
                    .map(|r| Dynamic::from_int(r as INT))
                    .collect())
            },
        )
        .register_fn(
            "add_plot",
            |l: &mut Landscape, t: TableRef, row: INT, name: &str| -> Fallible<()> {
                let row = i32::try_from(row).map_err(|_| {
                    error(format!("this plot cannot go with its upper row at {row}"))
                })?;
                l.add_plot(row, side(&t.0.plots, "plot", name)?)
                    .map_err(fail)
            },
        )
        .register_fn(
            "free_spaces",
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
        .register_fn(
            "free_spaces",
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
        .register_fn(
            "has_cloister_neighbour",
            |l: &mut Landscape, cards: CardsRef, c: INT, r: INT| -> Fallible<bool> {
                Ok(l.has_cloister_neighbour(pos(c, r)?, &|id: &str| cards.0.is_cloister(id)))
            },
        )
        .register_fn("buildings", |l: &mut Landscape, cards: CardsRef| {
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
        })
        .register_fn(
            "settlement_value",
            |l: &mut Landscape, cards: CardsRef, t: TableRef, c: INT, r: INT| -> Fallible<INT> {
                l.settlement_value(pos(c, r)?, &|id: &str| cards.0.dwelling(id), &|tr| {
                    t.0.empty_dwelling(tr)
                })
                .map_err(fail)
            },
        )
        .register_fn(
            "settlement_values",
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
        .register_fn(
            "place_clergy",
            |l: &mut Landscape, c: INT, r: INT, who: &str| -> Fallible<()> {
                l.place_clergy(pos(c, r)?, who).map_err(fail)
            },
        )
        .register_fn(
            "clergy_at",
            |l: &mut Landscape, c: INT, r: INT| -> Fallible<Dynamic> {
                Ok(l.clergy_at(pos(c, r)?).map_or(Dynamic::UNIT, |w| w.into()))
            },
        )
        .register_fn("clergy_position", |l: &mut Landscape, who: &str| {
            l.clergy_position(who)
                .map_or(Dynamic::UNIT, |p| Dynamic::from_map(pos_map(p)))
        })
        .register_fn(
            "return_clergy",
            |l: &mut Landscape, who: &str| -> Fallible<Map> {
                l.return_clergy(who).map(pos_map).map_err(fail)
            },
        )
        .register_fn("return_all_clergy", |l: &mut Landscape| {
            strings(l.return_all_clergy())
        })
        .register_fn("placed_clergy", |l: &mut Landscape| {
            l.placed_clergy()
                .iter()
                .map(|(who, p)| {
                    let mut m = pos_map(*p);
                    m.insert("who".into(), who.clone().into());
                    Dynamic::from_map(m)
                })
                .collect::<Array>()
        });
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
    let cost: Map = c
        .cost
        .iter()
        .map(|(k, v)| (k.as_str().into(), Dynamic::from_int(*v)))
        .collect();
    m.insert("cost".into(), Dynamic::from_map(cost));
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

fn register_cards(engine: &mut Engine) {
    engine
        .register_type_with_name::<CardsRef>("Cards")
        .register_fn("to_string", |c: &mut CardsRef| {
            format!("<{} cards>", c.0.all().len())
        })
        .register_fn("len", |c: &mut CardsRef| c.0.all().len() as INT)
        .register_fn("variant", |c: &mut CardsRef, v: &str| {
            CardsRef(Arc::new(c.0.for_variant(v)))
        })
        .register_fn("solo", |c: &mut CardsRef| {
            CardsRef(Arc::new(c.0.for_solo()))
        })
        .register_fn("ids", |c: &mut CardsRef| {
            strings(c.0.all().iter().map(|c| c.id.clone()))
        })
        .register_fn("has", |c: &mut CardsRef, id: &str| c.0.get(id).is_some())
        .register_fn("get", |c: &mut CardsRef, id: &str| {
            card(&c.0, id).map(card_map)
        })
        .register_fn("find", |c: &mut CardsRef, name: &str| {
            c.0.by_name(name)
                .map_or(Dynamic::UNIT, |c| Dynamic::from_map(card_map(c)))
        })
        .register_fn("is_cloister", |c: &mut CardsRef, id: &str| {
            card(&c.0, id).map(|c| c.cloister)
        })
        .register_fn("dwelling", |c: &mut CardsRef, id: &str| {
            card(&c.0, id).map(|c| c.dwelling)
        })
        .register_fn("economic", |c: &mut CardsRef, id: &str| {
            card(&c.0, id).map(|c| c.economic)
        });
}

fn register_table(engine: &mut Engine) {
    engine
        .register_type_with_name::<TableRef>("Table")
        .register_fn("to_string", |_: &mut TableRef| {
            "<Ora et Labora table>".to_owned()
        })
        .register_fn(
            "wheel_values",
            |t: &mut TableRef, name: &str| -> Fallible<Array> {
                let values = side(&t.0.wheel_sides, "wheel", name)?;
                Ok(values.iter().map(|v| Dynamic::from_int(*v)).collect())
            },
        )
        .register_fn("solo_indicators", |t: &mut TableRef| {
            strings(t.0.solo_indicators.clone())
        })
        .register_fn(
            "wheel",
            |t: &mut TableRef, name: &str, indicators: Array| -> Fallible<Wheel> {
                let names = indicators
                    .into_iter()
                    .map(|d| {
                        d.into_string()
                            .map_err(|_| error("an indicator name must be a string"))
                    })
                    .collect::<Fallible<Vec<String>>>()?;
                Wheel::new(side(&t.0.wheel_sides, "wheel", name)?.clone(), &names).map_err(fail)
            },
        )
        .register_fn(
            "prices",
            |t: &mut TableRef, name: &str| -> Fallible<Array> {
                let prices = side(&t.0.prices, "price list", name)?;
                Ok(prices.iter().map(|v| Dynamic::from_int(*v)).collect())
            },
        )
        .register_fn(
            "heartland",
            |t: &mut TableRef, name: &str| -> Fallible<Landscape> {
                Ok(Landscape::from_heartland(side(
                    &t.0.heartlands,
                    "heartland",
                    name,
                )?))
            },
        )
        .register_fn("district_sides", |t: &mut TableRef| {
            strings(t.0.districts.keys().cloned())
        })
        .register_fn("plot_sides", |t: &mut TableRef| {
            strings(t.0.plots.keys().cloned())
        });
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
