"""French belote and coinche / contrée (RULES.md §5–6) as games of the family: their
deals' fields, their careful reader, and their hooks. The scoring itself is
`belot.core.french` (compiled with the core)."""

from __future__ import annotations

from typing import Any, ClassVar

from belot.core.declarations import DECLARATION_VALUES
from belot.core.fields import TEAM_NAMES, DealField, Shape
from belot.core.french import FrenchDeal, FrenchFields, fast_fields, only_belote, score_french
from belot.core.french_presets import BID_CAPOT, BID_GENERALE, FrenchRules
from belot.core.french_presets import Coinche as CoincheRules
from belot.core.games import InMatch, Played
from belot.core.games.card_game import ValuedGame, checked
from belot.core.presets import PRESETS
from belot.core.read import (
    JSON,
    a_team,
    choice,
    declarations_of,
    points_per_team,
    require,
    team_or_none,
    whole,
    wrong_type,
)
from belot.core.rules_base import Rules
from belot.core.types import TEAMS, THEM, US, Contract, Game


def french_fields(game: Game, *, bid: bool) -> tuple[DealField, ...]:
    """French belote's fields, and coinche's with its bid (RULES.md 5.2, 6.2)."""
    low, high, step = CoincheRules.bid_range
    auction = (
        DealField("bid", Shape.BID, (BID_CAPOT, BID_GENERALE), minimum=low, maximum=high,
                  step=step, required=True,
                  description="a multiple of 10 from 80 to 240, capot (or generale)"),
        DealField("multiplier", Shape.MULTIPLIER, (1, 2, 3, 4), default=1,
                  description="1, 2 (coinche) or 4 (surcoinche; 3 with surcoinche-x3)"),
        DealField("generale", Shape.FLAG, default=False,
                  description="the taker made the générale it bid (switch generale)"),
    ) if bid else (
        DealField("multiplier", Shape.MULTIPLIER, (1,), default=1, description="always 1"),
    )  # fmt: skip
    return (
        DealField("game", Shape.GAME, (game.value,), required=True),
        DealField("rules", Shape.RULES, description="a preset's name or house rules"),
        DealField("contract", Shape.CHOICE, tuple(c.value for c in Contract), required=True,
                  description="a suit (no-trumps and all-trumps with sans-tout-atout)"),
        DealField("declarer", Shape.TEAM, TEAM_NAMES, required=True,
                  description="the taker's team"),
        *auction,
        DealField("cards", Shape.POINTS_PER_TEAM, minimum=0, maximum=FrenchRules.deck,
                  description="card points without the last trick, one team's or both"),
        DealField("last_trick", Shape.TEAM, TEAM_NAMES, unless="capot", option="last"),
        DealField("capot", Shape.TEAM_OR_NONE, TEAM_NAMES, unless="last_trick"),
        DealField("declarations", Shape.DECLARATIONS, tuple(sorted(DECLARATION_VALUES)),
                  trump_flag=True, option="decl",
                  description="per team: point values, or combinations {kind, high, trump}"),
        DealField("belots", Shape.COUNT_PER_TEAM, minimum=0,
                  maximum=max(FrenchRules.max_belots.values()), description="belotes",
                  option="belot"),
        DealField("hanging", Shape.NUMBER, minimum=0, maximum=FrenchRules.max_carried,
                  default=0, supplied_by_match=True,
                  description="points hanging from an earlier litige"),
    )  # fmt: skip


def _bid(value: JSON) -> int | str | None:
    if value is None or (type(value) is int) or isinstance(value, str):
        return value
    raise wrong_type("bid", 'a whole number, "capot" or "generale"', value)


def parse_french(data: dict[str, JSON], rules: FrenchRules) -> FrenchDeal:
    """French belote or coinche (CONTRACT §1, the French block): its fields' shape."""
    contract = choice(Contract, require(data, "contract"), "contract", "unknown-contract")
    declarer = a_team(require(data, "declarer"), "declarer")
    multiplier = data.get("multiplier")
    belots = points_per_team(data["belots"], "belots") if data.get("belots") is not None else {}
    generale = data.get("generale", False)
    if type(generale) is not bool:
        raise wrong_type("generale", "true or false", generale)
    return FrenchDeal(
        contract=contract,
        declarer=declarer,
        last_trick=team_or_none(data.get("last_trick"), "last_trick"),
        rules=rules,
        cards=points_per_team(data["cards"], "cards") if data.get("cards") is not None else {},
        capot=team_or_none(data.get("capot"), "capot"),
        bid=_bid(data.get("bid")),
        multiplier=1 if multiplier is None else whole(multiplier, "multiplier"),
        generale=generale,
        declarations=declarations_of(
            data.get("declarations"), rules.max_declarations_per_team, french=True
        ),
        belots={team: belots.get(team, 0) for team in TEAMS},
        hanging=whole(data["hanging"], "hanging") if data.get("hanging") is not None else 0,
    )


