"""Dutch klaverjas (RULES.md §8): game `klaverjas`, presets `rotterdam` (default) and
`amsterdam`, in exact points, a match of 16 deals (a "boom") or to a target.

The playing team ("spelende partij") needs strictly more than the other team, card points and
roem counted, or it goes "nat" and the other team takes 162 and all the roem; all eight tricks
("pit", "mars") add 100; a revoke ("verzaakt") gives the other team the whole deal.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Final

from belot.core.errors import BelotError, said
from belot.core.fields import TEAM_NAMES, DealField, Shape
from belot.core.games import InMatch, Played
from belot.core.games.card_game import CardGame, checked
from belot.core.games.exact import (
    ROUND,
    TEAM_OF,
    breakdown,
    play_fields,
    quick_play,
    quick_rules,
    read_play,
    result,
    result_of,
    suit_trumps,
)
from belot.core.plain import NotPlain
from belot.core.read import JSON, per_team, team_or_none
from belot.core.results import Step
from belot.core.rules_base import Rules
from belot.core.switches import Switch
from belot.core.types import OTHER, TEAMS, THEM, US, Team, declare_game

KLAVERJAS: Final = declare_game("klaverjas")

# House rules (RULES.md 8.8), off in both presets.
ROEM_OUTSIDE_NAT: Final = "roem-outside-nat"
TIE_MADE: Final = "tie-made"
REVOKE_DROPS_ROEM: Final = "revoke-drops-roem"

SWITCHES: tuple[Switch, ...] = (
    Switch(ROEM_OUTSIDE_NAT, KLAVERJAS, "The nat test compares card points only (the playing "
           "team needs 82); roem is still written."),
    Switch(TIE_MADE, KLAVERJAS, "Equal totals (81 : 81): the playing team is not nat, each "
           "team writes its own."),
    Switch(REVOKE_DROPS_ROEM, KLAVERJAS, "Verzaakt: 162 to the other team, all roem dropped."),
)  # fmt: skip

PIT = 100  # all eight tricks by the playing team


class Rotterdam(Rules):
    """Preset `rotterdam` (NKU): roem claims 20, 40, 50, 70, 100."""

    name = "rotterdam"
    game = KLAVERJAS
    title = "Klaverjas, Rotterdam rules"
    summary = "Exact points, 16 deals; nat gives 162 and all roem, pit +100."
    line = "Rotterdam: roem 20, 40, 50, 70 or 100; 16 deals."
    target = 1500  # a match played to a target, when it names none
    claims: ClassVar[tuple[int, ...]] = (20, 40, 50, 70, 100)
    max_roem: ClassVar[int] = 1_000  # far above any deal's (four of a kind and runs: ~400)

    def pile_total(self, deal: Any) -> int:
        return 152

    def trumps(self, contract: str | None, trump: str | None = None) -> tuple[str, ...] | None:
        return suit_trumps(contract, trump)


class Amsterdam(Rotterdam):
    """Preset `amsterdam` (KBN): the same scoring, and four jacks claimed as 200."""

    name = "amsterdam"
    title = "Klaverjas, Amsterdam rules"
    summary = "As Rotterdam, and four jacks are 200 roem."
    line = "Amsterdam: as Rotterdam, and four jacks are 200 roem."
    claims = (20, 40, 50, 70, 100, 200)


def _roem(data: dict[str, JSON], rules: Rules, capot: Team | None) -> dict[Team, int]:
    """Each team's roem (8.3): a total (a multiple of 10) or a list of claims."""
    given = data.get("roem")
    if given is None:
        return {US: 0, THEM: 0}
    claims: tuple[int, ...] = getattr(rules, "claims", Rotterdam.claims)
    roem = {US: 0, THEM: 0}
    for team, value in per_team(given, "roem").items():
        field = f"roem.{team}"
        if type(value) is int:
            if value < 0 or value % 10 or value > Rotterdam.max_roem:
                raise BelotError(
                    "invalid-roem",
                    field,
                    f"roem is a multiple of 10 from 0 to {Rotterdam.max_roem}, got {said(value)}",
                    value=value,
                )
            roem[team] = value
        elif isinstance(value, list):
            if len(value) > 16:  # far more than two hands' tricks can hold
                raise BelotError("invalid-roem", field, "a team claims at most 16 roem")
            for i, claim in enumerate(value):
                if type(claim) is not int or claim not in claims:
                    if type(claim) is not int:
                        raise BelotError("wrong-type", f"{field}.{i}", "a roem claim is a number")
                    words = ", ".join(str(c) for c in claims)
                    raise BelotError(
                        "roem-unknown",
                        f"{field}.{i}",
                        f"a roem claim is one of {words} under {rules.name}, got {said(claim)}",
                        value=claim,
                    )
            roem[team] = sum(value)
        else:
            raise BelotError("wrong-type", field, "roem is a total or a list of claims")
    if capot is not None and roem[OTHER[capot]]:
        raise BelotError(
            "roem-without-trick",
            f"roem.{OTHER[capot].value}",
            "a team that took no trick has no roem",
        )
    return roem


