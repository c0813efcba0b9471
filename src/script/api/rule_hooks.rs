//! The rules a variant is meant to replace, read from a family's own scripts
//! (`scripts/<family>/`): a function whose doc comment starts with `rule:`
//! (`/// rule: who plays next.`) is one. With the scripts that define it, that is the
//! table of hooks a house rule may replace, which the scripts cannot drift from.

use rhai::Engine;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// A function of a family's rules that a variant may replace.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RuleHook {
    /// As it is defined: `may_score(winners)`.
    pub call: String,
    /// The scripts that define it (file names without `.rhai`), in name order.
    pub files: Vec<String>,
    /// What it decides: its `rule:` comment.
    pub doc: String,
}

/// A function of the scripts while they are read: where it is first defined, and its
/// `rule:` comment once one is found.
struct Definition {
    name: String,
    arity: usize,
    first: (usize, usize),
    hook: RuleHook,
    is_rule: bool,
}

/// The `rule:` functions of the scripts in `folder`, in the order of the first script
/// that defines each one; none when there is no such folder.
pub fn read(folder: &Path) -> Result<Vec<RuleHook>, String> {
    read_files(&scripts_in(folder))
}

/// The `rule:` functions of `files` (a variant's scripts, in its order), in the order of
/// the first file that defines each one.
pub fn read_files(files: &[PathBuf]) -> Result<Vec<RuleHook>, String> {
    let mut engine = Engine::new_raw();
    // Only read: the rules' own engine bounds them when they run.
    engine.set_max_expr_depths(0, 0);
    let mut found: Vec<Definition> = Vec::new();
    for (index, path) in files.iter().enumerate() {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let ast = engine
            .compile(&text)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let stem = path.file_stem().unwrap_or_default().to_string_lossy();
        for (.., name, arity, def) in ast.shared_lib().iter_script_fn_info() {
            let doc = rule_comment(&def.comments[..]);
            let at = match found
                .iter()
                .position(|d| d.name == name && d.arity == arity)
            {
                Some(at) => at,
                None => {
                    let params: Vec<&str> = def.params.iter().map(|p| p.as_str()).collect();
                    found.push(Definition {
                        name: name.to_owned(),
                        arity,
                        first: (index, def.body.start_position().line().unwrap_or(0)),
                        hook: RuleHook {
                            call: format!("{name}({})", params.join(", ")),
                            files: Vec::new(),
                            doc: String::new(),
                        },
                        is_rule: false,
                    });
                    found.len() - 1
                }
            };
            let definition = &mut found[at];
            definition.hook.files.push(stem.to_string());
            if let (false, Some(doc)) = (definition.is_rule, doc) {
                definition.hook.doc = doc;
                definition.is_rule = true;
            }
        }
    }
    found.retain(|d| d.is_rule);
    found.sort_by_key(|d| d.first);
    Ok(found
        .into_iter()
        .map(|mut d| {
            d.hook.files.sort();
            d.hook
        })
        .collect())
}

/// The hooks as (call, scripts, doc), for the listings.
fn items(hooks: &[RuleHook]) -> impl Iterator<Item = (String, &[String], &str)> {
    hooks
        .iter()
        .map(|h| (h.call.clone(), &h.files[..], h.doc.as_str()))
}

/// For a terminal: each hook with the scripts that define it, and what it decides.
pub fn text(hooks: &[RuleHook]) -> String {
    super::listing::by_script_text(items(hooks))
}

/// For the docs: a table.
pub fn markdown(hooks: &[RuleHook]) -> String {
    super::listing::by_script_table(&["hook", "in", "what it decides"], items(hooks))
}

/// The Rhai scripts in `folder`, in name order; none when there is no such folder.
pub(super) fn scripts_in(folder: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "rhai"))
        .collect();
    files.sort();
    files
}

/// The text of a `/// rule: …` doc comment, on one line, without `rule:`.
fn rule_comment(comments: &[impl AsRef<str>]) -> Option<String> {
    let lines: Vec<&str> = comments
        .iter()
        .flat_map(|block| block.as_ref().lines())
        .map(|line| line.trim().trim_start_matches("///").trim())
        .collect();
    lines
        .join(" ")
        .strip_prefix("rule:")
        .map(|doc| doc.trim().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_functions_are_listed_with_every_script_that_defines_them() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).unwrap();
        write(
            "base.rhai",
            "/// Not a rule.\nfn setup() {}\n/// rule: who plays next,\n/// in turn.\nfn next_turn() {}\n/// rule: the colours.\nfn colours() {}\n",
        );
        write(
            "solo.rhai",
            "fn next_turn() { 1 }\n/// rule: the result.\nfn result_from(scores) {}\n",
        );
        write("notes.txt", "/// rule: not a script\n");
        let hooks = read(dir.path()).unwrap();
        let hook = |call: &str, files: &[&str], doc: &str| RuleHook {
            call: call.to_owned(),
            files: files.iter().map(|f| f.to_string()).collect(),
            doc: doc.to_owned(),
        };
        assert_eq!(
            hooks,
            [
                hook("next_turn()", &["base", "solo"], "who plays next, in turn."),
                hook("colours()", &["base"], "the colours."),
                hook("result_from(scores)", &["solo"], "the result."),
            ]
        );
        assert!(read(&dir.path().join("none")).unwrap().is_empty());
    }
}
