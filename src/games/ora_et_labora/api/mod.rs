//! The Ora et Labora primitives as seen from Rhai (reference: scripts/ora_et_labora/API.md).
//! This module only adapts: positions are `col, row` integers, lists are arrays, records
//! are object maps, and every error a script can cause is a runtime error with a message.
//! Tables read from data (goods, cards, table) are shared behind `Arc`, so the values in
//! a game's state (`Goods`, `Wheel`, `Landscape`) are cheap to clone.

mod cards;
mod goods;
mod landscape;
mod table;
mod wheel;

use super::cards::Cards;
use super::goods_table::GoodsTable;
use super::landscape::Pos;
use super::table::TableData;
use crate::script::{script_error, Fallible};
use rhai::{Array, Dynamic, Engine, EvalAltResult, Map, INT};
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

/// Registers every type and function of the family.
pub fn register(engine: &mut Engine) {
    goods::register_goods_table(engine);
    goods::register_goods(engine);
    wheel::register_wheel(engine);
    landscape::register_landscape(engine);
    cards::register_cards(engine);
    table::register_table(engine);
}
