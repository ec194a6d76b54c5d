"""Scoring one deal of French belote or coinche / contrée (RULES.md §5, §6, §4.3, §4.4).

Every number is in points (not tens): a team's total T is its cards, the last trick (10, or
100 with a capot), its belotes and its counted declarations; the records are rounded to the
ten (5.6) only once the outcome is decided on the exact totals.
"""

from __future__ import annotations

from belot.core import annonces
from belot.core import declarations as decl
from belot.core.cards import (
    REACHABLE_CARD_POINTS,
    SANS_ATOUT_VALUES,
    TOUT_ATOUT_VALUES,
    trick_piles,
)
from belot.core.errors import BelotError, said
from belot.core.french_deal import AnyFrench, Bid
from belot.core.french_deal import FrenchCombination as FrenchCombination
from belot.core.french_deal import FrenchDeal as FrenchDeal
from belot.core.french_deal import FrenchFields as FrenchFields
from belot.core.french_deal import fast_fields as fast_fields
from belot.core.french_presets import BID_CAPOT, BID_GENERALE, FrenchRules
from belot.core.results import BelotResult, Step
from belot.core.switches import (
    ANNONCES,
    BELOTE_NOT_FOR_CONTRACT,
    BELOTE_NOT_MULTIPLIED,
    COINCHE_KEEPS_OWN,
    FAILURE_162,
    GENERALE,
    LITIGE,
    NO_ROUNDING,
    POINTS_ANNONCES,
    SURCOINCHE_X3,
    TIE_INSIDE,
)
from belot.core.types import (
    CONTRACT_KIND,
    OTHER,
    TEAMS,
    THEM,
    US,
    ContractKind,
    Outcome,
    Team,
)


# The totals a pile of sans-tout-atout can have (its values: `cards.SANS_ATOUT_VALUES` and
# `TOUT_ATOUT_VALUES`, J 9 A 10 K Q 8 7 of a suit, 38 a suit and 152 in all).
def _sums(values: tuple[int, ...]) -> frozenset[int]:
    sums = {0}
    for value in values * 4:
        sums |= {s + value for s in sums}
    return frozenset(sums)


REACHABLE: dict[ContractKind, frozenset[int]] = {
    ContractKind.SUIT: REACHABLE_CARD_POINTS[ContractKind.SUIT],
    ContractKind.NO_TRUMPS: _sums(SANS_ATOUT_VALUES),
    ContractKind.ALL_TRUMPS: _sums(TOUT_ATOUT_VALUES),
}


def _round(rules: FrenchRules, points: int) -> int:
    """5.6: to the nearest ten, units 5–9 up (or exact under `no-rounding`)."""
    if NO_ROUNDING in rules.on:
        return points
    return (points + 5) // 10 * 10


def _check(deal: AnyFrench, kind: ContractKind) -> None:
    rules, on = deal.rules, deal.rules.on
    if deal.contract not in rules.contracts():
        raise BelotError(
            "contract-not-allowed",
            "contract",
            f"{deal.contract} is not played in {rules.game} under these rules",
            value=str(deal.contract),
        )
    allowed = rules.multipliers
    if SURCOINCHE_X3 in on and rules.has_bid:
        allowed = tuple(3 if m == 4 else m for m in allowed)
    if deal.multiplier not in allowed:
        words = ", ".join(str(m) for m in allowed)
        raise BelotError(
            "invalid-multiplier",
            "multiplier",
            f"the multiplier is one of {words}, got {said(deal.multiplier)}",
            value=deal.multiplier,
        )
    if deal.hanging < 0:
        raise BelotError(
            "negative-hanging", "hanging", "hanging points cannot be negative", value=deal.hanging
        )
    if deal.hanging > rules.max_carried:
        raise BelotError(
            "hanging-out-of-range",
            "hanging",
            f"hanging points are at most {rules.max_carried:,}, got {said(deal.hanging)}",
            limit=rules.max_carried,
            value=deal.hanging,
        )
    if deal.hanging and rules.has_bid and LITIGE not in on:
        raise BelotError(
            "hanging-not-allowed",
            "hanging",
            "nothing hangs in coinche unless the table plays litige (house rule)",
        )
    _check_bid(deal)
    total = 0
    for team in TEAMS:
        count = deal.belots[team]
        if count < 0:
            raise BelotError(
                "belots-out-of-range", f"belots.{team}", "a belote count cannot be negative"
            )
        if count and kind is ContractKind.NO_TRUMPS:
            raise BelotError("belots-forbidden", f"belots.{team}", "no trumps has no belote")
        total += count
    limit = rules.max_belots[kind]
    if total > limit:
        raise BelotError(
            "too-many-belots",
            "belots",
            f"this contract has at most {limit} belote{'s' if limit > 1 else ''} in a deal, "
            f"got {said(total)}",
            limit=limit,
            value=total,
        )


