//! The Rhai host: one engine builder with every limit, the rules contract, data files,
//! diagnostics that name file, line and column, and the primitives registered for scripts.

pub mod api;
mod catching;
pub mod cpu_clock;
mod data;
mod define;
mod diagnostics;
mod engine;
pub mod events;
mod fallible;
mod family;
pub mod interrupt;
mod limits;
mod lint;
mod lists;
mod memory;
pub mod paint;
mod parent;
pub mod profile;
pub mod rng;
mod rules;
mod sorting;
mod stopping;
mod tables;
pub mod view;
pub mod words;

pub use define::Api;
pub use diagnostics::{advised, AT_THE_REPL};
pub use events::Event;
pub use fallible::{script_error, Fallible};
pub use family::{DataError, DataProblem, Family, PictureInput};
pub use limits::Limits;
pub use memory::allocated;
pub use rules::{BotApi, Goal, Move, Rules};
pub use stopping::imagined_move;
pub use tables::Tables;
pub use view::ViewOptions;
