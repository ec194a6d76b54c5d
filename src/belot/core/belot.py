"""Scoring one Bulgarian Belot deal (RULES.md §1)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from belot.core import declarations as decl
from belot.core.cards import DECK_POINTS, REACHABLE_CARD_POINTS, trick_piles
from belot.core.errors import BelotError, said
from belot.core.presets import BelotRules, Bulgarian
from belot.core.results import BelotResult, Step
from belot.core.switches import (
    BORDER_TO_DECLARERS,
    CONTRA_ROUND_FIRST,
    HANGING_TO_MORE,
    NO_TRUMPS_CAPOT_DOUBLED,
    NO_TRUMPS_ROUND_FIRST,
)
from belot.core.types import (
    CONTRACT_KIND,
    OTHER,
    TEAMS,
    THEM,
    US,
    Contract,
    ContractKind,
    Outcome,
    Team,
)

NO_DECLARATIONS: Mapping[Team, decl.Values] = {US: (), THEM: ()}
NO_BELOTS: Mapping[Team, int] = {US: 0, THEM: 0}
_INTS: set[type] = {int, bool}  # bool: as `isinstance(v, int)` always read it
_COMBINATIONS: set[type] = {decl.Combination}


@dataclass(frozen=True, slots=True)
class BelotDeal:
    """What the calculator is told about a deal (RULES.md 1.2).

    `cards` holds card points without the last trick, at normal values, for one team or both;
    with a capot it may be empty, and `last_trick` None. `declarations` is either recognised
    point values or declared combinations, per team, never a mix.
    """

    contract: Contract
    declarer: Team
    last_trick: Team | None
    cards: Mapping[Team, int] = field(default_factory=dict)
    multiplier: int = 1
    capot: Team | None = None
    declarations: Mapping[Team, decl.Values] | Mapping[Team, decl.Combinations] = field(
        default_factory=lambda: NO_DECLARATIONS
    )
    belots: Mapping[Team, int] = field(default_factory=lambda: NO_BELOTS)
    hanging: int = 0
    rules: BelotRules = field(default_factory=Bulgarian)


class BelotFields(NamedTuple):
    """A deal's fields as a plain tuple: `BelotDeal`'s names in its order, for bulk scoring.

    Scoring reads either. A frozen dataclass sets each of its ten fields by a call; a tuple is
    built at once, and the bulk path builds one a deal (`belot.core.plain`).
    """

    contract: Contract
    declarer: Team
    last_trick: Team | None
    cards: Mapping[Team, int]
    multiplier: int
    capot: Team | None
    declarations: Mapping[Team, decl.Values] | Mapping[Team, decl.Combinations]
    belots: Mapping[Team, int]
    hanging: int
    rules: BelotRules


AnyDeal = BelotDeal | BelotFields


def _card_points(deal: AnyDeal, kind: ContractKind) -> dict[Team, int]:
    """Both teams' card points, checked against the deck and the capot."""
    return trick_piles(
        deal.cards,
        deal.capot,
        deal.last_trick,
        total=DECK_POINTS[kind],
        reachable=REACHABLE_CARD_POINTS[kind],
    )


def _check_belots(deal: AnyDeal, kind: ContractKind) -> None:
    total_belots = 0
    for team in TEAMS:
        count = deal.belots[team]
        if count < 0:
            raise BelotError(
                "belots-out-of-range", f"belots.{team}", "a belot count cannot be negative"
            )
        total_belots += count
        if count and kind is ContractKind.NO_TRUMPS:
            raise BelotError("belots-forbidden", f"belots.{team}", "no trumps has no belot")
    limit = deal.rules.max_belots[kind]
    if total_belots > limit:
        raise BelotError(
            "too-many-belots",
            "belots",
            f"this contract has at most {limit} belot{'s' if limit > 1 else ''} in a deal, "
            f"got {said(total_belots)}",
            limit=limit,
            value=total_belots,
        )


