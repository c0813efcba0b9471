//! Where games left unfinished are kept for `houserules resume`: the newest in
//! `unfinished.save`, the ones before it in `unfinished-1.save` to `unfinished-4.save`
//! (`houserules resume N`). A game put aside (by `new`, or by another session ending,
//! a piped one too) moves down the list rather than being overwritten.

use crate::diagnostic::Diagnostic;
use crate::save::SaveFile;
use crate::script::words::count;
use std::path::{Path, PathBuf};

/// How many unfinished games are kept.
pub const KEPT: usize = 5;

/// The file of the unfinished game `n` places before the newest, kept in `newest`.
pub fn nth(newest: &Path, n: usize) -> PathBuf {
    if n == 0 {
        return newest.to_path_buf();
    }
    let stem = newest.file_stem().unwrap_or_default().to_string_lossy();
    newest.with_file_name(format!("{stem}-{n}.save"))
}

/// Writes `game` to `newest`, moving the game kept there down the list unless `game`
/// goes on with it (the oldest beyond [`KEPT`] is dropped). Says where `game` is and
/// what moved: "saved in …", each game's command to resume it with the `--home` its
/// rules need.
pub fn keep(game: &SaveFile, newest: &Path) -> Result<String, Diagnostic> {
    if let Some(folder) = newest.parent() {
        let _ = std::fs::create_dir_all(folder);
    }
    let mut said = format!(
        "saved in {}: `{} resume` goes on with it\n",
        newest.display(),
        game.program()
    );
    let before = SaveFile::read(newest).ok();
    let goes_on = before
        .as_ref()
        .is_some_and(|b| b.same_game(game) && game.moves.starts_with(&b.moves));
    if newest.exists() && !goes_on {
        for n in (1..KEPT).rev() {
            let _ = std::fs::rename(nth(newest, n - 1), nth(newest, n));
        }
        let (what, program) = before.map_or_else(
            || ("a file that is no save".to_owned(), game.program()),
            |b| (described(&b), b.program()),
        );
        said.push_str(&format!(
            "the game kept there before ({what}) is now `{program} resume 1`\n"
        ));
    }
    game.write(newest)?;
    Ok(said)
}

/// A kept game in a few words: variant, seed, moves.
pub fn described(game: &SaveFile) -> String {
    let variant = Path::new(&game.variant).file_stem().map_or_else(
        || game.variant.clone(),
        |s| s.to_string_lossy().into_owned(),
    );
    format!(
        "{variant}, seed {}, {}",
        game.seed,
        count(game.moves.len(), "move")
    )
}
