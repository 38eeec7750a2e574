//! The house's rules, computed from the source text: the import graph of
//! `src/` has no cycle and no import that runs up the layers, no function is
//! longer than a screenful or two, and no file outside the rules' move
//! generators is longer than one sitting's read.
//!
//! An import is a `use` of a path of this crate and an inline `crate::`,
//! `super::` or `self::` path in code (comments and strings do not count).
//! A path is followed through the `use` bindings of the module it names, so
//! importing a name that a `mod.rs` only re-exports is an import of the file
//! that defines it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first: a file imports only from its own layer or below.
const LAYERS: [&str; 11] = [
    "rules", "diagram", "engine", "record", "learn", "puzzles", "manual", "net", "app", "video",
    "cli",
];

/// The rules' move generators: long because a game's move generation reads
/// best as one file.
const LONG_FILES_ALLOWED: [&str; 6] = [
    "src/rules/chakra.rs",
    "src/rules/flaxman.rs",
    "src/rules/hexchess/shared.rs",
    "src/rules/hexchess/three.rs",
    "src/rules/hexchess/two.rs",
    "src/rules/tapestry.rs",
];

const MAX_FUNCTION_LINES: usize = 80;
const MAX_FILE_LINES: usize = 600;

#[test]
fn the_import_graph_has_no_cycle() {
    let house = House::read();
    let cycles = house.cycles();
    let described: Vec<String> = cycles.iter().map(|c| house.describe(c)).collect();
    assert!(
        described.is_empty(),
        "import cycles in src/:\n{}",
        described.join("\n")
    );
}

