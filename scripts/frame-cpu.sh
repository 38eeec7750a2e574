#!/bin/sh
# Processor time per frame of the game window at its default quality,
# 1280x720, measured as the difference between a screenshot after FEW and
# after MANY frames (start-up and pipeline building cancel out), so that
# other programs sharing the machine do not move it. Works with any build
# (no --frame-time needed), so old and new builds compare alike. Usage:
#   scripts/frame-cpu.sh BINARY [games...]
set -eu
BIN=$1
shift
GAMES=${*:-chakra aj-glinski-3p}
FEW=6
MANY=26
TMP=$(mktemp -d)
NUMBER=$((700 + $$ % 200))
Xvfb ":$NUMBER" -screen 0 1280x800x24 -nolisten tcp -noreset </dev/null >/dev/null 2>&1 &
SERVER=$!
trap 'kill $SERVER; rm -rf "$TMP"' EXIT
sleep 2
export DISPLAY=":$NUMBER" XDG_DATA_HOME="$TMP/data" XDG_CONFIG_HOME="$TMP/config"
cpu() {
    /usr/bin/time -f "%U %S" -o "$TMP/time" "$BIN" screenshot --variant "$1" \
        --out "$TMP/shot.png" --size 1280x720 --frames "$2" >/dev/null 2>&1 </dev/null
    awk '{print $1 + $2}' "$TMP/time"
}
for variant in $GAMES; do
    few=$(cpu "$variant" $FEW)
    many=$(cpu "$variant" $MANY)
    echo "$variant $(echo "$few $many" | awk -v n=$((MANY - FEW)) '{printf "%.0f ms cpu a frame", ($2 - $1) * 1000 / n}')"
done
