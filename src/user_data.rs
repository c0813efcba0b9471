//! The user's data folder, `$XDG_DATA_HOME/houserules` or `~/.local/share/houserules`:
//! the REPL's line history and the games database live there.

use std::path::PathBuf;

/// The folder (not created here), or `None` when neither variable is set.
pub fn data_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
    Some(base.join("houserules"))
}
