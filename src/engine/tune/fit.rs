//! The fit: the logistic curve's scale K, then the weights that minimise
//! the mean squared error of the linear model with K fixed.

use super::sample::Sample;
use crate::rules::EvalWeights;

/// The expected score of a value: 1 / (1 + 10^(−K·value/400)).
pub fn win_chance(scale: f64, value: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-scale * value / 400.0))
}

/// E: the mean of (result − win chance)² over `(result, value)` pairs.
pub fn mean_error(scale: f64, labelled: &[(f64, f64)]) -> f64 {
    if labelled.is_empty() {
        return 0.0;
    }
    let sum: f64 = labelled
        .iter()
        .map(|&(result, value)| (result - win_chance(scale, value)).powi(2))
        .sum();
    sum / labelled.len() as f64
}

/// The scale K (0.05 to 5) with the least [`mean_error`]: a scan in steps
/// of 0.05, then a golden-section search around the best step.
pub fn best_scale(labelled: &[(f64, f64)]) -> f64 {
    let error = |k: f64| mean_error(k, labelled);
    let mut best = 0.05;
    for step in 1..=100 {
        let k = f64::from(step) * 0.05;
        if error(k) < error(best) {
            best = k;
        }
    }
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = ((best - 0.05).max(0.01), best + 0.05);
    for _ in 0..40 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if error(a) < error(b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

/// The range each weight is kept in.
pub type WeightBounds = Vec<(i32, i32)>;

/// The tuner's constraints: a man's value stays within half and twice its
/// original value (a man never becomes worthless or a second Queen), or
/// at its original value with `keep_men`; `tempo` within 0 and 30; every
/// other term keeps its sign (the code subtracts the penalties) and stays
/// within three times its original value, or 30 for a small one.
pub fn weight_bounds(weights: &EvalWeights, keep_men: bool) -> WeightBounds {
    weights
        .names
        .iter()
        .zip(weights.original)
        .enumerate()
        .map(|(i, (&name, &original))| match () {
            _ if i < weights.men && keep_men => (original, original),
            _ if i < weights.men => ((original + 1) / 2, original * 2),
            _ if name == "tempo" => (0, 30),
            _ => (0, (original * 3).max(30)),
        })
        .collect()
}

/// Iterations of the descent.
const ITERATIONS: u32 = 1500;
/// The first step size (evaluation units), falling linearly to a tenth.
const LEARNING_RATE: f64 = 2.0;

/// The integer weights, within `bounds`, that minimise the mean squared
/// error of the samples' linear model at `scale`, found by Adam gradient
/// descent from `start` (the weights the samples were taken around). A
/// weight no sample depends on keeps its value.
pub fn fit_weights(
    samples: &[Sample],
    start: &[i32],
    bounds: &[(i32, i32)],
    scale: f64,
) -> Vec<i32> {
    let mut theta: Vec<f64> = start.iter().map(|&w| f64::from(w)).collect();
    // The model's value: offset + features · theta.
    let offsets: Vec<f64> = samples
        .iter()
        .map(|s| s.value - dot(&s.features, &theta))
        .collect();
    let mut adam = Adam::new(theta.len());
    for t in 1..=ITERATIONS {
        let gradient = error_gradient(samples, &offsets, &theta, scale);
        let rate = LEARNING_RATE * (1.0 - 0.9 * f64::from(t) / f64::from(ITERATIONS));
        adam.step(&mut theta, &gradient, rate, t);
        for (w, &(low, high)) in theta.iter_mut().zip(bounds) {
            *w = w.clamp(f64::from(low), f64::from(high));
        }
    }
    theta.iter().map(|w| w.round() as i32).collect()
}

/// The mean squared error's gradient with respect to the weights.
fn error_gradient(samples: &[Sample], offsets: &[f64], theta: &[f64], scale: f64) -> Vec<f64> {
    let mut gradient = vec![0.0; theta.len()];
    let slope = scale * std::f64::consts::LN_10 / 400.0;
    for (sample, offset) in samples.iter().zip(offsets) {
        let chance = win_chance(scale, offset + dot(&sample.features, theta));
        let g = 2.0 * (chance - sample.result) * chance * (1.0 - chance) * slope;
        for (total, feature) in gradient.iter_mut().zip(&sample.features) {
            *total += g * feature;
        }
    }
    let n = samples.len().max(1) as f64;
    gradient.iter_mut().for_each(|g| *g /= n);
    gradient
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Adam's running moments.
struct Adam {
    mean: Vec<f64>,
    square: Vec<f64>,
}

impl Adam {
    fn new(n: usize) -> Adam {
        Adam {
            mean: vec![0.0; n],
            square: vec![0.0; n],
        }
    }

    /// One step of `rate` down `gradient` (the usual β1 0.9, β2 0.999).
    fn step(&mut self, theta: &mut [f64], gradient: &[f64], rate: f64, t: u32) {
        let (b1, b2) = (0.9f64, 0.999f64);
        for i in 0..theta.len() {
            self.mean[i] = b1 * self.mean[i] + (1.0 - b1) * gradient[i];
            self.square[i] = b2 * self.square[i] + (1.0 - b2) * gradient[i] * gradient[i];
            let mean = self.mean[i] / (1.0 - b1.powi(t as i32));
            let square = self.square[i] / (1.0 - b2.powi(t as i32));
            theta[i] -= rate * mean / (square.sqrt() + 1e-12);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Results drawn from a known curve: the scale found is near the true
    /// one.
    #[test]
    fn the_scale_found_fits_the_curve() {
        let labelled: Vec<(f64, f64)> = (-40..=40)
            .map(|i| {
                let value = f64::from(i) * 10.0;
                (win_chance(1.3, value), value)
            })
            .collect();
        let k = best_scale(&labelled);
        assert!((k - 1.3).abs() < 0.01, "{k}");
        assert!(mean_error(k, &labelled) < 1e-6);
    }

    /// A sample set generated by weight 3 on a single feature: the fit
    /// walks from 1 to 3, and a weight no sample uses keeps its value.
    #[test]
    fn the_fit_recovers_the_generating_weight() {
        let samples: Vec<Sample> = (-30..=30)
            .map(|i| {
                let x = f64::from(i) * 5.0;
                Sample {
                    result: win_chance(1.0, 3.0 * x),
                    value: x,
                    features: vec![x, 0.0],
                }
            })
            .collect();
        let fitted = fit_weights(&samples, &[1, 7], &[(0, 10), (0, 10)], 1.0);
        assert_eq!(fitted, vec![3, 7]);
    }

    #[test]
    fn bounds_keep_men_near_their_values_and_terms_signed() {
        let weights = EvalWeights {
            names: &["queen", "mobility", "tempo"],
            original: &[900, 2, 10],
            tuned: &[900, 2, 10],
            men: 1,
        };
        assert_eq!(
            weight_bounds(&weights, false),
            vec![(450, 1800), (0, 30), (0, 30)]
        );
        assert_eq!(weight_bounds(&weights, true)[0], (900, 900));
    }
}