def _declaration_points(deal: AnyDeal, kind: ContractKind) -> decl.Resolved:
    forms = deal.declarations
    us, them = forms[US], forms[THEM]
    if kind is ContractKind.NO_TRUMPS:
        for team in TEAMS:
            if forms[team]:
                raise BelotError(
                    "declarations-forbidden",
                    f"declarations.{team}",
                    "no trumps has no declarations",
                )
    b_us, b_them = deal.belots[US], deal.belots[THEM]
    if (b_us or b_them) and not (
        b_us >= 0 and b_them >= 0 and b_us + b_them <= deal.rules.max_belots[kind]
    ):  # the common deal passes without the loop that words each refusal
        _check_belots(deal, kind)
    if not us and not them:
        return decl.NOTHING_DECLARED
    limit = deal.rules.max_declarations_per_team
    for team in TEAMS:
        decl.check_count(team, len(forms[team]), limit)
    items = (*us, *them)
    kinds = set(map(type, items))
    if kinds <= _INTS:
        values: dict[Team, decl.Values] = {US: us, THEM: them}  # type: ignore[dict-item]
        decl.check_values(values)
        return decl.resolve_values(values)
    if kinds == _COMBINATIONS:
        combos: dict[Team, decl.Combinations] = {US: us, THEM: them}  # type: ignore[dict-item]
        decl.check_combinations(combos)
        return decl.resolve_combinations(combos)
    raise BelotError(
        "mixed-declarations",
        "declarations",
        "give declarations either as point values or as combinations, the same for both teams",
    )


def check(deal: AnyDeal) -> None:
    """Refuse what no real deal can produce (RULES.md §3)."""
    if deal.multiplier not in deal.rules.multipliers:
        raise BelotError(
            "invalid-multiplier",
            "multiplier",
            f"the multiplier is {_spoken(deal.rules)}, got {said(deal.multiplier)}",
            value=deal.multiplier,
        )
    hanging = deal.hanging
    if hanging < 0:
        raise BelotError(
            "negative-hanging", "hanging", "hanging points cannot be negative", value=hanging
        )
    limit = deal.rules.max_carried
    if hanging > limit:
        raise BelotError(
            "hanging-out-of-range",
            "hanging",
            f"hanging points are at most {limit:,}, got {said(hanging)}",
            limit=limit,
            value=hanging,
        )


Tally = tuple[dict[Team, int], Outcome, dict[Team, int], int, Team | None]
"""raw, outcome, score, hanging, winner: a result without its object (see `tally`)."""


def tally(deal: AnyDeal) -> Tally:
    """The numbers of `score_belot` without building a result: bulk scoring writes them as JSON
    at once (`belot.core.contract.score`), and one object less a deal shows in its speed."""
    kind, _, _, raw, _, _ = _raw(deal)
    outcome, score, hanging, winner, _, _, _ = _settle(deal, kind, raw)
    return raw, outcome, score, hanging, winner


def score_belot(deal: AnyDeal, *, explain: bool = False) -> BelotResult:
    """Turn a deal into game points: raw points, the comparison, the rounding (RULES.md 1.3-1.6)."""
    kind, cards, resolved, raw, double, last_trick = _raw(deal)
    outcome, score, hanging, winner, whole, whole_rounded, new_hanging = _settle(deal, kind, raw)
    steps: list[Step] = []
    if explain:
        steps = _raw_steps(deal, cards, resolved, raw, double, last_trick)
        steps += _settle_steps(deal, raw, score, winner, outcome, hanging, whole, whole_rounded,
                               new_hanging)  # fmt: skip
    return BelotResult(
        raw=raw,
        outcome=outcome,
        score=score,
        hanging=hanging,
        winner=winner,
        capot=deal.capot,
        steps=tuple(steps),
    )


