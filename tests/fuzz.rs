//! Property tests over every parser: position text, move notation, the
//! saved game (JSON) and the exported text record. Each gets at least
//! [`INPUTS`] generated inputs per run — mutations of valid inputs (cut,
//! spliced, byte-flipped, huge numbers, unicode, empty …) and random
//! strings — and each input must parse or be refused, never panic or hang.
//! Whatever parses must also be playable: its legal moves, every move
//! played and taken back, its text written and read again.
//!
//! And for [`ROUND_TRIPS`] random positions per game, reading what was
//! written gives the same position with the same legal moves.
//!
//! Everything is seeded: a failure names its input and replays exactly.
//! `VARIANTARIUM_FUZZ_SCALE=10` runs ten times as many inputs.

use std::collections::HashSet;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use serde_json::Value;
use variantarium::record::{self, GameRecord};
use variantarium::rules::dispatch::VariantVisitor;
use variantarium::rules::history::DrawRules;
use variantarium::rules::random::Rng;
use variantarium::rules::session::{Session, new_session};
use variantarium::rules::variant::{PawnKind, Promotion, Variant, VariantId};
use variantarium::rules::{Position, sorted_moves};

/// Generated inputs per parser (per game for the game-specific ones).
const INPUTS: usize = 100_000;
/// Random positions per game that must survive a trip through their text.
const ROUND_TRIPS: usize = 10_000;
/// No single input may take longer than this (a hang shows up as the test
/// never finishing; a near-hang as this).
const SLOWEST: Duration = Duration::from_secs(2);

fn scale() -> usize {
    std::env::var("VARIANTARIUM_FUZZ_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|&s| s > 0)
        .unwrap_or(1)
}

// ---------------------------------------------------------------------------
// Inputs

/// Numbers that overflow something: a u8, an i8, a u16, a u32, a u64.
const NUMBERS: &[&str] = &[
    "0",
    "00",
    "1",
    "7",
    "9",
    "10",
    "12",
    "13",
    "99",
    "100",
    "127",
    "128",
    "129",
    "255",
    "256",
    "999",
    "32767",
    "65535",
    "65536",
    "2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999999999999",
    "-1",
    "-128",
    "-129",
    "+1",
    "+0",
    "1e9",
    "1.5",
    "NaN",
    "-0",
];

/// Characters that are not what they seem: multi-byte, case-changing,
/// digit-like, invisible, control.
const UNICODE: &[&str] = &[
    "é",
    "ß",
    "İ",
    "ı",
    "ﬀ",
    "ǅ",
    "Ω",
    "ŉ",
    "\u{0}",
    "\u{7f}",
    "\u{300}",
    "\u{200b}",
    "\u{202e}",
    "\u{feff}",
    "\u{a0}",
    "\u{2003}",
    "\u{2028}",
    "１",
    "٣",
    "Ⅷ",
    "²",
    "½",
    "🂡",
    "♔",
    "♚",
    "𝕒",
    "\u{10ffff}",
    "\u{fffd}",
    "\r",
    "\t",
    "\n",
    "\\",
    "\"",
];

/// What an input is, for the mutations that keep its shape so that more
/// inputs get past the first checks and into the rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Shape {
    /// Only the byte- and character-level mutations.
    Plain,
    /// A position text: a placement field of ranks or files separated by
    /// `/`, then other fields separated by spaces.
    Board,
    /// JSON.
    Json,
    /// Words separated by spaces (a text record).
    Words,
}

/// Mutates valid inputs into invalid (or differently valid) ones.
struct Mutator {
    rng: Rng,
    shape: Shape,
    /// Characters the parser at hand cares about.
    alphabet: Vec<char>,
    /// Piece letters (Board), strings in the files (Json), words (Words).
    pool: Vec<String>,
}

