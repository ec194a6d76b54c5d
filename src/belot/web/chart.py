"""Both teams' running totals over the deals, as a small server-drawn SVG (no script, no style)."""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape

W, H = 340, 170
PAD_X, PAD_TOP, PAD_BOTTOM = 30, 12, 22


def totals_chart(
    totals: Sequence[tuple[int, int]], target: int, names: tuple[str, str], label: str
) -> Markup:
    """`totals` after each deal (us, them); the start at 0 : 0 is added here."""
    points = [(0, 0), *totals]
    top = max(target, *(max(p) for p in points)) * 1.08
    steps = max(len(points) - 1, 1)

    def x(i: int) -> float:
        return PAD_X + i * (W - PAD_X - 8) / steps

    def y(v: int) -> float:
        return PAD_TOP + (H - PAD_TOP - PAD_BOTTOM) * (1 - v / top)

    def line(team: int) -> str:
        return " ".join(f"{x(i):.1f},{y(p[team]):.1f}" for i, p in enumerate(points))

    parts = [
        # direction: a graph reads left to right on an Arabic page too (and its labels stay put)
        f'<svg class="chart" viewBox="0 0 {W} {H}" direction="ltr" role="img" '
        f'aria-label="{escape(label)}">',
        # the legend sits top left, under the target: the lines start at the bottom left
        f'<text class="lg-us" x="{PAD_X + 4}" y="{y(target) + 16:.1f}">{escape(names[0])}</text>',
        f'<text class="lg-them" x="{PAD_X + 4}" y="{y(target) + 30:.1f}">{escape(names[1])}</text>',
        f'<line class="grid" x1="{PAD_X}" y1="{y(0):.1f}" x2="{W - 8}" y2="{y(0):.1f}"/>',
        f'<line class="target" x1="{PAD_X}" y1="{y(target):.1f}" x2="{W - 8}" '
        f'y2="{y(target):.1f}"/>',
        f'<text x="2" y="{y(target) + 4:.1f}">{target}</text>',
        f'<text x="2" y="{y(0) + 4:.1f}">0</text>',
        f'<polyline class="us" points="{line(0)}"><title>{escape(names[0])}</title></polyline>',
        f'<polyline class="them" points="{line(1)}"><title>{escape(names[1])}</title></polyline>',
    ]
    for i in range(1, len(points)):
        if steps <= 12 or i % 5 == 0:
            parts.append(f'<text x="{x(i) - 3:.1f}" y="{H - 6}">{i}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))
