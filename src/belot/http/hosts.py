"""Which Host a request may name, and the public address links are built from.

Starlette's `TrustedHostMiddleware` checks the Host against the allowed names; its plain-text
refusal is answered here as the contract's error object instead. A Host longer than any DNS
name is refused even when every name is allowed (`*`), so no address built from it can grow
without bound (a QR code of a 2,400-character link does not fit). Share and edit links use
the configured public URL when there is one (`BELOT_PUBLIC_URL`), not the request's Host.
"""

from __future__ import annotations

from collections.abc import Iterable

from starlette.datastructures import Headers
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from belot.http.refusal import refusal

DEFAULT_HOSTS = ("localhost", "127.0.0.1", "::1")
# A DNS name has at most 253 characters; a port and an IPv6 literal's brackets fit in 10 more.
MAX_HOST = 263


def host_patterns(hosts: Iterable[str]) -> list[str]:
    """Names as Starlette compares them: lower case, IPv6 literals in brackets."""
    patterns = []
    for host in hosts:
        name = host.strip().lower()
        if ":" in name and not name.startswith("["):
            name = f"[{name}]"
        if name:
            patterns.append(name)
    return patterns


class AllowedHosts:
    def __init__(self, app: ASGIApp, hosts: Iterable[str] = DEFAULT_HOSTS) -> None:
        self.app = app
        self.patterns = host_patterns(hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = Headers(scope=scope).get("host", "")
        if len(host) > MAX_HOST:
            await self._refuse(scope)(scope, receive, send)
            return

        async def passed(inner: Scope, inner_receive: Receive, _send: Send) -> None:
            await self.app(inner, inner_receive, send)

        async def refused(message: Message) -> None:
            # Only Starlette's own refusal comes here: answer it in the contract's form.
            if message["type"] == "http.response.start":
                await self._refuse(scope)(scope, receive, send)

        check = TrustedHostMiddleware(passed, allowed_hosts=self.patterns, www_redirect=False)
        await check(scope, receive, refused)

    @staticmethod
    def _refuse(scope: Scope) -> ASGIApp:
        return refusal(
            scope.get("path", "/"),
            400,
            "invalid-host",
            "Host",
            "this server does not answer to that name",
        )


def public_base(request: Request) -> str:
    """The address other phones reach this app at, without a trailing slash: the configured
    public URL, else the one this request came in by (its Host already checked)."""
    configured = getattr(request.app.state, "public_url", None)
    if configured:
        return str(configured).rstrip("/")
    return str(request.base_url).rstrip("/")
