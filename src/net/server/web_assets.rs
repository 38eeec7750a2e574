//! The browser's files, compiled into the binary from the folder `web/`:
//! the page shell every page route answers with, and the files under
//! `/assets/`. Nothing else is ever served: a name is looked up in this
//! fixed set, never on the disk.

use include_dir::{Dir, include_dir};

static WEB: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/web");

/// The page every page route serves; its script draws the page.
pub const SHELL: &str = "index.html";

/// One embedded file and what to call its type.
pub struct Asset {
    pub bytes: &'static [u8],
    pub content_type: &'static str,
    /// A strong validator of its bytes, for `If-None-Match`.
    pub etag: String,
}

/// The embedded file at `name` (a path below `web/`), if the name is a
/// plain relative path made of ordinary names and the file exists.
pub fn asset(name: &str) -> Option<Asset> {
    if !is_plain_name(name) {
        return None;
    }
    let file = WEB.get_file(name)?;
    let bytes = file.contents();
    Some(Asset {
        bytes,
        content_type: content_type(name)?,
        etag: format!("\"{:016x}\"", fingerprint(bytes)),
    })
}

/// Names of letters, digits, `-`, `_` and `.`, separated by single `/`,
/// none of them `.` or `..` or starting with a dot: what the folder holds,
/// and nothing that could mean another place.
fn is_plain_name(name: &str) -> bool {
    !name.is_empty()
        && name.split('/').all(|part| {
            !part.is_empty()
                && !part.starts_with('.')
                && part
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
        })
}

/// The Content-Type of a file by its extension; None for a kind the
/// server does not serve.
fn content_type(name: &str) -> Option<&'static str> {
    let extension = name.rsplit_once('.')?.1;
    Some(match extension {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "txt" => "text/plain; charset=utf-8",
        _ => return None,
    })
}

/// FNV-1a over the bytes: the same file always has the same tag, and a
/// changed file almost surely another.
fn fingerprint(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_names_inside_the_folder_are_served() {
        assert!(asset(SHELL).is_some());
        assert!(asset("app.js").is_some());
        for name in [
            "",
            "/index.html",
            "../Cargo.toml",
            "a/../index.html",
            "./index.html",
            ".hidden",
            "%2e%2e/Cargo.toml",
            "index.html/",
            "app.js\0",
            "nope.js",
        ] {
            assert!(asset(name).is_none(), "{name:?} is served");
        }
    }
}
