//! The statistics of a sequential strength test (SPRT), as plain functions
//! with no input or output: fishtest's generalized log-likelihood ratio for
//! the expected score with logistic Elo bounds (`LLR_logistic` in its
//! `LLRcalc.py`), and its Elo estimate with a 95% interval (`get_elo` in
//! `stat_util.py`).
//!
//! A sample is a *pair* (two-player games: two games from one opening with
//! the colours swapped) or a *run* (three-player games: three games from one
//! opening, the tested player in each seat). Its results are counted in
//! `counts`: `counts[i]` samples scored `i / (counts.len() − 1)` of the
//! points they could score. Two-player pairs have five cells (0, ½, 1, 1½ or
//! 2 points: the pentanomial), three-player runs thirteen (0 to 3 in
//! quarters).
//!
//! The test (Michel Van den Bergh's generalized SPRT): H0 says the expected
//! score per game is `s0 = L(elo0)`, H1 that it is `s1 = L(elo1)`, with the
//! logistic `L(e) = 1 / (1 + 10^(−e/400))`. For each hypothesis the
//! multinomial distribution nearest the observed one with that expectation
//! (the maximum-likelihood estimate under the constraint) is found by
//! solving a secular equation; the LLR is N times the observed mean of
//! `ln p1(i) − ln p0(i)`. Empty cells count 0.001 samples (fishtest's
//! regularisation). Fishtest's dynamic overshoot correction of the bounds is
//! not used: the ratio is tested after every sample, so the overshoot is one
//! sample's jump at most.

/// Fishtest's count for an empty cell.
const EMPTY_CELL: f64 = 1e-3;

/// The standard normal quantile of 0.975: a 95% two-sided interval.
const Z_975: f64 = 1.959_963_984_540_054;

/// The expected score of a player `elo` Elo stronger: `1 / (1 + 10^(−elo/400))`.
pub fn logistic(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference of an expected score, clamped to [0.001, 0.999] as
/// fishtest does (±1200 Elo).
pub fn elo_of_score(score: f64) -> f64 {
    let score = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / score - 1.0).log10()
}

/// A test of `elo0` (H0) against `elo1` (H1) with error rates `alpha`
/// (accepting H1 when H0 holds) and `beta` (accepting H0 when H1 holds).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What the test concludes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The ratio reached the upper bound: accept that the player is `elo1`
    /// stronger (wrongly, when it is only `elo0` stronger, with chance α).
    H1,
    /// The ratio reached the lower bound: accept that the player is `elo0`
    /// stronger (wrongly, when it is `elo1` stronger, with chance β).
    H0,
}

impl Sprt {
    /// Checks the parameters: one line saying what is wrong.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        for (name, elo) in [("ELO0", elo0), ("ELO1", elo1)] {
            if !elo.is_finite() || elo.abs() >= 1000.0 {
                return Err(format!(
                    "--sprt {name} must be between -1000 and 1000, not {elo}"
                ));
            }
        }
        if elo0 >= elo1 {
            return Err(format!(
                "--sprt needs ELO0 below ELO1, not {elo0} and {elo1}"
            ));
        }
        for (name, rate) in [("alpha", alpha), ("beta", beta)] {
            if !(rate > 0.0 && rate < 0.5) {
                return Err(format!(
                    "--{name} must be above 0 and below 0.5, not {rate}"
                ));
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The bounds on the ratio: `ln(β / (1 − α))` below (accept H0) and
    /// `ln((1 − β) / α)` above (accept H1).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of these results (0 without any).
    pub fn llr(&self, counts: &[u64]) -> f64 {
        llr(logistic(self.elo0), logistic(self.elo1), counts)
    }

    /// The verdict of a ratio: H1 at or above the upper bound, H0 at or
    /// below the lower one, none between them.
    pub fn verdict(&self, llr: f64) -> Option<Verdict> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Verdict::H1)
        } else if llr <= lower {
            Some(Verdict::H0)
        } else {
            None
        }
    }
}

/// The samples and the observed distribution of their normalised scores:
/// (N, [(score, probability)]), empty cells regularised.
fn distribution(counts: &[u64]) -> (f64, Vec<(f64, f64)>) {
    let cells: Vec<f64> = counts
        .iter()
        .map(|&c| if c == 0 { EMPTY_CELL } else { c as f64 })
        .collect();
    let n: f64 = cells.iter().sum();
    let last = (cells.len().max(2) - 1) as f64;
    let pdf = cells
        .iter()
        .enumerate()
        .map(|(i, &c)| (i as f64 / last, c / n))
        .collect();
    (n, pdf)
}

