"""The French games scored by lookups (`belot.core.plain.numbers` through
`belot.core.french_deal.numbers`, issue 24): the careful way's very result in every written
form (dict, `belot score`'s line, the API's bytes), or a step aside — never an answer of its
own, never a refusal."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from belot.core import plain

from .test_french_properties import FIELDS, ODD, SETTINGS, french_deals
from .test_plain import same_result_as_careful, with_house_rules

PRESETS = st.sampled_from([None, "ffb", "coinche", "contree"])


@SETTINGS
@given(st.one_of(french_deals("french-belote"), french_deals("coinche")), PRESETS)
def test_lookups_score_legal_french_deals_as_the_careful_way(
    deal: dict[str, Any], preset: str | None
) -> None:
    if preset is not None:
        deal = {**deal, "rules": preset}
    same_result_as_careful(deal)


@SETTINGS
@given(
    st.one_of(french_deals("french-belote"), french_deals("coinche")),
    st.sampled_from([*FIELDS, "game", "x"]),
    ODD,
)
def test_lookups_answer_an_odd_french_deal_as_the_careful_way(
    deal: dict[str, Any], name: str, value: object
) -> None:
    same_result_as_careful({**deal, name: value})


@SETTINGS
@given(
    st.one_of(french_deals("french-belote"), french_deals("coinche")),
    st.sampled_from(["cards", "belots", "declarations"]),
    st.sampled_from(["us", "them", "x"]),
    ODD,
)
def test_lookups_answer_an_odd_team_value_as_the_careful_way(
    deal: dict[str, Any], name: str, team: str, value: object
) -> None:
    inner = deal.get(name)
    given = dict(inner) if isinstance(inner, dict) else {}
    same_result_as_careful({**deal, name: {**given, team: value}})


FB = {"game": "french-belote", "contract": "hearts", "declarer": "us"}
CO = {**FB, "game": "coinche"}


@pytest.mark.parametrize(
    ("deal", "raw", "outcome", "score", "hanging"),
    [
        # RULES.md 5.8
        ({**FB, "cards": {"us": 72}, "last_trick": "us"}, (82, 80), "made", (80, 80), 0),
        ({**FB, "cards": {"us": 70}, "last_trick": "us"}, (80, 82), "inside", (0, 160), 0),
        ({**FB, "capot": "us"}, (252, 0), "made", (250, 0), 0),
        ({**FB, "cards": {"them": 81}, "last_trick": "us", "hanging": 0}, (81, 81), "hanging",
         (0, 80), 80),
        ({**FB, "capot": "them", "belots": {"them": 1}}, (0, 272), "inside", (0, 270), 0),
        ({**FB, "cards": {"us": 72}, "last_trick": "us", "hanging": 80}, (82, 80), "made",
         (160, 80), 0),
        # RULES.md 6.7
        ({**CO, "bid": 110, "cards": {"us": 103}, "last_trick": "us"}, (113, 49), "made",
         (220, 50), 0),
        ({**CO, "bid": 100, "cards": {"us": 110}, "last_trick": "us", "multiplier": 4},
         (120, 42), "made", (1040, 0), 0),
        ({**CO, "bid": 100, "cards": {"us": 32}, "last_trick": "them", "multiplier": 2},
         (32, 130), "inside", (0, 520), 0),
        ({**CO, "bid": 140, "cards": {"us": 100}, "last_trick": "us", "belots": {"us": 1}},
         (130, 52), "inside", (20, 300), 0),
        ({**CO, "bid": "capot", "capot": "us", "multiplier": 2}, (252, 0), "made", (1000, 0), 0),
        ({**CO, "bid": "capot", "cards": {"us": 130}, "last_trick": "us"}, (140, 22), "inside",
         (0, 410), 0),
        ({**CO, "bid": 100, "cards": {"us": 110}, "last_trick": "us", "multiplier": 2,
          "declarations": {"us": [50], "them": []}, "belots": {"them": 1}}, (170, 62), "made",
         (620, 20), 0),
    ],
)  # fmt: skip
def test_the_common_french_deals_are_scored_by_lookups(
    deal: dict[str, Any], raw: tuple[int, int], outcome: str, score: tuple[int, int], hanging: int
) -> None:
    assert plain.numbers(deal) == (*raw, outcome, *score, hanging)
    assert same_result_as_careful(deal)


@pytest.mark.parametrize(
    "deal",
    [
        {**FB, "cards": {"us": 72}, "last_trick": "us", "declarations": {"us": [20]}},
        {**CO, "bid": 80, "cards": {"us": 72}, "last_trick": "us",
         "rules": {"points-annonces": True}},
        {**CO, "bid": 80, "cards": {"us": 72}, "last_trick": "us", "multiplier": 2,
         "rules": {"coinche-keeps-own": True}},
        {**CO, "bid": 80, "cards": {"us": 72}, "last_trick": "us",
         "rules": {"belote-not-for-contract": True}},
        {**CO, "bid": 80, "cards": {"us": 72}, "last_trick": "us", "multiplier": 4,
         "rules": {"surcoinche-x3": True}},
        {**CO, "bid": 80, "contract": "no-trumps", "cards": {"us": 72}, "last_trick": "us",
         "rules": {"sans-tout-atout": True}},
        {**FB, "cards": {"us": 72}, "last_trick": "us", "rules": {"annonces": "yes"}},
        {**CO, "bid": 80, "cards": {"us": 72}, "last_trick": "us", "generale": False},
        {**CO, "bid": 80, "cards": {"us": 72}, "last_trick": "us", "hanging": 10},
        {**CO, "bid": 80, "cards": {"us": 72}, "last_trick": "us", "rules": "contree",
         "declarations": {"us": [20]}},
        {**CO, "bid": "generale", "capot": "us"},
    ],
)  # fmt: skip
def test_the_lookups_step_aside_for_what_they_do_not_score(deal: dict[str, Any]) -> None:
    """Declarations where they are not played, a générale, hanging points in coinche, the
    house rules whose settlement the lookups leave aside, rules to refuse: the careful way
    scores or refuses them (combinations: `test_french_combination_lookups`)."""
    with pytest.raises(plain.GIVE_UP):
        plain.numbers(deal)


@SETTINGS
@given(st.one_of(french_deals("french-belote"), french_deals("coinche")), st.data())
def test_lookups_score_french_house_rules_as_the_careful_way(
    deal: dict[str, Any], data: st.DataObject
) -> None:
    """House rules over either preset (issue 33): some switches on or off, hanging points in
    coinche (allowed under litige), declarations in French belote (under annonces)."""
    if deal["game"] == "coinche" and data.draw(st.booleans()):
        deal = {**deal, "hanging": data.draw(st.sampled_from([0, 80, 160]))}
    if deal["game"] == "french-belote" and data.draw(st.booleans()):
        deal = {**deal, "declarations": {data.draw(st.sampled_from(["us", "them"])):
                                         data.draw(st.lists(st.sampled_from([20, 50, 100]),
                                                            min_size=1, max_size=2))}}  # fmt: skip
    preset = data.draw(st.sampled_from(["ffb"] if deal["game"] == "french-belote"
                                       else ["coinche", "contree"]))  # fmt: skip
    same_result_as_careful(data.draw(with_house_rules(st.just({**deal, "rules": preset}))))


@pytest.mark.parametrize(
    ("deal", "raw", "outcome", "score", "hanging"),
    [
        ({**FB, "cards": {"us": 72}, "last_trick": "us", "rules": {"preset": "ffb"}},
         (82, 80), "made", (80, 80), 0),
        # RULES 4.3: tie-inside, no-rounding, annonces
        ({**FB, "cards": {"them": 81}, "last_trick": "us", "rules": {"tie-inside": True}},
         (81, 81), "inside", (0, 160), 0),
        ({**FB, "cards": {"them": 81}, "last_trick": "us", "rules": {"no-rounding": True}},
         (81, 81), "hanging", (0, 81), 81),
        ({**FB, "cards": {"us": 60}, "last_trick": "us", "declarations": {"us": [20]},
          "rules": {"annonces": True}}, (90, 92), "inside", (0, 180), 0),
        # RULES 4.4: litige, failure-162, belote-not-multiplied, surcoinche-x3
        ({**CO, "bid": 80, "cards": {"them": 81}, "last_trick": "us",
          "rules": {"litige": True}}, (81, 81), "hanging", (0, 80), 160),
        ({**CO, "bid": 80, "cards": {"us": 72}, "last_trick": "us", "hanging": 160,
          "rules": {"litige": True}}, (82, 80), "made", (320, 80), 0),
        ({**CO, "bid": 100, "cards": {"us": 32}, "last_trick": "them", "multiplier": 2,
          "rules": {"failure-162": True}}, (32, 130), "inside", (0, 520), 0),
        ({**CO, "bid": 100, "cards": {"us": 110}, "last_trick": "us", "multiplier": 2,
          "belots": {"us": 1}, "rules": {"belote-not-multiplied": True}}, (140, 42), "made",
         (540, 0), 0),
        ({**CO, "bid": 100, "cards": {"us": 110}, "last_trick": "us", "multiplier": 3,
          "rules": {"surcoinche-x3": True}}, (120, 42), "made", (780, 0), 0),
    ],
)  # fmt: skip
def test_french_house_rules_by_lookups(
    deal: dict[str, Any], raw: tuple[int, int], outcome: str, score: tuple[int, int], hanging: int
) -> None:
    assert plain.numbers(deal) == (*raw, outcome, *score, hanging)
    assert same_result_as_careful(deal)