def _check_bid(deal: AnyFrench) -> None:
    rules, bid = deal.rules, deal.bid
    if not rules.has_bid:
        return
    if bid is None:
        raise BelotError("missing-field", "bid", "the deal needs the bid")
    low, high, step = rules.bid_range
    generale = GENERALE in rules.on
    if isinstance(bid, int):
        if not (low <= bid <= high and bid % step == 0):
            raise BelotError(
                "bid-out-of-range",
                "bid",
                f"a bid is a multiple of {step} from {low} to {high}, or capot, got {said(bid)}",
                value=bid,
            )
    elif bid != BID_CAPOT and not (generale and bid == BID_GENERALE):
        extra = ", capot or generale" if generale else " or capot"
        raise BelotError(
            "bid-out-of-range",
            "bid",
            f"a bid is a multiple of {step} from {low} to {high}{extra}, got {bid!r}",
            value=bid,
        )
    if deal.generale and (bid != BID_GENERALE or deal.capot is not deal.declarer):
        raise BelotError(
            "invalid-generale",
            "generale",
            "a générale is made only on the bid generale, with a capot by the taker",
        )


def _counted(deal: AnyFrench, kind: ContractKind) -> dict[Team, int]:
    """Each team's counted declarations (6.3): one contest, the strongest team scores all."""
    forms = deal.declarations
    if not forms[US] and not forms[THEM]:
        return {US: 0, THEM: 0}
    rules = deal.rules
    if not (rules.declarations or (ANNONCES in rules.on and not rules.has_bid)):
        raise BelotError(
            "declarations-not-allowed",
            "declarations",
            f"declarations are not played under the rules {rules.name!r}",
        )
    for team in TEAMS:
        decl.check_count(team, len(forms[team]), rules.max_declarations_per_team)
    items = (*forms[US], *forms[THEM])
    if all(type(item) is int for item in items):
        values: dict[Team, tuple[int, ...]] = {US: forms[US], THEM: forms[THEM]}  # type: ignore[dict-item]
        return annonces.counted_values(values)
    if all(type(item) is FrenchCombination for item in items):
        combos: dict[Team, tuple[FrenchCombination, ...]] = {
            US: forms[US],  # type: ignore[dict-item]
            THEM: forms[THEM],  # type: ignore[dict-item]
        }
        return annonces.counted_combinations(combos, kind)
    raise BelotError(
        "mixed-declarations",
        "declarations",
        "give declarations either as point values or as combinations, the same for both teams",
    )


def _totals(
    deal: AnyFrench,
) -> tuple[ContractKind, dict[Team, int], dict[Team, int], dict[Team, int]]:
    """The contract kind, each team's cards, counted declarations and total T (5.3, 6.4)."""
    kind = CONTRACT_KIND[deal.contract]
    _check(deal, kind)
    rules, capot = deal.rules, deal.capot
    cards = trick_piles(
        deal.cards, capot, deal.last_trick, total=rules.deck, reachable=REACHABLE[kind]
    )
    counted = _counted(deal, kind)
    last = capot or deal.last_trick
    bonus = rules.capot_last_trick if capot is not None else rules.last_trick_bonus
    total = {
        team: cards[team]
        + (bonus if team is last else 0)
        + rules.belote_points * deal.belots[team]
        + counted[team]
        for team in TEAMS
    }
    return kind, cards, counted, total


