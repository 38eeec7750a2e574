//! The [`Store`] in an SQLite file (the default: `games.sqlite` in the data
//! folder). The journal is a write-ahead log with full synchronisation, so
//! a commit that returned survives the server being killed, and the
//! machine losing power, at any moment.
//!
//! Schema: `games` (id, invite code, listed, finished), `seats` (game, seat,
//! token) and `events` (game, version, the event's JSON); an event's
//! (game, version) is its primary key, so no number is used twice.

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};

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
    db: Connection,
}

fn sql_error(e: rusqlite::Error) -> String {
    format!("database: {e}")
}

impl SqliteStore {
    /// Opens (or creates) the database file, making its folder.
    pub fn open(path: &Path) -> Result<SqliteStore, String> {
        if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder)
                .map_err(|e| format!("cannot make {}: {e}", folder.display()))?;
        }
        let db =
            Connection::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        db.pragma_update(None, "journal_mode", "WAL")
            .and_then(|()| db.pragma_update(None, "synchronous", "FULL"))
            .and_then(|()| db.pragma_update(None, "foreign_keys", "ON"))
            .and_then(|()| db.execute_batch(SCHEMA))
            .map_err(|e| format!("cannot set up {}: {e}", path.display()))?;
        Ok(SqliteStore { db })
    }

    fn load(&self, id: &str, code: String, listed: bool) -> Result<StoredGame, String> {
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
        assemble(id, code, listed, seats, rows)
    }

    /// The game whose `column` (id or code) is `value`.
    fn game_where(&self, column: &str, value: &str) -> Result<Option<StoredGame>, String> {
        let sql = format!("SELECT id, code, listed FROM games WHERE {column} = ?1");
        let head: Option<(String, String, bool)> = self
            .db
            .query_row(&sql, [value], |row| {
                Ok((row.get(0)?, row.get(1)?, row.get(2)?))
            })
            .optional()
            .map_err(sql_error)?;
        head.map(|(id, code, listed)| self.load(&id, code, listed))
            .transpose()
    }

    fn unfinished_games(&self) -> Result<Vec<StoredGame>, String> {
        self.games_where("NOT g.finished")
    }

    /// The games (as `g`) that meet `condition`, oldest first.
    fn games_where(&self, condition: &str) -> Result<Vec<StoredGame>, String> {
        let sql = format!("SELECT id, code, listed FROM games g WHERE {condition} ORDER BY rowid");
        let mut query = self.db.prepare(&sql).map_err(sql_error)?;
        let heads: Vec<(String, String, bool)> = query
            .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))
            .and_then(Iterator::collect)
            .map_err(sql_error)?;
        heads
            .into_iter()
            .map(|(id, code, listed)| self.load(&id, code, listed))
            .collect()
    }
}

impl Store for SqliteStore {
    fn commit(&mut self, commit: &Commit) -> Result<(), String> {
        let tx = self.db.transaction().map_err(sql_error)?;
        if let Some(new) = &commit.new_game {
            tx.execute(
                "INSERT INTO games (id, code, listed) VALUES (?1, ?2, ?3)",
                params![commit.game, new.code, new.listed],
            )
            .map_err(sql_error)?;
        }
        for (seat, token) in &commit.seats {
            tx.execute(
                "INSERT INTO seats (game, seat, token) VALUES (?1, ?2, ?3)",
                params![commit.game, seat, token],
            )
            .map_err(sql_error)?;
        }
        for (k, event) in commit.events.iter().enumerate() {
            let body = serde_json::to_string(event).map_err(|e| e.to_string())?;
            tx.execute(
                "INSERT INTO events (game, version, body) VALUES (?1, ?2, ?3)",
                params![commit.game, (commit.first_version + k as u64) as i64, body],
            )
            .map_err(sql_error)?;
        }
        if commit.finished {
            tx.execute(
                "UPDATE games SET finished = 1 WHERE id = ?1",
                [&commit.game],
            )
            .map_err(sql_error)?;
        }
        tx.commit().map_err(sql_error)
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
