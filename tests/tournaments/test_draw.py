"""The draws (belot.tournament.draw) as properties over any count of pairs and any results."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from belot.tournament.draw import (
    Table,
    bracket_size,
    knockout_first,
    knockout_next,
    knockout_rounds,
    round_robin,
    round_robin_rounds,
    swiss,
)
from support import examples


def names(n: int) -> list[str]:
    return [f"p{i}" for i in range(1, n + 1)]


def each_once(tables: Sequence[Table], pairs: Sequence[str]) -> None:
    seated = [p for t in tables for p in t if p is not None]
    assert sorted(seated) == sorted(pairs)


@given(st.integers(2, 40))
def test_round_robin_every_pair_meets_every_other_once_and_odd_counts_give_one_bye_each(
    n: int,
) -> None:
    pairs = names(n)
    rounds = [round_robin(pairs, r) for r in range(1, round_robin_rounds(n) + 1)]
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    met: Counter[frozenset[str]] = Counter()
    byes: Counter[str] = Counter()
    for tables in rounds:
        each_once(tables, pairs)
        for a, b in tables:
            if b is None:
                byes[a] += 1
            else:
                met[frozenset((a, b))] += 1
        assert all(b is not None for _, b in tables[:-1])  # a bye is the last table
    assert len(met) == n * (n - 1) // 2 and set(met.values()) == {1}
    assert byes == (Counter(pairs) if n % 2 else Counter())


@given(st.integers(2, 64), st.randoms(use_true_random=False))
def test_knockout_the_bracket_halves_each_round_and_byes_go_to_the_top_seeds(
    n: int, random: Random
) -> None:
    seeded = names(n)  # best first
    size = bracket_size(n)
    assert size >= n > size // 2
    tables = knockout_first(seeded)
    each_once(tables, seeded)
    assert len(tables) == size // 2
    byes = [a for a, b in tables if b is None]
    assert sorted(byes, key=seeded.index) == seeded[: size - n]
    rounds = 1
    while len(tables) > 1:
        winners = [a if b is None or random.random() < 0.5 else b for a, b in tables]
        following = knockout_next(winners)
        assert len(following) == len(tables) // 2  # the bracket halves
        assert all(b is not None for _, b in following)  # byes in the first round only
        each_once(following, winners)
        tables, rounds = following, rounds + 1
    assert rounds == knockout_rounds(n)


def perfect_matchings(items: list[str]) -> Iterator[list[tuple[str, str]]]:
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for i, other in enumerate(rest):
        for more in perfect_matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *more]


def score(
    tables: Sequence[tuple[str, str]], wins: dict[str, int], met: set[frozenset[str]]
) -> tuple[int, int]:
    """(rematches, tables of unequal wins): what the draw minimises, in that order."""
    rematches = sum(frozenset(t) in met for t in tables)
    unequal = sum(wins[a] != wins[b] for a, b in tables)
    return rematches, unequal


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(2, 9), st.integers(1, 6), st.randoms(use_true_random=False))
def test_swiss_no_rematch_while_avoidable_and_as_many_equal_wins_tables_as_can_be(
    n: int, rounds: int, random: Random
) -> None:
    pairs = names(n)
    wins = dict.fromkeys(pairs, 0)
    met: set[frozenset[str]] = set()
    byes: set[str] = set()
    for _ in range(rounds):
        ranked = sorted(pairs, key=lambda p: (-wins[p], pairs.index(p)))
        tables = swiss(ranked, wins, met, byes)
        each_once(tables, pairs)
        played = [(a, b) for a, b in tables if b is not None]
        bye = [a for a, b in tables if b is None]
        if n % 2:
            without = [p for p in ranked if p not in byes]
            assert bye == [without[-1] if without else ranked[-1]]
        else:
            assert bye == []
        seated = [p for t in played for p in t]
        best = min(score(m, wins, met) for m in perfect_matchings(seated))
        assert score(played, wins, met) == best
        for a, b in played:
            met.add(frozenset((a, b)))
            wins[a if random.random() < 0.5 else b] += 1
        for a in bye:
            byes.add(a)
            wins[a] += 1


def test_swiss_tables_put_the_leaders_first_and_the_better_ranked_pair_as_us() -> None:
    ranked = names(4)
    tables = swiss(ranked, {"p1": 2, "p2": 2, "p3": 0, "p4": 0}, set(), set())
    assert tables == [("p1", "p2"), ("p3", "p4")]
