//! The HTML every page shares: text escaped for XML-strict markup (so a
//! strict checker, and any XML tool, reads the pages), and the frame of a
//! page — its head, the bar linking the games, its footer.

use std::fmt::Write;

/// Text made safe inside an element or a quoted attribute: the same
/// escaping the SVG diagrams use, since the pages are XML-strict too.
pub use crate::diagram::escape;

/// A name safe in a file name and an `id`: lower case letters and digits,
/// runs of anything else one hyphen ("Chakra (king mode)" → "chakra-king-mode").
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// One entry of the bar of games at the top of every page.
pub struct NavLink {
    pub title: String,
    /// The page's file name; None when this copy of the manual has no page
    /// for the game (a build of other games only).
    pub href: Option<String>,
    /// Whether this is the page being shown.
    pub current: bool,
}

/// A whole page: `title` in the browser's tab, the bar of games, `body`
/// inside `<main>`, and the footer.
pub fn page(title: &str, nav: &[NavLink], body: &str) -> String {
    let mut html = String::new();
    html.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n");
    html.push_str("<meta charset=\"utf-8\" />\n");
    html.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\n");
    let _ = writeln!(html, "<title>{}</title>", escape(title));
    html.push_str("<link rel=\"stylesheet\" href=\"style.css\" />\n</head>\n<body>\n");
    html.push_str(&nav_bar(nav));
    let _ = write!(html, "<main>\n{body}</main>\n");
    let _ = writeln!(
        html,
        "<footer class=\"site\"><p>Variantarium {} · the rules as the program plays them · \
         <a href=\"index.html\">all games</a></p></footer>",
        env!("CARGO_PKG_VERSION")
    );
    html.push_str("</body>\n</html>\n");
    html
}

fn nav_bar(nav: &[NavLink]) -> String {
    let mut html = String::from(
        "<header class=\"site\">\n<a class=\"brand\" href=\"index.html\">Variantarium <span>rules manual</span></a>\n<nav>\n",
    );
    for link in nav {
        let title = escape(&link.title);
        let _ = match (&link.href, link.current) {
            (_, true) => writeln!(html, "<span class=\"here\">{title}</span>"),
            (Some(href), false) => writeln!(html, "<a href=\"{}\">{title}</a>", escape(href)),
            (None, false) => writeln!(
                html,
                "<span class=\"unbuilt\" title=\"not built in this copy\">{title}</span>"
            ),
        };
    }
    html.push_str("</nav>\n</header>\n");
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_leaves_no_markup_and_slugs_are_plain() {
        assert_eq!(
            escape("a < b & \"c\" > 'd'"),
            "a &lt; b &amp; &quot;c&quot; &gt; &apos;d&apos;"
        );
        assert_eq!(slug("Chakra (king mode)"), "chakra-king-mode");
        assert_eq!(slug("  Finch!"), "finch");
    }
}
