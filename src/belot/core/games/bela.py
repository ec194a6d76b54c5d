"""Croatian bela (RULES.md §7): game `bela`, preset `hr`, to 1001 in exact points.

The caller ("zvao") must have strictly more than the other team or falls ("pad") and the
other team takes the whole deal; all eight tricks ("štiglja") add 90 and take the whole deal;
declarations ("zvanja") are one contest; bela (K+Q of trump) always belongs to its team; an
eight-card suit wins the match at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from belot.core import annonces
from belot.core import declarations as decl
from belot.core.declarations import ONCE, DeclarationKind
from belot.core.errors import BelotError, said
from belot.core.fields import TEAM_NAMES, DealField, Shape
from belot.core.games.card_game import CardGame
from belot.core.games.exact import (
    TEAM_OF,
    breakdown,
    play_fields,
    quick_piles,
    read_play,
    result,
    suit_trumps,
)
from belot.core.plain import NotPlain
from belot.core.read import (
    JSON,
    choice,
    lists_per_team,
    only_keys,
    points_per_team,
    rank,
    team_or_none,
    whole,
)
from belot.core.results import Step
from belot.core.rules_base import Rules
from belot.core.switches import Switch
from belot.core.types import OTHER, TEAMS, THEM, US, Rank, Team, declare_game

BELA: Final = declare_game("bela")

# House rules (RULES.md 7.9), all off in `hr`.
TIE_HANGS: Final = "tie-hangs"
BELA_ALWAYS_COUNTS: Final = "bela-always-counts"
STIGLJA_100: Final = "stiglja-100"
STIGLJA_NO_TRANSFER: Final = "stiglja-no-transfer"
FOUR_ACES_150: Final = "four-aces-150"

SWITCHES: tuple[Switch, ...] = (
    Switch(TIE_HANGS, BELA, "A tie (81 : 81): the caller's points hang for the next deal "
           "instead of a fall."),
    Switch(BELA_ALWAYS_COUNTS, BELA, "A bela always stays with its team, even when the caller "
           "falls or the other team takes every trick."),
    Switch(STIGLJA_100, BELA, "All eight tricks (štiglja) are worth 100, not 90 (262)."),
    Switch(STIGLJA_NO_TRANSFER, BELA, "Štiglja adds its bonus only: the other team keeps its "
           "own declarations and bela."),
    Switch(FOUR_ACES_150, BELA, "Four aces are worth 150."),
)  # fmt: skip


class Croatian(Rules):
    """Preset `hr`: the common Croatian reading (RULES.md §7), every switch off."""

    name = "hr"
    game = BELA
    title = "Croatian bela"
    summary = "Exact points to 1001; a fall gives the whole deal, štiglja +90."
    line = "Croatian bela: exact points, to 1001; the caller falls on a tie."
    target = 1001
    max_carried = 100_000
    stiglja: ClassVar[int] = 90
    max_declarations_per_team: ClassVar[int] = 6  # three a hand of eight cards

    def pile_total(self, deal: Any) -> int:
        return 152

    def trumps(self, contract: str | None, trump: str | None = None) -> tuple[str, ...] | None:
        return suit_trumps(contract, trump)


_MIN_LENGTH = {DeclarationKind.TIERCE: 3, DeclarationKind.QUARTE: 4, DeclarationKind.QUINT: 5}
_RUN_VALUE = {3: 20, 4: 50, 5: 100, 6: 100, 7: 100}
_CARRE_VALUE: dict[Rank, int] = {Rank.JACK: 200, Rank.NINE: 150, Rank.ACE: 100, Rank.TEN: 100,
                                 Rank.KING: 100, Rank.QUEEN: 100}  # fmt: skip
VALUES = (20, 50, 100, 150, 200)


@dataclass(frozen=True, slots=True, order=True)
class Strength:
    """What decides the contest (7.3), compared in this order."""

    value: int
    cards: int
    top: int
    trump: bool


def _zvanje(item: dict[str, JSON], where: str, rules: Rules) -> Strength:
    """One combination `{kind, high, length?, trump?}` as its value and strength."""
    only_keys(item, where, frozenset({"kind", "high", "length", "trump"}))
    if "kind" not in item or "high" not in item:
        raise BelotError("missing-field", where, "a combination needs its kind and its high card")
    kind = choice(DeclarationKind, item["kind"], f"{where}.kind", "unknown-declaration")
    high = rank(item["high"], f"{where}.high")
    trump = item.get("trump", False)
    if type(trump) is not bool:
        raise BelotError("wrong-type", f"{where}.trump", f"{where}.trump must be true or false")
    if kind is DeclarationKind.CARRE:
        if "length" in item:
            raise BelotError("field-not-allowed", f"{where}.length", "a carré has no length")
        if high not in _CARRE_VALUE:
            raise BelotError(
                "impossible-combination",
                f"{where}.high",
                f"there is no declaration of four {high.symbol}s; four of a kind are of J, 9, "
                "A, 10, K or Q",
                kind=str(kind),
                high=high.symbol,
            )
        value = 150 if high is Rank.ACE and FOUR_ACES_150 in rules.on else _CARRE_VALUE[high]
        return Strength(value, 4, high.order, False)
    least = _MIN_LENGTH[kind]
    length = whole(item.get("length", least), f"{where}.length")
    if length != least and not (kind is DeclarationKind.QUINT and 5 <= length <= 7):
        said_as = "5, 6 or 7" if kind is DeclarationKind.QUINT else str(least)
        raise BelotError(
            "impossible-combination",
            f"{where}.length",
            f"a {kind} is a run of {said_as} cards, got {said(length)}",
            kind=str(kind),
        )
    if high.order < length - 1:  # a run of `length` ends at least on the `length`-th card
        lowest = Rank.from_symbol(("7", "8", "9", "10", "J", "Q", "K", "A")[length - 1])
        raise BelotError(
            "impossible-combination",
            f"{where}.high",
            f"a run of {length} cannot end on {high.symbol}; its top card is at least "
            f"{lowest.symbol}",
            kind=str(kind),
            high=high.symbol,
            lowest=lowest.symbol,
        )
    return Strength(_RUN_VALUE[length], length, high.order, trump)


def _counted(data: dict[str, JSON], rules: Rules) -> dict[Team, int]:
    """Each team's counted declarations (7.3): one contest, the strongest team scores all."""
    lists = lists_per_team(data.get("declarations"), "declarations")
    for team in TEAMS:
        decl.check_count(team, len(lists[team]), Croatian.max_declarations_per_team)
    items = [*lists[US], *lists[THEM]]
    if all(type(item) is int for item in items):
        return _counted_values(lists, rules)
    if not all(isinstance(item, dict) for item in items):
        for team in TEAMS:
            for i, item in enumerate(lists[team]):
                if type(item) is not int and not isinstance(item, dict):
                    raise BelotError(
                        "wrong-type",
                        f"declarations.{team}.{i}",
                        "a declaration is a point value or a combination",
                    )
        raise BelotError(
            "mixed-declarations",
            "declarations",
            "give declarations either as point values or as combinations, the same for both teams",
        )
    points = {US: 0, THEM: 0}
    best: dict[Team, Strength | None] = {US: None, THEM: None}
    carres: set[int] = set()
    for team in TEAMS:
        for i, item in enumerate(lists[team]):
            where = f"declarations.{team}.{i}"
            strength = _zvanje(item, where, rules)
            if strength.cards == 4 and item["kind"] == DeclarationKind.CARRE.value:
                if strength.top in carres:
                    raise BelotError(
                        "duplicate-carre",
                        f"{where}.high",
                        f"four {item['high']}s are declared twice; there are only four",
                    )
                carres.add(strength.top)
            points[team] += strength.value
            top = best[team]
            if top is None or strength > top:
                best[team] = strength
    winner = _contest(best[US], best[THEM], data)
    return {team: points[team] if team is winner else 0 for team in TEAMS}


