"""The facts of a replayed sheet that statistics count, as rows of `deal_facts`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from belot.core.match import Row

Fact = dict[str, object]


def deal_facts(rows: Iterable[Row]) -> Iterator[Fact]:
    for row in rows:
        caller = row.input.get("caller")
        # Who took every trick is what the table said: `capot` (Belot) or `kaboot` (Baloot).
        taker = row.input.get("capot") or row.input.get("kaboot") if row.all_tricks else None
        yield {
            "n": row.n,
            "caller": caller if isinstance(caller, int) else None,
            "outcome": str(row.result["outcome"]),
            "all_tricks": taker if taker in ("us", "them") else None,
        }
