"""Every number of RULES.md as a table, each checked through `belot.contract.score`."""

from __future__ import annotations

from typing import Any

import pytest

from belot.contract import score
from belot.core.errors import BelotError


def belot(contract: str = "hearts", **fields: Any) -> dict[str, Any]:
    deal: dict[str, Any] = {"game": "belot", "contract": contract, "declarer": "us"}
    deal.update(fields)
    return deal


def baloot(mode: str = "hokm", **fields: Any) -> dict[str, Any]:
    deal: dict[str, Any] = {"game": "baloot", "mode": mode, "buyer": "us"}
    deal.update(fields)
    return deal


def refused(deal: dict[str, Any]) -> BelotError:
    with pytest.raises(BelotError) as caught:
        score(deal)
    return caught.value


# RULES 1.1: the deck's card points (and with the last trick); no trumps doubled by 1.3.
@pytest.mark.parametrize(
    ("contract", "deck", "raw_with_last"),
    [
        ("clubs", 152, 162),
        ("diamonds", 152, 162),
        ("hearts", 152, 162),
        ("spades", 152, 162),
        ("all-trumps", 248, 258),
        ("no-trumps", 120, 260),
    ],
)
def test_deck_totals(contract: str, deck: int, raw_with_last: int) -> None:
    result = score(belot(contract, cards={"us": deck}, last_trick="us"))
    assert result["raw"] == {"us": raw_with_last, "them": 0}
    assert refused(belot(contract, cards={"us": deck + 1}, last_trick="us")).code == (
        "cards-out-of-range"
    )
    assert refused(belot(contract, cards={"us": -1}, last_trick="us")).code == (
        "cards-out-of-range"
    )


# RULES 1.1 card values, seen through what a pile can add up to: (contract, points, possible).
# Suit: the smallest cards are a non-trump J (2) and Q (3); all trumps has no 2 (J is 20);
# no trumps has no 9 worth 14 and no J worth 20.
@pytest.mark.parametrize(
    ("contract", "points", "possible"),
    [
        ("hearts", 0, True),
        ("hearts", 1, False),
        ("hearts", 2, True),
        ("hearts", 3, True),
        ("hearts", 150, True),
        ("hearts", 151, False),
        ("hearts", 152, True),
        ("all-trumps", 1, False),
        ("all-trumps", 2, False),
        ("all-trumps", 3, True),
        ("all-trumps", 4, True),
        ("all-trumps", 5, False),
        ("all-trumps", 6, True),
        ("all-trumps", 7, True),
        ("all-trumps", 242, True),
        ("all-trumps", 243, False),
        ("all-trumps", 244, True),
        ("all-trumps", 245, True),
        ("all-trumps", 246, False),
        ("all-trumps", 247, False),
        ("all-trumps", 248, True),
        ("no-trumps", 1, False),
        ("no-trumps", 2, True),
        ("no-trumps", 118, True),
        ("no-trumps", 119, False),
        ("no-trumps", 120, True),
    ],
)
def test_reachable_card_points(contract: str, points: int, possible: bool) -> None:
    deal = belot(contract, cards={"us": points}, last_trick="them")
    if possible:
        assert score(deal)["raw"]["us"] == points * (2 if contract == "no-trumps" else 1)
    else:
        assert refused(deal).field == "cards.us"


# RULES 1.3: last trick 10 (doubled in no trumps), belot 20, capot 90 (never doubled).
@pytest.mark.parametrize(
    ("contract", "cards", "last", "belots", "raw_us"),
    [
        ("spades", 0, "us", 0, 10),
        ("spades", 0, "us", 1, 30),
        ("spades", 40, "them", 1, 60),
        ("all-trumps", 0, "us", 3, 70),
        ("no-trumps", 0, "us", 0, 20),
        ("no-trumps", 35, "them", 0, 70),
        ("no-trumps", 35, "us", 0, 90),
    ],
)
def test_last_trick_belot_and_doubling(
    contract: str, cards: int, last: str, belots: int, raw_us: int
) -> None:
    deal = belot(contract, cards={"us": cards}, last_trick=last, belots={"us": belots, "them": 0})
    if contract == "no-trumps":
        del deal["belots"]
    assert score(deal)["raw"]["us"] == raw_us


