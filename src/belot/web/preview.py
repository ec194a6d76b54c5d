"""A deal form's result panel on a match: the deal scored at its place in the match (the
hanging points and totals before it), as the server's preview and the device's engine both
show it. Pure (packed for the device)."""

from __future__ import annotations

from collections.abc import Mapping

from belot.core.errors import BelotError
from belot.core.match import Sheet, in_place
from belot.web.count import pad
from belot.web.form import DealForm
from belot.web.result import ResultView, evaluate, refused
from belot.web.spec import SPECS
from belot.words.i18n import Lang


def match_preview(
    lang: Lang,
    game: str,
    rules: str,
    sheet: Sheet,
    state: DealForm,
    n: int | None,
    names: Mapping[str, str],
) -> ResultView:
    """The result of the form's deal as deal `n` of the sheet (None: a new deal after it)."""
    try:
        play = state.deal()
        deal = in_place(rules, sheet, play, n)
    except BelotError as err:
        view = refused(lang, game, err)
    else:
        view = evaluate(lang, deal, names, play if state.seated else None)
    # no slot for what the match supplies, nor for seats it does not have
    view.slots = SPECS[game].match_slots(state.seated)
    view.count = pad(lang, state, rules)
    return view