def _raw(
    deal: AnyDeal,
) -> tuple[ContractKind, dict[Team, int], decl.Resolved, dict[Team, int], int, Team | None]:
    """Each team's raw points (RULES.md 1.3), after every check of the deal (§3)."""
    check(deal)
    rules = deal.rules
    kind = CONTRACT_KIND[deal.contract]
    cards = _card_points(deal, kind)
    resolved = _declaration_points(deal, kind)
    double = 2 if kind is ContractKind.NO_TRUMPS else 1
    capot = deal.capot
    last_trick = capot or deal.last_trick
    bonus, per_belot, capot_bonus = rules.last_trick_bonus, rules.belot_points, rules.capot_bonus
    if double == 2 and capot is not None and NO_TRUMPS_CAPOT_DOUBLED in rules.on:
        capot_bonus *= 2  # house rule: the bonus is doubled with the cards
    points, belots = resolved.points, deal.belots
    us, them = US, THEM
    raw = {
        us: (cards[us] + (bonus if us is last_trick else 0)) * double
        + points[us]
        + per_belot * belots[us]
        + (capot_bonus if us is capot else 0),
        them: (cards[them] + (bonus if them is last_trick else 0)) * double
        + points[them]
        + per_belot * belots[them]
        + (capot_bonus if them is capot else 0),
    }
    return kind, cards, resolved, raw, double, last_trick


def _raw_steps(
    deal: AnyDeal,
    cards: dict[Team, int],
    resolved: decl.Resolved,
    raw: dict[Team, int],
    double: int,
    last_trick: Team | None,
) -> list[Step]:
    """The breakdown of each team's raw points (only when asked for: pages, not bulk)."""
    rules = deal.rules
    steps = []
    for team in TEAMS:
        bonus = rules.last_trick_bonus if team is last_trick else 0
        steps.append(
            Step(
                "team",
                {
                    "team": str(team),
                    "cards": cards[team],
                    "last_trick": bonus,
                    "doubled": double == 2,
                    "card_points": (cards[team] + bonus) * double,
                    "declarations": resolved.points[team],
                    "belots": deal.belots[team],
                    "belot_points": rules.belot_points * deal.belots[team],
                    "capot": raw[team]
                    - (cards[team] + bonus) * double
                    - resolved.points[team]
                    - rules.belot_points * deal.belots[team],
                    "raw": raw[team],
                },
            )
        )
    if any(deal.declarations[t] for t in TEAMS):
        steps.append(
            Step(
                "declarations",
                {
                    "sequences_to": resolved.sequences_to and str(resolved.sequences_to),
                    "carres_to": resolved.carres_to and str(resolved.carres_to),
                    "sequences_cancelled": resolved.sequences_cancelled,
                },
            )
        )
    return steps


def _settle(
    deal: AnyDeal, kind: ContractKind, raw: dict[Team, int]
) -> tuple[Outcome, dict[Team, int], int, Team | None, int, int, int]:
    """Who records what (RULES.md 1.5) and where hanging points go (1.7): the outcome, the
    score, the hanging after, the team that took the hanging points, and the whole deal before
    and after rounding and what newly hangs (for the breakdown). House rules (§4.1) change
    the rounding and who takes the hanging points; with none on, 1.5–1.7 as written."""
    rules = deal.rules
    on = rules.on
    declarer = deal.declarer
    opponents = OTHER[declarer]
    d, o = raw[declarer], raw[opponents]
    multiplier = deal.multiplier
    whole = (d + o) * multiplier
    whole_rounded = (whole + 5) // 10
    if on and multiplier > 1 and CONTRA_ROUND_FIRST in on:
        whole_rounded = (d + o + 5) // 10 * multiplier  # round the deal, then multiply
    score = {US: 0, THEM: 0}
    new_hanging = 0
    winner: Team | None
    if multiplier > 1:
        if d == o:
            outcome, winner, new_hanging = Outcome.HANGING, None, whole_rounded
        else:
            winner = declarer if d > o else opponents
            outcome = Outcome.MADE if winner is declarer else Outcome.INSIDE
            score[winner] = whole_rounded
    elif d > o:
        outcome, winner = Outcome.MADE, declarer
        if on and _switched_made(deal, kind, d, o, score):
            pass
        else:
            score[declarer] = rules.round_own(kind, d, o)
            score[opponents] = rules.round_own(kind, o, d)
    elif d < o:
        outcome, winner = Outcome.INSIDE, opponents
        score[opponents] = whole_rounded
    else:
        outcome, winner = Outcome.HANGING, None
        if on and kind is ContractKind.NO_TRUMPS and NO_TRUMPS_ROUND_FIRST in on:
            declared = _rounded_first(rules, d)
            score[opponents], new_hanging = 2 * (_NO_TRUMPS_TENS - declared), 2 * declared
        else:
            score[opponents], new_hanging = rules.round_halves(kind, d)
    taker = winner
    if on and winner is not None and deal.hanging and HANGING_TO_MORE in on:
        # House rule: the carried points go to the team that writes more; level, they wait.
        us, them = score[US], score[THEM]
        taker = US if us > them else THEM if them > us else None
    if taker is not None:
        score[taker] += deal.hanging
    hanging = deal.hanging + new_hanging if taker is None else 0
    return outcome, score, hanging, taker, whole, whole_rounded, new_hanging


