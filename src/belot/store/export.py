"""A match as a file: JSON (the API's match object) or CSV (one row per deal, for spreadsheets)."""

from __future__ import annotations

import csv
import io
import json

from belot.core.games import find_game
from belot.store.view import MatchView

CSV_COLUMNS = (
    "n",
    "bid",  # the game's contract (Baloot: the mode)
    "bidder",  # the team that won the bid (declarer, taker, buyer)
    "multiplier",
    "outcome",
    "score_us",
    "score_them",
    "total_us",
    "total_them",
    "hanging",
    "amount",  # coinche: the bid's amount (80…240, capot); blank in the other games
    "target",  # the points that end the match, blank: a number of deals
    "deal_count",  # the number of deals the match plays (klaverjas), blank: a target
)  # a new column goes last: a spreadsheet that reads them by place keeps reading the others


# OWASP's rule against formula injection: a text cell a spreadsheet would read as a formula
# (or that starts with a tab or carriage return) gets a leading single quote. Numbers are
# written as numbers; only text is neutralised.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value: object) -> object:
    """A CSV cell as written: text that starts like a formula behind a single quote."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def to_json_text(view: MatchView) -> str:
    return json.dumps(view.to_json(), ensure_ascii=False, indent=2) + "\n"


def to_csv(view: MatchView) -> str:
    out = io.StringIO()
    # Only numbers and the contract's fixed words go in: no cell a spreadsheet would run
    # as a formula (team names stay in the JSON).
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    info = find_game(view.game)
    count = view.sheet.deal_count
    target = view.sheet.target if count is None else None
    for row in view.sheet.rows:
        given = row.input
        score = _pair(row.result.get("score"))
        writer.writerow(
            cell(value)
            for value in [
                row.n,
                _word(given.get(info.contract_field)),
                _word(given.get(info.bidder_field)),
                _word(given.get("multiplier", 1)),
                _word(row.result.get("outcome")),
                score["us"],
                score["them"],
                row.totals["us"],
                row.totals["them"],
                row.hanging,
                _word(given.get("bid")),
                _word(target),
                _word(count),
            ]
        )
    return out.getvalue()


def _pair(value: object) -> dict[str, object]:
    if isinstance(value, dict):
        return {"us": value.get("us", 0), "them": value.get("them", 0)}
    return {"us": 0, "them": 0}


def _word(value: object) -> str:
    return "" if value is None else str(value)
