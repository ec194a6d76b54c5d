"""The common French deal scored by lookups (issue 24), as `belot.core.plain` scores Belot's:
a preset is turned once into what a deal needs (its `FrenchTable`, `french_deal.french_table`),
and a common deal — a suit, one team's cards or a capot, declarations as one team's values or
as both teams' combinations, a legal bid and multiplier, no générale — is scored with a few
lookups and additions into its numbers. Anything else raises KeyError (or TypeError) and goes
the careful way (`belot.core.french`), which words any refusal; the numbers are its
settlement for these rules (property tests hold them equal)."""

from __future__ import annotations

from typing import Any

from belot.core import annonces
from belot.core import declarations as decl
from belot.core.cards import REACHABLE_CARD_POINTS
from belot.core.errors import BelotError
from belot.core.french_presets import BID_CAPOT
from belot.core.plain_base import DealNumbers, carried_to
from belot.core.types import THEM, US, Contract, ContractKind, Rank

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
FrenchNumbers = DealNumbers  # raw, outcome, score, hanging
SUITS: dict[Any, Contract] = {c.value: c for c in (Contract.CLUBS, Contract.DIAMONDS,
                                                   Contract.HEARTS, Contract.SPADES)}  # fmt: skip
_REACHABLE_SUIT = REACHABLE_CARD_POINTS[ContractKind.SUIT]
_DECLARED = frozenset(decl.DECLARATION_VALUES)
_TEAM_NAMES = frozenset({"us", "them"})
_MADE, _INSIDE, _HANGING = "made", "inside", "hanging"

# A combination as a deal gives it, under a suit: (kind, high, trump).
Key = tuple[Any, Any, bool]
# What the contest (6.3) needs of it: its value, its strength's place among every
# combination's (equal places, equal strengths) and, for a carré, a bit for its rank (twice in
# a deal: refused).
Looked = tuple[int, int, int]


def _lookups() -> dict[Key, Looked]:
    """Every combination the careful way takes under a suit (`decl.check_combinations`), with
    its strength as `annonces.strength` gives it."""
    strengths: dict[Key, annonces.Strength] = {}
    carres: dict[Key, int] = {}
    for kind in decl.DeclarationKind:
        for bit, high in enumerate(Rank):
            for trump in (False, True):
                combo = annonces.FrenchCombination(kind, high, trump)
                try:
                    decl.check_combinations({US: (decl.Combination(kind, high),), THEM: ()})
                except BelotError:
                    continue  # no such combination
                key = (kind.value, high.value, trump)
                strengths[key] = annonces.strength(combo, ContractKind.SUIT)
                carres[key] = 1 << bit if kind is decl.DeclarationKind.CARRE else 0
    place = {s: i for i, s in enumerate(sorted(set(strengths.values())))}
    return {key: (s[0], place[s], carres[key]) for key, s in strengths.items()}


_COMBINATIONS = _lookups()
_NOTHING: list[Any] = []


def _contest(ours: list[Any], theirs: list[Any]) -> tuple[int, int]:
    """Both teams' combinations, one contest (6.3), as `annonces.counted_combinations` counts
    them: (us, them); KeyError (or TypeError) for anything the careful way words."""
    points_us, best_us, carres = _combinations(ours, 0)
    points_them, best_them, carres = _combinations(theirs, carres)
    if best_us > best_them:
        return points_us, 0
    if best_them > best_us:
        return 0, points_them
    return 0, 0  # equal best declarations: neither team scores any


def _combinations(items: list[Any], carres: int) -> tuple[int, int, int]:
    """One team's combinations: their points, the place of the strongest (-1: none) and the
    carrés seen so far with this team's; KeyError (or TypeError) for anything refused."""
    points = 0
    best = -1
    for item in items:
        if type(item) is not dict:
            raise KeyError("declarations")  # values among combinations, or no combination
        trump = item.get("trump", False)
        if type(trump) is not bool or len(item) != 2 + ("trump" in item):
            raise KeyError("declarations")  # a key besides these, or an odd trump
        value, place, carre = _COMBINATIONS[item["kind"], item["high"], trump]
        if carre:
            if carres & carre:
                raise KeyError("declarations")  # a carré twice: refused the careful way
            carres |= carre
        points += value
        if place > best:
            best = place
    return points, best, carres


def _declared(items: list[Any]) -> int:
    """One team's declarations as point values (the other team has none): their sum, as
    `annonces.counted_values` counts them; KeyError for anything it would word."""
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
    if data["contract"] not in SUITS:
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
        if declarations:  # values (one team's) or combinations (both teams'), as 6.3
            if not _TEAM_NAMES.issuperset(declarations):
                raise KeyError("declarations")
            ours, theirs = declarations.get("us"), declarations.get("them")
            if ours:
                if not declares or type(ours) is not list or len(ours) > max_declared:
                    raise KeyError("declarations")  # not played, or refused: the careful way
                if theirs:  # both teams': combinations (values would be refused)
                    if type(theirs) is not list or len(theirs) > max_declared:
                        raise KeyError("declarations")
                    counted_us, counted_them = _contest(ours, theirs)
                elif theirs is not None and type(theirs) is not list:
                    raise KeyError("declarations")
                elif type(ours[0]) is int:
                    counted_us = _declared(ours)
                else:
                    counted_us, counted_them = _contest(ours, _NOTHING)
            elif theirs:
                if not declares or type(theirs) is not list or len(theirs) > max_declared:
                    raise KeyError("declarations")
                if ours is not None and type(ours) is not list:
                    raise KeyError("declarations")
                if type(theirs[0]) is int:
                    counted_them = _declared(theirs)
                else:
                    counted_us, counted_them = _contest(_NOTHING, theirs)
            elif (ours is not None and type(ours) is not list) or (
                theirs is not None and type(theirs) is not list
            ):
                raise KeyError("declarations")
            us += counted_us
            them += counted_them
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
    taker = 1 if outcome is _MADE else 2 if outcome is _INSIDE else 0
    return carried_to(taker, declarer, (us, them), outcome, score_d, score_o, carried, new)
