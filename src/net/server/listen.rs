//! Starting a server: open the store, bring back every unfinished game,
//! then accept connections, one task each, on a tokio runtime of its own.
//! On PostgreSQL it also listens for the commits of other servers on the
//! same database. It stops gracefully on SIGTERM or SIGINT.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use tokio::sync::{oneshot, watch};

use super::accept::{Site, serve_tcp};
use super::config::{Database, ServerConfig};
use super::gate::{Gate, raise_open_file_limit};
use super::lobby::{Lobby, LobbyCounts};
use super::mailbox::RoomRequest;
use crate::net::postgres::{PgStore, listen};
use crate::net::sqlite::SqliteStore;
use crate::net::store::Store;

/// A server running on its own threads; dropping it stops it at once,
/// [`RunningServer::shutdown`] gracefully.
pub struct RunningServer {
    pub addr: SocketAddr,
    /// Unfinished games brought back from the store at start.
    pub resumed: usize,
    /// The most connections it holds at once (its cap, lowered to fit the
    /// process's open-file limit).
    pub max_connections: usize,
    runtime: Option<tokio::runtime::Runtime>,
    stop: watch::Sender<bool>,
    site: Arc<Site>,
}

impl RunningServer {
    /// Runs until the process is told to stop (SIGTERM or SIGINT), then
    /// shuts down gracefully.
    pub fn wait(mut self) -> Result<(), String> {
        let Some(runtime) = self.runtime.as_ref() else {
            return Ok(());
        };
        runtime.block_on(stop_signal())?;
        self.shutdown_now();
        Ok(())
    }

    /// Stops gracefully: no new connection; every connection is told with
    /// a close frame (1001), after the replies to what it asked; every
    /// game has stored what it was asked to. Waits at most the limits'
    /// `shutdown_wait` for the connections.
    pub fn shutdown(mut self) {
        self.shutdown_now();
    }

    /// The games running in memory now (finished ones leave it a while
    /// after no one follows them).
    pub fn running_games(&self) -> usize {
        self.site.lobby.running().len()
    }

    /// The sizes of the server's maps of games, seeks and codes.
    pub fn lobby_counts(&self) -> LobbyCounts {
        self.site.lobby.counts()
    }

    fn shutdown_now(&mut self) {
        let Some(runtime) = self.runtime.take() else {
            return;
        };
        let _ = self.stop.send(true);
        let site = Arc::clone(&self.site);
        runtime.block_on(drain(site));
        runtime.shutdown_timeout(Duration::from_secs(1));
    }
}

impl Drop for RunningServer {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

/// SIGTERM or SIGINT.
async fn stop_signal() -> Result<(), String> {
    use tokio::signal::unix::{SignalKind, signal};
    let listen = |kind| signal(kind).map_err(|e| format!("cannot listen for signals: {e}"));
    let mut terminate = listen(SignalKind::terminate())?;
    let mut interrupt = listen(SignalKind::interrupt())?;
    tokio::select! {
        _ = terminate.recv() => {}
        _ = interrupt.recv() => {}
    }
    Ok(())
}

/// After the stop is given: waits until every connection has closed (or
/// the wait is over), then until every game has done the requests in its
/// mailbox.
async fn drain(site: Arc<Site>) {
    let wait = site.lobby.limits.shutdown_wait;
    let deadline = Instant::now() + wait;
    while site.gate.count() > 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let flushes = site.lobby.running().into_iter().map(|room| async move {
        let (done, answered) = oneshot::channel();
        if room.send(RoomRequest::Flush { done }).await.is_ok() {
            let _ = answered.await;
        }
    });
    let _ = tokio::time::timeout(wait, futures_util::future::join_all(flushes)).await;
}

/// Opens the store, resumes its games and listens.
pub fn start(config: &ServerConfig) -> Result<RunningServer, String> {
    let open_files = raise_open_file_limit();
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
    let (stop, shutdown) = watch::channel(false);
    let gate = Gate::new(&config.limits, open_files);
    let site = Arc::new(Site {
        lobby,
        gate,
        shutdown,
    });
    tokio::spawn(accept_loop(listener, Arc::clone(&site)));
    tokio::spawn(super::trim::give_back_memory(Arc::clone(&site.lobby)));
    drop(inside);
    Ok(RunningServer {
        addr,
        resumed,
        max_connections: site.gate.max_total(),
        runtime: Some(runtime),
        stop,
        site,
    })
}

async fn accept_loop(listener: tokio::net::TcpListener, site: Arc<Site>) {
    let next_conn = AtomicU64::new(1);
    let mut shutdown = site.shutdown.clone();
    loop {
        let accepted = tokio::select! {
            biased;
            _ = shutdown.wait_for(|stop| *stop) => return,
            accepted = listener.accept() => accepted,
        };
        match accepted {
            Ok((stream, peer)) => {
                let conn = next_conn.fetch_add(1, Ordering::Relaxed);
                tokio::spawn(serve_tcp(stream, peer, Arc::clone(&site), conn));
            }
            // Out of file descriptors and the like: wait a little rather
            // than spin; the connections already open go on.
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
}
