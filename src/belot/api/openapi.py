"""/openapi.json: FastAPI's document, with the contract's schemas added as components and the
change headers' rules written out (FastAPI knows them only as optional strings)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from belot.api.club_schemas import CLUB_COMPONENTS
from belot.api.schemas import COMPONENTS
from belot.api.tournament_schemas import TOURNAMENT_COMPONENTS
from belot.store.inputs import MAX_KEY

# The headers a change honours (CONTRACT.md §5), as a client must send them.
HEADERS: dict[str, dict[str, Any]] = {
    "if-match": {
        "name": "If-Match",
        "in": "header",
        "required": False,
        "description": "Change only if the match is still at this version: its number, or the "
        'ETag we sent (`"3"`, `W/"3"`); `*` asks for no check. Any other version, or anything '
        "that is no version → 412 `stale-version`, nothing recorded.",
        "schema": {"type": "string", "pattern": r'^(\*|(W/)?"?[0-9]{1,18}"?)$'},
        "example": '"3"',
    },
    "idempotency-key": {
        "name": "Idempotency-Key",
        "in": "header",
        "required": False,
        "description": "Repeat a change safely: the first request with a key records the "
        "change, any repeat of the same request answers the same and records nothing. The key "
        "is 1 to 255 printable ASCII characters, per match; the same key with another request "
        "→ 422 `idempotency-key-reused`. The newest 1,000 keys of a match are kept.",
        "schema": {"type": "string", "pattern": rf"^[\x20-\x7e]{{1,{MAX_KEY}}}$"},
        "example": "3f1c2a9e-tap-1",
    },
}


_ERROR = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
_RETRY = {"Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}}
# What any operation may answer besides its own statuses: said once here (issue 18).
COMMON_RESPONSES: dict[str, dict[str, Any]] = {
    "400": {"description": "a malformed request, or a Host this server does not answer "
            "(`invalid-host`)", "content": _ERROR},
    "405": {"description": "a method this address does not take (`Allow` names those it "
            "does)", "content": _ERROR},
    "429": {"description": "too many changes from this address (`rate-limited`), or too many "
            "live streams (`too-many-streams`); try again after `Retry-After` seconds",
            "content": _ERROR, "headers": _RETRY},
    "503": {"description": "the database is out of reach for a moment "
            "(`database-unavailable`); try again after `Retry-After` seconds",
            "content": _ERROR, "headers": _RETRY},
}  # fmt: skip
BODY_TOO_LARGE = {"description": "body over 64 KiB (`body-too-large`)", "content": _ERROR}


def _with_common_responses(document: dict[str, Any]) -> None:
    for path in document.get("paths", {}).values():
        for method, operation in path.items():
            if not isinstance(operation, dict) or method == "parameters":
                continue
            responses = operation.setdefault("responses", {})
            for status, response in COMMON_RESPONSES.items():
                responses.setdefault(status, response)
            if "requestBody" in operation:
                responses.setdefault("413", BODY_TOO_LARGE)


def _with_header_rules(document: dict[str, Any]) -> None:
    for path in document.get("paths", {}).values():
        for operation in path.values():
            if not isinstance(operation, dict):
                continue
            parameters = operation.get("parameters", [])
            for i, parameter in enumerate(parameters):
                if parameter.get("in") == "header" and parameter.get("name") in HEADERS:
                    parameters[i] = dict(HEADERS[parameter["name"]])


def install_openapi(app: FastAPI) -> None:
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            document = generate()  # also caches itself in app.openapi_schema
            schemas = document.setdefault("components", {}).setdefault("schemas", {})
            schemas.update(COMPONENTS)
            schemas.update(CLUB_COMPONENTS)
            schemas.update(TOURNAMENT_COMPONENTS)
            _with_header_rules(document)
            _with_common_responses(document)
        return app.openapi_schema or {}

    app.openapi = openapi  # type: ignore[method-assign]
