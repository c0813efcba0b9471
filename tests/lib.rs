//! Integration tests: one crate, one module per feature.

mod common;

mod bad_input;
mod properties;
mod repl_sessions;
mod sessions;
mod sim;
mod solo_rules;
