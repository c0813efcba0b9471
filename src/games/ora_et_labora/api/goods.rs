//! Goods and the goods file as scripts see them: measures, payments and preferences.

use super::{fail, strings, GoodsTableRef};
use crate::games::ora_et_labora::goods::{Goods, GoodsError, Measure};
use crate::games::ora_et_labora::goods_table::GoodsTable;
use crate::games::ora_et_labora::payment::{self, Criterion, Preference};
use crate::script::{script_error, Api, Fallible};
use rhai::{Array, Dynamic, Engine, EvalAltResult, Map, FLOAT, INT};
use std::sync::Arc;

/// The most goods `codes()` writes out (a move's goods are a few dozen at most).
const MAX_CODED: i64 = 1000;

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
pub(super) fn amount(m: Measure, value: &Dynamic) -> Fallible<i64> {
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

pub(super) fn register_goods_table(engine: &mut Engine) {
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

pub(super) fn register_goods(engine: &mut Engine) {
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
