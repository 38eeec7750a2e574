#!/usr/bin/env bash
# Soak test (a benchmark, not part of `cargo test`): random-vs-random and
# level 1 vs level 1 selfplay in every game, counting panics and time.
#
#   scripts/soak.sh [RANDOM_GAMES] [LEVEL1_GAMES] [VARIANTS…]
#
# Defaults: 100000 random games and 1000 level-1 games for each of the
# fourteen variant ids (the three-player ones with Red playing as White). The games run in chunks of separate processes (a panic ends
# only its own chunk, and is counted), on every core (JOBS=N to change).
# The binary is an optimised build with debug assertions and overflow checks
# on, so that an arithmetic overflow panics here as it would in a debug
# build instead of wrapping silently.
#
# Prints one line per variant and pairing: games played, panics, the
# results (White's wins-draws-losses; with three players Red's, White's and
# Black's wins and the draws), plies per game, wall time; then the total. Exits 1 if
# any chunk panicked. Logs of failed chunks stay in $SOAK_DIR.
set -uo pipefail
cd "$(dirname "$0")/.."

random_games=${1:-100000}
level_games=${2:-1000}
shift $(( $# < 2 ? $# : 2 ))
variants=("$@")
if ((${#variants[@]} == 0)); then
    variants=(flaxman tapestry glinski mccooey aj-glinski aj-mccooey
              aj-glinski-mixed aj-mccooey-mixed aj-compact chakra
              aj-glinski-3p aj-glinski-mixed-3p aj-mccooey-3p aj-mccooey-mixed-3p)
fi
jobs=${JOBS:-$(nproc)}
random_chunk=${RANDOM_CHUNK:-2000}
level_chunk=${LEVEL_CHUNK:-50}

export CARGO_TARGET_DIR="${SOAK_TARGET_DIR:-target/soak}"
export CARGO_PROFILE_RELEASE_DEBUG_ASSERTIONS=true
export CARGO_PROFILE_RELEASE_OVERFLOW_CHECKS=true
cargo build --release --no-default-features --quiet || exit 2
bin="$CARGO_TARGET_DIR/release/variantarium"
dir=${SOAK_DIR:-$(mktemp -d -t variantarium-soak.XXXXXX)}
mkdir -p "$dir"

# One chunk: variant, white, black, games, seed. Writes its summary line
# (games panicked W-D-L plies) to stdout.
chunk() {
    local variant=$1 white=$2 black=$3 games=$4 seed=$5
    local log="$dir/$variant-$white-$black-$seed"
    local red=()
    [[ $variant == *-3p ]] && red=(--red "$white")
    "$bin" selfplay --variant "$variant" "${red[@]}" --white "$white" --black "$black" \
        --games "$games" --seed "$seed" >"$log.out" 2>"$log.err"
    local status=$?
    local played plies results
    played=$(grep -c '^game ' "$log.out")
    # The number before "plies" ("game 7: 1-0 checkmate in 45 plies, …").
    plies=$(awk '/^game /{ for (i = 1; i < NF; i++) if ($(i + 1) ~ /^plies/) s += $i }
                 END { print s + 0 }' "$log.out")
    # Four counts: W D L 0, or with three players R W B D.
    results=$(tail -n1 "$log.out" | awk '/^red /{ print $2, $4, $6, $8; next }
                                         { split($1, r, "-"); print r[1], r[2], r[3], 0 }')
    if ((status != 0)) || grep -q 'panicked' "$log.err"; then
        echo "$played 1 0 0 0 0 $plies"
    else
        echo "$played 0 $results $plies"
        rm -f "$log.out" "$log.err"
    fi
}
export -f chunk
export bin dir

total_games=0
total_panics=0
soak_start=$(date +%s)
printf '%-18s %-14s %8s %7s %17s %11s %8s\n' variant players games panics "W-D-L" plies/game seconds
for variant in "${variants[@]}"; do
    for pairing in "random random $random_games $random_chunk" "1 1 $level_games $level_chunk"; do
        read -r white black games size <<<"$pairing"
        ((games > 0)) || continue
        start=$(date +%s.%N)
        summary=$(
            for ((first = 0; first < games; first += size)); do
                n=$(( games - first < size ? games - first : size ))
                echo "$variant $white $black $n $(( first + 1 ))"
            done | xargs -P "$jobs" -n 5 bash -c 'chunk "$@"' _ |
                awk -v three="$([[ $variant == *-3p ]] && echo 1)" \
                    '{ g += $1; p += $2; a += $3; b += $4; c += $5; d += $6; pl += $7 }
                     END { r = three ? sprintf("%d-%d-%d/%d", a, b, c, d) : sprintf("%d-%d-%d", a, b, c)
                           printf "%d %d %s %d\n", g, p, r, pl }'
        )
        read -r played panics wdl plies <<<"$summary"
        seconds=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
        per_game=$(awk -v p="$plies" -v g="$played" 'BEGIN { printf "%.0f", g ? p / g : 0 }')
        printf '%-18s %-14s %8d %7d %17s %11s %8s\n' "$variant" "$white-$black" \
            "$played" "$panics" "$wdl" "$per_game" "$seconds"
        total_games=$(( total_games + played ))
        total_panics=$(( total_panics + panics ))
    done
done
echo "total: $total_games games, $total_panics panicked chunks, $(( $(date +%s) - soak_start )) s on $jobs jobs"
if ((total_panics > 0)); then
    echo "logs of the panicked chunks: $dir"
    exit 1
fi
rmdir "$dir" 2>/dev/null || true
