//! The Rhai host: one engine builder with every limit, the rules contract, data files,
//! diagnostics that name file, line and column, and the primitives registered for scripts.

mod bot_api;
pub mod carcassonne_api;
mod data;
mod diagnostics;
mod engine;
pub mod interrupt;
mod limits;
mod paint;
pub mod rng;
mod rules;

pub use limits::Limits;
pub use rules::{Goal, Move, Rules};
