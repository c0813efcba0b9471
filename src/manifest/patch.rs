//! A derived manifest's changes to an inherited data table, entry by entry, so that a
//! house rule adds a card or changes a tile count without restating the table:
//!
//! ```toml
//! [data.buildings.add.F41]          # a new entry, its id as the key
//! [data.buildings.change.F08]       # the fields written replace the entry's own
//! [data.buildings]
//! remove = ["F09"]
//! ```
//!
//! Entries are the tables of a top-level list (`[[card]]`, `levels = [...]`), named by
//! their first field of `ID_FIELDS` (or, to change or remove, by their `name`). The
//! host knows no table: the shape of the inherited one tells how its entries are named.

use super::DataSource;
use crate::vocabulary;
use std::collections::BTreeMap;
use std::path::PathBuf;
use toml::de::{DeTable, DeValue};
use toml::{Table, Value};

/// The keys of a patch: a `[data.KEY]` table with only these changes the inherited entry
/// instead of replacing it.
pub const VERBS: [&str; 3] = ["add", "change", "remove"];

/// The fields that name an entry of a list, looked for in this order: a card's or a
/// tile's `id`, a good's `key`, a pyramid's `level`.
const ID_FIELDS: [&str; 3] = ["id", "key", "level"];

/// A list of entries at most this long is shown whole when an id is not found; a longer
/// one only by the entries near the id, when some are.
const LISTED_WHOLE: usize = 12;

/// Entries as a list in words: "G01 (Priory), G02 (Cloister Courtyard)".
fn listed<'a>(entries: impl Iterator<Item = &'a (String, Option<String>)>) -> String {
    entries
        .map(|(id, name)| match name {
            Some(name) if name != id => format!("{id} ({name})"),
            _ => id.clone(),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether a `[data.KEY]` table is a patch of the inherited entry.
pub fn is_patch(table: &Table) -> bool {
    !table.is_empty() && table.keys().all(|k| VERBS.contains(&k.as_str()))
}

/// Where a manifest wrote the entries it adds or changes, by entry id: so that a problem
/// found in the merged table points at the designer's line, not at the base file.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Written {
    entries: BTreeMap<String, Place>,
    /// The entries `remove` took out: each its id, its name if any, and the byte offset
    /// of the `remove` that names it, so that data still naming one points there.
    removed: Vec<(String, Option<String>, usize)>,
}

impl Written {
    /// The entry removed whose id or name is `word`, as "`name` (id)", with where the
    /// manifest removes it.
    fn removal_of(&self, word: &str) -> Option<(String, usize)> {
        self.removed.iter().find_map(|(id, name, at)| {
            let shown = match name {
                Some(name) => format!("`{name}` ({id})"),
                None => format!("`{id}`"),
            };
            (id == word || name.as_deref() == Some(word)).then_some((shown, *at))
        })
    }
}

/// Byte offsets in the manifest: the entry's key, and each field's.
#[derive(Debug, Clone, PartialEq, Default)]
struct Place {
    at: usize,
    fields: BTreeMap<String, usize>,
}

/// A patch that does not fit the table it changes, at a byte offset of the manifest.
pub struct PatchError {
    pub at: usize,
    pub message: String,
    pub help: String,
}

/// A list of entries in a table: its name and the field naming each entry.
struct List {
    name: String,
    id_field: &'static str,
}

/// The patch `patch`, written as `[data.KEY]` in the manifest `text` (the entry starting
/// at byte `at`), applied to the inherited table `base`: removals, then changes, then
/// additions (in the manifest's order, after the table's own entries).
pub fn apply(
    base: &Table,
    patch: &Table,
    text: &str,
    key: &str,
    at: usize,
) -> Result<(Table, Written), PatchError> {
    let doc = DeTable::parse(text)
        .map(|d| d.into_inner())
        .unwrap_or_default();
    let pos = |path: &[&str]| {
        let full: Vec<&str> = ["data", key].iter().chain(path).copied().collect();
        key_at(&doc, &full).unwrap_or(at)
    };
    let mut merged = Patching {
        table: base.clone(),
        lists: lists(base),
        key,
        written: Written::default(),
    };
    if let Some(remove) = patch.get("remove") {
        let at = pos(&["remove"]);
        let ids = remove.as_array().ok_or_else(|| PatchError {
            at,
            message: format!(
                "`remove` takes a list of entries, not {}",
                remove.type_str()
            ),
            help: format!("write remove = [\"ID\", …] under [data.{key}]"),
        })?;
        for id in ids {
            merged.remove(&value_text(id), at)?;
        }
    }
    if let Some(change) = patch.get("change") {
        for (id, fields) in tables_in(change, "change", key, pos(&["change"]))? {
            merged.change(id, fields, pos(&["change", id]), &|f| {
                pos(&["change", id, f])
            })?;
        }
    }
    if let Some(add) = patch.get("add") {
        for (path, list, fields) in additions(add, &merged, &pos)? {
            let id = path.last().expect("an addition's path ends with its id");
            merged.add(list, id, fields, pos(&path), &|f| {
                pos(&[path.as_slice(), &[f]].concat())
            })?;
        }
    }
    Ok((merged.table, merged.written))
}

/// An entry `add` adds: its path in the manifest (`add`, its list when named, its id),
/// the index of its list, and its fields.
type Addition<'a> = (Vec<&'a str>, usize, &'a Table);

/// The entries `add` adds, in the manifest's order.
fn additions<'a>(
    add: &'a Value,
    merged: &Patching,
    pos: &dyn Fn(&[&str]) -> usize,
) -> Result<Vec<Addition<'a>>, PatchError> {
    let key = merged.key;
    let mut added = Vec::new();
    for (name, value) in tables_in(add, "add", key, pos(&["add"]))? {
        match merged.lists.iter().position(|l| l.name == *name) {
            Some(list) => {
                for (id, fields) in tables_of(value, name, key, pos(&["add", name]))? {
                    added.push((vec!["add", name.as_str(), id.as_str()], list, fields));
                }
            }
            None => {
                let list = merged.only_list(pos(&["add", name]))?;
                added.push((vec!["add", name.as_str()], list, value));
            }
        }
    }
    added.sort_by_key(|(path, _, _)| pos(path));
    Ok(added)
}

