#!/usr/bin/env bash
# Strength table (a measurement, not part of `cargo test`): each engine
# level against the one below, in every game, every game from its own seed
# (the levels' evaluation noise is a function of the seed, so the openings
# vary). Two players: half the games with each colour. Three players: the
# upper level in one seat and the lower level in both others, the seat
# rotating (White, Black, Red); each game counts as two pairings of the
# upper level with a lower one: its win beats both, a lower player's win
# beats it and ties it with the other, a draw ties both; so a game scores
# 1, ¼ or ½ for the upper level (shown as its wins, draws and losses).
#
#   scripts/strength.sh [GAMES] [VARIANTS…]
#
# GAMES (default 40) per pairing, split evenly between the colours.
# Environment: LEVELS="2 3 4 5 6" (the upper level of each pairing),
# MOVETIME=MS (fixed time per move instead of the levels' node budgets;
# without it the levels' node budgets play without their time caps, so that
# a busy machine cannot cut the deeper level short), TIME_CAPS=1 (keep the
# caps),
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
              aj-glinski-mixed aj-mccooey-mixed aj-compact chakra
              aj-glinski-3p aj-glinski-mixed-3p aj-mccooey-3p aj-mccooey-mixed-3p)
fi
levels=(${LEVELS:-2 3 4 5 6})
if [[ -z "${BIN:-}" ]]; then
    cargo build --release --no-default-features --quiet
    BIN=${CARGO_TARGET_DIR:-target}/release/variantarium
fi
extra=()
if [[ -n "${MOVETIME:-}" ]]; then
    extra+=(--movetime "$MOVETIME")
elif [[ -z "${TIME_CAPS:-}" ]]; then
    extra+=(--nodes-only)
fi
[[ -n "${THREADS:-}" ]] && extra+=(--threads "$THREADS")

# W D L of White from selfplay's last line.
tally() { tail -n 1 | tr '-' ' '; }

# Elo difference and 95% margin of a score of W wins, D draws, L losses (a
# loss scoring LOSS, 0 unless given).
elo() {
    awk -v w="$1" -v d="$2" -v l="$3" -v lv="${4:-0}" 'function elo(p) {
            if (p <= 0) return "-inf"; if (p >= 1) return "inf";
            return -400 * log(1 / p - 1) / log(10) }
        BEGIN {
            n = w + d + l; p = (w + d / 2 + l * lv) / n
            var = (w * (1 - p) ^ 2 + d * (0.5 - p) ^ 2 + l * (lv - p) ^ 2) / n
            se = sqrt(var / n); lo = p - 1.96 * se; hi = p + 1.96 * se
            e = elo(p)
            if (e == "inf" || e == "-inf") { printf "score %.1f%% Elo %s", 100 * p, e; exit }
            if (lo <= 0 || hi >= 1) m = "inf"; else m = sprintf("%.0f", (elo(hi) - elo(lo)) / 2)
            printf "score %.1f%% Elo %+.0f ± %s", 100 * p, e, m
        }'
}

# The upper level's W D L over GAMES two-player games, White then Black.
two_players() {
    local variant=$1 upper=$2 lower=$3 half=$(( (games + 1) / 2 ))
    local w1 d1 l1 w2 d2 l2
    read -r w1 d1 l1 < <("$BIN" selfplay --variant "$variant" --white "$upper" \
        --black "$lower" --games "$half" --seed $((upper * 1000 + 1)) \
        "${extra[@]}" | tally)
    read -r w2 d2 l2 < <("$BIN" selfplay --variant "$variant" --white "$lower" \
        --black "$upper" --games $((games - half)) --seed $((upper * 1000 + 2)) \
        "${extra[@]}" | tally)
    # As Black the results are mirrored.
    echo $((w1 + l2)) $((d1 + d2)) $((l1 + w2))
}

# The upper level's wins, draws and losses (a lower level won) over GAMES
# three-player games, its seat rotating; selfplay's last line is
# `red N white N black N draws N`.
three_players() {
    local variant=$1 upper=$2 lower=$3 w=0 d=0 l=0 seat
    for seat in 0 1 2; do
        local n=$(( (games + 2 - seat) / 3 )) seats=("$lower" "$lower" "$lower")
        ((n > 0)) || continue
        seats[seat]=$upper
        local red white black draws
        read -r _ red _ white _ black _ draws < <("$BIN" selfplay --variant "$variant" \
            --white "${seats[0]}" --black "${seats[1]}" --red "${seats[2]}" --games "$n" \
            --seed $((upper * 1000 + 11 + seat)) "${extra[@]}" | tail -n 1)
        local wins=("$white" "$black" "$red")
        w=$((w + wins[seat])); d=$((d + draws)); l=$((l + white + black + red - wins[seat]))
    done
    echo "$w" "$d" "$l"
}

for variant in "${variants[@]}"; do
    for upper in "${levels[@]}"; do
        lower=$((upper - 1))
        start=$(date +%s)
        if [[ $variant == *-3p ]]; then
            read -r w d l < <(three_players "$variant" "$upper" "$lower")
            loss=0.25
        else
            read -r w d l < <(two_players "$variant" "$upper" "$lower")
            loss=0
        fi
        line=$(printf '%-20s %d vs %d: %d games +%d =%d -%d %s (%ds)' "$variant" \
            "$upper" "$lower" $((w + d + l)) "$w" "$d" "$l" "$(elo "$w" "$d" "$l" "$loss")" \
            $(( $(date +%s) - start )))
        echo "$line"
        [[ -n "${OUT:-}" ]] && echo "$line" >> "$OUT"
    done
done
