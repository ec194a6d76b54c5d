"""A per-client rate limit on writes, with the `limits` library (moving window, in memory).

Each process counts on its own: the limit is per client address and per process, enough to
stop one client from flooding the database with new matches and deals. Behind a reverse
proxy, `belot serve --forwarded-allow-ips` (the proxy's address; none by default) makes the
client's own address the one counted.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from starlette.types import ASGIApp, Receive, Scope, Send

from belot.http.refusal import refusal

OFF = frozenset({"", "0", "off", "none"})


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


# What changes a match (the API's and the pages'); scoring and previews only compute.
_WRITES = re.compile(
    r"^/(api/v1/)?(matches|clubs)(/|$)|^/c/[^/]+/(matches|players)(/|$)"
    r"|^/m/[^/]+/(deals|undo|redo|rematch|claim)(/|$)"
)
_UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def is_write(method: str, path: str) -> bool:
    return method in _UNSAFE and _WRITES.match(path) is not None


class RateLimit:
    def __init__(
        self,
        app: ASGIApp,
        rate: RateLimitItem,
        counted: Callable[[str, str], bool] = is_write,
    ) -> None:
        self.app = app
        self.rate = rate
        self.counted = counted
        self.limiter = MovingWindowRateLimiter(MemoryStorage())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and self.counted(scope["method"], scope["path"]):
            client = scope.get("client")
            who = client[0] if client else "unknown"
            if not self.limiter.hit(self.rate, who):
                await self._refuse(scope, who)(scope, receive, send)
                return
        await self.app(scope, receive, send)

    def _refuse(self, scope: Scope, who: str) -> ASGIApp:
        reset = self.limiter.get_window_stats(self.rate, who).reset_time
        wait = max(1, math.ceil(reset - time.time()))
        return refusal(
            scope["path"],
            429,
            "rate-limited",
            None,
            f"too many changes from this address; try again in {wait} s",
            {"Retry-After": str(wait)},
        )
