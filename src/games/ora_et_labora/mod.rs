//! The Ora et Labora family: goods, the production wheel, landscapes and building
//! cards, as plain Rust that decides no rule; `api` shows them to the Rhai rules.

mod cards;
mod data_error;
mod goods;
mod goods_table;
mod landscape;
pub mod payment;
mod space;
mod table;
mod wheel;

pub use cards::{Card, Cards};
pub use data_error::DataError;
pub use goods::{Goods, GoodsError, Measure};
pub use goods_table::{Conversion, GoodDef, GoodsTable};
pub use landscape::{Landscape, LandscapeError, Pos, Space};
pub use payment::PaymentError;
pub use space::{Content, SpaceDef, Terrain};
pub use table::{PlotColumn, TableData};
pub use wheel::{Wheel, WheelError};
