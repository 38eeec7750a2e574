//! How a move diagram draws its targets, read back from the SVG: each
//! target is one mark (a move dot, a move-only ring or a capture ring, never
//! two of them on a cell); on a hex board a mark leaves the cell's name
//! clear under it and the routes are drawn over the marks; a rule line's
//! label covers no mark. Which cells are marked is the rules' business
//! (tests/diagram.rs compares them with the legal moves).

use std::collections::BTreeMap;

use variantarium::diagram::{Request, draw, svg};
use variantarium::rules::variant::Variant;

const MOVE: &str = "#1f9d55";
/// The capture's ring: the same green, wider (green is where he may go).
const CAPTURE: &str = MOVE;

fn document(variant: &str, man: char) -> String {
    let variant = Variant::parse(variant, None).expect("variant");
    let diagram = draw(&Request {
        variant,
        letter: man,
        cell: None,
        position: None,
    })
    .expect("a diagram");
    svg::render(&diagram)
}

/// The attributes of one tag's text (`<circle cx="1" …`).
fn attributes(tag: &str) -> BTreeMap<String, String> {
    let tag = tag.split('>').next().unwrap_or_default();
    let mut map = BTreeMap::new();
    for part in tag.split("\" ") {
        if let Some((key, value)) = part.split_once("=\"") {
            let key = key.split_whitespace().last().unwrap_or_default();
            map.insert(
                key.to_string(),
                value.trim_end_matches(['"', '/']).to_string(),
            );
        }
    }
    map
}

fn number(map: &BTreeMap<String, String>, key: &str) -> f32 {
    map.get(key).and_then(|v| v.parse().ok()).unwrap_or(0.0)
}

/// A drawn circle: centre, outer radius (with half its stroke), colours.
struct Circle {
    x: f32,
    y: f32,
    outer: f32,
    fill: String,
    stroke: String,
    /// The stroke's width: a capture's ring is the wider.
    width: f32,
}

/// Each mark group: its cell, kinds and circles.
fn marks(doc: &str) -> Vec<(String, String, Vec<Circle>)> {
    doc.split("<g class=\"mark\"")
        .skip(1)
        .map(|group| {
            let group = group.split("</g>").next().unwrap();
            let head = attributes(group);
            let circles = group
                .split("<circle")
                .skip(1)
                .map(|c| {
                    let a = attributes(c);
                    Circle {
                        x: number(&a, "cx"),
                        y: number(&a, "cy"),
                        outer: number(&a, "r") + number(&a, "stroke-width") / 2.0,
                        fill: a.get("fill").cloned().unwrap_or_default(),
                        stroke: a.get("stroke").cloned().unwrap_or_default(),
                        width: number(&a, "stroke-width"),
                    }
                })
                .collect();
            (
                head["data-cell"].clone(),
                head["data-kind"].clone(),
                circles,
            )
        })
        .collect()
}

/// Every text of the document: its attributes and words.
fn texts(doc: &str) -> Vec<(BTreeMap<String, String>, String)> {
    doc.split("<text")
        .skip(1)
        .filter_map(|t| {
            let (tag, rest) = t.split_once('>')?;
            Some((attributes(tag), rest.split_once("</text>")?.0.to_string()))
        })
        .collect()
}

/// The one mark a cell shows: a dot, a move ring or a capture ring.
fn shapes(circles: &[Circle]) -> Vec<&'static str> {
    circles
        .iter()
        .filter_map(|c| match (c.fill.as_str(), c.stroke.as_str()) {
            (MOVE, _) => Some("dot"),
            ("none", CAPTURE) if c.width >= 3.0 => Some("capture ring"),
            ("none", MOVE) => Some("move ring"),
            _ => None,
        })
        .collect()
}

#[test]
fn every_hex_target_is_one_mark_that_leaves_its_name_and_route_readable() {
    let men = [
        ("aj-glinski", "FBGCSP"),
        ("aj-mccooey", "FBG"),
        ("glinski", "QRBNKP"),
    ];
    for (variant, letters) in men {
        for man in letters.chars() {
            let doc = document(variant, man);
            let names: BTreeMap<String, f32> = texts(&doc)
                .into_iter()
                .filter(|(a, _)| a.get("font-size").map(String::as_str) == Some("7.5"))
                .map(|(a, words)| (words, number(&a, "y")))
                .collect();
            let marks = marks(&doc);
            assert!(!marks.is_empty(), "{variant} {man}");
            for (cell, kind, circles) in marks.iter().filter(|m| m.1 != "stay") {
                let shapes = shapes(circles);
                assert_eq!(
                    shapes.len(),
                    1,
                    "{variant} {man} {cell} ({kind}): {shapes:?}"
                );
                let expected = match (kind.contains("move"), kind.contains("capture")) {
                    (true, true) => "dot",
                    (true, false) => "move ring",
                    _ => "capture ring",
                };
                assert_eq!(shapes[0], expected, "{variant} {man} {cell} ({kind})");
                if kind.split(' ').any(|k| k == "capture") {
                    // A man stands there, over his cell's name.
                    continue;
                }
                // The name's letters stand about 5.5 pixels above its line.
                let name_top = names[cell] - 5.6;
                for c in circles {
                    assert!(
                        c.y + c.outer <= name_top,
                        "{variant} {man}: {cell}'s name covered"
                    );
                }
            }
            let last_mark = doc.rfind("<g class=\"mark\"").unwrap();
            if let Some(route) = doc.find("class=\"route\"") {
                assert!(route > last_mark, "{variant} {man}: routes under the marks");
            }
        }
    }
}

#[test]
fn a_rule_lines_label_covers_no_mark() {
    for (variant, man) in [
        ("flaxman", 'S'),
        ("flaxman", 'K'),
        ("chakra", 'T'),
        ("chakra", 'A'),
    ] {
        let doc = document(variant, man);
        let circles: Vec<Circle> = marks(&doc).into_iter().flat_map(|m| m.2).collect();
        let labels: Vec<_> = texts(&doc)
            .into_iter()
            .filter(|(a, _)| a.get("stroke").map(String::as_str) == Some("#ffffff"))
            .collect();
        for (a, words) in &labels {
            let (x, y) = (number(a, "x"), number(a, "y") - 4.5);
            let half_w = words.chars().count() as f32 * 3.8;
            for c in &circles {
                let (px, py) = (
                    c.x.clamp(x - half_w, x + half_w),
                    c.y.clamp(y - 6.5, y + 6.5),
                );
                let apart = ((px - c.x).powi(2) + (py - c.y).powi(2)).sqrt();
                assert!(
                    apart > c.outer,
                    "{variant} {man}: '{words}' over a mark at {},{}",
                    c.x,
                    c.y
                );
            }
        }
        if variant == "flaxman" || man == 'T' {
            assert!(
                !labels.is_empty(),
                "{variant} {man} has a labelled rule line"
            );
        }
    }
}
