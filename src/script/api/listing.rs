//! The script API read back from an engine: the functions registered with
//! [`Api::api`](super::Api::api), grouped by the type they are called on, printed for a
//! terminal, as Markdown tables for the docs, or as JSON.

use crate::script::define::Call;
use rhai::{Engine, FuncMetadata};
use serde::Serialize;

/// One line of the API: calls that do the same thing, what they return and what they do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Entry {
    /// As scripts write them: `p.len()`, `p.len`.
    pub calls: Vec<String>,
    /// The type returned; empty for nothing, or for a value of any type.
    pub returns: String,
    pub doc: String,
}

/// The functions called on one type (`Pile`), or the plain functions (`on` empty).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Group {
    pub on: String,
    pub entries: Vec<Entry>,
}

impl Group {
    fn title(&self) -> String {
        if self.on.is_empty() {
            "Functions".to_owned()
        } else {
            format!("On `{}`", self.on)
        }
    }
}

/// An engine's functions outside Rhai's standard library: the documented ones grouped,
/// and the signatures of any registered without a doc.
#[derive(Debug, Default)]
pub struct Listing {
    pub groups: Vec<Group>,
    pub undocumented: Vec<String>,
}

impl Listing {
    /// Reads the functions registered on `engine`, leaving out those `skip` says.
    pub fn read(engine: &Engine, skip: impl Fn(&FuncMetadata) -> bool) -> Listing {
        let mut listing = Listing::default();
        let functions = engine.collect_fn_metadata(None, |f| Some(f.metadata.clone()), false);
        for f in functions.iter().filter(|f| !skip(f)) {
            match documented(f) {
                Some((on, entry)) => listing.add(on, entry),
                None => listing.undocumented.push(f.gen_signature(|t| t.into())),
            }
        }
        listing
            .groups
            .sort_by_key(|g| (!g.on.is_empty(), g.on.to_lowercase()));
        for group in &mut listing.groups {
            group.entries.sort_by(|a, b| a.calls.cmp(&b.calls));
            group.entries = merged(std::mem::take(&mut group.entries));
        }
        listing.undocumented.sort();
        listing
    }

    fn add(&mut self, on: String, entry: Entry) {
        match self.groups.iter_mut().find(|g| g.on == on) {
            Some(group) => group.entries.push(entry),
            None => self.groups.push(Group {
                on,
                entries: vec![entry],
            }),
        }
    }

    /// For a terminal: each call with its type, the doc below it (and the signatures of
    /// the functions registered without one).
    pub fn text(&self) -> String {
        let mut out = String::new();
        for group in &self.groups {
            out.push_str(&format!("{}\n", group.title().replace('`', "")));
            for e in &group.entries {
                let returns = match e.returns.as_str() {
                    "" => String::new(),
                    r => format!(" -> {r}"),
                };
                out.push_str(&format!(
                    "  {}{returns}\n      {}\n",
                    e.calls.join(", "),
                    e.doc
                ));
            }
        }
        if !self.undocumented.is_empty() {
            out.push_str("Registered without a doc\n");
            for signature in &self.undocumented {
                out.push_str(&format!("  {signature}\n"));
            }
        }
        out
    }

    /// For the docs: a table a group.
    pub fn markdown(&self) -> String {
        let tables: Vec<String> = self
            .groups
            .iter()
            .map(|group| {
                let rows: Vec<Vec<String>> = group
                    .entries
                    .iter()
                    .map(|e| {
                        let calls: Vec<String> = e.calls.iter().map(|c| format!("`{c}`")).collect();
                        vec![calls.join(", "), e.returns.clone(), e.doc.clone()]
                    })
                    .collect();
                format!(
                    "**{}**\n\n{}",
                    group.title(),
                    table(&["call", "returns", "does"], &rows)
                )
            })
            .collect();
        tables.join("\n")
    }
}

/// The call and doc that [`Api::api`](super::Api::api) keeps, with the type the call is on.
fn documented(f: &FuncMetadata) -> Option<(String, Entry)> {
    let [call, doc] = f.comments.as_slice() else {
        return None;
    };
    let call = call.strip_prefix("/// ")?;
    let on = if Call::parse(call).receiver {
        let receiver: &str = f.params_info.first()?;
        let (name, ty) = receiver.split_once(": ").unwrap_or((receiver, ""));
        (if ty.is_empty() { name } else { ty }).to_owned()
    } else {
        String::new()
    };
    let entry = Entry {
        calls: vec![call.to_owned()],
        returns: f.return_type.to_string(),
        doc: doc.strip_prefix("/// ")?.to_owned(),
    };
    Some((on, entry))
}