@pytest.mark.parametrize(
    ("contract", "capot_raw", "game_points"),
    [("hearts", 252, 25), ("all-trumps", 348, 35), ("no-trumps", 350, 35)],
)
@pytest.mark.parametrize("team", ["us", "them"])
def test_capot_totals(contract: str, capot_raw: int, game_points: int, team: str) -> None:
    result = score(belot(contract, capot=team))
    other = "them" if team == "us" else "us"
    assert result["raw"] == {team: capot_raw, other: 0}
    assert result["score"] == {team: game_points, other: 0}
    assert result["outcome"] == ("made" if team == "us" else "inside")


# RULES 1.4: declaration values, given as values and as combinations.
@pytest.mark.parametrize("value", [20, 50, 100, 150, 200])
def test_declaration_values(value: int) -> None:
    deal = belot(cards={"us": 0}, last_trick="them", declarations={"us": [value], "them": []})
    assert score(deal)["raw"]["us"] == value


@pytest.mark.parametrize(
    ("kind", "high", "points"),
    [
        ("tierce", "9", 20),
        ("tierce", "A", 20),
        ("quarte", "10", 50),
        ("quarte", "A", 50),
        ("quint", "J", 100),
        ("quint", "A", 100),
        ("carre", "J", 200),
        ("carre", "9", 150),
        ("carre", "A", 100),
        ("carre", "10", 100),
        ("carre", "K", 100),
        ("carre", "Q", 100),
    ],
)
def test_combination_values(kind: str, high: str, points: int) -> None:
    combo = {"kind": kind, "high": high}
    deal = belot(cards={"us": 0}, last_trick="them", declarations={"us": [combo], "them": []})
    assert score(deal)["raw"]["us"] == points


# RULES 1.4 carré order J > 9 > A > 10 > K > Q; sequences longer first, then top card.
CARRE_ORDER = ["J", "9", "A", "10", "K", "Q"]


@pytest.mark.parametrize(
    ("stronger", "weaker"),
    [(a, b) for i, a in enumerate(CARRE_ORDER) for b in CARRE_ORDER[i + 1 :]],
)
def test_carre_order(stronger: str, weaker: str) -> None:
    value = {"J": 200, "9": 150}.get(stronger, 100)
    for us, them in ((stronger, weaker), (weaker, stronger)):
        deal = belot(
            "all-trumps",
            cards={"us": 0},
            last_trick="them",
            declarations={"us": [{"kind": "carre", "high": us}],
                          "them": [{"kind": "carre", "high": them}]},
        )  # fmt: skip
        raw = score(deal)["raw"]
        ours = value if us == stronger else 0
        assert raw == {"us": ours, "them": 258 + value - ours}


SEQUENCES = [("quint", "A"), ("quint", "J"), ("quarte", "A"), ("quarte", "10"), ("tierce", "A"),
             ("tierce", "K"), ("tierce", "10"), ("tierce", "9")]  # fmt: skip
POINTS = {"tierce": 20, "quarte": 50, "quint": 100}


@pytest.mark.parametrize(
    ("stronger", "weaker"),
    [(a, b) for i, a in enumerate(SEQUENCES) for b in SEQUENCES[i + 1 :]]
    + [(a, a) for a in SEQUENCES],
)
def test_sequence_order(stronger: tuple[str, str], weaker: tuple[str, str]) -> None:
    deal = belot(
        cards={"us": 0},
        last_trick="them",
        declarations={"us": [{"kind": stronger[0], "high": stronger[1]}],
                      "them": [{"kind": weaker[0], "high": weaker[1]}]},
    )  # fmt: skip
    raw = score(deal)["raw"]
    ours = 0 if stronger == weaker else POINTS[stronger[0]]
    assert raw == {"us": ours, "them": 162}


