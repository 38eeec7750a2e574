#!/usr/bin/env bash
# The game cards' pictures: one `variantarium screenshot` of each game's
# start position, written to assets/thumbnails/<variant id>.png. Re-run it
# whenever the scene changes (new board themes, pieces, lighting): the
# title screen reads whatever pictures are there.
#
#   scripts/thumbnails.sh [VARIANTS…]
#
# Builds the game (debug), then renders each picture at 480x270 under
# xvfb-run when there is no display. The games are the ones the binary
# knows (its own list, from the message for an unknown variant), unless
# given. Exits 1 if any picture could not be made.
set -uo pipefail
cd "$(dirname "$0")/.."

cargo build --quiet || exit 1
bin=${CARGO_TARGET_DIR:-target}/debug/variantarium
variants=("$@")
if ((${#variants[@]} == 0)); then
    known=$("$bin" moves --variant '?' 2>&1 | sed -n 's/.*(known: \(.*\))$/\1/p')
    IFS=', ' read -r -a variants <<<"$known"
fi
if ((${#variants[@]} == 0)); then
    echo "thumbnails: the binary named no games" >&2
    exit 1
fi
run=()
if [[ -z ${DISPLAY:-} && -z ${WAYLAND_DISPLAY:-} ]]; then
    run=(xvfb-run -a -s "-screen 0 1280x720x24")
fi
mkdir -p assets/thumbnails
failed=0
for variant in "${variants[@]}"; do
    out=assets/thumbnails/$variant.png
    if "${run[@]}" "$bin" screenshot --variant "$variant" --size 480x270 --frames 6 \
        --out "$out.tmp.png" 2>"assets/thumbnails/.$variant.log" \
        && mv "$out.tmp.png" "$out"; then
        rm -f "assets/thumbnails/.$variant.log"
        echo "$out"
    else
        echo "thumbnails: $variant failed, see assets/thumbnails/.$variant.log" >&2
        rm -f "$out.tmp.png"
        failed=1
    fi
done
exit $failed
