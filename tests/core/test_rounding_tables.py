"""Exhaustive rounding tables: every card-point value of one team, every contract kind,
both Belot presets, both last-trick owners, against a tiny reference of RULES.md 1.3-1.6.

The reference below is written from RULES.md alone, as plainly as possible; it shares no code
with the engine.
"""

from __future__ import annotations

from typing import Any

import pytest

from belot.contract import score
from belot.core.errors import BelotError

# RULES.md 1.1: J, 9, A, 10, K, Q, 8, 7 of one suit.
TRUMP = (20, 14, 11, 10, 4, 3, 0, 0)
PLAIN = (2, 0, 11, 10, 4, 3, 0, 0)
DECK_CARDS = {"suit": TRUMP + PLAIN * 3, "all-trumps": TRUMP * 4, "no-trumps": PLAIN * 4}
CONTRACT_OF_KIND = {"suit": "hearts", "all-trumps": "all-trumps", "no-trumps": "no-trumps"}
PRESETS = ("bg", "bg-6up")
OTHER = {"us": "them", "them": "us"}


def subset_sums(values: tuple[int, ...]) -> set[int]:
    sums = {0}
    for value in values:
        sums |= {s + value for s in sums}
    return sums


REACHABLE = {kind: subset_sums(cards) for kind, cards in DECK_CARDS.items()}
DECK = {kind: sum(cards) for kind, cards in DECK_CARDS.items()}


def half_up(x: int) -> int:
    """Divide by 10, remainder 5-9 up, 0-4 down."""
    return (x + 5) // 10


def round_own(kind: str, preset: str, mine: int, other: int) -> int:
    """RULES.md 1.6, a made deal: each team rounds its own raw points."""
    tens, rest = divmod(mine, 10)
    if kind == "suit":
        if rest == 6:
            assert other % 10 == 6, "a suit deal's total ends in 2"
            fewer = mine < other
            up = fewer if preset == "bg" else not fewer
        elif preset == "bg":
            up = rest >= 7
        else:
            up = rest >= 6
    elif kind == "all-trumps":
        if rest == 4:
            assert other % 10 == 4, "an all-trumps deal's total ends in 8"
            up = mine < other
        else:
            up = rest >= 5
    else:
        up = rest >= 5
    return tens + (1 if up else 0)


def hanging_shares(kind: str, half: int) -> tuple[int, int]:
    """RULES.md 1.6, equal halves: (recorded share, hanging share)."""
    tens, rest = divmod(half, 10)
    borderline = (kind == "suit" and rest == 6) or (kind == "all-trumps" and rest == 4)
    if borderline:
        return tens, tens + 1
    # otherwise a suit half ends in 1, an all-trumps half in 9, a no-trumps half in 0
    share = half_up(half)
    return share, share


def reference(deal: dict[str, Any]) -> dict[str, Any]:
    """RULES.md 1.3 and 1.5 for a deal with declarations given as values."""
    contract = deal["contract"]
    kind = contract if contract in ("all-trumps", "no-trumps") else "suit"
    preset = deal.get("rules", "bg")
    declarer = deal["declarer"]
    mult = deal.get("multiplier", 1)
    capot = deal.get("capot")
    decl = deal.get("declarations", {})
    belots = deal.get("belots", {})
    hanging_in = deal.get("hanging", 0)
    deck = DECK[kind]
    raw: dict[str, int] = {}
    cards: dict[str, int] = {}
    if capot is None:
        given = deal["cards"]
        team = next(iter(given))
        cards[team] = given[team]
        cards[OTHER[team]] = deck - given[team]
    for team in ("us", "them"):
        if capot is None:
            points = cards[team] + (10 if deal["last_trick"] == team else 0)
        else:
            points = deck + 10 if capot == team else 0
        if kind == "no-trumps":
            points *= 2
        points += sum(decl.get(team, [])) + 20 * belots.get(team, 0)
        if capot == team:
            points += 90
        raw[team] = points
    opp = OTHER[declarer]
    d, o = raw[declarer], raw[opp]
    result_score = {"us": 0, "them": 0}
    if mult > 1:
        whole = half_up((d + o) * mult)
        if d == o:
            return {"raw": raw, "outcome": "hanging", "score": result_score,
                    "hanging": hanging_in + whole}  # fmt: skip
        winner = declarer if d > o else opp
        result_score[winner] = whole + hanging_in
        return {"raw": raw, "outcome": "made" if d > o else "inside", "score": result_score,
                "hanging": 0}  # fmt: skip
    if d > o:
        result_score[declarer] = round_own(kind, preset, d, o) + hanging_in
        result_score[opp] = round_own(kind, preset, o, d)
        return {"raw": raw, "outcome": "made", "score": result_score, "hanging": 0}
    if d < o:
        result_score[opp] = half_up(d + o) + hanging_in
        return {"raw": raw, "outcome": "inside", "score": result_score, "hanging": 0}
    recorded, hangs = hanging_shares(kind, d)
    result_score[opp] = recorded
    return {"raw": raw, "outcome": "hanging", "score": result_score, "hanging": hanging_in + hangs}


