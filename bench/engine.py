"""Engine speed: score 100,000 generated legal deals through the `--jsonl` path.

Prints deals per second for `belot score --jsonl`'s own loop (parse, validate, score, write)
beside a plain JSON read-and-write of the same lines (the I/O floor), and their ratio.
Goal (issue 2): scoring costs no more than 1.5x the floor. Run: `.venv/bin/python bench/engine.py`.
"""

from __future__ import annotations

import io
import json
import random
import sys
import time
from typing import Any

from belot.cli.score import score_lines
from belot.core.cards import reachable_abnat, reachable_card_points
from belot.core.types import Contract, Mode

N = 100_000
REPEATS = 3


def _belot(rng: random.Random) -> dict[str, Any]:
    contract = rng.choice(list(Contract))
    kind = contract.kind
    cards = rng.choice(sorted(reachable_card_points(kind)))
    deal: dict[str, Any] = {
        "game": "belot",
        "rules": rng.choice(["bg", "bg-6up"]),
        "contract": contract.value,
        "declarer": rng.choice(["us", "them"]),
        "multiplier": rng.choice([1, 1, 1, 2, 4]),
        "cards": {rng.choice(["us", "them"]): cards},
        "last_trick": rng.choice(["us", "them"]),
        "hanging": rng.choice([0, 0, 0, 9, 16]),
    }
    if kind.value != "no-trumps":
        team = rng.choice(["us", "them"])
        deal["declarations"] = {
            team: rng.choice([[], [20], [50], [20, 100]]),
            "them" if team == "us" else "us": [],
        }
        deal["belots"] = {team: rng.choice([0, 1])}
    return deal


def _baloot(rng: random.Random) -> dict[str, Any]:
    mode = rng.choice(list(Mode))
    deal: dict[str, Any] = {
        "game": "baloot",
        "mode": mode.value,
        "buyer": rng.choice(["us", "them"]),
        "abnat": {rng.choice(["us", "them"]): rng.choice(sorted(reachable_abnat(mode)))},
        "multiplier": rng.choice([1, 1, 1, 2] if mode is Mode.SUN else [1, 1, 2, 3, 4]),
        "projects": {"us": rng.choice([[], ["sira"], ["fifty", "sira"]]), "them": []},
    }
    if mode is Mode.HOKM:
        deal["baloot"] = rng.choice([None, "us", "them"])
    return deal


def generate(n: int, seed: int = 151) -> list[str]:
    rng = random.Random(seed)
    return [
        json.dumps(_belot(rng) if rng.random() < 0.6 else _baloot(rng)) + "\n" for _ in range(n)
    ]


def _floor(lines: list[str]) -> float:
    out = io.StringIO()
    start = time.perf_counter()
    for line in lines:
        out.write(json.dumps(json.loads(line)) + "\n")
    return time.perf_counter() - start


def _scoring(lines: list[str]) -> float:
    out = io.StringIO()
    start = time.perf_counter()
    all_scored = score_lines(iter(lines), out)
    elapsed = time.perf_counter() - start
    if not all_scored:
        sys.exit("a generated deal was refused: the generator is wrong")
    return elapsed


def main() -> None:
    lines = generate(N)
    floor = min(_floor(lines) for _ in range(REPEATS))
    scoring = min(_scoring(lines) for _ in range(REPEATS))
    print(f"deals:                   {N:,}")
    print(f"JSON read+write (floor): {N / floor:12,.0f} deals/s  ({floor:.3f} s)")
    print(f"belot score --jsonl:     {N / scoring:12,.0f} deals/s  ({scoring:.3f} s)")
    print(f"ratio scoring/floor:     {scoring / floor:.2f}x  (goal <= 1.5x)")


if __name__ == "__main__":
    main()
