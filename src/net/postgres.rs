//! The [`Store`] in a PostgreSQL database (`serve --db postgres://…`), for
//! a server whose games should live in a database server rather than in a
//! file beside it.
//!
//! The schema is SQLite's (see [`super::sqlite`]): `games`, `seats` and
//! `events`, an event's (game, version) its primary key, so no number is
//! used twice; `games.seq` keeps the order games were made in, as SQLite's
//! rowid does. A commit is one transaction, and PostgreSQL's synchronous
//! commit (its default) has it on disk before `commit` returns.
//!
//! Several servers may share one database, each serving the players
//! connected to it: every commit notifies the channel [`CHANNEL`] with
//! `GAME:VERSION`, and [`listen`] hands each such notice to the server,
//! whose actor of that game then loads the events it lacks.
//!
//! The trait is synchronous and the client is not: each call runs the
//! client's future with [`Handle::block_on`] on the runtime the store was
//! opened on, whose workers drive the connection. The server calls the
//! store only inside `tokio::task::block_in_place` (or from a thread
//! outside the runtime), where that is allowed.

use std::time::Duration;

use tokio::runtime::Handle;
use tokio_postgres::types::FromSql;
use tokio_postgres::{AsyncMessage, Client, IsolationLevel, NoTls, Row};

use super::store::{Commit, LISTED_WAITING, Store, StoredGame, assemble};

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    listed BOOLEAN NOT NULL,
    finished BOOLEAN NOT NULL DEFAULT FALSE,
    seq BIGINT GENERATED ALWAYS AS IDENTITY
);
CREATE TABLE IF NOT EXISTS seats (
    game TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (game, seat)
);
CREATE TABLE IF NOT EXISTS events (
    game TEXT NOT NULL REFERENCES games(id),
    version BIGINT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (game, version)
);
";

/// Servers starting together on one database take this advisory lock
/// around the schema, since `CREATE TABLE IF NOT EXISTS` races with itself.
const SCHEMA_LOCK: i64 = 0x7661_7269_616e;

/// Where commits are announced, with `GAME:VERSION` (the game's id and its
/// latest event) as the payload.
pub const CHANNEL: &str = "variantarium_events";

/// The longest the server waits for the database to answer a connection.
const CONNECT_WAIT: Duration = Duration::from_secs(10);

/// Whether `--db` names a PostgreSQL database rather than an SQLite file:
/// a `postgres://` or `postgresql://` URL, or libpq's `host=…` form.
pub fn is_postgres(db: &str) -> bool {
    ["postgres://", "postgresql://", "host="]
        .iter()
        .any(|prefix| db.starts_with(prefix))
}

pub struct PgStore {
    runtime: Handle,
    /// The connection string, to connect again if the connection drops.
    url: String,
    client: Client,
}

/// A client error as one line: the database's own message where it gave
/// one, else the client's with its cause.
pub fn pg_error(e: tokio_postgres::Error) -> String {
    if let Some(db) = e.as_db_error() {
        return format!("database: {}", db.message());
    }
    match std::error::Error::source(&e) {
        Some(cause) => format!("database: {e}: {cause}"),
        None => format!("database: {e}"),
    }
}

/// Connects, with the connection driven by a task of the current runtime.
pub async fn connect(url: &str) -> Result<Client, String> {
    let config: tokio_postgres::Config = url
        .parse()
        .map_err(|e| format!("--db: not a PostgreSQL connection string: {}", reason(e)))?;
    let connecting = tokio::time::timeout(CONNECT_WAIT, config.connect(NoTls));
    let (client, connection) = match connecting.await {
        Ok(Ok(pair)) => pair,
        Ok(Err(e)) => {
            return Err(format!(
                "cannot reach the PostgreSQL database: {}",
                reason(e)
            ));
        }
        Err(_) => return Err("cannot reach the PostgreSQL database: no answer in 10 s".into()),
    };
    // The connection ends when the client is dropped or the server goes;
    // the client's calls then fail and the store connects again.
    tokio::spawn(connection);
    Ok(client)
}

fn reason(e: tokio_postgres::Error) -> String {
    pg_error(e).trim_start_matches("database: ").to_string()
}

