"""What Croatian bela and Dutch klaverjas share (RULES.md 7.1–7.2, 8.1–8.2): a trump suit, no
multiplier, 152 card points and the last trick's 10 (162), one team's pile typed, all eight
tricks taken by one team, and every record in exact points (no rounding). Each game reads
its own fields on top of this.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from belot.core.cards import reachable_card_points, trick_piles
from belot.core.errors import BelotError, said
from belot.core.fields import TEAM_NAMES, DealField, Shape
from belot.core.plain import NotPlain
from belot.core.plain_base import quick_rules as quick_rules  # every lookup's reading
from belot.core.read import a_team, choice, points_per_team, require, team_or_none
from belot.core.results import Step
from belot.core.rules_base import Rules
from belot.core.types import OTHER, TEAMS, THEM, US, Contract, ContractKind, Game, Team

JSON = Any
DECK = 152
LAST_TRICK = 10
ROUND = DECK + LAST_TRICK  # 162
SUITS: tuple[Contract, ...] = (Contract.CLUBS, Contract.DIAMONDS, Contract.HEARTS, Contract.SPADES)
_REACHABLE = reachable_card_points(ContractKind.SUIT)  # 1 and 151 are no pile
SUIT_NAMES = frozenset(c.value for c in SUITS)


@dataclass(frozen=True, slots=True)
class Play:
    """The deal's play as told: the trump suit, the calling team, both piles' card points
    (without the last trick), who took the last trick and who took every trick (if one did)."""

    contract: Contract
    declarer: Team
    cards: dict[Team, int]
    last_trick: Team
    capot: Team | None

    def taken(self, team: Team) -> int:
        """The team's card points with the last trick's 10."""
        return self.cards[team] + (LAST_TRICK if self.last_trick is team else 0)


def suit_trumps(contract: str | None, trump: str | None = None) -> tuple[str, ...] | None:
    """The trump suit of a deal (RULES.md 7.1, 8.1): its contract, a suit; no other contract,
    and no trump besides it (a preset's `trumps`, which its `card_values` count with)."""
    if trump is not None or contract not in SUIT_NAMES:
        return None
    return (str(contract),)


def play_fields(game: Game, *, capot: str, declarer: str) -> tuple[DealField, ...]:
    """The fields every exact-points game's deal starts with (`capot`, `declarer`: what the
    game calls them, for the descriptions)."""
    return (
        DealField("game", Shape.GAME, (game.value,), required=True),
        DealField("rules", Shape.RULES, description="a preset's name or house rules"),
        DealField("contract", Shape.CHOICE, tuple(c.value for c in SUITS), required=True,
                  description="the trump suit"),
        DealField("declarer", Shape.TEAM, TEAM_NAMES, required=True, description=declarer),
        DealField("multiplier", Shape.MULTIPLIER, (1,), default=1, description="always 1"),
        DealField("cards", Shape.POINTS_PER_TEAM, minimum=0, maximum=DECK,
                  description="card points without the last trick, one team's or both"),
        DealField("last_trick", Shape.TEAM, TEAM_NAMES, unless="capot", option="last"),
        DealField("capot", Shape.TEAM_OR_NONE, TEAM_NAMES, unless="last_trick",
                  description=capot),
    )  # fmt: skip


def read_play(data: dict[str, JSON], rules: Rules) -> Play:
    """The play's fields, each checked at its field (RULES.md §3 and the bad input of §8)."""
    contract = choice(Contract, require(data, "contract"), "contract", "unknown-contract")
    if contract not in SUITS:
        raise BelotError(
            "contract-not-allowed",
            "contract",
            f"{rules.game} is played in a trump suit; there is no {contract}",
            value=str(contract),
        )
    declarer = a_team(require(data, "declarer"), "declarer")
    multiplier = data.get("multiplier", 1)
    if type(multiplier) is not int:
        raise BelotError("wrong-type", "multiplier", "multiplier must be a whole number")
    if multiplier != 1:
        raise BelotError(
            "invalid-multiplier",
            "multiplier",
            f"{rules.game} has no contra: the multiplier is 1, got {said(multiplier)}",
            value=multiplier,
        )
    capot = team_or_none(data.get("capot"), "capot")
    last_trick = team_or_none(data.get("last_trick"), "last_trick")
    given = points_per_team(data["cards"], "cards") if data.get("cards") is not None else {}
    cards = trick_piles(given, capot, last_trick, total=DECK, reachable=_REACHABLE)
    taker = last_trick if last_trick is not None else capot
    assert taker is not None  # trick_piles refuses a deal with neither
    return Play(contract, declarer, cards, taker, capot)


# The common deal's lookups (`quick`): the teams by name.
TEAM_OF: dict[JSON, Team] = {team.value: team for team in TEAMS}


def quick_play(deal: dict[str, JSON]) -> tuple[dict[Team, int], Team | None]:
    """The common deal's piles with the last trick, and the team that took every trick (if
    one did) (`quick`): a suit, no multiplier but 1, one team's card points that cards can
    make and who took the last trick, or a capot alone; KeyError or `NotPlain` for anything
    else (`read_play` words it)."""
    if deal["contract"] not in SUIT_NAMES:
        raise NotPlain
    multiplier = deal.get("multiplier", 1)
    if multiplier != 1 or type(multiplier) is not int:
        raise NotPlain
    capot = deal.get("capot")
    if capot is not None:
        team = TEAM_OF[capot]
        last = deal.get("last_trick")
        if deal.get("cards") is not None or (last is not None and last != capot):
            raise NotPlain
        return {team: ROUND, OTHER[team]: 0}, team
    cards = deal["cards"]
    if type(cards) is not dict or len(cards) != 1:
        raise NotPlain
    ((name, pile),) = cards.items()
    if type(pile) is not int or pile not in _REACHABLE:
        raise NotPlain
    team = TEAM_OF[name]
    taken = {team: pile, OTHER[team]: DECK - pile}
    taken[TEAM_OF[deal["last_trick"]]] += LAST_TRICK
    return taken, None


def result(
    raw: dict[Team, int],
    outcome: str,
    score: dict[Team, int],
    hanging: int = 0,
) -> dict[str, JSON]:
    """A result's JSON (CONTRACT §2); the teams' literal names (an enum's .value is slow)."""
    return result_of(raw[US], raw[THEM], outcome, score[US], score[THEM], hanging)


def result_of(
    raw_us: int, raw_them: int, outcome: str, score_us: int, score_them: int, hanging: int = 0
) -> dict[str, JSON]:
    """`result` from the teams' numbers themselves (the lookups keep them in plain names)."""
    return {
        "raw": {"us": raw_us, "them": raw_them},
        "outcome": outcome,
        "score": {"us": score_us, "them": score_them},
        "hanging": hanging,
    }


def breakdown(
    steps: list[Step] | None,
    play: Play,
    raw: dict[Team, int],
    outcome: str,
    score: dict[Team, int],
    *,
    hanging_in: int = 0,
    hanging_out: int = 0,
    compared: tuple[int, int] | None = None,
    **counted: dict[Team, int],
) -> None:
    """The breakdown as data (`belot.words` says it): each team's sum (its cards, the last
    trick and what `counted` names per team: declarations, belots, roem, the all-tricks
    bonus), the caller's total against the other's (`compared`, when the deal was compared),
    the records and the hanging points. Nothing is built when `steps` is None."""
    if steps is None:
        return
    caller = play.declarer
    for team in TEAMS:
        steps.append(Step("team", {
            "team": team.value, "cards": play.cards[team],
            "last_trick": LAST_TRICK if play.last_trick is team else 0,
            "doubled": False, "card_points": play.taken(team),
            **{name: points[team] for name, points in counted.items()},
            "raw": raw[team],
        }))  # fmt: skip
    if compared is not None:
        steps.append(Step("compare", {
            "declarer": caller.value, "declarer_raw": compared[0],
            "opponents_raw": compared[1], "outcome": outcome,
        }))  # fmt: skip
    new = hanging_out - hanging_in if hanging_out else 0
    steps.append(Step("record", {"us": score[US], "them": score[THEM], "new_hanging": new}))
    if hanging_in:
        to = None if hanging_out else (caller if outcome == "made" else OTHER[caller]).value
        steps.append(Step("hanging-in", {"amount": hanging_in, "to": to,
                                         "hanging": hanging_out}))  # fmt: skip