Settled = tuple[Outcome, dict[Team, int], int]
"""The outcome, each team's record of the deal (rounded), and what newly hangs."""


def _settle_belote(deal: AnyFrench, counted: dict[Team, int], total: dict[Team, int]) -> Settled:
    """French belote (5.4): made, inside or litige on the exact totals."""
    rules, taker = deal.rules, deal.declarer
    defence = OTHER[taker]
    d, o = total[taker], total[defence]
    belote = {t: rules.belote_points * deal.belots[t] for t in TEAMS}
    record = {US: 0, THEM: 0}
    if deal.capot is taker or (deal.capot is None and d > o):
        outcome = Outcome.MADE
        record[taker], record[defence] = d, o
        if deal.capot is taker:  # the defence's counted declarations pass to the capot team
            record[taker] += counted[defence]
            record[defence] = belote[defence]
        return outcome, _rounded(rules, record), 0
    if d == o and deal.capot is None and TIE_INSIDE not in rules.on:
        record[defence] = o
        return Outcome.HANGING, _rounded(rules, record), _round(rules, d)
    whole = rules.deck + (
        rules.capot_last_trick if deal.capot is defence else rules.last_trick_bonus
    )
    record[defence] = whole + counted[US] + counted[THEM] + belote[defence]
    record[taker] = belote[taker]
    return Outcome.INSIDE, _rounded(rules, record), 0


def bid_value(rules: FrenchRules, bid: Bid) -> int:
    if bid == BID_CAPOT:
        return rules.capot_bid
    if bid == BID_GENERALE:
        return rules.generale_bid
    assert isinstance(bid, int)
    return bid


def _settle_coinche(deal: AnyFrench, counted: dict[Team, int], total: dict[Team, int]) -> Settled:
    """Coinche (6.4, 6.5) and its switches (4.4)."""
    rules, on, taker = deal.rules, deal.rules.on, deal.declarer
    defence = OTHER[taker]
    assert deal.bid is not None
    bid, m = deal.bid, deal.multiplier
    b = bid_value(rules, bid)
    t_t, t_d = total[taker], total[defence]
    b_t, b_d = (rules.belote_points * deal.belots[team] for team in (taker, defence))
    dc = counted[US] + counted[THEM]
    taker_capot = deal.capot is taker
    reach = t_t - (b_t if BELOTE_NOT_FOR_CONTRACT in on else 0)
    if bid == BID_GENERALE:
        made = deal.generale
    elif bid == BID_CAPOT:
        made = taker_capot
    else:
        made = taker_capot or (reach >= b and t_t > t_d)
    litige = (
        not made and m == 1 and LITIGE in on and isinstance(bid, int)
        and deal.capot is None and reach >= b and t_t == t_d
    )  # fmt: skip
    failure = 162 if FAILURE_162 in on else 160
    after = BELOTE_NOT_MULTIPLIED in on  # belotes added after the multiplier
    record = {US: 0, THEM: 0}

    def times(base: int, belote: int) -> int:
        return base * m + belote if after else (base + belote) * m

    if POINTS_ANNONCES in on:  # the bid is written, not the points
        if litige:
            record[defence] = b_d
            return Outcome.HANGING, _rounded(rules, record), _round(rules, b + b_t)
        if made:
            record[taker], record[defence] = times(b, b_t), b_d
            return Outcome.MADE, _rounded(rules, record), 0
        record[defence], record[taker] = times(b, b_d), b_t
        return Outcome.INSIDE, _rounded(rules, record), 0
    if litige:
        record[defence] = t_d
        return Outcome.HANGING, _rounded(rules, record), _round(rules, t_t + b)
    if not made:
        record[taker] = b_t
        record[defence] = times(failure + b + dc, b_d)
        return Outcome.INSIDE, _rounded(rules, record), 0
    keeps_own = COINCHE_KEEPS_OWN in on and m > 1
    if bid == BID_GENERALE and not keeps_own:
        record[taker], record[defence] = times(b + dc, b_t), b_d
    elif keeps_own:
        record[taker], record[defence] = (t_t + b) * m, t_d
    elif m == 1:
        record[taker], record[defence] = t_t + b, t_d
        if taker_capot:  # the defence's counted declarations pass to the capot team
            record[taker] += counted[defence]
            record[defence] = b_d
    else:
        base = rules.capot_bid if taker_capot else failure
        record[taker], record[defence] = times(base + b + dc, b_t), b_d
    return Outcome.MADE, _rounded(rules, record), 0


