"""The four seats around the table (CONTRACT.md §5.2): who partners whom, who deals, who called.

Seats are numbered 1–4 in dealing order. Partners sit opposite: seats 1 and 3 are `us`, 2 and 4
are `them`. The deal passes to the next seat after every deal, a passed one included.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from belot.core.errors import BelotError
from belot.core.types import Team

SEATS = (1, 2, 3, 4)
# A deal that nobody bid for: no points, and the next seat deals (CONTRACT.md §5.2).
PASSED = "passed"


def team_of(seat: int) -> Team:
    return Team.US if seat % 2 == 1 else Team.THEM


def seat_number(value: object, field: str) -> int:
    """A seat, 1 to 4; anything else is refused naming `field`."""
    if isinstance(value, bool) or not isinstance(value, int) or value not in SEATS:
        shown = repr(value) if isinstance(value, int | str) and len(str(value)) < 20 else "that"
        raise BelotError("unknown-seat", field, f"{field} must be a seat from 1 to 4, not {shown}")
    return value


def dealer_after(first_dealer: int, deals: int) -> int:
    """The seat that deals next once `deals` deals were played (passed ones count)."""
    return (first_dealer - 1 + deals) % len(SEATS) + 1


def is_passed(deal: Mapping[str, Any]) -> bool:
    """`{"passed": true}`: everyone passed. Anything else in it is refused: nothing was played."""
    if PASSED not in deal:
        return False
    flag = deal[PASSED]
    if not isinstance(flag, bool):
        raise BelotError("wrong-type", PASSED, "passed must be true or false")
    if flag and set(deal) - {PASSED}:
        extra = sorted(set(deal) - {PASSED})[0]
        raise BelotError(
            "passed-with-play", extra, f"a passed deal has nothing else: leave out {extra!r}"
        )
    return flag


def check_caller(deal: Mapping[str, Any], bidder: Team) -> None:
    """`caller`, the seat that won the bid, must sit on the declarer's (buyer's) team."""
    if "caller" not in deal or deal["caller"] is None:
        return
    seat = seat_number(deal["caller"], "caller")
    if team_of(seat) is not bidder:
        raise BelotError(
            "caller-not-bidder",
            "caller",
            f"seat {seat} plays for {team_of(seat)}, but {bidder} won the bid",
        )
