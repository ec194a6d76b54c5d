"""Property tests of the French games (RULES.md §5, §6) on generated legal deals:

(a) every switch given off scores exactly as the preset;
(b) 5.6 / 6.4: rounding never changes an outcome (the records with and without it);
(c) a made deal's exact records sum to RULES' totals: French belote 162 (252 with a capot) +
    belotes + declarations; coinche (not coinched) the same + the bid;
(d) swapping us and them in the input swaps the output;
(e) a match replayed under its stored rules gives the same sheet.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belot.contract import score
from belot.core import plain
from belot.core.match import Match
from belot.core.switches import SWITCHES_OF
from belot.core.types import Game
from support import examples

from .test_properties import REACHABLE

SETTINGS = settings(
    max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
OTHER = {"us": "them", "them": "us"}
SUITS = ("clubs", "diamonds", "hearts", "spades")


@st.composite
def french_deals(draw: st.DrawFn, game: str) -> dict[str, Any]:
    """A legal deal of `game` under its default preset (declarations as values of one team)."""
    deal: dict[str, Any] = {
        "game": game,
        "contract": draw(st.sampled_from(SUITS)),
        "declarer": draw(st.sampled_from(("us", "them"))),
    }
    capot = draw(st.sampled_from([None, None, None, "us", "them"]))
    if capot:
        deal["capot"] = capot
    else:
        team = draw(st.sampled_from(("us", "them")))
        deal["cards"] = {team: draw(st.sampled_from(REACHABLE["suit"]))}
        deal["last_trick"] = draw(st.sampled_from(("us", "them")))
    belote = draw(st.sampled_from([None, None, "us", "them"]))
    if belote:
        deal["belots"] = {belote: 1}
    if game == "coinche":
        deal["bid"] = draw(st.sampled_from([*range(80, 250, 10), "capot"]))
        deal["multiplier"] = draw(st.sampled_from([1, 1, 2, 4]))
        holder = draw(st.sampled_from([None, "us", "them"]))
        if holder:
            values = draw(st.lists(st.sampled_from([20, 50, 100]), min_size=1, max_size=2))
            deal["declarations"] = {holder: values}
    elif draw(st.booleans()):
        deal["hanging"] = draw(st.sampled_from([0, 80, 160]))
    return deal


def with_all_off(deal: dict[str, Any], preset: str) -> dict[str, Any]:
    off = {s.name: False for s in SWITCHES_OF[Game(deal["game"])]}
    return {**deal, "rules": {"preset": preset, **off}}


def exact(deal: dict[str, Any], preset: str) -> dict[str, Any]:
    return score({**deal, "rules": {"preset": preset, "no-rounding": True}})


@SETTINGS
@given(st.one_of(french_deals("french-belote"), french_deals("coinche")))
def test_every_switch_off_is_the_preset(deal: dict[str, Any]) -> None:
    preset = "ffb" if deal["game"] == "french-belote" else "coinche"
    assert score(with_all_off(deal, preset)) == score(deal)


@SETTINGS
@given(st.one_of(french_deals("french-belote"), french_deals("coinche")))
def test_rounding_never_changes_an_outcome(deal: dict[str, Any]) -> None:
    preset = "ffb" if deal["game"] == "french-belote" else "coinche"
    rounded, kept = score(deal), exact(deal, preset)
    assert rounded["outcome"] == kept["outcome"]
    assert rounded["raw"] == kept["raw"]
    for team in OTHER:  # each record to its nearest ten (5.6)
        assert rounded["score"][team] == (kept["score"][team] + 5) // 10 * 10


@SETTINGS
@given(french_deals("french-belote"))
def test_a_made_french_belote_deal_writes_the_whole_deal(deal: dict[str, Any]) -> None:
    deal.pop("hanging", None)
    result = exact(deal, "ffb")
    if result["outcome"] != "made":
        return
    belotes = 20 * sum(deal.get("belots", {}).values())
    whole = 252 if deal.get("capot") else 162
    assert result["score"]["us"] + result["score"]["them"] == whole + belotes


@SETTINGS
@given(french_deals("coinche"))
def test_a_made_coinche_deal_writes_the_whole_deal_and_the_bid(deal: dict[str, Any]) -> None:
    deal["multiplier"] = 1
    result = exact(deal, "coinche")
    if result["outcome"] != "made":
        return
    bid = 250 if deal["bid"] == "capot" else deal["bid"]
    belotes = 20 * sum(deal.get("belots", {}).values())
    declarations = sum(sum(v) for v in deal.get("declarations", {}).values())  # one team's
    whole = 252 if deal.get("capot") else 162
    assert result["score"]["us"] + result["score"]["them"] == whole + belotes + declarations + bid


def swapped(deal: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in deal.items():
        if isinstance(value, dict):
            out[key] = {OTHER[k]: v for k, v in value.items()}
        elif key in ("declarer", "capot", "last_trick"):
            out[key] = OTHER[value]
        else:
            out[key] = value
    return out


@SETTINGS
@given(st.one_of(french_deals("french-belote"), french_deals("coinche")))
def test_swapping_the_teams_swaps_the_result(deal: dict[str, Any]) -> None:
    result, mirror = score(deal), score(swapped(deal))
    assert mirror["outcome"] == result["outcome"] and mirror["hanging"] == result["hanging"]
    assert mirror["score"] == {OTHER[k]: v for k, v in result["score"].items()}
    assert mirror["raw"] == {OTHER[k]: v for k, v in result["raw"].items()}


@SETTINGS
@given(st.lists(french_deals("french-belote"), min_size=1, max_size=8))
def test_a_match_replays_the_same_sheet(deals: list[dict[str, Any]]) -> None:
    played = [{k: v for k, v in d.items() if k not in ("game", "hanging")} for d in deals]
    match = Match("french-belote", "ffb", (), target=10_000)
    for deal in played:
        match = match.add(deal)
    again = Match("french-belote", match.rules, match.deals, target=10_000)
    first, second = match.replay(), again.replay()
    assert first == second
    # what a litige leaves hanging is carried: each deal scored alone, hanging in, agrees
    hanging = 0
    for row, deal in zip(first.rows, played, strict=True):
        alone = score({"game": "french-belote", **deal, "hanging": hanging})
        assert row.result == alone
        hanging = alone["hanging"]


def careful(deal: dict[str, Any]) -> Any:
    from belot.core import contract
    from belot.core.errors import BelotError

    try:
        return contract.result_json(contract.score_value(contract.parse_checked(deal)))
    except BelotError as err:
        return (err.code, err.field)


@SETTINGS
@given(
    st.one_of(french_deals("french-belote"), french_deals("coinche")),
    st.sampled_from([None, "ffb", "coinche", "contree"]),
)
def test_the_fast_french_path_answers_as_the_careful_one(
    deal: dict[str, Any], preset: str | None
) -> None:
    """`contract.score`'s fast path for a French deal (`plain.score`, by `french_deal.numbers`)
    gives the careful reader's very result, or steps aside (`plain.GIVE_UP`) — never another
    answer, never a refusal of its own."""
    if preset is not None:
        deal = {**deal, "rules": preset}
    try:
        fast = plain.score(deal)
    except plain.GIVE_UP:
        return
    assert fast == careful(deal)


ODD = st.one_of(
    st.none(), st.booleans(), st.floats(allow_nan=False, width=16),
    st.integers(-200, 400), st.sampled_from(["us", "them", "capot", "hearts", "", "80"]),
    st.dictionaries(st.sampled_from(["us", "them", "x"]), st.integers(-5, 200), max_size=2),
    st.lists(st.integers(0, 200), max_size=2),
)  # fmt: skip
FIELDS = ("contract", "declarer", "bid", "multiplier", "cards", "last_trick", "capot",
          "belots", "hanging", "declarations", "generale", "rules")  # fmt: skip


@SETTINGS
@given(
    st.one_of(french_deals("french-belote"), french_deals("coinche")),
    st.sampled_from(FIELDS),
    ODD,
)
def test_the_fast_french_path_never_answers_an_odd_deal_otherwise(
    deal: dict[str, Any], name: str, value: object
) -> None:
    from belot.core import contract
    from belot.core.errors import BelotError
    from belot.core.french import score_french
    from belot.core.games.french import plain_value

    deal = {**deal, name: value}
    expected = careful(deal)
    try:
        fast = plain.score(deal)
    except plain.GIVE_UP:
        pass
    else:
        assert fast == expected
    try:  # the fast reader of bulk scoring and match replays: the same answer
        fields = plain_value(deal)
    except (KeyError, TypeError):
        return
    try:
        answer: Any = contract.result_json(score_french(fields))
    except BelotError as err:
        answer = (err.code, err.field)
    assert answer == expected
