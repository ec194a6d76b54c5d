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
from belot.core.types import THEM, US, Contract, ContractKind, Rank, Team

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


# The common French deal, scored by lookups (issue 24), as `belot.core.plain` scores Belot's:
# a preset without house rules is turned once, at import, into what a deal needs (its
# `FrenchTable`), and a common deal — a suit, one team's cards or a capot, one team's
# declarations as values, a legal bid and multiplier, no générale — is scored with a few
# lookups and additions into its numbers. Anything else raises KeyError (or TypeError) and goes
# the way above; the numbers are the settlement of `belot.core.french` for these rules with
# every switch off (property tests hold them equal).

# A French preset (its house rules too): the fields a deal may hold, whether it has a bid, the
# numeric bids, the multipliers, whether declarations are played, at most how many a team, the
# most belotes, the hanging points a deal may carry in, the deck, the last trick and a capot's,
# a belote's points, the failure, a capot bid's value; and the house rules the settlement
# reads (RULES 4.3, 4.4): records rounded (not `no-rounding`), `tie-inside`, `litige`,
# `belote-not-multiplied`.
FrenchTable = tuple[
    frozenset[str], bool, frozenset[int], frozenset[int], bool, int, int, int,
    int, int, int, int, int, int, bool, bool, bool, bool,
]  # fmt: skip
# The switches whose settlement the lookups leave to the careful way.
_CAREFUL_SWITCHES = frozenset({COINCHE_KEEPS_OWN, BELOTE_NOT_FOR_CONTRACT, POINTS_ANNONCES})
FrenchNumbers = tuple[int, int, str, int, int, int]  # raw, outcome, score, hanging
_REACHABLE_SUIT = REACHABLE_CARD_POINTS[ContractKind.SUIT]
_DECLARED = frozenset(decl.DECLARATION_VALUES)
_TEAM_NAMES = frozenset({"us", "them"})
_MADE, _INSIDE, _HANGING = "made", "inside", "hanging"


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


def _declared(items: Any, limit: int) -> int:
    """One team's declarations as point values (the other team has none): their sum, as
    `annonces.counted_values` counts them; KeyError for anything it would word."""
    if type(items) is not list or len(items) > limit:
        raise KeyError("declarations")
    points = 0
    for value in items:
        if type(value) is not int or value not in _DECLARED:
            raise KeyError("declarations")  # combinations, or a refusal: the careful way
        points += value
    if len(items) > 1 and (items.count(150) > 1 or items.count(200) > 1):
        raise KeyError("declarations")  # a carré of 9s or Js twice: refused the careful way
    return points


