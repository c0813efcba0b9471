//! The game families, one folder each.

pub mod ora_et_labora;
