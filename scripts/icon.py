#!/usr/bin/env python3
"""The application icon: an ivory king standing on a hexagonal board of
walnut cells in the game's three shades, framed in dark walnut with the
title's amber rim.

    scripts/icon.py

Writes assets/icon/variantarium.svg, then the PNGs the desktop wants
(assets/icon/variantarium-<N>.png for N in 16 32 48 64 128 256 512) with
rsvg-convert (Debian: librsvg2-bin). The window's own icon is the 256 px
picture. Change the drawing here, run the script, commit what it writes.
"""

import math
import pathlib
import shutil
import subprocess
import sys

SIZES = (16, 32, 48, 64, 128, 256, 512)
CANVAS = 512
CENTRE = CANVAS / 2

# The game's colours: the walnut board's light, middle and dark cells
# (src/app/look/themes.rs), the title's amber (src/app/ui/main_menu.rs),
# the room's near-black, and the ivory of the white men.
CELLS = ("#ffdba3", "#cc945c", "#855430")
AMBER = "#e6b45a"
FRAME = "#3b2213"
FRAME_DEEP = "#1a1717"
IVORY = "#f7ead0"
IVORY_SHADE = "#d2b282"
INK = "#1e120a"

FRAME_RADIUS = 246  # corner of the outer hexagon from the centre
BOARD_RINGS = 2  # cells around the middle one
CELL_SIZE = 47  # a cell's corner from its centre
CELL_GAP = 0.9  # a cell drawn this much of its size: the grout shows


def hexagon(cx, cy, radius, start_degrees):
    """The six corners of a regular hexagon, as an SVG points list."""
    corners = []
    for k in range(6):
        angle = math.radians(start_degrees + 60 * k)
        corners.append(f"{cx + radius * math.cos(angle):.1f},{cy + radius * math.sin(angle):.1f}")
    return " ".join(corners)


def frame():
    """The board's outline: pointy at top and bottom, an amber rim round a
    dark walnut inlay."""
    return [
        f'<polygon points="{hexagon(CENTRE, CENTRE, FRAME_RADIUS, 90)}" fill="{AMBER}"/>',
        f'<polygon points="{hexagon(CENTRE, CENTRE, FRAME_RADIUS - 16, 90)}" fill="url(#frame)"/>',
    ]


def board():
    """Flat-topped cells, three-coloured as on a hexagonal chess board:
    no two neighbours share a shade."""
    cells = []
    n = BOARD_RINGS
    for q in range(-n, n + 1):
        for r in range(-n, n + 1):
            if abs(q + r) > n:
                continue
            x = CENTRE + 1.5 * CELL_SIZE * q
            y = CENTRE + math.sqrt(3) * CELL_SIZE * (r + q / 2)
            shade = CELLS[(q - r) % 3]
            points = hexagon(x, y, CELL_SIZE * CELL_GAP, 0)
            cells.append(f'<polygon points="{points}" fill="{shade}"/>')
    return cells


def king_parts():
    """The king's silhouette as separate shapes (cross, head, collar, body,
    foot): outlined together, filled together, so that only the outside
    is inked."""
    x = CENTRE
    return [
        # The cross.
        f'<rect x="{x - 15}" y="52" width="30" height="86" rx="6"/>',
        f'<rect x="{x - 42}" y="74" width="84" height="28" rx="6"/>',
        # The head: a dome over the collar.
        f'<path d="M {x - 66} 214 C {x - 84} 160 {x - 40} 128 {x} 128 '
        f'C {x + 40} 128 {x + 84} 160 {x + 66} 214 Z"/>',
        # The collar.
        f'<rect x="{x - 74}" y="206" width="148" height="30" rx="14"/>',
        # The body, narrow at the neck, widening to the foot.
        f'<path d="M {x - 40} 232 C {x - 44} 300 {x - 62} 344 {x - 96} 380 '
        f'L {x + 96} 380 C {x + 62} 344 {x + 44} 300 {x + 40} 232 Z"/>',
        # The foot: two steps.
        f'<rect x="{x - 110}" y="370" width="220" height="30" rx="12"/>',
        f'<rect x="{x - 124}" y="394" width="248" height="40" rx="16"/>',
    ]


# The king is drawn on a 512 canvas and shrunk about the board's centre
# until its foot stands inside the frame.
KING_SCALE = 0.88


def king():
    parts = "".join(king_parts())
    shrink = f"translate({CENTRE} {CENTRE}) scale({KING_SCALE}) translate({-CENTRE} {-CENTRE})"
    return [f'<g transform="{shrink}">'] + [
        # A soft shadow on the board.
        f'<ellipse cx="{CENTRE + 10}" cy="432" rx="132" ry="26" fill="{INK}" opacity="0.45"/>',
        # The ink outline: every part stroked thick, under the fill.
        f'<g fill="{INK}" stroke="{INK}" stroke-width="26" stroke-linejoin="round">{parts}</g>',
        f'<g fill="url(#ivory)">{parts}</g>',
        # One line where the collar meets the body, and one on the foot.
        f'<path d="M {CENTRE - 56} 236 L {CENTRE + 56} 236" stroke="{IVORY_SHADE}" stroke-width="6" stroke-linecap="round"/>',
        f'<path d="M {CENTRE - 100} 398 L {CENTRE + 100} 398" stroke="{IVORY_SHADE}" stroke-width="6" stroke-linecap="round"/>',
        "</g>",
    ]


def svg():
    defs = (
        "<defs>"
        '<linearGradient id="ivory" x1="0" y1="0" x2="1" y2="0">'
        f'<stop offset="0.25" stop-color="{IVORY}"/><stop offset="1" stop-color="{IVORY_SHADE}"/>'
        "</linearGradient>"
        '<radialGradient id="frame" cx="0.5" cy="0.4" r="0.6">'
        f'<stop offset="0" stop-color="{FRAME}"/><stop offset="1" stop-color="{FRAME_DEEP}"/>'
        "</radialGradient>"
        "</defs>"
    )
    body = frame() + board() + king()
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{CANVAS}" height="{CANVAS}" '
        f'viewBox="0 0 {CANVAS} {CANVAS}">\n'
        "<title>Variantarium</title>\n" + defs + "\n" + "\n".join(body) + "\n</svg>\n"
    )


def main():
    out = pathlib.Path(__file__).resolve().parent.parent / "assets" / "icon"
    out.mkdir(parents=True, exist_ok=True)
    drawing = out / "variantarium.svg"
    drawing.write_text(svg())
    print(f"wrote {drawing}")
    converter = shutil.which("rsvg-convert")
    if converter is None:
        print(
            "icon: rsvg-convert is missing, so no PNGs were made "
            "(Debian: apt-get install librsvg2-bin)",
            file=sys.stderr,
        )
        return 2
    for size in SIZES:
        picture = out / f"variantarium-{size}.png"
        subprocess.run(
            [converter, "-w", str(size), "-h", str(size), "-o", str(picture), str(drawing)],
            check=True,
        )
        print(f"wrote {picture}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