impl Mutator {
    fn new(seed: u64, shape: Shape, corpus: &[String]) -> Self {
        let mut alphabet: Vec<char> = corpus.iter().flat_map(|t| t.chars()).collect();
        alphabet.extend(" /-=^,.[]{}\"0123456789".chars());
        alphabet.sort_unstable();
        alphabet.dedup();
        let mut pool: Vec<String> = match shape {
            Shape::Plain => Vec::new(),
            Shape::Board => corpus
                .iter()
                .flat_map(|t| t.split(' ').next().unwrap_or("").chars())
                .filter(|c| c.is_alphabetic())
                .map(String::from)
                .collect(),
            Shape::Json => corpus
                .iter()
                .filter_map(|t| serde_json::from_str::<Value>(t).ok())
                .flat_map(|v| json_strings(&v))
                .collect(),
            Shape::Words => corpus
                .iter()
                .flat_map(|t| t.split_whitespace().map(String::from))
                .collect(),
        };
        pool.sort_unstable();
        pool.dedup();
        Mutator {
            rng: Rng::new(seed),
            shape,
            alphabet,
            pool,
        }
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { self.rng.below(n) }
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    fn pooled(&mut self) -> String {
        if self.pool.is_empty() {
            return String::new();
        }
        let at = self.below(self.pool.len());
        self.pool[at].clone()
    }

    fn some_char(&mut self) -> char {
        match self.below(10) {
            0..=6 => {
                let at = self.below(self.alphabet.len());
                self.alphabet[at]
            }
            7 => (b' ' + self.below(95) as u8) as char,
            8 => self.pick(UNICODE).chars().next().unwrap_or('?'),
            _ => char::from_u32(self.rng.next_u64() as u32 % 0x11_0000).unwrap_or('\u{fffd}'),
        }
    }

    /// A random string: mostly the parser's own alphabet.
    fn random(&mut self) -> String {
        let len = match self.below(8) {
            0 => 0,
            1..=5 => self.below(24),
            6 => self.below(120),
            _ => self.below(600),
        };
        (0..len).map(|_| self.some_char()).collect()
    }

    /// The next input: a random string, or mutations of a valid one (a
    /// shape-keeping one a quarter of the time), mostly just one or two.
    fn input(&mut self, corpus: &[String]) -> String {
        let mut text = self.pick(corpus).clone();
        let plain = match self.below(16) {
            0 => return self.random(),
            1 => return String::new(),
            2..=5 if self.shape != Shape::Plain => {
                text = match self.shape {
                    Shape::Board => self.reshape(&text, corpus),
                    Shape::Json => self.json(&text),
                    _ => self.words(&text),
                };
                usize::from(self.below(3) == 0)
            }
            _ => 1 + usize::from(self.below(2) == 0) * self.below(4),
        };
        for _ in 0..plain {
            text = self.mutate(text, corpus);
        }
        text
    }

    /// A position text with its placement changed but its shape kept: men
    /// swapped, moved, added, removed or shuffled; sometimes another text's
    /// field in place of one of the other fields.
    fn reshape(&mut self, text: &str, corpus: &[String]) -> String {
        let (placement, rest) = text.split_once(' ').unwrap_or((text, ""));
        let mut ranks: Vec<Vec<char>> = placement.split('/').map(expand).collect();
        let cells: Vec<(usize, usize)> = ranks
            .iter()
            .enumerate()
            .flat_map(|(r, rank)| (0..rank.len()).map(move |i| (r, i)))
            .collect();
        if !cells.is_empty() {
            for _ in 0..1 + self.below(3) {
                let (r, i) = *self.pick(&cells);
                let (r2, i2) = *self.pick(&cells);
                match self.below(6) {
                    0 | 1 => {
                        let c = ranks[r][i];
                        ranks[r][i] = ranks[r2][i2];
                        ranks[r2][i2] = c;
                    }
                    2 => {
                        let letter = self.pooled();
                        ranks[r][i] = letter.chars().next().unwrap_or('.');
                    }
                    3 => ranks[r][i] = '.',
                    4 => {
                        // Move a man to an empty cell.
                        if ranks[r][i] != '.' && ranks[r2][i2] == '.' {
                            ranks[r2][i2] = ranks[r][i];
                            ranks[r][i] = '.';
                        }
                    }
                    _ => {
                        for k in (1..cells.len()).rev() {
                            let j = self.below(k + 1);
                            let ((a, b), (c, d)) = (cells[k], cells[j]);
                            let t = ranks[a][b];
                            ranks[a][b] = ranks[c][d];
                            ranks[c][d] = t;
                        }
                    }
                }
            }
        }
        let mut fields: Vec<String> = rest.split(' ').map(String::from).collect();
        if self.below(3) == 0 {
            let other = self.pick(corpus).clone();
            let other: Vec<&str> = other.split(' ').skip(1).collect();
            let k = self.below(fields.len());
            if let Some(field) = other.get(k) {
                fields[k] = field.to_string();
            }
        }
        let placement: Vec<String> = ranks.iter().map(|r| compress(r)).collect();
        let mut out = placement.join("/");
        if !rest.is_empty() {
            out.push(' ');
            out.push_str(&fields.join(" "));
        }
        out
    }

    /// JSON with one value changed: a key dropped or added, an array cut,
    /// doubled or reordered, a value of another type or another string.
    fn json(&mut self, text: &str) -> String {
        let Ok(mut value) = serde_json::from_str::<Value>(text) else {
            return text.to_string();
        };
        for _ in 0..1 + self.below(2) {
            self.json_node(&mut value);
        }
        if self.below(2) == 0 {
            value.to_string()
        } else {
            serde_json::to_string_pretty(&value).unwrap_or_default()
        }
    }

    fn json_node(&mut self, value: &mut Value) {
        match value {
            Value::Object(map) if !map.is_empty() && self.below(5) != 0 => {
                let keys: Vec<String> = map.keys().cloned().collect();
                let key = self.pick(&keys).clone();
                match self.below(8) {
                    0 => {
                        map.remove(&key);
                    }
                    1 => {
                        let extra = self.pooled();
                        map.insert(extra, Value::String(key));
                    }
                    _ => {
                        if let Some(inner) = map.get_mut(&key) {
                            self.json_node(inner);
                        }
                    }
                }
            }
            Value::Array(items) if !items.is_empty() && self.below(5) != 0 => {
                let a = self.below(items.len());
                let b = self.below(items.len());
                match self.below(7) {
                    0 => {
                        items.remove(a);
                    }
                    1 => items.insert(a, items[b].clone()),
                    2 => items.swap(a, b),
                    3 => items.truncate(a),
                    _ => self.json_node(&mut items[a]),
                }
            }
            _ => self.json_leaf(value),
        }
    }

    fn json_leaf(&mut self, value: &mut Value) {
        *value = match self.below(9) {
            0 => Value::Null,
            1 => Value::Bool(self.below(2) == 0),
            2 | 3 => {
                let number = *self.pick(NUMBERS);
                serde_json::from_str(number).unwrap_or_else(|_| Value::String(number.into()))
            }
            4 => Value::Array(Vec::new()),
            5 => Value::Object(serde_json::Map::new()),
            6 => match value {
                Value::String(text) => {
                    let text = std::mem::take(text);
                    Value::String(self.mutate(text, &[String::new()]))
                }
                _ => Value::String(self.random()),
            },
            _ => Value::String(self.pooled()),
        };
    }

    /// Words replaced, dropped, doubled or swapped (a text record's moves,
    /// numbers and tags).
    fn words(&mut self, text: &str) -> String {
        let mut words: Vec<String> = text.split(' ').map(String::from).collect();
        for _ in 0..1 + self.below(3) {
            let a = self.below(words.len());
            let b = self.below(words.len());
            match self.below(5) {
                0 => {
                    words.remove(a);
                    if words.is_empty() {
                        break;
                    }
                }
                1 => words.insert(a, words[b].clone()),
                2 => words.swap(a, b),
                _ => words[a] = self.pooled(),
            }
        }
        words.join(" ")
    }

    fn char_bound(&mut self, text: &str) -> usize {
        let bounds: Vec<usize> = text
            .char_indices()
            .map(|(i, _)| i)
            .chain([text.len()])
            .collect();
        *self.pick(&bounds)
    }

    fn range(&mut self, text: &str) -> (usize, usize) {
        let a = self.char_bound(text);
        let b = self.char_bound(text);
        (a.min(b), a.max(b))
    }

    fn mutate(&mut self, text: String, corpus: &[String]) -> String {
        let len = text.len();
        match self.below(17) {
            // Cut: keep a prefix, a suffix, or drop a middle.
            0 => text[..self.char_bound(&text)].to_string(),
            1 => text[self.char_bound(&text)..].to_string(),
            2 => {
                let (a, b) = self.range(&text);
                format!("{}{}", &text[..a], &text[b..])
            }
            // Splice with another valid input.
            3 => {
                let other = self.pick(corpus).clone();
                let a = self.char_bound(&text);
                let b = self.char_bound(&other);
                format!("{}{}", &text[..a], &other[b..])
            }
            // Flip a bit of a byte (and read the bytes back lossily).
            4 if len > 0 => {
                let mut bytes = text.into_bytes();
                let at = self.below(len);
                bytes[at] ^= 1 << self.below(8);
                String::from_utf8_lossy(&bytes).into_owned()
            }
            // A byte replaced by any byte.
            5 if len > 0 => {
                let mut bytes = text.into_bytes();
                let at = self.below(len);
                bytes[at] = self.rng.next_u64() as u8;
                String::from_utf8_lossy(&bytes).into_owned()
            }
            // A huge (or signed, or fractional) number in place of a digit
            // run or anywhere.
            6 | 7 => self.put_number(&text),
            // Unicode inserted or in place of a character.
            8 => {
                let u = *self.pick(UNICODE);
                let (a, b) = self.one_char(&text);
                let b = if self.below(2) == 0 { a } else { b };
                format!("{}{u}{}", &text[..a], &text[b..])
            }
            // A character replaced by one of the alphabet.
            9 | 10 => {
                let c = self.some_char();
                let (a, b) = self.one_char(&text);
                format!("{}{c}{}", &text[..a], &text[b..])
            }
            // A character inserted.
            11 => {
                let c = self.some_char();
                let at = self.char_bound(&text);
                format!("{}{c}{}", &text[..at], &text[at..])
            }
            // Two characters swapped (keeps the shape, changes the content).
            12 => {
                let mut chars: Vec<char> = text.chars().collect();
                if !chars.is_empty() {
                    let a = self.below(chars.len());
                    let b = self.below(chars.len());
                    chars.swap(a, b);
                }
                chars.into_iter().collect()
            }
            // A stretch repeated (long inputs), at most a few kilobytes.
            13 => self.repeat_stretch(&text),
            // Whitespace-separated fields dropped, doubled or swapped.
            14 => self.shuffle_fields(&text),
            // Case flipped.
            15 => self.flip_case(&text),
            // A separator or padding where it does not belong.
            _ => {
                let pad = *self.pick(&["", " ", "  ", "\t", "\n", "/", "//", "-", ",", "=", "^"]);
                let at = self.char_bound(&text);
                format!("{}{pad}{}", &text[..at], &text[at..])
            }
        }
    }

    /// A huge (or signed, or fractional) number in place of a digit run or anywhere.
    fn put_number(&mut self, text: &str) -> String {
        let number = *self.pick(NUMBERS);
        let digits: Vec<(usize, usize)> = digit_runs(text);
        if !digits.is_empty() && self.below(3) > 0 {
            let (a, b) = *self.pick(&digits);
            format!("{}{number}{}", &text[..a], &text[b..])
        } else {
            let at = self.char_bound(text);
            format!("{}{number}{}", &text[..at], &text[at..])
        }
    }

    /// A stretch repeated (long inputs), at most a few kilobytes.
    fn repeat_stretch(&mut self, text: &str) -> String {
        let (a, b) = self.range(text);
        let most = if self.below(4) == 0 { 200 } else { 3 };
        let times = 1 + self.below(most);
        let piece = text[a..b].repeat(times);
        let mut out = format!("{}{piece}{}", &text[..b], &text[b..]);
        if out.len() > 8192 {
            let cut = (0..=8192).rev().find(|&i| out.is_char_boundary(i));
            out.truncate(cut.unwrap_or(0));
        }
        out
    }

    /// Whitespace-separated fields dropped, doubled or swapped.
    fn shuffle_fields(&mut self, text: &str) -> String {
        let mut fields: Vec<&str> = text.split(' ').collect();
        if !fields.is_empty() {
            let a = self.below(fields.len());
            let b = self.below(fields.len());
            match self.below(3) {
                0 => {
                    fields.remove(a);
                }
                1 => fields.insert(a, fields[b]),
                _ => fields.swap(a, b),
            }
        }
        fields.join(" ")
    }

    /// One character's case flipped.
    fn flip_case(&mut self, text: &str) -> String {
        let (a, b) = self.one_char(text);
        let c = &text[a..b];
        let flipped = if c.chars().any(char::is_uppercase) {
            c.to_lowercase()
        } else {
            c.to_uppercase()
        };
        format!("{}{flipped}{}", &text[..a], &text[b..])
    }

    /// The byte range of one character (empty at the end of an empty text).
    fn one_char(&mut self, text: &str) -> (usize, usize) {
        let chars: Vec<(usize, char)> = text.char_indices().collect();
        if chars.is_empty() {
            return (0, 0);
        }
        let (at, c) = *self.pick(&chars);
        (at, at + c.len_utf8())
    }
}

fn digit_runs(text: &str) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
        match (c.is_ascii_digit(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                runs.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    runs
}

/// A rank or file with its runs of empty cells spelt out as `.`.
fn expand(rank: &str) -> Vec<char> {
    let mut out = Vec::new();
    let mut run = 0usize;
    for c in rank.chars() {
        match c.to_digit(10) {
            Some(d) => run = (run * 10 + d as usize).min(40),
            None => {
                out.extend(std::iter::repeat_n('.', run));
                run = 0;
                out.push(c);
            }
        }
    }
    out.extend(std::iter::repeat_n('.', run));
    out
}

/// The runs of `.` written as numbers again.
fn compress(rank: &[char]) -> String {
    let mut out = String::new();
    let mut run = 0;
    for &c in rank {
        if c == '.' {
            run += 1;
        } else {
            if run > 0 {
                out.push_str(&run.to_string());
                run = 0;
            }
            out.push(c);
        }
    }
    if run > 0 {
        out.push_str(&run.to_string());
    }
    out
}

fn json_strings(value: &Value) -> Vec<String> {
    match value {
        Value::String(s) => vec![s.clone()],
        Value::Array(items) => items.iter().flat_map(json_strings).collect(),
        Value::Object(map) => map
            .iter()
            .flat_map(|(k, v)| std::iter::once(k.clone()).chain(json_strings(v)))
            .collect(),
        _ => Vec::new(),
    }
}

/// Runs `check` on `count` generated inputs; a panic or a slow input fails
/// the test naming the input (and its number, to replay it).
fn fuzz(
    what: &str,
    seed: u64,
    shape: Shape,
    corpus: &[String],
    count: usize,
    mut check: impl FnMut(&str, usize) -> bool,
) -> usize {
    assert!(!corpus.is_empty(), "{what}: no valid inputs to mutate");
    let mut mutator = Mutator::new(seed, shape, corpus);
    let mut accepted = 0;
    let mut slowest = (Duration::ZERO, String::new());
    for i in 0..count * scale() {
        let input = mutator.input(corpus);
        let started = Instant::now();
        match catch_unwind(AssertUnwindSafe(|| check(&input, i))) {
            Ok(ok) => accepted += usize::from(ok),
            Err(_) => panic!("{what}: input {i} (seed {seed}) panicked: {input:?}"),
        }
        let took = started.elapsed();
        if took > slowest.0 {
            slowest = (took, input);
        }
    }
    assert!(
        slowest.0 < SLOWEST,
        "{what}: an input took {:?}: {:?}",
        slowest.0,
        slowest.1
    );
    // Mutations must reach past the first checks: some inputs parse.
    assert!(
        accepted > 0,
        "{what}: none of the inputs parsed; the mutations are too blunt"
    );
    accepted
}

// ---------------------------------------------------------------------------
// Games

/// Every implemented variant, the hex ones with each pawn-like piece and
/// the Anglojewish ones with each straight-promotee option.
fn all_variants() -> Vec<Variant> {
    let mut variants = Variant::implemented();
    for id in VariantId::ALL.into_iter().filter(|id| id.takes_pawn_kind()) {
        for pawn in PawnKind::ALL {
            if let Ok(v) = Variant::with_pawn(id, Some(pawn))
                && v.visit(Probe).is_ok()
            {
                variants.push(v);
            }
        }
    }
    for id in VariantId::ALL.into_iter().filter(|id| id.takes_promotion()) {
        for promotion in [Promotion::Straight, Promotion::StraightCurved] {
            if let Ok(v) = Variant::new(id).with_promotion(Some(promotion))
                && v.visit(Probe).is_ok()
            {
                variants.push(v);
            }
        }
    }
    variants
}

struct Probe;

impl VariantVisitor for Probe {
    type Output = ();
    fn visit<P: Position>(self, _options: P::Options) {}
}

/// Positions reached by random play from the start: the start first, then
/// one position from each of `count - 1` random games of random length.
fn random_positions<P: Position>(options: &P::Options, count: usize, seed: u64) -> Vec<P> {
    let mut rng = Rng::new(seed);
    let start = P::start(options);
    let mut positions = vec![start.clone()];
    let mut moves = Vec::new();
    let mut pos = start.clone();
    let mut left = 0;
    while positions.len() < count {
        if left == 0 {
            pos = start.clone();
            left = 1 + rng.below(160);
        }
        moves.clear();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            positions.push(pos.clone());
            left = 0;
            continue;
        }
        pos.play(moves[rng.below(moves.len())]);
        left -= 1;
        // Several positions per game, so the long games cost no more.
        if left == 0 || rng.below(24) == 0 {
            positions.push(pos.clone());
        }
    }
    positions
}

/// Everything a game does with a position it has read: none of it may panic.
fn exercise<P: Position>(pos: &P, rng: &mut Rng) {
    let text = pos.to_text();
    let back = P::from_text(&text, pos.options())
        .unwrap_or_else(|e| panic!("'{text}' was written but does not read back: {e}"));
    assert_eq!(&back, pos, "'{text}' reads back as another position");
    assert_eq!(pos.hash(), pos.hash_from_scratch());
    let _ = (
        pos.in_check(),
        pos.outcome(),
        pos.placements(),
        pos.check_hints(),
    );
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert_eq!(pos.count_legal_moves(), moves.len() as u64);
    let mut walk = pos.clone();
    if !moves.is_empty() {
        // One move's notation read back (all of them would cost a square).
        let mv = moves[rng.below(moves.len())];
        let text = walk.move_text(mv);
        assert_eq!(walk.parse_move(&text), Ok(mv), "'{text}'");
    }
    for &mv in &moves {
        let text = walk.move_text(mv);
        let _ = (walk.route(mv), walk.effects(mv), walk.is_noisy(mv));
        let undo = walk.play(mv);
        assert_eq!(walk.hash(), walk.hash_from_scratch(), "after {text}");
        walk.undo(mv, undo);
    }
    assert_eq!(&walk, pos, "play and undo of every move");
    // A few plies on: a strange position must stay playable.
    for _ in 0..4 {
        moves.clear();
        walk.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        walk.play(moves[rng.below(moves.len())]);
        let _ = (walk.to_text(), walk.outcome(), walk.in_check());
    }
}

// ---------------------------------------------------------------------------
// Position text

struct PositionFuzz {
    count: usize,
    seed: u64,
}

impl VariantVisitor for PositionFuzz {
    type Output = usize;

