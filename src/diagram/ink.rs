//! The drawing primitives of a diagram: its colours, numbers, text and
//! rings, written as SVG elements.

use std::fmt::Write;

/// Space between boards and around the picture, in pixels.
pub const GAP: f32 = 18.0;
/// One colour, one meaning, as in the window: green where the man may go
/// (a dot, or a ring round the man he takes), red what a rule forbids.
pub const MOVE_COLOUR: &str = "#1f9d55";
pub const CAPTURE_COLOUR: &str = MOVE_COLOUR;
pub const ROUTE_COLOUR: &str = "#2563eb";
pub const DEFINERS_COLOUR: &str = "#7b3fb0";
pub const TRANSMITTER_COLOUR: &str = "#e07b00";
pub const FORBIDDEN_COLOUR: &str = "#d62728";
/// A plain line of a note.
pub const NOTE_COLOUR: &str = "#555555";
pub const INK: &str = "#2b2118";

pub fn ring(svg: &mut String, cx: f32, cy: f32, r: f32, colour: &str, width: f32, extra: &str) {
    let _ = write!(
        svg,
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{}\"{extra}/>",
        num(cx),
        num(cy),
        num(r),
        num(width)
    );
}

pub fn text(svg: &mut String, x: f32, y: f32, size: f32, anchor: &str, weight: &str, words: &str) {
    let _ = writeln!(
        svg,
        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"{anchor}\" font-weight=\"{weight}\" fill=\"{INK}\">{}</text>",
        num(x),
        num(y),
        num(size),
        escape(words)
    );
}

/// Text with a pale outline, readable over any cell.
pub fn halo_text(svg: &mut String, x: f32, y: f32, size: f32, colour: &str, words: &str) {
    let _ = writeln!(
        svg,
        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{colour}\" \
         stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">{}</text>",
        num(x),
        num(y),
        num(size),
        escape(words)
    );
}

/// A number with at most one decimal: pixels finer than that do not show,
/// and the file stays small.
pub fn num(value: f32) -> String {
    let rounded = (value * 10.0).round() / 10.0;
    if rounded.fract() == 0.0 {
        format!("{}", rounded as i64)
    } else {
        format!("{rounded:.1}")
    }
}

/// Text safe inside an element or a double-quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(c),
        }
    }
    out
}
