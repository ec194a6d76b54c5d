"""Errors of the score sheet's storage, each carrying the HTTP status the API answers with.

They are `BelotError`s, so every front end shows them like any refused input: the contract's
`{"error": {"code", "field", "message"}}` object. `status_of` maps any `BelotError` to a status,
core errors included, so the mapping lives in one place.
"""

from __future__ import annotations

from typing import ClassVar

from belot.core.errors import BelotError


class StoreError(BelotError):
    """A refused request about a stored match; `status` is the HTTP status it answers."""

    status: ClassVar[int] = 422


class NotFound(StoreError):
    """An unknown match (`match-not-found`) or deal (`deal-not-found`)."""

    status = 404


class TokenMissing(StoreError):
    status = 401


class TokenWrong(StoreError):
    status = 403


class MatchOver(StoreError):
    """The core's `match-over`: a deal after the end of the match."""

    status = 409


class StaleVersion(StoreError):
    """`If-Match` named a version that is no longer the match's."""

    status = 412


class BodyTooLarge(StoreError):
    status = 413


class KeyReused(StoreError):
    """An `Idempotency-Key` already used for a different request on this match."""

    status = 422


# Core errors that mean more than "invalid deal".
_CORE_STATUS = {"match-over": MatchOver.status, "deal-not-found": NotFound.status}


def status_of(err: BelotError) -> int:
    """The HTTP status for any refused input: a store error's own, else by the core's code."""
    if isinstance(err, StoreError):
        return err.status
    return _CORE_STATUS.get(err.code, 422)


def from_core(err: BelotError) -> BelotError:
    """The core's error as the store's typed one when it has a status of its own."""
    if err.code == "match-over":
        return MatchOver(err.code, err.field, err.message, **err.params)
    if err.code == "deal-not-found":
        return NotFound(err.code, err.field, err.message, **err.params)
    return err


def match_not_found(match_id: str) -> NotFound:
    return NotFound("match-not-found", "id", "there is no match with this id", id=match_id)


def deal_not_found(n: int, count: int) -> NotFound:
    return NotFound(
        "deal-not-found",
        "n",
        f"there is no deal {n} in this match (it has {count})",
        n=n,
        count=count,
    )