def _contest(us: Strength | None, them: Strength | None, data: dict[str, JSON]) -> Team | None:
    if us is None and them is None:
        return None
    if them is None or (us is not None and us > them):
        return US
    if us is None or them > us:
        return THEM
    first = team_or_none(data.get("declarations_first"), "declarations_first")
    if first is None:
        raise BelotError(
            "declarations-tie",
            "declarations_first",
            "both teams' best declarations are equal: say which team plays first after the dealer",
        )
    return first


# Four jacks (200) and four nines (150) exist once a deal; four aces are a second 150 under
# `four-aces-150`.
_TWO_AT_150: Mapping[int, int] = {150: 2, 200: 1}


def _counted_values(lists: dict[Team, list[JSON]], rules: Rules) -> dict[Team, int]:
    """Declarations given as values: one team's count (7.3), as the French games read them."""
    values = {team: tuple(lists[team]) for team in TEAMS}
    return annonces.counted_values(values, _TWO_AT_150 if FOUR_ACES_150 in rules.on else ONCE)


def _belas(data: dict[str, JSON]) -> dict[Team, int]:
    given = points_per_team(data["belots"], "belots") if data.get("belots") is not None else {}
    belas = {team: given.get(team, 0) for team in TEAMS}
    for team in TEAMS:
        if belas[team] < 0:
            raise BelotError("belots-out-of-range", f"belots.{team}", "a bela count cannot be "
                             "negative")  # fmt: skip
    if belas[US] + belas[THEM] > 1:
        raise BelotError(
            "too-many-belots",
            "belots",
            f"a deal has at most one bela, got {said(belas[US] + belas[THEM])}",
            limit=1,
            value=belas[US] + belas[THEM],
        )
    return belas