/// The table being patched, with its lists and what the manifest wrote.
struct Patching<'a> {
    table: Table,
    lists: Vec<List>,
    key: &'a str,
    written: Written,
}

impl Patching<'_> {
    /// The entries of list `list`.
    fn entries(&mut self, list: usize) -> &mut Vec<Value> {
        match self.table.get_mut(&self.lists[list].name) {
            Some(Value::Array(entries)) => entries,
            _ => unreachable!("lists() found only arrays"),
        }
    }

    /// The list and position of the entry named `id` (by its id, else its name).
    fn find(&self, id: &str) -> Option<(usize, usize)> {
        let by = |field: &dyn Fn(&List) -> &str| {
            self.lists.iter().enumerate().find_map(|(l, list)| {
                let entries = self.table.get(&list.name)?.as_array()?;
                let i = entries
                    .iter()
                    .position(|e| e.get(field(list)).is_some_and(|v| value_text(v) == id))?;
                Some((l, i))
            })
        };
        by(&|list| list.id_field).or_else(|| by(&|_| "name"))
    }

    /// `find`, or an error listing the entries there are.
    fn found(&self, id: &str, at: usize) -> Result<(usize, usize), PatchError> {
        self.find(id).ok_or_else(|| self.missing(id, at))
    }

    /// No entry is named `id`: the nearest id or name when close, and the entries (each
    /// id with its name, when the entries have names: either finds it); of a long list
    /// (a game's 80 cards), only those near `id` when some are.
    fn missing(&self, id: &str, at: usize) -> PatchError {
        let entries = self.entries_named();
        let words: Vec<&str> = entries
            .iter()
            .flat_map(|(id, name)| std::iter::once(id.as_str()).chain(name.as_deref()))
            .collect();
        let (message, _) =
            vocabulary::unknown(id, &format!("an entry of [data.{}]", self.key), &words);
        let near = vocabulary::closest(id, words.iter().copied());
        let is_near = |(id, name): &&(String, Option<String>)| {
            near.contains(&id.as_str()) || name.as_deref().is_some_and(|n| near.contains(&n))
        };
        let help = if near.is_empty() || entries.len() <= LISTED_WHOLE {
            format!("the entries here: {}", listed(entries.iter()))
        } else {
            format!(
                "the nearest entries: {}; {} in all, each found by its id or its name",
                listed(entries.iter().filter(is_near)),
                entries.len()
            )
        };
        PatchError { at, message, help }
    }

    /// The id of every entry, list by list, with its name when it has one.
    fn entries_named(&self) -> Vec<(String, Option<String>)> {
        self.lists
            .iter()
            .flat_map(|list| {
                let entries = self.table.get(&list.name).and_then(Value::as_array);
                entries.into_iter().flatten().filter_map(|e| {
                    let id = value_text(e.get(list.id_field)?);
                    Some((id, e.get("name").map(value_text)))
                })
            })
            .collect()
    }

    fn remove(&mut self, id: &str, at: usize) -> Result<(), PatchError> {
        let (list, i) = self.found(id, at)?;
        let id_field = self.lists[list].id_field;
        let gone = self.entries(list).remove(i);
        let id = gone.get(id_field).map_or_else(|| id.to_owned(), value_text);
        let name = gone.get("name").map(value_text);
        self.written.removed.push((id, name, at));
        Ok(())
    }

    /// Replaces the fields written in `fields` of entry `id` (or of the table's own
    /// section `id`, such as a tile set's `points`).
    fn change(
        &mut self,
        id: &str,
        fields: &Table,
        at: usize,
        pos: &dyn Fn(&str) -> usize,
    ) -> Result<(), PatchError> {
        let key = self.key;
        let (entry, name) = match self.find(id) {
            Some((list, i)) => {
                let field = self.lists[list].id_field;
                let entry = &mut self.entries(list)[i];
                let name = entry.get(field).map(value_text).unwrap_or_default();
                (entry, name)
            }
            None if self.table.get(id).is_some_and(Value::is_table) => {
                (self.table.get_mut(id).expect("checked"), id.to_owned())
            }
            None => return Err(self.missing(id, at)),
        };
        let entry = entry.as_table_mut().ok_or_else(|| PatchError {
            at,
            message: format!("entry `{id}` of [data.{key}] is not a table"),
            help: "only tables of fields can be changed field by field".into(),
        })?;
        for (field, value) in fields {
            entry.insert(field.clone(), value.clone());
        }
        self.record(name, at, fields, pos);
        Ok(())
    }

    /// Appends entry `id` with `fields` to list `list`.
    fn add(
        &mut self,
        list: usize,
        id: &str,
        fields: &Table,
        at: usize,
        pos: &dyn Fn(&str) -> usize,
    ) -> Result<(), PatchError> {
        if self.find(id).is_some() {
            return Err(PatchError {
                at,
                message: format!("[data.{}] already has an entry `{id}`", self.key),
                help: format!(
                    "change it with [data.{0}.change.{id}], or remove it first (remove = [\"{id}\"]) to replace it",
                    self.key
                ),
            });
        }
        let field = self.lists[list].id_field;
        let id_value = self.id_value(list, id);
        if let Some(written) = fields.get(field).filter(|v| **v != id_value) {
            return Err(PatchError {
                at: pos(field),
                message: format!("`{field} = {written}` differs from the entry's key `{id}`"),
                help: format!("the key names the entry: leave `{field}` out"),
            });
        }
        let mut entry = fields.clone();
        entry.insert(field.to_owned(), id_value);
        self.entries(list).push(Value::Table(entry));
        self.record(id.to_owned(), at, fields, pos);
        Ok(())
    }

    /// `id` as the list's ids are written: a number where they are numbers.
    fn id_value(&mut self, list: usize, id: &str) -> Value {
        let field = self.lists[list].id_field;
        let numbers = self
            .entries(list)
            .iter()
            .all(|e| e.get(field).is_some_and(Value::is_integer));
        match id.parse::<i64>() {
            Ok(n) if numbers => Value::Integer(n),
            _ => Value::String(id.to_owned()),
        }
    }

    /// The only list of the table (an addition names its list when there are several).
    fn only_list(&self, at: usize) -> Result<usize, PatchError> {
        let names: Vec<&str> = self.lists.iter().map(|l| l.name.as_str()).collect();
        match names.as_slice() {
            [_] => Ok(0),
            [] => Err(PatchError {
                at,
                message: format!("[data.{}] has no list of entries to add to", self.key),
                help: "`add` adds to a list of tables named by `id`, `key` or `level`".into(),
            }),
            _ => Err(PatchError {
                at,
                message: format!(
                    "[data.{}] has several lists ({}): say which one the entry joins",
                    self.key,
                    names.join(", ")
                ),
                help: format!("write [data.{}.add.LIST.ID]", self.key),
            }),
        }
    }

    fn record(&mut self, id: String, at: usize, fields: &Table, pos: &dyn Fn(&str) -> usize) {
        let place = self.written.entries.entry(id).or_default();
        place.at = at;
        for field in fields.keys() {
            place.fields.insert(field.clone(), pos(field));
        }
    }
}

