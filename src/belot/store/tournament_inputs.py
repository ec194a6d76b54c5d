"""A new tournament's body checked field by field (CONTRACT.md §5.4): each refusal names its
field (`pairs.3.1`: the second player of the fourth pair), before anything is written."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from belot.core.errors import BelotError
from belot.core.games import GAME_NAMES
from belot.store import inputs
from belot.tournament.draw import FORMATS

MIN_PAIRS, MAX_PAIRS = 2, 64
MAX_ROUNDS = 64


@dataclass(frozen=True, slots=True)
class NewTournament:
    name: str
    game: str
    rules: str
    format: str
    rounds: int | None
    pairs: tuple[tuple[str, str], ...]


def new_tournament(body: Mapping[str, object], players: Mapping[str, str]) -> NewTournament:
    """`players`: the club's players, id → name."""
    name = inputs.display_name(body.get("name"), "name", "invalid-tournament-name")
    game, rules = inputs.game_and_rules(body.get("game", GAME_NAMES[0]), body.get("rules"))
    form = body.get("format")
    if form not in FORMATS:
        raise BelotError(
            "unknown-format",
            "format",
            "the format is round-robin, knockout or swiss",
            value=str(form),
        )
    if form != "swiss" and body.get("rounds") is not None:  # refused, never ignored
        raise BelotError(
            "rounds-not-swiss", "rounds", f"only a Swiss tournament takes rounds, not {form}"
        )
    rounds = _rounds(body.get("rounds")) if form == "swiss" else None
    return NewTournament(name, game.value, rules.key, str(form), rounds, _pairs(body, players))


def _rounds(value: object) -> int:
    if value is None:
        raise BelotError("missing-rounds", "rounds", "a Swiss tournament needs its rounds")
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_ROUNDS:
        raise BelotError(
            "invalid-rounds", "rounds", f"rounds is a number from 1 to {MAX_ROUNDS}",
            max=MAX_ROUNDS,
        )  # fmt: skip
    return value


def _pairs(body: Mapping[str, object], players: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    given = body.get("pairs")
    if not isinstance(given, list):
        raise BelotError("invalid-pairs", "pairs", "pairs is a list of pairs of player ids")
    if not MIN_PAIRS <= len(given) <= MAX_PAIRS:
        raise BelotError(
            "pair-count", "pairs", f"a tournament has {MIN_PAIRS} to {MAX_PAIRS} pairs",
            min=MIN_PAIRS, max=MAX_PAIRS, count=len(given),
        )  # fmt: skip
    seen: set[str] = set()
    pairs: list[tuple[str, str]] = []
    for i, pair in enumerate(given):
        if not isinstance(pair, list) or len(pair) != 2:
            raise BelotError("invalid-pair", f"pairs.{i}", "a pair is two player ids")
        for j, player in enumerate(pair):
            field = f"pairs.{i}.{j}"
            if not isinstance(player, str) or player not in players:
                raise BelotError("unknown-player", field, "this is not a player of the club")
            if player in seen:
                raise BelotError("player-twice", field, "a player plays in one pair only")
            seen.add(player)
        pairs.append((pair[0], pair[1]))
    return tuple(pairs)


def pair_name(first: str, second: str) -> str:
    """Two players as one team's name, `first & second`, always a valid team name: when the
    two do not fit in MAX_TEAM_NAME, the longer is shortened first (ending in "…"), each keeps
    at least half the room. The one derivation of club matches, tournament pairs and their
    files, so a name derived from players is never refused as a team's name (issue 23)."""
    room = inputs.MAX_TEAM_NAME - len(" & ")
    if len(first) + len(second) <= room:
        return f"{first} & {second}"
    half = room // 2
    if len(first) <= half:
        keep = (len(first), room - len(first))
    elif len(second) <= room - half:
        keep = (room - len(second), len(second))
    else:
        keep = (half, room - half)
    return f"{_cut(first, keep[0])} & {_cut(second, keep[1])}"


def fit_team_name(name: str) -> str:
    """A stored team name as a new match takes it: one derived before names were shortened
    consistently (61 to 123 characters) is cut to fit."""
    return _cut(name, inputs.MAX_TEAM_NAME)


def _cut(name: str, room: int) -> str:
    return name if len(name) <= room else name[: room - 1].rstrip() + "…"
