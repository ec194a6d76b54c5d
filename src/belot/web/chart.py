"""Lines over time as small server-drawn SVGs (no script, no style): a match's two running
totals over its deals, and a club's players' wins over its matches."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from markupsafe import Markup, escape

Num = Callable[[object], str]  # a figure in the reader's digits (`Lang.num`)
W, H = 340, 170
PAD_X, PAD_TOP, PAD_BOTTOM = 30, 12, 22

# A club's chart draws up to eight players, each in a colour of its own (club.css `.s0`–`.s7`,
# light and dark) and never by colour alone: each has its own dash and its own marker (at the
# line's end and in the legend), so that players who cannot tell the colours apart still can
# tell the lines (issue 19: the fifth player was left out of a palette of four).
MAX_SERIES = 8
DASHES = ("", "6 3", "2 3", "9 3 2 3")
MARKERS = ("circle", "square", "up", "diamond", "down", "ring", "box", "cross")
LEGEND_ROW = 16
LEGEND_NAME = 15  # characters of a name in the legend (the whole name is its `<title>`)


def marker(kind: str, x: float, y: float, r: float = 3.5) -> str:
    """A small shape centred on (x, y), named in its class; hollow ones are filled with the
    card's colour."""
    cls = f"mark {kind} hollow" if kind in ("ring", "box") else f"mark {kind}"
    if kind in ("circle", "ring"):
        return f'<circle class="{cls}" cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}"/>'
    if kind in ("square", "box"):
        return (f'<rect class="{cls}" x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" '
                f'height="{2 * r:.1f}"/>')  # fmt: skip
    points = " ".join(f"{x + dx * r:.1f},{y + dy * r:.1f}" for dx, dy in SHAPES[kind])
    return f'<polygon class="{cls}" points="{points}"/>'


SHAPES = {  # the corners of a polygon marker, in units of its radius
    "up": [(0, -1.2), (1.1, 0.8), (-1.1, 0.8)],
    "down": [(0, 1.2), (1.1, -0.8), (-1.1, -0.8)],
    "diamond": [(0, -1.3), (1.1, 0), (0, 1.3), (-1.1, 0)],
    "cross": [(-1, -0.6), (-0.6, -1), (0, -0.4), (0.6, -1), (1, -0.6), (0.4, 0),
              (1, 0.6), (0.6, 1), (0, 0.4), (-0.6, 1), (-1, 0.6), (-0.4, 0)],
}  # fmt: skip


def swatch(x: float, y: float, kind: str, dash: str) -> str:
    """The legend's sample of a line: a short stroke in the line's dash, its marker on it."""
    dashed = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<line class="line" x1="{x:.1f}" y1="{y:.1f}" x2="{x + 20:.1f}" y2="{y:.1f}"'
            f"{dashed}/>{marker(kind, x + 10, y)}")  # fmt: skip


def shortened(name: str, most: int = LEGEND_NAME) -> str:
    return name if len(name) <= most else name[: most - 1].rstrip() + "…"


