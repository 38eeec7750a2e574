//! A match's journal (`match --journal FILE`): every finished pair or run,
//! one line each, so that a long match stopped (a closed session, a killed
//! process) goes on where it stopped. A game depends only on the seed, the
//! players and its place, so the games a journal spares are the games the
//! match would play again: resumed, it prints what it would have printed
//! in one go. A journal belongs to one build of the engine.
//!
//! ```text
//! variantarium match journal
//! match aj-glinski-3p a 4 b 3 seed 1 opening-plies 4 max-plies 400
//! 0 4W 1L 1L
//! 1 2D 1L 4W
//! ```
//!
//! After the two header lines, a sample's index and each of its games as
//! A's quarter points and W, D or L (A's win, a draw, A's loss).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::match_games::{Class, GameScore};
use crate::record::write_atomically;

const TITLE: &str = "variantarium match journal";

/// An open journal: the samples it holds, and where new ones are appended.
pub struct Journal {
    path: PathBuf,
    /// The samples already played, in order from sample 0.
    pub samples: Vec<Vec<GameScore>>,
}

impl Journal {
    /// Opens the journal at `path` for the match `key` describes (creating
    /// it when absent). A journal of another match, or one that does not
    /// read, is refused with a line naming the problem. A last line cut
    /// short (the process stopped while writing it) is dropped.
    pub fn open(path: &Path, key: &str, per_sample: usize) -> Result<Journal, String> {
        let name = path.display();
        let text = match fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(format!("--journal {name}: cannot read it: {e}")),
        };
        // Only whole lines count.
        let whole = &text[..text.rfind('\n').map_or(0, |end| end + 1)];
        let mut lines = whole.lines();
        let samples = match (lines.next(), lines.next()) {
            (None, _) => Vec::new(),
            (Some(TITLE), Some(written)) if written == key => {
                read_samples(lines, per_sample).map_err(|e| format!("--journal {name}: {e}"))?
            }
            (Some(TITLE), Some(written)) => {
                return Err(format!(
                    "--journal {name} is another match's ('{written}'), not '{key}'"
                ));
            }
            _ => return Err(format!("--journal {name} is not a match journal")),
        };
        let journal = Journal {
            path: path.to_path_buf(),
            samples,
        };
        journal.rewrite(key)?;
        Ok(journal)
    }

    /// Writes the header and the samples held, atomically (a temporary file
    /// renamed over the journal), so that the file ends with a whole line.
    fn rewrite(&self, key: &str) -> Result<(), String> {
        let mut text = format!("{TITLE}\n{key}\n");
        for (index, games) in self.samples.iter().enumerate() {
            text.push_str(&sample_line(index as u64, games));
        }
        write_atomically(&self.path, &text)
            .map_err(|e| format!("--journal {}: cannot write it: {e}", self.path.display()))
    }

    /// Appends sample `index` as one line, flushed before the match goes
    /// on.
    pub fn append(&self, index: u64, games: &[GameScore]) -> Result<(), String> {
        let name = self.path.display();
        let mut file = fs::OpenOptions::new()
            .append(true)
            .open(&self.path)
            .map_err(|e| format!("--journal {name}: cannot open it: {e}"))?;
        file.write_all(sample_line(index, games).as_bytes())
            .and_then(|()| file.sync_data())
            .map_err(|e| format!("--journal {name}: cannot write it: {e}"))
    }
}

/// `3 4W 1L 2D\n`
fn sample_line(index: u64, games: &[GameScore]) -> String {
    let mut line = index.to_string();
    for game in games {
        let class = match game.class {
            Class::Win => 'W',
            Class::Draw => 'D',
            Class::Loss => 'L',
        };
        line.push_str(&format!(" {}{class}", game.quarters));
    }
    line.push('\n');
    line
}

/// The sample lines after the header: numbered 0, 1, 2 … in order, each
/// with `per_sample` games.
fn read_samples<'a>(
    lines: impl Iterator<Item = &'a str>,
    per_sample: usize,
) -> Result<Vec<Vec<GameScore>>, String> {
    let mut samples = Vec::new();
    for (n, line) in lines.enumerate() {
        let at = n + 3;
        let mut words = line.split(' ');
        let index = words.next().and_then(|w| w.parse::<usize>().ok());
        if index != Some(n) {
            return Err(format!("line {at} should begin with sample {n}: '{line}'"));
        }
        let games = words
            .map(read_game)
            .collect::<Option<Vec<_>>>()
            .filter(|games| games.len() == per_sample)
            .ok_or_else(|| {
                format!("line {at} should hold {per_sample} games like '4W 2D 0L': '{line}'")
            })?;
        samples.push(games);
    }
    Ok(samples)
}

/// `4W`: A's quarter points (0 to 4) and the game's class for A.
fn read_game(word: &str) -> Option<GameScore> {
    let (quarters, class) = word.split_at_checked(word.len().checked_sub(1)?)?;
    let quarters = quarters.parse::<u8>().ok().filter(|q| *q <= 4)?;
    let class = match class {
        "W" => Class::Win,
        "D" => Class::Draw,
        "L" => Class::Loss,
        _ => return None,
    };
    Some(GameScore { quarters, class })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(quarters: u8, class: Class) -> GameScore {
        GameScore { quarters, class }
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("variantarium-journal-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("a scratch folder");
        let path = dir.join(name);
        let _ = fs::remove_file(&path);
        path
    }

    #[test]
    fn samples_written_are_read_back_and_a_cut_line_is_dropped() {
        let path = scratch("back.journal");
        let key = "match flaxman a 1 b 3 seed 5 opening-plies 4 max-plies 400";
        let journal = Journal::open(&path, key, 2).expect("a new journal");
        assert!(journal.samples.is_empty());
        let first = [game(4, Class::Win), game(2, Class::Draw)];
        let second = [game(0, Class::Loss), game(4, Class::Win)];
        journal.append(0, &first).expect("written");
        journal.append(1, &second).expect("written");
        // A third line cut short by a stop.
        let mut file = fs::OpenOptions::new().append(true).open(&path).unwrap();
        file.write_all(b"2 4W 0").unwrap();
        let again = Journal::open(&path, key, 2).expect("the journal again");
        assert_eq!(again.samples, vec![first.to_vec(), second.to_vec()]);
        let text = fs::read_to_string(&path).unwrap();
        assert!(text.ends_with("1 0L 4W\n"), "{text:?}");
    }

    #[test]
    fn another_matchs_or_a_garbled_journal_is_refused_with_its_line() {
        let path = scratch("other.journal");
        let key = "match flaxman a 1 b 3 seed 5 opening-plies 4 max-plies 400";
        Journal::open(&path, key, 2).expect("a new journal");
        let other = key.replace("seed 5", "seed 6");
        let refused = Journal::open(&path, &other, 2).err().expect("refused");
        assert!(refused.contains("another match's"), "{refused}");
        fs::write(&path, format!("{TITLE}\n{key}\n0 4W 9D\n")).unwrap();
        let refused = Journal::open(&path, key, 2).err().expect("refused");
        assert!(refused.contains("line 3 should hold 2 games"), "{refused}");
        fs::write(&path, format!("{TITLE}\n{key}\n1 4W 2D\n")).unwrap();
        let refused = Journal::open(&path, key, 2).err().expect("refused");
        assert!(
            refused.contains("line 3 should begin with sample 0"),
            "{refused}"
        );
        fs::write(&path, "hello\n").unwrap();
        let refused = Journal::open(&path, key, 2).err().expect("refused");
        assert!(refused.contains("is not a match journal"), "{refused}");
    }
}
