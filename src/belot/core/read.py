"""Reading a deal's decoded JSON field by field: the shape checks every game's careful reader
shares (an object, a whole number, a team, a choice, per-team values), each refusal worded for
its field (CONTRACT §3). The rules' own checks live with each game.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, TypeVar

from belot.core import declarations as decl
from belot.core import projects as proj
from belot.core.declarations import Combination, DeclarationKind
from belot.core.errors import BelotError
from belot.core.fields import DEAL_FIELDS
from belot.core.french_deal import FrenchCombination
from belot.core.projects import Project, ProjectKind, Projects
from belot.core.types import RANK_SYMBOLS, TEAMS, THEM, US, Game, Rank, Team

JSON = Any
E = TypeVar("E", bound=StrEnum)

TEAM_BY_NAME = {team.value: team for team in TEAMS}
_TYPE_NAMES = {dict: "an object", list: "a list", int: "a whole number", str: "a string"}


def wrong_type(field: str | None, expected: str, value: object) -> BelotError:
    got = type(value).__name__ if value is not None else "null"
    return BelotError(
        "wrong-type",
        field,
        f"{field or 'the deal'} must be {expected}, got {got}",
        expected=expected,
    )


def an_object(value: JSON, field: str | None) -> dict[str, JSON]:
    if not isinstance(value, dict):
        raise wrong_type(field, "an object", value)
    return value


def whole(value: JSON, field: str) -> int:
    if type(value) is not int:  # bool is an int subclass, and is not a number of points
        raise wrong_type(field, "a whole number", value)
    return value


_MEMBERS: dict[type[StrEnum], dict[str, StrEnum]] = {}


def choice(kind: type[E], value: JSON, field: str, code: str) -> E:
    # A dict lookup: calling the enum class is several times slower, and this is the hot path.
    members = _MEMBERS.get(kind)
    if members is None:
        members = _MEMBERS[kind] = {member.value: member for member in kind}
    member = members.get(value) if isinstance(value, str) else None
    if member is not None:
        return member  # type: ignore[return-value]
    if not isinstance(value, str):
        raise wrong_type(field, "a string", value)
    known = ", ".join(members)
    raise BelotError(code, field, f"unknown {field} {value!r}; it is one of {known}", value=value)


def a_team(value: JSON, field: str) -> Team:
    team = TEAM_BY_NAME.get(value) if isinstance(value, str) else None
    return team if team is not None else choice(Team, value, field, "unknown-team")


def team_or_none(value: JSON, field: str) -> Team | None:
    return None if value is None else a_team(value, field)


def per_team(value: JSON, field: str) -> dict[Team, JSON]:
    """A `{"us": ..., "them": ...}` object, either key optional."""
    obj = an_object(value, field)
    out: dict[Team, JSON] = {}
    for key, item in obj.items():
        team = TEAM_BY_NAME.get(key)
        if team is None:
            raise BelotError(
                "unknown-team",
                f"{field}.{key}",
                f"unknown team {key!r}; it is us or them",
                value=key,
            )
        out[team] = item
    return out


def points_per_team(value: JSON, field: str) -> dict[Team, int]:
    points = per_team(value, field)
    for team, v in points.items():
        if type(v) is not int:  # the field's name is only built for the error: a hot path
            whole(v, f"{field}.{team}")
    return points


def lists_per_team(value: JSON, field: str) -> dict[Team, list[JSON]]:
    if value is None or value == {}:
        return {US: [], THEM: []}
    given = per_team(value, field)
    out: dict[Team, list[JSON]] = {}
    for team in TEAMS:
        items = given.get(team)
        if items is None:
            items = []
        if not isinstance(items, list):
            raise wrong_type(f"{field}.{team}", "a list", items)
        out[team] = items
    return out


def rank(value: JSON, field: str) -> Rank:
    if not isinstance(value, str) or value not in RANK_SYMBOLS:
        raise BelotError(
            "unknown-rank",
            field,
            f"the card must be one of {', '.join(RANK_SYMBOLS)}, got {value!r}",
            value=str(value),
        )
    return Rank.from_symbol(value)


def only_keys(item: dict[str, JSON], field: str, allowed: frozenset[str]) -> None:
    for key in item:
        if key not in allowed:
            raise BelotError("unknown-field", f"{field}.{key}", f"unknown field {key!r}")


def require(data: dict[str, JSON], name: str) -> JSON:
    if data.get(name) is None:
        raise BelotError("missing-field", name, f"the deal needs {name}")
    return data[name]


# Every field some game has: one of them in a deal of another game is "not allowed" there,
# anything else is unknown.
def check_fields(data: dict[str, JSON], allowed: frozenset[str], game: Game) -> None:
    for key in data:
        if key not in allowed:
            if any(f.name == key for fields in DEAL_FIELDS.values() for f in fields):
                raise BelotError(
                    "field-not-allowed",
                    key,
                    f"a {game} deal has no {key!r}",
                    value=key,
                )
            raise BelotError(
                "unknown-field", key, f"unknown field {key!r} in a {game} deal", value=key
            )


def declarations_of(value: JSON, limit: int, french: bool = False) -> Any:
    """Per team: point values, or combinations (French ones may say `trump`)."""
    lists = lists_per_team(value, "declarations")
    for team in TEAMS:
        decl.check_count(team, len(lists[team]), limit)
    items = [item for team in TEAMS for item in lists[team]]
    if all(type(item) is int for item in items):
        return {team: tuple(lists[team]) for team in TEAMS}
    if all(isinstance(item, dict) for item in items):
        combos: dict[Team, Any] = {}
        keys = frozenset({"kind", "high", "trump"} if french else {"kind", "high"})
        for team in TEAMS:
            parsed: list[Any] = []
            for i, item in enumerate(lists[team]):
                where = f"declarations.{team}.{i}"
                only_keys(item, where, keys)
                if "kind" not in item or "high" not in item:
                    raise BelotError(
                        "missing-field", where, "a combination needs its kind and its high card"
                    )
                kind = choice(DeclarationKind, item["kind"], f"{where}.kind", "unknown-declaration")
                high = rank(item["high"], f"{where}.high")
                if french:
                    trump = item.get("trump", False)
                    if type(trump) is not bool:
                        raise wrong_type(f"{where}.trump", "true or false", trump)
                    parsed.append(FrenchCombination(kind, high, trump))
                else:
                    parsed.append(Combination(kind, high))
            combos[team] = tuple(parsed)
        return combos
    for team in TEAMS:
        for i, item in enumerate(lists[team]):
            if type(item) is not int and not isinstance(item, dict):
                raise wrong_type(f"declarations.{team}.{i}", "a point value or a combination", item)
    raise BelotError(
        "mixed-declarations",
        "declarations",
        "give declarations either as point values or as combinations, the same for both teams",
    )


def projects_of(value: JSON, limit: int) -> Mapping[Team, Projects]:
    lists = lists_per_team(value, "projects")
    for team in TEAMS:
        proj.check_count(team, len(lists[team]), limit)
    out: dict[Team, Projects] = {}
    for team in TEAMS:
        parsed = []
        for i, item in enumerate(lists[team]):
            where = f"projects.{team}.{i}"
            if isinstance(item, dict):
                only_keys(item, where, frozenset({"kind", "high"}))
                if "kind" not in item:
                    raise BelotError("missing-field", f"{where}.kind", "a project needs its kind")
                kind = choice(ProjectKind, item["kind"], f"{where}.kind", "unknown-project")
                high = item.get("high")
                parsed.append(Project(kind, None if high is None else rank(high, f"{where}.high")))
            else:
                parsed.append(Project(choice(ProjectKind, item, where, "unknown-project")))
        out[team] = tuple(parsed)
    return out