Split = dict[Team, int]


def _settle(
    on: frozenset[str],
    taken: tuple[int, int],
    roem: tuple[int, int],
    revoke: bool | None,
    pit: bool | None,
) -> tuple[str, int, int, int, int, tuple[int, int] | None]:
    """8.4-8.6, from the playing team's side (each pair: the playing team's, the other's;
    `revoke`, `pit`: True for the playing team, False for the other, None for nobody): the
    outcome, what each team writes in points and in roem (a Dutch score pad's two columns; the
    record is their sum) and the totals the nat test compared (None when nothing was compared:
    a revoke, a pit). `taken`: card points with the last trick; `roem`: each team's own."""
    all_roem = roem[0] + roem[1]
    if revoke is not None:  # 8.6: the other team takes the whole deal
        kept = 0 if REVOKE_DROPS_ROEM in on else all_roem
        if revoke:
            return "inside", 0, ROUND, 0, kept, None
        return "made", ROUND, 0, kept, 0, None
    if pit:  # 8.5
        return "made", ROUND + PIT, 0, roem[0], 0, None
    outside = ROEM_OUTSIDE_NAT in on  # the nat test on card points only
    compared = taken if outside else (taken[0] + roem[0], taken[1] + roem[1])
    mine, theirs = compared
    if mine > theirs or (mine == theirs and TIE_MADE in on and pit is None):
        return "made", taken[0], taken[1], roem[0], roem[1], compared
    return "inside", 0, ROUND, 0, all_roem, compared  # nat


# What `Klaverjas.quick` reads: every field of a deal.
_QUICK_FIELDS = frozenset(
    {"game", "rules", "contract", "declarer", "multiplier", "cards", "last_trick", "capot",
     "roem", "revoke"}
)  # fmt: skip


_NO_ROEM: Mapping[Team, int] = MappingProxyType({US: 0, THEM: 0})


def _quick_roem(given: JSON, claims: frozenset[int]) -> Mapping[Team, int]:
    """`_roem` by lookups (but the capot's check): totals or claims, `NotPlain` otherwise."""
    if given is None:
        return _NO_ROEM
    roem = {US: 0, THEM: 0}
    if type(given) is not dict:
        raise NotPlain
    for name, value in given.items():
        if type(value) is int:
            if value < 0 or value % 10 or value > Rotterdam.max_roem:
                raise NotPlain
            roem[TEAM_OF[name]] = value
            continue
        if type(value) is not list or len(value) > 16:
            raise NotPlain
        for claim in value:
            if type(claim) is not int or claim not in claims:
                raise NotPlain
        roem[TEAM_OF[name]] = sum(value)
    return roem


