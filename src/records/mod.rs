//! Games played, goals and rankings: a local record of every game finished in the REPL,
//! kept in an SQLite file, and the listings built from it (`history`, `goals`).
//!
//! - [`record`]: one finished game ([`GameRecord`]), from a session, to a save, to JSON.
//! - [`schema`]: the tables and their numbered migrations.
//! - [`store`]: the database ([`Store`]) and its errors.
//! - [`pending`]: games kept beside a database that could not take them; [`record()`]
//!   stores a finished game or keeps it there.
//! - [`shipped`]: whether a game's scripts are those shipped with its variant.
//! - [`report`]: the `history` table and the `goals` checklist as text.

pub mod pending;
mod record;
mod report;
pub mod schema;
pub mod shipped;
mod store;

pub use record::{standing, utc_now, GameRecord, GoalReached, Standing};
pub use report::{checklist, history_table};
pub use shipped::RulesOrigin;
pub use store::{GoalHit, HistoryQuery, Store, StoredGame};

use crate::diagnostic::{Diagnostic, Kind};
use crate::manifest::Library;
use crate::script::words::count;
use crate::script::Limits;
use crate::session::Session;
use std::path::{Path, PathBuf};

/// The environment variable naming the games database (overridden by `--db FILE`).
pub const DB_VAR: &str = "HOUSERULES_DB";

/// Where the games database is: `--db FILE`, else `$HOUSERULES_DB`, else
/// `games.sqlite` in the user's data folder.
pub fn db_path(flag: Option<&Path>) -> Result<PathBuf, Diagnostic> {
    if let Some(path) = flag {
        return Ok(path.to_path_buf());
    }
    if let Some(path) = std::env::var_os(DB_VAR).filter(|v| !v.is_empty()) {
        return Ok(PathBuf::from(path));
    }
    crate::user_data::data_dir()
        .map(|dir| dir.join("games.sqlite"))
        .ok_or_else(|| {
            Diagnostic::about(
                Kind::Usage,
                "--db",
                "no folder for the games database: neither XDG_DATA_HOME nor HOME is set",
            )
            .with_help(format!("name a file with --db FILE or {DB_VAR}"))
        })
}

/// The `history` listing: a table, or JSON (an array of records with their `id`).
/// Games waiting in the pending folder are written first when the database can take
/// them; the listing says so, or says how many still wait.
pub fn history(db: &Path, query: &HistoryQuery, json: bool) -> Result<String, Diagnostic> {
    let (mut store, mut notes) = open_flushing(db)?;
    let games = store.list(query)?;
    notes.append(&mut store.skipped);
    if !db.exists() {
        notes.push(format!(
            "no games database at {} yet: it is made when a game is first recorded",
            db.display()
        ));
    }
    let listing = if json {
        serde_json::to_string_pretty(&games)
            .map(|text| text + "\n")
            .map_err(|e| {
                Diagnostic::about(
                    Kind::Records,
                    "history",
                    format!("cannot encode the games: {e}"),
                )
            })?
    } else {
        history_table(&games, query.variant.as_deref())
    };
    if json {
        // Notes go to standard error's place in the REPL: keep the JSON clean.
        notes.clear();
    }
    Ok(noted(&notes) + listing.as_str())
}

/// Notes, a line each, before what they are about.
fn noted(notes: &[String]) -> String {
    notes.iter().map(|n| format!("note: {n}\n")).collect()
}

/// The database opened to read, after writing the games that wait for it when it can;
/// with what became of those.
fn open_flushing(db: &Path) -> Result<(Store, Vec<String>), Diagnostic> {
    let waiting = pending::waiting(db);
    if waiting == 0 {
        return Ok((Store::open_to_read(db)?, Vec::new()));
    }
    match Store::open(db) {
        Ok(mut store) => {
            let (written, mut notes) = std::mem::take(&mut store.flushed);
            notes.insert(
                0,
                format!(
                    "the database took {} kept in {} while it was busy",
                    count(written, "game"),
                    pending::folder(db).display()
                ),
            );
            Ok((store, notes))
        }
        Err(e) => Ok((
            Store::open_to_read(db)?,
            vec![format!(
                "{} in {} will be recorded the next time the database can be written ({})",
                count(waiting, "game"),
                pending::folder(db).display(),
                e.message
            )],
        )),
    }
}

