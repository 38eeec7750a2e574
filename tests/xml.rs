//! A strict reader of XML documents (the SVG diagrams, the manual's
//! pages), shared by the tests that check their output is well-formed.

use std::collections::BTreeMap;

/// An element of the document: its name and attributes.
#[derive(Debug)]
pub struct Element {
    pub name: String,
    pub attributes: BTreeMap<String, String>,
    /// The elements it stands in, outermost first, as indices into the
    /// document's elements.
    pub parents: Vec<usize>,
}

/// Reads an XML document the way a strict parser would, failing on what
/// one rejects: a tag that does not close, a closing tag that does not
/// match, an attribute without quotes or twice, a stray `<` or `&`, text
/// outside the one root element. Returns the elements in document order.
pub fn parse_xml(doc: &str) -> Result<Vec<Element>, String> {
    let mut elements = Vec::new();
    let mut open: Vec<(String, usize)> = Vec::new();
    let mut roots = 0;
    let mut rest = doc.trim_start();
    while !rest.is_empty() {
        let Some(start) = rest.find('<') else {
            check_text(rest, open.is_empty())?;
            break;
        };
        check_text(&rest[..start], open.is_empty())?;
        rest = &rest[start..];
        let end = rest.find('>').ok_or("a tag never closes")?;
        let tag = &rest[1..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            match open.pop() {
                Some((opened, _)) if opened == name.trim() => continue,
                other => return Err(format!("</{name}> closes {other:?}")),
            }
        }
        let self_closing = tag.ends_with('/');
        let body = tag.trim_end_matches('/');
        let (name, attributes) = parse_tag(body)?;
        if open.is_empty() {
            roots += 1;
        }
        let parents = open.iter().map(|(_, at)| *at).collect();
        if !self_closing {
            open.push((name.clone(), elements.len()));
        }
        elements.push(Element {
            name,
            attributes,
            parents,
        });
    }
    if !open.is_empty() {
        return Err(format!("unclosed elements {open:?}"));
    }
    if roots != 1 {
        return Err(format!("{roots} root elements"));
    }
    Ok(elements)
}

fn check_text(text: &str, outside: bool) -> Result<(), String> {
    if outside && !text.trim().is_empty() {
        return Err(format!("text outside the root: {text:?}"));
    }
    check_entities(text)
}

fn check_entities(text: &str) -> Result<(), String> {
    for (at, _) in text.match_indices('&') {
        let entity = &text[at..text[at..].find(';').map_or(text.len(), |e| at + e + 1)];
        if !["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"].contains(&entity) {
            return Err(format!("bad entity {entity:?}"));
        }
    }
    if text.contains('<') {
        return Err(format!("stray '<' in {text:?}"));
    }
    Ok(())
}

fn unescape(text: &str) -> String {
    text.replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

fn parse_tag(body: &str) -> Result<(String, BTreeMap<String, String>), String> {
    let name_end = body.find(char::is_whitespace).unwrap_or(body.len());
    let name = &body[..name_end];
    let name_ok = name.chars().next().is_some_and(char::is_alphabetic)
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || "-_:".contains(c));
    if !name_ok {
        return Err(format!("bad element name {name:?}"));
    }
    let mut attributes = BTreeMap::new();
    let mut rest = body[name_end..].trim_start();
    while !rest.is_empty() {
        let eq = rest
            .find('=')
            .ok_or(format!("attribute without value: {rest:?}"))?;
        let key = rest[..eq].trim().to_string();
        let after = &rest[eq + 1..];
        if !after.starts_with('"') {
            return Err(format!("unquoted attribute {key}"));
        }
        let close = after[1..].find('"').ok_or("attribute value never closes")?;
        let value = &after[1..close + 1];
        check_entities(value)?;
        if attributes.insert(key.clone(), unescape(value)).is_some() {
            return Err(format!("attribute {key} twice"));
        }
        rest = after[close + 2..].trim_start();
    }
    Ok((name.to_string(), attributes))
}

#[test]
fn the_xml_reader_rejects_what_a_parser_rejects() {
    assert!(parse_xml("<svg><g a=\"1\"/></svg>").is_ok());
    for bad in [
        "<svg><g></svg>",
        "<svg><g a=1/></svg>",
        "<svg a=\"1\" a=\"2\"/>",
        "<svg>&nbsp;</svg>",
        "<svg/><svg/>",
        "<svg>a < b</svg>",
        "<svg><g></h></svg>",
    ] {
        assert!(parse_xml(bad).is_err(), "{bad}");
    }
}
