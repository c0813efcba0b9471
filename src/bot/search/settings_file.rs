//! A game's own defaults for the `search` bot. The budget that keeps a move within a
//! second depends on the game (a move of one game may cost several times one of
//! another), so a folder of bots may hold `search.toml`, with the settings of the
//! command line as `key = value` lines:
//!
//! ```toml
//! kops = 12000   # thousands of script operations a move
//! ```
//!
//! The files of the bot folders are read from the most general (scripts/bots/) to the
//! variant's own, each replacing the settings it names; the settings typed after
//! `search:` replace them all in turn.

use super::SearchOptions;
use crate::diagnostic::{Diagnostic, Kind};
use crate::manifest::ScriptFile;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// The name of a settings file in a folder of bots.
pub const FILE: &str = "search.toml";

const HELP: &str = "each line is `key = value`, a setting of the search bot: iterations, ms or kops (the budget of a move), width, depth, beam, horizon (whole numbers) or sample (a whole number or \"all\"); see the README, 'Bots'";

/// Applies the settings files of `dirs` (the most general first) onto `options` and
/// returns the files read.
pub fn apply(
    dirs: &[PathBuf],
    show: impl Fn(&Path) -> String,
    options: &mut SearchOptions,
) -> Result<Vec<ScriptFile>, Diagnostic> {
    let mut read = Vec::new();
    for path in dirs
        .iter()
        .map(|dir| dir.join(FILE))
        .filter(|p| p.is_file())
    {
        let file = ScriptFile {
            shown: show(&path),
            path,
        };
        apply_file(&file, options)?;
        read.push(file);
    }
    Ok(read)
}

/// Applies one settings file; an error names its line.
fn apply_file(file: &ScriptFile, options: &mut SearchOptions) -> Result<(), Diagnostic> {
    let text = std::fs::read_to_string(&file.path).map_err(|e| {
        Diagnostic::in_file(
            Kind::Io,
            &file.shown,
            format!("cannot read the search settings: {e}"),
        )
        .with_help("make the file readable, or remove it to use the built-in settings")
    })?;
    let at = |offset: usize, message: String| {
        Diagnostic::in_file(Kind::Manifest, &file.shown, message)
            .at_offset(&text, offset)
            .with_help(HELP)
    };
    let settings: BTreeMap<Spanned<String>, Spanned<toml::Value>> =
        toml::from_str(&text).map_err(|e| {
            at(
                e.span().map_or(0, |s| s.start),
                crate::vocabulary::toml_message(&e),
            )
        })?;
    let mut in_order: Vec<_> = settings.iter().collect();
    in_order.sort_by_key(|(key, _)| key.span().start);
    for (key, value) in in_order {
        let typed = match value.get_ref() {
            toml::Value::Integer(n) => n.to_string(),
            toml::Value::String(s) => s.clone(),
            other => {
                return Err(at(
                    value.span().start,
                    format!(
                        "`{}` is a {}: give a whole number",
                        key.get_ref(),
                        other.type_str()
                    ),
                ))
            }
        };
        // A setting the bot does not have is shown at its name, a bad value at the value.
        options.set(key.get_ref(), &typed).map_err(|message| {
            let known = SearchOptions::KEYS.contains(&key.get_ref().as_str());
            at(if known { value.span() } else { key.span() }.start, message)
        })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::search::Budget;

    /// Applies `texts`, one settings file a folder (the most general first).
    fn applied(texts: &[&str]) -> Result<SearchOptions, Diagnostic> {
        let root = tempfile::tempdir().unwrap();
        let dirs: Vec<PathBuf> = texts
            .iter()
            .enumerate()
            .map(|(i, text)| {
                let dir = root.path().join(i.to_string());
                std::fs::create_dir(&dir).unwrap();
                std::fs::write(dir.join(FILE), text).unwrap();
                dir
            })
            .collect();
        let mut options = SearchOptions::default();
        let show = |p: &Path| p.strip_prefix(root.path()).unwrap().display().to_string();
        let read = apply(&dirs, show, &mut options)?;
        assert_eq!(read.len(), texts.len());
        Ok(options)
    }

    #[test]
    fn the_most_specific_file_wins_setting_by_setting() {
        let o = applied(&["kops = 9000\ndepth = 2\n", "width = 3\nkops = 12000\n"]).unwrap();
        assert_eq!(o.budget, Budget::KiloOperations(12_000));
        assert_eq!((o.width, o.depth), (3, 2));
        assert_eq!(o.sample, SearchOptions::default().sample);
        let o = applied(&["sample = 8\n", "sample = \"all\"\n"]).unwrap();
        assert_eq!(o.sample, None);
        // The last budget named wins, in the order of the lines.
        let o = applied(&["ms = 500\niterations = 30\n"]).unwrap();
        assert_eq!(o.budget, Budget::Iterations(30));
    }

    #[test]
    fn a_bad_file_names_its_line_and_what_to_do() {
        let at = |e: &Diagnostic| e.location().map(|at| (at.line, at.column));
        let e = applied(&["kops = 12000\ndepht = 2\n"]).unwrap_err();
        assert_eq!(
            (e.file(), e.message.as_str()),
            (
                Some("0/search.toml"),
                "the search bot has no setting `depht`"
            )
        );
        assert_eq!(at(&e), Some((Some(2), Some(1))), "shown at the name");
        assert!(e.help.unwrap().contains("width, depth"));
        let e = applied(&["width = 0\n"]).unwrap_err();
        assert_eq!(e.message, "width=0: give a whole number from 1 to 1000000");
        assert_eq!(at(&e), Some((Some(1), Some(9))), "shown at the value");
        let e = applied(&["\nwidth = 2.5\n"]).unwrap_err();
        assert_eq!(e.message, "`width` is a float: give a whole number");
        assert_eq!(at(&e).unwrap().0, Some(2));
        let e = applied(&["width = \n"]).unwrap_err();
        assert_eq!(at(&e).unwrap().0, Some(1), "{e}");
    }

    #[test]
    fn folders_without_a_file_change_nothing() {
        let root = tempfile::tempdir().unwrap();
        let mut options = SearchOptions::default();
        let read = apply(
            &[root.path().to_path_buf()],
            |p| p.display().to_string(),
            &mut options,
        );
        assert!(read.unwrap().is_empty());
        assert_eq!(options, SearchOptions::default());
    }
}
