//! Games the database could not take (locked by another program, or unwritable) wait as
//! JSON records in a folder beside it, `games.sqlite.pending/`, and are written the next
//! time the database is opened for writing: a finished game is never lost to a lock.
//! When that folder cannot be written either (the database in a read-only folder), they
//! wait in the user's data folder, under `pending/` and the database's path.

use super::record::GameRecord;
use crate::diagnostic::{Diagnostic, Kind};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The folder where games wait for the database at `db`.
pub fn folder(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(".pending");
    PathBuf::from(name)
}

/// Where games wait when [`folder`] cannot be written: in the data folder, named after
/// the database's whole path.
fn elsewhere(db: &Path) -> Option<PathBuf> {
    let path = std::path::absolute(db).unwrap_or_else(|_| db.to_path_buf());
    let name: String = path
        .to_string_lossy()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '.' | '-') {
                c
            } else {
                '_'
            }
        })
        .collect();
    Some(crate::user_data::data_dir()?.join("pending").join(name))
}

/// Every folder where games may wait for the database at `db`.
fn folders(db: &Path) -> Vec<PathBuf> {
    std::iter::once(folder(db)).chain(elsewhere(db)).collect()
}

/// Writes `record` where it waits for the database at `db`, which refused it for
/// reason `why`; returns the file. Fails when no folder for it can be written.
pub fn keep(db: &Path, record: &GameRecord, why: &Diagnostic) -> Result<PathBuf, Diagnostic> {
    // Unique among processes, and among the games of one process (a simulation keeps
    // hundreds within a clock tick).
    static KEPT: AtomicUsize = AtomicUsize::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let name = format!(
        "{}-{nanos}-{}-{}.json",
        record.played_at.replace([' ', ':'], "-"),
        std::process::id(),
        KEPT.fetch_add(1, Ordering::Relaxed)
    );
    let mut failed = Vec::new();
    for dir in folders(db) {
        let file = dir.join(&name);
        let written = std::fs::create_dir_all(&dir)
            .map_err(|e| e.to_string())
            .and_then(|()| record.export(&file).map_err(|e| e.message));
        match written {
            Ok(()) => return Ok(file),
            Err(e) => failed.push(format!("nor in {}: {e}", dir.display())),
        }
    }
    Err(Diagnostic::in_file(
        Kind::Records,
        db.display().to_string(),
        format!(
            "{}; and the game cannot wait {}",
            why.message,
            failed.join(", ")
        ),
    ))
}

/// The games waiting for the database at `db`, handed to `add` (each file removed once
/// `add` has its game); returns how many. A file that is not a record stays, with a
/// warning line.
pub fn flush(
    db: &Path,
    mut add: impl FnMut(&GameRecord) -> Result<i64, Diagnostic>,
) -> (usize, Vec<String>) {
    let mut files = waiting_files(db);
    // In the order the games were kept, whichever folder holds them.
    files.sort_by(|a, b| a.file_name().cmp(&b.file_name()));
    let (mut written, mut warnings) = (0, Vec::new());
    for file in files {
        let parsed = std::fs::read_to_string(&file)
            .map_err(|e| e.to_string())
            .and_then(|text| serde_json::from_str::<GameRecord>(&text).map_err(|e| e.to_string()));
        match parsed {
            Ok(record) => match add(&record) {
                Ok(_) => {
                    let _ = std::fs::remove_file(&file);
                    written += 1;
                }
                Err(e) => {
                    warnings.push(format!("{} waits: {}", file.display(), e.message));
                    break;
                }
            },
            Err(e) => warnings.push(format!(
                "{} is not a game record ({e}); move it away",
                file.display()
            )),
        }
    }
    (written, warnings)
}

/// How many games wait for the database at `db`.
pub fn waiting(db: &Path) -> usize {
    waiting_files(db).len()
}

/// The records waiting for the database at `db`, in every folder where they may be.
fn waiting_files(db: &Path) -> Vec<PathBuf> {
    folders(db)
        .iter()
        .filter_map(|dir| std::fs::read_dir(dir).ok())
        .flatten()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect()
}
