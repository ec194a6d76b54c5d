"""Saudi Baloot (RULES.md §2) as a game of the family: its deal's fields, its careful
reader, and its hooks. The scoring itself is `belot.core.baloot` (compiled with the core)."""

from __future__ import annotations

from typing import Any, ClassVar, Final

from belot.core import plain
from belot.core.baloot import BalootFields, BalootRound, Multiplier, score_baloot, spoken
from belot.core.baloot import tally as tally_round
from belot.core.errors import BelotError
from belot.core.fields import PROJECT_KINDS, TEAM_NAMES, DealField, Shape
from belot.core.games import InMatch, Played
from belot.core.games.card_game import ValuedGame, checked
from belot.core.plain_baloot import Modes, numbers, result, tables
from belot.core.plain_base import quick_rules
from belot.core.presets import GAHWA, BalootRules
from belot.core.read import (
    JSON,
    a_team,
    choice,
    points_per_team,
    projects_of,
    require,
    team_or_none,
    wrong_type,
)
from belot.core.results import baloot_json
from belot.core.rules_base import Rules
from belot.core.switches import KABOOT_MULTIPLIED
from belot.core.types import TEAMS, THEM, US, Game, Mode

BALOOT: Final = Game.BALOOT

FIELDS: tuple[DealField, ...] = (
    DealField("game", Shape.GAME, (BALOOT.value,), required=True,
              description="baloot (or a deal with a mode)"),
    DealField("rules", Shape.RULES, description="a preset's name or house rules"),
    DealField("mode", Shape.CHOICE, tuple(m.value for m in Mode), required=True),
    DealField("buyer", Shape.TEAM, TEAM_NAMES, required=True),
    DealField("multiplier", Shape.MULTIPLIER, BalootRules.multipliers, default=1,
              description="1, 2 (double), 3 (three), 4 (four) or gahwa"),
    DealField("abnat", Shape.POINTS_PER_TEAM, minimum=0,
              maximum=max(BalootRules.round_abnat.values()), unless="kaboot",
              description="abnat with the last trick's 10, one team's or both"),
    DealField("kaboot", Shape.TEAM_OR_NONE, TEAM_NAMES, unless="abnat"),
    DealField("projects", Shape.PROJECTS, PROJECT_KINDS, option="project"),
    DealField("projects_first", Shape.TEAM_OR_NONE, TEAM_NAMES,
              description="the team whose player sits first after the dealer"),
    DealField("baloot", Shape.TEAM_OR_NONE, TEAM_NAMES),
    DealField("before", Shape.POINTS_PER_TEAM, minimum=0, maximum=BalootRules.max_carried,
              supplied_by_match=True, both_teams=True,
              description="the match totals before this round"),
)  # fmt: skip


def _baloot_multiplier(value: JSON, rules: BalootRules) -> Multiplier:
    if value is None:
        return 1
    if value == GAHWA:
        return GAHWA
    if type(value) is int:
        return value
    if isinstance(value, str):
        raise BelotError(
            "invalid-multiplier",
            "multiplier",
            f"the multiplier is {spoken(rules.multipliers)}, got {value!r}",
            value=value,
        )
    raise wrong_type("multiplier", 'a whole number or "gahwa"', value)


def parse_baloot(data: dict[str, JSON], rules: BalootRules) -> BalootRound:
    before = None
    if data.get("before") is not None:
        given = points_per_team(data["before"], "before")
        for team in TEAMS:
            if team not in given:
                raise BelotError("missing-field", f"before.{team}", f"give {team}'s match total")
        before = given
    return BalootRound(
        mode=choice(Mode, require(data, "mode"), "mode", "unknown-mode"),
        buyer=a_team(require(data, "buyer"), "buyer"),
        abnat=points_per_team(data["abnat"], "abnat") if data.get("abnat") is not None else {},
        multiplier=_baloot_multiplier(data.get("multiplier"), rules),
        kaboot=team_or_none(data.get("kaboot"), "kaboot"),
        projects=projects_of(data.get("projects"), rules.max_projects_per_team),
        projects_first=team_or_none(data.get("projects_first"), "projects_first"),
        baloot=team_or_none(data.get("baloot"), "baloot"),
        before=before,
        rules=rules,
    )


def _rules(rules: Rules) -> BalootRules:
    assert isinstance(rules, BalootRules)  # the registry hands a game only its own presets
    return rules


class Baloot(ValuedGame):
    """Saudi Baloot."""

    game = BALOOT
    title = "Saudi Baloot"
    language = "ar"
    path = "/baloot"
    family = "abnat"
    short = "Baloot"
    calculator = "Baloot calculator"
    team_names: ClassVar[dict[str, str]] = {"us": "لنا", "them": "لهم"}
    carries = "before"

    @classmethod
    def fields(cls) -> tuple[DealField, ...]:
        return FIELDS

    @classmethod
    def parse(cls, deal: dict[str, JSON], rules: Rules) -> BalootRound:
        return parse_baloot(deal, _rules(rules))

    @classmethod
    def quick(cls, deal: dict[str, JSON]) -> dict[str, JSON]:
        """A round as tables enter it, by lookups (`plain_baloot`): under a preset or house
        rules, projects by name or with their top card, a kaboot, a gahwa; `NotPlain`
        (KeyError, TypeError) for anything the careful way words or rarely sees."""
        given = deal.get("rules")
        if type(given) is dict:
            modes = tables(_rules(quick_rules(BALOOT, given)))
        else:
            modes = _TABLES[given]
        return result(numbers(deal, modes))

    @classmethod
    def score(cls, deal: dict[str, JSON], rules: Rules) -> dict[str, JSON]:
        """The common round by lookups (`plain`), any other read the careful way."""
        try:
            value: BalootFields | BalootRound = plain.baloot_fields(deal, _rules(rules))
        except plain.GIVE_UP:
            value = cls.parse(deal, rules)
        return baloot_json(*tally_round(value))

    @classmethod
    def play(cls, at: InMatch) -> Played:
        own, deal = _rules(at.rules), at.deal
        before = {US: at.totals["us"], THEM: at.totals["them"]}
        try:
            value: BalootFields | BalootRound = plain.baloot_fields(plain.stored(deal), own, before)
        except plain.GIVE_UP:
            value = parse_baloot(checked(at.complete(), BALOOT), own)
        outcome, points, match_winner = tally_round(value)
        kaboot = value.kaboot
        # A kaboot cancels the challenge unless a house rule multiplies it (RULES §4.2).
        challenged = value.multiplier != 1 and (
            kaboot is None or (value.multiplier != GAHWA and KABOOT_MULTIPLIED in own.on)
        )
        swept = None if kaboot is None else kaboot.value
        return Played(baloot_json(outcome, points, match_winner), 0, swept, challenged)

    @classmethod
    def score_value(cls, value: Any, explain: bool) -> Any:
        return score_baloot(value, explain=explain)


INFO = Baloot.register()
# The tables of the presets a deal may name, by how it names them (house rules:
# `plain_base.quick_rules`).
_TABLES: dict[JSON, Modes] = {None: tables(_rules(Baloot.presets[0]))} | {
    p.name: tables(_rules(p)) for p in Baloot.presets
}