def plain_value(deal: JSON) -> FrenchFields:
    """A plainly shaped French deal by lookups (`french.fast_fields`), its game and rules
    named as a deal names them; KeyError (or TypeError) when it needs the careful reader."""
    if type(deal) is not dict:
        raise KeyError(None)
    game = {Game.FRENCH_BELOTE.value: Game.FRENCH_BELOTE, Game.COINCHE.value: Game.COINCHE}[
        str(deal.get("game"))
    ]
    given = deal.get("rules")
    named = PRESETS[given] if given is not None else next(p for p in PRESETS.values()
                                                          if p.game is game)  # fmt: skip
    if named.game is not game:
        raise KeyError(given)
    return fast_fields(deal, _rules(named))


# What the careful way words in a match's deal (the match supplies it, or a seat's caller).
_MATCH_OWN = frozenset({"game", "rules", "hanging", "caller"})


def _rules(rules: Rules) -> FrenchRules:
    assert isinstance(rules, FrenchRules)  # the registry hands a game only its own presets
    return rules


class _French(ValuedGame):
    """What French belote and coinche share: the taker's bid against the totals."""

    language = "fr"
    family = "bid"
    team_names: ClassVar[dict[str, str]] = {"us": "Nous", "them": "Eux"}
    carries = "hanging"
    target_bounds = (100, 10_000)

    @classmethod
    def parse(cls, deal: dict[str, JSON], rules: Rules) -> FrenchDeal:
        return parse_french(deal, _rules(rules))

    @classmethod
    def score(cls, deal: dict[str, JSON], rules: Rules) -> dict[str, JSON]:
        """The common deal by lookups (`french.fast_fields`), any other the careful way."""
        try:
            value: FrenchFields | FrenchDeal = fast_fields(deal, _rules(rules))
        except (KeyError, TypeError):
            value = cls.parse(deal, rules)
        return score_french(value).to_json()

    @classmethod
    def play(cls, at: InMatch) -> Played:
        own, deal, hanging, totals = _rules(at.rules), at.deal, at.hanging, at.totals
        try:
            if type(deal) is not dict or not _MATCH_OWN.isdisjoint(deal):
                raise KeyError(None)
            value: FrenchFields | FrenchDeal = fast_fields(deal, own, hanging)
        except (KeyError, TypeError):
            value = parse_french(checked(at.complete(), cls.game), own)
        result = score_french(value)
        after = {t: totals[t.value] + result.score[t] for t in TEAMS}
        leader = US if after[US] > after[THEM] else THEM if after[THEM] > after[US] else None
        # RULES 6.6: a team is not out on its belote alone
        lone = leader is not None and own.belote_cannot_end and only_belote(value, result, leader)
        capot, winner = value.capot, result.winner
        return Played(
            result.to_json(),
            result.hanging,
            None if capot is None else capot.value,
            value.multiplier != 1,
            winner.value if hanging and winner is not None else None,
            may_end=not lone,
        )

    @classmethod
    def score_value(cls, value: Any, explain: bool) -> Any:
        return score_french(value, explain=explain)


class FrenchBelote(_French):
    """French belote (FFB)."""

    game = Game.FRENCH_BELOTE
    title = "French belote"
    path = "/french-belote"
    calculator = "French belote calculator"

    @classmethod
    def fields(cls) -> tuple[DealField, ...]:
        return french_fields(cls.game, bid=False)


class Coinche(_French):
    """Coinche / contrée."""

    game = Game.COINCHE
    title = "Coinche / contrée"
    path = "/coinche"
    short = "Coinche"
    calculator = "Coinche calculator"

    @classmethod
    def fields(cls) -> tuple[DealField, ...]:
        return french_fields(cls.game, bid=True)


FRENCH_BELOTE = FrenchBelote.register()
COINCHE = Coinche.register()
