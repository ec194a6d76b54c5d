"""Every refusal as CONTRACT.md §3's object, with its HTTP status: the one code→status map.

FastAPI's own errors (no such route, wrong method, a path parameter that is no number) are
reshaped too, so an API client only ever has one error format to read. A page's own errors
are `belot.web`'s; a refusal that reaches a page's route from below (a body too large, a form
of over 1,000 fields, the database away) is a short HTML page with its status — never the
framework's `{"detail": …}`.
"""

from __future__ import annotations

import functools
import logging
import re
from http import HTTPStatus

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException
from starlette.responses import Response

from belot.core.errors import BelotError
from belot.http.refusal import refusal
from belot.http.security import security_headers

log = logging.getLogger(__name__)

# Every code that means more than "invalid input" (422), with the status it answers.
STATUS: dict[str, int] = {
    "token-missing": 401,
    "token-wrong": 403,
    "cross-site-request": 403,
    "match-not-found": 404,
    "deal-not-found": 404,
    "club-not-found": 404,
    "tournament-not-found": 404,
    "match-over": 409,
    "match-too-long": 409,
    "round-not-finished": 409,
    "tournament-over": 409,
    "round-locked": 409,
    "stale-version": 412,
    "body-too-large": 413,
    "rate-limited": 429,
    "too-many-streams": 429,
    "database-unavailable": 503,
}
# Seconds a client should wait before trying again while the database is away.
DATABASE_RETRY_AFTER = 5


def status_of(err: BelotError) -> int:
    return STATUS.get(err.code, 422)


def error_response(
    request: Request, err: BelotError, headers: dict[str, str] | None = None
) -> Response:
    extra = dict(headers or {})
    if err.code == "token-missing":
        extra["WWW-Authenticate"] = "Bearer"
    return refusal(request.url.path, status_of(err), err.code, err.field, err.message, extra)


async def _belot_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, BelotError)
    return error_response(request, exc)


_METHODS = ("get", "put", "post", "delete", "patch", "options", "head")


@functools.lru_cache(maxsize=256)
def _template(path: str) -> re.Pattern[str]:
    parts = re.split(r"(\{[^}]+\})", path)
    return re.compile("".join("[^/]+" if p.startswith("{") else re.escape(p) for p in parts))


def allowed_methods(request: Request) -> str | None:
    """Every method the API answers on this path, read from its OpenAPI document (Starlette
    names only the first route's, and PUT and DELETE of one path are two routes)."""
    methods: set[str] = set()
    for template, operations in request.app.openapi().get("paths", {}).items():
        if _template(template).fullmatch(request.url.path):
            methods |= {m.upper() for m in operations if m in _METHODS}
    if "GET" in methods:
        methods.add("HEAD")
    return ", ".join(sorted(methods)) or None


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if exc.status_code == 405 and (allow := allowed_methods(request)) is not None:
        exc.headers = {**(exc.headers or {}), "Allow": allow}
    # A page gets the same refusal as HTML (a form of over 1,000 fields, a broken multipart
    # body): never the framework's `{"detail": …}`.
    try:
        phrase = HTTPStatus(exc.status_code).phrase
    except ValueError:
        phrase = "Error"
    code = phrase.lower().replace(" ", "-").replace("'", "")
    message = exc.detail if isinstance(exc.detail, str) and exc.detail != phrase else None
    return refusal(
        request.url.path,
        exc.status_code,
        code,
        None,
        message or f"{phrase.lower()}: {request.method} {request.url.path}",
        headers=dict(exc.headers) if exc.headers else None,
    )


async def _validation_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    errors = exc.errors()
    first = errors[0] if errors else {}
    # ("path", "n") → "n": the contract's dotted field, without FastAPI's location word.
    location = [str(part) for part in first.get("loc", ())][1:]
    field = ".".join(location) or None
    message = str(first.get("msg", "invalid request"))
    return refusal(
        request.url.path, 422, "invalid-request", field, f"{field or 'request'}: {message}"
    )


def is_database_away(exc: BaseException) -> bool:
    """The database cannot be reached (down, restarting, out of connections, busy), as
    opposed to a query it refused: that one is a bug and stays a 500."""
    if isinstance(exc, OperationalError | InterfaceError | PoolTimeout):
        return True
    return isinstance(exc, DBAPIError) and exc.connection_invalidated


async def _database_error(request: Request, exc: Exception) -> Response:
    if not is_database_away(exc):
        return await _unexpected(request, exc)
    # The driver's own words only: SQLAlchemy's text would add the statement and its values.
    reason = str(getattr(exc, "orig", None) or exc).strip().splitlines() or ["?"]
    log.warning("database unavailable on %s %s: %s", request.method, request.url.path, reason[0])
    err = BelotError(
        "database-unavailable",
        None,
        "the score sheets are out of reach for a moment; please try again shortly",
        retry_after=DATABASE_RETRY_AFTER,
    )
    return error_response(request, err, {"Retry-After": str(DATABASE_RETRY_AFTER)})


async def _unexpected(request: Request, exc: Exception) -> Response:
    # A bug: logged with its traceback; the client still gets the one error format. This
    # answer leaves from outside the middleware, so it carries the security headers itself.
    log.exception("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    response = refusal(
        request.url.path, 500, "internal-error", None, "something went wrong on our side"
    )
    for name, value in security_headers(response.headers.get("content-type")):
        response.headers.setdefault(name.decode("latin-1"), value.decode("latin-1"))
    return response


def install_error_handlers(app: FastAPI) -> None:
    app.add_exception_handler(BelotError, _belot_error)
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(DBAPIError, _database_error)
    app.add_exception_handler(PoolTimeout, _database_error)
    app.add_exception_handler(Exception, _unexpected)