# RULES 1.6 examples.
@pytest.mark.parametrize(
    ("rules", "contract", "cards", "extra", "score_us", "score_them", "hanging"),
    [
        ("bg", "diamonds", 86, {}, 9, 7, 0),
        ("bg-6up", "diamonds", 86, {}, 10, 6, 0),
        ("bg", "all-trumps", 124, {}, 13, 13, 0),
        ("bg-6up", "all-trumps", 124, {}, 13, 13, 0),
        ("bg", "hearts", 96, {"declarations": {"us": [], "them": [50]}}, 0, 10, 11),
        ("bg-6up", "hearts", 96, {"declarations": {"us": [], "them": [50]}}, 0, 10, 11),
        ("bg", "all-trumps", 144, {"declarations": {"us": [], "them": [50]}}, 0, 15, 16),
        ("bg-6up", "all-trumps", 144, {"declarations": {"us": [], "them": [50]}}, 0, 15, 16),
        ("bg", "clubs", 82, {"multiplier": 4}, 65, 0, 0),
        ("bg", "no-trumps", 70, {"multiplier": 2}, 52, 0, 0),
        ("bg", "clubs", 82, {}, 9, 7, 0),
        ("bg", "no-trumps", 70, {}, 16, 10, 0),
    ],
)
def test_rounding_examples(
    rules: str,
    contract: str,
    cards: int,
    extra: dict[str, Any],
    score_us: int,
    score_them: int,
    hanging: int,
) -> None:
    result = score(belot(contract, rules=rules, cards={"us": cards}, last_trick="us", **extra))
    assert (result["score"]["us"], result["score"]["them"], result["hanging"]) == (
        score_us,
        score_them,
        hanging,
    )


def test_inside_sum_298_to_30() -> None:
    deal = belot("all-trumps", cards={"us": 120}, last_trick="them",
                 declarations={"us": [], "them": [20]}, belots={"us": 1, "them": 0})  # fmt: skip
    assert score(deal)["score"] == {"us": 0, "them": 30}


# RULES 1.6: when nothing hangs, 16 in a suit game and 26 in no trumps and all trumps.
@pytest.mark.parametrize(
    ("contract", "whole"), [("clubs", 16), ("no-trumps", 26), ("all-trumps", 26)]
)
def test_whole_deal_written_down(contract: str, whole: int) -> None:
    for cards in (0, 10, 40, 55, 80, 100, 120):
        result = score(belot(contract, cards={"us": cards}, last_trick="them"))
        if result["outcome"] != "hanging":
            assert result["score"]["us"] + result["score"]["them"] == whole, cards


# RULES 2.1 / 2.2: abnat totals, abnat to points.
@pytest.mark.parametrize(("mode", "total"), [("sun", 130), ("hokm", 162)])
def test_round_abnat_totals(mode: str, total: int) -> None:
    assert score(baloot(mode, abnat={"them": total}))["outcome"] == "lost"
    for bad in (total + 1, total - 1, 1, -1):
        assert refused(baloot(mode, abnat={"them": bad})).field == "abnat.them"


@pytest.mark.parametrize(
    ("mode", "abnat", "non_buyer", "buyer"),
    [
        ("hokm", 85, 8, 8),
        ("hokm", 86, 9, 7),
        ("hokm", 62, 6, 10),
        ("sun", 64, 12, 14),
        ("sun", 65, 13, 13),
        ("sun", 66, 14, 12),
        ("sun", 80, 16, 10),
        ("hokm", 90, 9, 7),
    ],
)
def test_abnat_to_points_examples(mode: str, abnat: int, non_buyer: int, buyer: int) -> None:
    result = score(baloot(mode, abnat={"them": abnat}))
    if buyer >= non_buyer:
        assert result["score"] == {"us": buyer, "them": non_buyer}
    else:
        assert result["score"] == {"us": 0, "them": 26 if mode == "sun" else 16}


