"""The game's own words as enums, shared by every layer."""

from __future__ import annotations

from enum import Enum, StrEnum


class Team(StrEnum):
    """The two sides of the table: Ние / Вие, لنا / لهم."""

    US = "us"
    THEM = "them"

    @property
    def other(self) -> Team:
        return Team.THEM if self is Team.US else Team.US


TEAMS: tuple[Team, Team] = (Team.US, Team.THEM)


class Game(StrEnum):
    BELOT = "belot"
    BALOOT = "baloot"


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
        if self is Contract.NO_TRUMPS:
            return ContractKind.NO_TRUMPS
        if self is Contract.ALL_TRUMPS:
            return ContractKind.ALL_TRUMPS
        return ContractKind.SUIT


class ContractKind(StrEnum):
    """What the rounding and the deck total depend on."""

    SUIT = "suit"
    ALL_TRUMPS = "all-trumps"
    NO_TRUMPS = "no-trumps"


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


class Rank(Enum):
    """Card ranks with their sequence order (7 lowest, A highest)."""

    SEVEN = ("7", 0)
    EIGHT = ("8", 1)
    NINE = ("9", 2)
    TEN = ("10", 3)
    JACK = ("J", 4)
    QUEEN = ("Q", 5)
    KING = ("K", 6)
    ACE = ("A", 7)

    def __init__(self, symbol: str, order: int) -> None:
        self.symbol = symbol
        self.order = order

    @classmethod
    def from_symbol(cls, symbol: str) -> Rank:
        return _RANKS_BY_SYMBOL[symbol]


_RANKS_BY_SYMBOL = {rank.symbol: rank for rank in Rank}
RANK_SYMBOLS: tuple[str, ...] = tuple(rank.symbol for rank in Rank)
