//! The games database: an SQLite file holding every recorded game and the goals each
//! reached. Every failure becomes a [`Diagnostic`] that names the file and says what to
//! do; a locked or damaged database never costs the game in hand (the REPL offers
//! `export FILE` instead).

use super::pending;
use super::record::{players_or_unknown, standing, GameRecord, GoalReached, Standing};
use super::schema::{migrate, LATEST};
use super::shipped::RulesOrigin;
use crate::diagnostic::{Diagnostic, Kind};
use rusqlite::types::Type;
use rusqlite::{params, Connection, ErrorCode, OpenFlags, OptionalExtension, Row};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long an open, a read or a write waits for another program holding the database
/// before the game goes to the pending folder instead.
const BUSY_WAIT: Duration = Duration::from_secs(5);

const GOAL_COLUMNS: &str =
    "goals.goal, goals.text, games.id, games.played_at, games.variant_result, \
                            games.options, games.moves, games.played_by, games.rules";

const GAME_COLUMNS: &str = "id, played_at, variant, options, scripts_hash, seed, moves, total, \
                            score, end_reason, rank, variant_result, events, played_by, rules, \
                            rules_folder";

/// An open games database, migrated to the current schema.
pub struct Store {
    conn: Connection,
    path: PathBuf,
    /// Games from the pending folder written when the store opened, and files there that
    /// could not be written.
    pub flushed: (usize, Vec<String>),
    /// Why rows were left out of what was listed so far: a row that cannot be read
    /// (changed by another program) never hides the others.
    pub skipped: Vec<String>,
}

/// A recorded game and its number.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StoredGame {
    pub id: i64,
    #[serde(flatten)]
    pub record: GameRecord,
}

/// A goal some game reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoalHit {
    pub goal: GoalReached,
    pub game: i64,
    pub played_at: String,
    /// Whether the game counts for the variant, as a variant result, or not at all.
    pub standing: Standing,
    /// `name=value, …` of the game's changed options.
    pub options: String,
}

/// Which games `history` lists, and in which order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HistoryQuery {
    pub variant: Option<String>,
    pub best_first: bool,
    pub limit: Option<usize>,
}