class Klaverjas(CardGame):
    """Dutch klaverjas as a game of the family."""

    game = KLAVERJAS
    title = "Dutch klaverjas"
    language = "nl"
    path = "/klaverjas"
    family = "exact"
    short = "Klaverjas"
    calculator = "Klaverjas calculator"
    team_names: ClassVar[dict[str, str]] = {"us": "Wij", "them": "Zij"}
    presets: ClassVar[tuple[Rules, ...]] = (Rotterdam(), Amsterdam())
    switches = SWITCHES
    target_bounds = (100, 10_000)
    deal_count_bounds = (1, 100)
    deal_count = 16

    @classmethod
    def fields(cls) -> tuple[DealField, ...]:
        return (
            *play_fields(KLAVERJAS, capot="the team that took every trick (pit, mars)",
                         declarer="the playing team"),
            DealField("roem", Shape.ROEM, Amsterdam.claims, minimum=0,
                      maximum=Rotterdam.max_roem, step=10,
                      description="per team: a total (a multiple of 10) or a list of claims"),
            DealField("revoke", Shape.TEAM_OR_NONE, TEAM_NAMES,
                      description="the team that reneged (verzaakt)"),
        )  # fmt: skip

    @classmethod
    def quick(cls, deal: dict[str, JSON]) -> dict[str, JSON]:
        """A deal as tables enter it, by lookups: under a preset or house rules; `NotPlain`
        (KeyError, TypeError) for anything the careful way words."""
        if not _QUICK_FIELDS.issuperset(deal):
            raise NotPlain
        given = deal.get("rules")
        rules = _PRESETS[given] if type(given) is not dict else quick_rules(KLAVERJAS, given)
        taken, capot = quick_play(deal)
        roem = _quick_roem(deal.get("roem"), _CLAIMS[rules.name])
        revoke = deal.get("revoke")
        if revoke is not None:
            revoke = TEAM_OF[revoke]
            if capot is not None:
                raise NotPlain
        elif capot is not None and roem[OTHER[capot]]:
            raise NotPlain  # roem without a trick
        playing = TEAM_OF[deal["declarer"]]
        other = OTHER[playing]
        mine, theirs = taken[playing], taken[other]
        own, others = roem[playing], roem[other]
        raw_p, raw_o = mine + own, theirs + others
        if capot is playing:
            raw_p += PIT
        outcome, points_p, points_o, roem_p, roem_o, _ = _settle(
            rules.on,
            (mine, theirs),
            (own, others),
            None if revoke is None else revoke is playing,
            None if capot is None else capot is playing,
        )
        if playing is US:
            return result_of(raw_p, raw_o, outcome, points_p + roem_p, points_o + roem_o)
        return result_of(raw_o, raw_p, outcome, points_o + roem_o, points_p + roem_p)

    @classmethod
    def explain(
        cls, deal: dict[str, JSON], rules: Rules, steps: list[Step] | None = None
    ) -> dict[str, JSON]:
        return _scored(deal, rules, steps)[0]

    @classmethod
    def play(cls, at: InMatch) -> Played:
        """As any game's, with the roem written in its own column (a Dutch score pad)."""
        full = checked(at.complete(), KLAVERJAS)
        out, written = _scored(full, at.rules, None)
        capot = full.get("capot")
        roem = {"us": written[US], "them": written[THEM]}
        return Played(out, 0, capot if isinstance(capot, str) else None, parts={"roem": roem})


INFO = Klaverjas.register()


def _scored(
    deal: dict[str, JSON], rules: Rules, steps: list[Step] | None
) -> tuple[dict[str, JSON], Split]:
    """The deal read the careful way and scored: its result and the roem each team writes."""
    on = rules.on
    play = read_play(deal, rules)
    roem = _roem(deal, rules, play.capot)
    revoke = team_or_none(deal.get("revoke"), "revoke")
    if revoke is not None and play.capot is not None:
        raise BelotError(
            "revoke-conflict", "revoke", "a deal with a revoke has no pit: leave one out"
        )
    playing, capot = play.declarer, play.capot
    other = OTHER[playing]
    pit = {t: PIT if capot is playing is t else 0 for t in TEAMS}
    taken = {t: play.taken(t) for t in TEAMS}
    raw = {t: taken[t] + roem[t] + pit[t] for t in TEAMS}
    outcome, points_p, points_o, roem_p, roem_o, compared = _settle(
        on,
        (taken[playing], taken[other]),
        (roem[playing], roem[other]),
        None if revoke is None else revoke is playing,
        None if capot is None else capot is playing,
    )
    written = {playing: roem_p, other: roem_o}
    score = {playing: points_p + roem_p, other: points_o + roem_o}
    if steps is not None and revoke is not None:
        steps.append(Step("revoke", {"team": revoke.value}))
    breakdown(steps, play, raw, outcome, score, compared=compared, roem=roem, capot=pit)
    return result(raw, outcome, score), written


# The presets a deal may name, by how it names them (house rules: `plain_base.quick_rules`), and
# each preset's roem claims, by its name (house rules keep their preset's).
_PRESETS: dict[JSON, Rules] = {None: Klaverjas.presets[0]} | {p.name: p for p in Klaverjas.presets}
_CLAIMS: dict[str, frozenset[int]] = {
    p.name: frozenset(getattr(p, "claims", Rotterdam.claims)) for p in Klaverjas.presets
}
