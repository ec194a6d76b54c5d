"""Engine speed (issue 12), side by side in one run, pure Python and the mypyc-compiled core.

- the floor: `json.loads` + `json.dumps` of the same lines (what any scorer must pay);
- `belot score --jsonl`'s own loop (parse, validate, score, write), and its ratio to the floor;
- `belot.contract.score` on decoded deals (deals/s), and its ratio to `reference`: a compact
  plain-Python reading of RULES.md §1-2 for these deals (no checks, no house rules), run in the
  same process on the same deals, which must give the same results;
- the replay of a 1,000-deal match (`Match.replay`, deals/s), beside scoring those deals alone.

Each figure is the best of a few runs of CPU time (`time.process_time`: the machine is shared).
The compiled figures come from the wheel `make test-compiled` unpacks into build/compiled (run
`make test-compiled` first; without it, or without a C compiler, only the pure column shows).
Goals (issue 26): --jsonl <= 2.0x the floor pure and <= 1.5x compiled; contract.score >= 0.5
of the reference pure and >= 1.0 compiled; a replay costs no more per deal than scoring.
`BELOT_BENCH_BEFORE=DIR` adds a column for another tree's sources (DIR/src: e.g. the commit
before a change, `git archive <commit> src | tar -x -C DIR`), run the same way.
Run: `.venv/bin/python bench/engine.py [--quick]`.
"""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
COMPILED = ROOT / "build" / "compiled"
N = 100_000
REPEATS = 3
TEAMS = ("us", "them")


def _belot(rng: random.Random, contract: str, kind: str, reachable: list[int]) -> dict[str, Any]:
    deal: dict[str, Any] = {
        "game": "belot",
        "rules": rng.choice(["bg", "bg-6up"]),
        "contract": contract,
        "declarer": rng.choice(TEAMS),
        "multiplier": rng.choice([1, 1, 1, 2, 4]),
        "cards": {rng.choice(TEAMS): rng.choice(reachable)},
        "last_trick": rng.choice(TEAMS),
        "hanging": rng.choice([0, 0, 0, 9, 16]),
    }
    if kind != "no-trumps":
        team = rng.choice(TEAMS)
        deal["declarations"] = {
            team: rng.choice([[], [20], [50], [20, 100]]),
            "them" if team == "us" else "us": [],
        }
        deal["belots"] = {team: rng.choice([0, 1])}
    return deal


def generate(n: int, seed: int = 151) -> list[str]:
    """`n` legal deals as JSON lines: 60 % Belot, 40 % Baloot, every option in use."""
    from belot.core.cards import reachable_abnat, reachable_card_points
    from belot.core.types import Contract, Mode

    rng = random.Random(seed)
    belot = [(c.value, c.kind.value, sorted(reachable_card_points(c.kind))) for c in Contract]
    abnat = {mode: sorted(reachable_abnat(mode)) for mode in Mode}
    lines = []
    for _ in range(n):
        if rng.random() < 0.6:
            deal = _belot(rng, *rng.choice(belot))
        else:
            mode = rng.choice(list(Mode))
            deal = {
                "game": "baloot",
                "mode": mode.value,
                "buyer": rng.choice(TEAMS),
                "abnat": {rng.choice(TEAMS): rng.choice(abnat[mode])},
                "multiplier": rng.choice([1, 1, 1, 2] if mode is Mode.SUN else [1, 1, 2, 3, 4]),
                "projects": {"us": rng.choice([[], ["sira"], ["fifty", "sira"]]), "them": []},
            }
            if mode is Mode.HOKM:
                deal["baloot"] = rng.choice([None, "us", "them"])
        lines.append(json.dumps(deal) + "\n")
    return lines


