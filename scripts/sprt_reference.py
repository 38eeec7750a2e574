#!/usr/bin/env python3
"""Reference values for the SPRT statistics (tests/sprt.rs).

Written from the published mathematics of fishtest's tests, independently
of src/engine/sprt.rs: the generalized log-likelihood ratio for the
expected score with logistic Elo bounds (M. Van den Bergh,
"support_MLE_multinomial", Proposition 1.1; fishtest's LLR_logistic) and
the Elo estimate with its 95% interval (fishtest's get_elo, in its own
form for 2n+1 cells: n games per sample, half points). No third-party
module: the secular equation is solved by safeguarded Newton steps (the
Rust code bisects), the normal quantile comes from statistics.NormalDist.

Run: python3 scripts/sprt_reference.py
"""

import math
from statistics import NormalDist


def logistic(elo):
    return 1 / (1 + 10 ** (-elo / 400))


def regularized(counts):
    return [c if c else 1e-3 for c in counts]


def mle(values, probs, s):
    """argmax of sum p ln q over distributions q with expectation s:
    q_i = p_i / (1 + x (a_i - s)) with sum p_i (a_i - s) / (1 + x (a_i - s)) = 0."""
    d = [a - s for a in values]
    lo, hi = -1 / max(d), -1 / min(d)
    x = 0.0
    for _ in range(200):
        f = sum(p * di / (1 + x * di) for p, di in zip(probs, d))
        if abs(f) < 1e-15:
            break
        df = -sum(p * di * di / (1 + x * di) ** 2 for p, di in zip(probs, d))
        if f > 0:
            lo = max(lo, x)
        else:
            hi = min(hi, x)
        step = x - f / df
        x = step if lo < step < hi else (lo + hi) / 2
    assert abs(sum(p / (1 + x * di) * di for p, di in zip(probs, d))) < 1e-12
    return [p / (1 + x * di) for p, di in zip(probs, d)]


def llr(elo0, elo1, counts):
    cells = regularized(counts)
    n = sum(cells)
    values = [i / (len(cells) - 1) for i in range(len(cells))]
    probs = [c / n for c in cells]
    q0 = mle(values, probs, logistic(elo0))
    q1 = mle(values, probs, logistic(elo1))
    return n * sum(p * (math.log(b) - math.log(a)) for p, a, b in zip(probs, q0, q1))


def elo(x):
    x = min(max(x, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / x - 1)


def get_elo(counts):
    """Estimate, low and high end of the 95% interval."""
    r = regularized(counts)
    cells = len(r)
    games = sum(r) * (cells - 1) / 2
    mu = sum(r[i] * i / 2 for i in range(cells)) / games
    mu_ = (cells - 1) / 2 * mu
    var = sum(r[i] * (i / 2 - mu_) ** 2 for i in range(cells)) / games
    z = NormalDist().inv_cdf(0.975)
    margin = z * math.sqrt(var) / math.sqrt(games)
    return elo(mu), elo(mu - margin), elo(mu + margin)


CASES = [
    ([10789, 19328, 33806, 19402, 10543], -3, 1),
    ([39, 2226, 31451, 2412, 40], 0.2, 0.9),
    ([1, 3, 4, 3, 1], 0, 50),
    ([0, 2, 5, 8, 5], 0, 50),
    ([0, 0, 1, 0, 2, 0, 3, 1, 4, 0, 2, 0, 1], 0, 100),
]

# A known sequence of pair scores (points of two games) for the stop rule.
SEQUENCE = [2, 1.5, 1, 2, 0.5, 1.5, 2, 1, 1.5, 2, 0, 1.5, 2, 2, 1, 1.5]


def stop_point(sequence, elo0, elo1, alpha=0.05, beta=0.05):
    lower = math.log(beta / (1 - alpha))
    upper = math.log((1 - beta) / alpha)
    counts = [0] * 5
    for k, score in enumerate(sequence * 10, 1):
        counts[int(score * 2)] += 1
        value = llr(elo0, elo1, counts)
        if value >= upper or value <= lower:
            return k, value, list(counts)
    return None


if __name__ == "__main__":
    for counts, e0, e1 in CASES:
        est, low, high = get_elo(counts)
        print(f"{counts} [{e0}, {e1}]: llr {llr(e0, e1, counts):.12f} "
              f"elo {est:.9f} [{low:.9f}, {high:.9f}]")
    for e0, e1 in [(0, 100), (300, 500)]:
        print(f"sequence [{e0}, {e1}]: stops at (pairs, llr, counts) {stop_point(SEQUENCE, e0, e1)}")
