"""Scoring one Saudi Baloot round (RULES.md §2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from belot.core import projects as proj
from belot.core.cards import reachable_abnat, split_piles
from belot.core.errors import BelotError, said
from belot.core.presets import GAHWA, BalootMultiplier, BalootRules
from belot.core.results import BalootResult, Step
from belot.core.switches import (
    BALOOT_OUTSIDE_VERDICT,
    DOUBLED_MADE_SPLIT,
    DOUBLED_TIE_TO_OPPONENTS,
    GAHWA_BALOOT_AFTER,
    GAHWA_SHUTOUT_ONLY,
    HOKM_SIXES_TO_FEWER,
    KABOOT_MULTIPLIED,
    KABOOT_PROJECTS_COMPARED,
    SUN_DOUBLE_ALWAYS,
    TIE_BY_ABNAT,
)
from belot.core.types import OTHER, TEAMS, THEM, US, Mode, Outcome, Team

Multiplier = BalootMultiplier
NO_PROJECTS: Mapping[Team, proj.Projects] = {US: (), THEM: ()}
_REACHABLE_ABNAT = {mode: reachable_abnat(mode) for mode in Mode}


@dataclass(frozen=True, slots=True)
class BalootRound:
    """What the calculator is told about a round: one team's abnat (last trick included), or
    both; the projects; the baloot; the challenge; the match totals before it, if known."""

    mode: Mode
    buyer: Team
    abnat: Mapping[Team, int] = field(default_factory=dict)
    multiplier: Multiplier = 1
    kaboot: Team | None = None
    projects: Mapping[Team, proj.Projects] = field(default_factory=lambda: NO_PROJECTS)
    projects_first: Team | None = None
    baloot: Team | None = None
    before: Mapping[Team, int] | None = None
    rules: BalootRules = field(default_factory=BalootRules)


class BalootFields(NamedTuple):
    """A round's fields as a plain tuple: `BalootRound`'s names in its order, for bulk scoring
    (see `belot.core.belot.BelotFields`)."""

    mode: Mode
    buyer: Team
    abnat: Mapping[Team, int]
    multiplier: Multiplier
    kaboot: Team | None
    projects: Mapping[Team, proj.Projects]
    projects_first: Team | None
    baloot: Team | None
    before: Mapping[Team, int] | None
    rules: BalootRules


AnyRound = BalootRound | BalootFields


def spoken(choices: tuple[BalootMultiplier, ...]) -> str:
    """`1, 2, 3, 4 or gahwa`."""
    words = [str(c) for c in choices]
    return f"{', '.join(words[:-1])} or {words[-1]}"


def _check_challenge(r: AnyRound) -> None:
    allowed = r.rules.multipliers
    if r.multiplier not in allowed:
        raise BelotError(
            "invalid-multiplier",
            "multiplier",
            f"the multiplier is {spoken(allowed)}, got "
            f"{said(r.multiplier) if isinstance(r.multiplier, int) else r.multiplier}",
            value=r.multiplier,
        )
    if r.mode is not Mode.SUN or r.multiplier == 1:
        return
    if r.multiplier not in r.rules.sun_multipliers:
        raise BelotError(
            "sun-multiplier",
            "multiplier",
            "Sun allows only the double: no three, four or gahwa",
            value=r.multiplier,
        )
    limit = r.rules.sun_double_limit
    if SUN_DOUBLE_ALWAYS in r.rules.on:
        limit = None
    if r.before is not None and limit is not None:
        buyer, others = r.before[r.buyer], r.before[r.buyer.other]
        if not (buyer > limit >= others):
            raise BelotError(
                "sun-double-forbidden",
                "multiplier",
                f"a Sun double needs the buyer over {limit} and the others at {limit} or less "
                f"(now {said(buyer)} : {said(others)})",
                limit=limit,
                buyer=buyer,
                others=others,
            )


def _abnat(r: AnyRound) -> dict[Team, int]:
    """Both teams' abnat, checked against the round and the kaboot."""
    abnat = split_piles(
        r.abnat,
        field="abnat",
        unit="abnat",
        total=r.rules.round_abnat[r.mode],
        reachable=_REACHABLE_ABNAT[r.mode],
        all_tricks=r.kaboot,
        all_tricks_word="kaboot",
    )
    if abnat is None:
        raise BelotError("missing-field", "abnat", "give one team's abnat")
    return abnat


