"""Saudi Baloot by lookups (issues 26, 33): a round as tables enter it, scored from tables
each mode of a preset (house rules too) turns into once, the result the careful way
(`belot.core.baloot`) gives, or a step aside (`NotPlain`, KeyError, TypeError) for anything
it words or rarely sees.

Taken: a preset or a rules object, one team's abnat or both, projects by name or with their
top card (`{"kind", "high"}`, contested as RULES 2.3 says), a baloot, a kaboot, a double,
three, four or gahwa, the match totals (`before`), and every switch of RULES 4.2 but three
where they decide: tie-by-abnat (an undoubled tie), hokm-sixes-to-fewer (both teams' abnat
ending in 6) and gahwa-shutout-only (any gahwa). In a match (`whole=False`) a kaboot and a
gahwa step aside: the match reads more of them than their result.
"""

from __future__ import annotations

from collections.abc import Mapping

from belot.core.cards import reachable_abnat
from belot.core.plain_base import (
    JSON,
    KABOOT,
    LOST,
    MADE,
    TEAM_NAMES,
    TIE,
    NotPlain,
    pile,
)
from belot.core.presets import GAHWA, BalootRules
from belot.core.projects import LEVEL, LOWEST_HIGH, POINTS, ProjectKind
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
from belot.core.types import RANK_ORDER, Mode

# The fields read here, each below. Not the declaration (`belot.core.fields`): a field
# declared and not read here makes these lookups step aside, so it is never dropped (a test
# holds these equal to the declaration).
READS_BALOOT = frozenset(
    {"game", "rules", "mode", "buyer", "multiplier", "abnat", "kaboot", "projects",
     "projects_first", "baloot", "before"}
)  # fmt: skip

# A project as a deal names it, under one mode: its points, its level and, by the top card
# given (None: none given), that card's order (-1: none).
ProjectTable = dict[JSON, tuple[int, int, dict[JSON, int]]]
_FOUR_HUNDRED = LEVEL[ProjectKind.FOUR_HUNDRED]

# A Baloot mode under one preset: round points, round abnat, reachable abnat, the converted
# points of each abnat, the projects, projects a team may hold, the whole-number multipliers
# allowed (Sun: the double only), gahwa allowed, the Sun double's limit (-1: not Sun; -2: any
# time), the match totals' limit, baloot, kaboot and gahwa points; then the house rules the
# settlement reads (RULES 4.2): baloot outside the verdict, a doubled tie to the opponents, a
# doubled made round split, a kaboot multiplied, a kaboot's projects compared, a gahwa's
# baloot after it; and the three that send a round the careful way where they decide (an
# undoubled tie by abnat, Hokm sixes, a gahwa only on a shut-out).
BalootTable = tuple[
    int, int, frozenset[int], list[int], ProjectTable, int, frozenset[int], bool,
    int, int, int, int, int,
    bool, bool, bool, bool, bool, bool,
    bool, bool, bool,
]  # fmt: skip
Modes = dict[JSON, BalootTable]
# What the lookups give: the outcome and each team's score, and after a gahwa its winner.
BalootNumbers = tuple[str, int, int] | tuple[str, int, int, str]


def _projects(mode: Mode) -> ProjectTable:
    """Each project of `mode` (`projects.POINTS`), with every top card it can have
    (`projects.LOWEST_HIGH`) and without one."""
    out: ProjectTable = {}
    for kind, points in POINTS[mode].items():
        lowest = RANK_ORDER[LOWEST_HIGH[kind]]
        highs: dict[JSON, int] = {None: -1}
        for rank, order in RANK_ORDER.items():
            if order >= lowest:
                highs[rank.value] = order
        out[kind.value] = (points, LEVEL[kind], highs)
    return out


def baloot_table(rules: BalootRules, mode: Mode) -> BalootTable:
    total = rules.round_abnat[mode]
    on = rules.on
    sun = mode is Mode.SUN
    allowed = [m for m in rules.multipliers if not sun or m == 1 or m in rules.sun_multipliers]
    limit = None if SUN_DOUBLE_ALWAYS in on else rules.sun_double_limit
    return (
        rules.round_points[mode],
        total,
        reachable_abnat(mode),
        [rules.abnat_to_points(mode, abnat) for abnat in range(total + 1)],
        _projects(mode),
        rules.max_projects_per_team,
        frozenset(m for m in allowed if type(m) is int),
        GAHWA in allowed,
        -1 if not sun else (-2 if limit is None else limit),
        rules.max_carried,
        rules.baloot_points,
        rules.kaboot_points[mode],
        rules.gahwa_points,
        BALOOT_OUTSIDE_VERDICT in on,
        DOUBLED_TIE_TO_OPPONENTS in on,
        DOUBLED_MADE_SPLIT in on,
        KABOOT_MULTIPLIED in on,
        KABOOT_PROJECTS_COMPARED in on,
        GAHWA_BALOOT_AFTER in on,
        TIE_BY_ABNAT in on,
        mode is Mode.HOKM and HOKM_SIXES_TO_FEWER in on,
        GAHWA_SHUTOUT_ONLY in on,
    )


