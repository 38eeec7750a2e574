//! The [`Store`] in a PostgreSQL database (`serve --db postgres://…`), for
//! a server whose games should live in a database server rather than in a
//! file beside it.
//!
//! The schema is SQLite's (see [`super::sqlite`]): `games`, `seats` and
//! `events`, an event's (game, version) its primary key, so no number is
//! used twice; `games.seq` keeps the order games were made in, as SQLite's
//! rowid does.
//!
//! Steps are written by one writer task with a connection of its own: each
//! batch ([`super::batch`]) is one transaction whose statements are sent
//! together, without waiting for each answer (one statement per table,
//! every step's rows in arrays), so a batch costs one round trip and one
//! WAL flush; PostgreSQL's synchronous commit (its default) has it on disk
//! before the steps are answered. When a batch is refused (a step reused
//! an event number: another server stored first), its steps are written
//! again one transaction each, so that only the step at fault is refused.
//!
//! Several servers may share one database, each serving the players
//! connected to it: every commit notifies the channel [`CHANNEL`] with
//! `GAME:VERSION`, and [`listen`] hands each such notice to the server,
//! whose actor of that game then loads the events it lacks.
//!
//! The reads go through a second connection. The trait is synchronous and
//! the client is not: each read runs the client's future with
//! [`Handle::block_on`] on the runtime the store was opened on, whose
//! workers drive the connections and the writer. The server reads only
//! inside `tokio::task::block_in_place` (or from a thread outside the
//! runtime), where that is allowed.

use std::time::Duration;

use futures_util::future::{BoxFuture, join_all};
use tokio::runtime::Handle;
use tokio_postgres::types::{FromSql, ToSql};
use tokio_postgres::{AsyncMessage, Client, IsolationLevel, NoTls, Row, Statement};