def check(r: AnyRound) -> None:
    _check_challenge(r)
    if r.baloot is not None and r.mode is Mode.SUN:
        raise BelotError("baloot-forbidden", "baloot", "there is no baloot in Sun")
    before, limit = r.before, r.rules.max_carried
    if before is not None and not (
        0 <= before[US] <= limit and 0 <= before[THEM] <= limit
    ):  # the words of the refusal, only when there is one
        for team in TEAMS:
            if before[team] < 0:
                raise BelotError(
                    "before-out-of-range", f"before.{team}", "match totals cannot be negative"
                )
            if before[team] > limit:
                raise BelotError(
                    "before-out-of-range",
                    f"before.{team}",
                    f"match totals are at most {limit:,}, got {said(before[team])}",
                    limit=limit,
                    value=before[team],
                )
    proj.check_projects(r.mode, r.projects, r.rules.max_projects_per_team)


Tally = tuple[Outcome, dict[Team, int], Team | None]
"""outcome, score, match winner: a result without its object (see `tally`)."""


def tally(r: AnyRound) -> Tally:
    """The numbers of `score_baloot` without building a result (the bulk path, as
    `belot.core.belot.tally`)."""
    outcome, score, match_winner, _ = _score(r, False)
    return outcome, score, match_winner


def score_baloot(r: AnyRound, *, explain: bool = False) -> BalootResult:
    """Abnat to points, projects, baloot, then the settlement (RULES.md 2.2-2.5)."""
    outcome, score, match_winner, steps = _score(r, explain)
    return BalootResult(outcome, score, match_winner, tuple(steps))


def _score(r: AnyRound, explain: bool) -> tuple[Outcome, dict[Team, int], Team | None, list[Step]]:
    check(r)
    rules = r.rules
    on = rules.on
    abnat = _abnat(r)
    compared_kaboot = r.kaboot is not None and KABOOT_PROJECTS_COMPARED in on
    counted = proj.count_projects(
        r.mode, r.projects, r.projects_first, kaboot=None if compared_kaboot else r.kaboot
    )
    baloot = {US: 0, THEM: 0}
    if r.baloot is not None:
        baloot[r.baloot] = rules.baloot_points
    steps: list[Step] = []
    if explain and any(r.projects[t] for t in TEAMS):
        steps.append(
            Step(
                "projects",
                {
                    "us": counted.points[US],
                    "them": counted.points[THEM],
                    "to": counted.winner and str(counted.winner),
                    "by": counted.by,
                },
            )
        )
    if r.kaboot is not None:
        return _kaboot(r, counted, baloot, steps)
    round_points = rules.round_points[r.mode]
    buyer = r.buyer
    others = OTHER[buyer]
    points = _points(r, abnat)
    counts = counted.points
    compared = {
        US: points[US] + counts[US] + baloot[US],
        THEM: points[THEM] + counts[THEM] + baloot[THEM],
    }
    if explain:
        for team in TEAMS:
            steps.append(
                Step(
                    "team",
                    {
                        "team": str(team),
                        "abnat": abnat[team],
                        "points": points[team],
                        "projects": counted.points[team],
                        "baloot": baloot[team],
                        "total": compared[team],
                        "converted": team is others,
                    },
                )
            )
    all_projects = counts[US] + counts[THEM]
    score: dict[Team, int]
    match_winner = None
    split = False
    verdict = compared
    if on and BALOOT_OUTSIDE_VERDICT in on:  # house rule: baloot is added after the verdict
        verdict = {US: compared[US] - baloot[US], THEM: compared[THEM] - baloot[THEM]}
    if r.multiplier == 1:
        outcome, score = _undoubled(r, abnat, counted, points, baloot, verdict)
    elif r.multiplier == GAHWA and GAHWA_SHUTOUT_ONLY in on:
        outcome, score, match_winner = _gahwa_shutout(r, abnat, counted, points, baloot)
    else:
        winner = _doubled_winner(r, verdict)
        outcome = Outcome.MADE if winner is buyer else Outcome.LOST
        if r.multiplier == GAHWA:
            score = _gahwa_won(rules, winner, baloot)
            match_winner = winner
        elif winner is buyer and DOUBLED_MADE_SPLIT in on:
            level, split = int(r.multiplier), True
            score = {t: (points[t] + counts[t]) * level + baloot[t] for t in TEAMS}
        else:
            level = int(r.multiplier)
            score = {
                winner: (round_points + all_projects) * level + baloot[winner],
                winner.other: baloot[winner.other],
            }
    if explain:
        steps.append(
            Step(
                "settle",
                {
                    "buyer": str(buyer),
                    "outcome": str(outcome),
                    "multiplier": r.multiplier,
                    "round": round_points,
                    "projects": all_projects,
                    "us": score[US],
                    "them": score[THEM],
                    "how": _how(r, match_winner, split),
                },
            )
        )
    return outcome, score, match_winner, steps


