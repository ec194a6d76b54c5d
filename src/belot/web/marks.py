"""The notes on a sheet's row, in the page's language: how the deal went, its contra or
challenge, hanging points carried into it, who called. Pure (packed for the device, where
`engine.replay` words the rows of a sheet with changes kept offline the same way)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from belot.core.seats import SEATS, is_passed
from belot.core.types import Mode
from belot.web.i18n import N_, Lang
from belot.web.result import outcome_word
from belot.web.spec import MODE_WORDS, SPECS

CALLED = N_("called: %(name)s")  # the seat that won the bid, on its deal's row
BY_TEAM = N_("by %(team)s")  # the team that declared, when the table did not say who


def _contract_mark(lang: Lang, deal: Mapping[str, Any]) -> str | None:
    """The deal's contract as the form shows it (a suit with its symbol): "♥ hearts"."""
    chosen = SPECS["belot"].fields["contract"].choice(str(deal.get("contract")))
    if chosen is None:
        return None
    word = lang.gettext(chosen.label)
    return f"{chosen.sym} {word}" if chosen.sym else word


def _multiplier_mark(game: str, deal: Mapping[str, Any]) -> str | None:
    """The sheet's word for the deal's contra or challenge (the spec's), None for none."""
    multiplier = deal.get("multiplier")
    choice = SPECS[game].fields["multiplier"].choice(str(multiplier))
    return choice.mark if choice is not None else None


def row_marks(
    lang: Lang,
    game: str,
    deal: Mapping[str, Any],
    result: Mapping[str, Any],
    carried: int,
    names: Mapping[str, str],
    seats: Sequence[str] | None = None,
    hanging_to: str | None = None,
    challenged: bool | None = None,
) -> list[str]:
    """The row's notes; `carried`, the hanging points the deal before it left. `hanging_to`
    and `challenged` are what the core decided (`belot.core.match.Row`): who took the carried
    points (None: they wait on), and whether the challenge multiplied the round."""
    _ = lang.gettext
    if is_passed(deal):
        return [_("all passed")]
    marks: list[str] = []
    outcome = result.get("outcome", "")
    if game == "belot":
        contract = _contract_mark(lang, deal)  # what was played, first (issue 19)
        if contract:
            marks.append(contract)
        if outcome == "hanging":
            marks.append(
                _("%(word)s (%(n)s)", word=outcome_word(lang, outcome), n=result["hanging"])
            )
        elif outcome != "made":
            marks.append(outcome_word(lang, outcome))
        if deal.get("capot"):
            marks.append(_("capot"))
        mark = _multiplier_mark(game, deal)
        if mark:
            marks.append(_(mark))
        if carried and outcome != "hanging" and hanging_to is not None:
            marks.append(_("+%(n)s hanging to %(team)s", n=carried, team=names[hanging_to]))
    else:
        marks.append(_(MODE_WORDS[Mode(deal["mode"])]))
        if outcome != "made":
            marks.append(outcome_word(lang, outcome))
        mark = _multiplier_mark(game, deal)
        if mark and (challenged if challenged is not None else not deal.get("kaboot")):
            marks.append(_(mark))
    caller = deal.get("caller")
    bidder = deal.get("declarer" if game == "belot" else "buyer")
    if seats and caller in SEATS:  # who won the bid, when the table said
        marks.append(_(CALLED, name=seats[caller - 1]))
    elif isinstance(bidder, str) and bidder in names:  # else the team that did
        marks.append(_(BY_TEAM, team=names[bidder]))
    return [lang.num(mark) for mark in marks]  # in the reader's digits