/// The tables of a patch's `verb` table, each by its key.
fn tables_in<'a>(
    value: &'a Value,
    verb: &str,
    key: &str,
    at: usize,
) -> Result<Vec<(&'a String, &'a Table)>, PatchError> {
    match value.as_table() {
        Some(table) => tables_of(table, verb, key, at),
        None => Err(not_tables(verb, key, at)),
    }
}

/// The tables of `table`, each by its key.
fn tables_of<'a>(
    table: &'a Table,
    verb: &str,
    key: &str,
    at: usize,
) -> Result<Vec<(&'a String, &'a Table)>, PatchError> {
    table
        .iter()
        .map(|(id, v)| {
            v.as_table()
                .map(|t| (id, t))
                .ok_or_else(|| not_tables(verb, key, at))
        })
        .collect()
}

fn not_tables(verb: &str, key: &str, at: usize) -> PatchError {
    PatchError {
        at,
        message: format!("`{verb}` takes tables of fields, one per entry"),
        help: format!("write [data.{key}.{verb}.ID] followed by the entry's fields"),
    }
}

/// An id as text: a string as it is, a number in digits.
fn value_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The table's lists of entries: top-level arrays of tables that all have one id field.
fn lists(table: &Table) -> Vec<List> {
    table
        .iter()
        .filter_map(|(name, value)| {
            let entries = value.as_array().filter(|a| !a.is_empty())?;
            let id_field = ID_FIELDS.into_iter().find(|f| {
                entries
                    .iter()
                    .all(|e| e.as_table().is_some_and(|t| t.contains_key(*f)))
            })?;
            Some(List {
                name: name.clone(),
                id_field,
            })
        })
        .collect()
}

