#!/usr/bin/env bash
# Strength table (a measurement, not part of `cargo test`): each engine
# level against the one below, in every two-player game, half the games
# with each colour, every game from its own seed (the levels' evaluation
# noise is a function of the seed, so the openings vary).
#
#   scripts/strength.sh [GAMES] [VARIANTS…]
#
# GAMES (default 40) per pairing, split evenly between the colours.
# Environment: LEVELS="2 3 4 5 6" (the upper level of each pairing),
# MOVETIME=MS (fixed time per move instead of the levels' node budgets),
# THREADS=N (search threads per move), BIN (default: an optimised build
# without the window, built first), OUT (a file the lines are appended to).
#
# Prints one line per game and pairing: the upper level's wins, draws and
# losses, its score, and the Elo difference with its 95% error margin (from
# the spread of the game scores; "inf" when one side won every game).
set -euo pipefail
cd "$(dirname "$0")/.."

games=${1:-40}
shift $(( $# < 1 ? $# : 1 ))
variants=("$@")
if ((${#variants[@]} == 0)); then
    variants=(flaxman tapestry glinski mccooey aj-glinski aj-mccooey
              aj-glinski-mixed aj-mccooey-mixed aj-compact chakra)
fi
levels=(${LEVELS:-2 3 4 5 6})
if [[ -z "${BIN:-}" ]]; then
    cargo build --release --no-default-features --quiet
    BIN=${CARGO_TARGET_DIR:-target}/release/variantarium
fi
extra=()
[[ -n "${MOVETIME:-}" ]] && extra+=(--movetime "$MOVETIME")
[[ -n "${THREADS:-}" ]] && extra+=(--threads "$THREADS")

# W D L of White from selfplay's last line.
tally() { tail -n 1 | tr '-' ' '; }

# Elo difference and 95% margin of a score of W wins, D draws, L losses.
elo() {
    awk -v w="$1" -v d="$2" -v l="$3" 'function elo(p) {
            if (p <= 0) return "-inf"; if (p >= 1) return "inf";
            return -400 * log(1 / p - 1) / log(10) }
        BEGIN {
            n = w + d + l; p = (w + d / 2) / n
            var = (w * (1 - p) ^ 2 + d * (0.5 - p) ^ 2 + l * p ^ 2) / n
            se = sqrt(var / n); lo = p - 1.96 * se; hi = p + 1.96 * se
            e = elo(p)
            if (e == "inf" || e == "-inf") { printf "score %.1f%% Elo %s", 100 * p, e; exit }
            if (lo <= 0 || hi >= 1) m = "inf"; else m = sprintf("%.0f", (elo(hi) - elo(lo)) / 2)
            printf "score %.1f%% Elo %+.0f ± %s", 100 * p, e, m
        }'
}

half=$(( (games + 1) / 2 ))
for variant in "${variants[@]}"; do
    for upper in "${levels[@]}"; do
        lower=$((upper - 1))
        start=$(date +%s)
        read -r w1 d1 l1 < <("$BIN" selfplay --variant "$variant" --white "$upper" \
            --black "$lower" --games "$half" --seed $((upper * 1000 + 1)) \
            "${extra[@]}" | tally)
        read -r w2 d2 l2 < <("$BIN" selfplay --variant "$variant" --white "$lower" \
            --black "$upper" --games $((games - half)) --seed $((upper * 1000 + 2)) \
            "${extra[@]}" | tally)
        # The upper level's results: as White, then as Black (mirrored).
        w=$((w1 + l2)); d=$((d1 + d2)); l=$((l1 + w2))
        line=$(printf '%-18s %d vs %d: %d games +%d =%d -%d %s (%ds)' "$variant" \
            "$upper" "$lower" $((w + d + l)) "$w" "$d" "$l" "$(elo "$w" "$d" "$l")" \
            $(( $(date +%s) - start )))
        echo "$line"
        [[ -n "${OUT:-}" ]] && echo "$line" >> "$OUT"
    done
done