#[test]
fn no_file_imports_from_a_layer_above_its_own() {
    let house = House::read();
    let mut upward = Vec::new();
    for (from, targets) in &house.edges {
        for (to, names) in targets {
            if let (Some(a), Some(b)) = (layer_of(from), layer_of(to))
                && b > a
            {
                upward.push(format!("{from} -> {to} ({})", join(names)));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports that run up the layers {LAYERS:?}:\n{}",
        upward.join("\n")
    );
}

#[test]
fn the_graph_reader_sees_imports_cycles_and_layers() {
    // The reader itself, on a small house of its own, so that the two tests
    // above cannot pass by seeing nothing.
    let files = [
        ("src/lib.rs", "pub mod app; pub mod rules;"),
        (
            "src/rules/mod.rs",
            "pub mod side; pub mod game; pub use side::Side;",
        ),
        ("src/rules/side.rs", "pub struct Side;"),
        (
            "src/rules/game.rs",
            "use super::Side; // crate::app::Nope\nfn f() { let s = \"crate::app::X\"; crate::app::go(); }",
        ),
        (
            "src/app/mod.rs",
            "pub mod ui; use crate::rules::{game, side::{self}}; fn f() { ui::draw(); fmt::x(); }",
        ),
        ("src/app/ui.rs", "pub fn draw() {}"),
    ];
    let house = House::from_sources(files.iter().map(|(p, s)| (p.to_string(), s.to_string())));
    let edges_of = |f: &str| -> BTreeSet<String> {
        house
            .edges
            .get(f)
            .map(|t| t.keys().cloned().collect())
            .unwrap_or_default()
    };
    assert_eq!(
        edges_of("src/rules/game.rs"),
        BTreeSet::from([
            "src/rules/side.rs".to_string(),
            "src/app/mod.rs".to_string()
        ])
    );
    assert_eq!(
        edges_of("src/app/mod.rs"),
        BTreeSet::from([
            "src/app/ui.rs".to_string(),
            "src/rules/game.rs".to_string(),
            "src/rules/side.rs".to_string()
        ])
    );
    let cycles = house.cycles();
    assert_eq!(cycles.len(), 1, "{cycles:?}");
    assert!(cycles[0].contains(&"src/app/mod.rs".to_string()));
    assert!(layer_of("src/rules/game.rs") < layer_of("src/app/mod.rs"));
}

#[test]
fn no_function_in_src_is_longer_than_80_lines() {
    let mut long = Vec::new();
    for (path, text) in source_files() {
        for (name, line, length) in function_lengths(&strip(&text)) {
            if length > MAX_FUNCTION_LINES {
                long.push(format!("{path}:{line} fn {name}: {length} lines"));
            }
        }
    }
    assert!(
        long.is_empty(),
        "functions over {MAX_FUNCTION_LINES} lines:\n{}",
        long.join("\n")
    );
}

#[test]
fn the_function_measure_counts_from_fn_to_its_closing_brace() {
    let text = strip(concat!(
        "fn a() {\n    let s = \"}\";\n    {\n    }\n}\n",
        "trait T { fn b(&self); }\n",
        "fn c<'a>(x: &'a str) -> char { let q = '\\''; '{' }\n",
        "/* fn d() {\n} */ fn e() { r#\"{\"# ; }\n",
    ));
    assert_eq!(
        function_lengths(&text),
        vec![
            ("a".to_string(), 1, 5),
            ("c".to_string(), 7, 1),
            ("e".to_string(), 9, 1)
        ]
    );
}

#[test]
fn no_file_outside_the_move_generators_is_longer_than_600_lines() {
    let long: Vec<String> = source_files()
        .into_iter()
        .filter(|(path, _)| !LONG_FILES_ALLOWED.contains(&path.as_str()))
        .map(|(path, text)| (path, text.lines().count()))
        .filter(|(_, lines)| *lines > MAX_FILE_LINES)
        .map(|(path, lines)| format!("{path}: {lines} lines"))
        .collect();
    assert!(
        long.is_empty(),
        "files over {MAX_FILE_LINES} lines:\n{}",
        long.join("\n")
    );
}

fn join(names: &BTreeSet<String>) -> String {
    names.iter().cloned().collect::<Vec<_>>().join(", ")
}

fn layer_of(file: &str) -> Option<usize> {
    let top = file.strip_prefix("src/")?.split(['/', '.']).next()?;
    LAYERS.iter().position(|layer| *layer == top)
}

/// Every `.rs` file under `src/`, as (path from the package root, text).
fn source_files() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    let mut folders = vec![root.join("src")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("src/ is readable") {
            let path: PathBuf = entry.expect("a folder entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let name = path
                    .strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                files.push((name, std::fs::read_to_string(&path).expect("a source file")));
            }
        }
    }
    files.sort();
    files
}

/// The text with comments, string and character literals blanked out
/// (newlines kept, so that line numbers and offsets still hold).
fn strip(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let end = if c == '/' && next == Some('/') {
            chars[i..]
                .iter()
                .position(|&c| c == '\n')
                .map_or(chars.len(), |n| i + n)
        } else if c == '/' && next == Some('*') {
            block_comment_end(&chars, i)
        } else if c == '"' {
            string_end(&chars, i + 1)
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && is_raw_start(&chars, i) {
            raw_string_end(&chars, i)
        } else if c == '\'' {
            char_literal_end(&chars, i)
        } else {
            i + 1
        };
        if end == i + 1 && !matches!(c, '"' | '\'') {
            out.push(c);
        } else {
            out.extend(chars[i..end].iter().map(|&c| blank(c)));
        }
        i = end;
    }
    out
}

fn block_comment_end(chars: &[char], start: usize) -> usize {
    let (mut depth, mut i) = (0, start);
    while i + 1 < chars.len() {
        if chars[i] == '/' && chars[i + 1] == '*' {
            depth += 1;
            i += 2;
        } else if chars[i] == '*' && chars[i + 1] == '/' {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    chars.len()
}

fn string_end(chars: &[char], mut i: usize) -> usize {
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            _ => i += 1,
        }
    }
    chars.len()
}

fn is_raw_start(chars: &[char], i: usize) -> bool {
    let before_is_ident = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
    let mut j = i + 1;
    while chars.get(j) == Some(&'#') {
        j += 1;
    }
    !before_is_ident && chars.get(j) == Some(&'"')
}

fn raw_string_end(chars: &[char], i: usize) -> usize {
    let mut j = i + 1;
    let mut hashes = 0;
    while chars[j] == '#' {
        hashes += 1;
        j += 1;
    }
    j += 1;
    while j < chars.len() {
        if chars[j] == '"' && (0..hashes).all(|h| chars.get(j + 1 + h) == Some(&'#')) {
            return j + 1 + hashes;
        }
        j += 1;
    }
    chars.len()
}

/// A character literal ('x', '\n', '\u{..}') ends after its closing quote; a
/// lifetime (`'a`) is only its quote.
fn char_literal_end(chars: &[char], i: usize) -> usize {
    if chars.get(i + 1) == Some(&'\\') && i + 3 <= chars.len() {
        // The escape is two characters at least (`\n`, `\'`, `\u{..}`).
        let close = chars[i + 3..].iter().position(|&c| c == '\'');
        return close.map_or(i + 1, |n| i + 4 + n);
    }
    if chars.get(i + 2) == Some(&'\'') {
        return i + 3;
    }
    i + 1
}

/// The identifier that starts at `i`, if any.
fn ident_at(chars: &[char], i: usize) -> Option<String> {
    let starts = chars.get(i).is_some_and(|c| c.is_alphabetic() || *c == '_');
    let boundary = i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
    if !starts || !boundary {
        return None;
    }
    let len = chars[i..]
        .iter()
        .take_while(|c| c.is_alphanumeric() || **c == '_')
        .count();
    Some(chars[i..i + len].iter().collect())
}

fn skip_space(chars: &[char], mut i: usize) -> usize {
    while chars.get(i).is_some_and(|c| c.is_whitespace()) {
        i += 1;
    }
    i
}

/// The closing brace that matches the opening one at `open`.
fn matching_brace(chars: &[char], open: usize) -> usize {
    let mut depth = 0;
    for (k, &c) in chars.iter().enumerate().skip(open) {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return k;
                }
            }
            _ => {}
        }
    }
    chars.len() - 1
}