def subset_sums(values: tuple[int, ...]) -> set[int]:
    sums = {0}
    for value in values:
        sums |= {s + value for s in sums}
    return sums


PLAIN = (2, 0, 11, 10, 4, 3, 0, 0)
TRUMP = (20, 14, 11, 10, 4, 3, 0, 0)


@pytest.mark.parametrize("mode", ["sun", "hokm"])
def test_every_abnat_value(mode: str) -> None:
    """RULES 2.2 for every possible abnat of the non-buyer (cards, plus 10 with the last trick)."""
    cards = subset_sums(PLAIN * 4 if mode == "sun" else TRUMP + PLAIN * 3)
    possible = cards | {c + 10 for c in cards}
    total, whole = (130, 26) if mode == "sun" else (162, 16)
    assert max(possible) == total
    wrong = []
    for abnat in range(-1, total + 2):
        deal = baloot(mode, abnat={"them": abnat})
        if abnat not in possible:
            try:
                score(deal)
            except BelotError:
                continue
            wrong.append(f"{abnat} accepted")
            continue
        tens, units = divmod(abnat, 10)
        if mode == "hokm":
            theirs = tens + (1 if units >= 6 else 0)
        else:
            theirs = 2 * tens + (2 if units >= 6 else 1 if units == 5 else 0)
        ours = whole - theirs
        if ours > theirs:
            expected = {"outcome": "made", "score": {"us": ours, "them": theirs}}
        elif ours == theirs:
            expected = {"outcome": "tie", "score": {"us": ours, "them": theirs}}
        else:
            expected = {"outcome": "lost", "score": {"us": 0, "them": whole}}
        got = score(deal)
        if {"outcome": got["outcome"], "score": got["score"]} != expected:
            wrong.append(f"{abnat}: {got} != {expected}")
    assert not wrong, "; ".join(wrong[:5])


# RULES 2.3: project values (the buyer alone has the project; non-buyer 0 abnat).
@pytest.mark.parametrize(
    ("mode", "project", "points"),
    [
        ("hokm", "sira", 2),
        ("hokm", "fifty", 5),
        ("hokm", "hundred", 10),
        ("sun", "sira", 4),
        ("sun", "fifty", 10),
        ("sun", "hundred", 20),
        ("sun", "four-hundred", 40),
    ],
)
def test_project_values(mode: str, project: str, points: int) -> None:
    whole = 26 if mode == "sun" else 16
    result = score(baloot(mode, abnat={"them": 0}, projects={"us": [project], "them": []}))
    assert result["score"] == {"us": whole + points, "them": 0}


LEVELS = ["four-hundred", "hundred", "fifty", "sira"]


@pytest.mark.parametrize(
    ("stronger", "weaker"), [(a, b) for i, a in enumerate(LEVELS) for b in LEVELS[i + 1 :]]
)
def test_project_levels(stronger: str, weaker: str) -> None:
    values = {"sira": 4, "fifty": 10, "hundred": 20, "four-hundred": 40}
    result = score(baloot("sun", abnat={"them": 0}, projects={"us": [weaker], "them": [stronger]}))
    # the buyer's 26 against the others' project: made, tie or lost
    theirs = values[stronger]
    if theirs < 26:
        assert result["score"] == {"us": 26, "them": theirs}
    else:
        assert result["score"] == {"us": 0, "them": 26 + theirs}


RANKS = ["A", "K", "Q", "J", "10", "9"]


@pytest.mark.parametrize(
    ("stronger", "weaker"), [(a, b) for i, a in enumerate(RANKS) for b in RANKS[i + 1 :]]
)
def test_project_top_card_order(stronger: str, weaker: str) -> None:
    projects = {
        "us": [{"kind": "sira", "high": weaker}],
        "them": [{"kind": "sira", "high": stronger}],
    }
    result = score(baloot("hokm", abnat={"them": 0}, projects=projects))
    assert result["score"] == {"us": 16, "them": 2}


