"""A stored match as the score sheet shows it: rows with marks, totals, the chart, the target."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from belot.core.presets import find_preset
from belot.core.seats import SEATS, is_passed
from belot.core.types import Mode
from belot.store import MatchView
from belot.web.chart import totals_chart
from belot.web.i18n import N_, Lang
from belot.web.result import outcome_word, team_names
from belot.web.spec import MODE_WORDS, SPECS

CALLED = N_("called: %(name)s")  # the seat that won the bid, on its deal's row


@dataclass
class SheetRow:
    n: int
    us: int
    them: int
    total_us: int
    total_them: int
    marks: list[str]


@dataclass
class SheetView:
    rows: list[SheetRow]
    names: dict[str, str]
    totals: dict[str, int]
    hanging: int
    finished: bool
    winner: str | None
    target: int
    rules_title: str
    rules_summary: str
    leader: str | None
    chart: Markup
    to_go: dict[str, int]  # points each team still needs to reach the target
    seats: list[str] | None  # the four names in dealing order, when the match has them
    dealer: int | None  # the seat that deals next
    series: dict[str, int] | None  # the evening at this table: matches won by each side
    capot_rule: bool  # past the target, but the last deal was a capot: one more deal


def _multiplier_mark(game: str, deal: Mapping[str, Any]) -> str | None:
    """The sheet's word for the deal's contra or challenge (the spec's), None for none."""
    multiplier = deal.get("multiplier")
    choice = SPECS[game].fields["multiplier"].choice(str(multiplier))
    return choice.mark if choice is not None else None


def _marks(lang: Lang, game: str, deal: Mapping[str, Any], result: dict[str, Any], carried: int,
           names: dict[str, str]) -> list[str]:  # fmt: skip
    _ = lang.gettext
    if is_passed(deal):
        return [_("all passed")]
    marks: list[str] = []
    outcome = result.get("outcome", "")
    if game == "belot":
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
        if carried and outcome != "hanging":
            score = result["score"]
            to = "us" if score["us"] >= score["them"] else "them"
            marks.append(_("+%(n)s hanging to %(team)s", n=carried, team=names[to]))
    else:
        marks.append(_(MODE_WORDS[Mode(deal["mode"])]))
        if outcome != "made":
            marks.append(outcome_word(lang, outcome))
        mark = _multiplier_mark(game, deal)
        if mark and not deal.get("kaboot"):  # a kaboot cancels the challenge
            marks.append(_(mark))
    return marks


def sheet_view(lang: Lang, match: MatchView) -> SheetView:
    names = team_names(lang, match.game, match.teams)
    seats = [s.name for s in match.seats] if match.seats else None
    sheet = match.sheet
    rows: list[SheetRow] = []
    carried = 0
    for row in sheet.rows:
        score = row.result["score"]
        marks = _marks(lang, match.game, row.input, row.result, carried, names)
        caller = row.input.get("caller")
        if seats and caller in SEATS:  # who won the bid, when the table said
            marks.append(lang.gettext(CALLED, name=seats[caller - 1]))
        rows.append(
            SheetRow(row.n, score["us"], score["them"], row.totals["us"], row.totals["them"], marks)
        )
        carried = row.hanging or 0
    preset = find_preset(match.rules)
    totals = dict(sheet.totals)
    leader = None
    if totals["us"] != totals["them"]:
        leader = "us" if totals["us"] > totals["them"] else "them"
    chart = totals_chart(
        [(r.total_us, r.total_them) for r in rows],
        preset.target,
        (names["us"], names["them"]),
        lang.gettext("Totals after each deal"),
    )
    return SheetView(
        rows=rows,
        names=names,
        totals=totals,
        hanging=sheet.hanging or 0,
        finished=bool(sheet.finished),
        winner=sheet.winner,
        target=preset.target,
        rules_title=lang.gettext(preset.title),  # the presets' words are msgids too
        rules_summary=lang.gettext(preset.summary),
        leader=leader,
        chart=chart,
        to_go={t: max(preset.target - totals[t], 0) for t in ("us", "them")},
        seats=seats,
        dealer=match.dealer,
        series=match.series if match.series and match.series["matches"] > 1 else None,
        # RULES.md 1.8: the core keeps the match open after a capot; say why play goes on
        capot_rule=sheet.capot_rule,
    )