def _how(r: AnyRound, match_winner: Team | None, split: bool) -> str:
    """How the round was settled, for its breakdown: `own` totals, `lost` (the opponents take
    the round), the `level` × the round and projects, each team's own × the level (`split`),
    `gahwa` (the sakka), or a gahwa that was no shut-out (`gahwa-split`, a house rule)."""
    if r.multiplier == GAHWA:
        return "gahwa" if match_winner is not None else "gahwa-split"
    if r.multiplier != 1:
        return "split" if split else "level"
    return "own"


def _points(r: AnyRound, abnat: dict[Team, int]) -> dict[Team, int]:
    """Abnat to game points (RULES.md 2.2): the buyer's opponents convert, the buyer takes the
    rest; under `hokm-sixes-to-fewer`, both ending in 6, the team with more rounds down."""
    rules = r.rules
    round_points = rules.round_points[r.mode]
    converting = OTHER[r.buyer]
    if (
        r.mode is Mode.HOKM
        and abnat[US] % 10 == 6
        and abnat[THEM] % 10 == 6
        and HOKM_SIXES_TO_FEWER in rules.on
    ):
        more = US if abnat[US] > abnat[THEM] else THEM
        down = abnat[more] // 10
        return {more: down, OTHER[more]: round_points - down}
    converted = rules.abnat_to_points(r.mode, abnat[converting])
    return {converting: converted, r.buyer: round_points - converted}


def _undoubled(
    r: AnyRound,
    abnat: dict[Team, int],
    counted: proj.Counted,
    points: dict[Team, int],
    baloot: dict[Team, int],
    verdict: dict[Team, int],
) -> tuple[Outcome, dict[Team, int]]:
    """No challenge (RULES.md 2.5): made, tie or lost, and what each team writes."""
    rules = r.rules
    buyer, others = r.buyer, OTHER[r.buyer]
    counts = counted.points
    own = {t: points[t] + counts[t] + baloot[t] for t in TEAMS}
    if verdict[buyer] > verdict[others]:
        return Outcome.MADE, own
    if verdict[buyer] == verdict[others]:
        if TIE_BY_ABNAT not in rules.on:
            return Outcome.TIE, own
        # House rule: a tie in points is settled by raw abnat (cards and counted projects).
        raw = {t: abnat[t] + _project_abnat(r, counted, t) for t in TEAMS}
        if raw[buyer] > raw[others]:
            return Outcome.MADE, own
        if raw[buyer] == raw[others]:
            return Outcome.TIE, own
    round_points = rules.round_points[r.mode]
    return Outcome.LOST, {
        others: round_points + counts[US] + counts[THEM] + baloot[others],
        buyer: baloot[buyer],
    }


def _project_abnat(r: AnyRound, counted: proj.Counted, team: Team) -> int:
    """A team's projects in abnat (sira 20 … four-hundred 200), if it won their comparison."""
    if counted.winner is not team:
        return 0
    return sum(proj.ABNAT[p.kind] for p in r.projects[team])


