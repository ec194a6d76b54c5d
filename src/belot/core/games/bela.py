"""Croatian bela (RULES.md §7): game `bela`, preset `hr`, to 1001 in exact points.

The caller ("zvao") must have strictly more than the other team or falls ("pad") and the
other team takes the whole deal; all eight tricks ("štiglja") add 90 and take the whole deal;
declarations ("zvanja") are one contest; bela (K+Q of trump) always belongs to its team; an
eight-card suit wins the match at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Final

from belot.core.errors import BelotError, said
from belot.core.fields import TEAM_NAMES, DealField, Shape
from belot.core.games.bela_zvanja import (
    FOUR_ACES_150,
    MOST_PER_TEAM,
    VALUES,
    counted,
    quick_counted,
)
from belot.core.games.card_game import CardGame
from belot.core.games.exact import (
    TEAM_OF,
    breakdown,
    play_fields,
    quick_play,
    quick_rules,
    read_play,
    result,
    suit_trumps,
)
from belot.core.plain import NotPlain
from belot.core.read import JSON, points_per_team, team_or_none, whole
from belot.core.results import Step
from belot.core.rules_base import Rules
from belot.core.switches import Switch
from belot.core.types import OTHER, TEAMS, THEM, US, Team, declare_game

BELA: Final = declare_game("bela")

# House rules (RULES.md 7.9), all off in `hr`.
TIE_HANGS: Final = "tie-hangs"
BELA_ALWAYS_COUNTS: Final = "bela-always-counts"
STIGLJA_100: Final = "stiglja-100"
STIGLJA_NO_TRANSFER: Final = "stiglja-no-transfer"

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
    max_declarations_per_team: ClassVar[int] = MOST_PER_TEAM

    def pile_total(self, deal: Any) -> int:
        return 152

    def trumps(self, contract: str | None, trump: str | None = None) -> tuple[str, ...] | None:
        return suit_trumps(contract, trump)


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
    belas: Mapping[Team, int],
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


# What `Bela.quick` reads: every field but `full_sequence` (it ends the match: the careful way).
_QUICK_FIELDS = frozenset(
    {"game", "rules", "contract", "declarer", "multiplier", "cards", "last_trick", "capot",
     "declarations", "declarations_first", "belots", "hanging"}
)  # fmt: skip


_NO_BELA: Mapping[Team, int] = MappingProxyType({US: 0, THEM: 0})


def _quick_belas(given: JSON) -> Mapping[Team, int]:
    """`_belas` by lookups: at most one bela, `NotPlain` otherwise."""
    if given is None:
        return _NO_BELA
    belas = {US: 0, THEM: 0}
    if type(given) is not dict:
        raise NotPlain
    for name, count in given.items():
        if type(count) is not int or count not in (0, 1):
            raise NotPlain
        belas[TEAM_OF[name]] = count
    if belas[US] + belas[THEM] > 1:
        raise NotPlain
    return belas


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
        """A deal as tables enter it, by lookups: under a preset or house rules; `NotPlain`
        (KeyError, TypeError) for anything the careful way words or rarely sees."""
        if not _QUICK_FIELDS.issuperset(deal):
            raise NotPlain
        given = deal.get("rules")
        rules = _PRESETS[given] if type(given) is not dict else quick_rules(BELA, given)
        on = rules.on
        raw, capot = quick_play(deal)
        us, them = quick_counted(deal, on)
        belas = _quick_belas(deal.get("belots"))
        hanging = deal.get("hanging")
        if hanging is None:
            hanging = 0
        elif type(hanging) is not int or not 0 <= hanging <= rules.max_carried:
            raise NotPlain
        if hanging and TIE_HANGS not in on:
            raise NotPlain
        raw[US] += us + 20 * belas[US]
        raw[THEM] += them + 20 * belas[THEM]
        if capot is not None:
            raw[capot] += 100 if STIGLJA_100 in on else Croatian.stiglja
        caller = TEAM_OF[deal["declarer"]]
        outcome, score, hanging_out = _settle(on, caller, capot, raw, belas, hanging)
        return result(raw, outcome, score, hanging_out)

    @classmethod
    def explain(
        cls, deal: dict[str, JSON], rules: Rules, steps: list[Step] | None = None
    ) -> dict[str, JSON]:
        on = rules.on
        play = read_play(deal, rules)
        declared = counted(deal, on)
        belas = _belas(deal)
        full_sequence = team_or_none(deal.get("full_sequence"), "full_sequence")
        hanging = _hanging(deal, rules)
        caller, capot, other = play.declarer, play.capot, OTHER[play.declarer]
        bonus = {t: 0 for t in TEAMS}
        if capot is not None:
            bonus[capot] = 100 if STIGLJA_100 in on else Croatian.stiglja
        raw = {t: play.taken(t) + declared[t] + 20 * belas[t] + bonus[t] for t in TEAMS}
        outcome, score, hanging_out = _settle(on, caller, capot, raw, belas, hanging)
        compared = None if capot is not None and STIGLJA_NO_TRANSFER not in on else (
            raw[caller], raw[other])  # fmt: skip
        breakdown(steps, play, raw, outcome, score, hanging_in=hanging, hanging_out=hanging_out,
                compared=compared, declarations=declared, belots=belas,
                belot_points={t: 20 * belas[t] for t in TEAMS}, capot=bonus)  # fmt: skip
        out = result(raw, outcome, score, hanging_out)
        if full_sequence is not None:  # 7.3: it scores nothing and wins the match for its team
            out["match_winner"] = full_sequence.value
            if steps is not None:
                steps.append(Step("full-sequence", {"team": full_sequence.value}))
        return out


INFO = Bela.register()
# The presets a deal may name, by how it names them (house rules: `plain_base.quick_rules`).
_PRESETS: dict[JSON, Rules] = {None: Bela.presets[0]} | {p.name: p for p in Bela.presets}