# The tables of each rules object asked (`rules_for` keeps one object for the same rules):
# the presets', and house rules (a rules object over a preset, RULES §4) the first time a deal
# names them.
_TABLES: dict[BalootRules, Modes] = {}
_TABLES_LIMIT = 4096


def tables(rules: BalootRules) -> Modes:
    """Each mode's table under `rules`, by the mode's name."""
    modes = _TABLES.get(rules)
    if modes is None:
        modes = {m.value: baloot_table(rules, m) for m in Mode}
        if len(_TABLES) < _TABLES_LIMIT:
            _TABLES[rules] = modes
    return modes


def result(n: BalootNumbers) -> dict[str, JSON]:
    """The contract's JSON of a round's numbers (the careful way's keys, in its order)."""
    if len(n) == 3:
        return {"outcome": n[0], "score": {"us": n[1], "them": n[2]}}
    return {"outcome": n[0], "score": {"us": n[1], "them": n[2]}, "match_winner": n[3]}


def _listed(items: JSON, table: ProjectTable, limit: int) -> tuple[int, int, int, int]:
    """One team's projects, by name or `{"kind", "high"}`: their points, the best level, the
    best top card given at that level (-1: none) and how many four-hundreds."""
    if type(items) is not list or len(items) > limit:
        raise NotPlain
    points = fours = 0
    best = high = -1
    for item in items:
        if type(item) is dict:
            given = item.get("high")
            if len(item) != (2 if "high" in item else 1):
                raise NotPlain  # an unknown key: the careful way words it
            worth, level, highs = table[item["kind"]]
            order = highs[given]
        else:
            worth, level, _ = table[item]
            order = -1
        points += worth
        if level > best:
            best, high = level, order
        elif level == best and order > high:
            high = order
        if level == _FOUR_HUNDRED:
            fours += 1
    return points, best, high, fours