/// Sorted entries with the calls of a doc and type said twice on one line.
fn merged(entries: Vec<Entry>) -> Vec<Entry> {
    let mut out: Vec<Entry> = Vec::with_capacity(entries.len());
    for entry in entries {
        match out
            .iter_mut()
            .find(|e| e.doc == entry.doc && e.returns == entry.returns)
        {
            Some(same) => same.calls.extend(entry.calls),
            None => out.push(entry),
        }
    }
    out
}

/// What the scripts of a folder define (a rule, a state field) as (name, the scripts that
/// define it, its doc): for a terminal, each with its scripts and its doc below.
pub fn by_script_text<'a>(items: impl Iterator<Item = (String, &'a [String], &'a str)>) -> String {
    items
        .map(|(name, files, doc)| format!("  {name} ({})\n      {doc}\n", files.join(", ")))
        .collect()
}

/// As [`by_script_text`], for the docs: a table with `header`.
pub fn by_script_table<'a>(
    header: &[&str],
    items: impl Iterator<Item = (String, &'a [String], &'a str)>,
) -> String {
    let rows: Vec<Vec<String>> = items
        .map(|(name, files, doc)| vec![format!("`{name}`"), files.join(", "), doc.to_owned()])
        .collect();
    table(header, &rows)
}

/// A Markdown table; a `|` inside a cell is escaped.
pub fn table(header: &[&str], rows: &[Vec<String>]) -> String {
    let line = |cells: Vec<String>| format!("| {} |\n", cells.join(" | "));
    let mut out = line(header.iter().map(|h| h.to_string()).collect());
    out.push_str(&line(header.iter().map(|_| "---".to_owned()).collect()));
    for row in rows {
        out.push_str(&line(row.iter().map(|c| c.replace('|', "\\|")).collect()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::Api;

    #[derive(Clone)]
    struct Counter(i64);

    fn engine() -> Engine {
        let mut engine = Engine::new_raw();
        engine
            .register_type_with_name::<Counter>("Counter")
            .api("counter(n)", "a counter at `n`", Counter)
            .api("c.value()", "how far it counted", |c: &mut Counter| c.0)
            .api("c.value", "how far it counted", |c: &mut Counter| c.0)
            .api("c.up()", "counts one more", |c: &mut Counter| c.0 += 1)
            .register_fn("secret", |c: &mut Counter| c.0);
        engine
    }

    #[test]
    fn functions_are_grouped_by_what_they_are_called_on_and_merged_when_alike() {
        let listing = Listing::read(&engine(), |_| false);
        let text = listing.text();
        assert!(
            text.ends_with("Registered without a doc\n  secret(_: &mut Counter) -> i64\n"),
            "{text}"
        );
        let entry = |calls: &[&str], returns: &str, doc: &str| Entry {
            calls: calls.iter().map(|c| c.to_string()).collect(),
            returns: returns.to_owned(),
            doc: doc.to_owned(),
        };
        assert_eq!(
            listing.groups,
            [
                Group {
                    on: String::new(),
                    entries: vec![entry(&["counter(n)"], "Counter", "a counter at `n`")],
                },
                Group {
                    on: "Counter".to_owned(),
                    entries: vec![
                        entry(&["c.up()"], "", "counts one more"),
                        entry(&["c.value", "c.value()"], "int", "how far it counted"),
                    ],
                },
            ]
        );
        assert_eq!(listing.undocumented.len(), 1);
        assert!(
            listing.undocumented[0].starts_with("secret("),
            "{:?}",
            listing.undocumented
        );
    }

    #[test]
    fn a_listing_prints_for_a_terminal_and_as_markdown() {
        let listing = Listing::read(&engine(), |f| f.name == "secret");
        assert!(listing.undocumented.is_empty());
        assert!(listing.text().contains(
            "On Counter\n  c.up()\n      counts one more\n  c.value, c.value() -> int\n"
        ));
        assert!(listing.markdown().starts_with(
            "**Functions**\n\n| call | returns | does |\n| --- | --- | --- |\n| `counter(n)` | Counter | a counter at `n` |\n\n**On `Counter`**\n"
        ));
        assert_eq!(
            table(&["a"], &[vec!["x || y".to_owned()]]),
            "| a |\n| --- |\n| x \\|\\| y |\n"
        );
    }
}