def french(n: int, game: str, seed: int = 162) -> list[dict[str, Any]]:
    """`n` legal deals of a French game (RULES.md §5, §6): a suit, the taker's card points,
    declarations and belotes; coinche with a bid and its coinche or surcoinche."""
    from belot.contract import score
    from belot.core.cards import reachable_card_points
    from belot.core.types import ContractKind

    rng = random.Random(seed)
    reachable = sorted(reachable_card_points(ContractKind.SUIT))
    deals: list[dict[str, Any]] = []
    while len(deals) < n:
        team = rng.choice(TEAMS)
        deal: dict[str, Any] = {
            "game": game, "contract": rng.choice(["clubs", "diamonds", "hearts", "spades"]),
            "declarer": rng.choice(TEAMS), "cards": {team: rng.choice(reachable)},
            "last_trick": rng.choice(TEAMS),
            "declarations": {team: rng.choice([[], [20], [50], [20, 100]]), _OTHER[team]: []},
            "belots": {rng.choice(TEAMS): rng.choice([0, 1])},
        }  # fmt: skip
        if game == "coinche":
            deal["bid"] = rng.choice(range(80, 170, 10))
            deal["multiplier"] = rng.choice([1, 1, 1, 2, 4])
        try:
            score(deal)
        except ValueError:
            continue  # a shape no table can make (its refusal is not what is timed)
        deals.append(deal)
    return deals


def level_match(n: int, seed: int = 152) -> list[dict[str, Any]]:
    """`n` Belot deals (as a match stores them) that each give both teams the same points, so
    the match never ends: suit 85 : 77 (8 : 8), all trumps 134 : 124 and no trumps 134 : 126
    (13 : 13), declared by either team."""
    rng = random.Random(seed)
    shapes = [("hearts", 75), ("spades", 75), ("clubs", 75), ("all-trumps", 124),
              ("no-trumps", 57)]  # fmt: skip
    deals = []
    for _ in range(n):
        contract, cards = rng.choice(shapes)
        team = rng.choice(TEAMS)
        deals.append({"contract": contract, "declarer": team, "cards": {team: cards},
                      "last_trick": team, "multiplier": 1})  # fmt: skip
    return deals


# -- the reference: RULES.md §1-2 read plainly, for the deals `generate` makes ---------------

_OTHER = {"us": "them", "them": "us"}
_DECK = {"no-trumps": 120, "all-trumps": 248, "suit": 152}
# preset -> contract kind -> (remainder that rounds up, borderline remainder, fewer rounds up)
_ROUNDING = {
    "bg": {"suit": (7, 6, True), "all-trumps": (5, 4, True), "no-trumps": (5, -1, True)},
    "bg-6up": {"suit": (6, 6, False), "all-trumps": (5, 4, True), "no-trumps": (5, -1, True)},
}
_PROJECT_POINTS = {"hokm": {"sira": 2, "fifty": 5, "hundred": 10},
                   "sun": {"sira": 4, "fifty": 10, "hundred": 20, "four-hundred": 40}}  # fmt: skip
_LEVEL = {"sira": 0, "fifty": 1, "hundred": 2, "four-hundred": 3}


def reference(deal: dict[str, Any]) -> dict[str, Any]:
    """A compact plain-Python scorer: what a deal costs without checks, tables or house rules."""
    return _reference_belot(deal) if deal["game"] == "belot" else _reference_baloot(deal)


def _reference_belot(deal: dict[str, Any]) -> dict[str, Any]:
    contract = deal["contract"]
    kind = contract if contract in ("no-trumps", "all-trumps") else "suit"
    ((team, points),) = deal["cards"].items()
    cards = {team: points, _OTHER[team]: _DECK[kind] - points}
    double = 2 if kind == "no-trumps" else 1
    declared = deal.get("declarations") or {}
    belots = deal.get("belots") or {}
    raw = {
        t: (cards[t] + (10 if deal["last_trick"] == t else 0)) * double
        + sum(declared.get(t, ()))
        + 20 * belots.get(t, 0)
        for t in TEAMS
    }
    declarer = deal["declarer"]
    opponents = _OTHER[declarer]
    d, o = raw[declarer], raw[opponents]
    multiplier, carried = deal.get("multiplier", 1), deal.get("hanging", 0)
    whole = ((d + o) * multiplier + 5) // 10
    up, border, fewer_up = _ROUNDING[deal.get("rules", "bg")][kind]
    score = {"us": 0, "them": 0}
    new = 0
    winner: str | None
    if multiplier > 1:
        if d == o:
            outcome, winner, new = "hanging", None, whole
        else:
            winner = declarer if d > o else opponents
            outcome = "made" if winner == declarer else "inside"
            score[winner] = whole
    elif d > o:
        outcome, winner = "made", declarer
        for t, mine, other in ((declarer, d, o), (opponents, o, d)):
            tens, rest = divmod(mine, 10)
            if rest == border and other % 10 == rest:
                score[t] = tens + ((mine < other) == fewer_up)
            else:
                score[t] = tens + (rest >= up)
    elif d < o:
        outcome, winner = "inside", opponents
        score[opponents] = whole
    else:
        outcome, winner = "hanging", None
        tens, rest = divmod(d, 10)
        if rest == border:
            score[opponents], new = tens, tens + 1
        else:
            score[opponents] = new = tens + (rest >= up)
    if winner is not None:
        score[winner] += carried
        carried = 0
    return {"raw": raw, "outcome": outcome, "score": score, "hanging": carried + new}


