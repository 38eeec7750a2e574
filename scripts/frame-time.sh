#!/bin/sh
# Mean frame time of the game window at the default quality (what the
# window picks by itself: `low` on a CPU renderer), 1280x720, on a few fixed
# games, as the window's own frame clock measures it (`screenshot
# --frame-time`): the before/after measure of the scene's cost. Usage:
#   [SHOTS=folder] scripts/frame-time.sh [path/to/variantarium] [frames] [games...]
set -eu
BIN=${1:-target/release/variantarium}
FRAMES=${2:-24}
[ $# -ge 2 ] && shift 2 || shift $#
GAMES=${*:-chakra glinski aj-glinski-3p}
TMP=$(mktemp -d)
NUMBER=$((700 + $$ % 200))
Xvfb ":$NUMBER" -screen 0 1280x800x24 -nolisten tcp -noreset </dev/null >/dev/null 2>&1 &
SERVER=$!
trap 'kill $SERVER; rm -rf "$TMP"' EXIT
sleep 2
# No remembered quality or settings: the window's own default.
export DISPLAY=":$NUMBER" XDG_DATA_HOME="$TMP/data" XDG_CONFIG_HOME="$TMP/config"
for variant in $GAMES; do
    "$BIN" screenshot --variant "$variant" --out "$TMP/$variant.png" --size 1280x720 \
        --frames "$FRAMES" --frame-time >"$TMP/out" 2>"$TMP/err" </dev/null || cat "$TMP/err"
    echo "$variant $(grep -o "frame-time.*" "$TMP/err")"
    # SHOTS=folder keeps the pictures.
    [ -n "${SHOTS:-}" ] && cp "$TMP/$variant.png" "$SHOTS/"
done
