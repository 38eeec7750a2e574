//! The [`Store`] in an SQLite file (the default: `games.sqlite` in the data
//! folder). The journal is a write-ahead log with full synchronisation, so
//! a commit that returned survives the server being killed, and the
//! machine losing power, at any moment.
//!
//! One thread, the writer, owns the connection that writes: it commits
//! each batch of steps ([`super::batch`]) in one transaction, every step
//! inside a savepoint of its own, so that a step refused rolls back alone.
//! Reads go through a second connection, which the write-ahead log lets
//! read beside the writer.
//!
//! Schema: `games` (id, invite code, listed, finished, created_ms), `seats` (game, seat,
//! token) and `events` (game, version, the event's JSON); an event's
//! (game, version) is its primary key, so no number is used twice.

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};

use super::batch::{Batch, Committer, Queue, queue};
use super::store::{Commit, LISTED_WAITING, Store, StoredGame, assemble};

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    listed INTEGER NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    game TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (game, seat)
);
CREATE TABLE IF NOT EXISTS events (
    game TEXT NOT NULL REFERENCES games(id),
    version INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (game, version)
);
";

pub struct SqliteStore {
    /// The connection the reads go through.
    db: Connection,
    committer: Committer,
}

fn sql_error(e: rusqlite::Error) -> String {
    format!("database: {e}")
}

impl SqliteStore {
    /// Opens (or creates) the database file, making its folder, and starts
    /// its writer thread, which stops once the store and every
    /// [`Committer`] taken from it are gone.
    pub fn open(path: &Path) -> Result<SqliteStore, String> {
        if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder)
                .map_err(|e| format!("cannot make {}: {e}", folder.display()))?;
        }
        let cannot_open = |e| format!("cannot open {}: {e}", path.display());
        let writer = Connection::open(path).map_err(cannot_open)?;
        writer
            .pragma_update(None, "journal_mode", "WAL")
            .and_then(|()| writer.pragma_update(None, "synchronous", "FULL"))
            .and_then(|()| writer.pragma_update(None, "foreign_keys", "ON"))
            .and_then(|()| writer.execute_batch(SCHEMA))
            .and_then(|()| add_created_ms(&writer))
            .map_err(|e| format!("cannot set up {}: {e}", path.display()))?;
        let db = Connection::open(path).map_err(cannot_open)?;
        let (committer, queue) = queue();
        std::thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || write_batches(writer, queue))
            .map_err(|e| format!("cannot start the database's writer: {e}"))?;
        Ok(SqliteStore { db, committer })
    }

    fn load(&self, head: Head) -> Result<StoredGame, String> {
        let Head {
            id,
            code,
            listed,
            created_ms,
        } = head;
        let id = id.as_str();
        let mut seats = self
            .db
            .prepare("SELECT seat, token FROM seats WHERE game = ?1")
            .map_err(sql_error)?;
        let seats: Vec<(u8, String)> = seats
            .query_map([id], |row| Ok((row.get(0)?, row.get(1)?)))
            .and_then(Iterator::collect)
            .map_err(sql_error)?;
        let mut events = self
            .db
            .prepare("SELECT version, body FROM events WHERE game = ?1 ORDER BY version")
            .map_err(sql_error)?;
        let rows: Vec<(i64, String)> = events
            .query_map([id], |row| Ok((row.get(0)?, row.get(1)?)))
            .and_then(Iterator::collect)
            .map_err(sql_error)?;
        let mut game = assemble(id, code, listed, seats, rows)?;
        game.created_ms = created_ms.and_then(|ms| u64::try_from(ms).ok());
        Ok(game)
    }

    /// The game whose `column` (id or code) is `value`.
    fn game_where(&self, column: &str, value: &str) -> Result<Option<StoredGame>, String> {
        let sql = format!("SELECT {HEAD} FROM games WHERE {column} = ?1");
        let head: Option<Head> = self
            .db
            .query_row(&sql, [value], Head::of)
            .optional()
            .map_err(sql_error)?;
        head.map(|head| self.load(head)).transpose()
    }

    fn unfinished_games(&self) -> Result<Vec<StoredGame>, String> {
        self.games_where("NOT g.finished")
    }

    /// The games (as `g`) that meet `condition`, oldest first.
    fn games_where(&self, condition: &str) -> Result<Vec<StoredGame>, String> {
        let sql = format!("SELECT {HEAD} FROM games g WHERE {condition} ORDER BY rowid");
        let mut query = self.db.prepare(&sql).map_err(sql_error)?;
        let heads: Vec<Head> = query
            .query_map([], Head::of)
            .and_then(Iterator::collect)
            .map_err(sql_error)?;
        heads.into_iter().map(|head| self.load(head)).collect()
    }
}