def _hanging(data: dict[str, JSON], rules: Rules) -> int:
    hanging = whole(data["hanging"], "hanging") if data.get("hanging") is not None else 0
    if hanging < 0:
        raise BelotError("negative-hanging", "hanging", "hanging points cannot be negative",
                         value=hanging)  # fmt: skip
    if hanging > rules.max_carried:
        raise BelotError(
            "hanging-out-of-range",
            "hanging",
            f"hanging points are at most {rules.max_carried:,}, got {said(hanging)}",
            limit=rules.max_carried,
            value=hanging,
        )
    if hanging and TIE_HANGS not in rules.on:
        raise BelotError(
            "hanging-not-allowed",
            "hanging",
            "nothing hangs in bela unless the table plays tie-hangs (house rule)",
        )
    return hanging


def _settle(
    on: frozenset[str],
    caller: Team,
    capot: Team | None,
    raw: dict[Team, int],
    belas: dict[Team, int],
    hanging: int,
) -> tuple[str, dict[Team, int], int]:
    """7.5-7.7: the outcome, what each team writes (the hanging points carried in to the
    deal's winner) and what hangs after the deal."""
    other = OTHER[caller]
    whole_deal = raw[US] + raw[THEM]
    if capot is not None and STIGLJA_NO_TRANSFER not in on:  # 7.6: it takes the whole deal
        winner = capot
        kept = 20 * belas[OTHER[capot]] if BELA_ALWAYS_COUNTS in on else 0
        score = {capot: whole_deal - kept, OTHER[capot]: kept}
        outcome = "made" if capot is caller else "inside"
    elif raw[caller] > raw[other]:
        winner, outcome, score = caller, "made", dict(raw)
    elif raw[caller] == raw[other] and TIE_HANGS in on:  # 7.7: visi
        return "hanging", {caller: 0, other: raw[other]}, hanging + raw[caller]
    else:  # 7.5: a fall ("pad"), a tie included
        winner, outcome = other, "inside"
        kept = 20 * belas[caller] if BELA_ALWAYS_COUNTS in on else 0
        score = {caller: kept, winner: whole_deal - kept}
    score[winner] += hanging
    return outcome, score, 0


# The common deal (`Bela.quick`): these fields, declarations as values, no switch on.
_QUICK_FIELDS = frozenset(
    {"game", "rules", "contract", "declarer", "multiplier", "cards", "last_trick",
     "declarations", "belots"}
)  # fmt: skip
_QUICK_VALUES = frozenset({20, 50, 100})  # the carrés of 150 and 200 are checked the careful way


def _quick_counts(given: JSON, allowed: frozenset[int], limit: int) -> dict[Team, list[int]]:
    """`{"us": [20, 50]}` or `{"us": 1}`-shaped per-team values of the common deal: known
    teams, whole numbers in `allowed`, at most `limit` a team; `NotPlain` otherwise."""
    out: dict[Team, list[int]] = {US: [], THEM: []}
    if given is None:
        return out
    if type(given) is not dict:
        raise NotPlain
    for name, items in given.items():
        if type(items) is not list or len(items) > limit:
            raise NotPlain
        for item in items:
            if type(item) is not int or item not in allowed:
                raise NotPlain
        out[TEAM_OF[name]] = items
    return out


