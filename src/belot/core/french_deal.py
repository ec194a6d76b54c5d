"""What the calculator is told of a French belote or coinche deal (RULES.md 5.2, 6.2), as a
value: `FrenchDeal` (the careful reader builds it), `FrenchFields` (the same fields as a tuple,
what the fast reader builds), and the fast reader itself."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from belot.core import declarations as decl
from belot.core.cards import REACHABLE_CARD_POINTS
from belot.core.french_presets import BID_CAPOT, FrenchRules
from belot.core.types import OTHER, THEM, US, Contract, ContractKind, Rank, Team

Bid = int | str  # a number, "capot" or "generale"


@dataclass(frozen=True, slots=True)
class FrenchCombination:
    """A declared combination (6.3): a sequence by its top card, or a carré; `trump` breaks a
    tie between two equal sequences."""

    kind: decl.DeclarationKind
    high: Rank
    trump: bool = False


FrenchDeclarations = Mapping[Team, tuple[int, ...]] | Mapping[Team, tuple[FrenchCombination, ...]]
NO_DECLARATIONS: Mapping[Team, tuple[int, ...]] = {US: (), THEM: ()}


@dataclass(frozen=True, slots=True)
class FrenchDeal:
    """What the calculator is told (RULES.md 5.2, 6.2)."""

    contract: Contract
    declarer: Team  # the taker's team (le preneur)
    last_trick: Team | None
    rules: FrenchRules
    cards: Mapping[Team, int] = field(default_factory=dict)
    capot: Team | None = None
    bid: Bid | None = None
    multiplier: int = 1
    generale: bool = False
    declarations: FrenchDeclarations = field(default_factory=lambda: NO_DECLARATIONS)
    belots: Mapping[Team, int] = field(default_factory=lambda: {US: 0, THEM: 0})
    hanging: int = 0


class FrenchFields(NamedTuple):
    """`FrenchDeal`'s fields as a plain tuple, in its order: what the fast reader builds (one
    tuple, no dataclass), and what scoring reads alike."""

    contract: Contract
    declarer: Team
    last_trick: Team | None
    rules: FrenchRules
    cards: Mapping[Team, int]
    capot: Team | None
    bid: Bid | None
    multiplier: int
    generale: bool
    declarations: FrenchDeclarations
    belots: Mapping[Team, int]
    hanging: int


AnyFrench = FrenchDeal | FrenchFields


# The fast reader (as `belot.core.plain` for Belot and Baloot): a plainly shaped deal — known
# fields, names, whole numbers, no declarations, no générale — read by lookups into
# `FrenchFields`; anything else raises KeyError (a lookup that failed), and the careful reader
# reads the deal again and words any refusal. It never decides an answer by itself: what it
# builds is what the careful reader builds.
_READS: dict[bool, frozenset[str]] = {
    False: frozenset({"game", "rules", "contract", "declarer", "multiplier", "cards",
                      "last_trick", "capot", "belots", "hanging", "declarations"}),
    True: frozenset({"game", "rules", "contract", "declarer", "bid", "multiplier", "cards",
                     "last_trick", "capot", "belots", "hanging", "declarations"}),
}  # fmt: skip
_TEAM: dict[Any, Team] = {US.value: US, THEM.value: THEM}
_TEAM_OR_NONE: dict[Any, Team | None] = {**_TEAM, None: None}
_SUIT: dict[Any, Contract] = {c.value: c for c in (Contract.CLUBS, Contract.DIAMONDS,
                                                   Contract.HEARTS, Contract.SPADES)}  # fmt: skip
_NO_BELOTES: Mapping[Team, int] = {US: 0, THEM: 0}


def _plain_points(value: Any) -> dict[Team, int]:
    if type(value) is not dict:
        raise KeyError(value)
    out = {}
    for key, points in value.items():
        if type(points) is not int:
            raise KeyError(key)
        out[_TEAM[key]] = points
    return out


def _no_declarations(value: Any) -> None:
    """None, or empty lists for known teams; KeyError otherwise (the careful reader reads
    declarations and their contest, and words any refusal)."""
    if value is not None and (
        type(value) is not dict
        or not value.keys() <= _TEAM.keys()
        or any(v is not None and (type(v) is not list or v) for v in value.values())
    ):
        raise KeyError("declarations")


def _counted(value: Any, rules: FrenchRules) -> tuple[int, int]:
    """Declarations given as point values, counted as the careful reader counts them
    (`annonces.counted_values`: one team's, 6.3); KeyError for anything it would word."""
    if value is None:
        return 0, 0
    if type(value) is not dict or not value.keys() <= _TEAM.keys():
        raise KeyError("declarations")
    us, them = value.get("us"), value.get("them")
    if (
        not us
        and not them
        and (us is None or type(us) is list)
        and (them is None or type(them) is list)
    ):
        return 0, 0  # the common deal: nothing declared
    given = {}
    for name in ("us", "them"):
        items = value.get(name)
        if items is None:
            items = []
        if type(items) is not list or len(items) > rules.max_declarations_per_team:
            raise KeyError("declarations")
        if any(type(item) is not int for item in items):
            raise KeyError("declarations")  # combinations, or worse: the careful way
        given[_TEAM[name]] = tuple(items)
    if not rules.declarations:
        raise KeyError("declarations")  # not played under these rules: worded carefully
    from belot.core.annonces import counted_values  # it reads this module's combinations

    try:
        counted = counted_values(given)
    except ValueError:
        raise KeyError("declarations") from None
    return counted[US], counted[THEM]


def fast_fields(
    data: dict[str, Any], rules: FrenchRules, hanging: int | None = None
) -> FrenchFields:
    """A plainly shaped French deal as `FrenchFields`; KeyError for anything else. `hanging`:
    what a match carries in (the deal then holds play fields only)."""
    if not _READS[rules.has_bid].issuperset(data):
        raise KeyError("field")
    get = data.get
    _no_declarations(get("declarations"))
    belots = get("belots")
    belots = _NO_BELOTES if belots is None else _plain_points(belots)
    multiplier = get("multiplier", 1)
    if type(multiplier) is not int:
        raise KeyError("multiplier")
    carried = get("hanging", 0) if hanging is None else hanging
    if type(carried) is not int:
        raise KeyError("hanging")
    bid = get("bid")
    if bid is not None and type(bid) is not int and bid != BID_CAPOT:
        raise KeyError("bid")
    cards = get("cards")
    return FrenchFields(
        _SUIT[data["contract"]],
        _TEAM[data["declarer"]],
        _TEAM_OR_NONE[get("last_trick")],
        rules,
        {} if cards is None else _plain_points(cards),
        _TEAM_OR_NONE[get("capot")],
        bid,
        multiplier,
        False,
        NO_DECLARATIONS,
        {US: belots.get(US, 0), THEM: belots.get(THEM, 0)},
        carried,
    )


# The common French deal, scored at once (the bulk path): a preset without house rules, a
# suit, no declarations, no générale, one team's cards or a capot, a legal bid and multiplier.
# Anything else raises KeyError and goes the way above; the numbers are the settlement of
# `belot.core.french` for these rules with every switch off (a test holds them equal).
_REACHABLE_SUIT = REACHABLE_CARD_POINTS[ContractKind.SUIT]
_BIDS: frozenset[Any] = frozenset({*range(80, 250, 10), BID_CAPOT})


def _ten(points: int) -> int:
    return (points + 5) // 10 * 10


def fast_json(data: dict[str, Any], rules: FrenchRules) -> dict[str, Any]:
    """`contract.score` of a common French deal (the same dict); KeyError otherwise."""
    if rules.on or not _READS[rules.has_bid].issuperset(data):
        raise KeyError("rules")
    get = data.get
    c_us, c_them = _counted(get("declarations"), rules)
    hanging = get("hanging")
    if hanging is not None and (type(hanging) is not int or hanging):
        raise KeyError("hanging")
    if _SUIT.get(data["contract"]) is None:
        raise KeyError("contract")
    taker = _TEAM[data["declarer"]]
    defence = THEM if taker is US else US
    multiplier = get("multiplier", 1)
    if type(multiplier) is not int or multiplier not in rules.multipliers:
        raise KeyError("multiplier")
    belots = get("belots")
    b_us = b_them = 0
    if belots is not None:
        if type(belots) is not dict or not belots.keys() <= _TEAM.keys():
            raise KeyError("belots")
        b_us, b_them = belots.get("us", 0), belots.get("them", 0)
        if type(b_us) is not int or type(b_them) is not int or b_us < 0 or b_them < 0:
            raise KeyError("belots")
        if b_us + b_them > 1:
            raise KeyError("belots")
    capot = _TEAM_OR_NONE[get("capot")]
    last = _TEAM_OR_NONE[get("last_trick")]
    cards = get("cards")
    if capot is not None:
        if cards is not None or (last is not None and last is not capot):
            raise KeyError("capot")
        pile = {capot: rules.deck, OTHER[capot]: 0}
        bonus = rules.capot_last_trick
        last = capot
    else:
        if last is None or type(cards) is not dict or len(cards) != 1:
            raise KeyError("cards")
        ((name, points),) = cards.items()
        team = _TEAM[name]
        if type(points) is not int or points not in _REACHABLE_SUIT:
            raise KeyError("cards")
        pile = {team: points, OTHER[team]: rules.deck - points}
        bonus = rules.last_trick_bonus
    belote = {US: 20 * b_us, THEM: 20 * b_them}
    counted = {US: c_us, THEM: c_them}
    dc = c_us + c_them
    total = {t: pile[t] + (bonus if t is last else 0) + belote[t] + counted[t] for t in (US, THEM)}
    t_t, t_d = total[taker], total[defence]
    record = {US: 0, THEM: 0}
    hanging = 0  # a litige's, below; none was carried in
    if rules.has_bid:
        bid = get("bid")
        if (type(bid) is not int and bid != BID_CAPOT) or bid not in _BIDS:
            raise KeyError("bid")
        b = rules.capot_bid if bid == BID_CAPOT else bid
        made = capot is taker or (bid != BID_CAPOT and t_t >= b and t_t > t_d)
        if not made:
            outcome = "inside"
            record[taker] = belote[taker]
            record[defence] = (rules.failure + b + dc + belote[defence]) * multiplier
        elif multiplier == 1:
            outcome = "made"
            record[taker], record[defence] = t_t + b, t_d
            if capot is taker:  # the defence's counted declarations pass to the capot team
                record[taker] += counted[defence]
                record[defence] = belote[defence]
        else:
            outcome = "made"
            base = rules.capot_bid if capot is taker else rules.failure
            record[taker] = (base + b + dc + belote[taker]) * multiplier
            record[defence] = belote[defence]
    else:
        if "bid" in data:
            raise KeyError("bid")
        if capot is taker or (capot is None and t_t > t_d):
            outcome = "made"
            record[taker], record[defence] = t_t, t_d
            if capot is taker:
                record[taker] += counted[defence]
                record[defence] = belote[defence]
        elif capot is None and t_t == t_d:
            outcome = "hanging"
            record[defence] = t_d
            hanging = _ten(t_t)
        else:
            outcome = "inside"
            whole = rules.deck + (rules.capot_last_trick if capot is defence else bonus)
            record[defence] = whole + dc + belote[defence]
            record[taker] = belote[taker]
    return {
        "raw": {"us": total[US], "them": total[THEM]},
        "outcome": outcome,
        "score": {"us": _ten(record[US]), "them": _ten(record[THEM])},
        "hanging": hanging,
    }