def test_at_most_four_projects_a_team() -> None:
    four = baloot(abnat={"them": 0}, projects={"us": ["sira"] * 4, "them": []})
    assert score(four)["score"] == {"us": 16 + 4 * 2, "them": 0}
    five = baloot(abnat={"them": 0}, projects={"us": ["sira"] * 5, "them": []})
    assert refused(five).field in ("projects.us", "projects", "projects.us.4")


# RULES 2.4 / 2.5: baloot 2, double/three/four, gahwa 152, kaboot 44 / 25.
@pytest.mark.parametrize(
    ("mode", "multiplier", "winner_points"),
    [("hokm", 2, 32), ("hokm", 3, 48), ("hokm", 4, 64), ("sun", 2, 52)],
)
def test_challenge_levels(mode: str, multiplier: int, winner_points: int) -> None:
    result = score(baloot(mode, abnat={"them": 0}, multiplier=multiplier, baloot=None))
    assert result["score"] == {"us": winner_points, "them": 0}
    if mode == "hokm":
        with_baloot = score(baloot(mode, abnat={"them": 0}, multiplier=multiplier, baloot="them"))
        assert with_baloot["score"] == {"us": winner_points, "them": 2}


def test_gahwa_152() -> None:
    result = score(baloot(abnat={"them": 0}, multiplier="gahwa"))
    assert result["score"] == {"us": 152, "them": 0}
    assert result["match_winner"] == "us"


@pytest.mark.parametrize(("mode", "points"), [("sun", 44), ("hokm", 25)])
def test_kaboot_points(mode: str, points: int) -> None:
    result = score(baloot(mode, kaboot="them"))
    assert result == {**result, "outcome": "kaboot", "score": {"us": 0, "them": points}}


def test_baloot_is_2() -> None:
    result = score(baloot(abnat={"them": 40}, baloot="us"))
    assert result["score"] == {"us": 14, "them": 4}


# RULES 2.5: the Sun double needs the buyer above 100 and the others at 100 or less.
@pytest.mark.parametrize(
    ("ours", "theirs", "allowed"),
    [
        (101, 100, True),
        (101, 0, True),
        (150, 100, True),
        (100, 100, False),
        (100, 0, False),
        (101, 101, False),
        (0, 0, False),
        (50, 120, False),
    ],
)
def test_sun_double_limit(ours: int, theirs: int, allowed: bool) -> None:
    deal = baloot("sun", abnat={"them": 60}, multiplier=2, before={"us": ours, "them": theirs})
    if allowed:
        assert score(deal)["score"] == {"us": 52, "them": 0}
    else:
        assert refused(deal).field in ("multiplier", "before")


# RULES 1.4: a suit contract has at most one belot, all trumps at most four, no trumps none.
@pytest.mark.parametrize(
    ("contract", "ours", "theirs", "allowed"),
    [
        ("hearts", 1, 0, True),
        ("hearts", 0, 1, True),
        ("hearts", 1, 1, False),
        ("hearts", 2, 0, False),
        ("all-trumps", 4, 0, True),
        ("all-trumps", 2, 2, True),
        ("all-trumps", 1, 3, True),
        ("all-trumps", 3, 2, False),
        ("all-trumps", 0, 5, False),
        ("no-trumps", 1, 0, False),
        ("no-trumps", 0, 1, False),
    ],
)
def test_belot_limits(contract: str, ours: int, theirs: int, allowed: bool) -> None:
    deal = belot(contract, cards={"us": 0}, last_trick="them", belots={"us": ours, "them": theirs})
    if allowed:
        assert score(deal)["raw"]["us"] == 20 * ours
    else:
        assert refused(deal).field in ("belots", "belots.us", "belots.them")
