"""What the calculator is told of a French belote or coinche deal (RULES.md 5.2, 6.2), as a
value: `FrenchDeal` (the careful reader builds it), `FrenchFields` (the same fields as a tuple,
what the fast reader builds), and the fast reader itself."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from belot.core import declarations as decl
from belot.core.french_presets import BID_CAPOT, FrenchRules
from belot.core.types import THEM, US, Contract, Rank, Team

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


def fast_fields(
    data: dict[str, Any], rules: FrenchRules, hanging: int | None = None
) -> FrenchFields:
    """A plainly shaped French deal as `FrenchFields`; KeyError for anything else. `hanging`:
    what a match carries in (the deal then holds play fields only)."""
    if not _READS[rules.has_bid].issuperset(data):
        raise KeyError("field")
    get = data.get
    declarations = get("declarations")
    if declarations and (type(declarations) is not dict or any(declarations.values())):
        raise KeyError("declarations")  # combinations and contests: the careful way
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
