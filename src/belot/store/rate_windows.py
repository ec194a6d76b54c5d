"""Writes counted per client in the database, for the rate limit (`belot.http.ratelimit`).

With PostgreSQL every app instance on one database counts a client's writes in the same rows:
fixed windows of the rate's length, one row per client and window (`rate_windows`, migration
0009), upserted with `INSERT ... ON CONFLICT ... DO UPDATE ... RETURNING hits`; the windows
past are pruned by each process once per window. A fixed window lets a client make up to twice
the limit across a window's edge, never more; every instance sees the same count.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable

from limits import RateLimitItem
from sqlalchemy import Engine, delete
from sqlalchemy.dialects.postgresql import insert

from belot.store.models import RateWindowRow


class RateWindows:
    """In the database, shared by every app instance on it (PostgreSQL): fixed windows of the
    rate's length, one row per client and window, pruned once a window is past."""

    def __init__(
        self, engine: Engine, rate: RateLimitItem, clock: Callable[[], float] = time.time
    ) -> None:
        self.engine = engine
        self.amount = rate.amount
        self.length = max(1, rate.get_expiry())
        self.clock = clock
        self._pruned_before = 0  # windows before this one are pruned (by this process)

    def hit(self, who: str) -> int | None:
        now = self.clock()
        window = int(now // self.length)
        client = hashlib.sha256(who.encode("utf-8", "replace")).hexdigest()
        upsert = (
            insert(RateWindowRow)
            .values(client=client, window_start=window, hits=1)
            .on_conflict_do_update(
                index_elements=[RateWindowRow.client, RateWindowRow.window_start],
                set_={"hits": RateWindowRow.hits + 1},
            )
            .returning(RateWindowRow.hits)
        )
        with self.engine.begin() as conn:
            hits = conn.execute(upsert).scalar_one()
            if window > self._pruned_before:  # once per window and process
                conn.execute(delete(RateWindowRow).where(RateWindowRow.window_start < window))
                self._pruned_before = window
        if hits <= self.amount:
            return None
        return max(1, math.ceil((window + 1) * self.length - now))