use super::batch::{Batch, Committer, Queue, queue};
use super::store::{Commit, LISTED_WAITING, Store, StoredGame, assemble};

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    listed BOOLEAN NOT NULL,
    finished BOOLEAN NOT NULL DEFAULT FALSE,
    seq BIGINT GENERATED ALWAYS AS IDENTITY
);
ALTER TABLE games ADD COLUMN IF NOT EXISTS created_ms BIGINT;
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
    /// The connection the reads go through.
    client: Client,
    committer: Committer,
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
    /// Connects to the database, makes its tables if they are missing and
    /// starts the writer, which stops once the store and every
    /// [`Committer`] taken from it are gone. Must be called on (or inside
    /// `enter()` of) a multi-threaded runtime.
    pub fn open(url: &str) -> Result<PgStore, String> {
        let runtime = Handle::try_current()
            .map_err(|_| "PostgreSQL: no runtime to connect on".to_string())?;
        let (client, writer) = runtime.block_on(async {
            let client = connect(url).await?;
            let schema =
                format!("BEGIN; SELECT pg_advisory_xact_lock({SCHEMA_LOCK}); {SCHEMA} COMMIT;");
            client
                .batch_execute(&schema)
                .await
                .map_err(|e| format!("cannot set up the PostgreSQL database: {}", reason(e)))?;
            let writer = Writer::connect(url).await?;
            Ok::<_, String>((client, writer))
        })?;
        let (committer, queue) = queue();
        runtime.spawn(write_batches(url.to_string(), writer, queue));
        Ok(PgStore {
            runtime,
            url: url.to_string(),
            client,
            committer,
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

/// The writer's connection and its statements, prepared once.
struct Writer {
    client: Client,
    games: Statement,
    seats: Statement,
    events: Statement,
    finish: Statement,
    notify: Statement,
}

impl Writer {
    async fn connect(url: &str) -> Result<Writer, String> {
        let client = connect(url).await?;
        let prepare = |sql| client.prepare(sql);
        let prepared = futures_util::future::try_join5(
            prepare(
                "INSERT INTO games (id, code, listed, created_ms) \
                 SELECT * FROM unnest($1::text[], $2::text[], $3::boolean[], $4::bigint[])",
            ),
            prepare(
                "INSERT INTO seats (game, seat, token) \
                 SELECT * FROM unnest($1::text[], $2::integer[], $3::text[])",
            ),
            prepare(
                "INSERT INTO events (game, version, body) \
                 SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[])",
            ),
            prepare("UPDATE games SET finished = TRUE WHERE id = ANY($1::text[])"),
            prepare("SELECT pg_notify($1, notice) FROM unnest($2::text[]) AS notice"),
        )
        .await;
        let (games, seats, events, finish, notify) = prepared.map_err(pg_error)?;
        Ok(Writer {
            client,
            games,
            seats,
            events,
            finish,
            notify,
        })
    }
}

/// The writer task: each batch as it comes, until the queue closes. A
/// lost connection fails the batch in flight and is made again for the
/// next.
async fn write_batches(url: String, writer: Writer, mut queue: Queue) {
    let mut writer = Some(writer);
    while let Some(batch) = queue.next().await {
        if writer.as_ref().is_none_or(|w| w.client.is_closed()) {
            writer = match Writer::connect(&url).await {
                Ok(connected) => Some(connected),
                Err(reason) => {
                    batch.refuse(&reason);
                    continue;
                }
            };
        }
        if let Some(writer) = &writer {
            write_batch(writer, batch).await;
        }
    }
}

/// Commits a batch in one transaction and answers its steps; if that is
/// refused, writes each step in a transaction of its own, so that only a
/// step at fault is refused.
async fn write_batch(writer: &Writer, batch: Batch) {
    let steps: Vec<&Commit> = batch.commits().collect();
    let answers = match write_steps(writer, &steps).await {
        Ok(()) => vec![Ok(()); steps.len()],
        Err(reason) if steps.len() == 1 || writer.client.is_closed() => {
            vec![Err(reason); steps.len()]
        }
        Err(_) => {
            let mut answers = Vec::with_capacity(steps.len());
            for step in &steps {
                answers.push(write_steps(writer, &[step]).await);
            }
            answers
        }
    };
    drop(steps);
    batch.answer(answers);
}

/// The rows of a batch's steps, one array per column, for `unnest`.
#[derive(Default)]
struct Rows {
    game_ids: Vec<String>,
    game_codes: Vec<String>,
    game_listed: Vec<bool>,
    game_created_ms: Vec<i64>,
    seat_games: Vec<String>,
    seat_numbers: Vec<i32>,
    seat_tokens: Vec<String>,
    event_games: Vec<String>,
    event_versions: Vec<i64>,
    event_bodies: Vec<String>,
    finished: Vec<String>,
    /// `GAME:VERSION` of each step's last event, for [`CHANNEL`].
    notices: Vec<String>,
}

impl Rows {
    /// The steps' rows, in the order of their games' ids, so that two
    /// servers' batches touching the same games take their locks in the
    /// same order.
    fn of(steps: &[&Commit]) -> Result<Rows, String> {
        let mut sorted = steps.to_vec();
        sorted.sort_by(|a, b| (&a.game, a.first_version).cmp(&(&b.game, b.first_version)));
        let mut rows = Rows::default();
        for step in sorted {
            let game = &step.game;
            if let Some(new) = &step.new_game {
                rows.game_ids.push(game.clone());
                rows.game_codes.push(new.code.clone());
                rows.game_listed.push(new.listed);
                rows.game_created_ms
                    .push(i64::try_from(new.created_ms).unwrap_or(i64::MAX));
            }
            for (seat, token) in &step.seats {
                rows.seat_games.push(game.clone());
                rows.seat_numbers.push(i32::from(*seat));
                rows.seat_tokens.push(token.clone());
            }
            for (k, event) in step.events.iter().enumerate() {
                let body = serde_json::to_string(event).map_err(|e| e.to_string())?;
                rows.event_games.push(game.clone());
                rows.event_versions
                    .push((step.first_version + k as u64) as i64);
                rows.event_bodies.push(body);
            }
            if step.finished {
                rows.finished.push(game.clone());
            }
            let last = step.first_version + step.events.len() as u64 - 1;
            rows.notices.push(format!("{game}:{last}"));
        }
        Ok(rows)
    }
}

type Params<'a> = Vec<&'a (dyn ToSql + Sync)>;
type Sent<'a> = BoxFuture<'a, Result<(), tokio_postgres::Error>>;

/// A prepared statement's execution, sent when first polled.
fn execute<'a>(client: &'a Client, statement: &'a Statement, params: Params<'a>) -> Sent<'a> {
    Box::pin(async move { client.execute(statement, &params).await.map(drop) })
}

/// Writes steps in one transaction, its statements sent together; Ok once
/// it is committed.
async fn write_steps(writer: &Writer, steps: &[&Commit]) -> Result<(), String> {
    let rows = Rows::of(steps)?;
    let client = &writer.client;
    let mut sent: Vec<Sent<'_>> = vec![Box::pin(client.batch_execute("BEGIN"))];
    if !rows.game_ids.is_empty() {
        let params: Params<'_> = vec![
            &rows.game_ids,
            &rows.game_codes,
            &rows.game_listed,
            &rows.game_created_ms,
        ];
        sent.push(execute(client, &writer.games, params));
    }
    if !rows.seat_games.is_empty() {
        let params: Params<'_> = vec![&rows.seat_games, &rows.seat_numbers, &rows.seat_tokens];
        sent.push(execute(client, &writer.seats, params));
    }
    let params: Params<'_> = vec![&rows.event_games, &rows.event_versions, &rows.event_bodies];
    sent.push(execute(client, &writer.events, params));
    if !rows.finished.is_empty() {
        sent.push(execute(client, &writer.finish, vec![&rows.finished]));
    }
    // Sent with the transaction's commit, and only if it commits.
    sent.push(execute(
        client,
        &writer.notify,
        vec![&CHANNEL, &rows.notices],
    ));
    sent.push(Box::pin(client.batch_execute("COMMIT")));
    // Each is sent when first polled, in order; after a refused statement
    // the rest fail and COMMIT rolls back, so every answer is read.
    let answers = join_all(sent).await;
    match answers.into_iter().find_map(Result::err) {
        Some(e) => Err(pg_error(e)),
        None => Ok(()),
    }
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
            let sql = "SELECT id, code, listed, created_ms FROM games WHERE id = $1";
            tx.query(sql, &[&id]).await
        }
        Some(Which::Code(code)) => {
            let sql = "SELECT id, code, listed, created_ms FROM games WHERE code = $1";
            tx.query(sql, &[&code]).await
        }
        Some(Which::ListedWaiting) => {
            let sql =
                format!("SELECT id, code, listed, created_ms FROM games g WHERE {LISTED_WAITING} ORDER BY seq");
            tx.query(&sql, &[]).await
        }
        None => {
            let sql =
                "SELECT id, code, listed, created_ms FROM games WHERE NOT finished ORDER BY seq";
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
        let mut game = assemble(&id, cell(&head, 1)?, cell(&head, 2)?, seats, rows)?;
        let created_ms: Option<i64> = cell(&head, 3)?;
        game.created_ms = created_ms.and_then(|ms| u64::try_from(ms).ok());
        games.push(game);
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
    fn committer(&self) -> Committer {
        self.committer.clone()
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
