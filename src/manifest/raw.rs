//! The manifest exactly as written in TOML, before `extends` is followed or anything is
//! checked. Spans are kept so that later checks can name the line of a bad value.

use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// One `variants/*.toml` file, as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawManifest {
    pub name: Spanned<String>,
    pub title: Option<String>,
    pub description: Option<String>,
    /// Which family's primitives the scripts get (`core`, or a family under src/games/).
    /// Inherited when absent.
    pub game: Option<Spanned<String>>,
    /// The parent variant, by name: its scripts come first and its options are inherited.
    pub extends: Option<Spanned<String>>,
    #[serde(default)]
    pub scripts: Vec<Spanned<String>>,
    /// Data by key: a file (`cards = "data/NAME.toml"`) or a table
    /// written in the manifest itself (`[data.pyramid]`).
    #[serde(default)]
    pub data: BTreeMap<String, Spanned<RawData>>,
    #[serde(default)]
    pub options: BTreeMap<String, Spanned<RawOption>>,
}

/// A data entry: a path, or the data inline.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum RawData {
    File(String),
    Inline(toml::Table),
}

/// One option as written: a new option gives at least `default`; a derived variant may
/// restate any field of an inherited option (usually only `default`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawOption {
    pub default: Option<Spanned<toml::Value>>,
    /// Inclusive bounds for an integer option.
    pub range: Option<Spanned<Vec<i64>>>,
    /// The allowed values of a text option.
    pub choices: Option<Spanned<Vec<String>>>,
    pub help: Option<String>,
}
