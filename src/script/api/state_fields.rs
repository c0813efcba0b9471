//! The state fields a family's rules keep, read from the comments of its own scripts
//! (`scripts/<folder>/`): a comment line `// state NAME: what it holds`, continued on
//! the comment lines indented deeper below it, declares `this.NAME`. The docs show them
//! (`<!-- api:state FOLDER -->`) and a test compares them with the keys of real games'
//! states, so a field added without a line, or a line left for a field gone, fails.

use serde::Serialize;
use std::path::Path;

/// A field of the state that the rules keep.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StateField {
    pub name: String,
    /// The scripts that declare it (file names without `.rhai`), in name order.
    pub files: Vec<String>,
    /// What it holds, from the first script that declares it.
    pub holds: String,
}

const MARK: &str = "state ";

/// The fields one script declares, in its order, as (name, what it holds).
pub fn declared(script: &str) -> Vec<(String, String)> {
    let mut fields: Vec<(String, String, usize)> = Vec::new();
    for line in script.lines() {
        // A line of code or a blank one ends the declaration before it.
        let comment = line.trim_start().strip_prefix("//").unwrap_or("");
        let text = comment.trim_start();
        let indent = comment.len() - text.len();
        let declaration = text
            .strip_prefix(MARK)
            .and_then(|rest| rest.split_once(':'));
        match (declaration, fields.last_mut()) {
            (Some((name, holds)), _) if is_name(name) => {
                fields.push((name.to_owned(), holds.trim().to_owned(), indent));
            }
            (_, Some((_, holds, at))) if !text.is_empty() && indent > *at => {
                holds.push(' ');
                holds.push_str(text);
            }
            // Anything else ends the declaration before it.
            _ => {
                if let Some(last) = fields.last_mut() {
                    last.2 = usize::MAX;
                }
            }
        }
    }
    fields.into_iter().map(|(n, h, _)| (n, h)).collect()
}

fn is_name(word: &str) -> bool {
    !word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The fields the scripts in `folder` declare, in the order of the first script that
/// declares each; none when there is no such folder.
pub fn read(folder: &Path) -> Result<Vec<StateField>, String> {
    let mut found: Vec<StateField> = Vec::new();
    for path in super::rule_hooks::scripts_in(folder) {
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let stem = path.file_stem().unwrap_or_default().to_string_lossy();
        for (name, holds) in declared(&text) {
            match found.iter_mut().find(|f| f.name == name) {
                Some(field) => field.files.push(stem.to_string()),
                None => found.push(StateField {
                    name,
                    files: vec![stem.to_string()],
                    holds,
                }),
            }
        }
    }
    Ok(found)
}

/// The fields as (`this.NAME`, scripts, doc), for the listings.
fn items(fields: &[StateField]) -> impl Iterator<Item = (String, &[String], &str)> {
    fields
        .iter()
        .map(|f| (format!("this.{}", f.name), &f.files[..], f.holds.as_str()))
}

/// For a terminal: each field with the scripts that declare it, and what it holds.
pub fn text(fields: &[StateField]) -> String {
    super::listing::by_script_text(items(fields))
}

/// For the docs: a table.
pub fn markdown(fields: &[StateField]) -> String {
    super::listing::by_script_table(&["field", "in", "holds"], items(fields))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_read_with_their_continuations() {
        let script = "// Intro.\n//   state supply: tokens each colour\n//       still has\n// state bad name: no\n//   state turn: the turn\n\n//       not a continuation\nfn f() {}\n";
        assert_eq!(
            declared(script),
            [
                (
                    "supply".to_owned(),
                    "tokens each colour still has".to_owned()
                ),
                ("turn".to_owned(), "the turn".to_owned())
            ]
        );
    }

    #[test]
    fn a_folder_lists_each_field_once_with_every_script_declaring_it() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).unwrap();
        write(
            "base.rhai",
            "// state board: the board\n// state turn: the turn\n",
        );
        write(
            "solo.rhai",
            "// state piles: one a colour\n// state turn: again\n",
        );
        write("notes.txt", "// state nothing: not a script\n");
        let fields = read(dir.path()).unwrap();
        let names: Vec<(&str, String)> = fields
            .iter()
            .map(|f| (f.name.as_str(), f.files.join(",")))
            .collect();
        assert_eq!(
            names,
            [
                ("board", "base".to_owned()),
                ("turn", "base,solo".to_owned()),
                ("piles", "solo".to_owned())
            ]
        );
        assert_eq!(fields[1].holds, "the turn");
        assert!(markdown(&fields).contains("| `this.piles` | solo | one a colour |"));
        assert!(read(&dir.path().join("none")).unwrap().is_empty());
    }
}