fn line_of(chars: &[char], i: usize) -> usize {
    chars[..i].iter().filter(|&&c| c == '\n').count() + 1
}

/// Each function with a body: (name, first line, lines from `fn` to its
/// closing brace).
fn function_lengths(stripped: &str) -> Vec<(String, usize, usize)> {
    let chars: Vec<char> = stripped.chars().collect();
    let mut found = Vec::new();
    for i in 0..chars.len() {
        if ident_at(&chars, i).as_deref() != Some("fn") {
            continue;
        }
        let name_at = skip_space(&chars, i + 2);
        let Some(name) = ident_at(&chars, name_at) else {
            continue;
        };
        let Some(body) = chars[name_at..].iter().position(|&c| c == '{' || c == ';') else {
            continue;
        };
        let open = name_at + body;
        if chars[open] == ';' {
            continue;
        }
        let close = matching_brace(&chars, open);
        let first = line_of(&chars, i);
        found.push((name, first, line_of(&chars, close) - first + 1));
    }
    found
}

/// A module path from the crate root (`["app", "ui"]`).
type ModPath = Vec<String>;

struct SourceFile {
    module: ModPath,
    /// The inline modules (`mod tests { … }`): name, opening and closing
    /// offsets.
    inline: Vec<(String, usize, usize)>,
    /// Each `use` leaf: the name it binds, its path as written and where.
    uses: Vec<(String, Vec<String>, usize)>,
    /// Inline `crate::`/`super::`/`self::` paths and where they stand.
    paths: Vec<(Vec<String>, usize)>,
}

struct House {
    files: BTreeMap<String, SourceFile>,
    modules: BTreeMap<ModPath, String>,
    /// from file -> to file -> the names taken.
    edges: BTreeMap<String, BTreeMap<String, BTreeSet<String>>>,
}

impl House {
    fn read() -> House {
        House::from_sources(source_files())
    }

    fn from_sources(sources: impl IntoIterator<Item = (String, String)>) -> House {
        let mut files = BTreeMap::new();
        let mut modules = BTreeMap::new();
        for (path, text) in sources {
            let Some(module) = module_of(&path) else {
                continue;
            };
            modules.insert(module.clone(), path.clone());
            files.insert(path, parse(module, &strip(&text)));
        }
        let mut house = House {
            files,
            modules,
            edges: BTreeMap::new(),
        };
        house.edges = house.compute_edges();
        house
    }

    fn compute_edges(&self) -> BTreeMap<String, BTreeMap<String, BTreeSet<String>>> {
        let mut edges: BTreeMap<String, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
        for (path, file) in &self.files {
            let written = file
                .uses
                .iter()
                .map(|(_, p, at)| (p, *at))
                .chain(file.paths.iter().map(|(p, at)| (p, *at)));
            for (segments, at) in written {
                let scope = file.scope_at(at);
                let Some(absolute) = self.absolute(&scope, segments) else {
                    continue;
                };
                let (target, name) = self.resolve(&absolute, 0);
                if let Some(target) = target
                    && target != *path
                {
                    edges
                        .entry(path.clone())
                        .or_default()
                        .entry(target)
                        .or_default()
                        .insert(name);
                }
            }
        }
        edges
    }

