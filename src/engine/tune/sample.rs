//! One training position, reduced to what the fit needs.

/// A position's result and its evaluation as a linear function of the
/// weights, measured around the weights it was taken with.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The game's result for the side to move: 1, ½ or 0 (¾ and ¼ for
    /// Glinski's stalemate).
    pub result: f64,
    /// The value with the weights the sample was taken with.
    pub value: f64,
    /// How much the value moves per unit of each weight.
    pub features: Vec<f64>,
}

impl Sample {
    /// The linear model's value with `weights`, the sample having been
    /// taken around `start`.
    pub fn model_value(&self, start: &[i32], weights: &[i32]) -> f64 {
        self.features
            .iter()
            .zip(start.iter().zip(weights))
            .map(|(f, (&from, &to))| f * f64::from(to - from))
            .sum::<f64>()
            + self.value
    }
}

/// The raise by which each weight's feature is measured: large enough
/// that an evaluation's integer divisions (Chakra's promotion pool) show
/// their slope rather than their rounding.
const STEP: i32 = 16;

/// The sample of `pos` under `evaluate` around `weights`: its value, and
/// for each weight the change when that weight alone is raised, per unit.
pub fn sample_of<P>(
    pos: &P,
    evaluate: fn(&P, &[i32]) -> i32,
    weights: &[i32],
    result: f64,
) -> Sample {
    let value = evaluate(pos, weights);
    let mut trial = weights.to_vec();
    let features = (0..weights.len())
        .map(|i| {
            trial[i] += STEP;
            let raised = evaluate(pos, &trial);
            trial[i] -= STEP;
            f64::from(raised - value) / f64::from(STEP)
        })
        .collect();
    Sample {
        result,
        value: f64::from(value),
        features,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A linear evaluation's features are its coefficients.
    #[test]
    fn features_are_the_slopes_of_a_linear_evaluation() {
        fn evaluate(pos: &[i32; 2], w: &[i32]) -> i32 {
            pos[0] * w[0] + pos[1] * w[1] + 7
        }
        let sample = sample_of(&[3, -2], evaluate, &[100, 10], 1.0);
        assert_eq!(sample.value, 300.0 - 20.0 + 7.0);
        assert_eq!(sample.features, vec![3.0, -2.0]);
        assert_eq!(sample.result, 1.0);
        assert_eq!(
            sample.model_value(&[100, 10], &[90, 12]),
            287.0 - 30.0 - 4.0
        );
    }
}
