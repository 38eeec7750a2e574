//! The rules reference (`docs/rules.md`) as HTML: the part of Markdown it
//! is written in — headings, paragraphs, lists (nested by indenting),
//! tables, fenced code, `code`, **strong**, *emphasis* and links. A link
//! becomes its text: the pages must work offline, and the reference's links
//! point into the source tree.

use std::fmt::Write;

use super::html::escape;

/// The HTML of a Markdown text. Headings keep their level (`###` is h3).
pub fn to_html(markdown: &str) -> String {
    let lines: Vec<&str> = markdown.lines().collect();
    blocks(&lines)
}

fn blocks(lines: &[&str]) -> String {
    let mut html = String::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim_start();
        if trimmed.is_empty() {
            i += 1;
        } else if trimmed.starts_with("```") {
            i = code_block(lines, i, &mut html);
        } else if let Some((level, text)) = heading(line) {
            let _ = writeln!(html, "<h{level}>{}</h{level}>", inline(text));
            i += 1;
        } else if trimmed.starts_with('|') {
            i = table(lines, i, &mut html);
        } else if list_marker(line).is_some() {
            i = list(lines, i, &mut html);
        } else {
            i = paragraph(lines, i, &mut html);
        }
    }
    html
}

fn heading(line: &str) -> Option<(usize, &str)> {
    let level = line.chars().take_while(|&c| c == '#').count();
    let text = line[level..].strip_prefix(' ')?;
    (1..=6).contains(&level).then_some((level, text.trim()))
}

/// A list item's kind (`ul`/`ol`) and the width of its marker with the
/// space after it, for a line starting one.
fn list_marker(line: &str) -> Option<(&'static str, usize)> {
    if line.starts_with("- ") || line.starts_with("* ") {
        return Some(("ul", 2));
    }
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    (digits > 0 && line[digits..].starts_with(". ")).then_some(("ol", digits + 2))
}

/// Whether a line begins a block of its own (it ends a paragraph).
fn starts_block(line: &str) -> bool {
    let trimmed = line.trim_start();
    trimmed.starts_with("```")
        || trimmed.starts_with('|')
        || heading(line).is_some()
        || list_marker(line).is_some()
}

fn paragraph(lines: &[&str], start: usize, html: &mut String) -> usize {
    let mut end = start + 1;
    while end < lines.len() && !lines[end].trim().is_empty() && !starts_block(lines[end]) {
        end += 1;
    }
    let text: Vec<&str> = lines[start..end].iter().map(|l| l.trim()).collect();
    let _ = writeln!(html, "<p>{}</p>", inline(&text.join(" ")));
    end
}

fn code_block(lines: &[&str], start: usize, html: &mut String) -> usize {
    let mut end = start + 1;
    while end < lines.len() && !lines[end].trim_start().starts_with("```") {
        end += 1;
    }
    let body: Vec<String> = lines[start + 1..end.min(lines.len())]
        .iter()
        .map(|l| escape(l))
        .collect();
    let _ = writeln!(html, "<pre><code>{}</code></pre>", body.join("\n"));
    end + 1
}

/// A list: its items at this indentation, each with its continuation lines
/// (indented, or after a blank line and indented) read as blocks of their
/// own, so that a list nests in an item.
fn list(lines: &[&str], start: usize, html: &mut String) -> usize {
    let (kind, _) = list_marker(lines[start]).expect("a list starts here");
    let _ = writeln!(html, "<{kind}>");
    let mut i = start;
    while i < lines.len() {
        let Some((item_kind, width)) = list_marker(lines[i]) else {
            break;
        };
        if item_kind != kind {
            break;
        }
        let mut item = vec![&lines[i][width..]];
        i += 1;
        while i < lines.len() {
            let indented = lines[i].starts_with("  ");
            let blank_then_indented = lines[i].trim().is_empty()
                && lines.get(i + 1).is_some_and(|next| next.starts_with("  "));
            if !(indented || blank_then_indented) {
                break;
            }
            item.push(lines[i]);
            i += 1;
        }
        let _ = writeln!(html, "<li>{}</li>", item_html(&item));
        if i < lines.len() && lines[i].trim().is_empty() && list_marker_after_blank(lines, i) {
            i += 1;
        }
    }
    let _ = writeln!(html, "</{kind}>");
    i
}

/// Whether a blank line at `at` only separates two items of a list.
fn list_marker_after_blank(lines: &[&str], at: usize) -> bool {
    lines.get(at + 1).is_some_and(|l| list_marker(l).is_some())
}

/// An item's lines, dedented: one paragraph stays bare text, more become
/// blocks.
fn item_html(item: &[&str]) -> String {
    let indent = item[1..]
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let dedented: Vec<&str> = std::iter::once(item[0])
        .chain(item[1..].iter().map(|l| l.get(indent..).unwrap_or("")))
        .collect();
    let simple = !dedented
        .iter()
        .skip(1)
        .any(|l| l.trim().is_empty() || starts_block(l));
    if simple {
        let text: Vec<&str> = dedented.iter().map(|l| l.trim()).collect();
        inline(&text.join(" "))
    } else {
        format!("\n{}", blocks(&dedented))
    }
}

