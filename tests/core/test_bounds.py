"""Issue 8 item 6: every number past what a real deal or match can hold is refused, with a
code and a field, and no number (however large) ever escapes as anything but a BelotError.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belot.contract import error_json, score
from belot.core.errors import BelotError, said
from belot.core.match import Match
from belot.core.presets import BalootRules, Bulgarian
from support import examples

from .test_properties import baloot_rounds, belot_deals

SETTINGS = settings(
    max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
BG, SA = Bulgarian(), BalootRules()
HUGE = 10**4299  # the largest a JSON number may be before Python refuses to read it


def belot(**fields: Any) -> dict[str, Any]:
    deal: dict[str, Any] = {"game": "belot", "contract": "hearts", "declarer": "us",
                            "cards": {"us": 82}, "last_trick": "us"}  # fmt: skip
    deal.update(fields)
    return deal


def baloot(**fields: Any) -> dict[str, Any]:
    deal: dict[str, Any] = {"game": "baloot", "mode": "hokm", "buyer": "us", "abnat": {"them": 62}}
    deal.update(fields)
    return deal


def refused(deal: object) -> BelotError:
    with pytest.raises(BelotError) as caught:
        score(deal)
    json.dumps(error_json(caught.value))  # the refusal can always be written
    return caught.value


def test_a_team_declares_at_most_what_two_hands_hold() -> None:
    limit = BG.max_declarations_per_team
    assert limit == 6
    # Six do exist: J J J J with Q K of two suits, and 9 9 9 9 with 7 8 of two suits.
    six = [{"kind": "carre", "high": "J"}, {"kind": "tierce", "high": "K"},
           {"kind": "tierce", "high": "K"}, {"kind": "carre", "high": "9"},
           {"kind": "tierce", "high": "9"}, {"kind": "tierce", "high": "9"}]  # fmt: skip
    assert "score" in score(belot(declarations={"us": six, "them": []}))
    seven = [*six, {"kind": "tierce", "high": "A"}]
    err = refused(belot(declarations={"us": seven, "them": []}))
    assert (err.code, err.field) == ("too-many-declarations", "declarations.us")
    err = refused(belot(declarations={"us": [], "them": [20] * 10_000}))
    assert (err.code, err.field) == ("too-many-declarations", "declarations.them")
    assert err.params == {"limit": 6, "value": 10_000}


def test_a_team_has_at_most_four_projects_before_any_is_read() -> None:
    err = refused(baloot(projects={"us": ["no such project"] * 100_000, "them": []}))
    assert (err.code, err.field) == ("too-many-projects", "projects.us")


def test_hanging_is_bounded_and_a_huge_one_is_a_refusal_not_a_crash() -> None:
    limit = BG.max_carried
    assert score(belot(hanging=limit))["score"]["us"] == 9 + limit
    for hanging in (limit + 1, HUGE):
        err = refused(belot(hanging=hanging))
        assert (err.code, err.field) == ("hanging-out-of-range", "hanging")
    assert "absurdly large" in refused(belot(hanging=HUGE)).message


def test_match_totals_before_a_round_are_bounded() -> None:
    limit = SA.max_carried
    assert score(baloot(before={"us": limit, "them": 0}))["outcome"] == "made"
    err = refused(baloot(before={"us": 0, "them": limit + 1}))
    assert (err.code, err.field) == ("before-out-of-range", "before.them")


@pytest.mark.parametrize(
    ("deal", "code", "field"),
    [
        (belot(cards={"us": HUGE}), "cards-out-of-range", "cards.us"),
        (belot(cards={"us": -HUGE}), "cards-out-of-range", "cards.us"),
        (baloot(abnat={"them": HUGE}), "abnat-out-of-range", "abnat.them"),
        (belot(multiplier=HUGE), "invalid-multiplier", "multiplier"),
        (baloot(multiplier=HUGE), "invalid-multiplier", "multiplier"),
        (belot(belots={"us": HUGE, "them": HUGE}), "too-many-belots", "belots"),
        (belot(belots={"us": -HUGE}), "belots-out-of-range", "belots.us"),
        (belot(declarations={"us": [HUGE], "them": []}), "invalid-declaration",
         "declarations.us.0"),
        (baloot(before={"us": HUGE, "them": HUGE}, mode="sun", multiplier=2),
         "sun-double-forbidden", "multiplier"),
    ],
)  # fmt: skip
def test_existing_codes_keep_their_cases_with_huge_numbers(
    deal: dict[str, Any], code: str, field: str
) -> None:
    err = refused(deal)
    assert (err.code, err.field) == (code, field)
    assert len(err.message) < 200


def test_said_quotes_sensible_numbers_as_they_are() -> None:
    assert said(160) == "160" and said(-1) == "-1"
    assert said(10**12 - 1) == "999999999999"
    assert said(HUGE * 10) == "an absurdly large number"


def test_a_match_carries_no_more_than_it_can_write() -> None:
    # Recontra ties hang the whole deal; each adds about 20 points: far from the bound.
    tie = {"contract": "spades", "declarer": "us", "cards": {"us": 71}, "last_trick": "them",
           "declarations": {"us": [20], "them": []}, "multiplier": 4}  # fmt: skip
    sheet = Match("belot", "bg", (tie,) * 50).replay()
    assert 0 < sheet.hanging < BG.max_carried


numbers = st.integers() | st.integers(min_value=-HUGE, max_value=HUGE)


@st.composite
def with_a_number(draw: st.DrawFn) -> dict[str, Any]:
    """A legal deal with one number anywhere in it replaced by any whole number."""
    deal: dict[str, Any] = draw(belot_deals() | baloot_rounds())
    places: list[tuple[dict[str, Any] | list[Any], Any]] = []

    def walk(node: dict[str, Any] | list[Any]) -> None:
        keys = node.keys() if isinstance(node, dict) else range(len(node))
        for key in keys:
            value = node[key]  # type: ignore[index]
            if type(value) is int:
                places.append((node, key))
            elif isinstance(value, dict | list):
                walk(value)

    walk(deal)
    for name in ("hanging", "multiplier") if deal["game"] == "belot" else ("multiplier",):
        places.append((deal, name))
    node, key = draw(st.sampled_from(places))
    node[key] = draw(numbers)
    return deal


@SETTINGS
@given(with_a_number())
def test_any_number_scores_within_bounds_or_is_refused_with_a_field(deal: dict[str, Any]) -> None:
    try:
        result = score(deal)
    except BelotError as err:
        assert err.code and err.field
        assert len(error_json(err)["error"]["message"]) < 300
        return
    text = json.dumps(result)  # every number in it can be written
    assert len(text) < 200
