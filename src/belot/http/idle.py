"""uvicorn's h11 protocol, closing connections that never send a request.

uvicorn closes a keep-alive connection `timeout_keep_alive` seconds after its last answer, but
a connection that sends nothing at all, or trickles a request head byte by byte, is kept
forever: a few thousand of them use up the process's file descriptors. This protocol gives
every request head the same time to arrive, counted from the connection's start or from the
last answer, and closes the connection when it has not.
"""

from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol, RequestResponseCycle


class H11WithHeadTimeout(H11Protocol):
    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_head_timer()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm_head_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None
        super().connection_lost(exc)

    def _arm_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
        self._head_timer = self.loop.call_later(
            self.timeout_keep_alive, self._head_timed_out, self.cycle
        )

    def _head_timed_out(self, cycle_when_armed: RequestResponseCycle | None) -> None:
        self._head_timer = None
        waiting = self.cycle is None or self.cycle.response_complete
        if waiting and self.cycle is cycle_when_armed:  # no request head came since
            try:
                self.timeout_keep_alive_handler()
            except h11.LocalProtocolError:  # half a head in: just hang up
                self.transport.close()
