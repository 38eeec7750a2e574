//! How a game ends other than by a move: agreement, resignation and
//! abandonment, worded as `variantarium status` words results.

use super::Room;
use super::status::{ended, listed};
use crate::net::protocol::GameEvent;
use crate::rules::{GameResult, Side};

impl Room {
    pub(super) fn draw_offer(&self, seat: u8) -> Result<GameEvent, String> {
        if self.draw_offers.contains(&seat) {
            return Err("you have offered a draw already".into());
        }
        let agreed = (0..self.sides)
            .filter(|&s| self.session.in_game(Side(s)) && s != seat)
            .all(|s| self.draw_offers.contains(&s));
        if !agreed {
            return Ok(GameEvent::DrawOffered { seat });
        }
        let status = if self.sides == 2 {
            "1/2-1/2 agreement".to_string()
        } else {
            format!("draw between {} agreement", listed(&self.playing(&[])))
        };
        Ok(ended(&status))
    }

    /// `losers` leave the game (they resigned, `reason` `resignation`, or
    /// abandoned it, `abandonment`): for two players the other wins; for
    /// three the game ends, won by the one player left or drawn between
    /// the two, and the second line names who left.
    pub(super) fn walkout(&self, losers: &[Side], reason: &str) -> String {
        if self.sides == 2
            && let [loser] = losers
        {
            let score = GameResult::Win(loser.opponent()).score();
            return format!("{score} {reason}");
        }
        let left = self.playing(losers);
        let standing = match left.as_slice() {
            [winner] => format!("{} wins {reason}", winner.name().to_lowercase()),
            _ => format!("draw between {} {reason}", listed(&left)),
        };
        let verb = if reason == "resignation" {
            "resigned"
        } else {
            "abandoned"
        };
        format!("{standing}\n{} {verb}", listed(losers))
    }

    /// The sides still playing (but `except`), in the order the
    /// three-player status lists them: Red first.
    pub(super) fn playing(&self, except: &[Side]) -> Vec<Side> {
        let n = self.sides;
        (0..n)
            .map(|k| Side((n - 1 + k) % n))
            .filter(|&s| self.session.in_game(s) && !except.contains(&s))
            .collect()
    }
}
