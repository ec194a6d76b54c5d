"""Card values (RULES.md 1.1, 2.1) and which card-point totals a pile of cards can have."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from functools import cache
from typing import NoReturn

from belot.core.errors import BelotError, said
from belot.core.types import OTHER, THEM, US, Contract, ContractKind, Mode, Team

# J, 9, A, 10, K, Q, 8, 7 of one suit (`VALUE_ORDER`).
TRUMP_VALUES: tuple[int, ...] = (20, 14, 11, 10, 4, 3, 0, 0)
PLAIN_VALUES: tuple[int, ...] = (2, 0, 11, 10, 4, 3, 0, 0)
# The French games' sans-tout-atout (RULES.md 4.4): no trumps (the ace 19) and all trumps, 38 a
# suit and 152 in all either way.
SANS_ATOUT_VALUES: tuple[int, ...] = (2, 0, 19, 10, 4, 3, 0, 0)
TOUT_ATOUT_VALUES: tuple[int, ...] = (13, 9, 6, 5, 3, 2, 0, 0)
VALUE_ORDER: tuple[str, ...] = ("J", "9", "A", "10", "K", "Q", "8", "7")
SUIT_NAMES: tuple[str, ...] = tuple(c.value for c in Contract if c.kind is ContractKind.SUIT)

# Each card's points, suit by suit: {"hearts": {"J": 20, "9": 14, ...}, ...} (a rule preset's
# `card_values`).
CardValues = dict[str, dict[str, int]]


def card_table(
    trumps: Collection[str],
    trump_values: tuple[int, ...] = TRUMP_VALUES,
    plain_values: tuple[int, ...] = PLAIN_VALUES,
) -> CardValues:
    """The 32 cards' points with `trumps` the trump suits: theirs at `trump_values`, the other
    suits' at `plain_values` (both in `VALUE_ORDER`)."""
    return {
        suit: dict(zip(VALUE_ORDER, trump_values if suit in trumps else plain_values, strict=True))
        for suit in SUIT_NAMES
    }


_CONTRACTS: dict[str, Contract] = {c.value: c for c in Contract}


def contract_trumps(contract: str | None) -> tuple[str, ...] | None:
    """The trump suits a contract names: its own suit, every suit (all trumps) or none (no
    trumps); None when it is no contract."""
    found = _CONTRACTS.get(contract) if contract is not None else None
    if found is None:
        return None
    if found.kind is ContractKind.SUIT:
        return (found.value,)
    return SUIT_NAMES if found.kind is ContractKind.ALL_TRUMPS else ()


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


def _subset_sums(kind: ContractKind) -> frozenset[int]:
    sums = {0}
    for value in deck_values(kind):
        sums |= {s + value for s in sums}
    return frozenset(sums)


REACHABLE_CARD_POINTS: dict[ContractKind, frozenset[int]] = {
    kind: _subset_sums(kind) for kind in ContractKind
}


def reachable_card_points(kind: ContractKind) -> frozenset[int]:
    """Every total some subset of the deck adds up to (suit: not 1, not 151)."""
    return REACHABLE_CARD_POINTS[kind]


def baloot_kind(mode: Mode) -> ContractKind:
    """Baloot's Sun is no trumps, Hokm a suit contract (same card values)."""
    return ContractKind.NO_TRUMPS if mode is Mode.SUN else ContractKind.SUIT


@cache
def reachable_abnat(mode: Mode, last_trick_bonus: int = 10) -> frozenset[int]:
    """A team's abnat, the last trick's 10 included or not (cached: the hot path looks the
    result up once per preset, see `BalootRules`)."""
    cards = REACHABLE_CARD_POINTS[baloot_kind(mode)]
    return cards | frozenset(s + last_trick_bonus for s in cards)


def split_piles(
    given: Mapping[Team, int],
    *,
    field: str,
    unit: str,
    total: int,
    reachable: frozenset[int],
    all_tricks: Team | None,
    all_tricks_word: str,
) -> dict[Team, int] | None:
    """Both teams' piles from one team's (or both), checked against the round and a capot or
    kaboot (`all_tricks`); None when nothing was given and nothing follows from a capot.

    Shared by Belot card points (`cards`) and Baloot abnat (`abnat`): the same checks, the
    field and the words differ. Every deal passes here, so the error's words are built only
    when it raises.
    """
    for team, points in given.items():
        if points not in reachable:  # every reachable total is within 0..total
            _refuse_pile(team, points, field, unit, total)
    if len(given) == 2 and given[US] + given[THEM] != total:
        raise BelotError(
            f"{field}-sum",
            field,
            f"both teams' {unit} must add up to {total}, got {given[US]} + {given[THEM]}",
            total=total,
            deck=total,
        )
    if all_tricks is not None:
        full = {all_tricks: total, OTHER[all_tricks]: 0}
        for team, points in given.items():
            if points != full[team]:
                raise BelotError(
                    f"{all_tricks_word}-conflict",
                    f"{field}.{team}",
                    f"with a {all_tricks_word} the team that took every trick has all "
                    f"{total} {unit}",
                    value=points,
                    total=total,
                    deck=total,
                )
        return full
    if len(given) == 1:
        for team, points in given.items():
            return {team: points, OTHER[team]: total - points}
    if not given:
        return None
    return dict(given)


def trick_piles(
    given: Mapping[Team, int],
    capot: Team | None,
    last_trick: Team | None,
    *,
    total: int,
    reachable: frozenset[int],
) -> dict[Team, int]:
    """Both teams' card points of a trick-taking deal (Belot, the French games), checked against
    the deck, the capot and the last trick: a capot takes the last trick, and without one the
    deal must say who took it and one team's points."""
    cards = split_piles(
        given,
        field="cards",
        unit="card points",
        total=total,
        reachable=reachable,
        all_tricks=capot,
        all_tricks_word="capot",
    )
    if capot is not None and last_trick is not None and last_trick is not capot:
        raise BelotError(
            "capot-conflict",
            "last_trick",
            "with a capot the last trick belongs to the team that took every trick",
        )
    if last_trick is None and capot is None:
        raise BelotError("missing-field", "last_trick", "say who took the last trick")
    if cards is None:
        raise BelotError("missing-field", "cards", "give one team's card points")
    return cards


def _refuse_pile(team: Team, points: int, field: str, unit: str, total: int) -> NoReturn:
    where = f"{field}.{team}"
    if not 0 <= points <= total:
        raise BelotError(
            f"{field}-out-of-range",
            where,
            f"{unit} must be between 0 and {total}, got {said(points)}",
            value=points,
            total=total,
            deck=total,
        )
    raise BelotError(
        f"{field}-impossible", where, f"no set of cards adds up to {points} {unit}", value=points
    )
