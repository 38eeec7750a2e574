//! Who is at the board: whether each seat of a game has a live connection
//! to this server. A seat whose last connection ends is away from then on;
//! once it has been away for the grace period the server sets, the players
//! still at the board may claim the win. A game brought back after a
//! restart starts with every seat away since the restart.

use std::time::{Duration, Instant};

pub struct Presence {
    /// Since when each seat has had no connection here; None while it has
    /// one, and for a seat this server has not yet seen (the player of a
    /// game made on another server sharing the database).
    away_since: Vec<Option<Instant>>,
    connected: Vec<bool>,
}

/// The seats whose presence changed in an update.
#[derive(Default, PartialEq, Debug)]
pub struct Changes {
    pub left: Vec<u8>,
    pub back: Vec<u8>,
}

impl Presence {
    /// Every seat away since `away_from`, or not yet known when None.
    pub fn new(sides: u8, away_from: Option<Instant>) -> Presence {
        Presence {
            away_since: vec![away_from; sides as usize],
            connected: vec![false; sides as usize],
        }
    }

    /// Takes in which seats have a connection now.
    pub fn update(&mut self, connected: Vec<bool>, now: Instant) -> Changes {
        let mut changes = Changes::default();
        for (seat, (&was, &is)) in self.connected.iter().zip(&connected).enumerate() {
            let away = &mut self.away_since[seat];
            if is {
                if away.take().is_some() {
                    changes.back.push(seat as u8);
                }
            } else if was {
                *away = Some(now);
                changes.left.push(seat as u8);
            }
        }
        self.connected = connected;
        changes
    }

    /// The seats away at `now`, with how long until a claim against each
    /// is allowed.
    pub fn away(&self, now: Instant, grace: Duration) -> Vec<(u8, Duration)> {
        self.away_since
            .iter()
            .enumerate()
            .filter_map(|(seat, since)| {
                let away = now.saturating_duration_since((*since)?);
                Some((seat as u8, grace.saturating_sub(away)))
            })
            .collect()
    }

    /// The seats among `others` that have been away for the grace period,
    /// or why a claim is refused: when the first of them may be claimed
    /// against, or that every one is connected.
    pub fn claimable(
        &self,
        others: &[u8],
        now: Instant,
        grace: Duration,
    ) -> Result<Vec<u8>, String> {
        let away: Vec<(u8, Duration)> = self
            .away(now, grace)
            .into_iter()
            .filter(|(seat, _)| others.contains(seat))
            .collect();
        let gone: Vec<u8> = away
            .iter()
            .filter(|(_, wait)| wait.is_zero())
            .map(|(seat, _)| *seat)
            .collect();
        if !gone.is_empty() {
            return Ok(gone);
        }
        match away.iter().min_by_key(|(_, wait)| *wait) {
            Some((seat, wait)) => Err(format!(
                "seat {seat} has not been away long enough: you may claim the win in {} s",
                wait.as_secs_f64().ceil() as u64
            )),
            None => Err("every other player is connected: no win to claim".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_is_away_from_its_last_connection_until_it_comes_back() {
        let start = Instant::now();
        let grace = Duration::from_secs(60);
        let mut presence = Presence::new(2, None);
        assert_eq!(presence.update(vec![true, true], start), Changes::default());
        let later = start + Duration::from_secs(10);
        let changes = presence.update(vec![true, false], later);
        assert_eq!(changes.left, vec![1]);
        let soon = later + Duration::from_secs(15);
        let refused = presence.claimable(&[1], soon, grace).unwrap_err();
        assert!(refused.contains("in 45 s"), "{refused}");
        let late = later + grace;
        assert_eq!(presence.claimable(&[1], late, grace), Ok(vec![1]));
        assert_eq!(presence.update(vec![true, true], late).back, vec![1]);
        assert!(presence.claimable(&[1], late, grace).is_err());
        // After a restart every seat is away from the start, and comes
        // back with its first connection.
        let mut restarted = Presence::new(3, Some(start));
        assert_eq!(restarted.claimable(&[1, 2], late, grace), Ok(vec![1, 2]));
        assert_eq!(
            restarted.update(vec![true, false, false], late).back,
            vec![0]
        );
    }
}
