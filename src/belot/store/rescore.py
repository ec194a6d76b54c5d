"""A changed match's sheet, re-scoring only from the first deal the change touched.

A replace or delete of deal n leaves deals 1..n-1 and their rows as they were; the state a
deal is scored from is the row before it (its running totals and hanging points). So the
sheet after the change is the known rows before n, then each deal from n on scored with the
core's own `Match.extend`. Fixing the last deal of a 2,000-deal match scores one deal, not
2,000. Any refusal is left to the caller's full replay, which words it as the core does.
"""

from __future__ import annotations

from belot.core.errors import BelotError
from belot.core.match import Match, Sheet


def from_deal(changed: Match, known: Sheet, n: int) -> Sheet:
    """The sheet of `changed`, whose first n-1 deals are those `known` was scored from."""
    kept = known.rows[: n - 1]
    if kept:
        last = kept[-1]
        start = Sheet(kept, dict(last.totals), last.hanging, False, None, known.target,
                      known.deal_count)  # fmt: skip
    else:
        start = Match(changed.game, changed.rules, (), changed.target,
                      changed.deal_count).replay()  # fmt: skip
    prefix = Match(changed.game, changed.rules, changed.deals[: n - 1], changed.target,
                   changed.deal_count)  # fmt: skip
    sheet = start
    for deal in changed.deals[n - 1 :]:
        prefix, sheet = prefix.extend(sheet, deal)
    return sheet


def rescored(changed: Match, known: Sheet | None, n: int) -> Match | tuple[Match, Sheet]:
    """With the sheet before the change, only deals n.. are scored; without it, or when that
    refuses the change, the caller replays the whole match (and words any error)."""
    if known is None:
        return changed
    try:
        return changed, from_deal(changed, known, n)
    except BelotError:
        return changed
