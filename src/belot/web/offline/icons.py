"""Draws the app's icons (static/icon.svg, icon-192.png, icon-512.png): a white card with a
red diamond on the table's green. `python -m belot.web.offline.icons` writes them again.

The whole square is the background, so the PNGs serve as maskable icons too.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

STATIC = Path(__file__).parent.parent / "static"
GREEN = (0x0B, 0x6B, 0x3A)
WHITE = (0xFF, 0xFF, 0xFF)
RED = (0xB3, 0x26, 0x1E)
# In units of the icon's side: the card (centre, half width, half height, corner) and the
# diamond (half width, half height), inside the maskable safe zone (a circle of 0.4).
CARD = (0.5, 0.5, 0.22, 0.3, 0.05)
DIAMOND = (0.13, 0.19)


def colour(x: float, y: float) -> tuple[int, int, int]:
    cx, cy, hw, hh, r = CARD
    dx, dy = abs(x - cx), abs(y - cy)
    if abs(dx) / DIAMOND[0] + abs(dy) / DIAMOND[1] <= 1:
        return RED
    if dx > hw or dy > hh:
        return GREEN
    ox, oy = dx - (hw - r), dy - (hh - r)
    if ox > 0 and oy > 0 and ox * ox + oy * oy > r * r:
        return GREEN
    return WHITE


def png(size: int) -> bytes:
    rows = bytearray()
    for j in range(size):
        rows.append(0)
        for i in range(size):
            rows.extend(colour((i + 0.5) / size, (j + 0.5) / size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + chunk(b"IEND", b"")
    )


def svg() -> str:
    cx, cy, hw, hh, r = (v * 512 for v in CARD)
    w, h = DIAMOND[0] * 512, DIAMOND[1] * 512
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
        '<rect width="512" height="512" fill="#0b6b3a"/>'
        f'<rect x="{cx - hw:g}" y="{cy - hh:g}" width="{2 * hw:g}" height="{2 * hh:g}" '
        f'rx="{r:g}" fill="#fff"/>'
        f'<path d="M{cx:g} {cy - h:g}L{cx + w:g} {cy:g}L{cx:g} {cy + h:g}L{cx - w:g} {cy:g}Z" '
        'fill="#b3261e"/></svg>\n'
    )


def main() -> None:
    (STATIC / "icon.svg").write_text(svg(), encoding="utf-8")
    for size in (192, 512):
        (STATIC / f"icon-{size}.png").write_bytes(png(size))


if __name__ == "__main__":
    main()
