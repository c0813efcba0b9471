//! The cards checked against the goods table when a manifest is loaded: every word a
//! card's cost or effect uses for a good must name one (its key, `sheep`, or the name
//! the cards print, `livestock`), so `cost = { wod = 1 }` is refused at the line that
//! wrote it instead of making a card no one can build; and the table's layouts name
//! cards there are.

use super::api::{CardsRef, GoodsTableRef, TableRef};
use super::space::{Content, SpaceDef};
use super::{Card, Cards, GoodsTable};
use crate::script::DataProblem;
use crate::vocabulary;
use rhai::Map;

/// What a cost may ask for besides goods: money and the values of goods (the buildings
/// file's header, `cost`).
const COST_MEASURES: [&str; 3] = ["coins", "food", "energy"];

/// What an effect's `give`, `get` or `have` may name besides goods (the buildings file's
/// header, "Besides goods keys").
const EFFECT_WORDS: [&str; 8] = [
    "coins",
    "food",
    "energy",
    "different_goods",
    "points_goods",
    "basic_same",
    "basic_other",
    "forest_cards",
];

/// Every card of `buildings` against the goods of `goods` (when the variant has both).
pub fn check(data: &Map) -> Result<(), DataProblem> {
    let entry = |key: &str| data.get(key).cloned();
    let goods = entry("goods").and_then(|d| d.try_cast::<GoodsTableRef>());
    let cards = entry("buildings").and_then(|d| d.try_cast::<CardsRef>());
    let (Some(goods), Some(cards)) = (goods, cards) else {
        return Ok(());
    };
    for card in cards.0.all() {
        let words = Words::new(&goods.0, &COST_MEASURES);
        for word in card.cost.keys() {
            words.check(word, card, "cost")?;
        }
        let words = Words::new(&goods.0, &EFFECT_WORDS);
        for part in &card.effect {
            check_effect(part, card, &words)?;
        }
    }
    match entry("table").and_then(|d| d.try_cast::<TableRef>()) {
        Some(table) => check_layouts(&table, &cards.0),
        None => Ok(()),
    }
}

/// Every card a layout of the table places (the heartlands' Clay Mound, …) is a card.
fn check_layouts(table: &TableRef, cards: &Cards) -> Result<(), DataProblem> {
    let t = &table.0;
    let heartlands = t.heartlands.values().flatten().flatten();
    let districts = t.districts.values().flatten();
    let plots = t.plots.values().flatten().map(|c| &c.space);
    let fields = [
        ("heartland", heartlands.collect::<Vec<_>>()),
        ("district", districts.collect()),
        ("plot", plots.collect()),
    ];
    for (field, spaces) in fields {
        for space in spaces {
            check_space(space, cards, field)?;
        }
    }
    Ok(())
}

fn check_space(space: &SpaceDef, cards: &Cards, field: &str) -> Result<(), DataProblem> {
    let (Content::Building(id) | Content::Settlement(id)) = &space.content else {
        return Ok(());
    };
    if cards.get(id).is_some() {
        return Ok(());
    }
    let ids: Vec<&str> = cards.all().iter().map(|c| c.id.as_str()).collect();
    let (message, help) = vocabulary::unknown(id, "a card of the buildings", &ids);
    Err(DataProblem {
        key: "table".into(),
        entry: None,
        field: Some(field.into()),
        word: id.clone(),
        message: format!("{field}: {message}"),
        help,
    })
}

/// The goods' words and the others a field allows.
struct Words<'a> {
    goods: Vec<&'a str>,
    others: &'a [&'a str],
}

impl<'a> Words<'a> {
    fn new(goods: &'a GoodsTable, others: &'a [&'a str]) -> Words<'a> {
        Words {
            goods: goods.words(),
            others,
        }
    }

    fn check(&self, word: &str, card: &Card, field: &str) -> Result<(), DataProblem> {
        if self.goods.contains(&word) || self.others.contains(&word) {
            return Ok(());
        }
        let all: Vec<&str> = self.goods.iter().chain(self.others).copied().collect();
        let (message, _) = vocabulary::unknown(word, "a good", &all);
        Err(DataProblem {
            key: "buildings".into(),
            entry: Some(card.id.clone()),
            field: Some(field.into()),
            word: word.into(),
            message: format!("card `{}` ({}), {field}: {message}", card.id, card.name),
            help: format!(
                "goods (by key or by name): {}; besides goods: {}",
                self.goods.join(", "),
                self.others.join(", ")
            ),
        })
    }
}

/// The goods an effect part names: the keys of its `give`, `get`, `have` and `choose`
/// tables, and its `goods` list, at any depth (tiers hold parts of their own).
fn check_effect(value: &toml::Value, card: &Card, words: &Words) -> Result<(), DataProblem> {
    let toml::Value::Table(table) = value else {
        if let toml::Value::Array(items) = value {
            for item in items {
                check_effect(item, card, words)?;
            }
        }
        return Ok(());
    };
    for (key, value) in table {
        match (key.as_str(), value) {
            ("give" | "get" | "have", toml::Value::Table(goods)) => {
                for word in goods.keys() {
                    words.check(word, card, "effect")?;
                }
            }
            ("choose", toml::Value::Array(options)) => {
                for word in options
                    .iter()
                    .filter_map(toml::Value::as_table)
                    .flat_map(|t| t.keys())
                {
                    words.check(word, card, "effect")?;
                }
            }
            ("goods", toml::Value::Array(goods)) => {
                for word in goods.iter().filter_map(toml::Value::as_str) {
                    words.check(word, card, "effect")?;
                }
            }
            _ => check_effect(value, card, words)?,
        }
    }
    Ok(())
}
