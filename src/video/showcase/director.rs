//! The showcase director: plays seeded computer games of each game, finds
//! the stretch of moves that shows most of what makes that game unique,
//! and cuts it into a segment captioned in words, each caption on screen
//! long enough to be read.

use std::collections::BTreeSet;

use super::moments::{Signature, caption, moments, signatures_of};
use crate::engine::Level;
use crate::engine::session::replayable_move;
use crate::learn::lesson::READING_PACE;
use crate::rules::history::DrawRules;
use crate::rules::session::{Session, new_session};
use crate::rules::variant::{Variant, VariantId};
use crate::rules::zobrist::splitmix64;
use crate::video::script::{Card, Script, Segment, Step};

/// The games of the full showcase, in order.
pub const SHOWCASE_GAMES: [VariantId; 4] = [
    VariantId::Flaxman,
    VariantId::Tapestry,
    VariantId::AjGlinski3p,
    VariantId::Chakra,
];

/// The computer players' level: strong enough to play purposeful moves,
/// quick enough to search many games.
const LEVEL: u8 = 2;
/// Seeds tried per game, at most; the first seed whose game shows every
/// moment wanted ends the search.
const SEEDS: u64 = 12;
/// The longest game searched, in moves.
const LONGEST_GAME: usize = 160;
/// The longest cut, in moves.
const LONGEST_CUT: usize = 10;
/// The least time a move stays on screen, in seconds.
const LEAST_SECONDS: f64 = 1.5;
/// Characters a second a caption is paced at: a little under the
/// reading pace, so that no caption is faster than it.
const CAPTION_PACE: f64 = READING_PACE as f64 * 0.9;

/// A game played and what each of its moves shows.
struct Played {
    seed: u64,
    moves: Vec<String>,
    /// By move: the moments it shows of those the game looks for.
    shown: Vec<Vec<Signature>>,
}

/// The part of a game chosen: its moves `first..end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cut {
    first: usize,
    end: usize,
    /// How many different moments it shows, then how many in all.
    score: (usize, usize),
}

/// The showcase of `games`, each cut from the best of its seeded games.
/// A game whose games show fewer than two of its moments is an error.
pub fn showcase(games: &[VariantId]) -> Result<Script, String> {
    let mut segments = Vec::new();
    for (n, &id) in games.iter().enumerate() {
        segments.push(segment(id, n + 1, games.len())?);
    }
    let titles: Vec<String> = games.iter().map(|id| id.title().to_string()).collect();
    Ok(Script {
        segments,
        end: Card {
            heading: "Variantarium".into(),
            lines: vec![titles.join(" · ")],
        },
    })
}

/// One game's segment: the best cut of its seeded games.
fn segment(id: VariantId, number: usize, of: usize) -> Result<Segment, String> {
    let variant = Variant::parse(id.id(), None)?;
    let start = new_session(variant, DrawRules::default(), None)?;
    let wanted = signatures_of(id);
    let mut best: Option<(Played, Cut)> = None;
    for seed in 1..=SEEDS {
        let played = play(start.as_ref(), seed, wanted);
        let cut = best_cut(&played.shown);
        if best.as_ref().is_none_or(|(_, b)| cut.score > b.score) {
            best = Some((played, cut));
        }
        if best
            .as_ref()
            .is_some_and(|(_, b)| b.score.0 == wanted.len())
        {
            break;
        }
    }
    let (played, cut) = best.expect("at least one seed");
    if cut.score.0 < 2 {
        return Err(format!(
            "showcase: no computer game of {} showed two of its moments",
            id.title()
        ));
    }
    let shown: BTreeSet<Signature> = played.shown[cut.first..cut.end]
        .iter()
        .flatten()
        .copied()
        .collect();
    let names: Vec<&str> = shown.iter().map(|s| s.name()).collect();
    let title = Card {
        heading: id.title().to_string(),
        lines: vec![format!("{number} of {of}: {}", names.join(", "))],
    };
    cut_segment(start, &played, cut, title)
}