/// The byte offset of the last key of `path` in a parsed document.
fn key_at(doc: &DeTable, path: &[&str]) -> Option<usize> {
    let (last, outer) = path.split_last()?;
    let mut table = doc;
    for name in outer {
        table = table.get(*name)?.get_ref().as_table()?;
    }
    table.get_key_value(*last).map(|(key, _)| key.span().start)
}

/// Where entry `id` (its `field`, else its id) is written in a data file's `text`.
fn in_file(text: &str, id: &str, field: Option<&str>) -> Option<usize> {
    let doc = DeTable::parse(text).ok()?.into_inner();
    doc.iter().find_map(|(_, value)| {
        let DeValue::Array(entries) = value.get_ref() else {
            return None;
        };
        entries.iter().find_map(|entry| {
            let entry = entry.get_ref().as_table()?;
            let (id_key, _) = ID_FIELDS.iter().find_map(|f| entry.get_key_value(*f))?;
            let named = entry.get(id_key.get_ref().as_ref())?;
            let same = match named.get_ref() {
                DeValue::String(s) => s == id,
                DeValue::Integer(n) => n.as_str() == id,
                _ => false,
            };
            if !same {
                return None;
            }
            let field_key = field.and_then(|f| entry.get_key_value(f)).map(|(k, _)| k);
            Some(field_key.unwrap_or(id_key).span().start)
        })
    })
}

