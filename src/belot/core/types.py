"""The game's own words as enums, shared by every layer."""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Team(StrEnum):
    """The two sides of the table: Ние / Вие, لنا / لهم."""

    US = "us"
    THEM = "them"

    @property
    def other(self) -> Team:
        return OTHER[self]


# Module constants: the hot path reads a global instead of an enum's class attribute (in a
# compiled core, a generic attribute lookup on a class mypyc does not own).
US: Final = Team.US
THEM: Final = Team.THEM
TEAMS: tuple[Team, Team] = (US, THEM)
# The hot path looks these up instead of calling the properties (a call per use).
OTHER: dict[Team, Team] = {US: THEM, THEM: US}


class Game(StrEnum):
    """The games of the family. What each one is lives in `belot.core.games` (its registry).

    The four below are the core's own; a game registered later (`belot.core.register`) is a member
    made on its first lookup, `Game("toy")`, kept so that it is always the same object."""

    BELOT = "belot"
    BALOOT = "baloot"
    FRENCH_BELOTE = "french-belote"
    COINCHE = "coinche"

    @classmethod
    def _missing_(cls, value: object) -> Game | None:
        if not isinstance(value, str) or value not in _REGISTERED:
            return None
        member = str.__new__(cls, value)
        member._name_ = value.upper().replace("-", "_")
        member._value_ = value
        cls._value2member_map_[value] = member
        return member


# The names of games registered outside the core's own four (`belot.core.register`).
_REGISTERED: set[str] = set()


def declare_game(name: str) -> Game:
    """A registered game's member (made once): the registry's way to open the enum."""
    _REGISTERED.add(name)
    return Game(name)


# The teams' names a match keeps when none are given: the game's usual words. The pages say
# them in their own language instead (a viewer in Arabic reads لنا where the match says Ние).
DEFAULT_TEAM_NAMES: dict[Game, dict[str, str]] = {}  # each game's, as it joins the registry


class Contract(StrEnum):
    """Bulgarian Belot contracts: four suits, no trumps, all trumps."""

    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"
    NO_TRUMPS = "no-trumps"
    ALL_TRUMPS = "all-trumps"

    @property
    def kind(self) -> ContractKind:
        return CONTRACT_KIND[self]


class ContractKind(StrEnum):
    """What the rounding and the deck total depend on."""

    SUIT = "suit"
    ALL_TRUMPS = "all-trumps"
    NO_TRUMPS = "no-trumps"


CONTRACT_KIND: dict[Contract, ContractKind] = {
    contract: ContractKind.NO_TRUMPS
    if contract is Contract.NO_TRUMPS
    else ContractKind.ALL_TRUMPS
    if contract is Contract.ALL_TRUMPS
    else ContractKind.SUIT
    for contract in Contract
}


class Mode(StrEnum):
    """Saudi Baloot: صن (no trump) or حكم (a trump suit)."""

    SUN = "sun"
    HOKM = "hokm"


class Outcome(StrEnum):
    MADE = "made"  # изкарана / نجح
    INSIDE = "inside"  # вкарана
    HANGING = "hanging"  # висяща
    TIE = "tie"  # تعادل
    LOST = "lost"  # خسر
    KABOOT = "kaboot"  # كبوت


# A member's text by lookup: `.value` is a Python-level descriptor call on every use.
OUTCOME_TEXT: dict[Outcome, str] = {outcome: outcome.value for outcome in Outcome}


class Rank(StrEnum):
    """Card ranks, valued by their symbol, with their sequence order (7 lowest, A highest).

    The order is a lookup, not a value of the member: an enum with its own `__init__` cannot
    be compiled by mypyc.
    """

    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    @property
    def symbol(self) -> str:
        return self.value

    @property
    def order(self) -> int:
        return RANK_ORDER[self]

    @classmethod
    def from_symbol(cls, symbol: str) -> Rank:
        return _RANKS_BY_SYMBOL[symbol]


RANK_ORDER: dict[Rank, int] = {rank: i for i, rank in enumerate(Rank)}
_RANKS_BY_SYMBOL = {rank.value: rank for rank in Rank}
RANK_SYMBOLS: tuple[str, ...] = tuple(_RANKS_BY_SYMBOL)
