"""What the lookups (`belot.core.plain`, `belot.core.plain_baloot`) share: the step aside,
one team's pile or both, the teams and the outcomes by name."""

from __future__ import annotations

from typing import Any

from belot.core.errors import BelotError
from belot.core.presets import Preset, house_rules
from belot.core.types import OUTCOME_TEXT, Game, Outcome

JSON = Any


class NotPlain(Exception):
    """The deal needs the careful reading (which may still accept it)."""


# What a lookup failure raises: an unknown key, an unhashable value, or a plain give-up.
GIVE_UP = (KeyError, TypeError, NotPlain)

OTHER_NAME: dict[str, str] = {"us": "them", "them": "us"}
TEAM_NAMES = frozenset(OTHER_NAME)
# The outcomes as the results write them.
MADE, INSIDE, HANGING = (OUTCOME_TEXT[o] for o in (Outcome.MADE, Outcome.INSIDE, Outcome.HANGING))
TIE, LOST, KABOOT = (OUTCOME_TEXT[o] for o in (Outcome.TIE, Outcome.LOST, Outcome.KABOOT))


def quick_rules(game: Game, given: dict[str, JSON]) -> Preset:
    """House rules (a rules object) as the careful way reads them, by `presets.house_rules`,
    which keeps each object it has read; `NotPlain` when they are refused (the careful way
    words why)."""
    try:
        return house_rules(game, given)
    except BelotError:
        raise NotPlain from None


def pile(given: JSON, total: int, reachable: frozenset[int]) -> tuple[int, int]:
    """`{"us": 82}` or both teams' piles: (us, them), every check of `split_piles` passed."""
    if type(given) is not dict:
        raise NotPlain
    us, them = given.get("us"), given.get("them")
    size = len(given)
    if size == 1:
        if type(us) is int:
            if us in reachable:
                return us, total - us
        elif type(them) is int and them in reachable:
            return total - them, them
    elif (
        size == 2
        and type(us) is int
        and type(them) is int
        and us + them == total
        and us in reachable
        and them in reachable
    ):
        return us, them
    raise NotPlain


# A Belot or French deal's numbers: each team's raw total, the outcome, each team's record and
# the points hanging after the deal.
DealNumbers = tuple[int, int, str, int, int, int]


def carried_to(
    taker: int,
    declarer: JSON,
    raw: tuple[int, int],
    outcome: str,
    score_d: int,
    score_o: int,
    carried: int,
    new: int,
) -> DealNumbers:
    """The deal's numbers in the teams' order (us, them), from the declarers' side: the points
    carried in go to the deal's taker (1: the declarers, 2: the others), else they wait with
    what newly hangs (`new`). `raw`: (us, them)."""
    if taker == 1:
        score_d += carried
        carried = 0
    elif taker == 2:
        score_o += carried
        carried = 0
    else:
        carried += new
    if declarer == "us":
        return raw[0], raw[1], outcome, score_d, score_o, carried
    return raw[0], raw[1], outcome, score_o, score_d, carried
