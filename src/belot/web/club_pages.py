"""What the club pages show: the leaderboard of a date range, a player's matches, partners and
form. Statistics come from the store (SQL over kept counts); this only arranges them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

RANGES = ("month", "last-month", "all")


@dataclass(frozen=True, slots=True)
class Span:
    """A date range of the leaderboard: a named one or any `from`–`to`."""

    key: str
    since: str | None
    until: str | None


def span(query: dict[str, str], today: date) -> Span:
    since, until = query.get("from") or None, query.get("to") or None
    if since or until:
        return Span("custom", since, until)
    key = query.get("range", "month")
    first = today.replace(day=1)
    if key == "last-month":
        last_end = first - timedelta(days=1)
        return Span(key, last_end.replace(day=1).isoformat(), last_end.isoformat())
    if key == "all":
        return Span(key, None, None)
    return Span("month", first.isoformat(), None)


def rate(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "–"


def leaderboard(stats: dict[str, Any]) -> list[dict[str, Any]]:
    """Players by wins, then win rate, then matches; each with its rates."""
    rows = [
        {**p, "win_rate": rate(p["wins"], p["matches"]), "made_rate": rate(p["made"], p["called"])}
        for p in stats["players"]
    ]
    rows.sort(key=lambda p: (-p["wins"], -(p["wins"] / p["matches"] if p["matches"] else 0),
                             -p["matches"], p["name"]))  # fmt: skip
    return rows


TOP_PAIRS = 20  # a page shows the best pairs; the API and the CSV have them all


def in_club_order(ids: list[str], names: dict[str, str]) -> list[str]:
    """Two partners as every page names them (issue 32): in the order of the club's players
    (`names`, id → name, as the club lists them), not of their ids ("Мария и Иван")."""
    order = {pid: n for n, pid in enumerate(names)}
    return sorted(ids, key=lambda pid: order.get(pid, len(order)))


def pairs(stats: dict[str, Any], names: dict[str, str], player: str | None = None,
          limit: int | None = TOP_PAIRS) -> list[dict[str, Any]]:  # fmt: skip
    """The pairs that played (the store sorts them by wins), or `player`'s partnerships; each
    with its deals called and made as a pair (its team's bids, named caller or not), so a
    pair whose match goes on is there once it has called."""
    chosen = [p for p in stats["pairs"] if (p["matches"] or p.get("called"))
              and (player is None or player in p["players"])]  # fmt: skip
    return [
        {**p, "names": [names.get(i, "?") for i in in_club_order(p["players"], names)],
         "win_rate": rate(p["wins"], p["matches"])}
        for p in chosen[:limit]
    ]  # fmt: skip


def player_matches(club: dict[str, Any], seats_of: dict[str, list[dict[str, Any]]],
                   player_id: str) -> list[dict[str, Any]]:  # fmt: skip
    """The player's matches, newest first: partner, opponents, result (won / lost / draw /
    playing)."""
    shown = []
    for m in club["matches"]:
        seats = seats_of.get(m["id"]) or []
        ids = [s["player"] for s in seats]
        if player_id not in ids:
            continue
        seat = ids.index(player_id) + 1
        team = "us" if seat % 2 else "them"
        partner = seats[(seat + 1) % 4]["name"]
        opponents = [seats[seat % 4]["name"], seats[(seat + 2) % 4]["name"]]
        result = (
            "playing" if not m["finished"]
            else "draw" if m["winner"] is None  # a match of a number of deals ending level
            else "won" if m["winner"] == team
            else "lost"
        )  # fmt: skip
        shown.append({**m, "partner": partner, "opponents": opponents, "result": result})
    return shown