def _reference_baloot(deal: dict[str, Any]) -> dict[str, Any]:
    mode, buyer = deal["mode"], deal["buyer"]
    others = _OTHER[buyer]
    total, round_points = (130, 26) if mode == "sun" else (162, 16)
    ((team, points),) = deal["abnat"].items()
    abnat = {team: points, _OTHER[team]: total - points}
    tens, units = divmod(abnat[others], 10)
    if mode == "hokm":
        converted = tens + (units >= 6)
    else:
        converted = 2 * tens + (2 if units >= 6 else 1 if units == 5 else 0)
    own = {others: converted, buyer: round_points - converted}
    projects = deal.get("projects") or {}
    best = {t: max((_LEVEL[p] for p in projects.get(t, ())), default=-1) for t in TEAMS}
    counted = {"us": 0, "them": 0}
    if best["us"] >= 0 or best["them"] >= 0:
        if best["us"] == best["them"]:
            winner = deal["projects_first"]
        else:
            winner = "us" if best["us"] > best["them"] else "them"
        counted[winner] = sum(_PROJECT_POINTS[mode][p] for p in projects[winner])
    baloot = {"us": 0, "them": 0}
    if deal.get("baloot"):
        baloot[deal["baloot"]] = 2
    compared = {t: own[t] + counted[t] + baloot[t] for t in TEAMS}
    multiplier = deal.get("multiplier", 1)
    whole = round_points + counted["us"] + counted["them"]
    if multiplier == 1:
        if compared[buyer] > compared[others]:
            outcome, score = "made", compared
        elif compared[buyer] == compared[others]:
            outcome, score = "tie", compared
        else:
            outcome = "lost"
            score = {others: whole + baloot[others], buyer: baloot[buyer]}
    else:
        winner = buyer if compared[buyer] >= compared[others] else others
        loser = _OTHER[winner]
        outcome = "made" if winner == buyer else "lost"
        score = {winner: whole * multiplier + baloot[winner], loser: baloot[loser]}
    return {"outcome": outcome, "score": {"us": score["us"], "them": score["them"]}}


def best(run: Callable[[], object]) -> float:
    times = []
    for _ in range(REPEATS):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def floor(lines: list[str]) -> float:
    def run() -> None:
        out = io.StringIO()
        for line in lines:
            out.write(json.dumps(json.loads(line)) + "\n")

    return best(run)