impl Store {
    /// Opens the database at `path`, creating it (and its folder) when missing and
    /// upgrading an older schema.
    pub fn open(path: &Path) -> Result<Store, Diagnostic> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| {
                Diagnostic::in_file(
                    Kind::Records,
                    path.display().to_string(),
                    format!("cannot create the folder of the games database: {e}"),
                )
                .with_help(CHOOSE_ANOTHER)
            })?;
        }
        let opened = Connection::open(path).and_then(|mut conn| {
            conn.busy_timeout(BUSY_WAIT)?;
            conn.pragma_update(None, "foreign_keys", true)?;
            let found = migrate(&mut conn)?;
            Ok((conn, found))
        });
        let (conn, found) = opened.map_err(|e| db_error(path, &e))?;
        if found > LATEST {
            return Err(Diagnostic::in_file(
                Kind::Records,
                path.display().to_string(),
                format!(
                    "the games database has schema version {found}; this houserules knows versions up to {LATEST}"
                ),
            )
            .with_help("it was written by a newer houserules: use that one, or choose another file with --db FILE or HOUSERULES_DB"));
        }
        let mut store = Store::on(conn, path);
        store.flushed = pending::flush(path, |record| store.add(record));
        Ok(store)
    }

    /// The store reading and writing `conn`, the database at `path` (named in messages).
    fn on(conn: Connection, path: &Path) -> Store {
        Store {
            conn,
            path: path.to_path_buf(),
            flushed: (0, Vec::new()),
            skipped: Vec::new(),
        }
    }

    /// Opens the database at `path` to read it, without taking a write lock, so that a
    /// reader never keeps a game from being recorded. A missing database reads as an
    /// empty one and is not made (a mistyped `--db` leaves no folder behind); one of an
    /// older schema is opened as by [`Store::open`].
    pub fn open_to_read(path: &Path) -> Result<Store, Diagnostic> {
        if !path.exists() {
            let empty = Connection::open_in_memory()
                .and_then(|mut conn| migrate(&mut conn).map(|_| conn))
                .map_err(|e| db_error(path, &e))?;
            return Ok(Store::on(empty, path));
        }
        let opened =
            Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY).and_then(|conn| {
                conn.busy_timeout(BUSY_WAIT)?;
                let version: Option<i64> = conn
                    .query_row("SELECT version FROM schema_version", [], |r| r.get(0))
                    .optional()?;
                Ok((conn, version))
            });
        match opened.map_err(|e| db_error(path, &e))? {
            (conn, Some(LATEST)) => Ok(Store::on(conn, path)),
            _ => Store::open(path),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Adds a game and the goals it reached; returns its number.
    pub fn add(&mut self, r: &GameRecord) -> Result<i64, Diagnostic> {
        let added = (|| {
            let tx = self.conn.transaction()?;
            tx.execute(
                "INSERT INTO games (played_at, variant, options, scripts_hash, seed, moves, total, \
                 score, end_reason, rank, variant_result, events, played_by, rules, rules_folder) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
                params![
                    r.played_at,
                    r.variant,
                    json(&r.options),
                    r.scripts_hash,
                    r.seed.to_string(),
                    json(&r.moves),
                    r.total,
                    json(&r.score),
                    r.end_reason,
                    r.rank,
                    r.variant_result,
                    json(&r.events),
                    json(&r.players()),
                    r.rules.key(),
                    r.rules_folder.as_ref().map(|f| f.to_string_lossy()),
                ],
            )?;
            let id = tx.last_insert_rowid();
            for g in &r.goals {
                tx.execute(
                    "INSERT INTO goals (game_id, goal, text) VALUES (?1, ?2, ?3)",
                    params![id, g.id, g.text],
                )?;
            }
            tx.commit()?;
            Ok(id)
        })();
        added.map_err(|e| db_error(&self.path, &e))
    }

    /// Game number `id`.
    pub fn get(&mut self, id: i64) -> Result<StoredGame, Diagnostic> {
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1");
        let mut games = self.games(&sql, params![id])?;
        if let Some(why) = self.skipped.pop().filter(|_| games.is_empty()) {
            return Err(
                Diagnostic::in_file(Kind::Records, self.path.display().to_string(), why)
                    .with_help("the row was changed by another program"),
            );
        }
        games.pop().ok_or_else(|| {
            Diagnostic::in_file(
                Kind::NotFound,
                self.path.display().to_string(),
                format!("there is no game number {id}"),
            )
            .with_help("`houserules history` lists the games with their numbers")
        })
    }

    /// The games `query` asks for.
    pub fn list(&mut self, query: &HistoryQuery) -> Result<Vec<StoredGame>, Diagnostic> {
        let order = if query.best_first {
            "total IS NULL, total DESC, played_at, id"
        } else {
            "played_at DESC, id DESC"
        };
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE ?1 IS NULL OR variant = ?1 ORDER BY {order} LIMIT ?2"
        );
        let limit = query
            .limit
            .map_or(-1, |n| i64::try_from(n).unwrap_or(i64::MAX));
        self.games(&sql, params![query.variant, limit])
    }

    /// Every goal reached in a game of `variant`, oldest game first.
    pub fn goal_hits(&mut self, variant: &str) -> Result<Vec<GoalHit>, Diagnostic> {
        let hits = (|| {
            let mut stmt = self.conn.prepare(&format!(
                "SELECT {GOAL_COLUMNS} FROM goals JOIN games ON games.id = goals.game_id \
                 WHERE games.variant = ?1 ORDER BY games.played_at, games.id, goals.rowid"
            ))?;
            let rows =
                stmt.query_map([variant], |row| Ok((row.get::<_, i64>(2), goal_hit(row))))?;
            rows.collect::<rusqlite::Result<Vec<_>>>()
        })();
        let (hits, skipped) = readable(hits.map_err(|e| db_error(&self.path, &e))?, GOAL_COLUMNS);
        self.skipped.extend(skipped);
        Ok(hits)
    }

    fn games(
        &mut self,
        sql: &str,
        args: impl rusqlite::Params,
    ) -> Result<Vec<StoredGame>, Diagnostic> {
        let games = (|| {
            let mut stmt = self.conn.prepare(sql)?;
            let rows = stmt
                .query_map(args, |row| Ok((row.get::<_, i64>(0), game_row(row))))?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            let (mut games, skipped) = readable(rows, GAME_COLUMNS);
            let mut goals = self
                .conn
                .prepare("SELECT goal, text FROM goals WHERE game_id = ?1 ORDER BY rowid")?;
            for g in &mut games {
                g.record.goals = goals
                    .query_map([g.id], |row| {
                        Ok(GoalReached {
                            id: row.get(0)?,
                            text: row.get(1)?,
                        })
                    })?
                    .collect::<rusqlite::Result<Vec<_>>>()?;
            }
            Ok((games, skipped))
        })();
        let (games, skipped) = games.map_err(|e| db_error(&self.path, &e))?;
        self.skipped.extend(skipped);
        Ok(games)
    }
}