/// The id of the entry of a list that byte `offset` of a data table's `text` falls in:
/// the last entry starting at or before it (an `[[entry]]`'s span is its header only, its
/// fields follow).
pub fn entry_at(text: &str, offset: usize) -> Option<String> {
    let doc = DeTable::parse(text).ok()?.into_inner();
    let entries = doc.iter().filter_map(|(_, value)| match value.get_ref() {
        DeValue::Array(entries) => Some(entries.iter()),
        _ => None,
    });
    let entry = entries
        .flatten()
        .filter(|e| e.span().start <= offset)
        .max_by_key(|e| e.span().start)?;
    let entry = entry.get_ref().as_table()?;
    ID_FIELDS
        .iter()
        .find_map(|f| match entry.get(*f)?.get_ref() {
            DeValue::String(s) => Some(s.to_string()),
            DeValue::Integer(n) => Some(n.as_str().to_owned()),
            _ => None,
        })
}

impl DataSource {
    /// Where this entry's manifest (or an ancestor's) removes the entry whose id or name
    /// is `word`: the manifest, the byte offset of its `remove`, and the entry as shown.
    pub fn removal_of(&self, word: &str) -> Option<(PathBuf, usize, String)> {
        match self {
            DataSource::Patched {
                base,
                manifest,
                written,
                ..
            } => written
                .removal_of(word)
                .map(|(shown, at)| (manifest.clone(), at, shown))
                .or_else(|| base.removal_of(word)),
            _ => None,
        }
    }