def worker(n: int) -> dict[str, Any]:
    """This interpreter's figures for the belot package it imports (pure or compiled)."""
    import belot.core.belot
    from belot.cli.score import score_lines
    from belot.contract import score
    from belot.core.match import Match

    lines = generate(n)
    deals = [json.loads(line) for line in lines]
    match_deals = level_match(1000)
    match = Match("belot", "bg", tuple(match_deals))
    alone = [{"game": "belot", "rules": "bg", **deal, "hanging": 0} for deal in match_deals]
    sheet = match.replay()
    assert len(sheet.rows) == 1000 and not sheet.finished

    def jsonl() -> None:
        if not score_lines(iter(lines), io.StringIO()):
            sys.exit("a generated deal was refused: the generator is wrong")

    def scores() -> None:
        for deal in deals:
            score(deal)

    def references() -> None:
        for deal in deals:
            reference(deal)

    for deal in deals:
        if score(deal) != reference(deal):
            sys.exit(f"the reference and the engine disagree on {deal}")

    def alone_scores() -> None:
        for deal in alone:
            score(deal)

    def each_game() -> dict[str, float]:
        """`contract.score` on each game's deals alone, as deals/s (issue 24's goal: the
        French games as fast as Belot)."""
        by_game = {g: [d for d in deals if d["game"] == g][: n // 4] for g in ("belot", "baloot")}
        by_game |= {g: french(n // 4, g) for g in ("french-belote", "coinche")}
        out = {}
        for game, some in by_game.items():

            def each(some: list[dict[str, Any]] = some) -> None:
                for deal in some:
                    score(deal)

            out[game] = len(some) / best(each)
        return out

    return {
        "games": each_game(),
        "compiled": not str(belot.core.belot.__file__).endswith(".py"),
        "floor": floor(lines),
        "jsonl": best(jsonl),
        "score": best(scores),
        "reference": best(references),
        "replay": best(match.replay),
        "alone": best(alone_scores),
    }


def run_worker(n: int, compiled: bool, src: Path = ROOT / "src") -> dict[str, Any] | None:
    env = {**os.environ, "PYTHONPATH": str(COMPILED) if compiled else str(src)}
    done = subprocess.run([sys.executable, __file__, "--worker", str(n)], env=env,
                          capture_output=True, text=True, check=False)  # fmt: skip
    if done.returncode != 0:
        sys.exit(done.stderr)
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures if figures["compiled"] == compiled else None


def main() -> None:
    n = 20_000 if "--quick" in sys.argv else N
    pure = run_worker(n, compiled=False)
    assert pure is not None
    compiled = run_worker(n, compiled=True) if COMPILED.is_dir() else None
    columns = [("pure", pure)] + ([("compiled", compiled)] if compiled else [])
    before = os.environ.get("BELOT_BENCH_BEFORE")
    if before:
        figures = run_worker(n, compiled=False, src=Path(before) / "src")
        assert figures is not None
        columns.insert(0, ("before", {**figures, "before": True}))

    def row(label: str, cell: Callable[[dict[str, Any]], str]) -> None:
        print(f"{label:34}" + "".join(f"{cell(f):>22}" for _, f in columns))

    print(f"deals: {n:,} generated (60 % Belot, 40 % Baloot); best of {REPEATS}, CPU time")
    row("", lambda f: "before" if f.get("before") else "compiled" if f["compiled"] else "pure")
    row("JSON read+write (floor), deals/s", lambda f: f"{n / f['floor']:,.0f}")
    row("belot score --jsonl, deals/s", lambda f: f"{n / f['jsonl']:,.0f}")
    row("  ratio to the floor", lambda f: f"{f['jsonl'] / f['floor']:.2f}x")
    row("contract.score, deals/s", lambda f: f"{n / f['score']:,.0f}")
    row("  the reference, deals/s", lambda f: f"{n / f['reference']:,.0f}")
    row("  contract.score / reference", lambda f: f"{f['reference'] / f['score']:.2f}")
    for game in pure["games"]:

        def alone_of(f: dict[str, Any], game: str = game) -> str:
            return f"{f.get('games', {}).get(game, 0):,.0f}"

        row(f"  {game} alone, deals/s", alone_of)
    row("1,000-deal match replay, deals/s", lambda f: f"{1000 / f['replay']:,.0f}")
    row("  its deals scored alone, deals/s", lambda f: f"{1000 / f['alone']:,.0f}")
    if not compiled:
        print("(no compiled column: run `make test-compiled` first, with a C compiler)")
    print("goals: --jsonl <= 2.0x floor pure, <= 1.5x compiled; contract.score >= 0.5 of the "
          "reference pure, >= 1.0 compiled; replay no dearer per deal than scoring; the French "
          "games as fast as Belot")  # fmt: skip


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        print(json.dumps(worker(int(sys.argv[2]))))
    else:
        main()
