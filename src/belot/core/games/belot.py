"""Bulgarian Belot (RULES.md §1) as a game of the family: its deal's fields, its careful
reader, and its hooks. The scoring itself is `belot.core.belot` (compiled with the core)."""

from __future__ import annotations

from typing import Any, ClassVar, Final

from belot.core import plain
from belot.core.belot import BelotDeal, BelotFields, score_belot, tally
from belot.core.cards import DECK_POINTS
from belot.core.declarations import DECLARATION_VALUES
from belot.core.fields import TEAM_NAMES, DealField, Shape
from belot.core.games import InMatch, Played
from belot.core.games.card_game import ValuedGame, checked
from belot.core.presets import BelotRules
from belot.core.read import (
    JSON,
    a_team,
    choice,
    declarations_of,
    points_per_team,
    require,
    team_or_none,
    whole,
)
from belot.core.results import belot_json
from belot.core.rules_base import Rules
from belot.core.types import TEAMS, Contract, Game

BELOT: Final = Game.BELOT

FIELDS: tuple[DealField, ...] = (
    DealField("game", Shape.GAME, (BELOT.value,), default=BELOT.value),
    DealField("rules", Shape.RULES, description="a preset's name or house rules"),
    DealField("contract", Shape.CHOICE, tuple(c.value for c in Contract), required=True),
    DealField("declarer", Shape.TEAM, TEAM_NAMES, required=True),
    DealField("multiplier", Shape.MULTIPLIER, BelotRules.multipliers, default=1,
              description="1, 2 (contra) or 4 (recontra)"),
    DealField("cards", Shape.POINTS_PER_TEAM, minimum=0, maximum=max(DECK_POINTS.values()),
              description="card points without the last trick, one team's or both"),
    DealField("last_trick", Shape.TEAM, TEAM_NAMES, unless="capot", option="last"),
    DealField("capot", Shape.TEAM_OR_NONE, TEAM_NAMES, unless="last_trick"),
    DealField("declarations", Shape.DECLARATIONS, tuple(sorted(DECLARATION_VALUES)),
              description="per team: point values, or combinations {kind, high}",
              option="decl"),
    DealField("belots", Shape.COUNT_PER_TEAM, minimum=0,
              maximum=max(BelotRules.max_belots.values()), option="belot"),
    DealField("hanging", Shape.NUMBER, minimum=0, maximum=BelotRules.max_carried, default=0,
              supplied_by_match=True, description="game points hanging from earlier deals"),
)  # fmt: skip


def parse_belot(data: dict[str, JSON], rules: BelotRules) -> BelotDeal:
    """A Belot deal read field by field, every refusal worded (CONTRACT §1)."""
    contract = choice(Contract, require(data, "contract"), "contract", "unknown-contract")
    declarer = a_team(require(data, "declarer"), "declarer")
    multiplier = data.get("multiplier")
    belots = points_per_team(data["belots"], "belots") if data.get("belots") is not None else {}
    return BelotDeal(
        contract=contract,
        declarer=declarer,
        last_trick=team_or_none(data.get("last_trick"), "last_trick"),
        cards=points_per_team(data["cards"], "cards") if data.get("cards") is not None else {},
        multiplier=1 if multiplier is None else whole(multiplier, "multiplier"),
        capot=team_or_none(data.get("capot"), "capot"),
        declarations=declarations_of(data.get("declarations"), rules.max_declarations_per_team),
        belots={team: belots.get(team, 0) for team in TEAMS},
        hanging=whole(data["hanging"], "hanging") if data.get("hanging") is not None else 0,
        rules=rules,
    )


def _rules(rules: Rules) -> BelotRules:
    assert isinstance(rules, BelotRules)  # the registry hands a game only its own presets
    return rules


class Belot(ValuedGame):
    """Bulgarian Belot."""

    game = BELOT
    title = "Bulgarian Belot"
    language = "bg"
    path = "/"
    family = "trick-points"
    short = "Belot"
    calculator = "Belot score calculator"
    team_names: ClassVar[dict[str, str]] = {"us": "Ние", "them": "Вие"}
    carries = "hanging"

    @classmethod
    def fields(cls) -> tuple[DealField, ...]:
        return FIELDS

    @classmethod
    def parse(cls, deal: dict[str, JSON], rules: Rules) -> BelotDeal:
        return parse_belot(deal, _rules(rules))

    @classmethod
    def score(cls, deal: dict[str, JSON], rules: Rules) -> dict[str, JSON]:
        """The common deal by lookups (`plain`), any other read the careful way."""
        try:
            value: BelotFields | BelotDeal = plain.belot_fields(deal, _rules(rules))
        except plain.GIVE_UP:
            value = cls.parse(deal, rules)
        raw, outcome, points, hanging, _ = tally(value)
        return belot_json(raw, outcome, points, hanging)

    @classmethod
    def play(cls, at: InMatch) -> Played:
        own, deal, hanging = _rules(at.rules), at.deal, at.hanging
        try:
            value: BelotFields | BelotDeal = plain.belot_fields(plain.stored(deal), own, hanging)
        except plain.GIVE_UP:
            value = parse_belot(checked(at.complete(), BELOT), own)
        raw, outcome, points, hanging_out, taker = tally(value)
        capot = value.capot
        return Played(
            belot_json(raw, outcome, points, hanging_out),
            hanging_out,
            None if capot is None else capot.value,
            value.multiplier != 1,
            taker.value if hanging and taker is not None else None,
            may_end=capot is None,  # RULES 1.8, "с капо не се излиза": one more deal
        )

    @classmethod
    def score_value(cls, value: Any, explain: bool) -> Any:
        return score_belot(value, explain=explain)


INFO = Belot.register()
