"""The plain reading (`belot.core.plain`) builds exactly what the careful one builds, or steps
aside: it never decides an answer by itself (issue 12)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belot.core import plain
from belot.core.contract import parse_checked
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
