"""Security headers on API responses (pages get theirs, CSP included, from belot.web)."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from belot.api.errors import API_PREFIX

_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    # JSON is never a document to render: nothing may load from it or frame it.
    (b"content-security-policy", b"default-src 'none'; frame-ancestors 'none'"),
    # A match read with its token in flight, or a fresh token, must not sit in a cache.
    (b"cache-control", b"no-store"),
]


class APISecurityHeaders:
    """Pure ASGI, so streaming and the body-size check see the request untouched."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not str(scope.get("path", "")).startswith(API_PREFIX):
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in _HEADERS if k not in present]
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)
