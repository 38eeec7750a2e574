//! Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2012): a
//! rating, its deviation (how unsure the rating is) and its volatility (how
//! erratic the player's results are). The player and each puzzle are rated
//! as lichess rates puzzles: every counted attempt is a game, the solver
//! against the puzzle, and both are updated at once as a rating period of
//! that one game.

use serde::{Deserialize, Serialize};

/// Glicko-2's scale: rating points per unit of μ.
const SCALE: f64 = 173.7178;
/// The rating every scale is centred on.
const CENTRE: f64 = 1500.0;
/// When the volatility's iteration stops (Glickman's ε).
const CONVERGENCE: f64 = 0.000_001;

/// A new player's, and a new puzzle's, deviation. Lichess starts puzzle
/// players at 500; 350 is Glickman's own start, and with one player per
/// puzzle set a wide start swings a puzzle's rating too far on its first
/// result.
pub const START_DEVIATION: f64 = 350.0;
/// A new player's volatility, as in Glickman's example.
pub const START_VOLATILITY: f64 = 0.06;
/// τ, how fast the volatility may change: Glickman advises 0.3 to 1.2;
/// lichess rates with 0.75, which lets a player's rating settle within a
/// few dozen puzzles.
pub const TAU: f64 = 0.75;
/// The narrowest deviation kept: a rating never freezes entirely.
pub const MIN_DEVIATION: f64 = 45.0;

/// A Glicko-2 rating on the familiar scale.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Self {
        Rating::new(CENTRE)
    }
}

/// One game of a rating period: the opponent's rating and the score (1 a
/// win, 0.5 a draw, 0 a loss).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Game {
    pub opponent: Rating,
    pub score: f64,
}

impl Rating {
    /// A rating of `rating` points as yet unproved (the start's deviation
    /// and volatility).
    pub fn new(rating: f64) -> Rating {
        Rating {
            rating,
            deviation: START_DEVIATION,
            volatility: START_VOLATILITY,
        }
    }

    fn mu(&self) -> f64 {
        (self.rating - CENTRE) / SCALE
    }

    fn phi(&self) -> f64 {
        self.deviation / SCALE
    }

    /// The expected score against `opponent` (0 to 1).
    pub fn expected(&self, opponent: &Rating) -> f64 {
        expectation(self.mu(), opponent.mu(), opponent.phi())
    }

    /// The rating after a period of `games`, with system constant `tau`
    /// (steps 2 to 8 of Glickman's paper). A period without games only
    /// widens the deviation.
    pub fn after(&self, games: &[Game], tau: f64) -> Rating {
        let (mu, phi, sigma) = (self.mu(), self.phi(), self.volatility);
        if games.is_empty() {
            let widened = (phi * phi + sigma * sigma).sqrt();
            return Rating {
                deviation: widened * SCALE,
                ..*self
            };
        }
        let mut inverse_v = 0.0;
        let mut improvement = 0.0;
        for game in games {
            let g = g(game.opponent.phi());
            let e = expectation(mu, game.opponent.mu(), game.opponent.phi());
            inverse_v += g * g * e * (1.0 - e);
            improvement += g * (game.score - e);
        }
        let v = 1.0 / inverse_v;
        let delta = v * improvement;
        let sigma = new_volatility(phi, sigma, v, delta, tau);
        let widened = (phi * phi + sigma * sigma).sqrt();
        let phi = 1.0 / (1.0 / (widened * widened) + 1.0 / v).sqrt();
        let mu = mu + phi * phi * improvement;
        Rating {
            rating: mu * SCALE + CENTRE,
            deviation: phi * SCALE,
            volatility: sigma,
        }
    }

    /// [`Rating::after`] one game, with [`TAU`], the deviation kept at
    /// [`MIN_DEVIATION`] or wider.
    pub fn after_one(&self, opponent: &Rating, score: f64) -> Rating {
        let game = Game {
            opponent: *opponent,
            score,
        };
        let next = self.after(&[game], TAU);
        Rating {
            deviation: next.deviation.max(MIN_DEVIATION),
            ..next
        }
    }
}

/// Glicko-2's g(φ): how much a game against an unsure opponent counts.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expectation(mu: f64, opponent_mu: f64, opponent_phi: f64) -> f64 {
    1.0 / (1.0 + (-g(opponent_phi) * (mu - opponent_mu)).exp())
}

/// Step 5: the new volatility, by the Illinois algorithm on f(x).
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > CONVERGENCE {
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rated(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: START_VOLATILITY,
        }
    }

    /// Glickman's worked example: a 1500 (200) player beats a 1400 (30)
    /// and loses to a 1550 (100) and a 1700 (300), τ = 0.5.
    #[test]
    fn glickmans_worked_example() {
        let player = rated(1500.0, 200.0);
        let games = [
            (rated(1400.0, 30.0), 1.0),
            (rated(1550.0, 100.0), 0.0),
            (rated(1700.0, 300.0), 0.0),
        ]
        .map(|(opponent, score)| Game { opponent, score });
        let after = player.after(&games, 0.5);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.000_01, "{after:?}");
    }

    #[test]
    fn a_period_without_games_only_widens_the_deviation() {
        let player = rated(1600.0, 100.0);
        let after = player.after(&[], 0.5);
        assert_eq!(after.rating, 1600.0);
        let expected = ((100.0_f64 / SCALE).powi(2) + 0.06_f64.powi(2)).sqrt() * SCALE;
        assert!((after.deviation - expected).abs() < 1e-9);
    }

    #[test]
    fn a_win_raises_a_loss_lowers_and_a_surprise_moves_more() {
        let player = Rating::default();
        let easy = Rating::new(1200.0);
        let hard = Rating::new(1800.0);
        let beat_easy = player.after_one(&easy, 1.0);
        let beat_hard = player.after_one(&hard, 1.0);
        let lost_easy = player.after_one(&easy, 0.0);
        assert!(beat_easy.rating > 1500.0);
        assert!(beat_hard.rating > beat_easy.rating);
        assert!(lost_easy.rating < 1500.0);
        assert!(1500.0 - lost_easy.rating > beat_easy.rating - 1500.0);
        assert!(beat_easy.deviation < START_DEVIATION);
    }

    #[test]
    fn expected_scores_are_symmetric_between_equals() {
        let a = rated(1500.0, 80.0);
        assert!((a.expected(&a) - 0.5).abs() < 1e-12);
        let stronger = rated(1700.0, 80.0);
        assert!(stronger.expected(&a) > 0.5);
        assert!((stronger.expected(&a) + a.expected(&stronger) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn the_deviation_never_narrows_below_its_floor() {
        let mut player = rated(1500.0, 50.0);
        for _ in 0..50 {
            player = player.after_one(&rated(1500.0, 50.0), 1.0);
        }
        assert!(player.deviation >= MIN_DEVIATION);
    }
}
