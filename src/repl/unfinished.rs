//! Where a game left unfinished is kept for `houserules resume`: at the end of the REPL,
//! and when a signal or a lost terminal ends it.

use crate::diagnostic::Diagnostic;
use crate::save::SaveFile;
use std::path::Path;

/// Writes `game` to `path` (making its folder) and says where it is.
pub fn keep(game: &SaveFile, path: &Path) -> Result<String, Diagnostic> {
    if let Some(folder) = path.parent() {
        let _ = std::fs::create_dir_all(folder);
    }
    game.write(path)?;
    Ok(format!(
        "your unfinished game is saved in {}: `houserules resume` goes on with it\n",
        path.display()
    ))
}