/// The columns of `games` a game is read with.
const HEAD: &str = "id, code, listed, created_ms";

/// A row of `games`.
struct Head {
    id: String,
    code: String,
    listed: bool,
    created_ms: Option<i64>,
}

impl Head {
    fn of(row: &rusqlite::Row<'_>) -> rusqlite::Result<Head> {
        Ok(Head {
            id: row.get(0)?,
            code: row.get(1)?,
            listed: row.get(2)?,
            created_ms: row.get(3)?,
        })
    }
}

/// A database made before `games` had `created_ms` gets it (empty for
/// the games already there).
fn add_created_ms(db: &Connection) -> rusqlite::Result<()> {
    let has = db
        .prepare("SELECT 1 FROM pragma_table_info('games') WHERE name = 'created_ms'")?
        .exists([])?;
    if !has {
        db.execute_batch("ALTER TABLE games ADD COLUMN created_ms INTEGER")?;
    }
    Ok(())
}

/// The writer thread: each batch as it comes, until the queue closes.
fn write_batches(mut db: Connection, mut queue: Queue) {
    while let Some(batch) = queue.next_blocking() {
        write_batch(&mut db, batch);
    }
}

/// Commits a batch in one transaction, each step in a savepoint of its
/// own, then answers every step.
fn write_batch(db: &mut Connection, batch: Batch) {
    let mut tx = match db.transaction_with_behavior(TransactionBehavior::Immediate) {
        Ok(tx) => tx,
        Err(e) => return batch.refuse(&sql_error(e)),
    };
    let mut answers = Vec::with_capacity(batch.len());
    let mut lost = None;
    for commit in batch.commits() {
        let answer = tx.savepoint().map_err(sql_error).and_then(|step| {
            // Dropped on an error, the savepoint rolls this step back.
            write_step(&step, commit)?;
            step.commit().map_err(sql_error)
        });
        // An error that ended the whole transaction (a full disk, say)
        // leaves nothing of the batch: every step is refused.
        if let Err(reason) = &answer
            && tx.is_autocommit()
        {
            lost = Some(reason.clone());
            break;
        }
        answers.push(answer);
    }
    if let Some(reason) = lost {
        return batch.refuse(&reason);
    }
    match tx.commit() {
        Ok(()) => batch.answer(answers),
        Err(e) => batch.refuse(&sql_error(e)),
    }
}

/// Writes one step's rows.
fn write_step(db: &Connection, commit: &Commit) -> Result<(), String> {
    if let Some(new) = &commit.new_game {
        let created_ms = i64::try_from(new.created_ms).unwrap_or(i64::MAX);
        db.prepare_cached(
            "INSERT INTO games (id, code, listed, created_ms) VALUES (?1, ?2, ?3, ?4)",
        )
        .and_then(|mut insert| {
            insert.execute(params![commit.game, new.code, new.listed, created_ms])
        })
        .map_err(sql_error)?;
    }
    let mut seat = db
        .prepare_cached("INSERT INTO seats (game, seat, token) VALUES (?1, ?2, ?3)")
        .map_err(sql_error)?;
    for (number, token) in &commit.seats {
        seat.execute(params![commit.game, number, token])
            .map_err(sql_error)?;
    }
    let mut event = db
        .prepare_cached("INSERT INTO events (game, version, body) VALUES (?1, ?2, ?3)")
        .map_err(sql_error)?;
    for (k, body) in commit.events.iter().enumerate() {
        let body = serde_json::to_string(body).map_err(|e| e.to_string())?;
        let version = (commit.first_version + k as u64) as i64;
        event
            .execute(params![commit.game, version, body])
            .map_err(sql_error)?;
    }
    if commit.finished {
        db.prepare_cached("UPDATE games SET finished = 1 WHERE id = ?1")
            .and_then(|mut finish| finish.execute([&commit.game]))
            .map_err(sql_error)?;
    }
    Ok(())
}

impl Store for SqliteStore {
    fn committer(&self) -> Committer {
        self.committer.clone()
    }

    fn unfinished(&mut self) -> Result<Vec<StoredGame>, String> {
        self.unfinished_games()
    }

    fn game(&mut self, id: &str) -> Result<Option<StoredGame>, String> {
        self.game_where("id", id)
    }

    fn game_by_code(&mut self, code: &str) -> Result<Option<StoredGame>, String> {
        self.game_where("code", code)
    }

    fn listed_waiting(&mut self) -> Result<Vec<StoredGame>, String> {
        self.games_where(LISTED_WAITING)
    }
}
