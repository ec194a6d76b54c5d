"""Croatian bela's declarations (zvanja, RULES.md 7.3): one contest, the strongest team scores
all of its own. Read the careful way (`counted`: every refusal worded at its field) and by
lookups (`quick_counted`, for `Bela.quick`: a table made once from `_zvanje`, so a
combination's value and strength come from one place).
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass
from typing import Final

from belot.core import annonces
from belot.core import declarations as decl
from belot.core.declarations import ONCE, DeclarationKind
from belot.core.errors import BelotError, said
from belot.core.plain import NotPlain
from belot.core.read import JSON, choice, lists_per_team, only_keys, rank, team_or_none, whole
from belot.core.types import RANK_SYMBOLS, TEAMS, THEM, US, Rank, Team

FOUR_ACES_150: Final = "four-aces-150"  # the house rule (7.9) that changes a value here
MOST_PER_TEAM: Final = 6  # three a hand of eight cards

_MIN_LENGTH = {DeclarationKind.TIERCE: 3, DeclarationKind.QUARTE: 4, DeclarationKind.QUINT: 5}
_RUN_VALUE = {3: 20, 4: 50, 5: 100, 6: 100, 7: 100}
_CARRE_VALUE: dict[Rank, int] = {Rank.JACK: 200, Rank.NINE: 150, Rank.ACE: 100, Rank.TEN: 100,
                                 Rank.KING: 100, Rank.QUEEN: 100}  # fmt: skip
VALUES = (20, 50, 100, 150, 200)


@dataclass(frozen=True, slots=True, order=True)
class Strength:
    """What decides the contest (7.3), compared in this order."""

    value: int
    cards: int
    top: int
    trump: bool


def _zvanje(item: dict[str, JSON], where: str, on: frozenset[str]) -> Strength:
    """One combination `{kind, high, length?, trump?}` as its value and strength (`on`: the
    house rules)."""
    only_keys(item, where, frozenset({"kind", "high", "length", "trump"}))
    if "kind" not in item or "high" not in item:
        raise BelotError("missing-field", where, "a combination needs its kind and its high card")
    kind = choice(DeclarationKind, item["kind"], f"{where}.kind", "unknown-declaration")
    high = rank(item["high"], f"{where}.high")
    trump = item.get("trump", False)
    if type(trump) is not bool:
        raise BelotError("wrong-type", f"{where}.trump", f"{where}.trump must be true or false")
    if kind is DeclarationKind.CARRE:
        if "length" in item:
            raise BelotError("field-not-allowed", f"{where}.length", "a carré has no length")
        if high not in _CARRE_VALUE:
            raise BelotError(
                "impossible-combination",
                f"{where}.high",
                f"there is no declaration of four {high.symbol}s; four of a kind are of J, 9, "
                "A, 10, K or Q",
                kind=str(kind),
                high=high.symbol,
            )
        value = 150 if high is Rank.ACE and FOUR_ACES_150 in on else _CARRE_VALUE[high]
        return Strength(value, 4, high.order, False)
    least = _MIN_LENGTH[kind]
    length = whole(item.get("length", least), f"{where}.length")
    if length != least and not (kind is DeclarationKind.QUINT and 5 <= length <= 7):
        said_as = "5, 6 or 7" if kind is DeclarationKind.QUINT else str(least)
        raise BelotError(
            "impossible-combination",
            f"{where}.length",
            f"a {kind} is a run of {said_as} cards, got {said(length)}",
            kind=str(kind),
        )
    if high.order < length - 1:  # a run of `length` ends at least on the `length`-th card
        lowest = Rank.from_symbol(("7", "8", "9", "10", "J", "Q", "K", "A")[length - 1])
        raise BelotError(
            "impossible-combination",
            f"{where}.high",
            f"a run of {length} cannot end on {high.symbol}; its top card is at least "
            f"{lowest.symbol}",
            kind=str(kind),
            high=high.symbol,
            lowest=lowest.symbol,
        )
    return Strength(_RUN_VALUE[length], length, high.order, trump)


def counted(data: dict[str, JSON], on: frozenset[str]) -> dict[Team, int]:
    """Each team's counted declarations (7.3): one contest, the strongest team scores all."""
    lists = lists_per_team(data.get("declarations"), "declarations")
    for team in TEAMS:
        decl.check_count(team, len(lists[team]), MOST_PER_TEAM)
    items = [*lists[US], *lists[THEM]]
    if all(type(item) is int for item in items):
        return _counted_values(lists, on)
    if not all(isinstance(item, dict) for item in items):
        for team in TEAMS:
            for i, item in enumerate(lists[team]):
                if type(item) is not int and not isinstance(item, dict):
                    raise BelotError(
                        "wrong-type",
                        f"declarations.{team}.{i}",
                        "a declaration is a point value or a combination",
                    )
        raise BelotError(
            "mixed-declarations",
            "declarations",
            "give declarations either as point values or as combinations, the same for both teams",
        )
    points = {US: 0, THEM: 0}
    best: dict[Team, Strength | None] = {US: None, THEM: None}
    carres: set[int] = set()
    for team in TEAMS:
        for i, item in enumerate(lists[team]):
            where = f"declarations.{team}.{i}"
            strength = _zvanje(item, where, on)
            if strength.cards == 4 and item["kind"] == DeclarationKind.CARRE.value:
                if strength.top in carres:
                    raise BelotError(
                        "duplicate-carre",
                        f"{where}.high",
                        f"four {item['high']}s are declared twice; there are only four",
                    )
                carres.add(strength.top)
            points[team] += strength.value
            top = best[team]
            if top is None or strength > top:
                best[team] = strength
    winner = _contest(best[US], best[THEM], data)
    return {team: points[team] if team is winner else 0 for team in TEAMS}


