"""A per-client rate limit on writes: every POST, PUT, PATCH and DELETE of the API and the pages.

One rule, not a list of routes: every unsafe request is counted, so a route added later is
covered without anyone remembering to add it. The only ones left out are computations that
store nothing (`COMPUTATIONS`: scoring, the calculator pages and their result fragment, a
match page's preview), which a calculator asks at every tap.

Where it is counted:
- PostgreSQL: in the database (`belot.store.rate_windows.RateWindows`, given by the app), so
  every app instance on one database counts a client's writes once, together (N instances
  allow the limit, not N times it).
- SQLite (one machine): in the process (`MemoryCounter`, the `limits` library's moving window).

The client is its address; behind a reverse proxy, `belot serve --forwarded-allow-ips` (the
proxy's address; none by default) makes the client's own address the one counted.
"""

from __future__ import annotations

import logging
import math
import re
import time
from collections.abc import Callable
from typing import Protocol

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Receive, Scope, Send

from belot.http.refusal import refusal

OFF = frozenset({"", "0", "off", "none"})
_log = logging.getLogger(__name__)


def parse_rate(text: str | None) -> RateLimitItem | None:
    """`"120/minute"`, `"10 per second"`…; None (no limit) for "", "0" or "off"."""
    if text is None or text.strip().lower() in OFF:
        return None
    try:
        return parse(text)
    except ValueError:
        raise ValueError(
            f"BELOT_RATE_LIMIT: {text!r} is no rate; write it like 120/minute, or 0 for none"
        ) from None


_UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# Computations that store nothing: scoring, a calculator page's no-script post and its result
# fragment, a match page's preview of the deal being entered. Every other unsafe request is
# a write, whatever its path. `CALCULATORS`: the calculator pages (the app passes its own).
COMPUTATIONS = re.compile(r"/api/v1/score|/_result/[a-z-]+|/m/[^/]+/preview")
CALCULATORS = frozenset({"/", "/baloot"})


def is_write(method: str, path: str, calculators: frozenset[str] = CALCULATORS) -> bool:
    """Every unsafe request but the computations that store nothing."""
    if method not in _UNSAFE:
        return False
    return path not in calculators and COMPUTATIONS.fullmatch(path) is None


class Counter(Protocol):
    """Counts one write of `who`: None if it may go on, else the seconds to wait."""

    def hit(self, who: str) -> int | None: ...


class MemoryCounter:
    """In this process (SQLite: one machine, and by default one process)."""

    def __init__(self, rate: RateLimitItem) -> None:
        self.rate = rate
        self.limiter = MovingWindowRateLimiter(MemoryStorage())

    def hit(self, who: str) -> int | None:
        if self.limiter.hit(self.rate, who):
            return None
        reset = self.limiter.get_window_stats(self.rate, who).reset_time
        return max(1, math.ceil(reset - time.time()))


class RateLimit:
    def __init__(
        self,
        app: ASGIApp,
        rate: RateLimitItem,
        counter: Counter | None = None,
        counted: Callable[[str, str], bool] = is_write,
    ) -> None:
        self.app = app
        self.counter = counter or MemoryCounter(rate)
        self.counted = counted

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and self.counted(scope["method"], scope["path"]):
            client = scope.get("client")
            who = client[0] if client else "unknown"
            wait = await self._hit(who)
            if wait is not None:
                await self._refuse(scope, wait)(scope, receive, send)
                return
        await self.app(scope, receive, send)

    async def _hit(self, who: str) -> int | None:
        if isinstance(self.counter, MemoryCounter):
            return self.counter.hit(who)  # no I/O: not worth a thread
        try:
            return await run_in_threadpool(self.counter.hit, who)
        except Exception:  # the counter's own failure (SQLAlchemyError): not the request's
            # The database is down: the write cannot be made either, and its route answers
            # so (503 `database-unavailable`); the count must not turn that into a 500.
            _log.warning("rate limit: the database did not answer; not counted")
            return None

    def _refuse(self, scope: Scope, wait: int) -> ASGIApp:
        return refusal(
            scope["path"],
            429,
            "rate-limited",
            None,
            f"too many changes from this address; try again in {wait} s",
            {"Retry-After": str(wait)},
        )
