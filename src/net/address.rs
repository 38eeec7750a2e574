//! A server's address as a person types it: `HOST:PORT`, or the URL the
//! server prints and its guide gives, `ws://HOST:PORT` (a closing `/`
//! allowed). Every place an address is typed reads it here.

/// How an address is written, for the messages that refuse one.
pub const ADDRESS_FORM: &str = "HOST:PORT or ws://HOST:PORT (like 127.0.0.1:7878)";

/// The `HOST:PORT` of a typed server address, or what is wrong with it in
/// a few words (the caller says which address it was and [`ADDRESS_FORM`]).
pub fn server_address(typed: &str) -> Result<String, String> {
    let text = typed.trim();
    let rest = match text.split_once("://") {
        Some((scheme, rest)) if scheme.eq_ignore_ascii_case("ws") => rest,
        Some((scheme, _)) => return Err(format!("'{typed}': {scheme}:// is not spoken")),
        None => text,
    };
    let host_port = rest.strip_suffix('/').unwrap_or(rest);
    if host_port.contains('/') {
        return Err(format!("'{typed}' has a path"));
    }
    let Some((host, port)) = host_port.rsplit_once(':') else {
        return Err(format!("'{typed}' has no port"));
    };
    if host.is_empty() || host.chars().any(char::is_whitespace) {
        return Err(format!("'{typed}' has no host"));
    }
    match port.parse::<u16>() {
        Ok(number) if number > 0 => Ok(format!("{host}:{number}")),
        _ => Err(format!("'{typed}' has no port 1 to 65535")),
    }
}
