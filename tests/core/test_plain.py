"""The plain reading (`belot.core.plain`) builds exactly what the careful one builds, or steps
aside: it never decides an answer by itself (issue 12)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belot.core import plain
from belot.core.contract import parse_checked, result_json, score_value
from belot.core.errors import BelotError
from belot.core.match import _with_match_fields
from belot.core.presets import PRESETS, find_preset
from support import examples

from .test_properties import baloot_rounds, belot_deals, json_values, mutated

SETTINGS = settings(
    max_examples=examples(500), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def same_as_careful(data: object) -> bool:
    """True when the plain reading took the deal (and built the careful reading's value)."""
    try:
        fast = plain.read(data)
    except plain.GIVE_UP:
        return False
    try:
        careful = parse_checked(data)
    except BelotError as err:  # pragma: no cover - the failure this test exists to catch
        raise AssertionError(f"plain accepted what the careful reading refuses: {err!r}") from err
    assert fast == careful
    return True


@SETTINGS
@given(belot_deals() | baloot_rounds())
def test_legal_deals(deal: dict[str, Any]) -> None:
    same_as_careful(deal)


@SETTINGS
@given(mutated())
def test_mutated_deals(deal: object) -> None:
    same_as_careful(deal)


@SETTINGS
@given(json_values)
def test_any_json(value: object) -> None:
    same_as_careful(value)


def test_the_common_deal_is_plain() -> None:
    made = {
        "game": "belot",
        "contract": "hearts",
        "declarer": "us",
        "cards": {"us": 82},
        "last_trick": "us",
        "declarations": {"us": [20], "them": []},
        "belots": {"us": 1},
    }
    assert same_as_careful(made)
    assert same_as_careful({"game": "baloot", "mode": "hokm", "buyer": "us",
                            "abnat": {"them": 62}, "projects": {"us": ["sira"]},
                            "multiplier": "gahwa", "before": {"us": 1, "them": 2}})  # fmt: skip
    tierce = {**made, "declarations": {"us": [{"kind": "tierce", "high": "K"}]}}
    assert not same_as_careful(tierce)  # combinations are resolved the careful way
    assert not same_as_careful({**tierce, "declarations": {"us": (20,)}})
    assert not same_as_careful({**tierce, "declarations": {"us": [True]}})


@SETTINGS
@given(belot_deals() | baloot_rounds() | mutated(), st.integers(0, 300), st.integers(0, 300))
def test_a_deal_in_a_match(deal: Any, hanging: int, them: int) -> None:
    """A stored deal read in its match's place: the careful reading of the deal the match
    completes (game, rules, hanging, totals), or a step aside."""
    if not isinstance(deal, dict):
        return
    stored = {k: v for k, v in deal.items() if k not in ("game", "rules", "hanging", "before")}
    rules = deal.get("rules")
    name = rules if isinstance(rules, str) and rules in PRESETS else None
    preset = find_preset(name or ("sa" if deal.get("game") == "baloot" else "bg"))
    totals = {"us": 7, "them": them}
    try:
        fast = plain.in_match(stored, preset, hanging, totals)
    except plain.GIVE_UP:
        return
    careful = parse_checked(_with_match_fields(stored, preset, hanging, totals))
    assert type(careful)(*fast) == careful  # the same fields, in the dataclass


def same_result_as_careful(data: object) -> bool:
    """True when the lookups (`plain.numbers`) scored the deal: the careful reading and the
    full scoring then accept it and give the very same result, in every written form."""
    try:
        fast = plain.score(data)
    except plain.GIVE_UP:
        return False
    try:
        careful = result_json(score_value(parse_checked(data)))
    except BelotError as err:  # pragma: no cover - the failure this test exists to catch
        raise AssertionError(f"the lookups scored what the careful way refuses: {err!r}") from err
    assert fast == careful
    assert list(fast) == list(careful)  # the same order of fields, so the same text
    assert plain.text(data) == json.dumps(careful, ensure_ascii=False) + "\n"
    assert plain.compact(data) == json.dumps(careful, separators=(",", ":")).encode()
    return True


@SETTINGS
@given(belot_deals() | baloot_rounds())
def test_lookups_score_legal_deals_as_the_careful_way(deal: dict[str, Any]) -> None:
    same_result_as_careful(deal)


@SETTINGS
@given(mutated())
def test_lookups_score_mutated_deals_as_the_careful_way(deal: object) -> None:
    same_result_as_careful(deal)


@SETTINGS
@given(json_values)
def test_lookups_take_no_other_json(value: object) -> None:
    same_result_as_careful(value)


def test_the_common_deals_are_scored_by_lookups() -> None:
    made = {"game": "belot", "contract": "hearts", "declarer": "us", "cards": {"us": 82},
            "last_trick": "us", "declarations": {"us": [20], "them": []}}  # fmt: skip
    assert same_result_as_careful(made)
    assert same_result_as_careful({**made, "contract": "no-trumps", "declarations": {}})
    sun = {"game": "baloot", "mode": "sun", "buyer": "us", "abnat": {"them": 64}}
    assert same_result_as_careful({**sun, "projects": {"us": ["sira"]}})
    # Every borderline of the rounding, both presets: hearts 96 : 66 and all trumps 134 : 124.
    for rules in ("bg", "bg-6up"):
        for deal in ({**made, "rules": rules, "cards": {"us": 86}, "declarations": {}},
                     {**made, "rules": rules, "contract": "all-trumps", "cards": {"us": 124},
                      "declarations": {}}):  # fmt: skip
            assert same_result_as_careful(deal)
    # Steps aside: house rules, a capot, both teams declaring, a gahwa, a kaboot.
    assert not same_result_as_careful({**made, "rules": {"preset": "bg"}})
    assert not same_result_as_careful({**made, "capot": "us"})
    assert not same_result_as_careful({**made, "declarations": {"us": [20], "them": [100]}})
    baloot = {"game": "baloot", "mode": "hokm", "buyer": "us", "abnat": {"them": 62}}
    assert not same_result_as_careful({**baloot, "multiplier": "gahwa"})
    assert not same_result_as_careful({**baloot, "kaboot": "us"})