class Bela(CardGame):
    """Croatian bela as a game of the family."""

    game = BELA
    title = "Croatian bela"
    language = "hr"
    path = "/bela"
    family = "exact"
    short = "Bela"
    calculator = "Bela calculator"
    team_names: ClassVar[dict[str, str]] = {"us": "Mi", "them": "Vi"}
    presets: ClassVar[tuple[Rules, ...]] = (Croatian(),)
    switches = SWITCHES
    carries = "hanging"
    target_bounds = (100, 10_000)

    @classmethod
    def fields(cls) -> tuple[DealField, ...]:
        return (
            *play_fields(BELA, capot="the team that took all eight tricks (štiglja)",
                         declarer="the calling team"),
            DealField("declarations", Shape.DECLARATIONS, VALUES, option="decl",
                      trump_flag=True, length_flag=True,
                      description="per team: point values (one team), or combinations "
                                  "{kind, high, length, trump}"),
            DealField("declarations_first", Shape.TEAM_OR_NONE, TEAM_NAMES,
                      description="the team first in play after the dealer (equal "
                                  "declarations)"),
            DealField("belots", Shape.COUNT_PER_TEAM, minimum=0, maximum=1,
                      description="bela (K+Q of trump), at most one in a deal", option="belot"),
            DealField("full_sequence", Shape.TEAM_OR_NONE, TEAM_NAMES,
                      description="the team holding all eight cards of a suit: it wins the "
                                  "match"),
            DealField("hanging", Shape.NUMBER, minimum=0, maximum=Croatian.max_carried,
                      default=0, supplied_by_match=True,
                      description="points hanging from an earlier tie (tie-hangs)"),
        )  # fmt: skip

    @classmethod
    def quick(cls, deal: dict[str, JSON]) -> dict[str, JSON]:
        if not _QUICK_FIELDS.issuperset(deal):
            raise NotPlain
        rules = _PLAIN_PRESETS[deal.get("rules")]
        caller = TEAM_OF[deal["declarer"]]
        raw = quick_piles(deal)
        declared = _quick_counts(deal.get("declarations"), _QUICK_VALUES, 6)
        if declared[US] and declared[THEM]:
            raise NotPlain  # refused the careful way
        given = deal.get("belots")
        belas = {US: 0, THEM: 0}
        if given is not None:
            if type(given) is not dict:
                raise NotPlain
            for name, count in given.items():
                if type(count) is not int or count not in (0, 1):
                    raise NotPlain
                belas[TEAM_OF[name]] = count
            if belas[US] + belas[THEM] > 1:
                raise NotPlain
        for team in TEAMS:
            raw[team] += sum(declared[team]) + 20 * belas[team]
        outcome, score, _ = _settle(rules.on, caller, None, raw, belas, 0)
        return result(raw, outcome, score)

    @classmethod
    def explain(
        cls, deal: dict[str, JSON], rules: Rules, steps: list[Step] | None = None
    ) -> dict[str, JSON]:
        on = rules.on
        play = read_play(deal, rules)
        counted = _counted(deal, rules)
        belas = _belas(deal)
        full_sequence = team_or_none(deal.get("full_sequence"), "full_sequence")
        hanging = _hanging(deal, rules)
        caller, capot, other = play.declarer, play.capot, OTHER[play.declarer]
        bonus = {t: 0 for t in TEAMS}
        if capot is not None:
            bonus[capot] = 100 if STIGLJA_100 in on else Croatian.stiglja
        raw = {t: play.taken(t) + counted[t] + 20 * belas[t] + bonus[t] for t in TEAMS}
        outcome, score, hanging_out = _settle(on, caller, capot, raw, belas, hanging)
        compared = None if capot is not None and STIGLJA_NO_TRANSFER not in on else (
            raw[caller], raw[other])  # fmt: skip
        breakdown(steps, play, raw, outcome, score, hanging_in=hanging, hanging_out=hanging_out,
                compared=compared, declarations=counted, belots=belas,
                belot_points={t: 20 * belas[t] for t in TEAMS}, capot=bonus)  # fmt: skip
        out = result(raw, outcome, score, hanging_out)
        if full_sequence is not None:  # 7.3: it scores nothing and wins the match for its team
            out["match_winner"] = full_sequence.value
            if steps is not None:
                steps.append(Step("full-sequence", {"team": full_sequence.value}))
        return out


INFO = Bela.register()
# The presets the common deal may name (no switch on), by how a deal names them.
_PLAIN_PRESETS: dict[JSON, Rules] = {None: Bela.presets[0]} | {p.name: p for p in Bela.presets}
