//! houserules: a rules sandbox for solo board games.
//!
//! The map of the crate:
//! - [`manifest`]: variant manifests (TOML): scripts, data, typed options, `extends`.
//! - [`script`]: the Rhai host: engine limits, the rules contract, diagnostics, and the
//!   primitives registered for scripts.
//! - [`games`]: the game families (one folder each: primitives, Rhai API, data loaders,
//!   pictures) and the registry that finds one by the manifest's `game`.
//! - [`session`]: one game as (variant, options, seed, moves); undo, save, load, reload.
//! - [`players`]: who chose each move (you, a bot, unknown), kept by sessions and records.
//! - [`records`]: the games played (SQLite), goals reached, `history` and `goals`.
//! - [`picture`]: a game's table as an SVG file.
//! - [`bot`]: players the host can ask for moves: `random`, and Rhai bots.
//! - [`sim`]: many games played by bots in parallel, their statistics and reports.
//! - [`repl`]: the interactive front end.
//! - [`bench`]: throughput measurement.
//! - [`new_rule`]: `new-rule`, a house rule's start in the user's rules folder.
//! - [`diagnostic`]: the shape of every user-facing error.
//! - [`user_data`]: the user's data folder (REPL history, games database).
//!
//! Rules live in `scripts/` (Rhai) and variants in `variants/` (TOML), beside this crate.

pub mod bench;
pub mod bot;
pub mod diagnostic;
pub mod games;
pub mod manifest;
pub mod new_rule;
pub mod picture;
pub mod players;
pub mod records;
pub mod repl;
pub mod save;
pub mod script;
pub mod session;
pub mod sheet;
pub mod sim;
pub mod solve;
pub mod terminal;
pub mod user_data;
pub mod vocabulary;
pub mod web;
