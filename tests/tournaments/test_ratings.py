"""Ratings (openskill, Weng-Lin Plackett-Luce) over finished matches."""

from __future__ import annotations

from itertools import cycle

from belot.tournament.ratings import Played, duo, initial, rate


def test_a_pair_that_wins_every_match_ends_above_one_that_loses_every_match() -> None:
    winners, losers = duo("w1", "w2"), duo("l1", "l2")
    others = cycle([duo("a", "b"), duo("c", "d"), duo("e", "f")])
    played = []
    for _ in range(6):
        played.append(Played(winners, next(others), True))
        played.append(Played(next(others), losers, True))
    found = rate(played)
    assert found.pairs[winners].rating > found.pairs[losers].rating
    assert found.pairs[winners].matches == 6
    for w in winners:
        for loser in losers:
            assert found.players[w].rating > initial().rating > found.players[loser].rating
    best = max(found.players, key=lambda p: found.players[p].rating)
    assert best in winners


def test_partners_share_a_result_and_the_order_counts() -> None:
    first = rate([Played(duo("a", "b"), duo("c", "d"), True)])
    assert first.players["a"] == first.players["b"]
    assert first.players["c"] == first.players["d"]
    assert first.players["a"].rating > first.players["c"].rating
    # The same two results in the other order end elsewhere: the latest weighs in last.
    one = [Played(duo("a", "b"), duo("c", "d"), True), Played(duo("a", "c"), duo("b", "d"), True)]
    assert rate(one).players["b"] != rate(one[::-1]).players["b"]
