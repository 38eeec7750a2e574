//! Starting a server: open the store, bring back every unfinished game,
//! then accept connections, one task each, on a tokio runtime of its own.
//! On PostgreSQL it also listens for the commits of other servers on the
//! same database.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use super::config::{Database, ServerConfig};
use super::connection::serve_connection;
use super::lobby::Lobby;
use crate::net::postgres::{PgStore, listen};
use crate::net::sqlite::SqliteStore;
use crate::net::store::Store;

/// A server running on its own threads; dropping it stops it.
pub struct RunningServer {
    pub addr: SocketAddr,
    /// Unfinished games brought back from the store at start.
    pub resumed: usize,
    runtime: Option<tokio::runtime::Runtime>,
}

impl RunningServer {
    /// Runs until the process ends.
    pub fn wait(mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.block_on(std::future::pending::<()>());
        }
    }
}

impl Drop for RunningServer {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

/// Opens the store, resumes its games and listens.
pub fn start(config: &ServerConfig) -> Result<RunningServer, String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's threads: {e}"))?;
    let listener = std::net::TcpListener::bind(config.listen)
        .map_err(|e| format!("cannot listen on {}: {e}", config.listen))?;
    let addr = listener
        .local_addr()
        .map_err(|e| format!("cannot listen on {}: {e}", config.listen))?;
    listener
        .set_nonblocking(true)
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    // The games' actors, the listener and a database server's connection
    // are tasks of this runtime.
    let inside = runtime.enter();
    let store: Box<dyn Store> = match &config.db {
        Database::Sqlite(path) => Box::new(SqliteStore::open(path)?),
        Database::Postgres(url) => Box::new(PgStore::open(url)?),
    };
    let lobby = Lobby::new(store, config.limits);
    let resumed = lobby.resume_all()?;
    // Servers sharing a PostgreSQL database hear each other's commits.
    if let Database::Postgres(url) = &config.db {
        let (commits, reconnects) = (Arc::clone(&lobby), Arc::clone(&lobby));
        tokio::spawn(listen(
            url.clone(),
            move |game, version| commits.committed(game, version),
            move || reconnects.catch_up_all(),
        ));
    }
    let listener = tokio::net::TcpListener::from_std(listener)
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    tokio::spawn(accept_loop(listener, lobby));
    drop(inside);
    Ok(RunningServer {
        addr,
        resumed,
        runtime: Some(runtime),
    })
}

async fn accept_loop(listener: tokio::net::TcpListener, lobby: Arc<Lobby>) {
    let next_conn = AtomicU64::new(1);
    loop {
        match listener.accept().await {
            Ok((stream, _)) => {
                let conn = next_conn.fetch_add(1, Ordering::Relaxed);
                let _ = stream.set_nodelay(true);
                tokio::spawn(serve_connection(stream, Arc::clone(&lobby), conn));
            }
            // Out of file descriptors and the like: wait a little rather
            // than spin; the connections already open go on.
            Err(_) => tokio::time::sleep(std::time::Duration::from_millis(50)).await,
        }
    }
}