def _doubled_winner(r: AnyRound, verdict: dict[Team, int]) -> Team:
    """Who wins a doubled round (double … gahwa): the higher total; on equal totals the
    doubling side loses, so the buyer wins (`doubled-tie-to-opponents` turns it)."""
    buyer, others = r.buyer, OTHER[r.buyer]
    if verdict[buyer] == verdict[others]:
        return others if DOUBLED_TIE_TO_OPPONENTS in r.rules.on else buyer
    return buyer if verdict[buyer] > verdict[others] else others


def _gahwa_shutout(
    r: AnyRound,
    abnat: dict[Team, int],
    counted: proj.Counted,
    points: dict[Team, int],
    baloot: dict[Team, int],
) -> tuple[Outcome, dict[Team, int], Team | None]:
    """`gahwa-shutout-only`: the round settled as if undoubled, baloot aside; the sakka goes to
    a team only if the other then has no points, else that split is written and play goes on."""
    counts = counted.points
    own = {t: points[t] + counts[t] for t in TEAMS}
    # Made or lost as any doubled round decides it (RULES §4.2), then settled undoubled.
    winner = _doubled_winner(r, own)
    if winner is r.buyer:
        return _gahwa_end(r, Outcome.MADE, own, baloot)
    lost = {winner: r.rules.round_points[r.mode] + counts[US] + counts[THEM], r.buyer: 0}
    return _gahwa_end(r, Outcome.LOST, lost, baloot)


def _gahwa_end(
    r: AnyRound, outcome: Outcome, split: dict[Team, int], baloot: dict[Team, int]
) -> tuple[Outcome, dict[Team, int], Team | None]:
    rules = r.rules
    scoring = [t for t in TEAMS if split[t] > 0]
    match_winner = None
    score = dict(split)
    if len(scoring) == 1:
        match_winner = scoring[0]
        score = {match_winner: rules.gahwa_points, OTHER[match_winner]: 0}
        if outcome is not Outcome.KABOOT:
            outcome = Outcome.MADE if match_winner is r.buyer else Outcome.LOST
    return outcome, _baloot_after_gahwa(rules, score, baloot), match_winner


def _gahwa_won(rules: BalootRules, winner: Team, baloot: dict[Team, int]) -> dict[Team, int]:
    """The gahwa's points to the team that won it (the sakka with them)."""
    return _baloot_after_gahwa(rules, {winner: rules.gahwa_points, OTHER[winner]: 0}, baloot)


def _baloot_after_gahwa(
    rules: BalootRules, score: dict[Team, int], baloot: dict[Team, int]
) -> dict[Team, int]:
    """`gahwa-baloot-after`: the baloot is written beside a gahwa's points, not inside them."""
    if GAHWA_BALOOT_AFTER not in rules.on:
        return score
    return {t: score[t] + baloot[t] for t in TEAMS}


def _kaboot(
    r: AnyRound, counted: proj.Counted, baloot: dict[Team, int], steps: list[Step]
) -> tuple[Outcome, dict[Team, int], Team | None, list[Step]]:
    """Every trick to one team: a fixed round plus its own projects; nothing is multiplied
    (house rules: projects compared, the level applied, gahwa only on a shut-out)."""
    assert r.kaboot is not None
    rules, team = r.rules, r.kaboot
    on = rules.on
    counts = counted.points
    match_winner = None
    outcome = Outcome.KABOOT
    fixed = {team: rules.kaboot_points[r.mode] + counts[team], team.other: counts[team.other]}
    if r.multiplier == GAHWA:
        if GAHWA_SHUTOUT_ONLY in on:
            outcome, score, match_winner = _gahwa_end(r, outcome, fixed, baloot)
        else:
            score = _gahwa_won(rules, team, baloot)
            match_winner = team
    else:
        level = int(r.multiplier) if KABOOT_MULTIPLIED in on else 1
        score = {t: fixed[t] * level + baloot[t] for t in TEAMS}
    steps.append(
        Step(
            "kaboot",
            {
                "team": str(team),
                "points": rules.kaboot_points[r.mode],
                "projects": counts[team],
                "us": score[US],
                "them": score[THEM],
            },
        )
    )
    return outcome, score, match_winner, steps