/// The moves of a seeded computer game from `start` and the moments each
/// shows, until it ends or [`LONGEST_GAME`] moves are played.
fn play(start: &dyn Session, seed: u64, wanted: &[Signature]) -> Played {
    let level = Level::new(LEVEL).expect("a level");
    let mut game = start.clone_box();
    let mut played = Played {
        seed,
        moves: Vec::new(),
        shown: Vec::new(),
    };
    for ply in 0..LONGEST_GAME as u64 {
        if game.outcome().is_some() {
            break;
        }
        let Some(text) = replayable_move(game.as_ref(), level, splitmix64(seed ^ (ply << 8)))
        else {
            break;
        };
        let before = game.clone_box();
        let Ok(mv) = game.play(&text) else {
            break;
        };
        let mut shown = moments(before.as_ref(), &mv, game.as_ref());
        shown.retain(|s| wanted.contains(s));
        played.moves.push(text);
        played.shown.push(shown);
    }
    played
}

/// The stretch of at most [`LONGEST_CUT`] moves that shows the most
/// different moments (then the most in all), from the move before its
/// first moment to its last; the earliest such stretch.
fn best_cut(shown: &[Vec<Signature>]) -> Cut {
    let mut best = Cut {
        first: 0,
        end: shown.len().min(LONGEST_CUT),
        score: (0, 0),
    };
    for first in 0..shown.len() {
        let end = (first + LONGEST_CUT).min(shown.len());
        let window = &shown[first..end];
        let kinds: BTreeSet<Signature> = window.iter().flatten().copied().collect();
        let score = (kinds.len(), window.iter().map(Vec::len).sum());
        if score > best.score {
            let lead = window.iter().position(|s| !s.is_empty()).unwrap_or(0);
            let last = window.iter().rposition(|s| !s.is_empty()).unwrap_or(0);
            best = Cut {
                first: (first + lead).saturating_sub(1),
                end: first + last + 1,
                score,
            };
        }
    }
    best
}

/// The segment of moves `cut` of a played game: it starts from the
/// position before the cut's first move, each move captioned and paced
/// for reading.
fn cut_segment(
    start: Box<dyn Session>,
    played: &Played,
    cut: Cut,
    title: Card,
) -> Result<Segment, String> {
    let mut game = start;
    for text in &played.moves[..cut.first] {
        game.play(text)
            .map_err(|e| format!("showcase seed {}: {text}: {e}", played.seed))?;
    }
    let from = game.clone_box();
    let mut steps = Vec::new();
    for text in &played.moves[cut.first..cut.end] {
        let before = game.clone_box();
        let mv = game
            .play(text)
            .map_err(|e| format!("showcase seed {}: {text}: {e}", played.seed))?;
        let words = caption(before.as_ref(), &mv, game.as_ref());
        steps.push(Step {
            text: text.clone(),
            seconds: Some(reading_seconds(&words)),
            caption: words,
        });
    }
    let closing = match game.outcome() {
        Some(outcome) => format!("{outcome}"),
        None => format!("{} to move", game.side_to_move().name()),
    };
    Ok(Segment {
        title,
        start: from,
        steps,
        closing,
        lesson: None,
        seat: None,
    })
}

/// Seconds a caption of these words stays up: long enough to read them at
/// [`CAPTION_PACE`], and never less than [`LEAST_SECONDS`], in whole
/// tenths.
pub fn reading_seconds(words: &str) -> f64 {
    let seconds = words.chars().count() as f64 / CAPTION_PACE;
    (seconds.max(LEAST_SECONDS) * 10.0).ceil() / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_cut_holds_the_most_different_moments_from_the_move_before() {
        use Signature::*;
        let mut shown = vec![Vec::new(); 30];
        shown[3] = vec![SwapCapture];
        shown[20] = vec![SwapCapture];
        shown[22] = vec![Imprisonment, SwapCapture];
        shown[25] = vec![FarJump];
        let cut = best_cut(&shown);
        assert_eq!(cut.score, (3, 4));
        assert_eq!((cut.first, cut.end), (19, 26));
    }

    #[test]
    fn a_caption_stays_long_enough_to_read() {
        let words = "White's Soldier captures by swapping places: b2 and d4";
        let seconds = reading_seconds(words);
        assert!(words.chars().count() as f64 / seconds <= READING_PACE as f64);
        assert_eq!(reading_seconds("a"), LEAST_SECONDS);
    }
}