/// The `goals` checklist of the session's variant over every recorded game, marking the
/// goals the session's own game has reached.
pub fn goals(db: &Path, session: &mut Session) -> Result<String, Diagnostic> {
    let goals = session.goals()?;
    let variant = session.variant();
    let heading = format!("goals of {} ({})", variant.name, variant.title);
    let mut store = open_flushing(db)?.0;
    let hits = store.goal_hits(&variant.name)?;
    Ok(noted(&store.skipped) + checklist(&heading, &goals, &hits).as_str())
}

/// The variant of the newest recorded game: the checklist `goals` shows when no variant
/// is named (the one a player is most likely working on).
pub fn last_variant(db: &Path) -> Result<String, Diagnostic> {
    let newest = HistoryQuery {
        variant: None,
        best_first: false,
        limit: Some(1),
    };
    let games = open_flushing(db)?.0.list(&newest)?;
    games
        .into_iter()
        .next()
        .map(|g| g.record.variant)
        .ok_or_else(|| {
            Diagnostic::in_file(
                Kind::NotFound,
                db.display().to_string(),
                "no game is recorded yet",
            )
            .with_help("name a variant: `houserules goals VARIANT` (see `houserules variants`)")
        })
}

/// What became of a finished game.
pub enum Recorded {
    /// In the database, under this number.
    Stored(i64),
    /// Waiting in the pending folder: the database refused it for this reason.
    Kept { file: PathBuf, why: Diagnostic },
}

/// Records `record` in the database at `db`, or keeps it in the pending folder.
/// Fails only when neither could be written.
pub fn record(db: &Path, record: &GameRecord) -> Result<Recorded, Diagnostic> {
    let why = match Store::open(db).and_then(|mut store| store.add(record)) {
        Ok(id) => return Ok(Recorded::Stored(id)),
        Err(why) => why,
    };
    let file = pending::keep(db, record, &why)?;
    Ok(Recorded::Kept { file, why })
}

/// Recorded game number `id`, replayed under the current rules.
pub fn replay(
    db: &Path,
    id: i64,
    library: &Library,
    limits: Limits,
) -> Result<(StoredGame, Session), Diagnostic> {
    let game = Store::open_to_read(db)?.get(id)?;
    let save = game.record.to_save();
    let session = Session::from_save(library, &save, limits).map_err(|e| {
        if library.find(&save.variant).is_ok() {
            return e.within(format!("game {id}"));
        }
        // A game of a variant these rules do not have: said of the game, with the rules
        // folder it was played from when `--home` named one.
        let mut d = Diagnostic::about(e.kind, format!("game {id}"), e.message);
        d.help = save.help_to_its_rules(library, e.help, |program| {
            format!("`{program} replay {id}` replays it")
        });
        d
    })?;
    Ok((game, session))
}

/// A game named on the command line: a save file, or else a recorded game's number.
pub fn open_game(
    game: &str,
    db: &Result<PathBuf, Diagnostic>,
    library: &Library,
    limits: Limits,
) -> Result<Session, Diagnostic> {
    if Path::new(game).exists() {
        return Session::load(library, Path::new(game), limits).map(|(session, _)| session);
    }
    match game.parse::<i64>() {
        Ok(id) => Ok(replay(db.as_ref().map_err(Clone::clone)?, id, library, limits)?.1),
        Err(_) => Err(Diagnostic::in_file(
            Kind::NotFound,
            game,
            "there is no such save file, and it is not a game number",
        )
        .with_help("give a file written by `save FILE`, or a number from `houserules history`")),
    }
}
