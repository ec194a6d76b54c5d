"""Standings worked out by hand: won, then points difference, head-to-head, points for."""

from __future__ import annotations

from belot.tournament.standings import Outcome, Standing, standings


def table(stand: list[Standing]) -> list[tuple[object, ...]]:
    return [
        (s.rank, s.pair, s.played, s.won, s.lost, s.points_for, s.points_against) for s in stand
    ]


def test_a_small_round_robin_by_hand() -> None:
    # Four pairs, three rounds. A beats B 160:90, C beats D 151:100; A beats C 155:140,
    # D beats B 170:60; B beats C 152:150, D beats A 165:120.
    # A: 2 won, for 160+155+120 = 435, against 90+140+165 = 395, difference +40
    # D: 2 won, for 100+170+165 = 435, against 151+60+120 = 331, difference +104
    # B: 1 won, for 90+60+152 = 302, against 160+170+150 = 480
    # C: 1 won, for 151+140+150 = 441, against 100+155+152 = 407
    outcomes = [
        Outcome("A", "B", "A", 160, 90),
        Outcome("C", "D", "C", 151, 100),
        Outcome("A", "C", "A", 155, 140),
        Outcome("D", "B", "D", 170, 60),
        Outcome("B", "C", "B", 152, 150),
        Outcome("D", "A", "D", 165, 120),
    ]
    assert table(standings(["A", "B", "C", "D"], outcomes)) == [
        (1, "D", 3, 2, 1, 435, 331),
        (2, "A", 3, 2, 1, 435, 395),
        (3, "C", 3, 1, 2, 441, 407),
        (4, "B", 3, 1, 2, 302, 480),
    ]


def test_head_to_head_decides_between_pairs_level_on_wins_and_difference() -> None:
    # A: beat C 200:100 and D 200:100, lost to B 100:150 → 2 won, 500:350, +150.
    # B: beat A 150:100 and C 210:100, lost to D 90:100 → 2 won, 450:300, +150.
    # D: beat B and C, lost to A → 2 won, 310:390, −80. C: none won.
    # A and B are level on wins and difference; B beat A, so B is above though A scored more.
    outcomes = [
        Outcome("A", "C", "A", 200, 100),
        Outcome("A", "D", "A", 200, 100),
        Outcome("B", "A", "B", 150, 100),
        Outcome("B", "C", "B", 210, 100),
        Outcome("D", "B", "D", 100, 90),
        Outcome("D", "C", "D", 110, 100),
    ]
    assert [s.pair for s in standings(["A", "B", "C", "D"], outcomes)] == ["B", "A", "D", "C"]


def test_points_difference_comes_before_points_for() -> None:
    two = [Outcome("A", "B", "B", 100, 110), Outcome("A", "C", "A", 120, 110)]
    # A: 1 won, 220:220 (0); B: 1 won, 110:100 (+10) → B first on difference.
    assert [s.pair for s in standings(["A", "B", "C"], two)][:2] == ["B", "A"]


def test_a_bye_is_a_win_without_points_and_nothing_played_is_all_zero() -> None:
    stand = standings(["A", "B", "C"], [Outcome("C", None, "C")])
    assert table(stand) == [
        (1, "C", 1, 1, 0, 0, 0),
        (2, "A", 0, 0, 0, 0, 0),
        (3, "B", 0, 0, 0, 0, 0),
    ]
