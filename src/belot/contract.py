"""The JSON contract (CONTRACT.md §1-3), for front ends: see `belot.core.contract`."""

from belot.core.contract import (
    error_json,
    explain,
    parse_deal,
    result_json,
    score,
    score_value,
)

__all__ = ["error_json", "explain", "parse_deal", "result_json", "score", "score_value"]
