"""Belot declarations (RULES.md 1.4): point values, declared combinations and their contests."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from belot.core.errors import BelotError, said
from belot.core.types import TEAMS, THEM, US, Rank, Team


class DeclarationKind(StrEnum):
    TIERCE = "tierce"
    QUARTE = "quarte"
    QUINT = "quint"
    CARRE = "carre"


SEQUENCE_LENGTH = {DeclarationKind.TIERCE: 3, DeclarationKind.QUARTE: 4, DeclarationKind.QUINT: 5}
SEQUENCE_POINTS = {
    DeclarationKind.TIERCE: 20,
    DeclarationKind.QUARTE: 50,
    DeclarationKind.QUINT: 100,
}
# Carrés in their order of strength, J > 9 > A > 10 > K > Q; 8s and 7s make no carré.
CARRE_POINTS: dict[Rank, int] = {
    Rank.JACK: 200,
    Rank.NINE: 150,
    Rank.ACE: 100,
    Rank.TEN: 100,
    Rank.KING: 100,
    Rank.QUEEN: 100,
}
CARRE_STRENGTH: dict[Rank, int] = {rank: -i for i, rank in enumerate(CARRE_POINTS)}

DECLARATION_VALUES = frozenset({20, 50, 100, 150, 200})
SEQUENCE_ONLY_VALUES = frozenset({20, 50})  # a 100 may be a quint or a carré
CARRE_ONLY_VALUES = frozenset({150, 200})


@dataclass(frozen=True, slots=True)
class Combination:
    """One declared combination: a sequence by its top card, or a carré by its rank."""

    kind: DeclarationKind
    high: Rank

    @property
    def is_sequence(self) -> bool:
        return self.kind is not DeclarationKind.CARRE

    @property
    def points(self) -> int:
        return SEQUENCE_POINTS[self.kind] if self.is_sequence else CARRE_POINTS[self.high]


Values = tuple[int, ...]
Combinations = tuple[Combination, ...]


@dataclass(frozen=True, slots=True)
class Resolved:
    """Declaration points that count per team, and who won each contest (None: nobody)."""

    points: dict[Team, int]
    sequences_to: Team | None = None
    carres_to: Team | None = None
    sequences_cancelled: bool = False


def check_count(team: Team, count: int, limit: int) -> None:
    """No more declarations than a team's two hands can hold (`limit`, from the preset).

    Checked before the items are read, so an absurd list costs nothing to refuse.
    """
    if count > limit:
        raise BelotError(
            "too-many-declarations",
            f"declarations.{team}",
            f"a team holds at most {limit} declarations (three a hand of 8 cards), got {count}",
            limit=limit,
            value=count,
        )


def check_values(values: Mapping[Team, Values]) -> None:
    """Recognised values (RULES.md §3): only one team's sequences and one team's carrés count."""
    us, them = values[US], values[THEM]
    if not us and not them:
        return
    if not (DECLARATION_VALUES.issuperset(us) and DECLARATION_VALUES.issuperset(them)):
        for team in TEAMS:
            for i, value in enumerate(values[team]):
                if value not in DECLARATION_VALUES:
                    raise BelotError(
                        "invalid-declaration",
                        f"declarations.{team}.{i}",
                        f"{said(value)} is not a declaration; "
                        "they are worth 20, 50, 100, 150 or 200",
                        value=value,
                    )
    if not us or not them:
        pass  # one team alone cannot conflict with the other
    elif not SEQUENCE_ONLY_VALUES.isdisjoint(us) and not SEQUENCE_ONLY_VALUES.isdisjoint(them):
        raise BelotError(
            "sequence-conflict",
            "declarations",
            "both teams are credited with sequences (20 or 50), "
            "but only one team's sequences count",
        )
    elif not CARRE_ONLY_VALUES.isdisjoint(us) and not CARRE_ONLY_VALUES.isdisjoint(them):
        raise BelotError(
            "carre-conflict",
            "declarations",
            "both teams are credited with carrés (150 or 200), but only one team's carrés count",
        )
    check_unique_carres(us + them)


ONCE: Mapping[int, int] = {150: 1, 200: 1}


def check_unique_carres(values: Values, most: Mapping[int, int] = ONCE) -> None:
    """The carrés worth 150 and 200 (9s and Js; in no trumps 10s and aces) exist once a deal
    (`most`: how many of each value a deal can hold, for a game that values more at 150)."""
    for value, limit in most.items():
        if values.count(value) > limit:
            raise BelotError(
                "duplicate-carre",
                "declarations",
                f"a carré worth {value} can be declared only once in a deal",
                value=value,
            )


def resolve_values(values: Mapping[Team, Values]) -> Resolved:
    return Resolved(points={US: sum(values[US]), THEM: sum(values[THEM])})


NOTHING_DECLARED = Resolved(points={US: 0, THEM: 0})  # shared: never changed


MIN_HIGH = {
    DeclarationKind.TIERCE: Rank.NINE,
    DeclarationKind.QUARTE: Rank.TEN,
    DeclarationKind.QUINT: Rank.JACK,
}


def check_combinations(combos: Mapping[Team, Combinations]) -> None:
    """Combinations that cannot exist (RULES.md §3)."""
    seen: dict[Rank, Team] = {}
    for team in TEAMS:
        for i, combo in enumerate(combos[team]):
            field = f"declarations.{team}.{i}.high"
            if combo.is_sequence:
                lowest = MIN_HIGH[combo.kind]
                if combo.high.order < lowest.order:
                    raise BelotError(
                        "impossible-combination",
                        field,
                        f"a {combo.kind} cannot end on {combo.high.symbol}; "
                        f"its top card is at least {lowest.symbol}",
                        kind=str(combo.kind),
                        high=combo.high.symbol,
                        lowest=lowest.symbol,
                    )
            elif combo.high not in CARRE_POINTS:
                raise BelotError(
                    "impossible-combination",
                    field,
                    f"there is no carré of {combo.high.symbol}s; carrés are of J, 9, A, 10, K or Q",
                    kind=str(combo.kind),
                    high=combo.high.symbol,
                )
            elif combo.high in seen:
                raise BelotError(
                    "duplicate-carre",
                    field,
                    f"the carré of {combo.high.symbol}s is declared twice; there are only four",
                    high=combo.high.symbol,
                )
            else:
                seen[combo.high] = team


def _contest(best: dict[Team, tuple[int, int] | None]) -> tuple[Team | None, bool]:
    """The team whose best combination wins; (None, True) when the two best are equal."""
    us, them = best[US], best[THEM]
    if us is None and them is None:
        return None, False
    if them is None or (us is not None and us > them):
        return US, False
    if us is None or them > us:
        return THEM, False
    return None, True


def resolve_combinations(combos: Mapping[Team, Combinations]) -> Resolved:
    """Sequences and carrés are two contests; each winner scores all of its own of that kind."""
    best_sequence: dict[Team, tuple[int, int] | None] = {}
    best_carre: dict[Team, tuple[int, int] | None] = {}
    for team in TEAMS:
        sequences = [(SEQUENCE_LENGTH[c.kind], c.high.order) for c in combos[team] if c.is_sequence]
        carres = [(CARRE_STRENGTH[c.high], 0) for c in combos[team] if not c.is_sequence]
        best_sequence[team] = max(sequences, default=None)
        best_carre[team] = max(carres, default=None)
    sequences_to, cancelled = _contest(best_sequence)
    carres_to, _ = _contest(best_carre)
    points = {team: 0 for team in TEAMS}
    for team in TEAMS:
        for combo in combos[team]:
            if (sequences_to if combo.is_sequence else carres_to) is team:
                points[team] += combo.points
    return Resolved(points, sequences_to, carres_to, cancelled)
