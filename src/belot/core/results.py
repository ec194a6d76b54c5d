"""What scoring gives back: results, and the ordered breakdown that explains them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from belot.core.types import OUTCOME_TEXT, THEM, US, Outcome, Team


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

    def to_json(self) -> dict[str, object]:
        """CONTRACT §2."""
        return belot_json(self.raw, self.outcome, self.score, self.hanging)


@dataclass(frozen=True, slots=True)
class BalootResult:
    """A Saudi Baloot round, scored. `match_winner` is set when the round ends the sakka by
    itself (a won gahwa)."""

    outcome: Outcome
    score: Mapping[Team, int]
    match_winner: Team | None = None
    steps: tuple[Step, ...] = ()

    def to_json(self) -> dict[str, object]:
        """CONTRACT §2."""
        return baloot_json(self.outcome, self.score, self.match_winner)


Result = BelotResult | BalootResult


def belot_json(
    raw: Mapping[Team, int], outcome: Outcome, points: Mapping[Team, int], hanging: int
) -> dict[str, object]:
    """A trick-points result's JSON (CONTRACT §2) from its numbers (`belot.tally`)."""
    return {
        "raw": {"us": raw[US], "them": raw[THEM]},
        "outcome": OUTCOME_TEXT[outcome],
        "score": {"us": points[US], "them": points[THEM]},
        "hanging": hanging,
    }


def baloot_json(
    outcome: Outcome, points: Mapping[Team, int], match_winner: Team | None
) -> dict[str, object]:
    """A Baloot result's JSON (CONTRACT §2) from its numbers (`baloot.tally`)."""
    out: dict[str, object] = {
        "outcome": OUTCOME_TEXT[outcome],
        "score": {"us": points[US], "them": points[THEM]},
    }
    if match_winner is not None:
        out["match_winner"] = match_winner.value
    return out