impl PgStore {
    /// Connects to the database and makes its tables if they are missing.
    /// Must be called on (or inside `enter()` of) a multi-threaded runtime.
    pub fn open(url: &str) -> Result<PgStore, String> {
        let runtime = Handle::try_current()
            .map_err(|_| "PostgreSQL: no runtime to connect on".to_string())?;
        let client = runtime.block_on(async {
            let client = connect(url).await?;
            let schema =
                format!("BEGIN; SELECT pg_advisory_xact_lock({SCHEMA_LOCK}); {SCHEMA} COMMIT;");
            client
                .batch_execute(&schema)
                .await
                .map_err(|e| format!("cannot set up the PostgreSQL database: {}", reason(e)))?;
            Ok::<_, String>(client)
        })?;
        Ok(PgStore {
            runtime,
            url: url.to_string(),
            client,
        })
    }

    /// The client, connected again first if the connection was lost (the
    /// database restarted, say); the step in flight then had failed whole.
    fn client(&mut self) -> Result<&mut Client, String> {
        if self.client.is_closed() {
            self.client = self.runtime.block_on(connect(&self.url))?;
        }
        Ok(&mut self.client)
    }
}

async fn write(client: &mut Client, commit: &Commit) -> Result<(), String> {
    let bodies = commit
        .events
        .iter()
        .map(serde_json::to_string)
        .collect::<Result<Vec<String>, _>>()
        .map_err(|e| e.to_string())?;
    let tx = client.transaction().await.map_err(pg_error)?;
    if let Some(new) = &commit.new_game {
        let sql = "INSERT INTO games (id, code, listed) VALUES ($1, $2, $3)";
        tx.execute(sql, &[&commit.game, &new.code, &new.listed])
            .await
            .map_err(pg_error)?;
    }
    for (seat, token) in &commit.seats {
        let sql = "INSERT INTO seats (game, seat, token) VALUES ($1, $2, $3)";
        tx.execute(sql, &[&commit.game, &i32::from(*seat), token])
            .await
            .map_err(pg_error)?;
    }
    let insert = tx
        .prepare("INSERT INTO events (game, version, body) VALUES ($1, $2, $3)")
        .await
        .map_err(pg_error)?;
    for (k, body) in bodies.iter().enumerate() {
        let version = (commit.first_version + k as u64) as i64;
        tx.execute(&insert, &[&commit.game, &version, body])
            .await
            .map_err(pg_error)?;
    }
    if commit.finished {
        tx.execute(
            "UPDATE games SET finished = TRUE WHERE id = $1",
            &[&commit.game],
        )
        .await
        .map_err(pg_error)?;
    }
    // Sent with the transaction's commit, and only if it commits.
    let last = commit.first_version + commit.events.len() as u64 - 1;
    let payload = format!("{}:{last}", commit.game);
    tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload])
        .await
        .map_err(pg_error)?;
    tx.commit().await.map_err(pg_error)
}

