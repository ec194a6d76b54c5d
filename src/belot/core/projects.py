"""Baloot projects (مشاريع, RULES.md 2.3): values, checks, and which team's projects count."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from belot.core.errors import BelotError
from belot.core.types import TEAMS, THEM, US, Mode, Rank, Team


class ProjectKind(StrEnum):
    SIRA = "sira"  # سرا, three in a row
    FIFTY = "fifty"  # خمسين, four in a row
    HUNDRED = "hundred"  # مية, five in a row or four of a kind
    FOUR_HUNDRED = "four-hundred"  # أربعمية, four aces in Sun


LEVEL = {kind: level for level, kind in enumerate(ProjectKind)}
POINTS: dict[Mode, dict[ProjectKind, int]] = {
    Mode.HOKM: {ProjectKind.SIRA: 2, ProjectKind.FIFTY: 5, ProjectKind.HUNDRED: 10},
    Mode.SUN: {
        ProjectKind.SIRA: 4,
        ProjectKind.FIFTY: 10,
        ProjectKind.HUNDRED: 20,
        ProjectKind.FOUR_HUNDRED: 40,
    },
}
# A project's worth in abnat (RULES.md §4.2 `tie-by-abnat`): sira 20 … four-hundred 200.
ABNAT: dict[ProjectKind, int] = {
    ProjectKind.SIRA: 20,
    ProjectKind.FIFTY: 50,
    ProjectKind.HUNDRED: 100,
    ProjectKind.FOUR_HUNDRED: 200,
}
# The lowest top card each project can have: 7-8-9 sira, 7-8-9-10 fifty, four 10s hundred.
LOWEST_HIGH = {
    ProjectKind.SIRA: Rank.NINE,
    ProjectKind.FIFTY: Rank.TEN,
    ProjectKind.HUNDRED: Rank.TEN,
    ProjectKind.FOUR_HUNDRED: Rank.ACE,
}


@dataclass(frozen=True, slots=True)
class Project:
    """A project, with its top card (a carré's rank) when the user gave it."""

    kind: ProjectKind
    high: Rank | None = None


Projects = tuple[Project, ...]


@dataclass(frozen=True, slots=True)
class Counted:
    """Project points that count per team, and the team whose projects won (None: no contest)."""

    points: dict[Team, int]
    winner: Team | None
    by: str | None = None  # "level", "high", "first" or "alone"


def check_count(team: Team, count: int, limit: int) -> None:
    """At most `limit` projects a team (two a player, RULES.md 2.3); checked before the items
    are read, so an absurd list costs nothing to refuse."""
    if count > limit:
        raise BelotError(
            "too-many-projects",
            f"projects.{team}",
            f"a team has at most {limit} projects (two a player), got {count}",
            limit=limit,
            value=count,
        )


def check_projects(mode: Mode, projects: Mapping[Team, Projects], limit: int) -> None:
    if not projects[US] and not projects[THEM]:
        return
    four_hundreds = 0
    for team in TEAMS:
        check_count(team, len(projects[team]), limit)
        for i, project in enumerate(projects[team]):
            field = f"projects.{team}.{i}"
            if project.kind not in POINTS[mode]:
                raise BelotError(
                    "project-forbidden", field, f"there is no {project.kind} in {mode}"
                )
            lowest = LOWEST_HIGH[project.kind]
            if project.high is not None and project.high.order < lowest.order:
                raise BelotError(
                    "impossible-project",
                    f"{field}.high",
                    f"a {project.kind} cannot have {project.high.symbol} as its top card",
                    kind=str(project.kind),
                    high=project.high.symbol,
                )
            four_hundreds += project.kind is ProjectKind.FOUR_HUNDRED
    if four_hundreds > 1:
        raise BelotError(
            "duplicate-four-hundred",
            "projects",
            "there is only one four-hundred in a round: there are only four aces",
        )


def _best(projects: Projects) -> tuple[int, int | None] | None:
    """A team's best project: its level, and its top card when given."""
    if not projects:
        return None
    level = max(LEVEL[p.kind] for p in projects)
    highs = [p.high.order for p in projects if LEVEL[p.kind] == level and p.high is not None]
    return level, max(highs, default=None)


def count_projects(
    mode: Mode, projects: Mapping[Team, Projects], first: Team | None, *, kaboot: Team | None
) -> Counted:
    """The team with the better best project scores all its projects; the other none.

    Under kaboot there is no contest: the kaboot team scores its own.
    """
    ours, theirs = projects[US], projects[THEM]
    if not ours and not theirs and kaboot is None:
        return NOTHING_COUNTED
    values = POINTS[mode]
    totals = {
        US: sum([values[p.kind] for p in ours]),
        THEM: sum([values[p.kind] for p in theirs]),
    }
    winner: Team | None
    if kaboot is not None:
        winner, by = kaboot, "kaboot"
    else:
        best = {team: _best(projects[team]) for team in TEAMS}
        us, them = best[US], best[THEM]
        if us is None or them is None:
            winner = None if us is None and them is None else US if them is None else THEM
            by = "alone"
        elif us[0] != them[0]:
            winner, by = (US if us[0] > them[0] else THEM), "level"
        elif us[1] is not None and them[1] is not None and us[1] != them[1]:
            winner, by = (US if us[1] > them[1] else THEM), "high"
        elif first is not None:
            winner, by = first, "first"
        else:
            raise BelotError(
                "projects-tie",
                "projects_first",
                "both teams' best projects are equal: say whose player sits first after the dealer",
            )
    points = {US: 0, THEM: 0}
    if winner is not None:
        points[winner] = totals[winner]
    return Counted(points, winner, by if winner is not None else None)


NOTHING_COUNTED = Counted({US: 0, THEM: 0}, None)  # shared: never changed