class _Frame:
    """The plot area: `steps` points along, values up to `top`."""

    def __init__(self, steps: int, top: float, num: Num = str) -> None:
        self.steps, self.top, self.num = max(steps, 1), top or 1, num

    def x(self, i: int) -> float:
        return PAD_X + i * (W - PAD_X - 8) / self.steps

    def y(self, v: float) -> float:
        return PAD_TOP + (H - PAD_TOP - PAD_BOTTOM) * (1 - v / self.top)

    def polyline(self, cls: str, values: Sequence[int], name: str, dash: str = "",
                 lift: float = 0) -> str:  # fmt: skip
        points = " ".join(f"{self.x(i):.1f},{self.y(v) + lift:.1f}" for i, v in enumerate(values))
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        return (f'<polyline class="{cls}" points="{points}"{dashed}>'
                f"<title>{escape(name)}</title></polyline>")  # fmt: skip

    def open(self, label: str, height: int = H) -> list[str]:
        # direction: a graph reads left to right on an Arabic page too (and its labels stay put)
        return [
            f'<svg class="chart" viewBox="0 0 {W} {height}" direction="ltr" role="img" '
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


# The match chart's two lines: the team's class (its colour), marker and dash.
TEAMS = (("us", "circle", ""), ("them", "square", "6 3"))


def totals_chart(
    totals: Sequence[tuple[int, int]],
    target: int | None,
    names: tuple[str, str],
    label: str,
    num: Num = str,
) -> Markup:
    """`totals` after each deal (us, them); the start at 0 : 0 is added here. The second
    team's line is dashed and each line ends in its own marker, as in the legend. `target`:
    its line across the plot (None: a match of a number of deals, no line)."""
    points = [(0, 0), *totals]
    top = max(target or 1, *(max(p) for p in points))
    frame = _Frame(len(points) - 1, top * 1.08, num)
    last = len(points) - 1
    # The legend under the plot, a team a row, as the club chart's: inside it, under the
    # target, a line that rose early (a coinche ×2 in deal 2) ran through the names.
    legend = [
        f'<g class="{team}">{swatch(PAD_X, H + 6 + LEGEND_ROW * i, kind, dash)}'
        f'<text class="lg-{team}" x="{PAD_X + 26}" y="{H + 10 + LEGEND_ROW * i}">'
        f"{escape(names[i])}</text></g>"
        for i, (team, kind, dash) in enumerate(TEAMS)
    ]
    lines = [
        f'<g class="{team}">{frame.polyline("line", [p[i] for p in points], names[i], dash)}'
        f"{marker(kind, frame.x(last), frame.y(points[-1][i]))}</g>"
        for i, (team, kind, dash) in enumerate(TEAMS)
    ]
    parts = [
        *frame.open(label, H + 6 + LEGEND_ROW * len(TEAMS)),
        *legend,
        *([] if target is None else _target_line(frame.y(target), num(target))),
        *lines,
        *frame.close(len(points)),
    ]
    return Markup("".join(parts))


def _target_line(at: float, said: str) -> list[str]:
    return [
        f'<line class="target" x1="{PAD_X}" y1="{at:.1f}" x2="{W - 8}" y2="{at:.1f}"/>',
        f'<text x="2" y="{at + 4:.1f}">{said}</text>',
    ]


LIFT = 2.0  # px between two players' lines of the same wins, so that neither hides the other


def axes(frame: _Frame, x_label: str, y_label: str) -> list[str]:
    """The axes' names (issue 25: they had none): what goes along under the ticks' row, what
    goes up written upwards beside the figures."""
    mid = (PAD_TOP + frame.y(0)) / 2
    return [
        f'<text class="axis" x="{W - 8}" y="{H + 8}" text-anchor="end">{escape(x_label)}</text>',
        f'<text class="axis" x="10" y="{mid:.1f}" text-anchor="middle" '
        f'transform="rotate(-90 10 {mid:.1f})">{escape(y_label)}</text>',
    ]


def wins_chart(
    series: Sequence[tuple[str, Sequence[int]]],
    label: str,
    num: Num = str,
    x_label: str = "",
    y_label: str = "",
) -> Markup:
    """Each player's wins so far after each of the club's finished matches (the first
    MAX_SERIES players given, in the leaderboard's order); the start at 0 is added here.
    Every line drawn is in the legend, under the plot, two names a row. Lines are drawn a
    little apart (LIFT), so that two players with the same wins are both seen; the axes are
    named by `x_label` (the matches) and `y_label` (the wins)."""
    lines = [(name, [0, *values]) for name, values in series[:MAX_SERIES]]
    count = max((len(v) for _, v in lines), default=1)
    top = max((max(v) for _, v in lines), default=1)
    frame = _Frame(count - 1, top * 1.15, num)
    rows = (len(lines) + 1) // 2
    named = 12 if x_label else 0  # the x axis's name under the ticks
    height = H + 6 + named + rows * LEGEND_ROW
    top_label = f'<text x="2" y="{frame.y(top) + 4:.1f}">{num(top)}</text>'
    parts = [*frame.open(label, height), top_label]
    drawn, legend = [], []
    for i, (name, values) in enumerate(lines):
        kind, dash = MARKERS[i], DASHES[i % len(DASHES)]
        lift = (i - (len(lines) - 1) / 2) * LIFT
        end = marker(kind, frame.x(len(values) - 1), frame.y(values[-1]) + lift)
        drawn.append(f'<g class="s{i}">{frame.polyline("line", values, name, dash, lift)}'
                     f"{end}</g>")  # fmt: skip
        x = PAD_X + (i % 2) * (W - PAD_X) / 2
        y = H + 6 + named + (i // 2) * LEGEND_ROW
        legend.append(f'<g class="s{i}" data-series="{i}"><title>{escape(name)}</title>'
                      f"{swatch(x, y, kind, dash)}"
                      f'<text class="lg" x="{x + 26:.1f}" y="{y + 4:.1f}">'
                      f"{escape(shortened(name))}</text></g>")  # fmt: skip
    named_axes = axes(frame, x_label, y_label) if x_label or y_label else []
    return Markup("".join([*parts, *drawn, *legend, *named_axes, *frame.close(count)]))