/// One game, by its id or by its invite code.
enum Which<'a> {
    Id(&'a str),
    Code(&'a str),
    /// The games of [`Store::listed_waiting`].
    ListedWaiting,
}

/// Reads games whole: the rows of one game in one snapshot, so that a
/// commit from elsewhere is in it entirely or not at all.
async fn read(client: &mut Client, only: Option<Which<'_>>) -> Result<Vec<StoredGame>, String> {
    let tx = client
        .build_transaction()
        .isolation_level(IsolationLevel::RepeatableRead)
        .read_only(true)
        .start()
        .await
        .map_err(pg_error)?;
    let heads = match only {
        Some(Which::Id(id)) => {
            let sql = "SELECT id, code, listed FROM games WHERE id = $1";
            tx.query(sql, &[&id]).await
        }
        Some(Which::Code(code)) => {
            let sql = "SELECT id, code, listed FROM games WHERE code = $1";
            tx.query(sql, &[&code]).await
        }
        Some(Which::ListedWaiting) => {
            let sql =
                format!("SELECT id, code, listed FROM games g WHERE {LISTED_WAITING} ORDER BY seq");
            tx.query(&sql, &[]).await
        }
        None => {
            let sql = "SELECT id, code, listed FROM games WHERE NOT finished ORDER BY seq";
            tx.query(sql, &[]).await
        }
    }
    .map_err(pg_error)?;
    let mut games = Vec::with_capacity(heads.len());
    for head in heads {
        let id: String = cell(&head, 0)?;
        let seats = tx
            .query("SELECT seat, token FROM seats WHERE game = $1", &[&id])
            .await
            .map_err(pg_error)?;
        let seats = seats
            .iter()
            .map(|row| Ok((cell::<i32>(row, 0)?, cell(row, 1)?)))
            .collect::<Result<Vec<(i32, String)>, String>>()?;
        // A seat number out of range is no seat, as in `assemble`.
        let seats = seats
            .into_iter()
            .filter_map(|(seat, token)| Some((u8::try_from(seat).ok()?, token)))
            .collect();
        let sql = "SELECT version, body FROM events WHERE game = $1 ORDER BY version";
        let rows = tx.query(sql, &[&id]).await.map_err(pg_error)?;
        let rows = rows
            .iter()
            .map(|row| Ok((cell(row, 0)?, cell(row, 1)?)))
            .collect::<Result<_, String>>()?;
        games.push(assemble(
            &id,
            cell(&head, 1)?,
            cell(&head, 2)?,
            seats,
            rows,
        )?);
    }
    tx.commit().await.map_err(pg_error)?;
    Ok(games)
}

/// One column of a row; a column of another type (a table this program did
/// not make) is an error, not a panic.
fn cell<'a, T: FromSql<'a>>(row: &'a Row, at: usize) -> Result<T, String> {
    row.try_get(at).map_err(pg_error)
}

impl Store for PgStore {
    fn commit(&mut self, commit: &Commit) -> Result<(), String> {
        let runtime = self.runtime.clone();
        let client = self.client()?;
        runtime.block_on(write(client, commit))
    }

    fn unfinished(&mut self) -> Result<Vec<StoredGame>, String> {
        let runtime = self.runtime.clone();
        let client = self.client()?;
        runtime.block_on(read(client, None))
    }

    fn game(&mut self, id: &str) -> Result<Option<StoredGame>, String> {
        let runtime = self.runtime.clone();
        let client = self.client()?;
        Ok(runtime.block_on(read(client, Some(Which::Id(id))))?.pop())
    }

    fn game_by_code(&mut self, code: &str) -> Result<Option<StoredGame>, String> {
        let runtime = self.runtime.clone();
        let client = self.client()?;
        Ok(runtime
            .block_on(read(client, Some(Which::Code(code))))?
            .pop())
    }

    fn listed_waiting(&mut self) -> Result<Vec<StoredGame>, String> {
        let runtime = self.runtime.clone();
        let client = self.client()?;
        runtime.block_on(read(client, Some(Which::ListedWaiting)))
    }
}

/// Hands every commit's notice (`game`, `version`), this server's own among
/// them, to `committed`, for as long as the server runs. After each
/// (re)connection it calls `connected`: notices sent while the connection
/// was down are lost, so the server then checks every game it runs.
pub async fn listen(
    url: String,
    committed: impl Fn(&str, u64) + Send + Sync,
    connected: impl Fn() + Send + Sync,
) {
    loop {
        if let Err(reason) = listen_once(&url, &committed, &connected).await {
            eprintln!("variantarium serve: other servers' moves: {reason}");
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

async fn listen_once(
    url: &str,
    committed: &(dyn Fn(&str, u64) + Send + Sync),
    connected: &(dyn Fn() + Send + Sync),
) -> Result<(), String> {
    let config: tokio_postgres::Config = url.parse().map_err(pg_error)?;
    let (client, mut connection) = tokio::time::timeout(CONNECT_WAIT, config.connect(NoTls))
        .await
        .map_err(|_| "no answer in 10 s".to_string())?
        .map_err(pg_error)?;
    // Notices arrive through the connection itself, which this task polls
    // while the client asks to LISTEN.
    let (notices, mut heard) = tokio::sync::mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Some(message) = std::future::poll_fn(|cx| connection.poll_message(cx)).await {
            match message {
                Ok(AsyncMessage::Notification(n)) => {
                    if notices.send(n.payload().to_string()).is_err() {
                        break;
                    }
                }
                Ok(_) => {}
                Err(_) => break,
            }
        }
    });
    client
        .batch_execute(&format!("LISTEN {CHANNEL}"))
        .await
        .map_err(pg_error)?;
    connected();
    while let Some(payload) = heard.recv().await {
        if let Some((game, version)) = payload.rsplit_once(':')
            && let Ok(version) = version.parse()
        {
            committed(game, version);
        }
    }
    Err("the connection closed".into())
}
