"""A JSON null in a deal is a value sent, not a field left out (issue 32).

The core's readers take a null for the field's default, but `/openapi.json` gives null only to
the fields that may name nobody (a team or none: `capot`, `kaboot`, `baloot`,
`projects_first`, …, each declared `Shape.TEAM_OR_NONE` in `belot.core.fields`). Every way a
deal comes in — `POST /api/v1/score`, a match's deals added or replaced (the API, the pages, a
club file), `belot score` — refuses any other null before the core reads it, with the
contract's error object: code `wrong-type` at its field (`multiplier`, `declarations.them`,
`caller`). The new match's own fields are checked where the match is read (`api/body.py`'s
`only_fields`, the same rule). Deals stored before are replayed as they were stored.

Read from the core's declaration of each game's fields, so a game added later follows. Not
in the core's readers themselves: they also replay the deals stored before, nulls included.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import countOf
from typing import Any

from belot.core.errors import BelotError
from belot.core.fields import DEAL_FIELDS, TEAM_NAMES, Shape
from belot.core.games import GAME_NAMES
from belot.core.seats import PASSED
from belot.core.types import Game

# A match's deal may also say who won the bid, or that everyone passed (CONTRACT §5.2).
TABLE_FIELDS = ("caller", PASSED)
# The shapes whose value is one object per team: a team's null is no value either.
PER_TEAM = frozenset(
    {Shape.POINTS_PER_TEAM, Shape.COUNT_PER_TEAM, Shape.DECLARATIONS, Shape.PROJECTS, Shape.ROEM}
)


class _Declared:
    """One game's fields as the null rule reads them."""

    __slots__ = ("known", "nullable", "per_team")

    def __init__(self, game: Game) -> None:
        fields = DEAL_FIELDS[game]
        self.nullable = frozenset(f.name for f in fields if f.shape is Shape.TEAM_OR_NONE)
        self.per_team = tuple(f.name for f in fields if f.shape in PER_TEAM)
        self.known = frozenset(f.name for f in fields) | frozenset(TABLE_FIELDS)


_DECLARED: dict[str, _Declared] = {}


def _declared(game: object) -> _Declared | None:
    """The fields of the game called `game`; None for no game of the registry."""
    if not isinstance(game, str):  # a name, or the Game itself (a str)
        return None
    found = _DECLARED.get(game)
    if found is not None:
        return found
    try:
        known = Game(game)
    except ValueError:
        return None
    if known not in DEAL_FIELDS:
        return None
    return _DECLARED.setdefault(known.value, _Declared(known))


def refuse_nulls(deal: object, game: object = None) -> None:
    """Refuse (`wrong-type` at its field) a null the deal's field takes none of. `game`: the
    match's; a deal alone names its own (the first game's when it names none). A deal that
    is no object, or of a game nobody knows, is left to the core, which says what is wrong."""
    if type(deal) is not dict:
        return
    declared = _declared(deal.get("game", GAME_NAMES[0]) if game is None else game)
    if declared is None:
        return
    for name, value in deal.items():
        if value is None:
            if name in declared.known and name not in declared.nullable:
                _refuse(name)
        elif name in declared.per_team and type(value) is dict:
            for team in TEAM_NAMES:
                if team in value and value[team] is None:
                    _refuse(f"{name}.{team}")


def _refuse(field: str) -> None:
    raise BelotError(
        "wrong-type", field, f"{field} cannot be null; leave it out or give a value",
        expected="not null",
    )  # fmt: skip


class HasNull(ValueError):
    """A deal that holds a null the fast path does not judge: the careful way reads it."""


# The fast path's view of each game, by its name: the fields that take null, and the
# per-team fields whose values are lists (declarations, projects, roem). A team's null in a
# per-team count or number the lookups already refuse (no whole number), so it is not looked
# for here: the careful way then refuses it at its field, as every null.
_FAST: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {}
_LISTS = frozenset({Shape.DECLARATIONS, Shape.PROJECTS, Shape.ROEM})
_FIRST = GAME_NAMES[0]


def _fast(game: object) -> tuple[frozenset[str], tuple[str, ...]] | None:
    declared = _declared(game)
    if declared is None or type(game) is not str:  # (a name, when declared)
        return None
    lists = tuple(f.name for f in DEAL_FIELDS[Game(game)] if f.shape in _LISTS)
    return _FAST.setdefault(game, (declared.nullable, lists))


def null_free(deal: Any) -> Any:
    """`deal` unchanged when it holds no null a field may refuse, else `HasNull` (a
    ValueError, which the fast paths step aside for): the guard in front of the lookups
    (`belot.core.plain`), which take a null for the field's default. The common deal, with
    no null, costs a look at its values and its lists' teams."""
    if type(deal) is dict:
        game = deal.get("game", _FIRST)
        found = (_FAST.get(game) if type(game) is str else None) or _fast(game)
        if found is None:
            return deal  # no game of ours: the lookups step aside, the careful way says why
        nullable, lists = found
        nulls = countOf(deal.values(), None)
        if nulls:  # each null one of a field that takes it, or the careful way decides
            for name in nullable:
                if name in deal and deal[name] is None:
                    nulls -= 1
            if nulls:
                raise HasNull
        for name in lists:
            value = deal.get(name)
            if type(value) is dict and None in value.values():
                raise HasNull
    return deal


def without_refused_nulls(deal: Mapping[str, Any], game: str) -> dict[str, Any]:
    """A deal stored before this rule as the rule takes it: each null a field takes none of
    left out (the core read it as the field's default, so it scores the same). For a deal
    opened from the sheet and saved again (its edit form, the undo's redo)."""
    declared = _declared(game)
    out = dict(deal)
    if declared is None:
        return out
    for name, value in deal.items():
        if value is None and name in declared.known and name not in declared.nullable:
            del out[name]
        elif name in declared.per_team and type(value) is dict and None in value.values():
            out[name] = {team: v for team, v in value.items() if v is not None}
    return out