def _rounded(rules: FrenchRules, record: dict[Team, int]) -> dict[Team, int]:
    return {team: _round(rules, record[team]) for team in TEAMS}


def score_french(deal: AnyFrench, *, explain: bool = False) -> BelotResult:
    """A French belote or coinche deal, scored: the exact totals, the outcome, the records, and
    the hanging points carried in going to the deal's winner (5.5)."""
    _, cards, counted, total = _totals(deal)
    settle = _settle_coinche if deal.rules.has_bid else _settle_belote
    outcome, record, new_hanging = settle(deal, counted, total)
    score = dict(record)
    taker = deal.declarer
    winner = (
        None if outcome is Outcome.HANGING else taker if outcome is Outcome.MADE else OTHER[taker]
    )
    if winner is not None:
        score[winner] += deal.hanging
    hanging = 0 if winner is not None else deal.hanging + new_hanging
    steps: tuple[Step, ...] = ()
    if explain:
        steps = _steps(deal, cards, counted, total, outcome, record, new_hanging, winner, hanging)
    return BelotResult(total, outcome, score, hanging, winner, deal.capot, steps)


def _steps(
    deal: AnyFrench,
    cards: dict[Team, int],
    counted: dict[Team, int],
    total: dict[Team, int],
    outcome: Outcome,
    record: dict[Team, int],
    new_hanging: int,
    winner: Team | None,
    hanging: int,
) -> tuple[Step, ...]:
    rules, last = deal.rules, deal.capot or deal.last_trick
    bonus = rules.capot_last_trick if deal.capot is not None else rules.last_trick_bonus
    steps = [
        Step(
            "team",
            {
                "team": str(team),
                "cards": cards[team],
                "last_trick": bonus if team is last else 0,
                "belots": deal.belots[team],
                "belot_points": rules.belote_points * deal.belots[team],
                "declarations": counted[team],
                "raw": total[team],
            },
        )
        for team in TEAMS
    ]
    steps.append(
        Step(
            "compare",
            {
                "declarer": str(deal.declarer),
                "declarer_raw": total[deal.declarer],
                "opponents_raw": total[OTHER[deal.declarer]],
                "bid": deal.bid,
                "multiplier": deal.multiplier,
                "outcome": str(outcome),
            },
        )
    )
    steps.append(
        Step("record", {"us": record[US], "them": record[THEM], "new_hanging": new_hanging})
    )
    if deal.hanging:
        steps.append(
            Step(
                "hanging-in",
                {"amount": deal.hanging, "to": winner and str(winner), "hanging": hanging},
            )
        )
    return tuple(steps)


def only_belote(deal: AnyFrench, result: BelotResult, team: Team) -> bool:
    """RULES.md 6.6: the team's only record in this deal was its belote (it was capot, or its
    bid failed), so it does not win the match on this deal."""
    belote = deal.rules.belote_points * deal.belots[team]
    return (
        belote > 0
        and result.winner is not team
        and result.score[team] == _round(deal.rules, belote)
    )
