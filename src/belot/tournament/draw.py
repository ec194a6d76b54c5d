"""The draws of a tournament's rounds: pure functions of pair ids, no storage.

A round is a list of tables; a table is two pair ids, the first one playing as `us` (seats 1
and 3), or one pair and `None`: a bye (the pair wins, no match is played).

- Round robin: the circle method. One slot stays, the others turn by one place a round, so
  every pair meets every other exactly once in n − 1 rounds; with an odd count a phantom slot
  is the bye, and the n rounds give each pair one.
- Knockout: a seeded bracket of the next power of two; seed s meets seed size + 1 − s, so the
  missing seeds (the byes) face the highest seeds. Winners of tables 2k − 1 and 2k meet next.
- Swiss: the bye (an odd count) to the lowest ranked pair that has not had one; the others by
  a minimum-cost perfect matching (networkx's `max_weight_matching`, Edmonds' blossom
  algorithm): a rematch costs more than every other penalty together, a table of unequal wins
  more than every difference in wins together, so the draw avoids rematches first, then makes
  as many tables of equal wins as it can, then keeps the differences small. The first round
  (nobody has met, wins all equal) needs no search: 1 v 2, 3 v 4, … in the given order.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import networkx as nx

Table = tuple[str, str | None]
FORMATS = ("round-robin", "knockout", "swiss")


def round_robin_rounds(count: int) -> int:
    """How many rounds a round robin of `count` pairs has: n − 1, or n with a bye."""
    return count - 1 if count % 2 == 0 else count


def round_robin(pairs: Sequence[str], number: int) -> list[Table]:
    """Round `number` (from 1) of a round robin of `pairs` (entry order)."""
    slots: list[str | None] = [*pairs, *([None] if len(pairs) % 2 else [])]
    size = len(slots)
    turn = (number - 1) % (size - 1)
    rest = slots[1:]
    if turn:
        rest = rest[-turn:] + rest[:-turn]
    order = [slots[0], *rest]
    tables: list[Table] = []
    byes: list[Table] = []
    for i in range(size // 2):
        a, b = order[i], order[size - 1 - i]
        if i == 0 and number % 2 == 0:  # the fixed pair sits as `us` every other round
            a, b = b, a
        if a is None or b is None:
            byes.append((a or b or "", None))
        else:
            tables.append((a, b))
    return tables + byes


def bracket_size(count: int) -> int:
    """The knockout's bracket: the next power of two (byes fill it)."""
    return 1 << max(count - 1, 1).bit_length()


def knockout_rounds(count: int) -> int:
    return bracket_size(count).bit_length() - 1


def _bracket_order(size: int) -> list[int]:
    """Seeds in bracket order, so that 1 and 2 can meet only in the final: [1, 4, 2, 3]…"""
    order = [1]
    while len(order) < size:
        span = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, span - s)]
    return order


def knockout_first(seeded: Sequence[str]) -> list[Table]:
    """The first round of a knockout of `seeded` (best first): byes go to the top seeds."""
    size = bracket_size(len(seeded))
    order = _bracket_order(size)
    tables: list[Table] = []
    for i in range(0, size, 2):
        high, low = sorted((order[i], order[i + 1]))
        tables.append((seeded[high - 1], seeded[low - 1] if low <= len(seeded) else None))
    return tables


def knockout_next(winners: Sequence[str]) -> list[Table]:
    """The next round: the winners of tables 2k − 1 and 2k meet (in table order)."""
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners) - 1, 2)]


def swiss(
    ranked: Sequence[str],
    wins: Mapping[str, int],
    met: Collection[frozenset[str]],
    had_bye: Collection[str],
) -> list[Table]:
    """A Swiss round of `ranked` (the standings' order): tables of the matching, best first,
    then the bye."""
    left = list(ranked)
    bye: str | None = None
    if len(left) % 2:
        bye = next((p for p in reversed(left) if p not in had_bye), left[-1])
        left.remove(bye)
    rank = {p: i for i, p in enumerate(left)}
    tables = [(a, b) if rank[a] < rank[b] else (b, a) for a, b in _matching(left, wins, met)]
    tables.sort(key=lambda t: (-max(wins.get(t[0], 0), wins.get(t[1], 0)), rank[t[0]]))
    return [*tables, *([(bye, None)] if bye is not None else [])]


def _matching(
    pairs: Sequence[str], wins: Mapping[str, int], met: Collection[frozenset[str]]
) -> list[tuple[str, str]]:
    """The perfect matching of least cost (integer weights: the algorithm is exact)."""
    if not pairs:
        return []
    tables = len(pairs) // 2
    spread = max(wins.get(p, 0) for p in pairs) - min(wins.get(p, 0) for p in pairs)
    if not met and spread == 0:  # every matching is as good: neighbours in the order given
        return [(pairs[i], pairs[i + 1]) for i in range(0, len(pairs) - 1, 2)]
    unequal = tables * spread + 1  # one more table of equal wins beats any sum of differences
    rematch = tables * (unequal + spread) + 1  # one rematch fewer beats everything else
    top = 2 * rematch
    graph = nx.Graph()
    for i, a in enumerate(pairs):
        for b in pairs[i + 1 :]:
            diff = abs(wins.get(a, 0) - wins.get(b, 0))
            cost = diff + (unequal if diff else 0) + (rematch if frozenset((a, b)) in met else 0)
            graph.add_edge(a, b, weight=top - cost)
    found = nx.max_weight_matching(graph, maxcardinality=True)
    return [(str(a), str(b)) for a, b in found]
