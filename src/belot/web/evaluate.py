"""Scoring a form's deal for display: the result view the templates render, or the error."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from belot import contract
from belot.core.errors import BelotError
from belot.web.explain import steps_text, why
from belot.web.i18n import Lang
from belot.web.words import error_text, outcome_word

# Which place on the page an error is shown at, by the first part of its field.
BELOT_SLOTS = {
    "rules": "rules",
    "contract": "contract",
    "declarer": "declarer",
    "multiplier": "multiplier",
    "cards": "cards",
    "last_trick": "last",
    "capot": "capot",
    "declarations": "declarations",
    "belots": "declarations",
    "hanging": "hanging",
}
BALOOT_SLOTS = {
    "mode": "mode",
    "buyer": "buyer",
    "abnat": "abnat",
    "projects": "projects",
    "projects_first": "projects",
    "baloot": "baloot",
    "multiplier": "multiplier",
    "kaboot": "kaboot",
}
SLOTS = {"belot": BELOT_SLOTS, "baloot": BALOOT_SLOTS}
DECK = {"no-trumps": 120, "all-trumps": 248}  # any suit: 152
ROUND_ABNAT = {"sun": 130, "hokm": 162}


@dataclass
class ErrorView:
    code: str
    field: str | None
    text: str
    slot: str  # "result" for what is simply not chosen yet, and for what has no field
    missing: bool


@dataclass
class ResultView:
    """What the result panel shows: the answer to the current input, or why there is none."""

    game: str
    score: dict[str, int] | None = None
    outcome: str | None = None
    outcome_word: str = ""
    hanging: int | None = None
    match_winner: str | None = None
    why: str = ""
    steps: list[str] = field(default_factory=list)
    error: ErrorView | None = None
    other: dict[str, Any] | None = None  # the other team's computed points, shown by the field
    slots: tuple[str, ...] = ()

    def slot_error(self, slot: str) -> ErrorView | None:
        return self.error if self.error is not None and self.error.slot == slot else None


def _error_view(lang: Lang, game: str, err: BelotError) -> ErrorView:
    top = (err.field or "").split(".")[0]
    missing = err.code == "missing-field"
    slot = "result" if missing else SLOTS[game].get(top, "result")
    return ErrorView(err.code, err.field, error_text(lang, err), slot, missing)


def other_side(game: str, deal: Mapping[str, Any]) -> dict[str, Any] | None:
    """`{"team": "them", "points": 70}` beside the typed number, when it can be known."""
    given = deal.get("cards" if game == "belot" else "abnat")
    if not given or len(given) != 1:
        return None
    ((team, points),) = given.items()
    if game == "belot":
        if "contract" not in deal:
            return None
        total = DECK.get(deal["contract"], 152)
    else:
        if "mode" not in deal:
            return None
        total = ROUND_ABNAT[deal["mode"]]
    if not 0 <= points <= total:
        return None
    return {"team": "them" if team == "us" else "us", "points": total - points}


def evaluate(
    lang: Lang, game: str, build: Callable[[], dict[str, Any]], names: Mapping[str, str]
) -> ResultView:
    """Score the deal `build` makes; any refusal becomes an error view, never an exception."""
    view = ResultView(game=game, slots=tuple(sorted(set(SLOTS[game].values()))))
    try:
        deal = build()
        view.other = other_side(game, deal)
        scored = contract.score_value(contract.parse_deal(deal), explain=True)  # scored once
        result = contract.result_json(scored)
        steps = [step.to_json() for step in scored.steps]
    except BelotError as err:
        view.error = _error_view(lang, game, err)
        return view
    view.score = dict(result["score"])
    view.outcome = result["outcome"]
    view.outcome_word = outcome_word(lang, result["outcome"])
    view.hanging = result.get("hanging")
    view.match_winner = result.get("match_winner")
    view.why = why(lang, game, result, steps, names)
    view.steps = steps_text(lang, game, steps, names)
    return view