def _contest(us: Strength | None, them: Strength | None, data: dict[str, JSON]) -> Team | None:
    if us is None and them is None:
        return None
    if them is None or (us is not None and us > them):
        return US
    if us is None or them > us:
        return THEM
    first = team_or_none(data.get("declarations_first"), "declarations_first")
    if first is None:
        raise BelotError(
            "declarations-tie",
            "declarations_first",
            "both teams' best declarations are equal: say which team plays first after the dealer",
        )
    return first


# Four jacks (200) and four nines (150) exist once a deal; four aces are a second 150 under
# `four-aces-150`.
_TWO_AT_150: Mapping[int, int] = {150: 2, 200: 1}


def _counted_values(lists: dict[Team, list[JSON]], on: frozenset[str]) -> dict[Team, int]:
    """Declarations given as values: one team's count (7.3), as the French games read them."""
    values = {team: tuple(lists[team]) for team in TEAMS}
    return annonces.counted_values(values, _TWO_AT_150 if FOUR_ACES_150 in on else ONCE)


# -- The lookups (`Bela.quick`) --------------------------------------------------------------

# A combination as a deal gives it: (kind, high, length or None when left out, trump).
Key = tuple[JSON, JSON, JSON, bool]
# What the contest needs of it: its value, its strength's place among every combination's
# (equal places, equal strengths) and, for a carré, a bit for its rank (twice: refused).
Looked = tuple[int, int, int]


def _lookups(on: frozenset[str]) -> dict[Key, Looked]:
    """Every combination `_zvanje` takes under `on`, as `quick_counted` reads it."""
    strengths: dict[Key, Strength] = {}
    for kind in DeclarationKind:
        for high in RANK_SYMBOLS:
            for length in (None, *range(9)):
                for trump in (False, True):
                    item: dict[str, JSON] = {"kind": kind.value, "high": high, "trump": trump}
                    if length is not None:
                        item["length"] = length
                    with suppress(BelotError):  # no such combination
                        strengths[kind.value, high, length, trump] = _zvanje(item, "", on)
    place = {strength: i for i, strength in enumerate(sorted(set(strengths.values())))}
    carre = DeclarationKind.CARRE.value
    return {key: (s.value, place[s], 1 << s.top if key[0] == carre else 0)
            for key, s in strengths.items()}  # fmt: skip


# By whether four aces are worth 150 (the one switch a combination's value depends on).
_LOOKUPS: dict[bool, dict[Key, Looked]] = {
    aces: _lookups(frozenset({FOUR_ACES_150} if aces else ())) for aces in (False, True)
}
_TEAM_KEYS = frozenset({"us", "them"})
_NOTHING: list[JSON] = []


def _items(given: dict[str, JSON], name: str) -> list[JSON]:
    items = given.get(name)
    if items is None:
        return _NOTHING
    if type(items) is not list or len(items) > MOST_PER_TEAM:
        raise NotPlain
    return items


def quick_counted(deal: dict[str, JSON], on: frozenset[str]) -> tuple[int, int]:
    """`counted` by lookups, (us, them): values (one team's) or combinations (both teams'),
    the contest by the table's places, a tie by `declarations_first`; `NotPlain` (KeyError,
    TypeError) for anything the careful way words."""
    given = deal.get("declarations")
    if given is None:
        return 0, 0
    if type(given) is not dict or not _TEAM_KEYS.issuperset(given):
        raise NotPlain
    us, them = _items(given, "us"), _items(given, "them")
    if not us and not them:
        return 0, 0
    if type((us or them)[0]) is int:
        return _quick_values(us, them, 2 if FOUR_ACES_150 in on else 1)
    table = _LOOKUPS[FOUR_ACES_150 in on]
    points, best, carres = [0, 0], [-1, -1], 0
    for team, items in ((0, us), (1, them)):
        for item in items:
            if type(item) is not dict:
                raise NotPlain
            length: JSON = None  # left out
            size = 2  # the keys the item may have
            if "length" in item:
                length, size = item["length"], 3
                if type(length) is not int:
                    raise NotPlain
            trump = item.get("trump", False)
            if type(trump) is not bool or len(item) != size + ("trump" in item):
                raise NotPlain  # a key besides these
            value, place, carre = table[item["kind"], item["high"], length, trump]
            if carre:
                if carres & carre:
                    raise NotPlain
                carres |= carre
            points[team] += value
            if place > best[team]:
                best[team] = place
    if best[0] > best[1]:
        return points[0], 0
    if best[1] > best[0]:
        return 0, points[1]
    first = deal.get("declarations_first")  # equal: the team first in play
    if first == "us":
        return points[0], 0
    if first == "them":
        return 0, points[1]
    raise NotPlain


_VALUES = frozenset(VALUES)


def _quick_values(us: list[JSON], them: list[JSON], aces: int) -> tuple[int, int]:
    """Values, one team's: each a declaration's, the carrés of 150 at most `aces` times and
    of 200 once."""
    if us and them:
        raise NotPlain
    items = us or them
    total = 0
    for value in items:
        if type(value) is not int or value not in _VALUES:
            raise NotPlain
        total += value
    if len(items) > 1 and (items.count(150) > aces or items.count(200) > 1):
        raise NotPlain
    return (total, 0) if us else (0, total)
