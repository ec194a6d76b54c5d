"""The French games' declared combinations scored by lookups (`belot.core.french_lookups`,
issue 33): both teams' combinations, `trump` on a sequence, one contest (RULES.md 6.3) — the
careful way's very result wherever it answers, a step aside wherever it refuses, in every
written form."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from belot.core import plain

from .test_french_properties import SETTINGS, careful, french_deals
from .test_plain import same_result_as_careful, with_house_rules

RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
KINDS = ("tierce", "quarte", "quint", "carre")
# What a table may type in a combination's place by mistake.
ODD_ITEM = st.one_of(
    st.none(), st.booleans(), st.integers(-1, 10), st.floats(allow_nan=False, width=16),
    st.sampled_from(["", "x", "Tierce", "CARRE", "k", "1", "10 ", "j", "carre", "A", "true"]),
    st.lists(st.integers(0, 10), max_size=1), st.dictionaries(st.just("x"), st.none()),
)  # fmt: skip


@st.composite
def combination(draw: st.DrawFn, odd: bool = False) -> Any:
    """A combination as a deal gives it (any kind and top card: some cannot exist), its
    `trump` given or left out; `odd`: now and then a key changed, added or taken away, or not
    a combination at all."""
    item: dict[str, Any] = {
        "kind": draw(st.sampled_from(KINDS)),
        "high": draw(st.sampled_from(RANKS)),
    }
    trump = draw(st.sampled_from([None, False, True]))
    if trump is not None:
        item["trump"] = trump
    if odd:
        what = draw(st.integers(0, 9))
        if what == 0:
            return draw(ODD_ITEM | st.sampled_from([20, 50, 100, 150, 200]))
        if what == 1:
            item.pop(draw(st.sampled_from(sorted(item))))
        elif what <= 3:
            item[draw(st.sampled_from(["kind", "high", "trump", "x", "length"]))] = draw(ODD_ITEM)
    return item


@st.composite
def combinations(draw: st.DrawFn, odd: bool = False) -> Any:
    """Both teams' combinations (a team left out now and then); `odd`: odd items, too many
    of them, a team's list that is none."""
    out: dict[str, Any] = {}
    for team in ("us", "them"):
        if draw(st.integers(0, 5)) == 0:
            continue
        out[team] = draw(st.lists(combination(odd), max_size=7 if odd else 3))
    if odd and draw(st.integers(0, 5)) == 0:
        out[draw(st.sampled_from(["us", "them", "x"]))] = draw(ODD_ITEM)
    return out


def scored_as_careful(deal: dict[str, Any]) -> bool:
    """The lookups scored the deal (and gave the careful way's result), or stepped aside."""
    return same_result_as_careful(deal)


@SETTINGS
@given(french_deals("coinche"), combinations(), st.sampled_from([None, "coinche"]))
def test_lookups_take_every_combination_the_careful_way_takes(
    deal: dict[str, Any], declared: dict[str, Any], preset: str | None
) -> None:
    """Coinche under its preset: a plain deal with combinations is scored by lookups exactly
    when the careful way scores it (never a step aside for a shape tables enter)."""
    deal = {**deal, "declarations": declared}
    if preset is not None:
        deal["rules"] = preset
    accepted = type(careful(deal)) is dict
    assert scored_as_careful(deal) == accepted


@SETTINGS
@given(french_deals("french-belote"), combinations(), st.booleans())
def test_french_belote_combinations_under_annonces(
    deal: dict[str, Any], declared: dict[str, Any], annonces: bool
) -> None:
    """French belote: combinations scored by lookups under `annonces` wherever the careful
    way takes them; without it they are refused, and the lookups step aside."""
    deal = {**deal, "declarations": declared, "rules": {"annonces": annonces}}
    accepted = type(careful(deal)) is dict
    assert scored_as_careful(deal) == accepted


@SETTINGS
@given(
    st.one_of(french_deals("french-belote"), french_deals("coinche")),
    combinations(odd=True),
    st.sampled_from([None, "ffb", "coinche", "contree", {"annonces": True}]),
)
def test_lookups_answer_odd_combinations_as_the_careful_way(
    deal: dict[str, Any], declared: dict[str, Any], rules: Any
) -> None:
    """Odd items (an unknown kind or card, a carré of 8s, a carré twice, a `trump` that is no
    boolean, a key besides these, too many, values among combinations): the careful way's
    result, or a step aside where it refuses."""
    deal = {**deal, "declarations": declared}
    if rules is not None:
        deal["rules"] = rules
    scored_as_careful(deal)