fn table(lines: &[&str], start: usize, html: &mut String) -> usize {
    let mut end = start;
    while end < lines.len() && lines[end].trim_start().starts_with('|') {
        end += 1;
    }
    let rows: Vec<Vec<String>> = lines[start..end].iter().map(|l| cells(l)).collect();
    let is_rule = |row: &Vec<String>| {
        row.iter()
            .all(|c| !c.is_empty() && c.chars().all(|ch| "-: ".contains(ch)))
    };
    html.push_str("<table>\n");
    let (head, body) = match rows.get(1) {
        Some(rule) if is_rule(rule) => (Some(&rows[0]), &rows[2..]),
        _ => (None, &rows[..]),
    };
    if let Some(head) = head {
        html.push_str("<thead><tr>");
        for cell in head {
            let _ = write!(html, "<th>{}</th>", inline(cell));
        }
        html.push_str("</tr></thead>\n");
    }
    html.push_str("<tbody>\n");
    for row in body {
        html.push_str("<tr>");
        for cell in row {
            let _ = write!(html, "<td>{}</td>", inline(cell));
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</tbody>\n</table>\n");
    end
}

/// A table row's cells; a `|` inside `code` belongs to the cell.
fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|');
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    let mut cells = vec![String::new()];
    let mut in_code = false;
    for c in inner.chars() {
        match c {
            '`' => {
                in_code = !in_code;
                cells.last_mut().expect("a cell").push(c);
            }
            '|' if !in_code => cells.push(String::new()),
            _ => cells.last_mut().expect("a cell").push(c),
        }
    }
    cells.into_iter().map(|c| c.trim().to_string()).collect()
}

/// One line's inline markup: code spans first (nothing inside them is
/// markup), then links, strong and emphasis in the text between them.
fn inline(text: &str) -> String {
    let mut html = String::new();
    let mut open = Emphasis::default();
    for (i, part) in text.split('`').enumerate() {
        if i % 2 == 1 {
            let _ = write!(html, "<code>{}</code>", escape(part));
        } else {
            html.push_str(&open.markup(&unlink(part)));
        }
    }
    html.push_str(&open.close());
    html
}

/// `[text](target)` becomes `text`.
fn unlink(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let after = &rest[open + 1..];
        let Some(close) = after.find("](") else {
            break;
        };
        let Some(end) = after[close + 2..].find(')') else {
            break;
        };
        out.push_str(&rest[..open]);
        out.push_str(&after[..close]);
        rest = &after[close + 2 + end + 1..];
    }
    out.push_str(rest);
    out
}

/// Which of `**` and `*` are open: a span may run across code spans and
/// the lines of a paragraph.
#[derive(Default)]
struct Emphasis {
    strong: bool,
    em: bool,
}

impl Emphasis {
    fn markup(&mut self, text: &str) -> String {
        let chars: Vec<char> = text.chars().collect();
        let mut html = String::new();
        let mut i = 0;
        while i < chars.len() {
            let next = chars.get(i + 1).copied();
            if chars[i] == '*' && next == Some('*') {
                html.push_str(if self.strong { "</strong>" } else { "<strong>" });
                self.strong = !self.strong;
                i += 2;
                continue;
            }
            let before = i.checked_sub(1).map(|b| chars[b]);
            let opens = !self.em && next.is_some_and(|c| !c.is_whitespace());
            let closes = self.em && before.is_some_and(|c| !c.is_whitespace());
            if chars[i] == '*' && (opens || closes) {
                html.push_str(if self.em { "</em>" } else { "<em>" });
                self.em = !self.em;
            } else {
                html.push_str(&escape(&chars[i].to_string()));
            }
            i += 1;
        }
        html
    }

    /// Closes what the text left open, so that the markup stays balanced.
    fn close(&mut self) -> String {
        let mut html = String::new();
        if self.em {
            html.push_str("</em>");
        }
        if self.strong {
            html.push_str("</strong>");
        }
        *self = Emphasis::default();
        html
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_markup_and_links() {
        assert_eq!(
            inline("a **b** *c* `x<y` [d](e.md)"),
            "a <strong>b</strong> <em>c</em> <code>x&lt;y</code> d"
        );
        assert_eq!(
            inline("**open `k` end**"),
            "<strong>open <code>k</code> end</strong>"
        );
        assert_eq!(inline("2 * 3"), "2 * 3");
    }

    #[test]
    fn blocks_nest_lists_and_read_tables() {
        let text = "Intro\n\n- **One.** first\n  line\n  - inner a;\n  - inner b\n\n  More.\n- Two\n\n| A | B |\n|---|---|\n| `x|y` | 2 |\n";
        let html = to_html(text);
        assert!(html.starts_with("<p>Intro</p>\n<ul>\n<li>\n<p><strong>One.</strong> first line</p>\n<ul>\n<li>inner a;</li>\n<li>inner b</li>\n</ul>\n<p>More.</p>\n</li>\n<li>Two</li>\n</ul>\n"), "{html}");
        assert!(html.contains("<thead><tr><th>A</th><th>B</th></tr></thead>"));
        assert!(html.contains("<td><code>x|y</code></td><td>2</td>"));
    }

    #[test]
    fn an_ordered_list_may_follow_a_paragraph_line() {
        let html = to_html("Fields:\n1. one\n2. two\n```\nO < L\n```\n### Next");
        assert_eq!(
            html,
            "<p>Fields:</p>\n<ol>\n<li>one</li>\n<li>two</li>\n</ol>\n<pre><code>O &lt; L</code></pre>\n<h3>Next</h3>\n"
        );
    }
}
