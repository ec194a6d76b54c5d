"""A stored match as a score sheet for a terminal, like the paper one at the table."""

from __future__ import annotations

import unicodedata

from belot.core.games import GAMES
from belot.core.presets import find_preset
from belot.store import MatchView

_TITLES = {info.name: info.title for info in GAMES.values()}


def width(text: str) -> int:
    """Columns a terminal gives the text: wide East Asian letters two, combining marks none."""
    total = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        total += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return total


def _left(text: str, size: int) -> str:
    return text + " " * max(0, size - width(text))


def _right(text: str, size: int) -> str:
    return " " * max(0, size - width(text)) + text


def render(view: MatchView) -> str:
    us, them = view.teams["us"], view.teams["them"]
    title, target = _TITLES.get(view.game, view.game), view.sheet.target
    name = {"us": us, "them": them}
    col = max(6, width(us), width(them))
    header = [_right("#", 3), _left("bid", 11), _left("by", col), " ×", _left("outcome", 8)]
    header += [_right(us, col), _right(them, col), _right("hangs", 5)]
    lines = [
        f"{us} – {them} · {title}, rules {_rules(view.rules)} · match {view.id}"
        f" · version {view.version}",
        "  ".join(header),
    ]
    for row in view.sheet.rows:
        given, result = row.input, row.result
        score = result.get("score")
        points = score if isinstance(score, dict) else {}
        bidder = str(given.get("declarer", given.get("buyer", "")))
        cells = [
            _right(str(row.n), 3),
            _left(str(given.get("contract", given.get("mode", ""))), 11),
            _left(name.get(bidder, bidder), col),
            _right(str(given.get("multiplier", 1)), 2),
            _left(str(result.get("outcome", "")), 8),
            _right(str(points.get("us", 0)), col),
            _right(str(points.get("them", 0)), col),
            _right(str(row.hanging) if row.hanging else "", 5),
        ]
        lines.append("  ".join(cells).rstrip())
    rule_width = width(lines[1])
    lines.append("-" * rule_width)
    totals = view.sheet.totals
    lines.append(
        _left("   total", 3 + 2 + 11 + 2 + col + 2 + 2 + 2 + 8)
        + "  "
        + _right(str(totals["us"]), col)
        + "  "
        + _right(str(totals["them"]), col)
    )
    count = view.sheet.deal_count  # a match of a number of deals (a klaverjas boom)
    if view.sheet.finished and view.sheet.winner is not None:
        lines.append(f"Match over: {name.get(view.sheet.winner, view.sheet.winner)} won.")
    elif view.sheet.finished:
        lines.append("Match over: a draw.")
    elif count is not None:
        lines.append(f"Playing on: {view.sheet.played} of {count} deals played.")
    else:
        hanging = f"; {view.sheet.hanging} hanging" if view.sheet.hanging else ""
        lines.append(f"Playing on to {target}{hanging}.")
    return "\n".join(lines) + "\n"


def _rules(key: str) -> str:
    """The preset, and each house rule that is on: `bg + border-to-declarers`."""
    rules = find_preset(key)
    return " + ".join([rules.name, *sorted(rules.on)])
