//! Data named by a manifest's `[data]` table (files, or tables written inline). An entry
//! the variant's family knows (Carcassonne's `tiles`) becomes a host object; any other
//! becomes a plain Rhai object map, so a house rule can bring its own tables without
//! touching Rust.

use super::Family;
use crate::diagnostic::Diagnostic;
use crate::manifest::{DataSource, Variant};
use rhai::{Dynamic, Map};

/// Loads every data file of `variant` into a map keyed like the manifest's `[data]`.
pub fn load_all(variant: &Variant, family: &dyn Family) -> Result<Map, Diagnostic> {
    let mut map = Map::new();
    for (key, source) in &variant.data {
        let (shown, text) = match source {
            DataSource::File(path) => {
                let shown = variant.library.show(path);
                let text = std::fs::read_to_string(path).map_err(|e| {
                    Diagnostic::new(&shown, format!("cannot read the data file: {e}"))
                })?;
                (shown, text)
            }
            DataSource::Inline { table, manifest } => {
                let shown = format!("{} [data.{key}]", variant.library.show(manifest));
                (shown, table.to_string())
            }
        };
        let value = match family.load_data(key, &text) {
            Some(loaded) => loaded.map_err(|e| {
                let d = Diagnostic::new(&shown, e.message.clone());
                match (e.line, e.column) {
                    (Some(l), c) => d.at_line(&text, l, c.unwrap_or(1)),
                    _ => d,
                }
            })?,
            None => {
                let table: toml::Table = toml::from_str(&text).map_err(|e| {
                    let d = Diagnostic::new(&shown, e.message().to_owned());
                    match e.span() {
                        Some(s) => d.at_offset(&text, s.start),
                        None => d,
                    }
                })?;
                toml_to_dynamic(toml::Value::Table(table))
            }
        };
        map.insert(key.as_str().into(), value);
    }
    Ok(map)
}

/// Converts TOML into the equivalent Rhai value (dates become text).
pub fn toml_to_dynamic(value: toml::Value) -> Dynamic {
    match value {
        toml::Value::String(s) => s.into(),
        toml::Value::Integer(i) => Dynamic::from_int(i),
        toml::Value::Float(f) => Dynamic::from_float(f),
        toml::Value::Boolean(b) => Dynamic::from_bool(b),
        toml::Value::Datetime(d) => d.to_string().into(),
        toml::Value::Array(a) => Dynamic::from_array(a.into_iter().map(toml_to_dynamic).collect()),
        toml::Value::Table(t) => Dynamic::from_map(
            t.into_iter()
                .map(|(k, v)| (k.into(), toml_to_dynamic(v)))
                .collect(),
        ),
    }
}
