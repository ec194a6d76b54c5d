"""One set of security headers on every response: pages, API, redirects, 404s, errors.

Pages (HTML) get a CSP that allows only our own files; anything else (JSON, CSV, redirects,
static files) gets `default-src 'none'`: it is never a document to render. A header the
response already has (a static file's long Cache-Control) is left as it is.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

# No inline script or style anywhere: everything comes from our own hashed files.
PAGE_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
NONE_CSP = "default-src 'none'; frame-ancestors 'none'"

_COMMON = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    # A page with its edit token, a fresh token or a match read must not sit in a cache.
    (b"cache-control", b"no-store"),
]
_PAGE = [
    *_COMMON,
    (b"content-security-policy", PAGE_CSP.encode()),
    (b"referrer-policy", b"same-origin"),
]
_OTHER = [
    *_COMMON,
    (b"content-security-policy", NONE_CSP.encode()),
    (b"referrer-policy", b"no-referrer"),
]


def security_headers(content_type: str | None) -> list[tuple[bytes, bytes]]:
    """The headers for a response of this content type (a page's, or anything else's)."""
    is_page = content_type is not None and content_type.lower().startswith("text/html")
    return _PAGE if is_page else _OTHER


def with_security_headers(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    present = {name.lower(): value for name, value in headers}
    content_type = present.get(b"content-type")
    wanted = security_headers(content_type.decode("latin-1") if content_type else None)
    return [*headers, *((k, v) for k, v in wanted if k not in present)]


class SecurityHeaders:
    """Pure ASGI: it touches only the response's start, never a streamed body."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = with_security_headers(list(message.get("headers", [])))
            await send(message)

        await self.app(scope, receive, send_with_headers)
