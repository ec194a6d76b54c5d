"""A stored match as the score sheet shows it: rows with marks, totals, the chart, the target."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from belot.core.presets import find_preset
from belot.web.chart import totals_chart
from belot.web.i18n import Lang
from belot.web.words import N_, outcome_word, team_names

MULTIPLIER_MARKS = {
    2: N_("contra"),
    4: N_("recontra"),
}
# The presets' plain-language line, said in the page's language (the core's is English).
RULES_SUMMARY = {
    "bg": N_("Suit: 7–9 up, 0–5 down; on 6 : 6 the smaller score rounds up (96 : 66 → 9 : 7)."),
    "bg-6up": N_(
        "Suit: 6–9 up, 0–5 down; on 6 : 6 the smaller score rounds down (96 : 66 → 10 : 6)."
    ),
    "sa": N_(
        "Sakka to 152; Sun double only when the buyer has over 100 and the others 100 or less."
    ),
}
RULES_TITLE = {
    "bg": N_("bg — seed rounding"),
    "bg-6up": N_("bg-6up — six rounds up"),
    "sa": N_("sa — Saudi Baloot"),
}
CHALLENGE_MARKS = {2: N_("double"), 3: N_("three"), 4: N_("four"), "gahwa": N_("gahwa")}


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


def _marks(lang: Lang, game: str, deal: dict[str, Any], result: dict[str, Any], carried: int,
           names: dict[str, str]) -> list[str]:  # fmt: skip
    _ = lang.gettext
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
        mult = deal.get("multiplier", 1)
        if mult in MULTIPLIER_MARKS:
            marks.append(_(MULTIPLIER_MARKS[mult]))
        if carried and outcome != "hanging":
            score = result["score"]
            to = "us" if score["us"] >= score["them"] else "them"
            marks.append(_("+%(n)s hanging to %(team)s", n=carried, team=names[to]))
    else:
        marks.append(_("Sun") if deal.get("mode") == "sun" else _("Hokm"))
        if outcome != "made":
            marks.append(outcome_word(lang, outcome))
        mult = deal.get("multiplier", 1)
        if mult in CHALLENGE_MARKS and not deal.get("kaboot"):
            marks.append(_(CHALLENGE_MARKS[mult]))
    return marks


def sheet_view(lang: Lang, match: Any) -> SheetView:
    """`match` is a `belot.store.MatchView`."""
    names = team_names(lang, match.game, match.teams)
    sheet = match.sheet
    rows: list[SheetRow] = []
    carried = 0
    for row in sheet.rows:
        score = row.result["score"]
        marks = _marks(lang, match.game, row.input, row.result, carried, names)
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
        rules_title=lang.gettext(RULES_TITLE.get(preset.name, preset.title)),
        rules_summary=lang.gettext(RULES_SUMMARY[preset.name])
        if preset.name in RULES_SUMMARY
        else preset.summary,
        leader=leader,
        chart=chart,
    )