# Extras that shift who has more, and so the outcome and the 6 : 6 / 4 : 4 borderline.
VARIANTS: dict[str, dict[str, Any]] = {
    "plain": {},
    "our tierce": {"declarations": {"us": [20], "them": []}},
    "their belot": {"belots": {"us": 0, "them": 1}},
    "their quarte, our belot": {"declarations": {"us": [], "them": [50]}, "belots": {"us": 1}},
    "both 100": {"declarations": {"us": [100], "them": [100]}},
    "carried-in 7": {"hanging": 7, "declarations": {"us": [], "them": [20]}},
    "contra": {"multiplier": 2},
    "recontra, their tierce": {"multiplier": 4, "declarations": {"us": [], "them": [20]}},
    "carried-in 7, no declarations": {"hanging": 7},
}
# No trumps has no declarations and no belot (RULES.md 1.4).
NO_TRUMPS_VARIANTS = ("plain", "contra", "carried-in 7, no declarations")


def cases() -> list[tuple[str, str, str]]:
    return [
        (preset, kind, variant)
        for preset in PRESETS
        for kind in DECK_CARDS
        for variant in VARIANTS
        if kind != "no-trumps" or variant in NO_TRUMPS_VARIANTS
    ]


@pytest.mark.parametrize(("preset", "kind", "variant"), cases())
def test_every_card_point_value(preset: str, kind: str, variant: str) -> None:
    mismatches = []
    for value in sorted(REACHABLE[kind]):
        for last in ("us", "them"):
            deal: dict[str, Any] = {
                "game": "belot",
                "rules": preset,
                "contract": CONTRACT_OF_KIND[kind],
                "declarer": "us",
                "cards": {"us": value},
                "last_trick": last,
                **VARIANTS[variant],
            }
            expected = reference(deal)
            got = score(deal)
            picked = {key: got.get(key) for key in expected}
            if picked != expected:
                mismatches.append(f"cards {value}, last {last}: {picked} != {expected}")
    assert not mismatches, f"{len(mismatches)} mismatches, first: " + "; ".join(mismatches[:5])


@pytest.mark.parametrize("kind", list(DECK_CARDS))
def test_the_other_pile_gives_the_same_table(kind: str) -> None:
    """Typing the other team's pile (deck minus ours) scores the same deal."""
    mismatches = []
    for value in sorted(REACHABLE[kind]):
        base = {"game": "belot", "contract": CONTRACT_OF_KIND[kind], "declarer": "them"}
        ours = score({**base, "cards": {"us": value}, "last_trick": "them"})
        theirs = score({**base, "cards": {"them": DECK[kind] - value}, "last_trick": "them"})
        if ours != theirs:
            mismatches.append(f"{value}: {ours} != {theirs}")
    assert not mismatches, "; ".join(mismatches[:5])


@pytest.mark.parametrize("kind", list(DECK_CARDS))
@pytest.mark.parametrize("team", ["us", "them"])
def test_every_unreachable_value_is_refused(kind: str, team: str) -> None:
    bad = [v for v in range(-3, DECK[kind] + 4) if v not in REACHABLE[kind]]
    accepted = []
    for value in bad:
        deal = {
            "game": "belot",
            "contract": CONTRACT_OF_KIND[kind],
            "declarer": "us",
            "cards": {team: value},
            "last_trick": "us",
        }
        try:
            score(deal)
        except BelotError as err:
            assert err.field == f"cards.{team}", (value, err.field)
        else:
            accepted.append(value)
    assert not accepted, f"accepted impossible card points {accepted}"


def test_the_reachable_sets_are_the_rules_ones() -> None:
    """RULES.md §3 names the impossible totals; the reference's deck agrees with it."""
    gaps = {kind: sorted(set(range(DECK[kind] + 1)) - REACHABLE[kind]) for kind in DECK}
    assert gaps == {"suit": [1, 151], "all-trumps": [1, 2, 5, 243, 246, 247],
                    "no-trumps": [1, 119]}  # fmt: skip
    assert DECK == {"suit": 152, "all-trumps": 248, "no-trumps": 120}


@pytest.mark.parametrize(
    ("kind", "preset", "mine", "other", "expected"),
    [
        ("suit", "bg", 96, 66, 9),
        ("suit", "bg", 66, 96, 7),
        ("suit", "bg-6up", 96, 66, 10),
        ("suit", "bg-6up", 66, 96, 6),
        ("suit", "bg", 97, 65, 10),
        ("suit", "bg", 65, 97, 6),
        ("suit", "bg-6up", 112, 70, 11),
        ("all-trumps", "bg", 134, 124, 13),
        ("all-trumps", "bg", 124, 134, 13),
        ("all-trumps", "bg", 135, 123, 14),
        ("all-trumps", "bg", 123, 135, 12),
        ("no-trumps", "bg", 160, 100, 16),
        ("no-trumps", "bg", 146, 114, 15),
        ("no-trumps", "bg", 114, 146, 11),
    ],
)
def test_reference_matches_the_rules_examples(
    kind: str, preset: str, mine: int, other: int, expected: int
) -> None:
    """The reference itself is pinned to RULES.md 1.6's examples, so it cannot drift."""
    assert round_own(kind, preset, mine, other) == expected
    assert hanging_shares("suit", 106) == (10, 11)
    assert hanging_shares("all-trumps", 154) == (15, 16)
    assert half_up(298) == 30 and half_up(520) == 52 and half_up(648) == 65
