"""Every error under /api as CONTRACT.md §3's object, with its HTTP status.

FastAPI's own errors (no such route, wrong method, a path parameter that is no number) are
reshaped too, so a client only ever has one error format to read. Pages keep FastAPI's
default handling: they belong to `belot.web`.
"""

from __future__ import annotations

import logging
from http import HTTPStatus

from fastapi import FastAPI, Request
from fastapi.exception_handlers import (
    http_exception_handler,
    request_validation_exception_handler,
)
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException
from starlette.responses import JSONResponse, Response

from belot.contract import error_json
from belot.core.errors import BelotError
from belot.store.errors import TokenMissing, status_of

API_PREFIX = "/api/"
log = logging.getLogger(__name__)


def error_response(
    status: int, code: str, field: str | None, message: str, headers: dict[str, str] | None = None
) -> JSONResponse:
    body = {"error": {"code": code, "field": field, "message": message}}
    return JSONResponse(body, status_code=status, headers=headers)


def belot_error_response(err: BelotError) -> JSONResponse:
    headers = {"WWW-Authenticate": "Bearer"} if isinstance(err, TokenMissing) else None
    return JSONResponse(error_json(err), status_code=status_of(err), headers=headers)


def _in_api(request: Request) -> bool:
    return request.url.path.startswith(API_PREFIX)


async def _belot_error(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, BelotError)
    return belot_error_response(exc)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if not _in_api(request):
        return await http_exception_handler(request, exc)
    try:
        phrase = HTTPStatus(exc.status_code).phrase
    except ValueError:
        phrase = "Error"
    code = phrase.lower().replace(" ", "-").replace("'", "")
    message = exc.detail if isinstance(exc.detail, str) and exc.detail != phrase else None
    return error_response(
        exc.status_code,
        code,
        None,
        message or f"{phrase.lower()}: {request.method} {request.url.path}",
        headers=dict(exc.headers) if exc.headers else None,
    )


async def _validation_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    if not _in_api(request):
        return await request_validation_exception_handler(request, exc)
    errors = exc.errors()
    first = errors[0] if errors else {}
    # ("path", "n") → "n": the contract's dotted field, without FastAPI's location word.
    location = [str(part) for part in first.get("loc", ())][1:]
    field = ".".join(location) or None
    message = str(first.get("msg", "invalid request"))
    return error_response(422, "invalid-request", field, f"{field or 'request'}: {message}")


async def _unexpected(request: Request, exc: Exception) -> Response:
    # A bug: logged with its traceback; the client still gets the one error format.
    log.exception("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    return error_response(500, "internal-error", None, "something went wrong on our side")


def install_error_handlers(app: FastAPI) -> None:
    app.add_exception_handler(BelotError, _belot_error)
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(Exception, _unexpected)
