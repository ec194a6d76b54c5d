"""A tournament's standings from its decided tables: pure, recomputed on every read.

Order (CONTRACT.md §5.4): tables won, then points difference (the game points of the
matches), then head-to-head (wins among the pairs still level), then points for; entry order
last, so the order is total and stable. A bye is a table won with no points either way; a
draw (a match of a number of deals ending level) is played, neither won nor lost.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Outcome:
    """A decided table: `first` and `second` (None: a bye), who won (None: a draw), the game
    points."""

    first: str
    second: str | None
    winner: str | None
    points_first: int = 0
    points_second: int = 0


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    pair: str
    played: int
    won: int
    lost: int
    points_for: int
    points_against: int
    drawn: int = 0

    def to_json(self) -> dict[str, object]:
        return {
            "rank": self.rank,
            "pair": self.pair,
            "played": self.played,
            "won": self.won,
            "lost": self.lost,
            "points_for": self.points_for,
            "points_against": self.points_against,
            "drawn": self.drawn,
        }


@dataclass(slots=True)
class _Tally:
    played: int = 0
    won: int = 0
    drawn: int = 0
    points_for: int = 0
    points_against: int = 0


def standings(pairs: Sequence[str], outcomes: Iterable[Outcome]) -> list[Standing]:
    """Every pair of `pairs` (entry order), ranked 1, 2, … by the contract's order."""
    tally = {p: _Tally() for p in pairs}
    beat: dict[tuple[str, str], int] = {}
    for o in outcomes:
        sides = [(o.first, o.points_first, o.points_second)]
        if o.second is not None:
            sides.append((o.second, o.points_second, o.points_first))
            if o.winner is not None:
                loser = o.second if o.winner == o.first else o.first
                beat[(o.winner, loser)] = beat.get((o.winner, loser), 0) + 1
        for pair, scored, conceded in sides:
            t = tally[pair]
            t.played += 1
            t.won += pair == o.winner
            t.drawn += o.winner is None
            t.points_for += scored
            t.points_against += conceded

    def level(p: str) -> tuple[int, int]:
        return tally[p].won, tally[p].points_for - tally[p].points_against

    entry = {p: i for i, p in enumerate(pairs)}
    groups: dict[tuple[int, int], list[str]] = {}
    for p in pairs:
        groups.setdefault(level(p), []).append(p)

    def head_to_head(p: str) -> int:
        return sum(beat.get((p, q), 0) for q in groups[level(p)] if q != p)

    order = sorted(
        pairs,
        key=lambda p: (*(-x for x in level(p)), -head_to_head(p), -tally[p].points_for, entry[p]),
    )
    return [
        Standing(
            rank,
            p,
            tally[p].played,
            tally[p].won,
            tally[p].played - tally[p].won - tally[p].drawn,
            tally[p].points_for,
            tally[p].points_against,
            tally[p].drawn,
        )
        for rank, p in enumerate(order, start=1)
    ]