/// The generalized log-likelihood ratio of expected score `s1` against `s0`
/// (both strictly between 0 and 1) for these results.
pub fn llr(s0: f64, s1: f64, counts: &[u64]) -> f64 {
    if counts.len() < 2 || counts.iter().all(|&c| c == 0) {
        return 0.0;
    }
    let (n, pdf) = distribution(counts);
    let p0 = constrained_mle(&pdf, s0);
    let p1 = constrained_mle(&pdf, s1);
    let mean: f64 = pdf
        .iter()
        .zip(p0.iter().zip(&p1))
        .map(|(&(_, p), (&q0, &q1))| p * (q1.ln() - q0.ln()))
        .sum();
    n * mean
}

/// The distribution nearest `pdf` (maximum likelihood for the observed
/// frequencies) among those with expectation `s`: `p_i / (1 + x (a_i − s))`
/// where x solves the secular equation `Σ p_i (a_i − s) / (1 + x (a_i − s))
/// = 0` (Van den Bergh, "support_MLE_multinomial", Proposition 1.1).
fn constrained_mle(pdf: &[(f64, f64)], s: f64) -> Vec<f64> {
    let shifted: Vec<(f64, f64)> = pdf.iter().map(|&(a, p)| (a - s, p)).collect();
    let x = secular_root(&shifted);
    shifted.iter().map(|&(d, p)| p / (1.0 + x * d)).collect()
}

/// The root of `Σ p_i a_i / (1 + x a_i) = 0` on the interval where every
/// `1 + x a_i` is positive, `(−1 / max a, −1 / min a)` (the values `a_i`
/// have both signs). The sum falls strictly with x, so bisection finds it.
fn secular_root(pdf: &[(f64, f64)]) -> f64 {
    let low_a = pdf.iter().map(|&(a, _)| a).fold(f64::INFINITY, f64::min);
    let high_a = pdf
        .iter()
        .map(|&(a, _)| a)
        .fold(f64::NEG_INFINITY, f64::max);
    let f = |x: f64| -> f64 { pdf.iter().map(|&(a, p)| p * a / (1.0 + x * a)).sum() };
    let epsilon = 1e-9;
    let (mut low, mut high) = (-1.0 / high_a + epsilon, -1.0 / low_a - epsilon);
    for _ in 0..200 {
        let mid = 0.5 * (low + high);
        if mid <= low || mid >= high {
            break;
        }
        if f(mid) > 0.0 {
            low = mid;
        } else {
            high = mid;
        }
    }
    0.5 * (low + high)
}

/// An Elo difference measured from results, with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    pub low: f64,
    pub high: f64,
    /// The mean score per game, 0 to 1.
    pub score: f64,
}

/// The Elo estimate of these results (fishtest's `get_elo`): the mean
/// score per game `μ`, its standard error `σ / √N` from the spread of the
/// samples' scores (so the interval accounts for the pairing), and the Elo
/// of `μ` and of `μ ± 1.96 σ / √N`. None without any result.
pub fn estimate(counts: &[u64]) -> Option<EloEstimate> {
    if counts.len() < 2 || counts.iter().all(|&c| c == 0) {
        return None;
    }
    let (n, pdf) = distribution(counts);
    let mu: f64 = pdf.iter().map(|&(a, p)| a * p).sum();
    let var: f64 = pdf.iter().map(|&(a, p)| p * (a - mu).powi(2)).sum();
    let margin = Z_975 * (var / n).sqrt();
    Some(EloEstimate {
        elo: elo_of_score(mu),
        low: elo_of_score(mu - margin),
        high: elo_of_score(mu + margin),
        score: mu,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_logistic_and_its_inverse_agree() {
        assert!((logistic(0.0) - 0.5).abs() < 1e-15);
        assert!((logistic(400.0) - 10.0 / 11.0).abs() < 1e-15);
        for elo in [-700.0, -35.5, 0.0, 5.0, 190.0, 800.0] {
            assert!((elo_of_score(logistic(elo)) - elo).abs() < 1e-9, "{elo}");
        }
        assert!((elo_of_score(1.0) - elo_of_score(0.999)).abs() < 1e-12);
    }

    #[test]
    fn the_constrained_estimate_has_the_asked_expectation() {
        let (_, pdf) = distribution(&[3, 10, 20, 9, 1]);
        for s in [0.1, 0.45, 0.5, 0.62, 0.97] {
            let q = constrained_mle(&pdf, s);
            let total: f64 = q.iter().sum();
            let mean: f64 = pdf.iter().zip(&q).map(|(&(a, _), &p)| a * p).sum();
            assert!((total - 1.0).abs() < 1e-9, "{s}: total {total}");
            assert!((mean - s).abs() < 1e-9, "{s}: mean {mean}");
        }
    }

    #[test]
    fn no_results_give_a_zero_ratio_and_no_estimate() {
        let test = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        assert_eq!(test.llr(&[0; 5]), 0.0);
        assert_eq!(estimate(&[0; 5]), None);
    }

    #[test]
    fn bad_parameters_are_refused() {
        assert!(Sprt::new(5.0, 5.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(10.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.0, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.05, 0.5).is_err());
        assert!(Sprt::new(f64::NAN, 5.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 1000.0, 0.05, 0.05).is_err());
    }
}