def numbers(data: dict[str, Any], table: FrenchTable) -> FrenchNumbers:
    """A common French deal's result as its numbers (raw us, raw them, outcome, score us,
    score them, hanging); KeyError (or TypeError) for anything else."""
    (reads, has_bid, bids, multipliers, declares, max_declared, max_belotes, max_carried, deck,
     bonus, capot_bonus, per_belote, failure, capot_bid, rounding, tie_inside, litige,
     after) = table  # fmt: skip
    if not reads.issuperset(data):
        raise KeyError("field")
    get = data.get
    if data["contract"] not in _SUIT:
        raise KeyError("contract")
    declarer = data["declarer"]
    if declarer != "us" and declarer != "them":
        raise KeyError("declarer")
    # Each value is checked before it is kept in a typed name (whole numbers for the compiled
    # core: no boxed arithmetic below).
    multiplier = 1
    given = get("multiplier")
    if given is not None:
        if type(given) is not int or given not in multipliers:
            raise KeyError("multiplier")
        multiplier = given
    carried = 0
    given = get("hanging")
    if given is not None:
        if type(given) is not int or not 0 <= given <= max_carried:
            raise KeyError("hanging")
        carried = given
    us: int
    them: int
    capot = get("capot")
    last = get("last_trick")
    if capot is None:
        cards = get("cards")
        if type(cards) is not dict or len(cards) != 1:
            raise KeyError("cards")
        given = cards.get("us")
        if given is None:
            given = cards["them"]
            if type(given) is not int or given not in _REACHABLE_SUIT:
                raise KeyError("cards")
            them = given
            us = deck - them
        elif type(given) is not int or given not in _REACHABLE_SUIT:
            raise KeyError("cards")
        else:
            us = given
            them = deck - us
        if last == "us":
            us += bonus
        elif last == "them":
            them += bonus
        else:
            raise KeyError("last_trick")
    elif capot == "us":
        if get("cards") is not None or (last is not None and last != "us"):
            raise KeyError("capot")
        us, them = deck + capot_bonus, 0
    elif capot == "them":
        if get("cards") is not None or (last is not None and last != "them"):
            raise KeyError("capot")
        us, them = 0, deck + capot_bonus
    else:
        raise KeyError("capot")
    belote_us = belote_them = 0
    belots = get("belots")
    if belots is not None:
        if type(belots) is not dict:
            raise KeyError("belots")
        if belots:
            if not _TEAM_NAMES.issuperset(belots):
                raise KeyError("belots")
            given, given_them = belots.get("us", 0), belots.get("them", 0)
            if type(given) is not int or type(given_them) is not int:
                raise KeyError("belots")
            b_us: int = given
            b_them: int = given_them
            if b_us < 0 or b_them < 0 or b_us + b_them > max_belotes:
                raise KeyError("belots")
            belote_us, belote_them = per_belote * b_us, per_belote * b_them
            us += belote_us
            them += belote_them
    counted_us = counted_them = 0
    declarations = get("declarations")
    if declarations is not None:
        if type(declarations) is not dict:
            raise KeyError("declarations")
        if declarations:
            if not _TEAM_NAMES.issuperset(declarations):
                raise KeyError("declarations")
            ours, theirs = declarations.get("us"), declarations.get("them")
            if ours:
                if theirs or not declares:
                    raise KeyError("declarations")  # both teams, or not played: careful way
                counted_us = _declared(ours, max_declared)
                us += counted_us
            elif ours is not None and type(ours) is not list:
                raise KeyError("declarations")
            if theirs:
                if not declares:
                    raise KeyError("declarations")
                counted_them = _declared(theirs, max_declared)
                them += counted_them
            elif theirs is not None and type(theirs) is not list:
                raise KeyError("declarations")
    if declarer == "us":
        d, o, belote_d, belote_o, counted_o = us, them, belote_us, belote_them, counted_them
    else:
        d, o, belote_d, belote_o, counted_o = them, us, belote_them, belote_us, counted_us
    taker_capot = capot == declarer
    new = 0
    if has_bid:
        bid: int
        given = get("bid")
        numeric = type(given) is int
        if numeric:
            if given not in bids:
                raise KeyError("bid")
            bid = given
            made = taker_capot or (d >= bid and d > o)
        elif given == BID_CAPOT:
            bid = capot_bid
            made = taker_capot
        else:
            raise KeyError("bid")
        dc = counted_us + counted_them
        if (
            litige and not made and multiplier == 1 and numeric and capot is None
            and d >= bid and d == o
        ):  # fmt: skip
            # house rule litige: the defence records its own, the taker's total and bid hang
            outcome, record_d, record_o = _HANGING, 0, o
            new = d + bid
        elif not made:
            outcome, record_d = _INSIDE, belote_d
            if after:  # house rule belote-not-multiplied: the belote after the multiplier
                record_o = (failure + bid + dc) * multiplier + belote_o
            else:
                record_o = (failure + bid + dc + belote_o) * multiplier
        elif multiplier == 1:
            outcome = _MADE
            if taker_capot:  # the defence's counted declarations pass to the capot team
                record_d, record_o = d + bid + counted_o, belote_o
            else:
                record_d, record_o = d + bid, o
        else:
            outcome, record_o = _MADE, belote_o
            base = capot_bid if taker_capot else failure
            if after:
                record_d = (base + bid + dc) * multiplier + belote_d
            else:
                record_d = (base + bid + dc + belote_d) * multiplier
    elif taker_capot:  # French belote ("bid" is no field of it)
        outcome, record_d, record_o = _MADE, d + counted_o, belote_o
    elif capot is None and d > o:
        outcome, record_d, record_o = _MADE, d, o
    elif capot is None and d == o and not tie_inside:
        outcome, record_d, record_o = _HANGING, 0, o
        new = d
    else:
        outcome, record_d = _INSIDE, belote_d
        whole = deck + (bonus if capot is None else capot_bonus)
        record_o = whole + counted_us + counted_them + belote_o
    if rounding:  # 5.6: to the nearest ten
        score_d = (record_d + 5) // 10 * 10
        score_o = (record_o + 5) // 10 * 10
        new = (new + 5) // 10 * 10
    else:
        score_d, score_o = record_d, record_o
    if outcome is _MADE:
        score_d += carried
        carried = 0
    elif outcome is _INSIDE:
        score_o += carried
        carried = 0
    else:
        carried += new
    if declarer == "us":
        return us, them, outcome, score_d, score_o, carried
    return us, them, outcome, score_o, score_d, carried


# Each French preset without house rules, turned into its table once.
FRENCH_OF: dict[FrenchRules, FrenchTable] = {}
for _rules in PRESETS.values():
    if isinstance(_rules, FrenchRules) and not _rules.on:
        _table = french_table(_rules)
        assert _table is not None
        FRENCH_OF[_rules] = _table
