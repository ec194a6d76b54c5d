"""Cross-site request forgery: a page's form post must come from one of our own pages.

The pages change matches with their edit-token cookie, so a form on another site (or on
another port of the same host: same-site, and `SameSite=Lax` lets that through) could post
with it. Browsers say where a request comes from: `Sec-Fetch-Site` (`same-origin`, `none` for
a typed address, `same-site`, `cross-site`) and `Origin`. A state-changing request whose
`Sec-Fetch-Site` is `same-site` or `cross-site`, or whose `Origin` is not this server's own,
is refused with 403. A request with neither header (curl, an old browser) passes: it carries
no ambient cookie a forger could borrow. The API is authorised by its Bearer token, never by
a cookie, so it is left alone.
"""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from belot.http.refusal import is_api, refusal

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
_FOREIGN_SITES = frozenset({"same-site", "cross-site"})
_DEFAULT_PORTS = {"http": "80", "https": "443"}


def own_origin(scope: Scope, host: str) -> str:
    scheme = str(scope.get("scheme", "http"))
    default = f":{_DEFAULT_PORTS.get(scheme, '')}"
    return f"{scheme}://{host.lower().removesuffix(default)}"


def _normalised(origin: str) -> str:
    scheme, _, rest = origin.lower().partition("://")
    return f"{scheme}://{rest.removesuffix(':' + _DEFAULT_PORTS.get(scheme, ''))}"


def is_cross_site(scope: Scope, public_origin: str | None = None) -> bool:
    headers = Headers(scope=scope)
    site = headers.get("sec-fetch-site")
    if site is not None and site.strip().lower() in _FOREIGN_SITES:
        return True
    origin = headers.get("origin")
    if origin is None:
        return False
    own = {own_origin(scope, headers.get("host", ""))}
    if public_origin:
        own.add(_normalised(public_origin))
    return _normalised(origin.strip()) not in own


class CrossSiteGuard:
    """Pure ASGI: refuses before the route (or the form parser) sees anything."""

    def __init__(self, app: ASGIApp, public_origin: str | None = None) -> None:
        self.app = app
        self.public_origin = public_origin

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] == "http"
            and scope["method"] not in SAFE_METHODS
            and not is_api(scope["path"])
            and is_cross_site(scope, self.public_origin)
        ):
            answer = refusal(
                scope["path"],
                403,
                "cross-site-request",
                None,
                "this form was sent from another site; open the page here and send it again",
            )
            await answer(scope, receive, send)
            return
        await self.app(scope, receive, send)
