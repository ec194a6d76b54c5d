"""The read-only link as a QR code (segno), inline SVG that scales with its box."""

from __future__ import annotations

import segno
from markupsafe import Markup


def qr_svg(url: str) -> Markup:
    code = segno.make(url, error="m")
    # omitsize: a viewBox instead of a fixed size; fixed colours so it scans in dark mode too
    svg = code.svg_inline(scale=4, border=2, dark="#000", light="#fff", omitsize=True)
    return Markup(svg)
