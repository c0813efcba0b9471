//! Integration tests: one crate, one module per feature.

mod common;

mod api;
mod bad_input;
mod board_view;
mod bots;
mod cluster;
#[cfg(unix)]
mod completion;
mod corpus;
mod data_patches;
mod design_doc;
mod designer_errors;
mod events;
mod families;
mod fuzz;
mod goals;
mod honest_checks;
mod honest_records;
mod house_rules;
mod house_steps;
mod invaders;
mod ora_et_labora;
mod planner;
mod properties;
mod records;
mod render;
mod repl_sessions;
mod search_bot;
mod sessions;
mod sim;
mod solo_rules;
mod solve;
mod state_doc;
mod stopping;
mod table_picture;
mod table_words;
#[cfg(unix)]
mod terminal;
mod user_rules;
mod web;