@SETTINGS
@given(french_deals("coinche"), combinations(), st.data())
def test_lookups_score_combinations_under_house_rules_as_the_careful_way(
    deal: dict[str, Any], declared: dict[str, Any], data: st.DataObject
) -> None:
    """Combinations over a rules object (litige, failure-162, belote-not-multiplied and every
    other switch, hanging points carried in)."""
    deal = {
        **deal,
        "declarations": declared,
        "rules": data.draw(st.sampled_from(["coinche", "contree"])),
    }
    if data.draw(st.booleans()):
        deal["hanging"] = data.draw(st.sampled_from([0, 160, 250]))
    scored_as_careful(data.draw(with_house_rules(st.just(deal))))


CO = {"game": "coinche", "contract": "hearts", "declarer": "us", "bid": 80,
      "cards": {"us": 90}, "last_trick": "us"}  # fmt: skip


def seq(kind: str, high: str, trump: bool | None = None) -> dict[str, Any]:
    item: dict[str, Any] = {"kind": kind, "high": high}
    if trump is not None:
        item["trump"] = trump
    return item


@pytest.mark.parametrize(
    ("us", "them", "counted"),
    [
        # RULES 6.3: the strongest declaration takes all of its team's, the weaker ones too
        ([seq("tierce", "K"), seq("tierce", "9")], [seq("tierce", "Q")], (40, 0)),
        ([seq("tierce", "K")], [seq("quarte", "10")], (0, 50)),
        # equal value: a carré beats a sequence; carrés of 100: A > K > Q > 10
        ([seq("quint", "A")], [seq("carre", "10")], (0, 100)),
        ([seq("carre", "Q"), seq("tierce", "A")], [seq("carre", "K")], (0, 100)),
        ([seq("carre", "9")], [seq("carre", "J")], (0, 200)),
        # equal sequences: the one in trump; still equal: nobody
        ([seq("tierce", "K", True)], [seq("tierce", "K", False)], (20, 0)),
        ([seq("tierce", "K")], [seq("tierce", "K", False)], (0, 0)),
        ([seq("tierce", "K", True)], [seq("tierce", "K", True)], (0, 0)),
        ([], [seq("tierce", "9")], (0, 20)),
    ],
)
def test_the_contest_by_lookups(
    us: list[dict[str, Any]], them: list[dict[str, Any]], counted: tuple[int, int]
) -> None:
    deal = {**CO, "declarations": {"us": us, "them": them}}
    raw = plain.numbers(deal)[:2]
    assert raw == (100 + counted[0], 62 + counted[1])
    assert scored_as_careful(deal)


@pytest.mark.parametrize(
    ("declared", "rules"),
    [
        ({"us": [seq("tierce", "8")]}, "coinche"),  # a tierce tops at 9 or more
        ({"us": [seq("quint", "10")]}, "coinche"),
        ({"us": [seq("carre", "8")]}, "coinche"),  # no carré of 8s
        ({"us": [seq("carre", "A")], "them": [seq("carre", "A")]}, "coinche"),  # twice
        ({"us": [seq("carre", "J"), seq("carre", "J")]}, "coinche"),
        ({"us": [{"kind": "tierce", "high": "K", "trump": 1}]}, "coinche"),
        ({"us": [{"kind": "tierce", "high": "K", "length": 3}]}, "coinche"),
        ({"us": [{"kind": "tierce"}]}, "coinche"),
        ({"us": [seq("tierce", "k")]}, "coinche"),
        ({"us": [seq("tierce", "K")], "them": [20]}, "coinche"),  # mixed forms
        ({"us": [20, seq("tierce", "K")]}, "coinche"),
        ({"us": [seq("tierce", "K")] * 7}, "coinche"),  # more than a team holds
        ({"them": [seq("tierce", "K")] * 7}, "coinche"),
        ({"us": [seq("tierce", "K")] * 3, "them": [seq("quarte", "A")] * 7}, "coinche"),
        ({"us": [seq("tierce", "K")]}, "contree"),  # not played
        ({"us": [seq("tierce", "K")], "x": []}, "coinche"),
        # a team's declarations that are no list, beside the other's
        ({"us": [seq("tierce", "K")], "them": 0}, "coinche"),
        ({"us": [20], "them": ""}, "coinche"),
        ({"us": False, "them": [seq("tierce", "K")]}, "coinche"),
        ({"us": {}, "them": [50]}, "coinche"),
        ({"us": "", "them": []}, "coinche"),
    ],
)  # fmt: skip
def test_the_lookups_step_aside_for_combinations_the_careful_way_refuses(
    declared: dict[str, Any], rules: str
) -> None:
    deal = {**CO, "declarations": declared, "rules": rules}
    assert type(careful(deal)) is tuple  # refused, and worded, by the careful way
    with pytest.raises(plain.GIVE_UP):
        plain.numbers(deal)
