"""The common deal read at the speed of dict lookups (issue 12).

Nearly every deal scored (bulk `--jsonl`, match replays, the API) is plainly shaped: known
fields, known names, whole numbers, declarations as values, projects by name. `read` turns
such a deal into its core value with one lookup per field and no error wording; anything
else — a wrong type, an unknown name, a missing field, combinations, too many items — makes
it give up (`NotPlain`), and `belot.core.contract` reads the deal again the careful way, which
words the refusal exactly as always. So a plain read never decides an answer by itself: it
either builds the very value the careful reading builds, or it steps aside.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from belot.core.baloot import BalootFields, BalootRound
from belot.core.belot import BelotDeal, BelotFields
from belot.core.presets import DEFAULT_PRESET, GAHWA, PRESETS, BalootRules, BelotRules, Preset
from belot.core.projects import Project, ProjectKind
from belot.core.types import THEM, US, Contract, Game, Mode, Team

JSON = Any

# The fields this reader reads, each below. Not the declaration (`belot.core.fields`): a
# field declared and not read here makes this reader step aside, so it is never dropped (a
# test holds these equal to the declaration).
READS_BELOT = frozenset(
    {"game", "rules", "contract", "declarer", "multiplier", "cards", "last_trick", "capot",
     "declarations", "belots", "hanging"}
)  # fmt: skip
READS_BALOOT = frozenset(
    {"game", "rules", "mode", "buyer", "multiplier", "abnat", "kaboot", "projects",
     "projects_first", "baloot", "before"}
)  # fmt: skip


class NotPlain(Exception):
    """The deal needs the careful reading (which may still accept it)."""


# What a lookup failure raises: an unknown key, an unhashable value, or a plain give-up.
GIVE_UP = (KeyError, TypeError, NotPlain)

_TEAM: dict[JSON, Team] = {team.value: team for team in Team}
_TEAM_OR_NONE: dict[JSON, Team | None] = {**_TEAM, None: None}
_CONTRACT: dict[JSON, Contract] = {contract.value: contract for contract in Contract}
_MODE: dict[JSON, Mode] = {mode.value: mode for mode in Mode}
# Projects by name carry no top card, so one shared (frozen) value per kind serves every deal.
_PROJECT: dict[JSON, Project] = {kind.value: Project(kind) for kind in ProjectKind}
_PRESET: dict[tuple[JSON, JSON], Preset] = {
    (game.value, name): preset
    for game in Game
    for name, preset in [*PRESETS.items(), (None, PRESETS[DEFAULT_PRESET[game]])]
    if preset.game is game
}
_NO_LISTS = ((), ())
_MATCH_OWN = frozenset({"game", "rules", "hanging", "before"})  # the careful way words these


def read(data: JSON) -> BelotDeal | BalootRound:
    """A plainly shaped deal as its core value; `NotPlain` (or KeyError, TypeError) otherwise."""
    deal = fields(data)
    if type(deal) is BelotFields:
        return BelotDeal(*deal)
    return BalootRound(*deal)


def fields(data: JSON) -> BelotFields | BalootFields:
    """`read`, as the plain tuple scoring also takes (no dataclass to build: the bulk path)."""
    if type(data) is not dict:
        raise NotPlain
    preset = _PRESET[data.get("game"), data.get("rules")]
    if isinstance(preset, BelotRules):
        return _belot(data, preset)
    if isinstance(preset, BalootRules):
        return _baloot(data, preset)
    raise NotPlain  # the French games: read the careful way


def in_match(
    deal: JSON, preset: Preset, hanging: int, totals: Mapping[str, int]
) -> BelotFields | BalootFields:
    """`fields` of a deal as a match stores it (play fields only), with the match's preset,
    hanging points and totals, as `core.match` would add them: the same value, no copy."""
    if type(deal) is not dict or not _MATCH_OWN.isdisjoint(deal):
        raise NotPlain
    if isinstance(preset, BelotRules):
        return _belot(deal, preset, hanging)
    if isinstance(preset, BalootRules):
        return _baloot(deal, preset, {US: totals["us"], THEM: totals["them"]})
    raise NotPlain


def _points(value: JSON) -> dict[Team, int]:
    """`{"us": 82}`: known teams, whole numbers (bool is no number)."""
    if type(value) is not dict:
        raise NotPlain
    out = {}
    for key, points in value.items():
        if type(points) is not int:
            raise NotPlain
        out[_TEAM[key]] = points
    return out


def _lists(value: JSON, limit: int) -> tuple[list[JSON] | tuple[()], list[JSON] | tuple[()]]:
    """Per-team lists of at most `limit` items (the careful reading words a longer one)."""
    if value is None or value == {}:
        return _NO_LISTS
    if type(value) is not dict or not value.keys() <= _TEAM.keys():
        raise NotPlain
    us, them = value.get("us"), value.get("them")
    if us is None:
        us = ()
    elif type(us) is not list or len(us) > limit:
        raise NotPlain
    if them is None:
        them = ()
    elif type(them) is not list or len(them) > limit:
        raise NotPlain
    return us, them


def _belot(data: dict[str, JSON], rules: BelotRules, carried: int | None = None) -> BelotFields:
    if not READS_BELOT.issuperset(data):
        raise NotPlain
    get = data.get
    belots = get("belots")
    if belots is None:
        belots = {US: 0, THEM: 0}
    else:
        belots = _points(belots)
        belots = {US: belots.get(US, 0), THEM: belots.get(THEM, 0)}
    cards = get("cards")
    multiplier = get("multiplier")
    if multiplier is None:
        multiplier = 1
    elif type(multiplier) is not int:
        raise NotPlain
    hanging = get("hanging") if carried is None else carried
    if hanging is None:
        hanging = 0
    elif type(hanging) is not int:
        raise NotPlain
    us, them = _lists(get("declarations"), rules.max_declarations_per_team)
    for value in (*us, *them):
        if type(value) is not int:  # combinations: the careful reading resolves them
            raise NotPlain
    return BelotFields(
        _CONTRACT[data["contract"]],
        _TEAM[data["declarer"]],
        _TEAM_OR_NONE[get("last_trick")],
        {} if cards is None else _points(cards),
        multiplier,
        _TEAM_OR_NONE[get("capot")],
        {US: tuple(us), THEM: tuple(them)},
        belots,
        hanging,
        rules,
    )


def _baloot(
    data: dict[str, JSON], rules: BalootRules, totals: dict[Team, int] | None = None
) -> BalootFields:
    if not READS_BALOOT.issuperset(data):
        raise NotPlain
    get = data.get
    before = get("before") if totals is None else totals
    if before is not None and totals is None:
        before = _points(before)
        if len(before) != 2:
            raise NotPlain
    abnat = get("abnat")
    multiplier = get("multiplier")
    if multiplier is None:
        multiplier = 1
    elif type(multiplier) is not int and multiplier != GAHWA:
        raise NotPlain
    us, them = _lists(get("projects"), rules.max_projects_per_team)
    return BalootFields(
        _MODE[data["mode"]],
        _TEAM[data["buyer"]],
        {} if abnat is None else _points(abnat),
        GAHWA if multiplier == GAHWA else multiplier,
        _TEAM_OR_NONE[get("kaboot")],
        {
            US: tuple(map(_PROJECT.__getitem__, us)),
            THEM: tuple(map(_PROJECT.__getitem__, them)),
        },
        _TEAM_OR_NONE[get("projects_first")],
        _TEAM_OR_NONE[get("baloot")],
        before,
        rules,
    )
