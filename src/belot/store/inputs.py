"""Checks of what a match is created with and of the request headers the store is given.

Deals themselves are checked by the core when the match replays them; this is the rest.
"""

from __future__ import annotations

import hashlib
import re
from typing import TypeVar, cast

from belot.core.errors import BelotError
from belot.core.games import find_game
from belot.core.presets import Preset, rules_for
from belot.core.seats import SEATS, seat_number
from belot.core.types import DEFAULT_TEAM_NAMES, Game
from belot.nulls import refuse_nulls
from belot.store.names import name_problem
from belot.store.view import Seat

MAX_TEAM_NAME = 60
MAX_KEY = 255
# The most deals a match may hold: a real one has a few dozen; this bounds what one match
# can cost the server (its sheet, its page, each change's replay).
MAX_DEALS = 2000
DEFAULT_TEAMS = DEFAULT_TEAM_NAMES
# What `new_match_id` makes; anything else cannot be a match, so it never reaches the database
# (PostgreSQL refuses some strings, e.g. with NUL, and that must be a 404, not a crash).
_MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
D = TypeVar("D")
_KEY = re.compile(rf"[\x20-\x7e]{{1,{MAX_KEY}}}")


def game_and_rules(game: object, rules: object) -> tuple[Game, Preset]:
    """The game and the rules a match is made with: a preset's name or house rules."""
    if not isinstance(game, str):
        raise BelotError("wrong-type", "game", "game must be a string", expected="a string")
    known = find_game(game).game
    return known, rules_for(known, rules)


def team_names(game: Game, teams: object) -> dict[str, str]:
    """Both teams' names, each defaulting to the game's usual word for it."""
    names = dict(DEFAULT_TEAMS[game])
    if teams is None:
        return names
    if not isinstance(teams, dict):
        raise BelotError("wrong-type", "teams", "teams must be an object", expected="an object")
    for key, value in teams.items():
        field = f"teams.{key}"
        if key not in names:
            raise BelotError(
                "unknown-team", field, f"unknown team {key!r}; it is us or them", value=str(key)
            )
        if not isinstance(value, str):
            raise BelotError(
                "wrong-type", field, "a team name must be a string", expected="a string"
            )
        name = value.strip()
        if not name or len(name) > MAX_TEAM_NAME:
            raise BelotError(
                "invalid-team-name",
                field,
                f"a team name has 1 to {MAX_TEAM_NAME} characters",
                max=MAX_TEAM_NAME,
            )
        # Bidi overrides, invisible names, controls: what is shown must be what it says
        # (and PostgreSQL refuses NUL).
        problem = name_problem(name)
        if problem is not None:
            raise BelotError("invalid-team-name", field, problem)
        names[key] = name
    return names


def seats(value: object) -> tuple[Seat, ...] | None:
    """Four names in dealing order (CONTRACT.md §5.2), or none."""
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != len(SEATS):
        raise BelotError("invalid-seats", "seats", "seats are a list of 4 names, in dealing order")
    return tuple(
        Seat(display_name(name, f"seats.{i}", "invalid-seat-name")) for i, name in enumerate(value)
    )


def first_dealer(value: object, *, seated: bool) -> int | None:
    """The seat that deals first: 1 when seats are given without it."""
    if value is None:
        return 1 if seated else None
    return seat_number(value, "first_dealer")


def display_name(value: object, field: str, code: str) -> str:
    """A name people read on the sheet: 1 to 60 characters, nothing that cannot be shown."""
    if not isinstance(value, str):
        raise BelotError("wrong-type", field, "a name must be a string", expected="a string")
    name = value.strip()
    if not name or len(name) > MAX_TEAM_NAME:
        raise BelotError(
            code, field, f"a name has 1 to {MAX_TEAM_NAME} characters", max=MAX_TEAM_NAME
        )
    problem = name_problem(name)
    if problem is not None:
        raise BelotError(code, field, problem)
    return name


def is_match_id(match_id: str) -> bool:
    return _MATCH_ID.fullmatch(match_id) is not None


def idempotency_key(key: str | None) -> str | None:
    if key is None:
        return None
    if _KEY.fullmatch(key) is None:
        raise BelotError(
            "invalid-idempotency-key",
            "Idempotency-Key",
            f"an Idempotency-Key is 1 to {MAX_KEY} printable ASCII characters",
            max=MAX_KEY,
        )
    return key


_DEVICE_TOKEN = re.compile(r"[A-Za-z0-9_-]{32,128}")


def made_on_device(token: str | None, key: str | None) -> tuple[str, str] | None:
    """A match started on a device before the server had it: the edit token the device chose
    and the key it made the match with (both, or neither), as (token, the key's hash)."""
    if token is None and key is None:
        return None
    if token is None or _DEVICE_TOKEN.fullmatch(token) is None:
        raise BelotError(
            "invalid-token", "token", "a device's edit token is 32 to 128 of A-Z a-z 0-9 - _"
        )
    checked = idempotency_key(key) if key is not None else None
    if checked is None:
        raise BelotError("invalid-idempotency-key", "key", "a device's new match needs its key")
    return token, hashlib.sha256(checked.encode("ascii")).hexdigest()


def deal_of_match(deal: D, preset: Preset, field: str = "rules") -> D:
    """A deal added to a match names no rules of its own (CONTRACT §5): its `rules`, when
    given, must be exactly the match's own (a preset match's name, or a house-rules match's
    resolved object) and is then left out, so a stored deal never holds rules of its own.
    Anything else is refused at `rules`, and nothing is stored. A null the deal's field
    takes none of is refused at that field (`belot.nulls`), under the deal's own path."""
    try:
        refuse_nulls(deal, preset.game)
    except BelotError as err:  # `field` is the deal's `rules`: its path is the deal's
        where = field.removesuffix("rules").removesuffix(".")
        raise err.within(where) if where else err from None
    if not isinstance(deal, dict) or "rules" not in deal:
        return deal
    given, own = deal["rules"], preset.to_json()
    if given is not None and not _same_rules(given, own):
        if isinstance(own, dict):
            said = f"house rules over {preset.name!r} (the match's rules object)"
        else:
            said = f"rules {own!r}"
        raise BelotError(
            "match-mismatch",
            field,
            f"this match plays {said}; a deal names no rules of its own: leave rules out",
        )
    return cast(D, {key: value for key, value in deal.items() if key != "rules"})


def _same_rules(given: object, own: str | dict[str, object]) -> bool:
    """`given` is `own` exactly: the same name, or an object of the same keys and values
    (`1` is no `true`)."""
    if isinstance(own, str):
        return isinstance(given, str) and given == own
    return (
        isinstance(given, dict)
        and given.keys() == own.keys()
        and all(type(given[key]) is type(value) and given[key] == value
                for key, value in own.items())
    )  # fmt: skip


def caller_needs_seats(deal: object, seated: bool, field: str = "caller") -> None:
    """CONTRACT §5.2: only a deal of a match with seats may say who won the bid (`caller`)."""
    if not seated and isinstance(deal, dict) and deal.get("caller") is not None:
        raise BelotError(
            "caller-without-seats", field, "only a match with seats says who won the bid"
        )
