//! One accepted TCP connection: let in by the [`Gate`] or refused with an
//! HTTP 503, then served as HTTP/1.1 until it asks for the WebSocket,
//! which then carries the game protocol ([`serve_connection`]). A
//! connection that does not send a whole request head in time, or sits
//! idle between requests, is closed.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::protocol::{Role, WebSocketConfig};

use super::connection::serve_connection;
use super::gate::{Gate, Permit};
use super::http::{Body, Route, accept_websocket, respond, route};
use super::lobby::Lobby;

/// What every connection of a server shares.
pub struct Site {
    pub lobby: Arc<Lobby>,
    pub gate: Arc<Gate>,
    pub shutdown: watch::Receiver<bool>,
}

/// Serves one accepted connection to its end.
pub async fn serve_tcp(stream: TcpStream, peer: SocketAddr, site: Arc<Site>, conn: u64) {
    let _ = stream.set_nodelay(true);
    let permit = match site.gate.admit(peer.ip()) {
        Ok(permit) => Arc::new(permit),
        Err(reason) => {
            if let Some(_place) = site.gate.refusing() {
                refuse(stream, &reason, site.lobby.limits.handshake_timeout).await;
            }
            return;
        }
    };
    let limits = site.lobby.limits;
    let service = {
        let site = Arc::clone(&site);
        let permit = Arc::clone(&permit);
        service_fn(move |request| {
            let reply = answer(request, &site, &permit, conn);
            async move { Ok::<_, Infallible>(reply) }
        })
    };
    let mut shutdown = site.shutdown.clone();
    let connection = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.handshake_timeout)
        .max_buf_size(64 * 1024)
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades();
    // A plain HTTP connection ends at shutdown; an upgraded one has been
    // handed on by then and ends with its own close frame.
    tokio::select! {
        _ = connection => {}
        _ = shutdown.wait_for(|stop| *stop) => {}
    }
}

/// The answer to one request; an upgrade also starts the WebSocket's task.
fn answer(
    request: Request<Incoming>,
    site: &Arc<Site>,
    permit: &Arc<Permit>,
    conn: u64,
) -> Response<Body> {
    let route = route(&request);
    if route != Route::Upgrade {
        return respond(&request, route);
    }
    let response = accept_websocket(&request);
    if response.status() != StatusCode::SWITCHING_PROTOCOLS {
        return response;
    }
    let views = wants_views(request.uri().query());
    let upgrade = hyper::upgrade::on(request);
    let site = Arc::clone(site);
    let permit = Arc::clone(permit);
    tokio::spawn(async move {
        let Ok(upgraded) = upgrade.await else { return };
        let peer = permit.address();
        let limit = site.lobby.limits.max_message_bytes;
        // tungstenite zero-fills its whole read buffer before every read:
        // the 128 KiB default cost a fifth of the server's time under load.
        // A larger frame (up to the limit) grows the buffer as it comes.
        let config = WebSocketConfig::default()
            .read_buffer_size(4096)
            .max_message_size(Some(limit))
            .max_frame_size(Some(limit));
        let socket =
            WebSocketStream::from_raw_socket(TokioIo::new(upgraded), Role::Server, Some(config))
                .await;
        let lobby = Arc::clone(&site.lobby);
        serve_connection(socket, lobby, conn, peer, views, site.shutdown.clone()).await;
        // The connection's place is free once its socket is closed.
        drop(permit);
    });
    response
}

/// Whether a WebSocket handshake's query leaves the `board` and `position`
/// messages on: a client that replays the events itself (the window,
/// `variantarium bot`) asks `?views=0` and is spared them.
fn wants_views(query: Option<&str>) -> bool {
    !query.is_some_and(|q| q.split('&').any(|pair| pair == "views=0"))
}

/// Refuses a connection the gate did not let in: a 503 with the reason,
/// sent without waiting for the request, then the socket drained for a
/// moment and closed (so that the answer is not lost to a reset).
async fn refuse(mut stream: TcpStream, reason: &str, wait: Duration) {
    let reply = format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Content-Length: {}\r\nRetry-After: 10\r\nConnection: close\r\n\r\n{reason}\n",
        reason.len() + 1
    );
    let refusal = async {
        stream.write_all(reply.as_bytes()).await?;
        stream.shutdown().await?;
        let mut buffer = [0u8; 4096];
        while stream.read(&mut buffer).await? > 0 {}
        Ok::<(), std::io::Error>(())
    };
    let _ = tokio::time::timeout(wait.min(Duration::from_secs(2)), refusal).await;
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_views_0_turns_the_views_off() {
        for (query, on) in [
            (None, true),
            (Some(""), true),
            (Some("views=1"), true),
            (Some("views=0"), false),
            (Some("server=x&views=0"), false),
            (Some("views=00"), true),
        ] {
            assert_eq!(super::wants_views(query), on, "{query:?}");
        }
    }
}
