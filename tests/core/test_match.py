"""Match replay (RULES.md 1.7, 1.8, 2.5, 2.6): hanging carried, the end of the match, edits."""

from __future__ import annotations

from typing import Any

import pytest

from belot.core.errors import BelotError
from belot.core.match import Match
from sample_deals import HANGING, LEVEL, MADE, RECONTRA

Deal = dict[str, Any]

# MADE 112 : 70 → 11 : 7; HANGING 91 : 91 → 0 : 9, 9 hang (RULES.md 1.9).
# They declare hearts and make it: 52 : 110 → 5 : 11.
THEY_MAKE: Deal = {
    "contract": "hearts",
    "declarer": "them",
    "cards": {"them": 100},
    "last_trick": "them",
}
# Contra, 81 : 81: (162 × 2) → 32 hang, nothing recorded.
CONTRA_TIE: Deal = {
    "contract": "clubs",
    "declarer": "us",
    "multiplier": 2,
    "cards": {"us": 71},
    "last_trick": "us",
}
# We declare clubs with 60 and no last trick: 60 : 102, inside, they record 162 → 16.
WE_GO_INSIDE: Deal = {
    "contract": "clubs",
    "declarer": "us",
    "cards": {"us": 60},
    "last_trick": "them",
}
# Our capot in hearts: 252 : 0 → 25 : 0.
CAPOT: Deal = {"contract": "hearts", "declarer": "us", "capot": "us"}
# RECONTRA (112 + 70) × 4 → 73 : 0; LEVEL all trumps 134 : 124 → 13 : 13.


def totals(match: Match) -> tuple[int, int]:
    sheet = match.replay()
    return sheet.totals["us"], sheet.totals["them"]


def belot(*deals: Deal, rules: str = "bg") -> Match:
    return Match("belot", rules, tuple(deals))


def test_hanging_points_go_to_the_next_winner() -> None:
    sheet = belot(HANGING, THEY_MAKE).replay()
    assert [row.result["score"] for row in sheet.rows] == [
        {"us": 0, "them": 9},
        {"us": 5, "them": 20},
    ]
    assert [row.hanging for row in sheet.rows] == [9, 0]
    assert sheet.rows[1].hanging_in == 9
    assert sheet.totals == {"us": 5, "them": 29}
    assert sheet.hanging == 0


def test_a_double_hanging_chain_adds_up_and_goes_to_the_declarers_who_make_it() -> None:
    sheet = belot(HANGING, HANGING, MADE).replay()
    assert [row.hanging for row in sheet.rows] == [9, 18, 0]
    assert sheet.rows[2].result["score"] == {"us": 11 + 18, "them": 7}
    assert sheet.totals == {"us": 29, "them": 9 + 9 + 7}


def test_contra_hanging_goes_to_the_opponents_when_the_declarers_go_inside() -> None:
    sheet = belot(CONTRA_TIE, WE_GO_INSIDE).replay()
    assert sheet.rows[0].result["score"] == {"us": 0, "them": 0}
    assert sheet.rows[0].hanging == 32
    assert sheet.rows[1].result["outcome"] == "inside"
    assert sheet.totals == {"us": 0, "them": 16 + 32}


def test_hanging_points_still_hanging_at_the_end_are_not_scored() -> None:
    sheet = belot(RECONTRA, RECONTRA, HANGING).replay()
    # 73 + 73 = 146, then 0 : 9 with 9 hanging: 146 : 9, nobody at 151 yet.
    assert not sheet.finished and sheet.hanging == 9
    sheet = belot(RECONTRA, RECONTRA, HANGING, RECONTRA).replay()
    assert sheet.finished and sheet.winner == "us"
    assert sheet.totals == {"us": 73 * 3 + 9, "them": 9}


def test_a_capot_that_reaches_151_plays_on() -> None:
    match = belot(RECONTRA, RECONTRA, CAPOT)
    sheet = match.replay()
    assert sheet.totals == {"us": 146 + 25, "them": 0}
    assert not sheet.finished, "с капо не се излиза: one more deal"
    sheet = match.add(LEVEL).replay()
    assert sheet.finished and sheet.winner == "us"
    assert sheet.totals == {"us": 184, "them": 13}


