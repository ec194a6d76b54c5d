"""A refused request's answer: the contract's error object under /api, a short page elsewhere.

Middleware answers with these before any route runs (too large, too fast, cross-site), and
the app's exception handlers use them too, so a client of either kind gets one format.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from http import HTTPStatus

from starlette.responses import HTMLResponse, JSONResponse, Response

from belot.core.errors import BelotError, error_json

API_PREFIX = "/api/"


def is_api(path: str) -> bool:
    return path.startswith(API_PREFIX) or path == "/openapi.json"


def refusal(
    path: str,
    status: int,
    code: str,
    field: str | None,
    message: str,
    headers: Mapping[str, str] | None = None,
) -> Response:
    """JSON for the API (and any client that is no browser page), HTML for the pages."""
    if is_api(path):
        return JSONResponse(error_json(BelotError(code, field, message)), status, headers=headers)
    return HTMLResponse(short_page(status, message, code, field), status, headers=headers)


def short_page(status: int, message: str, code: str, field: str | None = None) -> str:
    try:
        phrase = HTTPStatus(status).phrase
    except ValueError:
        phrase = "Error"
    title = escape(f"{status} {phrase}")
    named = "" if field is None else f' data-field="{escape(field)}"'
    return (
        '<!doctype html><html lang="en"><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title><h1>{title}</h1>"
        f'<p data-testid="error" data-code="{escape(code)}"{named}>{escape(message)}</p>'
        '<p><a href="/">belot</a></p></html>'
    )
