"""The one error page of the pages: an address no page has, a deal or match that is not there,
or a method a page does not take, answered as HTML in the page's language — never JSON.

`install` puts one route behind every other: it takes what no route took in full, except the
API's addresses (the API answers its own errors as CONTRACT §3 objects).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse
from starlette.routing import Match, Route
from starlette.types import Scope

from belot.core.errors import BelotError
from belot.core.games import GAMES
from belot.web.render import Renderer
from belot.words.i18n import N_

NOT_PAGES = ("/api/", "/openapi.json")
METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")
_MATCH = re.compile(r"^/m/([A-Za-z0-9_-]{1,64})(?:/|$)")

NO_PAGE = N_("No such page")
NO_MATCH = N_("No such match")
NO_DEAL = N_("No such deal on this sheet")
WRONG_METHOD = N_("This page cannot take that request.")


def game_of(request: Request) -> str:
    """The game a page address belongs to (a match's own game), for its language."""
    path = request.url.path
    found = _MATCH.match(path)
    if found is not None:
        try:
            return str(request.app.state.store.get(found.group(1)).game)
        except BelotError:
            pass
    return calculator_game(path)


def calculator_game(path: str) -> str:
    """The game whose calculator `path` is under (`/baloot/x`, `/_result/coinche`); the
    game at `/` for every other address."""
    home = next(i.name for i in GAMES.values() if i.path == "/")
    for info in GAMES.values():
        own = info.path != "/" and (path == info.path or path.startswith(info.path + "/"))
        if own or path == f"/_result/{info.name}":
            return info.name
    return home


def error_page(
    r: Renderer,
    request: Request,
    status: int = 404,
    heading: str = NO_PAGE,
    game: str | None = None,
    form_lang: str | None = None,
    back: str | None = None,
) -> HTMLResponse:
    """The error page: a heading, a way back, the status; in the language of the game's pages."""
    game = game or game_of(request)
    lang = r.lang(request, game, form_lang)
    response = r.page("not_found.html", lang, game, status, page="none", heading=heading, back=back)
    response.headers["X-Robots-Tag"] = "noindex"
    return response


class _Fallback(Route):
    """Every method, every address but the API's: matched only when no other route matched
    in full (Starlette tries routes in order and keeps a full match over a partial one)."""

    def __init__(self, endpoint: Callable[[Request], Awaitable[HTMLResponse]]) -> None:
        super().__init__("/{path:path}", endpoint, include_in_schema=False)
        self.methods = None  # any method: a page's 405 is answered here too

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        if scope["type"] == "http" and not str(scope.get("path", "")).startswith(NOT_PAGES):
            return Match.FULL, {}
        return Match.NONE, {}


def install(app: FastAPI, r: Renderer) -> None:
    """The fallback route; call it after every other route is on the app."""

    async def fallback(request: Request) -> HTMLResponse:
        others = [route for route in app.router.routes if not isinstance(route, _Fallback)]
        allowed = [
            method
            for method in METHODS
            if any(route.matches({**request.scope, "method": method})[0] is Match.FULL
                   for route in others)
        ]  # fmt: skip
        if allowed:  # the address is a page's, the method is not
            found = _MATCH.match(request.url.path)
            back = f"/m/{found.group(1)}" if found else None
            response = error_page(r, request, 405, WRONG_METHOD, back=back)
            response.headers["Allow"] = ", ".join(allowed)
            return response
        heading = NO_MATCH if _MATCH.match(request.url.path) else NO_PAGE
        return error_page(r, request, 404, heading)

    app.router.routes.append(_Fallback(fallback))
