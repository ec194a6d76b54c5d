"""Lines over time as small server-drawn SVGs (no script, no style): a match's two running
totals over its deals, and a club's players' wins over its matches."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from markupsafe import Markup, escape

Num = Callable[[object], str]  # a figure in the reader's digits (`Lang.num`)
W, H = 340, 170
PAD_X, PAD_TOP, PAD_BOTTOM = 30, 12, 22


class _Frame:
    """The plot area: `steps` points along, values up to `top`."""

    def __init__(self, steps: int, top: float, num: Num = str) -> None:
        self.steps, self.top, self.num = max(steps, 1), top or 1, num

    def x(self, i: int) -> float:
        return PAD_X + i * (W - PAD_X - 8) / self.steps

    def y(self, v: float) -> float:
        return PAD_TOP + (H - PAD_TOP - PAD_BOTTOM) * (1 - v / self.top)

    def polyline(self, cls: str, values: Sequence[int], name: str) -> str:
        points = " ".join(f"{self.x(i):.1f},{self.y(v):.1f}" for i, v in enumerate(values))
        return f'<polyline class="{cls}" points="{points}"><title>{escape(name)}</title></polyline>'

    def open(self, label: str) -> list[str]:
        # direction: a graph reads left to right on an Arabic page too (and its labels stay put)
        return [
            f'<svg class="chart" viewBox="0 0 {W} {H}" direction="ltr" role="img" '
            f'aria-label="{escape(label)}">',
            f'<line class="grid" x1="{PAD_X}" y1="{self.y(0):.1f}" x2="{W - 8}" '
            f'y2="{self.y(0):.1f}"/>',
            f'<text x="2" y="{self.y(0) + 4:.1f}">{self.num(0)}</text>',
        ]

    def close(self, count: int) -> list[str]:
        ticks = [
            f'<text x="{self.x(i) - 3:.1f}" y="{H - 6}">{self.num(i)}</text>'
            for i in range(1, count)
            if self.steps <= 12 or i % max(5, self.steps // 10 // 5 * 5 or 5) == 0
        ]
        return [*ticks, "</svg>"]


def totals_chart(
    totals: Sequence[tuple[int, int]],
    target: int,
    names: tuple[str, str],
    label: str,
    num: Num = str,
) -> Markup:
    """`totals` after each deal (us, them); the start at 0 : 0 is added here."""
    points = [(0, 0), *totals]
    frame = _Frame(len(points) - 1, max(target, *(max(p) for p in points)) * 1.08, num)
    at_target = frame.y(target)
    parts = [
        *frame.open(label),
        # the legend sits top left, under the target: the lines start at the bottom left
        f'<text class="lg-us" x="{PAD_X + 4}" y="{at_target + 16:.1f}">{escape(names[0])}</text>',
        f'<text class="lg-them" x="{PAD_X + 4}" y="{at_target + 30:.1f}">{escape(names[1])}</text>',
        f'<line class="target" x1="{PAD_X}" y1="{at_target:.1f}" x2="{W - 8}" '
        f'y2="{at_target:.1f}"/>',
        f'<text x="2" y="{at_target + 4:.1f}">{num(target)}</text>',
        frame.polyline("us", [p[0] for p in points], names[0]),
        frame.polyline("them", [p[1] for p in points], names[1]),
        *frame.close(len(points)),
    ]
    return Markup("".join(parts))


def wins_chart(series: Sequence[tuple[str, Sequence[int]]], label: str, num: Num = str) -> Markup:
    """Each player's wins so far after each of the club's finished matches (at most four
    players, in the leaderboard's order); the start at 0 is added here."""
    lines = [(name, [0, *values]) for name, values in series[:4]]
    count = max((len(v) for _, v in lines), default=1)
    top = max((max(v) for _, v in lines), default=1)
    frame = _Frame(count - 1, top * 1.15, num)
    parts = [*frame.open(label), f'<text x="2" y="{frame.y(top) + 4:.1f}">{num(top)}</text>']
    for i, (name, values) in enumerate(lines):
        parts.append(f'<text class="lg-{i}" x="{PAD_X + 4}" y="{PAD_TOP + 12 + 14 * i}">'
                     f"{escape(name)}</text>")  # fmt: skip
        parts.append(frame.polyline(f"p{i}", values, name))
    return Markup("".join([*parts, *frame.close(count)]))
