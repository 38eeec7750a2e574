#!/usr/bin/env bash
# The SPRT ladder (a measurement, not part of `cargo test`): each engine
# level against the one below with `variantarium match`, until the test
# decides whether the upper level is at least +100 Elo stronger (H1) or at
# most as strong (H0). Two players: pairs of games from one opening with
# the colours reversed. Three players: runs of three games, the upper level
# in each seat in turn against two copies of the lower.
#
#   scripts/ladder.sh [VARIANTS…]
#
# Environment: LEVELS="2 3 4" (the upper level of each pairing), SPRT="0
# 100", MAX_GAMES (default 120), SEED (default 1), THREADS (games at once,
# default 2), JOURNALS (default ladder-journals: one journal a pairing, so
# that a stopped ladder goes on where it stopped, the finished pairings
# replayed from their journals in a moment), BIN (default: an optimised
# build without the window, built first).
#
# Prints one row a pairing: variant, pairing, and match's verdict line
# (H1 accepted, H0 accepted or no decision, the Elo estimate with its 95%
# interval, the score and the games played).
set -euo pipefail
cd "$(dirname "$0")/.."

variants=("$@")
if ((${#variants[@]} == 0)); then
    variants=(aj-glinski-3p aj-glinski-mixed-3p aj-mccooey-3p aj-mccooey-mixed-3p)
fi
levels=(${LEVELS:-2 3 4})
read -r elo0 elo1 <<< "${SPRT:-0 100}"
journals=${JOURNALS:-ladder-journals}
mkdir -p "$journals"
if [[ -z "${BIN:-}" ]]; then
    cargo build --release --no-default-features --quiet
    BIN=${CARGO_TARGET_DIR:-target}/release/variantarium
fi

for variant in "${variants[@]}"; do
    for upper in "${levels[@]}"; do
        lower=$((upper - 1))
        verdict=$("$BIN" match --variant "$variant" --a "$upper" --b "$lower" \
            --sprt "$elo0" "$elo1" --max-games "${MAX_GAMES:-120}" \
            --seed "${SEED:-1}" --threads "${THREADS:-2}" \
            --journal "$journals/$variant-${upper}v$lower.journal" | tail -n 1)
        echo "$variant | $upper vs $lower | $verdict"
    done
done