    fn visit<P: Position>(self, options: P::Options) -> usize {
        let positions: Vec<P> = random_positions(&options, 300, self.seed);
        let corpus: Vec<String> = positions.iter().map(P::to_text).collect();
        let mut rng = Rng::new(self.seed ^ 0xF00D);
        fuzz(
            "position text",
            self.seed,
            Shape::Board,
            &corpus,
            self.count,
            |input, _| match P::from_text(input, &options) {
                Ok(pos) => {
                    exercise(&pos, &mut rng);
                    true
                }
                Err(e) => {
                    assert!(!e.reason.is_empty());
                    false
                }
            },
        )
    }
}

/// Splits the inputs of one game type among its variants.
fn per_game(ids: &[VariantId], total: usize, run: impl Fn(Variant, usize, u64) -> usize) {
    let variants: Vec<Variant> = all_variants()
        .into_iter()
        .filter(|v| ids.contains(&v.id))
        .collect();
    assert!(!variants.is_empty());
    let share = total.div_ceil(variants.len());
    for (i, variant) in variants.into_iter().enumerate() {
        let accepted = run(variant, share, 1000 + i as u64);
        eprintln!("{variant:?}: {accepted} of {share} inputs parsed");
    }
}

const HEX: [VariantId; 7] = [
    VariantId::Glinski,
    VariantId::McCooey,
    VariantId::AjGlinski,
    VariantId::AjMcCooey,
    VariantId::AjGlinskiMixed,
    VariantId::AjMcCooeyMixed,
    VariantId::AjCompact,
];

fn fuzz_position_text(ids: &[VariantId]) {
    per_game(ids, INPUTS, |variant, count, seed| {
        variant
            .visit(PositionFuzz { count, seed })
            .expect("implemented")
    });
}

#[test]
fn flaxman_position_text_never_panics() {
    fuzz_position_text(&[VariantId::Flaxman]);
}

#[test]
fn tapestry_position_text_never_panics() {
    fuzz_position_text(&[VariantId::Tapestry]);
}

#[test]
fn hex_position_text_never_panics() {
    fuzz_position_text(&HEX);
}

#[test]
fn chakra_position_text_never_panics() {
    fuzz_position_text(&[VariantId::Chakra]);
}

// ---------------------------------------------------------------------------
// Move notation

struct MoveFuzz {
    count: usize,
    seed: u64,
}

impl VariantVisitor for MoveFuzz {
    type Output = usize;

