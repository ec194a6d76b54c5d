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
    abnat = _abnat(r)
    counted = proj.count_projects(r.mode, r.projects, r.projects_first, kaboot=r.kaboot)
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
    converted = rules.abnat_to_points(r.mode, abnat[others])
    points = {others: converted, buyer: round_points - converted}
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
    all_projects = counted.points[US] + counted.points[THEM]
    score: dict[Team, int]
    match_winner = None
    if r.multiplier == 1:
        if compared[buyer] >= compared[others]:
            outcome = Outcome.MADE if compared[buyer] > compared[others] else Outcome.TIE
            score = compared
        else:
            outcome = Outcome.LOST
            score = {others: round_points + all_projects + baloot[others], buyer: baloot[buyer]}
    else:
        # On equal totals the doubling side loses: the buyer wins.
        winner = buyer if compared[buyer] >= compared[others] else others
        outcome = Outcome.MADE if winner is buyer else Outcome.LOST
        if r.multiplier == GAHWA:
            score = {winner: rules.gahwa_points, OTHER[winner]: 0}
            match_winner = winner
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
                },
            )
        )
    return outcome, score, match_winner, steps


def _kaboot(
    r: AnyRound, counted: proj.Counted, baloot: dict[Team, int], steps: list[Step]
) -> tuple[Outcome, dict[Team, int], Team | None, list[Step]]:
    """Every trick to one team: a fixed round plus its own projects; nothing is multiplied."""
    assert r.kaboot is not None
    rules, team = r.rules, r.kaboot
    match_winner = None
    if r.multiplier == GAHWA:
        score = {team: rules.gahwa_points, team.other: 0}
        match_winner = team
    else:
        score = {
            team: rules.kaboot_points[r.mode] + counted.points[team] + baloot[team],
            team.other: baloot[team.other],
        }
    steps.append(
        Step(
            "kaboot",
            {
                "team": str(team),
                "points": rules.kaboot_points[r.mode],
                "projects": counted.points[team],
                "us": score[US],
                "them": score[THEM],
            },
        )
    )
    return Outcome.KABOOT, score, match_winner, steps
