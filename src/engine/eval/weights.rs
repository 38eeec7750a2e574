//! The evaluations' weights as data: which set the search uses, and the
//! weights files (`assets/eval/GAME.weights`) that hold the tuned values.
//!
//! A weights file is text: one `name value` a line, `#` starts a comment,
//! blank lines are ignored. It must name each of the evaluation's weights
//! exactly once. The files are built into the program; a game whose file
//! does not parse plays with its original weights (a unit test keeps every
//! shipped file parsing, so that never happens in a release).

use std::fmt;
use std::str::FromStr;

use crate::rules::EvalWeights;

/// Which of a game's two weight sets an evaluation uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WeightSet {
    /// The values of the game's weights file.
    #[default]
    Tuned,
    /// The values written in the evaluation's code.
    Original,
}

impl WeightSet {
    /// The name the command line takes.
    pub fn name(self) -> &'static str {
        match self {
            WeightSet::Tuned => "tuned",
            WeightSet::Original => "original",
        }
    }

    /// This set's values among `weights`.
    pub fn pick(self, weights: &EvalWeights) -> &'static [i32] {
        match self {
            WeightSet::Tuned => weights.tuned,
            WeightSet::Original => weights.original,
        }
    }
}

impl fmt::Display for WeightSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for WeightSet {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        [WeightSet::Tuned, WeightSet::Original]
            .into_iter()
            .find(|w| w.name() == text)
            .ok_or_else(|| format!("eval must be 'tuned' or 'original', not '{text}'"))
    }
}

/// The values of a weights file, in the order of `names`; an error names
/// the first problem (a bad line, an unknown, repeated or missing name).
pub fn parse_weights(text: &str, names: &[&str]) -> Result<Vec<i32>, String> {
    let mut values: Vec<Option<i32>> = vec![None; names.len()];
    for (number, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut words = line.split_whitespace();
        let (Some(name), Some(value), None) = (words.next(), words.next(), words.next()) else {
            return Err(format!("line {}: expected 'name value'", number + 1));
        };
        let value: i32 = value
            .parse()
            .map_err(|_| format!("line {}: '{value}' is not an integer", number + 1))?;
        let Some(index) = names.iter().position(|n| *n == name) else {
            return Err(format!("line {}: unknown weight '{name}'", number + 1));
        };
        if values[index].replace(value).is_some() {
            return Err(format!("line {}: '{name}' given twice", number + 1));
        }
    }
    names
        .iter()
        .zip(values)
        .map(|(name, value)| value.ok_or_else(|| format!("weight '{name}' is missing")))
        .collect()
}

/// A weights file: the `comments` (each line prefixed with `# `), then one
/// `name value` line per weight.
pub fn format_weights(comments: &[String], names: &[&str], values: &[i32]) -> String {
    let mut text = String::new();
    for line in comments {
        text.push_str(&format!("# {line}\n").replace("# \n", "#\n"));
    }
    for (name, value) in names.iter().zip(values) {
        text.push_str(&format!("{name} {value}\n"));
    }
    text
}

/// The weights of a built-in file, or `original` where it does not parse.
pub fn tuned_or_original<const N: usize>(
    text: &str,
    names: &[&str; N],
    original: [i32; N],
) -> [i32; N] {
    parse_weights(text, names)
        .ok()
        .and_then(|values| values.try_into().ok())
        .unwrap_or(original)
}

/// Declares an evaluation's weights: index constants, the names, the
/// original values and the tuned values read once from its weights file.
/// `eval_weights!(men 2, "flaxman.weights"; PRISONER "prisoner" 300, …);`
macro_rules! eval_weights {
    (men $men:literal, $file:literal; $($index:ident $name:literal $value:expr),+ $(,)?) => {
        $crate::engine::eval::weights::eval_weights!(@index 0usize; $($index)+);
        /// How many weights the evaluation has.
        pub const WEIGHT_COUNT: usize = [$($name),+].len();
        /// The weights' names, in the order of their values.
        pub const NAMES: [&str; WEIGHT_COUNT] = [$($name),+];
        /// The original weights, as written here; kept for comparison.
        pub const ORIGINAL: [i32; WEIGHT_COUNT] = [$($value),+];
        /// The weights file, as built into the program.
        pub const TUNED_FILE: &str =
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/eval/", $file));
        /// The tuned weights, read once.
        pub static TUNED: std::sync::LazyLock<[i32; WEIGHT_COUNT]> =
            std::sync::LazyLock::new(|| {
                $crate::engine::eval::weights::tuned_or_original(TUNED_FILE, &NAMES, ORIGINAL)
            });
        /// Both sets, as the engine takes them.
        pub fn eval_weights() -> $crate::rules::EvalWeights {
            $crate::rules::EvalWeights {
                names: &NAMES,
                original: &ORIGINAL,
                tuned: &*TUNED,
                men: $men,
            }
        }
        /// The weights as an array: `weights` when it has the right length
        /// (a length check once per evaluation, then no bounds checks), else
        /// the original ones.
        #[inline(always)]
        fn weight_array(weights: &[i32]) -> &[i32; WEIGHT_COUNT] {
            weights.try_into().unwrap_or(&ORIGINAL)
        }
    };
    (@index $n:expr; $first:ident $($rest:ident)*) => {
        // Some weights are read as a run from the first of a table.
        #[allow(dead_code)]
        const $first: usize = $n;
        $crate::engine::eval::weights::eval_weights!(@index $n + 1usize; $($rest)*);
    };
    (@index $n:expr;) => {};
}
pub(crate) use eval_weights;

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: [&str; 3] = ["queen", "pawn", "tempo"];

    #[test]
    fn a_file_reads_back_what_was_written() {
        let comments = vec!["tuned".to_string(), String::new()];
        let text = format_weights(&comments, &NAMES, &[900, 100, -5]);
        assert_eq!(text, "# tuned\n#\nqueen 900\npawn 100\ntempo -5\n");
        assert_eq!(parse_weights(&text, &NAMES), Ok(vec![900, 100, -5]));
        let shuffled = "tempo 3 # a comment\n\n  pawn 90\nqueen 1000\n";
        assert_eq!(parse_weights(shuffled, &NAMES), Ok(vec![1000, 90, 3]));
    }

    #[test]
    fn bad_files_are_refused_with_what_is_wrong() {
        for (text, needle) in [
            ("queen 900\npawn 100\n", "'tempo' is missing"),
            (
                "queen 900\npawn 100\ntempo 1\nking 0\n",
                "line 4: unknown weight 'king'",
            ),
            ("queen 900\nqueen 901\n", "line 2: 'queen' given twice"),
            ("queen nine\n", "line 1: 'nine' is not an integer"),
            ("queen 900 1\n", "line 1: expected 'name value'"),
        ] {
            let error = parse_weights(text, &NAMES).unwrap_err();
            assert!(error.contains(needle), "{text:?}: {error}");
        }
        assert_eq!(tuned_or_original("queen x", &NAMES, [1, 2, 3]), [1, 2, 3]);
    }

    #[test]
    fn weight_sets_by_name() {
        assert_eq!("original".parse(), Ok(WeightSet::Original));
        assert_eq!("tuned".parse(), Ok(WeightSet::Tuned));
        let error = "best".parse::<WeightSet>().unwrap_err();
        assert!(error.contains("'tuned' or 'original'"), "{error}");
    }
}