    fn visit<P: Position>(self, options: P::Options) -> usize {
        let positions: Vec<P> = random_positions(&options, 40, self.seed);
        let mut corpus: Vec<String> = positions
            .iter()
            .flat_map(|p| sorted_moves(p).into_iter().map(|(text, _)| text))
            .collect();
        corpus.sort();
        corpus.dedup();
        // Other games' shapes too: a Loom step, a flip, a promotion.
        corpus.extend(["N-O", "a1^", "b2-c3^", "c5-c6=Q", "f11-f10", "e2-e3"].map(String::from));
        let mut rng = Rng::new(self.seed);
        fuzz(
            "move notation",
            self.seed,
            Shape::Plain,
            &corpus,
            self.count,
            |input, _| {
                let pos = &positions[rng.below(positions.len())];
                match pos.parse_move(input) {
                    Ok(mv) => {
                        let mut legal = Vec::new();
                        pos.legal_moves(&mut legal);
                        assert!(legal.contains(&mv), "{input:?} parsed to an illegal move");
                        assert_eq!(pos.move_text(mv), input.trim());
                        true
                    }
                    Err(e) => {
                        assert!(!e.to_string().is_empty());
                        false
                    }
                }
            },
        )
    }
}

fn fuzz_move_notation(ids: &[VariantId]) {
    per_game(ids, INPUTS, |variant, count, seed| {
        variant
            .visit(MoveFuzz { count, seed })
            .expect("implemented")
    });
}

#[test]
fn flaxman_move_notation_never_panics() {
    fuzz_move_notation(&[VariantId::Flaxman]);
}

#[test]
fn tapestry_move_notation_never_panics() {
    fuzz_move_notation(&[VariantId::Tapestry]);
}

#[test]
fn hex_move_notation_never_panics() {
    fuzz_move_notation(&HEX);
}

#[test]
fn chakra_move_notation_never_panics() {
    fuzz_move_notation(&[VariantId::Chakra]);
}

// ---------------------------------------------------------------------------
// Saved games and text records

/// Short random games of every variant, some from another start, some with
/// moves taken back, with every combination of draw rules.
fn random_sessions(count: usize, seed: u64) -> Vec<Box<dyn Session>> {
    let mut rng = Rng::new(seed);
    let variants = all_variants();
    let mut sessions = Vec::new();
    for i in 0..count {
        let variant = variants[i % variants.len()];
        let rules = DrawRules {
            repetition: rng.below(2) == 0,
            fifty_moves: rng.below(2) == 0,
        };
        let mut session = new_session(variant, rules, None).expect("implemented");
        if rng.below(4) == 0 {
            // From a later position, as a position text.
            for _ in 0..rng.below(20) {
                let moves = session.legal_moves();
                if moves.is_empty() {
                    break;
                }
                session.play(&moves[rng.below(moves.len())].text).unwrap();
            }
            let text = session.position_text();
            session = new_session(variant, rules, Some(&text)).expect("its own text");
        }
        for _ in 0..rng.below(14) {
            let moves = session.legal_moves();
            if moves.is_empty() {
                break;
            }
            session.play(&moves[rng.below(moves.len())].text).unwrap();
        }
        for _ in 0..rng.below(3) {
            session.undo();
        }
        sessions.push(session);
    }
    sessions
}

/// What the app and the CLI do with a loaded game: none of it may panic,
/// and saving it again loads the same game.
fn exercise_session(session: &dyn Session) {
    let _ = (
        session.layout(),
        session.placements(),
        session.legal_moves(),
        session.outcome(),
        session.in_check(),
        session.check_hints(),
        session.redo_moves(),
    );
    let record = GameRecord::of(session);
    let again = record::parse(&record.to_json())
        .unwrap_or_else(|e| panic!("a loaded game saves to a file that does not load: {e}"));
    assert_eq!(again.position_text(), session.position_text());
    assert_eq!(again.moves(), session.moves());
    assert_eq!(again.redo_moves(), session.redo_moves());
}

fn fuzz_records(what: &str, seed: u64, shape: Shape, write: impl Fn(&GameRecord) -> String) {
    let sessions = random_sessions(120, seed);
    let corpus: Vec<String> = sessions
        .iter()
        .map(|s| write(&GameRecord::of(s.as_ref())))
        .collect();
    let accepted = fuzz(
        what,
        seed,
        shape,
        &corpus,
        INPUTS,
        |input, _| match record::parse(input) {
            Ok(session) => {
                exercise_session(session.as_ref());
                true
            }
            Err(e) => {
                assert!(!e.is_empty());
                false
            }
        },
    );
    eprintln!("{what}: {accepted} of {INPUTS} inputs loaded");
}

#[test]
fn saved_game_json_never_panics() {
    fuzz_records("saved game", 77, Shape::Json, GameRecord::to_json);
}

#[test]
fn text_record_never_panics() {
    fuzz_records("text record", 78, Shape::Words, GameRecord::to_text);
}

#[test]
fn records_round_trip_in_both_formats() {
    for session in random_sessions(400, 79) {
        let record = GameRecord::of(session.as_ref());
        let from_json = record::parse(&record.to_json()).expect("its own JSON");
        assert_eq!(GameRecord::of(from_json.as_ref()), record);
        let from_text = record::parse(&record.to_text()).expect("its own text record");
        assert_eq!(from_text.position_text(), session.position_text());
        assert_eq!(from_text.moves(), session.moves());
        assert_eq!(from_text.draw_rules(), session.draw_rules());
    }
}

// ---------------------------------------------------------------------------
// Round trip

struct RoundTrip {
    count: usize,
    seed: u64,
}

impl VariantVisitor for RoundTrip {
    type Output = ();

