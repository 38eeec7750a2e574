#!/usr/bin/env bash
# A long run of the game server under a steady load (a soak: not part of
# `cargo test` or CI). `benches/online_load` starts this build's
# `variantarium serve` on a free port of 127.0.0.1 with an empty database
# and has BOTS bots (two to a game) play game after game of random legal
# moves, each thinking 0 to 2×THINK_MS ms before a move; every minute it
# writes a CSV line: the server's resident memory (kB) and open files, the
# games finished so far, the minute's moves and the p50/p99 of a move's
# time from sent to the opponent's `moved`, and the load average. After
# MINUTES the bots leave and it samples AFTER seconds more, while the
# finished games leave the server's memory.
#
#   scripts/soak-server.sh                 # 200 bots, 60 minutes, SQLite
#   MINUTES=5 BOTS=50 DB=postgres scripts/soak-server.sh
#
# CSV goes to $SOAK_CSV (soak-server-DATE.csv in the current folder by
# default). PROFILE=dev uses the debug build's profile (quicker to build
# when it is warm; slower to run). The run is niced (NICE, 10 by default).
set -euo pipefail
cd "$(dirname "$0")/.."

minutes=${MINUTES:-60}
bots=${BOTS:-200}
db=${DB:-sqlite}
think=${THINK_MS:-1000}
after=${AFTER:-120}
profile=${PROFILE:-bench}
csv=${SOAK_CSV:-$PWD/soak-server-$(date -u +%Y%m%dT%H%MZ).csv}

# Each bot holds one socket, and the server one per bot.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
exec nice -n "${NICE:-10}" cargo bench --no-default-features --profile "$profile" \
    --bench online_load -- --bots "$bots" --db "$db" --minutes "$minutes" \
    --think-ms "$think" --every 60 --after "$after" --csv "$csv"
