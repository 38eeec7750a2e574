//! The server's plain HTTP: which page or file a request asks for, and the
//! answer with its headers. The WebSocket upgrade is recognised here and
//! answered by [`super::accept`], which hands the connection on.
//!
//! Routes: `/`, `/g/CODE` and `/watch/GAME` answer with the page shell
//! (the browser's script reads the path); `/assets/NAME` with an embedded
//! file; the WebSocket upgrade is taken on `/` and `/ws`. Everything else
//! is 404.

use http_body_util::Full;
use hyper::body::Bytes;
use hyper::header::{self, HeaderMap, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use tungstenite::handshake::derive_accept_key;

use super::web_assets::{Asset, SHELL, asset};

pub type Body = Full<Bytes>;

/// Only this server's own files: no script, style, image, font or
/// connection from another host, no inline script, no framing.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; \
     object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The shell changes with the server: a browser asks again each time (and
/// gets a 304 while it is the same).
const SHELL_CACHE: &str = "no-cache";

/// The files under `/assets/` are kept a day, then asked for again.
const ASSET_CACHE: &str = "public, max-age=86400";

/// What a request asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Route {
    /// The page shell (lobby, invite, spectator).
    Page,
    /// An embedded file, by its name below `web/`.
    Asset(String),
    /// A WebSocket handshake for the game protocol.
    Upgrade,
    NotFound,
    MethodNotAllowed,
}

/// Routes a request by its method, path and upgrade headers.
pub fn route<B>(request: &Request<B>) -> Route {
    let path = request.uri().path();
    let protocol_path = path == "/" || path == "/ws";
    if protocol_path && wants_websocket(request.headers()) {
        return if request.method() == Method::GET {
            Route::Upgrade
        } else {
            Route::MethodNotAllowed
        };
    }
    let found = if path == "/" {
        Route::Page
    } else if let Some(name) = path.strip_prefix("/assets/") {
        Route::Asset(name.to_string())
    } else if ["/g/", "/watch/"]
        .iter()
        .any(|prefix| path.strip_prefix(prefix).is_some_and(is_id))
    {
        Route::Page
    } else {
        Route::NotFound
    };
    if found != Route::NotFound
        && request.method() != Method::GET
        && request.method() != Method::HEAD
    {
        return Route::MethodNotAllowed;
    }
    found
}

/// An invite code or game id as the server makes them: letters and digits.
fn is_id(text: &str) -> bool {
    (1..=64).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// The request asks to become a WebSocket (`Connection: upgrade`,
/// `Upgrade: websocket`).
fn wants_websocket(headers: &HeaderMap) -> bool {
    let has_token = |name: header::HeaderName, token: &str| {
        headers.get_all(name).iter().any(|value| {
            value.to_str().is_ok_and(|v| {
                v.split(',')
                    .any(|part| part.trim().eq_ignore_ascii_case(token))
            })
        })
    };
    has_token(header::CONNECTION, "upgrade") && has_token(header::UPGRADE, "websocket")
}

/// The answer to a request that is not an upgrade.
pub fn respond<B>(request: &Request<B>, route: Route) -> Response<Body> {
    match route {
        Route::Page => file_response(request, SHELL, SHELL_CACHE),
        Route::Asset(name) => file_response(request, &name, ASSET_CACHE),
        Route::Upgrade => plain(StatusCode::BAD_REQUEST, "not a WebSocket handshake"),
        Route::NotFound => plain(StatusCode::NOT_FOUND, "not found"),
        Route::MethodNotAllowed => {
            let mut response = plain(StatusCode::METHOD_NOT_ALLOWED, "only GET and HEAD");
            response
                .headers_mut()
                .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
            response
        }
    }
}

/// An embedded file, or 304 when the browser has it already, or 404.
fn file_response<B>(request: &Request<B>, name: &str, cache: &'static str) -> Response<Body> {
    let Some(Asset {
        bytes,
        content_type,
        etag,
    }) = asset(name)
    else {
        return plain(StatusCode::NOT_FOUND, "not found");
    };
    let unchanged = request
        .headers()
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|v| v.split(',').any(|tag| tag.trim() == etag));
    let (status, body) = if unchanged {
        (StatusCode::NOT_MODIFIED, Bytes::new())
    } else {
        (StatusCode::OK, Bytes::from_static(bytes))
    };
    let mut response = Response::new(Full::new(body));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if let Ok(etag) = HeaderValue::from_str(&etag) {
        headers.insert(header::ETAG, etag);
    }
    secure(headers);
    response
}

/// A short text answer: an error, or a refusal.
pub fn plain(status: StatusCode, text: &str) -> Response<Body> {
    let mut response = Response::new(Full::new(Bytes::from(format!("{text}\n"))));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    secure(headers);
    response
}

/// The headers every answer carries.
fn secure(headers: &mut HeaderMap) {
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    // Invite links carry the code: a page never hands its address on.
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
}

/// The answer to a WebSocket handshake (RFC 6455, version 13): 101 when it
/// is accepted, else the refusal.
pub fn accept_websocket<B>(request: &Request<B>) -> Response<Body> {
    let headers = request.headers();
    if headers
        .get(header::SEC_WEBSOCKET_VERSION)
        .is_none_or(|v| v.as_bytes() != b"13")
    {
        let mut refusal = plain(StatusCode::UPGRADE_REQUIRED, "WebSocket version 13 only");
        refusal.headers_mut().insert(
            header::SEC_WEBSOCKET_VERSION,
            HeaderValue::from_static("13"),
        );
        return refusal;
    }
    let accept = headers
        .get(header::SEC_WEBSOCKET_KEY)
        .map(|key| derive_accept_key(key.as_bytes()))
        .and_then(|accept| HeaderValue::from_str(&accept).ok());
    let Some(accept) = accept else {
        return plain(StatusCode::BAD_REQUEST, "no Sec-WebSocket-Key");
    };
    let mut response = Response::new(Full::new(Bytes::new()));
    *response.status_mut() = StatusCode::SWITCHING_PROTOCOLS;
    let headers = response.headers_mut();
    headers.insert(header::CONNECTION, HeaderValue::from_static("upgrade"));
    headers.insert(header::UPGRADE, HeaderValue::from_static("websocket"));
    headers.insert(header::SEC_WEBSOCKET_ACCEPT, accept);
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn get(path: &str) -> Request<()> {
        Request::get(path).body(()).unwrap()
    }

    #[test]
    fn pages_assets_and_upgrades_are_routed_and_the_rest_is_not_found() {
        assert_eq!(route(&get("/")), Route::Page);
        assert_eq!(route(&get("/g/k7pm2xq9ra")), Route::Page);
        assert_eq!(route(&get("/watch/h3x9abc")), Route::Page);
        assert_eq!(route(&get("/assets/app.js")), Route::Asset("app.js".into()));
        for path in [
            "/g/",
            "/g/a/b",
            "/watch/a%2e",
            "/nope",
            "/index.html",
            "/ws",
        ] {
            assert_eq!(route(&get(path)), Route::NotFound, "{path}");
        }
        for path in ["/", "/ws"] {
            let upgrade = Request::get(path)
                .header("connection", "keep-alive, Upgrade")
                .header("upgrade", "WebSocket")
                .body(())
                .unwrap();
            assert_eq!(route(&upgrade), Route::Upgrade, "{path}");
        }
        let post = Request::post("/").body(()).unwrap();
        assert_eq!(route(&post), Route::MethodNotAllowed);
    }
}
