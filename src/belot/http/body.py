"""Request bodies of at most 64 KiB, for the API and the pages alike, as ASGI middleware.

A declared Content-Length over the limit is refused before anything is read; a body without
one (chunked) or with a false one is cut off while it streams in: the route's read (JSON or
the multipart form parser) stops with `BodyTooLarge`, which answers 413. Nothing past the
limit is ever buffered or spooled to disk.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from belot.core.errors import BelotError
from belot.http.refusal import refusal

MAX_BODY = 64 * 1024


class BodyTooLarge(BelotError):
    def __init__(self, limit: int) -> None:
        super().__init__(
            "body-too-large", None, f"the request body is over {limit // 1024} KiB", limit=limit
        )


def _declared_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", []):
        if name == b"content-length":
            text = value.decode("latin-1").strip()
            return int(text) if text.isascii() and text.isdigit() else None
    return None


class BodyLimit:
    """Pure ASGI, so it sees the body's chunks before any parser does."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _declared_length(scope)
        if declared is not None and declared > self.limit:
            err = BodyTooLarge(self.limit)
            answer = refusal(scope["path"], 413, err.code, err.field, err.message)
            await answer(scope, receive, send)
            return
        size = 0

        async def counted() -> Message:
            nonlocal size
            message = await receive()
            if message["type"] == "http.request":
                size += len(message.get("body", b""))
                if size > self.limit:
                    raise BodyTooLarge(self.limit)
            return message

        await self.app(scope, counted, send)
