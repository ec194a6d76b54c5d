"""Errors of the score sheet's storage.

They are `BelotError`s, so every front end shows them like any refused input: the contract's
`{"error": {"code", "field", "message"}}` object. The store knows nothing of HTTP: which status
a code answers with is the API's business (`belot.api.errors.STATUS`).
"""

from __future__ import annotations

from belot.core.errors import BelotError


class StoreError(BelotError):
    """A refused request about a stored match."""


class NotFound(StoreError):
    """An unknown match (`match-not-found`) or deal (`deal-not-found`)."""


class TokenMissing(StoreError):
    """No edit token came with a change."""


class TokenWrong(StoreError):
    """The token is not the match's edit token."""


class MatchOver(StoreError):
    """The core's `match-over`: a deal after the end of the match."""


class MatchTooLong(StoreError):
    """`match-too-long`: the match already holds the most deals a match may have."""


class StaleVersion(StoreError):
    """`If-Match` named a version that is no longer the match's."""


class KeyReused(StoreError):
    """An `Idempotency-Key` already used for a different request on this match."""


def from_core(err: BelotError) -> BelotError:
    """The core's error as the store's typed one when it means more than "invalid deal"."""
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
