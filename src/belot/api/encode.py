"""A match's JSON answer, long matches without re-encoding every deal each time.

A sheet's rows are immutable and shared: an added deal's sheet holds the very row objects of
the sheet before it, plus one. So the encoded text of each row is kept for the latest sheet of
a long match, and the next answer encodes only the rows it does not share (by identity). An
add to a 2,000-deal match then costs about what an add to a short one does, where encoding
its half-megabyte answer afresh would cost several times that.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict

from starlette.responses import Response

from belot.core.match import Row
from belot.store import MatchView
from belot.store.view import deal_json

# Short matches are cheap to encode; only long ones are kept, and only a few of them.
MIN_ROWS = 200
KEPT = 32


def _dumps(value: object) -> str:
    # As Starlette's JSONResponse writes it.
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _row(row: Row) -> str:
    return _dumps(deal_json(row))


class MatchEncoder:
    def __init__(self) -> None:
        self._kept: OrderedDict[str, tuple[tuple[Row, ...], list[str]]] = OrderedDict()
        self._lock = threading.Lock()

    def deals(self, match_id: str, rows: tuple[Row, ...]) -> str:
        if len(rows) < MIN_ROWS:
            return "[" + ",".join(_row(row) for row in rows) + "]"
        with self._lock:
            known_rows, known_texts = self._kept.get(match_id, ((), []))
        shared = 0
        for old, new in zip(known_rows, rows, strict=False):
            if old is not new:
                break
            shared += 1
        texts = [*known_texts[:shared], *(_row(row) for row in rows[shared:])]
        with self._lock:
            self._kept[match_id] = (rows, texts)
            self._kept.move_to_end(match_id)
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
        return "[" + ",".join(texts) + "]"

    def text(self, view: MatchView) -> str:
        """The match object of `view.to_json()`, the same JSON, its deals last."""
        head = view.to_json(deals=False)
        return _dumps(head)[:-1] + ',"deals":' + self.deals(view.id, view.sheet.rows) + "}"

    def response(self, view: MatchView, status: int, headers: dict[str, str]) -> Response:
        body = self.text(view).encode("utf-8")
        return Response(body, status, headers=headers, media_type="application/json")