def numbers(
    data: dict[str, JSON],
    modes: Modes,
    totals: Mapping[str, int] | None = None,
    whole: bool = True,
) -> BalootNumbers:
    """A round's result as numbers (outcome, us, them; a gahwa's winner after them), with
    the match totals `totals` when a match supplies them; `whole`: a kaboot or a gahwa too."""
    if not READS_BALOOT.issuperset(data):
        raise NotPlain
    get = data.get
    (round_points, total, reachable, converted, projects_table, max_projects, levels,
     gahwa_allowed, sun_limit, max_carried, baloot_points, kaboot_points, gahwa_points,
     outside_verdict, tie_to_opponents, made_split, kaboot_multiplied, kaboot_compared,
     gahwa_after, tie_by_abnat, sixes, gahwa_shutout) = modes[data["mode"]]  # fmt: skip
    buyer = data["buyer"]
    if buyer != "us" and buyer != "them":
        raise NotPlain
    kaboot = get("kaboot")
    if kaboot is not None and (
        not whole or (kaboot != "us" and kaboot != "them") or get("abnat") is not None
    ):
        raise NotPlain  # abnat beside a kaboot: the careful way checks them
    first = get("projects_first")
    if first is not None and first != "us" and first != "them":
        raise NotPlain
    multiplier = get("multiplier")
    gahwa = False
    if multiplier is None:
        multiplier = 1
    elif type(multiplier) is int:
        if multiplier not in levels:
            raise NotPlain  # a refusal: the careful way
    elif multiplier == GAHWA and gahwa_allowed and whole and not gahwa_shutout:
        gahwa = True
    else:
        raise NotPlain
    baloot = get("baloot")
    if baloot is not None and ((baloot != "us" and baloot != "them") or sun_limit != -1):
        raise NotPlain
    before = get("before") if totals is None else totals
    if before is not None:
        if type(before) is not dict or len(before) != 2:
            raise NotPlain
        before_us, before_them = before.get("us"), before.get("them")
        if type(before_us) is not int or type(before_them) is not int:
            raise NotPlain
        if not (0 <= before_us <= max_carried and 0 <= before_them <= max_carried):
            raise NotPlain
        if multiplier != 1 and sun_limit >= 0:  # the Sun double, perhaps not now
            mine, others = (before_us, before_them) if buyer == "us" else (before_them, before_us)
            if not mine > sun_limit >= others:
                raise NotPlain
    if kaboot is None:
        abnat_us, abnat_them = pile(get("abnat"), total, reachable)
        if sixes and abnat_us % 10 == 6 and abnat_them % 10 == 6:
            raise NotPlain  # house rule hokm-sixes-to-fewer decides: the careful way
    ours = theirs = 0
    projects = get("projects")
    if projects is not None and type(projects) is not dict:
        raise NotPlain
    if projects:
        if not TEAM_NAMES.issuperset(projects):
            raise NotPlain
        p_us, p_them = projects.get("us"), projects.get("them")
        best_us = best_them = high_us = high_them = -1
        fours = 0
        if p_us:
            ours, best_us, high_us, fours = _listed(p_us, projects_table, max_projects)
        elif not (p_us is None or p_us == []):
            raise NotPlain
        if p_them:
            theirs, best_them, high_them, more = _listed(p_them, projects_table, max_projects)
            fours += more
        elif not (p_them is None or p_them == []):
            raise NotPlain
        if fours > 1:
            raise NotPlain  # two four-hundreds: refused the careful way
        if kaboot is not None and not kaboot_compared:
            winner_us = kaboot == "us"  # no contest: the kaboot team's own count
        elif best_us < 0 or best_them < 0:
            winner_us = best_us >= 0
        elif best_us != best_them:
            winner_us = best_us > best_them
        elif high_us >= 0 and high_them >= 0 and high_us != high_them:
            winner_us = high_us > high_them
        elif first is None:
            raise NotPlain  # a project tie the input cannot settle: refused
        else:
            winner_us = first == "us"
        if winner_us:
            theirs = 0
        else:
            ours = 0
    bal_us = baloot_points if baloot == "us" else 0
    bal_them = baloot_points if baloot == "them" else 0
    if kaboot is not None:
        if gahwa:
            after_us, after_them = (bal_us, bal_them) if gahwa_after else (0, 0)
            if kaboot == "us":
                return KABOOT, gahwa_points + after_us, after_them, kaboot
            return KABOOT, after_us, gahwa_points + after_them, kaboot
        level = multiplier if kaboot_multiplied else 1
        if kaboot == "us":
            ours += kaboot_points
        else:
            theirs += kaboot_points
        return KABOOT, ours * level + bal_us, theirs * level + bal_them
    if buyer == "us":
        points_them = converted[abnat_them]
        points_us = round_points - points_them
        bal_b, bal_o = bal_us, bal_them
        mine, others = ours, theirs
        total_b, total_o = points_us + ours + bal_b, points_them + theirs + bal_o
    else:
        points_us = converted[abnat_us]
        points_them = round_points - points_us
        bal_b, bal_o = bal_them, bal_us
        mine, others = theirs, ours
        total_b, total_o = points_them + theirs + bal_b, points_us + ours + bal_o
    verdict_b, verdict_o = total_b, total_o
    if outside_verdict:  # house rule: the baloot is added after the verdict
        verdict_b, verdict_o = total_b - bal_b, total_o - bal_o
    if multiplier == 1:
        if verdict_b > verdict_o:
            outcome, score_b, score_o = MADE, total_b, total_o
        elif verdict_b == verdict_o:
            if tie_by_abnat:
                raise NotPlain  # house rule tie-by-abnat decides: the careful way
            outcome, score_b, score_o = TIE, total_b, total_o
        else:
            outcome, score_b, score_o = LOST, bal_b, round_points + mine + others + bal_o
    elif verdict_b > verdict_o or (verdict_b == verdict_o and not tie_to_opponents):
        # on equal totals the doubling side loses (house rule: the buyer does)
        outcome = MADE
        if gahwa:
            score_b, score_o = gahwa_points, 0
        elif made_split:  # house rule: each team its own points and projects, × the level
            score_b = (total_b - bal_b) * multiplier + bal_b
            score_o = (total_o - bal_o) * multiplier + bal_o
        else:
            score_b = (round_points + mine + others) * multiplier + bal_b
            score_o = bal_o
    else:
        outcome = LOST
        if gahwa:
            score_b, score_o = 0, gahwa_points
        else:
            score_b, score_o = bal_b, (round_points + mine + others) * multiplier + bal_o
    if gahwa:
        if gahwa_after:  # house rule: the baloot written beside the gahwa's points
            score_b += bal_b
            score_o += bal_o
        won = buyer if outcome == MADE else ("them" if buyer == "us" else "us")
        if buyer == "us":
            return outcome, score_b, score_o, won
        return outcome, score_o, score_b, won
    if buyer == "us":
        return outcome, score_b, score_o
    return outcome, score_o, score_b