    /// Where entry `id` (its `field`) of data entry `key` is written, or the data itself
    /// without an `id`: the file, and a byte offset in it when known. A patched entry is
    /// where the manifest wrote it; a field of a table written inline, at its line.
    pub fn place(
        &self,
        key: &str,
        id: Option<&str>,
        field: Option<&str>,
    ) -> (PathBuf, Option<usize>) {
        match self {
            DataSource::File(path) => {
                let text = std::fs::read_to_string(path).unwrap_or_default();
                let at = match (id, field) {
                    (Some(id), _) => in_file(&text, id, field),
                    (None, Some(field)) => DeTable::parse(&text)
                        .ok()
                        .and_then(|doc| key_at(doc.get_ref(), &[field])),
                    (None, None) => None,
                };
                (path.clone(), at)
            }
            DataSource::Inline { manifest, at, .. } => {
                let text = std::fs::read_to_string(manifest).unwrap_or_default();
                let doc = DeTable::parse(&text)
                    .map(|d| d.into_inner())
                    .unwrap_or_default();
                let field_at = field
                    .filter(|_| id.is_none())
                    .and_then(|f| key_at(&doc, &["data", key, f]));
                (manifest.clone(), Some(field_at.unwrap_or(*at)))
            }
            DataSource::Patched {
                base,
                manifest,
                at,
                written,
                ..
            } => match id.map(|id| written.entries.get(id)) {
                Some(Some(place)) => {
                    let at = field.and_then(|f| place.fields.get(f)).unwrap_or(&place.at);
                    (manifest.clone(), Some(*at))
                }
                Some(None) => base.place(key, id, field),
                None => (manifest.clone(), Some(*at)),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: &str = "[[card]]\nid = \"A\"\ncost = { wood = 1 }\n[[card]]\nid = \"B\"\nname = \"Bee\"\ncost = {}\n";

    fn patched(manifest: &str) -> Result<Table, String> {
        let base: Table = toml::from_str(BASE).unwrap();
        let doc: Table = toml::from_str(manifest).unwrap();
        let patch = doc["data"]["cards"].as_table().unwrap();
        apply(&base, patch, manifest, "cards", 0)
            .map(|(t, _)| t)
            .map_err(|e| format!("{} ({})", e.message, e.help))
    }

    fn ids(table: &Table) -> Vec<String> {
        table["card"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| value_text(&c["id"]))
            .collect()
    }

    #[test]
    fn entries_are_added_changed_and_removed_by_id_or_name() {
        let t = patched("[data.cards.add.C]\ncost = { clay = 2 }\n[data.cards.change.Bee]\ncost = { peat = 1 }\n[data.cards]\nremove = [\"A\"]\n").unwrap();
        assert_eq!(ids(&t), ["B", "C"]);
        assert_eq!(t["card"][0]["cost"].to_string(), "{ peat = 1 }");
        assert_eq!(t["card"][1]["cost"].to_string(), "{ clay = 2 }");
    }

    #[test]
    fn a_table_of_several_lists_takes_additions_by_list_and_sections_by_name() {
        let base: Table = toml::from_str("[points]\nroad = 1\n[[good]]\nkey = \"wood\"\n[[conversion]]\nid = \"c\"\n[[level]]\nlevel = 1\n").unwrap();
        let manifest = "[data.t.add.good.honey]\nfood = 2\n[data.t.add.level.2]\nslots = \"P\"\n[data.t.change.points]\nroad = 3\n";
        let doc: Table = toml::from_str(manifest).unwrap();
        let patch = doc["data"]["t"].as_table().unwrap();
        let (t, _) = apply(&base, patch, manifest, "t", 0).ok().unwrap();
        assert_eq!(t["good"][1]["key"].as_str(), Some("honey"));
        assert_eq!(
            t["level"][1]["level"].as_integer(),
            Some(2),
            "a number like the others"
        );
        assert_eq!(t["points"]["road"].as_integer(), Some(3));
        let unnamed = "[data.t.add.honey]\nfood = 2\n";
        let doc: Table = toml::from_str(unnamed).unwrap();
        let e = apply(&base, doc["data"]["t"].as_table().unwrap(), unnamed, "t", 0)
            .err()
            .unwrap();
        assert!(e.message.contains("several lists"), "{}", e.message);
    }

    #[test]
    fn an_unknown_or_taken_id_is_refused_with_the_ids() {
        let e = patched("[data.cards.change.a]\ncost = {}\n").unwrap_err();
        assert!(e.contains("`a` is not an entry of [data.cards]"), "{e}");
        assert!(e.contains("the entries here: A, B (Bee)"), "{e}");
        let e = patched("[data.cards.change.Be]\ncost = {}\n").unwrap_err();
        assert!(
            e.contains("`Be` is not an entry of [data.cards]; did you mean `Bee`?"),
            "a name is offered, as names find entries too: {e}"
        );
        let e = patched("[data.cards.add.A]\ncost = {}\n").unwrap_err();
        assert!(e.contains("already has an entry `A`"), "{e}");
    }

    #[test]
    fn of_a_long_list_only_the_entries_near_an_unknown_id_are_shown() {
        let base: String = (1..=20)
            .map(|i| format!("[[card]]\nid = \"C{i:02}\"\nname = \"Card {i}\"\n"))
            .collect();
        let base: Table = toml::from_str(&base).unwrap();
        let error = |manifest: &str| {
            let doc: Table = toml::from_str(manifest).unwrap();
            let patch = doc["data"]["cards"].as_table().unwrap();
            apply(&base, patch, manifest, "cards", 0).err().unwrap()
        };
        let near = error("[data.cards.change.\"Card 177\"]\nname = \"x\"\n");
        assert_eq!(
            near.help,
            "the nearest entries: C01 (Card 1), C07 (Card 7), C17 (Card 17); 20 in all, each found by its id or its name"
        );
        let far = error("[data.cards.change.Zebra]\nname = \"x\"\n");
        assert!(
            far.help
                .starts_with("the entries here: C01 (Card 1), C02 (Card 2),")
                && far.help.ends_with("C20 (Card 20)"),
            "nothing near: every entry, to choose from: {}",
            far.help
        );
    }

    #[test]
    fn an_offset_of_a_rewritten_table_names_its_entry() {
        let text = toml::from_str::<Table>(BASE).unwrap().to_string();
        let at = text.find("Bee").unwrap();
        assert_eq!(entry_at(&text, at).as_deref(), Some("B"));
        let id = text.find("id = \"B\"").unwrap();
        assert_eq!(entry_at(&text, id).as_deref(), Some("B"));
        assert_eq!(
            entry_at(&text, 0).as_deref(),
            Some("A"),
            "the header of the first"
        );
    }

    #[test]
    fn a_field_is_found_in_a_data_file() {
        let at = in_file(BASE, "B", Some("cost")).unwrap();
        assert!(BASE[at..].starts_with("cost = {}"));
        assert!(BASE[in_file(BASE, "A", None).unwrap()..].starts_with("id = \"A\""));
    }
}