    /// The path from the crate root, or None for another crate's path.
    fn absolute(&self, scope: &ModPath, segments: &[String]) -> Option<ModPath> {
        let mut base = scope.clone();
        let mut rest = segments;
        match segments.first().map(String::as_str) {
            Some("crate") | Some("variantarium") => {
                base.clear();
                rest = &segments[1..];
            }
            Some("self") => rest = &segments[1..],
            Some("super") => {
                while rest.first().map(String::as_str) == Some("super") {
                    base.pop();
                    rest = &rest[1..];
                }
            }
            Some(first) => {
                // A 2018-style relative path, `child::…`, of a module this
                // one declares.
                let mut child = base.clone();
                child.push(first.to_string());
                if !self.modules.contains_key(&child) {
                    return None;
                }
            }
            None => return None,
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// The file that defines what an absolute path names, following the
    /// `use` bindings of the module it lands in.
    fn resolve(&self, absolute: &[String], depth: usize) -> (Option<String>, String) {
        let name = absolute.last().cloned().unwrap_or_default();
        let Some(split) = (0..=absolute.len())
            .rev()
            .find(|&n| self.modules.contains_key(&absolute[..n]))
        else {
            return (None, name);
        };
        let file = &self.modules[&absolute[..split]];
        let Some(item) = absolute.get(split) else {
            return (Some(file.clone()), name);
        };
        if depth < 8
            && let Some((_, bound, at)) = self.files[file].uses.iter().find(|(n, _, _)| n == item)
        {
            let scope = self.files[file].scope_at(*at);
            if let Some(mut target) = self.absolute(&scope, bound) {
                target.extend(absolute[split + 1..].iter().cloned());
                if let (Some(found), name) = self.resolve(&target, depth + 1) {
                    return (Some(found), name);
                }
            }
        }
        (Some(file.clone()), name)
    }

    /// Every group of files that import each other in a loop (Tarjan).
    fn cycles(&self) -> Vec<Vec<String>> {
        let nodes: Vec<&String> = self.files.keys().collect();
        let index_of: BTreeMap<&String, usize> =
            nodes.iter().enumerate().map(|(i, n)| (*n, i)).collect();
        let next: Vec<Vec<usize>> = nodes
            .iter()
            .map(|n| {
                self.edges
                    .get(*n)
                    .map(|t| t.keys().filter_map(|k| index_of.get(k).copied()).collect())
                    .unwrap_or_default()
            })
            .collect();
        let mut tarjan = Tarjan::new(nodes.len());
        for v in 0..nodes.len() {
            if tarjan.index[v].is_none() {
                tarjan.visit(v, &next);
            }
        }
        tarjan
            .components
            .into_iter()
            .filter(|c| c.len() > 1)
            .map(|c| c.into_iter().map(|i| nodes[i].clone()).collect())
            .collect()
    }

    fn describe(&self, cycle: &[String]) -> String {
        let mut lines = vec![format!("{} files:", cycle.len())];
        for from in cycle {
            for (to, names) in self.edges.get(from).into_iter().flatten() {
                if cycle.contains(to) {
                    lines.push(format!("  {from} -> {to}: {}", join(names)));
                }
            }
        }
        lines.join("\n")
    }
}

impl SourceFile {
    /// The module path at an offset: the file's, inside its inline modules.
    fn scope_at(&self, at: usize) -> ModPath {
        let mut scope = self.module.clone();
        for (name, open, close) in &self.inline {
            if *open < at && at < *close {
                scope.push(name.clone());
            }
        }
        scope
    }
}

fn module_of(path: &str) -> Option<ModPath> {
    let inner = path.strip_prefix("src/")?.strip_suffix(".rs")?;
    let mut parts: Vec<String> = inner.split('/').map(str::to_string).collect();
    // The binary's root stays a module of its own name: it is another crate
    // that reaches the library as `variantarium::`.
    if matches!(parts.last().map(String::as_str), Some("mod")) || parts == ["lib"] {
        parts.pop();
    }
    Some(parts)
}

fn parse(module: ModPath, stripped: &str) -> SourceFile {
    let chars: Vec<char> = stripped.chars().collect();
    let mut file = SourceFile {
        module,
        inline: Vec::new(),
        uses: Vec::new(),
        paths: Vec::new(),
    };
    let mut i = 0;
    while i < chars.len() {
        let Some(word) = ident_at(&chars, i) else {
            i += 1;
            continue;
        };
        let after = i + word.chars().count();
        match word.as_str() {
            "use" => {
                let end = chars[after..]
                    .iter()
                    .position(|&c| c == ';')
                    .map_or(chars.len(), |n| after + n);
                let tree: String = chars[after..end].iter().collect();
                let tree = tree.split_whitespace().collect::<Vec<_>>().join(" ");
                for (name, path) in expand_use(&tree) {
                    file.uses.push((name, path, i));
                }
                i = end;
                continue;
            }
            "mod" => {
                let name_at = skip_space(&chars, after);
                if let Some(name) = ident_at(&chars, name_at) {
                    let brace = skip_space(&chars, name_at + name.len());
                    if chars.get(brace) == Some(&'{') {
                        file.inline
                            .push((name, brace, matching_brace(&chars, brace)));
                    }
                }
            }
            // A path in code: from the crate, a parent, this module or a
            // module this one declares (`child::item`); other crates'
            // paths are sorted out when the path is resolved.
            _ if chars.get(after) == Some(&':') && chars.get(after + 1) == Some(&':') => {
                let (path, end) = read_path(&chars, i);
                if path.len() > 1 {
                    file.paths.push((path, i));
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i = after;
    }
    file
}

/// An inline path `a::b::c` from `i`: its segments and where it ends.
fn read_path(chars: &[char], mut i: usize) -> (Vec<String>, usize) {
    let mut segments = Vec::new();
    // After the first word each segment follows a `::`, a boundary of its
    // own.
    while let Some(word) = segment_at(chars, i) {
        i += word.chars().count();
        segments.push(word);
        if chars.get(i) == Some(&':') && chars.get(i + 1) == Some(&':') {
            i += 2;
        } else {
            break;
        }
    }
    (segments, i)
}

fn segment_at(chars: &[char], i: usize) -> Option<String> {
    let len = chars[i.min(chars.len())..]
        .iter()
        .take_while(|c| c.is_alphanumeric() || **c == '_')
        .count();
    (len > 0).then(|| chars[i..i + len].iter().collect())
}

/// The leaves of a `use` tree (`a::{b, c::D as E, self}`):
/// the name each binds and its path.
fn expand_use(tree: &str) -> Vec<(String, Vec<String>)> {
    let mut leaves = Vec::new();
    expand_into(tree, &[], &mut leaves);
    leaves
}

fn expand_into(tree: &str, prefix: &[String], leaves: &mut Vec<(String, Vec<String>)>) {
    let tree = tree.trim().trim_start_matches("::");
    if let Some(open) = tree.find('{') {
        let mut base = prefix.to_vec();
        base.extend(
            tree[..open]
                .split("::")
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_string),
        );
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        for part in split_top_level(inner) {
            expand_into(part, &base, leaves);
        }
        return;
    }
    let (path, alias) = match tree.split_once(" as ") {
        Some((p, a)) => (p, Some(a.trim())),
        None => (tree, None),
    };
    let mut full = prefix.to_vec();
    full.extend(
        path.split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string),
    );
    if full.last().map(String::as_str) == Some("self") {
        full.pop();
    }
    if full.is_empty() {
        return;
    }
    let name = alias
        .map(str::to_string)
        .unwrap_or_else(|| full.last().cloned().unwrap());
    leaves.push((name, full));
}

fn split_top_level(inner: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (k, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts.into_iter().filter(|p| !p.is_empty()).collect()
}

struct Tarjan {
    index: Vec<Option<usize>>,
    low: Vec<usize>,
    on_stack: Vec<bool>,
    stack: Vec<usize>,
    counter: usize,
    components: Vec<Vec<usize>>,
}

impl Tarjan {
    fn new(n: usize) -> Tarjan {
        Tarjan {
            index: vec![None; n],
            low: vec![0; n],
            on_stack: vec![false; n],
            stack: Vec::new(),
            counter: 0,
            components: Vec::new(),
        }
    }

    fn visit(&mut self, v: usize, next: &[Vec<usize>]) {
        self.index[v] = Some(self.counter);
        self.low[v] = self.counter;
        self.counter += 1;
        self.stack.push(v);
        self.on_stack[v] = true;
        for &w in &next[v] {
            match self.index[w] {
                None => {
                    self.visit(w, next);
                    self.low[v] = self.low[v].min(self.low[w]);
                }
                Some(iw) if self.on_stack[w] => self.low[v] = self.low[v].min(iw),
                _ => {}
            }
        }
        if Some(self.low[v]) == self.index[v] {
            let mut component = Vec::new();
            while let Some(w) = self.stack.pop() {
                self.on_stack[w] = false;
                component.push(w);
                if w == v {
                    break;
                }
            }
            self.components.push(component);
        }
    }
}
