"""The JSON contract (CONTRACT.md §1-3), for front ends: see `belot.core.contract`."""

from belot.core.contract import (
    bidder,
    explain,
    explained,
    other_pile,
    parse_deal,
    result_json,
    score,
    score_value,
)
from belot.core.errors import error_json

__all__ = [
    "bidder",
    "error_json",
    "explain",
    "explained",
    "other_pile",
    "parse_deal",
    "result_json",
    "score",
    "score_value",
]