/// The rows read whole, and why each other one is left out, named by its game's number
/// and the column (of `columns`) that could not be read.
fn readable<T>(
    rows: Vec<(rusqlite::Result<i64>, rusqlite::Result<T>)>,
    columns: &str,
) -> (Vec<T>, Vec<String>) {
    let (mut read, mut skipped) = (Vec::new(), Vec::new());
    for (id, row) in rows {
        let why = match row {
            Ok(item) => {
                read.push(item);
                continue;
            }
            Err(rusqlite::Error::FromSqlConversionFailure(i, _, e)) => {
                let column = columns.split(", ").nth(i).unwrap_or("?");
                format!("its `{column}` cannot be read ({e})")
            }
            Err(e) => e.to_string(),
        };
        let game = id.map_or_else(|_| "a game".to_owned(), |id| format!("game {id}"));
        skipped.push(format!("{game} is left out: {why}"));
    }
    (read, skipped)
}

/// A `goals` row joined with its game (columns as in [`GOAL_COLUMNS`]).
fn goal_hit(row: &Row) -> rusqlite::Result<GoalHit> {
    let options: BTreeMap<String, String> = from_json(row, 5)?;
    let moves: Vec<String> = from_json(row, 6)?;
    let played_by = players_or_unknown(from_json(row, 7)?, moves.len());
    let rules: String = row.get(8)?;
    let variant_result: bool = row.get(4)?;
    Ok(GoalHit {
        goal: GoalReached {
            id: row.get(0)?,
            text: row.get(1)?,
        },
        game: row.get(2)?,
        played_at: row.get(3)?,
        standing: standing(&played_by, RulesOrigin::from_key(&rules), variant_result),
        options: options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(", "),
    })
}

/// A `games` row (columns as in [`GAME_COLUMNS`]), goals still to be read.
fn game_row(row: &Row) -> rusqlite::Result<StoredGame> {
    let seed: String = row.get(5)?;
    Ok(StoredGame {
        id: row.get(0)?,
        record: GameRecord {
            played_at: row.get(1)?,
            variant: row.get(2)?,
            options: from_json(row, 3)?,
            scripts_hash: row.get(4)?,
            seed: seed.parse().map_err(|e| {
                rusqlite::Error::FromSqlConversionFailure(5, Type::Text, Box::new(e))
            })?,
            moves: from_json(row, 6)?,
            total: row.get(7)?,
            score: from_json(row, 8)?,
            end_reason: row.get(9)?,
            rank: row.get(10)?,
            variant_result: row.get(11)?,
            events: from_json(row, 12)?,
            played_by: from_json(row, 13)?,
            rules: RulesOrigin::from_key(&row.get::<_, String>(14)?),
            rules_folder: row.get::<_, Option<String>>(15)?.map(PathBuf::from),
            goals: Vec::new(),
        },
    })
}

fn json<T: Serialize>(value: &T) -> String {
    // Maps of strings and JSON values always encode.
    serde_json::to_string(value).unwrap_or_default()
}

fn from_json<T: serde::de::DeserializeOwned>(row: &Row, i: usize) -> rusqlite::Result<T> {
    let text: String = row.get(i)?;
    serde_json::from_str(&text)
        .map_err(|e| rusqlite::Error::FromSqlConversionFailure(i, Type::Text, Box::new(e)))
}

const CHOOSE_ANOTHER: &str = "choose another file with --db FILE or HOUSERULES_DB";

/// Says what went wrong with the database at `path`, and what to do.
fn db_error(path: &Path, e: &rusqlite::Error) -> Diagnostic {
    let shown = path.display().to_string();
    let code = match e {
        rusqlite::Error::SqliteFailure(f, _) => Some(f.code),
        _ => None,
    };
    match code {
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => Diagnostic::in_file(
            Kind::Records,
            shown,
            "the games database is locked by another program",
        )
        .with_help("another houserules may be writing to it: try again in a moment"),
        Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt) => Diagnostic::in_file(
            Kind::Records,
            shown,
            format!("this is not a games database, or it is damaged ({e})"),
        )
        .with_help(format!(
            "move the file aside (a new database is made the next time), or {CHOOSE_ANOTHER}"
        )),
        Some(ErrorCode::CannotOpen | ErrorCode::PermissionDenied | ErrorCode::ReadOnly) => {
            Diagnostic::in_file(
                Kind::Records,
                shown,
                format!("cannot open the games database: {e}"),
            )
            .with_help(format!(
                "check that the file and its folder are writable, or {CHOOSE_ANOTHER}"
            ))
        }
        _ => Diagnostic::in_file(Kind::Records, shown, format!("games database error: {e}"))
            .with_help(format!(
                "if this file is not a houserules games database, {CHOOSE_ANOTHER}"
            )),
    }
}