def test_equal_totals_over_151_play_on_until_one_leads() -> None:
    match = belot(*[LEVEL] * 12)
    assert totals(match) == (156, 156)
    assert not match.replay().finished
    sheet = match.add(MADE).replay()
    assert sheet.finished and sheet.winner == "us"
    assert sheet.totals == {"us": 167, "them": 163}


def test_no_deal_after_the_end() -> None:
    match = belot(RECONTRA, RECONTRA, RECONTRA)
    assert match.replay().winner == "us"
    with pytest.raises(BelotError) as caught:
        match.add(MADE)
    assert caught.value.code == "match-over"


def test_editing_deal_2_of_10_rescores_everything_after_it() -> None:
    deals = [MADE, MADE, THEY_MAKE, MADE, LEVEL, THEY_MAKE, MADE, LEVEL, THEY_MAKE, MADE]
    match = belot(*deals)
    assert totals(match) == (11 * 5 + 5 * 3 + 13 * 2, 7 * 5 + 11 * 3 + 13 * 2)  # (96, 94)
    edited = match.replace(2, HANGING).replay()
    # Deal 2 now hangs 9 (they record 9 instead of 7, we 0 instead of 11); deal 3, THEY_MAKE,
    # takes the 9: they record 11 + 9. Nothing else moves.
    assert [row.hanging for row in edited.rows][:3] == [0, 9, 0]
    assert edited.rows[2].result["score"] == {"us": 5, "them": 20}
    assert edited.totals == {"us": 96 - 11, "them": 94 - 7 + 9 + 9}
    assert [row.n for row in edited.rows] == list(range(1, 11))


def test_deleting_a_deal_moves_its_hanging_points() -> None:
    match = belot(HANGING, MADE, THEY_MAKE)
    assert totals(match) == (11 + 9 + 5, 9 + 7 + 11)
    assert totals(match.delete(2)) == (5, 9 + 11 + 9)


def test_an_edit_that_would_leave_deals_after_the_end_is_refused() -> None:
    match = belot(RECONTRA, RECONTRA, MADE, LEVEL)
    with pytest.raises(BelotError) as caught:
        match.replace(3, RECONTRA)  # 219 after deal 3: deal 4 would come after the end
    assert caught.value.code == "match-over"
    assert caught.value.field == "deals.4"


def test_an_invalid_new_deal_names_its_own_field() -> None:
    with pytest.raises(BelotError) as caught:
        belot(MADE).add({**MADE, "cards": {"us": 153}})
    assert (caught.value.code, caught.value.field) == ("cards-out-of-range", "cards.us")


@pytest.mark.parametrize(
    ("field", "value", "code"),
    [
        ("hanging", 9, "supplied-by-match"),
        ("rules", "bg-6up", "match-mismatch"),
        ("game", "baloot", "match-mismatch"),
    ],
)
def test_the_match_supplies_its_own_fields(field: str, value: object, code: str) -> None:
    with pytest.raises(BelotError) as caught:
        belot().add({**MADE, field: value})
    assert (caught.value.code, caught.value.field) == (code, field)


def test_presets_round_differently_in_a_match() -> None:
    six: Deal = {"contract": "diamonds", "declarer": "us", "cards": {"us": 86}, "last_trick": "us"}
    assert totals(belot(six)) == (9, 7)
    assert totals(belot(six, rules="bg-6up")) == (10, 6)


# Baloot ---------------------------------------------------------------------------------

# Hokm three, 62 abnat to the others, our sira: (16 + 2) × 3 = 54 : 0.
THREE: Deal = {"mode": "hokm", "buyer": "us", "multiplier": 3, "abnat": {"them": 62},
               "projects": {"us": ["sira"], "them": []}}  # fmt: skip
SUN_64: Deal = {"mode": "sun", "buyer": "us", "abnat": {"them": 64}}  # 14 : 12
SUN_DOUBLE: Deal = {"mode": "sun", "buyer": "us", "multiplier": 2, "abnat": {"them": 64}}


def baloot(*deals: Deal) -> Match:
    return Match("baloot", "sa", tuple(deals))


