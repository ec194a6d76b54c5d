"""Skill ratings from a club's finished matches, in the order they were played.

openskill's Weng-Lin Plackett-Luce model (MIT, pure Python) is made for teams: each match is
two teams of two, the partners share its result and each player's rating moves by their
share of the uncertainty. A pair (two players, whichever seats) is rated too, as one entity
over the matches it played together. The figure shown is the model's ordinal, μ − 3σ: a
rating that grows as the model becomes sure of a player, so one lucky win does not top the
table. Pure: the store reads the matches and caches the answer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

Duo = tuple[str, str]


@dataclass(frozen=True, slots=True)
class Played:
    """A finished match: the two pairs (sorted ids) and whether the first one won (None: a
    draw, both ranked alike)."""

    first: Duo
    second: Duo
    first_won: bool | None


@dataclass(frozen=True, slots=True)
class Rated:
    rating: float
    matches: int
    mu: float
    sigma: float


@dataclass(frozen=True, slots=True)
class Ratings:
    players: dict[str, Rated]
    pairs: dict[Duo, Rated]


def duo(a: str, b: str) -> Duo:
    return (a, b) if a <= b else (b, a)


class Rater:
    """The ratings so far: matches are added in the order played, each moving only the
    ratings of its four players and two pairs (so a new match costs one update, not all)."""

    def __init__(self) -> None:
        self.model = PlackettLuce()
        self.rated: list[Played] = []
        self._players: dict[str, PlackettLuceRating] = {}
        self._pairs: dict[Duo, PlackettLuceRating] = {}
        self._counts: dict[str, int] = {}
        self._pair_counts: dict[Duo, int] = {}

    def add(self, matches: Iterable[Played]) -> None:
        model, players, pairs = self.model, self._players, self._pairs
        for m in matches:
            ranks = [1.0, 1.0] if m.first_won is None else [1.0, 2.0] if m.first_won else [2.0, 1.0]
            teams = [[self._player(p) for p in m.first], [self._player(p) for p in m.second]]
            (a1, a2), (b1, b2) = model.rate(teams, ranks=ranks)
            for pid, new in zip((*m.first, *m.second), (a1, a2, b1, b2), strict=True):
                players[pid] = new
                self._counts[pid] = self._counts.get(pid, 0) + 1
            duel = [[self._pair(m.first)], [self._pair(m.second)]]
            [(x,), (y,)] = model.rate(duel, ranks=ranks)
            pairs[m.first], pairs[m.second] = x, y
            for d in (m.first, m.second):
                self._pair_counts[d] = self._pair_counts.get(d, 0) + 1
            self.rated.append(m)

    def ratings(self) -> Ratings:
        return Ratings(
            {pid: _rated(r, self._counts[pid]) for pid, r in self._players.items()},
            {d: _rated(r, self._pair_counts[d]) for d, r in self._pairs.items()},
        )

    def _player(self, pid: str) -> PlackettLuceRating:
        if pid not in self._players:
            self._players[pid] = self.model.rating(name=pid)
        return self._players[pid]

    def _pair(self, d: Duo) -> PlackettLuceRating:
        if d not in self._pairs:
            self._pairs[d] = self.model.rating(name="&".join(d))
        return self._pairs[d]


def rate(matches: Iterable[Played]) -> Ratings:
    rater = Rater()
    rater.add(matches)
    return rater.ratings()


def _rated(rating: PlackettLuceRating, matches: int) -> Rated:
    mu, sigma = rating.mu, rating.sigma
    return Rated(round(mu - 3 * sigma, 3), matches, round(mu, 3), round(sigma, 3))


def initial() -> Rated:
    """A player with no finished match: the model's starting point."""
    rating = PlackettLuce().rating()
    return _rated(rating, 0)
