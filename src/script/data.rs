//! Data named by a manifest's `[data]` table (files, or tables written inline). An entry
//! the variant's family knows (a tile set, say) becomes a host object; any other
//! becomes a plain Rhai object map, so a house rule can bring its own tables without
//! touching Rust.

use super::{DataError, Family};
use crate::diagnostic::{line_column, Diagnostic, Kind};
use crate::manifest::{patch_entry_at, DataSource, Variant};
use rhai::{Dynamic, Map};

/// Loads every data file of `variant` into a map keyed like the manifest's `[data]`.
pub fn load_all(variant: &Variant, family: &dyn Family) -> Result<Map, Diagnostic> {
    if let Some(missing) = family
        .required_data()
        .iter()
        .find(|key| !variant.data.contains_key(**key))
    {
        return Err(Diagnostic::in_file(
            Kind::Data,
            variant.library.show(&variant.manifest),
            format!(
                "a `{}` variant needs a `{missing}` data entry, and this one has none",
                family.name()
            ),
        )
        .with_help(format!(
            "add `{missing} = \"data/….toml\"` under [data], or extend a variant that has it"
        )));
    }
    let mut map = Map::new();
    for (key, source) in &variant.data {
        let value = match source {
            DataSource::File(path) => {
                let shown = variant.library.show(path);
                let text = std::fs::read_to_string(path).map_err(|e| {
                    Diagnostic::in_file(Kind::Io, &shown, format!("cannot read the data file: {e}"))
                })?;
                load_one(family, key, &text).map_err(|e| {
                    let d = Diagnostic::in_file(Kind::Data, &shown, e.message);
                    match (e.line, e.column) {
                        (Some(l), c) => d.at_line(&text, l, c.unwrap_or(1)),
                        _ => d,
                    }
                })?
            }
            DataSource::Inline { table, .. } | DataSource::Patched { table, .. } => {
                // The error's line is one of the table as re-written: point at the
                // entry it falls in, where the manifest (or the file under it) wrote it.
                let text = table.to_string();
                load_one(family, key, &text).map_err(|e| {
                    let offset = e.line.map(|l| offset_of(&text, l, e.column.unwrap_or(1)));
                    let entry = offset.and_then(|o| patch_entry_at(&text, o));
                    let field = unknown_field(&e.message).or_else(|| key_of_line(&text, e.line?));
                    located(variant, key, entry.as_deref(), field, &e.message)
                })?
            }
        };
        map.insert(key.as_str().into(), value);
    }
    family.check_data(&map).map_err(|p| {
        removal_behind(variant, &p.key, &p.word, &p.message).unwrap_or_else(|| {
            located(
                variant,
                &p.key,
                p.entry.as_deref(),
                p.field.as_deref(),
                &p.message,
            )
            .with_help(p.help)
        })
    })?;
    Ok(map)
}

/// A problem of data entry `key` that names an entry a manifest removed (a card taken
/// out of one table that another table still places), told at the `remove` that caused
/// it rather than in the inherited file that never changed.
/// `word` is the one the problem did not know, `message` what it said of it.
fn removal_behind(variant: &Variant, key: &str, word: &str, message: &str) -> Option<Diagnostic> {
    variant.data.iter().find_map(|(removed_from, source)| {
        let (manifest, at, entry) = source.removal_of(word)?;
        let text = std::fs::read_to_string(&manifest).unwrap_or_default();
        Some(
            Diagnostic::in_file(
                Kind::Data,
                variant.library.show(&manifest),
                format!(
                    "[data.{removed_from}]: removes {entry}, which [data.{key}] still needs: {message}"
                ),
            )
            .at_offset(&text, at)
            .with_help(format!("keep {entry}, or change [data.{key}] too")),
        )
    })
}

/// The field an error names as unknown (serde's "unknown field `cots`, expected …"):
/// its line is where the mistake is.
fn unknown_field(message: &str) -> Option<&str> {
    message.split_once("unknown field `")?.1.split('`').next()
}

/// The key of 1-based `line` of `text` when it is a `key = value` line: the field a
/// value's error is about (`points = "four"`).
fn key_of_line(text: &str, line: usize) -> Option<&str> {
    let (key, _) = text.lines().nth(line.checked_sub(1)?)?.split_once('=')?;
    let key = key.trim();
    let bare = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    bare.then_some(key)
}

/// The byte offset of 1-based `line` and `column` in `text`.
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line - 1)
        .map(str::len)
        .sum();
    let rest = text.get(start..).unwrap_or_default();
    start
        + rest
            .chars()
            .take(column - 1)
            .map(char::len_utf8)
            .sum::<usize>()
}

/// `message` about data entry `key` (its entry `entry`, that entry's `field`), at the
/// place that wrote it: the data file's line, or the manifest's.
fn located(
    variant: &Variant,
    key: &str,
    entry: Option<&str>,
    field: Option<&str>,
    message: &str,
) -> Diagnostic {
    let message = format!("[data.{key}]: {message}");
    let Some(source) = variant.data.get(key) else {
        return Diagnostic::in_file(Kind::Data, variant.library.show(&variant.manifest), message);
    };
    let (path, at) = source.place(key, entry, field);
    let d = Diagnostic::in_file(Kind::Data, variant.library.show(&path), message);
    match at {
        Some(at) => d.at_offset(&std::fs::read_to_string(&path).unwrap_or_default(), at),
        None => d,
    }
}

/// Reads one entry's text: a host object when the family knows the key, else a map.
fn load_one(family: &dyn Family, key: &str, text: &str) -> Result<Dynamic, DataError> {
    if let Some(loaded) = family.load_data(key, text) {
        return loaded;
    }
    let table: toml::Table = toml::from_str(text).map_err(|e| {
        let (line, column) = e.span().map(|s| line_column(text, s.start)).unzip();
        DataError {
            message: crate::vocabulary::toml_message(&e),
            line,
            column,
        }
    })?;
    Ok(toml_to_dynamic(toml::Value::Table(table)))
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

/// `problem` with the data entry `key` of `variant`, where the entry is written: the
/// data file, or the manifest's line for a table written inline.
pub fn problem_at(variant: &Variant, key: &str, problem: &str) -> Diagnostic {
    located(variant, key, None, None, problem)
        .with_help("fix the table (the rules' check_data() says what they need)")
}
