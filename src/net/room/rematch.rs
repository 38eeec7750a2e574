//! A rematch: after the end every seat offers (or accepts) one; one
//! refusal voids the offers. The new game has the same first event (game,
//! options, clock) and the seats turned round: the player of seat N takes
//! seat N + 1, the last seat's player seat 0 (two players swap colours).

use super::{Action, RematchPlan, Room, rematch_seat};
use crate::net::protocol::GameEvent;

impl Room {
    pub(super) fn decide_rematch(&self, action: &Action) -> Result<GameEvent, String> {
        if self.ended.is_none() {
            return Err("the game is not over: a rematch comes after its end".into());
        }
        if !self.started() {
            return Err("no rematch: the game ended before every seat was taken".into());
        }
        if let Some((game, _)) = &self.rematch {
            return Err(format!("the rematch is made already: game {game}"));
        }
        match action {
            Action::Rematch { seat } if self.rematch_offers.contains(seat) => {
                Err("you have offered a rematch already".into())
            }
            Action::Rematch { seat } => Ok(GameEvent::RematchOffered { seat: *seat }),
            Action::DeclineRematch { seat } if self.rematch_offers.iter().all(|s| s == seat) => {
                Err("no rematch offer to decline".into())
            }
            Action::DeclineRematch { seat } => Ok(GameEvent::RematchDeclined { seat: *seat }),
            _ => Err("not a rematch request".into()),
        }
    }

    /// Whether every seat has offered a rematch and it is not made yet.
    pub fn rematch_due(&self) -> bool {
        self.ended.is_some()
            && self.rematch.is_none()
            && (0..self.sides).all(|s| self.rematch_offers.contains(&s))
    }

    /// The rematch made of this game: its id and invite code.
    pub fn rematch(&self) -> Option<(&str, &str)> {
        self.rematch.as_ref().map(|(g, c)| (g.as_str(), c.as_str()))
    }

    /// The new game this one's rematch is.
    pub fn rematch_plan(&self) -> RematchPlan {
        let mut names = vec![None; self.sides as usize];
        for (seat, name) in self.names.iter().enumerate() {
            names[rematch_seat(seat as u8, self.sides) as usize] = name.clone();
        }
        RematchPlan {
            created: self.events[0].clone(),
            names,
        }
    }
}
