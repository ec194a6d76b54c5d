"""Declarations in the French games (annonces, RULES.md 6.3): one contest for all of them —
the team with the strongest declaration scores all of its own, the other none."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from belot.core import declarations as decl
from belot.core.errors import BelotError, said
from belot.core.types import TEAMS, THEM, US, ContractKind, Rank, Team


@dataclass(frozen=True, slots=True)
class FrenchCombination:
    """A declared combination (6.3): a sequence by its top card, or a carré; `trump` breaks a
    tie between two equal sequences."""

    kind: decl.DeclarationKind
    high: Rank
    trump: bool = False


# Carrés (6.3): value and strength among equal values, by contract kind.
_CARRE_VALUES: dict[bool, dict[Rank, int]] = {
    False: {Rank.JACK: 200, Rank.NINE: 150, Rank.ACE: 100, Rank.TEN: 100, Rank.KING: 100,
            Rank.QUEEN: 100},
    True: {Rank.ACE: 200, Rank.TEN: 150, Rank.KING: 100, Rank.QUEEN: 100, Rank.JACK: 100,
           Rank.NINE: 100},
}  # fmt: skip
_CARRE_ORDER: dict[bool, tuple[Rank, ...]] = {
    False: (Rank.TEN, Rank.QUEEN, Rank.KING, Rank.ACE),  # weakest first: A > K > Q > 10
    True: (Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING),  # no trumps: K > Q > J > 9
}


def counted_values(
    values: dict[Team, tuple[int, ...]], most: Mapping[int, int] = decl.ONCE
) -> dict[Team, int]:
    """Declarations given as values (one contest: one team's count), each a declaration's
    value, the carrés among them no more often than a deal holds them (`most`)."""
    for team in TEAMS:
        for i, value in enumerate(values[team]):
            if value not in decl.DECLARATION_VALUES:
                raise BelotError(
                    "invalid-declaration",
                    f"declarations.{team}.{i}",
                    f"{said(value)} is not a declaration; they are worth 20, 50, 100, 150 or 200",
                    value=value,
                )
    if values[US] and values[THEM]:
        raise BelotError(
            "declarations-conflict",
            "declarations",
            "both teams are credited with declarations, but only one team's count",
        )
    decl.check_unique_carres(values[US] + values[THEM], most)
    return {US: sum(values[US]), THEM: sum(values[THEM])}


# A combination's strength in the contest (6.3): its value, a carré before a sequence, then
# a carré's rank or a sequence's top card, then a sequence in trump.
Strength = tuple[int, int, int, int]


def strength(combo: FrenchCombination, kind: ContractKind) -> Strength:
    """One combination's strength under a contract of `kind`; its value is the first item."""
    no_trumps = kind is ContractKind.NO_TRUMPS
    if combo.kind is decl.DeclarationKind.CARRE:
        order = _CARRE_ORDER[no_trumps]
        high = combo.high
        return (_CARRE_VALUES[no_trumps][high], 1, order.index(high) if high in order else 0, 0)
    trump = kind is ContractKind.ALL_TRUMPS or (combo.trump and not no_trumps)
    return (decl.SEQUENCE_POINTS[combo.kind], 0, combo.high.order, 1 if trump else 0)


def counted_combinations(
    combos: dict[Team, tuple[FrenchCombination, ...]], kind: ContractKind
) -> dict[Team, int]:
    plain = {t: tuple(decl.Combination(c.kind, c.high) for c in combos[t]) for t in TEAMS}
    decl.check_combinations(plain)  # tops too low, carrés of 8s or 7s, a carré twice
    points = {US: 0, THEM: 0}
    best: dict[Team, Strength | None] = {US: None, THEM: None}
    for team in TEAMS:
        for c in combos[team]:
            s = strength(c, kind)
            points[team] += s[0]
            top = best[team]
            if top is None or s > top:
                best[team] = s
    us, them = best[US], best[THEM]
    if them is None or (us is not None and us > them):
        return {US: points[US], THEM: 0}
    if us is None or them > us:
        return {US: 0, THEM: points[THEM]}
    return {US: 0, THEM: 0}  # equal best declarations: neither team scores any
