//! The database's tables, built by numbered migrations. `schema_version` holds the
//! number of the last one applied; opening a database applies the missing ones in one
//! transaction, so a database written by an older houserules is upgraded in place and a
//! failed upgrade leaves it as it was. A migration, once released, is never edited: a
//! change of layout is a new migration at the end.

use rusqlite::{Connection, OptionalExtension, TransactionBehavior};

/// Migration `i` brings the schema from version `i` to `i + 1`.
pub const MIGRATIONS: [&str; 5] = [
    // 1: one row per finished game. JSON text for the option map, moves and score map.
    "CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        played_at TEXT NOT NULL,
        variant TEXT NOT NULL,
        options TEXT NOT NULL,
        scripts_hash TEXT NOT NULL,
        seed TEXT NOT NULL,
        moves TEXT NOT NULL,
        total INTEGER,
        score TEXT NOT NULL,
        end_reason TEXT NOT NULL
    );
    CREATE INDEX games_by_variant ON games (variant, total);",
    // 2: goals and rankings. Older games keep the rank their score map already held;
    // their goals were never judged, so they have none.
    "ALTER TABLE games ADD COLUMN rank TEXT;
    UPDATE games SET rank = json_extract(score, '$.rank');
    ALTER TABLE games ADD COLUMN variant_result INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET variant_result = (options <> '{}');
    CREATE TABLE goals (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        goal TEXT NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (game_id, goal)
    );",
    // 3: what the rules announced during each move (JSON array); older games have none.
    "ALTER TABLE games ADD COLUMN events TEXT NOT NULL DEFAULT '[]';",
    // 4: who chose the moves (JSON runs, as in saves) and whether the scripts were the
    // shipped ones. Nobody knows for older games: one run of `unknown` over their moves
    // (none when the moves are damaged), and rules `unknown`.
    "ALTER TABLE games ADD COLUMN played_by TEXT NOT NULL DEFAULT '[]';
    UPDATE games SET played_by = json_array(json_object('by', 'unknown', 'moves', json_array_length(moves)))
        WHERE json_valid(moves) AND json_type(moves) = 'array' AND json_array_length(moves) > 0;
    ALTER TABLE games ADD COLUMN rules TEXT NOT NULL DEFAULT 'unknown';",
    // 5: the rules folder `--home` named when the game was played there (absolute);
    // none for the shipped and default folders, and for older games.
    "ALTER TABLE games ADD COLUMN rules_folder TEXT;",
];

/// The version this program writes.
pub const LATEST: i64 = MIGRATIONS.len() as i64;

/// Brings the database to [`LATEST`] and returns the version it had (0: new). A database
/// of a newer version is left untouched: its version is returned for the caller to refuse.
pub fn migrate(conn: &mut Connection) -> rusqlite::Result<i64> {
    // IMMEDIATE: two programs opening a new database at once do not both create it.
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    tx.execute_batch("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")?;
    let found: Option<i64> = tx
        .query_row("SELECT version FROM schema_version", [], |r| r.get(0))
        .optional()?;
    let from = found.unwrap_or(0);
    if from >= LATEST {
        return Ok(from);
    }
    for sql in &MIGRATIONS[from as usize..] {
        tx.execute_batch(sql)?;
    }
    if found.is_some() {
        tx.execute("UPDATE schema_version SET version = ?1", [LATEST])?;
    } else {
        tx.execute("INSERT INTO schema_version (version) VALUES (?1)", [LATEST])?;
    }
    tx.commit()?;
    Ok(from)
}