def test_a_sakka_ends_on_152() -> None:
    match = baloot(THREE, THREE)
    assert totals(match) == (108, 0) and not match.replay().finished
    sheet = match.add(THREE).replay()
    assert sheet.finished and sheet.winner == "us" and sheet.totals == {"us": 162, "them": 0}


def test_a_won_gahwa_ends_the_sakka_at_once() -> None:
    gahwa: Deal = {"mode": "hokm", "buyer": "us", "multiplier": "gahwa", "abnat": {"them": 100}}
    sheet = baloot(THREE, THREE, gahwa).replay()
    # 100 abnat → 10 for them, 6 for us: the buyer loses the gahwa, they win the sakka.
    assert sheet.rows[2].result == {"outcome": "lost", "score": {"us": 0, "them": 152},
                                    "match_winner": "them"}  # fmt: skip
    assert sheet.finished and sheet.winner == "them"
    assert sheet.totals == {"us": 108, "them": 152}


def test_the_sun_double_needs_the_buyer_over_100_and_the_others_at_100_or_less() -> None:
    with pytest.raises(BelotError) as caught:
        baloot(SUN_64).add(SUN_DOUBLE)  # 14 : 12 before: the buyer is not over 100
    assert (caught.value.code, caught.value.field) == ("sun-double-forbidden", "multiplier")
    match = baloot(THREE, THREE).add(SUN_DOUBLE)  # 108 : 0 before: allowed
    assert match.replay().rows[2].result == {"outcome": "made", "score": {"us": 52, "them": 0}}


def test_an_edit_can_make_a_later_sun_double_illegal() -> None:
    match = baloot(THREE, THREE, SUN_DOUBLE)
    with pytest.raises(BelotError) as caught:
        match.replace(1, SUN_64)  # 14 + 54 = 68 before deal 3
    assert (caught.value.code, caught.value.field) == ("sun-double-forbidden", "deals.3.multiplier")


def test_unknown_deal_number() -> None:
    with pytest.raises(BelotError) as caught:
        baloot(SUN_64).delete(2)
    assert caught.value.code == "deal-not-found"


@pytest.mark.parametrize(
    ("game", "rules", "deals"),
    [
        (
            "belot",
            "bg",
            [HANGING, HANGING, MADE, CONTRA_TIE, WE_GO_INSIDE, RECONTRA, CAPOT, LEVEL, RECONTRA],
        ),
        ("belot", "bg-6up", [LEVEL, HANGING, THEY_MAKE, RECONTRA, RECONTRA]),
        ("baloot", "sa", [SUN_64, THREE, THREE, SUN_DOUBLE]),
    ],
)
def test_extend_scores_one_deal_as_a_replay_would(game: str, rules: str, deals: list[Deal]) -> None:
    match = Match(game, rules)
    sheet = match.replay()
    for deal in deals:
        match, sheet = match.extend(sheet, deal)
        assert sheet == match.replay()
    assert sheet.finished
    with pytest.raises(BelotError) as caught:
        match.extend(sheet, deals[0])
    assert caught.value.code == "match-over"


def test_extend_names_the_new_deals_field_as_sent() -> None:
    match = belot(MADE)
    with pytest.raises(BelotError) as caught:
        match.extend(match.replay(), {**MADE, "multiplier": 3})
    assert (caught.value.code, caught.value.field) == ("invalid-multiplier", "multiplier")


def test_the_capot_rule_is_the_sheets_own_word() -> None:
    """RULES.md 1.8: past 151 on a capot, the sheet says why play goes on; the next deal ends it."""
    capot = {"contract": "all-trumps", "declarer": "us", "capot": "us"}
    match = Match("belot", "bg", (capot,) * 5)
    sheet = match.replay()
    assert sheet.totals["us"] >= 151 and not sheet.finished and sheet.capot_rule
    # A passed deal is no deal played: the rule still holds.
    passed = Match("belot", "bg", (*match.deals, {"passed": True})).replay()
    assert passed.capot_rule and not passed.finished
    small = {"contract": "clubs", "declarer": "them", "cards": {"them": 90}, "last_trick": "them"}
    ended = Match("belot", "bg", (*match.deals, small)).replay()
    assert ended.finished and ended.winner == "us" and not ended.capot_rule
