//! Taking moves back. A seated player asks to take back its own last move
//! (with the other players' moves after it, if any), every other player
//! still in the game accepts, and the game goes back to the position before
//! that move, rebuilt by replaying the record through the rules: the asker
//! is to move again. A move played meanwhile, or one refusal, ends the ask.

use std::time::Instant;

use super::Room;
use crate::net::protocol::GameEvent;
use crate::rules::Side;

impl Room {
    pub(super) fn ask_takeback(&self, seat: u8) -> Result<GameEvent, String> {
        if self.takeback.is_some() {
            return Err("a takeback is asked for already".into());
        }
        if self.session.ply_count() == 0 {
            return Err("no move to take back".into());
        }
        let ply = self
            .last_move_of(Side(seat))?
            .ok_or("you have made no move to take back")?;
        Ok(GameEvent::TakebackAsked { seat, ply })
    }

    pub(super) fn accept_takeback(&self, seat: u8, now: Instant) -> Result<GameEvent, String> {
        let asked = self.takeback.as_ref().ok_or("no takeback to accept")?;
        if asked.asker == seat {
            return Err("you asked for this takeback".into());
        }
        if asked.accepted.contains(&seat) {
            return Err("you have accepted this takeback already".into());
        }
        let everyone = (0..self.sides)
            .filter(|&s| s != asked.asker && s != seat && self.session.in_game(Side(s)))
            .all(|s| asked.accepted.contains(&s));
        if !everyone {
            return Ok(GameEvent::TakebackAccepted { seat });
        }
        Ok(GameEvent::TakenBack {
            ply: asked.ply,
            clock_ms: self.clock_after_takeback(asked.asker, now),
        })
    }

    /// Refuses the takeback asked for (or, by its asker, withdraws it).
    pub(super) fn decline_takeback(&self, seat: u8) -> Result<GameEvent, String> {
        if self.takeback.is_none() {
            return Err("no takeback to decline".into());
        }
        Ok(GameEvent::TakebackDeclined { seat })
    }

    /// The number of moves before `side`'s last move, found by replaying
    /// the record; None if it has made none.
    fn last_move_of(&self, side: Side) -> Result<Option<u32>, String> {
        let mut replay = self.fresh_session()?;
        let mut last = None;
        for (ply, text) in self.session.moves().iter().enumerate() {
            if replay.side_to_move() == side {
                last = Some(ply as u32);
            }
            replay.play(text).map_err(|e| e.to_string())?;
        }
        Ok(last)
    }

    /// Each side's time after a takeback that gives the move back to
    /// `asker`: what each has at `now` (time spent stays spent, nothing
    /// is given back); a correspondence clock gives the asker a whole
    /// allowance, as any new turn.
    fn clock_after_takeback(&self, asker: u8, now: Instant) -> Option<Vec<u64>> {
        let spec = self.clock?;
        let mut left = self.clock_now(now)?;
        if spec.days_per_move.is_some() {
            left[asker as usize] = spec.allowance_ms();
        }
        Some(left)
    }

    /// The game back at `ply` moves: the record replayed up to there.
    pub(super) fn take_back_to(&mut self, ply: u32) -> Result<(), String> {
        let moves = self.session.moves();
        let kept = moves
            .get(..ply as usize)
            .ok_or("no such move to go back to")?;
        let mut session = self.fresh_session()?;
        for text in kept {
            session.play(text).map_err(|e| e.to_string())?;
        }
        self.session = session;
        self.move_versions.truncate(ply as usize);
        self.draw_offers.clear();
        self.takeback = None;
        Ok(())
    }
}
