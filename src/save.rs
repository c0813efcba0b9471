//! Save files: a game is (variant, option overrides, seed, moves), so that is all a save
//! holds. Loading replays the moves under the current rules. Writes are atomic: a crash
//! mid-save leaves the previous file intact.

use crate::diagnostic::Diagnostic;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::Path;

/// The first line of every save file, so a wrong file is recognised at once.
pub const FORMAT: &str = "houserules-save";
/// Bumped when the layout changes incompatibly.
pub const VERSION: i64 = 1;

/// Writes `text` to `path` through a temporary file renamed over it, so that a crash
/// mid-write leaves the previous file intact (saves, simulation results).
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let tmp = path.with_extension("tmp-save");
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    pub format: String,
    pub version: i64,
    pub variant: String,
    pub seed: u64,
    /// Option overrides as `key = "value"`, exactly as they were given.
    #[serde(default)]
    pub options: std::collections::BTreeMap<String, String>,
    /// Move labels in the order played.
    #[serde(default)]
    pub moves: Vec<String>,
}

impl SaveFile {
    pub fn write(&self, path: &Path) -> Result<(), Diagnostic> {
        let shown = path.display().to_string();
        let text = toml::to_string(self)
            .map_err(|e| Diagnostic::new(&shown, format!("cannot encode the game: {e}")))?;
        write_atomically(path, &text).map_err(|e| {
            Diagnostic::new(&shown, format!("cannot save: {e}"))
                .with_help("check that the folder exists and is writable")
        })
    }

    pub fn read(path: &Path) -> Result<SaveFile, Diagnostic> {
        let shown = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| {
            Diagnostic::new(&shown, format!("cannot read the save file: {e}"))
                .with_help("check the file name")
        })?;
        let help = "this is not a houserules save file, or it was damaged; saves are written by `save FILE`";
        let save: SaveFile = toml::from_str(&text).map_err(|e| {
            let d = Diagnostic::new(&shown, format!("corrupt save file: {}", e.message()));
            match e.span() {
                Some(s) => d.at_offset(&text, s.start),
                None => d,
            }
            .with_help(help)
        })?;
        if save.format != FORMAT {
            return Err(Diagnostic::new(
                &shown,
                format!("not a save file (format = \"{}\")", save.format),
            )
            .with_help(help));
        }
        if save.version != VERSION {
            return Err(Diagnostic::new(
                &shown,
                format!(
                    "save file version {} is not supported (this program reads version {VERSION})",
                    save.version
                ),
            )
            .with_help("open it with the houserules version that wrote it"));
        }
        Ok(save)
    }
}
