"""The plain reading (`belot.core.plain`) builds exactly what the careful one builds, or steps
aside: it never decides an answer by itself (issue 12)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belot.core import plain
from belot.core.contract import parse_checked, result_json, score_value
from belot.core.errors import BelotError
from belot.core.match import _with_match_fields
from belot.core.presets import DEFAULT_PRESET, PRESETS, find_preset
from belot.core.switches import SWITCHES_OF
from belot.core.types import Game
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
    # House rules and combinations (issue 33) are looked up too.
    assert same_result_as_careful({**made, "rules": {"preset": "bg"}})
    assert same_result_as_careful({**made, "declarations": {"us": [{"kind": "tierce",
                                                                     "high": "K"}]}})  # fmt: skip
    # Baloot's gahwa and kaboot too (issue 33, `plain_baloot`).
    baloot = {"game": "baloot", "mode": "hokm", "buyer": "us", "abnat": {"them": 62}}
    assert same_result_as_careful({**baloot, "multiplier": "gahwa"})
    assert same_result_as_careful({"game": "baloot", "mode": "sun", "buyer": "us", "kaboot": "us"})
    # A capot alone (its team's last trick, or none said) and under house rules (issue 33).
    capot = {k: v for k, v in made.items() if k not in ("cards", "last_trick")} | {"capot": "them"}
    assert same_result_as_careful(capot)
    assert same_result_as_careful({**capot, "last_trick": "them", "multiplier": 2})
    no_trumps = {**capot, "contract": "no-trumps", "declarations": {}}
    doubled = {**no_trumps, "rules": {"preset": "bg", "no-trumps-capot-doubled": True}}
    assert same_result_as_careful(no_trumps) and same_result_as_careful(doubled)
    assert plain.score(doubled)["raw"] == {"us": 0, "them": 2 * (120 + 10) + 2 * 90}  # RULES 4.1
    # Steps aside: a capot beside the piles, both teams' values, odd rules, a kaboot beside
    # abnat; a match's capot (the match records it, RULES 1.8).
    assert not same_result_as_careful({**made, "capot": "us"})
    assert not same_result_as_careful({**made, "declarations": {"us": [20], "them": [100]}})
    assert not same_result_as_careful({**made, "rules": {"preset": "bg", "hanging-to-more": 1}})
    assert not same_result_as_careful({**made, "rules": {"preset": "sa"}})
    assert not same_result_as_careful({**baloot, "kaboot": "us"})


# -- House rules and combinations by lookups (issue 33) ---------------------------------------


@st.composite
def with_house_rules(draw: st.DrawFn, deals: st.SearchStrategy[dict[str, Any]]) -> dict[str, Any]:
    """A legal deal under a rules object: its preset (or none: the game's default) and some
    of its game's switches, each on or off; now and then a value the careful way refuses."""
    deal = dict(draw(deals))
    game = Game(deal["game"])
    rules: dict[str, Any] = {}
    if draw(st.booleans()):
        rules["preset"] = deal.get("rules") or DEFAULT_PRESET[game]
    names = [s.name for s in SWITCHES_OF[game]]
    for name in draw(st.lists(st.sampled_from(names), unique=True, max_size=5)):
        rules[name] = draw(st.booleans())
    if draw(st.integers(0, 9)) == 0:
        rules[draw(st.sampled_from([*names, "preset", "x"]))] = draw(json_values)
    deal["rules"] = rules
    return deal


@SETTINGS
@given(with_house_rules(belot_deals() | baloot_rounds()))
def test_lookups_score_house_rules_as_the_careful_way(deal: dict[str, Any]) -> None:
    same_result_as_careful(deal)


RANK_NAMES = ("7", "8", "9", "10", "J", "Q", "K", "A")
COMBINATION = st.one_of(
    st.fixed_dictionaries({"kind": st.sampled_from(["tierce", "quarte", "quint", "carre"]),
                           "high": st.sampled_from(RANK_NAMES)}),
    st.fixed_dictionaries({"kind": st.sampled_from(["tierce", "carre", "x", ""]),
                           "high": st.sampled_from([*RANK_NAMES, "1", "k"]) | json_values}),
    st.fixed_dictionaries({"kind": st.just("tierce"), "high": st.just("K"),
                           "x": json_values}),
    st.fixed_dictionaries({"kind": st.just("carre")}),
    st.sampled_from([20, 50, 100]),
)  # fmt: skip


@SETTINGS
@given(
    belot_deals(),
    st.lists(COMBINATION, max_size=7),
    st.lists(COMBINATION, max_size=7) | st.none(),
)
def test_lookups_resolve_any_combinations_as_the_careful_way(
    deal: dict[str, Any], ours: list[Any], theirs: list[Any] | None
) -> None:
    """Combinations that exist, that cannot (a top too low, a carré of 8s, the same carré
    twice, too many), odd items and a mix with values: the careful way's result or a step
    aside."""
    same_result_as_careful({**deal, "declarations": {"us": ours, "them": theirs}})


@pytest.mark.parametrize(
    ("deal", "raw", "outcome", "score", "hanging"),
    [
        # RULES 1.4: sequences and carrés are two contests; equal best sequences cancel.
        ({"declarations": {"us": [{"kind": "quarte", "high": "K"}],
                           "them": [{"kind": "quarte", "high": "A"},
                                    {"kind": "carre", "high": "9"}]}},
         (82, 280), "inside", (0, 36), 0),
        ({"declarations": {"us": [{"kind": "tierce", "high": "A"},
                                  {"kind": "carre", "high": "J"}],
                           "them": [{"kind": "tierce", "high": "A"},
                                    {"kind": "carre", "high": "Q"}]}},
         (282, 80), "made", (28, 8), 0),
        # RULES 4.1: border-to-declarers (suit 106 : 56 -> 11 : 5), contra-round-first
        # (212 x 4 -> 84), hanging-to-more (an equal split keeps the carried points hanging).
        ({"rules": {"preset": "bg", "border-to-declarers": True}, "cards": {"us": 96}},
         (106, 56), "made", (11, 5), 0),
        ({"rules": {"border-to-declarers": True}, "cards": {"us": 96}, "multiplier": 2},
         (106, 56), "made", (32, 0), 0),
        ({"rules": {"contra-round-first": True}, "multiplier": 4, "cards": {"us": 102},
          "declarations": {"us": [50]}}, (162, 50), "made", (84, 0), 0),
        ({"rules": {"hanging-to-more": True}, "hanging": 9, "cards": {"us": 72}},
         (82, 80), "made", (8, 8), 9),
        ({"rules": {"hanging-to-more": True}, "hanging": 9, "cards": {"us": 92}},
         (102, 60), "made", (19, 6), 0),
    ],
)  # fmt: skip
def test_combinations_and_house_rules_by_lookups(
    deal: dict[str, Any], raw: tuple[int, int], outcome: str, score: tuple[int, int], hanging: int
) -> None:
    full = {"game": "belot", "contract": "hearts", "declarer": "us", "cards": {"us": 72},
            "last_trick": "us", **deal}  # fmt: skip
    assert plain.numbers(full) == (*raw, outcome, *score, hanging)
    assert same_result_as_careful(full)


BALOOT = {"game": "baloot", "mode": "hokm", "buyer": "us", "abnat": {"them": 62}}


@pytest.mark.parametrize(
    ("deal", "answer"),
    [
        # RULES 4.2: baloot outside the verdict (8 : 8, our baloot after it: a tie, not made).
        ({"abnat": {"them": 82}, "baloot": "us",
          "rules": {"baloot-outside-verdict": True}}, ("tie", 10, 8)),
        ({"abnat": {"them": 82}, "baloot": "us"}, ("made", 10, 8)),
        # a doubled tie to the opponents; a doubled made round split
        ({"abnat": {"them": 76}, "multiplier": 2,
          "rules": {"doubled-tie-to-opponents": True}}, ("lost", 0, 32)),
        ({"multiplier": 2, "projects": {"us": ["sira"]},
          "rules": {"doubled-made-split": True}}, ("made", 24, 12)),
        # the Sun double whatever the totals
        ({"mode": "sun", "abnat": {"them": 50}, "multiplier": 2, "before": {"us": 10, "them": 0},
          "rules": {"sun-double-always": True}}, ("made", 52, 0)),
    ],
)  # fmt: skip
def test_baloot_house_rules_by_lookups(deal: dict[str, Any], answer: tuple[Any, ...]) -> None:
    full = {**BALOOT, **deal}
    assert plain.numbers(full) == answer
    assert same_result_as_careful(full)


@pytest.mark.parametrize(
    "deal",
    [
        {**BALOOT, "abnat": {"them": 76}, "rules": {"tie-by-abnat": True}},
        {**BALOOT, "abnat": {"them": 66}, "rules": {"hokm-sixes-to-fewer": True}},
        {"game": "belot", "contract": "no-trumps", "declarer": "us", "cards": {"us": 72},
         "last_trick": "us", "rules": {"no-trumps-round-first": True}},
        {"game": "belot", "contract": "hearts", "declarer": "us", "cards": {"us": 72},
         "last_trick": "us", "rules": {"preset": "sa"}},
        {"game": "belot", "contract": "hearts", "declarer": "us", "cards": {"us": 72},
         "last_trick": "us", "rules": {"hanging-to-more": "yes"}},
    ],
)  # fmt: skip
def test_the_lookups_leave_these_house_rules_to_the_careful_way(deal: dict[str, Any]) -> None:
    """Where a switch decides by what the lookups do not hold (raw abnat, both teams' sixes,
    no trumps rounded first), and rules to refuse: a step aside."""
    with pytest.raises(plain.GIVE_UP):
        plain.numbers(deal)
