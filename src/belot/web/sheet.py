"""A stored match as the score sheet shows it: rows with marks, totals, the chart, the target."""

from __future__ import annotations

from dataclasses import dataclass, field

from markupsafe import Markup

from belot.core.games import find_game
from belot.core.presets import find_preset
from belot.store.view import MatchView  # not `belot.store`: the offline pack has this alone
from belot.web.chart import totals_chart
from belot.web.marks import row_marks
from belot.words.i18n import N_, Lang
from belot.words.results import PART_WORDS, team_names
from belot.words.rules import switch_words

TEAMS = ("us", "them")
CHART_LABEL = N_("Totals after each deal")  # the chart's name for screen readers


@dataclass
class SheetRow:
    n: int
    us: int
    them: int
    total_us: int
    total_them: int
    marks: list[str]
    # The record's parts with a column of their own on the game's pad (klaverjas' roem):
    # each part's words and its points per team; the record above is points and parts.
    parts: list[tuple[str, dict[str, int]]] = field(default_factory=list)


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
    own_target: int | None  # the match's own target, where the preset's words say another
    rules_name: str  # the preset's name
    house_rules: list[tuple[str, str]]  # each house rule on: its name and its line
    leader: str | None
    chart: Markup
    to_go: dict[str, int]  # points each team still needs to reach the target
    seats: list[str] | None  # the four names in dealing order, when the match has them
    dealer: int | None  # the seat that deals next
    series: dict[str, int] | None  # the evening at this table: matches won by each side
    capot_rule: bool  # past the target, but the last deal was a capot: one more deal
    by_gahwa: bool = False  # won at once by a gahwa: its total is no race to the target
    # A match of a number of deals (a klaverjas boom): how many, and how many are played
    # (passed ones left out); no target then, nor points to go.
    deal_count: int | None = None
    played: int = 0
    own_deal_count: int | None = None  # its number of deals, where it is not its game's


def sheet_view(lang: Lang, match: MatchView) -> SheetView:
    seats = [s.name for s in match.seats] if match.seats else None
    names = team_names(lang, match.game, match.teams, seats)
    sheet = match.sheet
    rows: list[SheetRow] = []
    carried = 0
    for row in sheet.rows:
        score = row.result["score"]
        marks = row_marks(lang, match.game, row.input, row.result, carried, names, seats,
                          row.hanging_to, row.challenged)  # fmt: skip
        parts = [(PART_WORDS.get(name, name), dict(points))
                 for name, points in (row.parts or {}).items()]  # fmt: skip
        rows.append(SheetRow(row.n, score["us"], score["them"], row.totals["us"],
                             row.totals["them"], marks, parts))  # fmt: skip
        carried = row.hanging or 0
    preset = find_preset(match.rules)
    totals = dict(sheet.totals)
    leader = None
    if totals["us"] != totals["them"]:
        leader = "us" if totals["us"] > totals["them"] else "them"
    info = find_game(match.game)
    count = sheet.deal_count
    chart = totals_chart(
        [(r.total_us, r.total_them) for r in rows],
        sheet.target if count is None else None,  # a number of deals: no target line
        (names["us"], names["them"]),
        lang.gettext(CHART_LABEL),
        lang.num,
    )
    return SheetView(
        rows=rows,
        names=names,
        totals=totals,
        hanging=sheet.hanging or 0,
        finished=bool(sheet.finished),
        winner=sheet.winner,
        target=sheet.target,  # the match's own (a French match sets it), else its preset's
        rules_title=lang.gettext(preset.title),  # the presets' words are msgids too
        rules_summary=lang.gettext(preset.summary),
        # the summary says the preset's target ("match to 2000") or its game's number of
        # deals ("16 deals"): a match of its own says so
        own_target=(
            sheet.target
            if count is None and (sheet.target != preset.target or info.deal_count is not None)
            else None
        ),
        deal_count=count,
        played=sheet.played if count is not None else 0,
        own_deal_count=count if count is not None and count != info.deal_count else None,
        rules_name=preset.name,
        house_rules=[
            (s.name, switch_words(lang, s)) for s in preset.switches if s.name in preset.on
        ],
        leader=leader,
        chart=chart,
        # points still needed, only towards a target
        to_go={} if count is not None else {t: max(sheet.target - totals[t], 0) for t in TEAMS},
        seats=seats,
        dealer=match.dealer,
        series=match.series if match.series and match.series["matches"] > 1 else None,
        # RULES.md 1.8: the core keeps the match open after a capot; say why play goes on
        capot_rule=sheet.capot_rule,
        # Baloot's words (the abnat family's): another game's deal that decides the match
        # (bela's eight cards of a suit) is said by the winner's banner alone
        by_gahwa=info.family == "abnat"
        and bool(sheet.finished and sheet.rows and sheet.rows[-1].result.get("match_winner")),
    )
