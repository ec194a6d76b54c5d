"""What the calculator is told of a French belote or coinche deal (RULES.md 5.2, 6.2), as a
value: `FrenchDeal` (the careful reader builds it), `FrenchFields` (the same fields as a tuple,
what the fast reader builds), and the fast reader itself; and each French preset's table for
`belot.core.french_lookups`, which scores the common deal by lookups."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from belot.core.annonces import FrenchCombination as FrenchCombination
from belot.core.french_lookups import SUITS
from belot.core.french_lookups import FrenchTable as FrenchTable
from belot.core.french_lookups import numbers as numbers
from belot.core.french_presets import BID_CAPOT, FrenchRules
from belot.core.presets import PRESETS
from belot.core.switches import (
    ANNONCES,
    BELOTE_NOT_FOR_CONTRACT,
    BELOTE_NOT_MULTIPLIED,
    COINCHE_KEEPS_OWN,
    FAILURE_162,
    LITIGE,
    NO_ROUNDING,
    POINTS_ANNONCES,
    SURCOINCHE_X3,
    TIE_INSIDE,
)
from belot.core.types import THEM, US, Contract, ContractKind, Team

Bid = int | str  # a number, "capot" or "generale"

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
_SUIT = SUITS
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


# The switches whose settlement the lookups leave to the careful way.
_CAREFUL_SWITCHES = frozenset({COINCHE_KEEPS_OWN, BELOTE_NOT_FOR_CONTRACT, POINTS_ANNONCES})


def french_table(rules: FrenchRules) -> FrenchTable | None:
    """What a common deal under `rules` needs, read once; None when a switch on changes a
    settlement the lookups leave to the careful way. A switch that changes only what a deal
    may hold (`sans-tout-atout`'s contracts, `generale`'s bid) leaves the lookups theirs: such
    a deal steps aside on its own."""
    on = rules.on
    if not _CAREFUL_SWITCHES.isdisjoint(on):
        return None
    low, high, step = rules.bid_range
    multipliers = rules.multipliers
    if SURCOINCHE_X3 in on and rules.has_bid:
        multipliers = tuple(3 if m == 4 else m for m in multipliers)
    litige = rules.has_bid and LITIGE in on
    return (
        _READS[rules.has_bid],
        rules.has_bid,
        frozenset(range(low, high + 1, step)),
        frozenset(multipliers),
        rules.declarations or (ANNONCES in on and not rules.has_bid),
        rules.max_declarations_per_team,
        rules.max_belots[ContractKind.SUIT],
        # coinche: nothing hangs without litige
        0 if rules.has_bid and not litige else rules.max_carried,
        rules.deck,
        rules.last_trick_bonus,
        rules.capot_last_trick,
        rules.belote_points,
        162 if FAILURE_162 in on else rules.failure,
        rules.capot_bid,
        NO_ROUNDING not in on,
        TIE_INSIDE in on,
        litige,
        BELOTE_NOT_MULTIPLIED in on,
    )


# Each French preset without house rules, turned into its table once.
FRENCH_OF: dict[FrenchRules, FrenchTable] = {}
for _rules in PRESETS.values():
    if isinstance(_rules, FrenchRules) and not _rules.on:
        _table = french_table(_rules)
        assert _table is not None
        FRENCH_OF[_rules] = _table
