"""House rules (RULES.md §4): golden deals per switch, and the properties §4 states.

The golden files `tests/golden/house-belot.jsonl` and `house-baloot.jsonl` hold each switch
on alone (where it applies and where it does not) and a few tables' sets; each line's `why`
is the hand computation from RULES §4.
"""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given

from belot.contract import score
from belot.core import presets
from belot.core.errors import BelotError
from belot.core.match import Match
from belot.core.presets import find_preset, house_rules, rules_for
from belot.core.switches import SWITCH_BY_NAME, SWITCHES_OF
from belot.core.types import Game
from belot.words.rules import rules_listing

from .test_golden import GOLDEN, allowed_fields, check_result
from .test_properties import (
    SETTINGS,
    baloot_rounds,
    belot_deals,
    expected_raw_total,
    half_up,
    kind_of,
)

HOUSE_FILES = ("house-belot", "house-baloot", "house-french", "house-bela", "house-klaverjas")


def load(name: str) -> list[dict[str, Any]]:
    text = (GOLDEN / f"{name}.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


@pytest.mark.parametrize(
    "line",
    [pytest.param(line, id=f"{f}: {line['name']}") for f in HOUSE_FILES for line in load(f)],
)
def test_house_rules_golden(line: dict[str, Any]) -> None:
    deal, expected = line["input"], line["expected"]
    given_deal = copy.deepcopy(deal)
    if "error" in expected:
        with pytest.raises(BelotError) as caught:
            score(given_deal)
        assert caught.value.field in allowed_fields(expected["error"])
        assert caught.value.code == expected["error"]["code"]
    else:
        check_result(deal, expected, score(given_deal))
    assert given_deal == deal


def test_every_switch_has_golden_deals_of_its_own() -> None:
    """Each switch of RULES §4 is on alone in at least two golden deals; five for Belot and
    ten for Baloot, each exactly as RULES names them."""
    assert [s.name for s in SWITCHES_OF[Game.BELOT]] == [
        "border-to-declarers", "no-trumps-round-first", "no-trumps-capot-doubled",
        "hanging-to-more", "contra-round-first",
    ]  # fmt: skip
    assert len(SWITCHES_OF[Game.BALOOT]) == 10
    assert [s.name for s in SWITCHES_OF[Game.FRENCH_BELOTE]] == [
        "annonces", "tie-inside", "no-rounding"
    ]  # fmt: skip
    assert [s.name for s in SWITCHES_OF[Game.COINCHE]] == [
        "litige", "failure-162", "coinche-keeps-own", "surcoinche-x3", "belote-not-multiplied",
        "belote-not-for-contract", "points-annonces", "generale", "sans-tout-atout", "no-rounding",
    ]  # fmt: skip
    alone: dict[str, int] = {}
    for f in HOUSE_FILES:
        for line in load(f):
            rules = line["input"]["rules"]
            if not isinstance(rules, dict):
                continue
            on = [k for k, v in rules.items() if k != "preset" and v is True]
            if len(on) == 1 and "error" not in line["expected"]:
                key = f"{line['input']['game']}:{on[0]}"
                alone[key] = alone.get(key, 0) + 1
    every = {f"{s.game}:{s.name}" for switches in SWITCHES_OF.values() for s in switches}
    assert every == set(alone)
    assert min(alone.values()) >= 2, alone


def test_every_switch_is_explained_in_every_language() -> None:
    listing = rules_listing()
    for game in listing["games"]:
        for item in (*game["presets"], *game["switches"]):
            assert set(item["words"]) == {"bg", "ar", "en", "fr", "hr", "nl"}
            assert all(line.strip() for line in item["words"].values())
        assert [s["name"] for s in game["switches"]] == [
            s.name for s in SWITCHES_OF[Game(game["game"])]
        ]
        assert all(s["default"] is False for s in game["switches"])


def all_off(deal: dict[str, Any]) -> dict[str, Any]:
    game = Game(deal["game"])
    preset = deal.get("rules") or presets.DEFAULT_PRESET[game]
    return {**deal, "rules": {"preset": preset, **{s.name: False for s in SWITCHES_OF[game]}}}


def answer(deal: dict[str, Any]) -> dict[str, Any]:
    try:
        return score(copy.deepcopy(deal))
    except BelotError as err:
        return {"error": [err.code, err.field]}


@SETTINGS
@given(belot_deals())
def test_belot_with_every_switch_off_scores_as_its_preset(deal: dict[str, Any]) -> None:
    assert answer(all_off(deal)) == answer(deal)
    assert answer({**deal, "rules": {"preset": deal.get("rules") or "bg"}}) == answer(deal)


@SETTINGS
@given(baloot_rounds())
def test_baloot_with_every_switch_off_scores_as_its_preset(deal: dict[str, Any]) -> None:
    assert answer(all_off(deal)) == answer(deal)


def with_switches(deal: dict[str, Any], *names: str) -> dict[str, Any]:
    return {**deal, "rules": {"preset": deal.get("rules") or "bg", **dict.fromkeys(names, True)}}


@SETTINGS
@given(belot_deals())
def test_belot_switches_keep_the_invariant_where_it_holds(deal: dict[str, Any]) -> None:
    """RULES 1.6's invariant under every switch but contra-round-first (which rounds before
    multiplying): recorded + newly hanging = the whole deal rounded half up."""
    names = ("border-to-declarers", "no-trumps-round-first", "no-trumps-capot-doubled",
             "hanging-to-more")  # fmt: skip
    result = score(with_switches(deal, *names))
    raw, got = result["raw"], result["score"]
    total = raw["us"] + raw["them"]
    want = expected_raw_total(deal)
    if want is not None:
        if deal.get("capot") and kind_of(deal["contract"]) == "no-trumps":
            want += 90  # the capot bonus doubled with the cards
        assert total == want
    mult = deal.get("multiplier", 1)
    assert got["us"] + got["them"] + result["hanging"] - deal.get("hanging", 0) == half_up(
        total * mult
    )
    assert min(got.values()) >= 0


@SETTINGS
@given(belot_deals())
def test_a_switch_that_does_not_apply_changes_nothing(deal: dict[str, Any]) -> None:
    kind = kind_of(deal["contract"])
    untouched = []
    if kind != "no-trumps":
        untouched += ["no-trumps-round-first", "no-trumps-capot-doubled"]
    if deal.get("multiplier", 1) == 1:
        untouched.append("contra-round-first")
    if not deal.get("hanging"):
        untouched.append("hanging-to-more")
    assert answer(with_switches(deal, *untouched)) == answer(deal)


@SETTINGS
@given(baloot_rounds())
def test_baloot_switches_score_whole_points(deal: dict[str, Any]) -> None:
    """Every Baloot switch on at once still scores whole, non-negative points, and a won
    sakka is 152 (154 with a baloot) to the winner."""
    names = [s.name for s in SWITCHES_OF[Game.BALOOT]]
    result = answer({**deal, "rules": {"preset": "sa", **dict.fromkeys(names, True)}})
    if "error" in result:
        return
    got = result["score"]
    assert all(type(v) is int and v >= 0 for v in got.values())
    if "match_winner" in result:
        assert got[result["match_winner"]] in (152, 154)


def test_a_stored_match_keeps_its_rules_when_a_default_changes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A match made with house rules keeps the resolved object (every switch), so turning a
    switch's default on later changes neither its rules nor its sheet."""
    rules = rules_for(Game.BELOT, {"preset": "bg"})
    deal = {"contract": "hearts", "declarer": "us", "cards": {"us": 96}, "last_trick": "us"}
    match = Match("belot", rules.key, (deal,))
    before = match.replay()
    assert before.rows[0].result["score"] == {"us": 10, "them": 6}
    switch = SWITCH_BY_NAME["border-to-declarers"]
    changed = {**SWITCHES_OF, Game.BELOT: tuple(
        replace(s, default=True) if s is switch else s for s in SWITCHES_OF[Game.BELOT]
    )}  # fmt: skip
    monkeypatch.setattr(presets, "SWITCHES_OF", changed)
    monkeypatch.setattr(presets, "_MADE", {})
    assert house_rules(Game.BELOT, {"preset": "bg"}).on == {"border-to-declarers"}
    again = Match("belot", rules.key, (deal,))
    assert again.replay().rows == before.rows
    assert find_preset(rules.key).on == frozenset()


def test_rules_kept_as_a_name_or_the_resolved_object() -> None:
    assert rules_for(Game.BELOT, "bg").key == "bg"
    assert rules_for(Game.BELOT, None).to_json() == "bg"
    resolved = rules_for(Game.BALOOT, {"tie-by-abnat": True}).to_json()
    assert resolved == {"preset": "sa", **{s.name: s.name == "tie-by-abnat"
                                           for s in SWITCHES_OF[Game.BALOOT]}}  # fmt: skip
    key = rules_for(Game.BALOOT, resolved).key
    assert find_preset(key).to_json() == resolved
    assert find_preset(key) is find_preset(key)  # made once, then looked up