    fn visit<P: Position>(self, options: P::Options) {
        for pos in random_positions::<P>(&options, self.count, self.seed) {
            let text = pos.to_text();
            let back = P::from_text(&text, &options)
                .unwrap_or_else(|e| panic!("'{text}' does not read back: {e}"));
            assert_eq!(back, pos, "'{text}' reads back as another position");
            assert_eq!(back.hash(), pos.hash(), "'{text}'");
            assert_eq!(back.to_text(), text);
            // The same moves, perhaps listed in another order (Flaxman
            // keeps its men in the order they were read).
            let (mut a, mut b) = (Vec::new(), Vec::new());
            back.legal_moves(&mut a);
            pos.legal_moves(&mut b);
            let set = |moves: Vec<P::Move>| moves.into_iter().collect::<HashSet<_>>();
            assert_eq!(a.len(), b.len(), "'{text}': another number of legal moves");
            assert_eq!(set(a), set(b), "'{text}': other legal moves");
        }
    }
}

fn round_trip(ids: &[VariantId]) {
    per_game(ids, ROUND_TRIPS * scale(), |variant, count, seed| {
        variant
            .visit(RoundTrip { count, seed })
            .expect("implemented");
        count
    });
}

#[test]
fn flaxman_positions_round_trip_through_their_text() {
    round_trip(&[VariantId::Flaxman]);
}

#[test]
fn tapestry_positions_round_trip_through_their_text() {
    round_trip(&[VariantId::Tapestry]);
}

#[test]
fn hex_positions_round_trip_through_their_text() {
    // Every hex variant gets its full share, not a seventh of it.
    for id in HEX {
        round_trip(&[id]);
    }
}

#[test]
fn chakra_positions_round_trip_through_their_text() {
    round_trip(&[VariantId::Chakra]);
}
