"""Request bodies: read by us and decoded by us, every failure a clean 4xx.

The deal is validated by `belot.contract`, not by pydantic, so the API refuses exactly what the
CLI refuses, with the same error object.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from starlette.requests import Request

from belot.core import plain
from belot.core.errors import BelotError

# The score route's fast path (issue 26): the body decoded by orjson when installed (else
# `json`), and only ever a deal the lookups then score (`belot.core.plain.compact`); any other
# body is decoded again by `decode_json`, which decides every refusal as it always did.
fast_loads: Callable[[bytes], Any] = json.loads
try:
    import orjson

    fast_loads = orjson.loads
except ImportError:  # the standard library alone: the same answers
    pass
STEP_ASIDE = (ValueError, RecursionError, *plain.GIVE_UP)


async def read_body(request: Request) -> bytes:
    """The raw body. Its size is `belot.http.body.BodyLimit`'s business: it refuses a body
    over 64 KiB for every route, before or while it is read (413)."""
    return await request.body()


def decode_json(raw: bytes) -> object:
    try:
        return json.loads(raw)
    # ValueError covers bad JSON, bad UTF-8 and numbers of more than 4300 digits; deep nesting
    # overflows the decoder's stack.
    except (ValueError, RecursionError):
        raise BelotError("invalid-json", None, "the request body is not valid JSON") from None


async def read_object(request: Request, what: str) -> dict[str, object]:
    """A JSON object body; `what` names it in the error ("the deal", "the match")."""
    return parse_object(await read_body(request), what)


def parse_object(raw: bytes, what: str) -> dict[str, object]:
    value = decode_json(raw)
    if not isinstance(value, dict):
        got = "null" if value is None else type(value).__name__
        raise BelotError(
            "wrong-type", None, f"{what} must be a JSON object, got {got}", expected="an object"
        )
    return value


def only_fields(
    body: dict[str, object],
    allowed: frozenset[str],
    what: str,
    *,
    nullable: frozenset[str] = frozenset(),
) -> None:
    """Refuse a field `what` ("a new match") does not have, naming it, and a JSON null in a
    field whose description has no null (`nullable` names those that do). A null is sent, not
    left out: taking it for an absent field would accept what /openapi.json refuses (issue 23:
    `"teams": null` made a match with the default names)."""
    for key, value in body.items():
        if key not in allowed:
            raise BelotError("unknown-field", key, f"unknown field {key!r} in {what}")
        if value is None and key not in nullable:
            raise BelotError(
                "wrong-type", key, f"{key} cannot be null; leave it out or give a value",
                expected="not null",
            )  # fmt: skip
