"""Saudi Baloot by lookups (`belot.core.plain_baloot`, `Baloot.quick`, issue 33): the rounds
tables enter — projects with their top card, kaboot, gahwa, house rules, match totals — get
exactly the careful way's answer (the same JSON, the same key order), or a step aside; never
an answer where the careful way refuses."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belot.contract import score
from belot.core import plain
from belot.core.contract import parse_checked, result_json, score_value
from belot.core.errors import BelotError
from belot.core.games.baloot import Baloot
from belot.core.match import _with_match_fields
from belot.core.presets import PRESETS
from belot.core.switches import SWITCHES_OF
from belot.core.types import Game
from support import examples

from .test_plain import with_house_rules
from .test_properties import baloot_rounds, json_values, mutated

SETTINGS = settings(
    max_examples=examples(500), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
SWITCHES = [s.name for s in SWITCHES_OF[Game.BALOOT]]
RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
KINDS = ("sira", "fifty", "hundred", "four-hundred")


def quick_as_careful(data: Any) -> bool:
    """True when the lookups scored the round: the careful way then accepts it and gives the
    very same result, in every written form (`Baloot.quick`, `plain.score` / `text` /
    `compact`, `contract.score`)."""
    try:
        fast = Baloot.quick(data)
    except plain.GIVE_UP:
        with pytest.raises(plain.GIVE_UP):
            plain.numbers(data)  # the same lookups: they step aside alike
        return False
    try:
        careful = result_json(score_value(parse_checked(data)))
    except BelotError as err:  # pragma: no cover - the failure this test exists to catch
        raise AssertionError(f"the lookups scored what the careful way refuses: {err!r}") from err
    assert fast == careful
    assert json.dumps(fast) == json.dumps(careful)  # the same keys in the same order
    assert score(data) == careful
    assert plain.score(data) == careful
    assert plain.text(data) == json.dumps(careful, ensure_ascii=False) + "\n"
    assert plain.compact(data) == json.dumps(careful, separators=(",", ":")).encode()
    return True


# A project as a deal may name it: by name, with its top card (one it can have or not, or an
# odd one), a kind alone, a top card alone, an extra key, anything.
PROJECT = st.one_of(
    st.sampled_from(KINDS),
    st.fixed_dictionaries({"kind": st.sampled_from(KINDS), "high": st.sampled_from(RANKS)}),
    st.fixed_dictionaries({"kind": st.sampled_from(KINDS),
                           "high": st.sampled_from([None, "1", "k", "T", 10]) | json_values}),
    st.fixed_dictionaries({"kind": st.sampled_from(KINDS)}),
    st.fixed_dictionaries({"high": st.sampled_from(RANKS)}),
    st.fixed_dictionaries({"kind": st.sampled_from(KINDS), "high": st.just("A"),
                           "x": json_values}),
    st.sampled_from(["x", "", "Sira", 2, None, True]) | json_values,
    st.tuples(st.sampled_from(KINDS), st.sampled_from(RANKS)),  # no JSON: a Python caller's
)  # fmt: skip
# Same levels, often: the top cards and the team sitting first decide.
LEVELLED = st.fixed_dictionaries(
    {"kind": st.sampled_from(["sira", "hundred"]), "high": st.sampled_from(RANKS[2:])}
) | st.sampled_from(["sira", "hundred"])


@st.composite
def rounds_with_projects(draw: st.DrawFn) -> dict[str, Any]:
    deal = dict(draw(baloot_rounds()))
    items = draw(st.sampled_from([PROJECT, LEVELLED]))
    deal["projects"] = {
        "us": draw(st.lists(items, max_size=5) | st.none()),
        "them": draw(st.lists(items, max_size=5) | st.none()),
    }
    if draw(st.booleans()):
        deal["projects_first"] = draw(st.sampled_from(["us", "them"]))
    elif draw(st.integers(0, 9)) == 0:
        deal["projects_first"] = draw(json_values)
    return deal


@st.composite
def odd_rounds(draw: st.DrawFn) -> dict[str, Any]:
    """A legal round with a field of the new shapes set to a value the careful way may
    refuse: a kaboot beside abnat, a gahwa in Sun, a multiplier out of range, totals
    out of range, a baloot in Sun."""
    deal = dict(draw(baloot_rounds()))
    field = draw(st.sampled_from(["kaboot", "multiplier", "abnat", "before", "baloot"]))
    deal[field] = draw(
        st.sampled_from(["us", "them", "gahwa", "Gahwa", 0, 1, 2, 3, 4, 5, None, True, 2.0])
        | st.fixed_dictionaries({"us": st.integers(-1, 200), "them": st.integers(-1, 200)})
        | st.dictionaries(st.sampled_from(["us", "them", "x"]), st.integers(0, 162), max_size=2)
        | json_values
    )
    return deal


@SETTINGS
@given(baloot_rounds() | with_house_rules(baloot_rounds()))
def test_legal_rounds_as_the_careful_way(deal: dict[str, Any]) -> None:
    quick_as_careful(deal)


@SETTINGS
@given(rounds_with_projects() | with_house_rules(rounds_with_projects()))
def test_any_projects_as_the_careful_way(deal: dict[str, Any]) -> None:
    quick_as_careful(deal)


@SETTINGS
@given(odd_rounds() | with_house_rules(odd_rounds()))
def test_odd_values_as_the_careful_way(deal: dict[str, Any]) -> None:
    quick_as_careful(deal)


@SETTINGS
@given(mutated() | json_values)
def test_mutated_rounds_as_the_careful_way(deal: Any) -> None:
    if isinstance(deal, dict) and deal.get("game") == "baloot":
        quick_as_careful(deal)


@SETTINGS
@given(baloot_rounds() | rounds_with_projects(), st.integers(0, 160), st.integers(0, 160))
def test_a_round_in_a_match(deal: dict[str, Any], us: int, them: int) -> None:
    """A stored round in its match's place: the careful way's numbers, or a step aside (a
    kaboot and a gahwa always: the match reads more of them than their result)."""
    stored = {k: v for k, v in deal.items() if k not in ("game", "rules", "before")}
    preset, totals = PRESETS["sa"], {"us": us, "them": them}
    try:
        fast = plain.in_match_numbers(stored, preset, 0, totals)
    except plain.GIVE_UP:
        return
    assert "kaboot" not in stored and stored.get("multiplier") != "gahwa"
    careful = result_json(score_value(parse_checked(_with_match_fields(stored, preset, 0, totals))))
    assert (careful["outcome"], careful["score"]["us"], careful["score"]["them"]) == fast
    assert "match_winner" not in careful


HOKM = {"game": "baloot", "mode": "hokm", "buyer": "us", "abnat": {"them": 62}}


@pytest.mark.parametrize(
    ("deal", "answer"),
    [
        # RULES 2.7: the others' kaboot with a sira, the buyer's baloot: 27 : 2.
        ({"abnat": None, "kaboot": "them", "projects": {"them": ["sira"]}, "baloot": "us"},
         {"outcome": "kaboot", "score": {"us": 2, "them": 27}}),
        # a kaboot cancels the double (house rule kaboot-multiplied: it does not)
        ({"abnat": None, "kaboot": "us", "multiplier": 2}, {"outcome": "kaboot",
                                                              "score": {"us": 25, "them": 0}}),
        ({"abnat": None, "kaboot": "us", "multiplier": 2, "rules": {"kaboot-multiplied": True}},
         {"outcome": "kaboot", "score": {"us": 50, "them": 0}}),
        # a kaboot's own projects, whatever the others hold (compared: a house rule)
        ({"abnat": None, "kaboot": "us", "projects": {"us": ["sira"], "them": ["hundred"]}},
         {"outcome": "kaboot", "score": {"us": 27, "them": 0}}),
        ({"abnat": None, "kaboot": "us", "projects": {"us": ["sira"], "them": ["hundred"]},
          "rules": {"kaboot-projects-compared": True}},
         {"outcome": "kaboot", "score": {"us": 25, "them": 10}}),
        # a gahwa: 152 to its winner, the match won; its baloot beside it (a house rule)
        ({"multiplier": "gahwa", "baloot": "them"},
         {"outcome": "made", "score": {"us": 152, "them": 0}, "match_winner": "us"}),
        ({"multiplier": "gahwa", "baloot": "them", "rules": {"gahwa-baloot-after": True}},
         {"outcome": "made", "score": {"us": 152, "them": 2}, "match_winner": "us"}),
        ({"multiplier": "gahwa", "abnat": {"them": 100}},
         {"outcome": "lost", "score": {"us": 0, "them": 152}, "match_winner": "them"}),
        ({"abnat": None, "kaboot": "them", "multiplier": "gahwa"},
         {"outcome": "kaboot", "score": {"us": 0, "them": 152}, "match_winner": "them"}),
        # projects with their top card: same level, the higher top card (RULES 2.3)
        ({"abnat": {"them": 82}, "projects": {"us": [{"kind": "sira", "high": "K"}],
                                             "them": [{"kind": "sira", "high": "A"}]},
          "projects_first": "us"}, {"outcome": "lost", "score": {"us": 0, "them": 18}}),
        ({"abnat": {"them": 82}, "projects": {"us": [{"kind": "sira", "high": "K"}],
                                             "them": ["sira"]},
          "projects_first": "us"}, {"outcome": "made", "score": {"us": 10, "them": 8}}),
    ],
)  # fmt: skip
def test_tables_rounds_by_lookups(deal: dict[str, Any], answer: dict[str, Any]) -> None:
    full = {k: v for k, v in {**HOKM, **deal}.items() if v is not None}
    assert Baloot.quick(full) == answer
    assert quick_as_careful(full)


@pytest.mark.parametrize(
    "deal",
    [
        # gahwa-shutout-only decides every gahwa; abnat beside a kaboot; a gahwa in Sun
        {**HOKM, "multiplier": "gahwa", "rules": {"gahwa-shutout-only": True}},
        {**HOKM, "abnat": {"us": 162}, "kaboot": "us"},
        {**HOKM, "mode": "sun", "multiplier": "gahwa"},
        # a top card the project cannot have; four-hundred in Hokm; an unknown key
        {**HOKM, "projects": {"us": [{"kind": "sira", "high": "8"}]}},
        {**HOKM, "projects": {"us": ["four-hundred"]}},
        {**HOKM, "projects": {"us": [{"kind": "sira", "top": "9"}]}},
        {**HOKM, "projects": {"us": [("sira", "9")]}},
        # equal best projects, no top cards to part them, nobody said who sits first
        {**HOKM, "projects": {"us": [{"kind": "sira", "high": "9"}], "them": ["sira"]}},
        {**HOKM, "mode": "sun", "abnat": {"them": 62},
         "projects": {"us": ["four-hundred"], "them": [{"kind": "four-hundred", "high": "A"}]},
         "projects_first": "us"},
    ],
)  # fmt: skip
def test_the_lookups_leave_these_to_the_careful_way(deal: dict[str, Any]) -> None:
    with pytest.raises(plain.GIVE_UP):
        Baloot.quick(deal)
    assert not quick_as_careful(deal)
