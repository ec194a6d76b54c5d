"""Card values (RULES.md 1.1, 2.1) and which card-point totals a pile of cards can have."""

from __future__ import annotations

from functools import cache

from belot.core.types import ContractKind, Mode

# J, 9, A, 10, K, Q, 8, 7 of one suit.
TRUMP_VALUES: tuple[int, ...] = (20, 14, 11, 10, 4, 3, 0, 0)
PLAIN_VALUES: tuple[int, ...] = (2, 0, 11, 10, 4, 3, 0, 0)

_SUITS_AT_TRUMP_VALUES = {
    ContractKind.SUIT: 1,
    ContractKind.ALL_TRUMPS: 4,
    ContractKind.NO_TRUMPS: 0,
}


def deck_values(kind: ContractKind) -> tuple[int, ...]:
    """The 32 cards' values under a contract kind."""
    trumps = _SUITS_AT_TRUMP_VALUES[kind]
    return TRUMP_VALUES * trumps + PLAIN_VALUES * (4 - trumps)


DECK_POINTS: dict[ContractKind, int] = {kind: sum(deck_values(kind)) for kind in ContractKind}
"""Card points in the deck without the last trick: suit 152, all trumps 248, no trumps 120."""


@cache
def reachable_card_points(kind: ContractKind) -> frozenset[int]:
    """Every total some subset of the deck adds up to (suit: not 1, not 151)."""
    sums = {0}
    for value in deck_values(kind):
        sums |= {s + value for s in sums}
    return frozenset(sums)


def baloot_kind(mode: Mode) -> ContractKind:
    """Baloot's Sun is no trumps, Hokm a suit contract (same card values)."""
    return ContractKind.NO_TRUMPS if mode is Mode.SUN else ContractKind.SUIT


@cache
def reachable_abnat(mode: Mode, last_trick_bonus: int = 10) -> frozenset[int]:
    """A team's abnat, the last trick's 10 included or not."""
    cards = reachable_card_points(baloot_kind(mode))
    return cards | frozenset(s + last_trick_bonus for s in cards)
