//! The Ora et Labora family: goods, the production wheel, landscapes and building
//! cards, as plain Rust that decides no rule; `api` shows them to the Rhai rules, and
//! `render` and `svg` draw them (`names` fits card names to their spaces).
//!
//! Data entries a manifest names (`load_data`): `goods` (the goods file), `buildings`
//! (the cards file) and `table` (wheel, landscape cards, prices); `check_data` holds the
//! cards' goods to the goods table (`vocabulary`).

pub mod api;
mod cards;
mod data_error;
mod goods;
mod goods_table;
mod landscape;
pub mod names;
pub mod payment;
mod picture;
mod render;
mod space;
mod svg;
mod table;
mod vocabulary;
mod wheel;

#[cfg(test)]
mod api_tests;

pub use cards::{Card, Cards};
pub use data_error::DataError;
pub use goods::{Goods, GoodsError, Measure};
pub use goods_table::{Conversion, GoodDef, GoodsTable};
pub use landscape::{Landscape, LandscapeError, Pos, Space};
pub use payment::PaymentError;
pub use picture::svg_from_state;
pub use render::{clergy_mark, render_landscape};
pub use space::{Content, SpaceDef, Terrain};
pub use svg::{svg, SvgParts};
pub use table::{PlotColumn, TableData};
pub use wheel::{Wheel, WheelError};

use crate::script::{DataProblem, Family, PictureInput};
use rhai::{Dynamic, Engine, Map};
use std::sync::Arc;

/// Ora et Labora as a family: goods, the wheel, landscapes, cards, and the picture.
pub struct OraEtLabora;

impl Family for OraEtLabora {
    fn name(&self) -> &'static str {
        "ora_et_labora"
    }

    fn about(&self) -> &'static str {
        "goods, the production wheel, landscapes and building cards"
    }

    fn required_data(&self) -> &'static [&'static str] {
        &["goods", "buildings", "table"]
    }

    fn register(&self, engine: &mut Engine) {
        api::register(engine);
    }

    fn load_data(&self, key: &str, text: &str) -> Option<Result<Dynamic, DataError>> {
        load_data(key, text)
    }

    fn data_names(&self, value: &Dynamic) -> Vec<String> {
        value
            .read_lock::<api::CardsRef>()
            .map_or_else(Vec::new, |cards| {
                cards.0.all().iter().map(|c| c.name.clone()).collect()
            })
    }

    fn check_data(&self, data: &Map) -> Result<(), DataProblem> {
        vocabulary::check(data)
    }

    fn svg(&self, input: PictureInput) -> Option<Result<String, String>> {
        Some(svg_from_state(input))
    }
}

/// Reads the data entry `key` into a host object: `goods` → `GoodsTable`, `buildings` →
/// `Cards`, `table` → `Table`. `None` for any other key (the host reads those as
/// plain TOML).
pub fn load_data(key: &str, text: &str) -> Option<Result<Dynamic, DataError>> {
    match key {
        "goods" => Some(
            GoodsTable::from_toml_str(text).map(|t| Dynamic::from(api::GoodsTableRef(Arc::new(t)))),
        ),
        "buildings" => {
            Some(Cards::from_toml_str(text).map(|c| Dynamic::from(api::CardsRef(Arc::new(c)))))
        }
        "table" => {
            Some(TableData::from_toml_str(text).map(|t| Dynamic::from(api::TableRef(Arc::new(t)))))
        }
        _ => None,
    }
}
