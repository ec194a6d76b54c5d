"""What scoring gives back: results, and the ordered breakdown that explains them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from belot.core.types import Outcome, Team


@dataclass(frozen=True, slots=True)
class Step:
    """One line of the breakdown: a stable name and the numbers behind it.

    Pages render each step in their own language from `name` and `data`; the core never
    writes prose for them.
    """

    name: str
    data: Mapping[str, object] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        return {"step": self.name, **self.data}


@dataclass(frozen=True, slots=True)
class BelotResult:
    """A Bulgarian Belot deal, scored.

    `score` is what each team writes down, hanging points won included; `hanging` is what
    hangs after the deal, the carried-in points included. `winner` took the deal (and so any
    hanging points); None when the deal itself hangs.
    """

    raw: Mapping[Team, int]
    outcome: Outcome
    score: Mapping[Team, int]
    hanging: int
    winner: Team | None
    capot: Team | None
    steps: tuple[Step, ...] = ()


@dataclass(frozen=True, slots=True)
class BalootResult:
    """A Saudi Baloot round, scored. `match_winner` is set when the round ends the sakka by
    itself (a won gahwa)."""

    outcome: Outcome
    score: Mapping[Team, int]
    match_winner: Team | None = None
    steps: tuple[Step, ...] = ()


Result = BelotResult | BalootResult
