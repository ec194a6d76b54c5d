"""The request headers a change reads: the edit token and If-Match."""

from __future__ import annotations

from belot.store.errors import StaleVersion


def if_match_version(header: str | None) -> int | None:
    """`If-Match: 3`, or the ETag form `"3"` / `W/"3"` we send; `*` asks for no check.

    Anything else names no version the match can have, so it is a failed precondition (412).
    """
    if header is None:
        return None
    value = header.strip()
    if value == "*":
        return None
    value = value.removeprefix("W/").strip('"')
    if value.isascii() and value.isdigit() and len(value) <= 18:
        return int(value)
    raise StaleVersion(
        "stale-version",
        "If-Match",
        "If-Match must be the match's version number",
        given=header,
    )


def etag(version: int) -> str:
    return f'"{version}"'
