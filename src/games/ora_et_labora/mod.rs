//! The Ora et Labora family: goods, the production wheel, landscapes and building
//! cards, as plain Rust that decides no rule; `api` shows them to the Rhai rules.

mod data_error;
mod goods;
mod goods_table;
pub mod payment;
mod wheel;

pub use data_error::DataError;
pub use goods::{Goods, GoodsError, Measure};
pub use goods_table::{Conversion, GoodDef, GoodsTable};
pub use payment::PaymentError;
pub use wheel::{Wheel, WheelError};
