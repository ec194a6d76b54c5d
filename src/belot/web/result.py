"""A deal's result as the pages show it: scored once, the result panel's view (its outcome
word, one-line why and breakdown) and errors at their field's slot. The words themselves are
`belot.words.results`; this is the pages' glue (the form, the slots).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from belot import contract
from belot.core.errors import BelotError
from belot.core.games import GAME_NAMES, find_game
from belot.core.presets import PRESETS
from belot.core.seats import check_caller
from belot.core.types import Team
from belot.web.count import pad
from belot.web.form import DealForm
from belot.web.spec import SPECS
from belot.words.i18n import N_, Lang
from belot.words.results import Names, error_text, match_won, outcome_word, steps_text, why


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
    match_won: str = ""  # its words (`words.results.match_won`), a msgid
    why: str = ""
    steps: list[str] = field(default_factory=list)
    error: ErrorView | None = None
    other: dict[str, Any] | None = None  # the other team's computed points, shown by the field
    slots: tuple[str, ...] = ()
    # the count pad's table as JSON (`count.pad`), once the form's contract is chosen
    count: str | None = None

    def slot_error(self, slot: str) -> ErrorView | None:
        return self.error if self.error is not None and self.error.slot == slot else None


# Declarations tapped under rules that play none: which rules would (issue 32).
PLAYED_UNDER = N_("Declarations are played under the rules “%(rules)s”.")
PLAYED_WITH = N_("Declarations are played with the house rule “%(rule)s”.")


def _said(lang: Lang, game: str, err: BelotError) -> str:
    """The error's words; a refusal of declarations names the preset or house rule that
    plays them (`Group.plays`: "coinche", "annonces")."""
    plays = next((g.plays for g in SPECS[game].groups if g.plays), ())
    if err.code != "declarations-not-allowed" or not plays:
        return error_text(lang, err, game)
    if plays[0] in PRESETS:
        return lang.gettext(PLAYED_UNDER, rules=" / ".join(plays))
    return lang.gettext(PLAYED_WITH, rule=" / ".join(plays))


def error_view(lang: Lang, game: str, err: BelotError) -> ErrorView:
    missing = err.code == "missing-field"
    slot = "result" if missing else SPECS[game].slot_of(err.field)
    # in the reader's digits, as every figure on the page (issue 19)
    return ErrorView(err.code, err.field, lang.num(_said(lang, game, err)), slot, missing)


def other_side(deal: Mapping[str, Any]) -> dict[str, Any] | None:
    """`{"team": "them", "points": 70}` beside the typed number, when it can be known (the
    core's rule: `contract.other_pile`)."""
    return contract.other_pile(deal)


def evaluate(
    lang: Lang, deal: Mapping[str, Any], names: Names, seated_deal: Mapping[str, Any] | None = None
) -> ResultView:
    """Score a whole deal (game and rules included) once, with its breakdown, asking its game;
    a refusal becomes an error view. `seated_deal`: the play fields as a match with seats has
    them, its `caller` (which the scorer does not take) checked against the bidder."""
    game = str(deal.get("game", GAME_NAMES[0]))  # the contract's default game
    view = ResultView(game=game, slots=SPECS[game].slots)
    view.other = other_side(deal)
    try:
        result, steps = contract.explained(dict(deal))
        bidder = deal.get(find_game(game).bidder_field)
        if seated_deal is not None and isinstance(bidder, str):
            check_caller(seated_deal, Team(bidder))
    except BelotError as err:
        view.error = error_view(lang, game, err)
        return view
    view.score = dict(result["score"])
    view.outcome = str(result["outcome"])
    view.outcome_word = outcome_word(lang, view.outcome)
    view.hanging = result.get("hanging")
    view.match_winner = result.get("match_winner")
    view.match_won = match_won(game)
    view.why = lang.num(why(lang, game, result, steps, names))
    view.steps = [lang.num(line) for line in steps_text(lang, game, steps, names)]
    return view


def refused(lang: Lang, game: str, err: BelotError) -> ResultView:
    """The view of a deal the form could not even build (a number that is none)."""
    return ResultView(game=game, slots=SPECS[game].slots, error=error_view(lang, game, err))


def calculate(lang: Lang, state: DealForm, names: Names) -> ResultView:
    """The calculator's answer, on the server and on the device (`offline.engine`): the whole
    deal as typed, its own hanging points included."""
    try:
        deal = state.deal(calc=True)
    except BelotError as err:
        view = refused(lang, state.spec.game.value, err)
    else:
        view = evaluate(lang, deal, names)
    view.count = pad(lang, state)
    return view
