"""CONTRACT.md §1-3: deals as decoded JSON in, results and errors back to JSON.

A deal names its game; the game (`belot.core.games`) reads, scores and explains it. Here: which
game and rules a deal names, its fields checked against the game's declaration (unknown
fields are errors) and the common deal of the core's older games by lookups first (`plain`).
The error object is `belot.core.errors.error_json`'s (`belot.contract` gives both).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from belot.core import plain
from belot.core.errors import BelotError
from belot.core.fields import names, supplied_by_match
from belot.core.games import BY_NAME, GAME_NAMES, GAMES, GameInfo, find_game
from belot.core.presets import PRESETS, Preset, rules_for
from belot.core.read import JSON, TEAM_BY_NAME, an_object, check_fields, choice
from belot.core.results import Step
from belot.core.types import Game, Team

# What a match supplies itself, so a deal added to a match must not carry it.
MATCH_SUPPLIED = supplied_by_match()

# A deal as the core's value (`BelotDeal`, `BalootRound`, `FrenchDeal`; its `rules` name its
# game, which scores it) and its result (`BelotResult`, `BalootResult`: `to_json`).
Deal = Any
Result = Any


def _game_of(data: dict[str, JSON]) -> Game:
    """The game a deal names; without `game` (an old or hand-written deal), the game of the
    preset its rules name, else the game whose fields hold most of the deal's (the first)."""
    named = data.get("game")
    if isinstance(named, str):  # the registry's games, a registered one too
        return find_game(named).game
    if "game" in data:
        return choice(Game, named, "game", "unknown-game")  # the wrong type, worded
    given = data.get("rules")
    preset = given.get("preset") if isinstance(given, dict) else given
    if isinstance(preset, str) and preset in PRESETS:
        return PRESETS[preset].game
    held = {info.game: sum(key in names(info.game) for key in data) for info in GAMES.values()}
    return max(held, key=lambda game: held[game])  # the first of the best: Belot's by default


def _game_and_rules(data: dict[str, JSON]) -> tuple[GameInfo, Preset]:
    game = _game_of(data)
    return GAMES[game], rules_for(game, data.get("rules"))


def _read(data: JSON) -> tuple[GameInfo, Preset, dict[str, JSON]]:
    """The deal's game, its rules and the deal itself, its fields checked against the game's."""
    obj = an_object(data, None)
    info, rules = _game_and_rules(obj)
    check_fields(obj, names(info.game), info.game)
    return info, rules, obj


def score(data: JSON) -> dict[str, JSON]:
    """A deal as decoded JSON in, its result as JSON out (CONTRACT.md §1-2): the common deal
    by lookups (`plain`, or the game's own `quick`), any other asked of its game once."""
    named = data.get("game") if type(data) is dict else None
    quick = BY_NAME[named].quick if type(named) is str and named in BY_NAME else None
    try:  # the game's own lookups (bela, klaverjas), else the older games' (`plain`)
        return plain.score(data) if quick is None else quick(data)
    except plain.GIVE_UP:
        pass
    info, rules, obj = _read(data)
    scores = info.scores
    assert scores is not None  # every game in the registry scores its deals
    return scores(obj, rules)


def explained(data: JSON) -> tuple[dict[str, JSON], list[dict[str, JSON]]]:
    """The result and the ordered breakdown (steps as data) of a deal, from its game; the
    pages and `belot score`'s words say the steps in their own language. A game registered
    with a function alone gives no steps."""
    info, rules, obj = _read(data)
    if info.explains is None:
        assert info.scores is not None
        return info.scores(obj, rules), []
    steps: list[Step] = []
    result = info.explains(obj, rules, steps)
    return result, [step.to_json() for step in steps]


def explain(data: JSON) -> list[dict[str, JSON]]:
    """The ordered breakdown of a deal's scoring, for pages to render in their own language."""
    return explained(data)[1]


def parse_deal(data: JSON) -> Deal:
    """A deal as decoded JSON (CONTRACT.md §1) into its game's core value; BelotError when
    refused. A plainly shaped deal is read by lookups (`belot.core.plain`); any other is read
    by its game, field by field, and a refusal is worded for the first field at fault."""
    try:
        return plain.read(data)
    except plain.GIVE_UP:
        return parse_checked(data)


def parse_checked(data: JSON) -> Deal:
    """`parse_deal` the careful way: every field checked in order, every refusal worded."""
    info, rules, obj = _read(data)
    if info.parses is None:
        raise BelotError("game-not-kept", "game", f"a {info.name} deal is scored by its game")
    return info.parses(obj, rules)


def score_value(deal: Deal, *, explain: bool = False) -> Result:
    """A deal's core value scored by its own game (`BelotResult` or `BalootResult`)."""
    values = GAMES[deal.rules.game].values
    assert values is not None  # only a game with a careful reader makes values
    return values(deal, explain)


def result_json(result: Result) -> dict[str, JSON]:
    """CONTRACT.md §2."""
    out: dict[str, JSON] = result.to_json()
    return out


def bidder(deal: Deal) -> Team:
    """The team that won the bid: the declarer, the taker or the buyer (its game's field)."""
    team: Team = getattr(deal, GAMES[deal.rules.game].bidder_field)
    return team


def other_pile(deal: Mapping[str, JSON]) -> dict[str, JSON] | None:
    """`{"team": "them", "points": 70}`: the other team's pile beside the one typed, when the
    deal says enough to know it (a page shows it under the number field)."""
    try:
        game = find_game(deal.get("game", GAME_NAMES[0])).game
        preset = rules_for(game, deal.get("rules"))
        given = deal.get(preset.pile_field)
        total = preset.pile_total(deal)
    except (BelotError, KeyError, ValueError, TypeError):  # no contract or mode chosen yet
        return None
    if not isinstance(given, Mapping) or len(given) != 1:
        return None
    ((team, points),) = given.items()
    if type(points) is not int or not 0 <= points <= total or team not in TEAM_BY_NAME:
        return None
    return {"team": TEAM_BY_NAME[team].other.value, "points": total - points}