# No trumps: the deck and the last trick, in tens (130 card points).
_NO_TRUMPS_TENS = 13


def _rounded_first(rules: BelotRules, raw: int) -> int:
    """No trumps under `no-trumps-round-first`: a team's exact card points (its doubled raw
    points halved; no trumps has no declarations) rounded half up to tens, before doubling."""
    exact = raw // 2
    return exact // 10 + (1 if exact % 10 >= 5 else 0)


def _switched_made(
    deal: AnyDeal, kind: ContractKind, d: int, o: int, score: dict[Team, int]
) -> bool:
    """A made deal without contra under a rounding house rule: fills `score` and says so, or
    leaves it to 1.6 (False)."""
    rules, on = deal.rules, deal.rules.on
    declarer = deal.declarer
    opponents = OTHER[declarer]
    if kind is ContractKind.NO_TRUMPS:
        if NO_TRUMPS_ROUND_FIRST not in on:
            return False
        capot = _capot_part(deal, d, o)
        declared = _rounded_first(rules, d - capot[declarer])
        score[declarer] = 2 * declared + capot[declarer] // 10
        score[opponents] = 2 * (_NO_TRUMPS_TENS - declared) + capot[opponents] // 10
        return True
    border = rules.rounding[kind].borderline
    if BORDER_TO_DECLARERS in on and d % 10 == border:
        # The declarers round up on the border, the defenders down: whoever has more.
        score[declarer] = d // 10 + 1
        score[opponents] = o // 10
        return True
    return False


def _capot_part(deal: AnyDeal, d: int, o: int) -> dict[Team, int]:
    """The capot bonus inside each team's raw points (no trumps: no declarations, no belot)."""
    part = {US: 0, THEM: 0}
    capot = deal.capot
    if capot is not None:
        rules = deal.rules
        part[capot] = (d if capot is deal.declarer else o) - 2 * (
            DECK_POINTS[ContractKind.NO_TRUMPS] + rules.last_trick_bonus
        )
    return part


def _settle_steps(
    deal: AnyDeal,
    raw: dict[Team, int],
    score: dict[Team, int],
    winner: Team | None,
    outcome: Outcome,
    hanging: int,
    whole: int,
    whole_rounded: int,
    new_hanging: int,
) -> list[Step]:
    declarer = deal.declarer
    d, o = raw[declarer], raw[OTHER[declarer]]
    steps = [
        Step(
            "compare",
            {
                "declarer": str(declarer),
                "declarer_raw": d,
                "opponents_raw": o,
                "outcome": str(outcome),
                "multiplier": deal.multiplier,
            },
        ),
        Step(
            "record",
            {
                "total": d + o,
                "multiplier": deal.multiplier,
                "whole": whole,
                "whole_rounded": whole_rounded,
                "us": score[US] - (deal.hanging if winner is US else 0),
                "them": score[THEM] - (deal.hanging if winner is THEM else 0),
                "new_hanging": new_hanging,
            },
        ),
    ]
    if deal.hanging:
        steps.append(
            Step(
                "hanging-in",
                {"amount": deal.hanging, "to": winner and str(winner), "hanging": hanging},
            )
        )
    return steps


def _spoken(rules: BelotRules) -> str:
    """`1, 2 (contra) or 4 (recontra)`: the preset's multipliers with their names."""
    words = [f"{m} ({rules.multiplier_words[m]})" if m in rules.multiplier_words else str(m)
             for m in rules.multipliers]  # fmt: skip
    return f"{', '.join(words[:-1])} or {words[-1]}"
