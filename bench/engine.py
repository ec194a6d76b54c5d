"""Engine speed (issue 12), side by side in one run, pure Python and the mypyc-compiled core.

- the floor: `json.loads` + `json.dumps` of the same lines (what any scorer must pay);
- `belot score --jsonl`'s own loop (parse, validate, score, write), and its ratio to the floor;
- `belot.contract.score` on decoded deals (deals/s), and its ratio to `reference`: a compact
  plain-Python reading of RULES.md §1-2 for these deals (no checks, no house rules), run in the
  same process on the same deals, which must give the same results;
- the replay of a 1,000-deal match (`Match.replay`, deals/s), beside scoring those deals alone;
- the table mix (issue 33): per game — belot, baloot, french-belote, coinche, bela, klaverjas —
  a quarter of the deals as a real table's: declarations as combinations (both teams, the
  contests to resolve) and as values (one team's), belots / belotes / bela, capots (kaboot,
  štiglja, pit), contra and recontra (coinche / surcoinche; Baloot's double, three, four and
  gahwa), a club's house rules (three deals in ten name a rules object with some switches on:
  Belot border-to-declarers, contra-round-first, hanging-to-more, no-trumps-capot-doubled;
  Baloot baloot-outside-verdict, doubled-tie-to-opponents, sun-double-always,
  gahwa-baloot-after; French belote annonces, tie-inside, no-rounding; coinche litige,
  failure-162, belote-not-multiplied; bela tie-hangs, bela-always-counts, stiglja-100,
  four-aces-150; klaverjas roem-outside-nat, tie-made, revoke-drops-roem), hanging points
  carried in, Baloot's projects (by name and with their top card) and match totals, bela's
  runs with a length, klaverjas' roem (totals and claims) and revokes. Beside each game, a
  compact plain-Python reading of RULES.md for that mix (`table_belot` ... `table_klaverjas`),
  which must give `contract.score`'s very result on every generated deal (checked before
  timing); printed: contract.score deals/s, the reference's and their ratio.

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


# -- the table mix (issue 33): each game's deals as a real table's ---------------------------
#
# Per game, deals as a table plays them: declarations as combinations and as values, belots,
# capots, contra / recontra (coinche / surcoinche; Baloot's double ... gahwa), house rules (a
# club's rules object, a few switches on), hanging points carried in. The generators are plain
# Python (the same deals under any tree); beside each, a compact reading of RULES.md for that
# mix (`TABLE_REFERENCES`), which must give `contract.score`'s very result on every deal.

RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
_ORDER = {rank: i for i, rank in enumerate(RANKS)}
_TRUMP_VALUES = (20, 14, 11, 10, 4, 3, 0, 0)  # J 9 A 10 K Q 8 7 (RULES 1.1)
_PLAIN_VALUES = (2, 0, 11, 10, 4, 3, 0, 0)
SUITS = ("clubs", "diamonds", "hearts", "spades")


def _sums(values: tuple[int, ...]) -> list[int]:
    sums = {0}
    for value in values:
        sums |= {s + value for s in sums}
    return sorted(sums)


_PILES = {
    "suit": _sums(_TRUMP_VALUES + _PLAIN_VALUES * 3),
    "all-trumps": _sums(_TRUMP_VALUES * 4),
    "no-trumps": _sums(_PLAIN_VALUES * 4),
}
_ABNAT = {"sun": sorted({c + t for c in _PILES["no-trumps"] for t in (0, 10)}),
          "hokm": sorted({c + t for c in _PILES["suit"] for t in (0, 10)})}  # fmt: skip
_SEQUENCE_LENGTH = {"tierce": 3, "quarte": 4, "quint": 5}
_SEQUENCE_POINTS = {"tierce": 20, "quarte": 50, "quint": 100}
_LOWEST_TOP = {"tierce": "9", "quarte": "10", "quint": "J"}
_CARRE_POINTS = {"J": 200, "9": 150, "A": 100, "10": 100, "K": 100, "Q": 100}
_CARRE_STRENGTH = {"Q": 0, "K": 1, "10": 2, "A": 3, "9": 4, "J": 5}  # RULES 1.4
_FRENCH_CARRE_ORDER = {"10": 0, "Q": 1, "K": 2, "A": 3}  # RULES 6.3: A > K > Q > 10


def _house(rng: random.Random, preset: str, switches: tuple[str, ...]) -> str | dict[str, Any]:
    """The rules a deal names: its preset's name, or (three deals in ten) a club's rules
    object with some of the game's switches on."""
    if rng.random() < 0.7:
        return preset
    rules: dict[str, Any] = {"preset": preset}
    for switch in switches:
        rules[switch] = rng.random() < 0.5
    return rules


def _on(deal: dict[str, Any], switch: str) -> bool:
    rules = deal.get("rules")
    return isinstance(rules, dict) and rules.get(switch) is True


def _preset(deal: dict[str, Any], default: str) -> str:
    rules = deal.get("rules")
    if isinstance(rules, dict):
        return str(rules.get("preset", default))
    return default if rules is None else str(rules)


def _play(rng: random.Random, deal: dict[str, Any], piles: list[int], capot: float) -> None:
    """One team's card points and the last trick, or (a `capot` share of deals) a capot."""
    if rng.random() < capot:
        deal["capot"] = rng.choice(TEAMS)
    else:
        deal["cards"] = {rng.choice(TEAMS): rng.choice(piles)}
        deal["last_trick"] = rng.choice(TEAMS)


def _values(rng: random.Random, carres_once: tuple[int, ...] = (150, 200)) -> dict[str, Any]:
    """Declarations as values, one team's (the form every game takes)."""
    team = rng.choice(TEAMS)
    items = rng.choice([[20], [50], [100], [20, 20], [20, 50], [100, 20], [150], [200, 20]])
    return {team: [v for v in items if v not in carres_once or items.count(v) == 1],
            _OTHER[team]: []}  # fmt: skip


def _sequences(rng: random.Random, most: int) -> list[dict[str, Any]]:
    out = []
    for _ in range(rng.choice(range(most + 1))):
        kind = rng.choice(("tierce", "tierce", "quarte", "quint"))
        out.append({"kind": kind, "high": rng.choice(RANKS[_ORDER[_LOWEST_TOP[kind]] :])})
    return out


def _combinations(rng: random.Random) -> dict[str, Any]:
    """Both teams' declared combinations (RULES 1.4, 6.3): a sequence or two, a carré each
    rank at most once in the deal."""
    carres = rng.sample(list(_CARRE_POINTS), 2)
    out = {}
    for team, carre in zip(TEAMS, carres, strict=True):
        items = _sequences(rng, 2)
        if rng.random() < 0.2:
            items.append({"kind": "carre", "high": carre})
        out[team] = items
    return out


def _table_belot(rng: random.Random) -> dict[str, Any]:
    contract = rng.choice([*SUITS, *SUITS, "no-trumps", "all-trumps"])
    kind = contract if contract in ("no-trumps", "all-trumps") else "suit"
    deal: dict[str, Any] = {
        "game": "belot",
        "rules": _house(rng, rng.choice(["bg", "bg", "bg-6up"]), (
            "border-to-declarers", "contra-round-first", "hanging-to-more",
            "no-trumps-capot-doubled")),
        "contract": contract,
        "declarer": rng.choice(TEAMS),
        "multiplier": rng.choices([1, 2, 4], [85, 11, 4])[0],
    }  # fmt: skip
    _play(rng, deal, _PILES[kind], 0.05)
    if kind != "no-trumps":
        form = rng.random()
        if form < 0.35:
            deal["declarations"] = _values(rng)
        elif form < 0.55:
            deal["declarations"] = _combinations(rng)
        if rng.random() < 0.3:
            deal["belots"] = {rng.choice(TEAMS): 1 if kind == "suit" else rng.choice([1, 2])}
    if rng.random() < 0.1:
        deal["hanging"] = rng.choice([8, 9, 10, 16, 26])
    return deal


def _belot_counted(given: dict[str, list[Any]]) -> dict[str, int]:
    """RULES 1.4: values as they are; combinations in two contests (sequences: longer, then
    higher, equal best cancel; carrés: J > 9 > A > 10 > K > Q), each winner scores its own."""
    items = [*given.get("us", []), *given.get("them", [])]
    if not items or type(items[0]) is int:
        return {t: sum(given.get(t, ())) for t in TEAMS}
    best: dict[str, dict[str, Any]] = {"seq": {}, "carre": {}}
    for team in TEAMS:
        for c in given.get(team, ()):
            key: Any
            if c["kind"] == "carre":
                key, contest = _CARRE_STRENGTH[c["high"]], "carre"
            else:
                key, contest = (_SEQUENCE_LENGTH[c["kind"]], _ORDER[c["high"]]), "seq"
            if team not in best[contest] or key > best[contest][team]:
                best[contest][team] = key
    winners = {}
    for contest, tops in best.items():
        us, them = tops.get("us"), tops.get("them")
        winners[contest] = None if us == them else "us" if them is None or (
            us is not None and us > them) else "them"  # fmt: skip
    counted = {"us": 0, "them": 0}
    for team in TEAMS:
        for c in given.get(team, ()):
            if c["kind"] == "carre" and winners["carre"] == team:
                counted[team] += _CARRE_POINTS[c["high"]]
            elif c["kind"] != "carre" and winners["seq"] == team:
                counted[team] += _SEQUENCE_POINTS[c["kind"]]
    return counted


def table_belot(deal: dict[str, Any]) -> dict[str, Any]:
    """RULES 1.3-1.7 and 4.1 (border-to-declarers, contra-round-first, hanging-to-more,
    no-trumps-capot-doubled) for the table mix."""
    contract = deal["contract"]
    kind = contract if contract in ("no-trumps", "all-trumps") else "suit"
    double = 2 if kind == "no-trumps" else 1
    capot = deal.get("capot")
    if capot:
        cards = {capot: _DECK[kind], _OTHER[capot]: 0}
        last = capot
    else:
        ((team, points),) = deal["cards"].items()
        cards, last = {team: points, _OTHER[team]: _DECK[kind] - points}, deal["last_trick"]
    counted = _belot_counted(deal.get("declarations") or {})
    belots = deal.get("belots") or {}
    bonus = 180 if double == 2 and _on(deal, "no-trumps-capot-doubled") else 90
    raw = {t: (cards[t] + (10 if last == t else 0)) * double + counted[t]
           + 20 * belots.get(t, 0) + (bonus if capot == t else 0) for t in TEAMS}  # fmt: skip
    declarer = deal["declarer"]
    opponents = _OTHER[declarer]
    d, o = raw[declarer], raw[opponents]
    multiplier, carried = deal["multiplier"], deal.get("hanging", 0)
    whole = ((d + o) * multiplier + 5) // 10
    if multiplier > 1 and _on(deal, "contra-round-first"):
        whole = (d + o + 5) // 10 * multiplier
    up, border, fewer_up = _ROUNDING[_preset(deal, "bg")][kind]
    score, new, winner = {"us": 0, "them": 0}, 0, None
    if multiplier > 1:
        if d == o:
            outcome, new = "hanging", whole
        else:
            winner = declarer if d > o else opponents
            outcome = "made" if winner == declarer else "inside"
            score[winner] = whole
    elif d > o:
        outcome, winner = "made", declarer
        if kind != "no-trumps" and d % 10 == border and _on(deal, "border-to-declarers"):
            score[declarer], score[opponents] = d // 10 + 1, o // 10
        else:
            for t, mine, other in ((declarer, d, o), (opponents, o, d)):
                tens, rest = divmod(mine, 10)
                if rest == border and other % 10 == rest:
                    score[t] = tens + ((mine < other) == fewer_up)
                else:
                    score[t] = tens + (rest >= up)
    elif d < o:
        outcome, winner = "inside", opponents
        score[opponents] = (d + o + 5) // 10
    else:
        outcome = "hanging"
        tens, rest = divmod(d, 10)
        if rest == border:
            score[opponents], new = tens, tens + 1
        else:
            score[opponents] = new = tens + (rest >= up)
    if winner is not None and carried and _on(deal, "hanging-to-more"):
        us, them = score["us"], score["them"]
        winner = "us" if us > them else "them" if them > us else None
    if winner is not None:
        score[winner] += carried
        carried = 0
    return {"raw": raw, "outcome": outcome, "score": score, "hanging": carried + new}


_PROJECT_KINDS = {"hokm": ("sira", "sira", "fifty", "hundred"),
                  "sun": ("sira", "sira", "fifty", "hundred", "four-hundred")}  # fmt: skip
_PROJECT_TOP = {"sira": "9", "fifty": "10", "hundred": "10", "four-hundred": "A"}


def _table_baloot(rng: random.Random) -> dict[str, Any]:
    mode = rng.choice(["sun", "hokm", "hokm"])
    rules = _house(rng, "sa", ("baloot-outside-verdict", "doubled-tie-to-opponents",
                               "sun-double-always", "gahwa-baloot-after"))  # fmt: skip
    buyer = rng.choice(TEAMS)
    deal: dict[str, Any] = {"game": "baloot", "rules": rules, "mode": mode, "buyer": buyer}
    if mode == "hokm":
        deal["multiplier"] = rng.choices([1, 2, 3, 4, "gahwa"], [80, 10, 4, 3, 3])[0]
    else:
        deal["multiplier"] = rng.choices([1, 2], [88, 12])[0]
    if rng.random() < 0.5:
        if mode == "sun" and deal["multiplier"] == 2 and not _on(deal, "sun-double-always"):
            before = {buyer: rng.randint(101, 150), _OTHER[buyer]: rng.randint(0, 100)}
        else:
            before = {"us": rng.randint(0, 151), "them": rng.randint(0, 151)}
        deal["before"] = before
    if rng.random() < 0.05:
        deal["kaboot"] = rng.choice(TEAMS)
    else:
        deal["abnat"] = {rng.choice(TEAMS): rng.choice(_ABNAT[mode])}
    if rng.random() < 0.35:
        projects: dict[str, list[Any]] = {}
        four_hundreds = 0
        for team in TEAMS:
            objects = rng.random() < 0.3
            listed: list[Any] = []
            for _ in range(rng.choice([0, 1, 1, 2])):
                kind = rng.choice(_PROJECT_KINDS[mode])
                if kind == "four-hundred":
                    if four_hundreds:
                        continue
                    four_hundreds += 1
                if objects:
                    listed.append(
                        {"kind": kind, "high": rng.choice(RANKS[_ORDER[_PROJECT_TOP[kind]] :])}
                    )
                else:
                    listed.append(kind)
            projects[team] = listed
        deal["projects"] = projects
        if projects["us"] and projects["them"]:
            deal["projects_first"] = rng.choice(TEAMS)
    if mode == "hokm" and rng.random() < 0.2:
        deal["baloot"] = rng.choice(TEAMS)
    return deal


def _project_winner(deal: dict[str, Any]) -> str | None:
    """RULES 2.3: the higher best project; same level, the higher top card when both teams
    gave it; still equal, the team that sits first."""
    projects = deal.get("projects") or {}
    best = {}
    for team in TEAMS:
        listed = projects.get(team) or []
        if listed:
            levels = [(_LEVEL[p if type(p) is str else p["kind"]],
                       None if type(p) is str else _ORDER[p["high"]]) for p in listed]  # fmt: skip
            level = max(lv for lv, _ in levels)
            highs = [h for lv, h in levels if lv == level and h is not None]
            best[team] = (level, max(highs) if highs else None)
    if len(best) < 2:
        return next(iter(best), None)
    (lu, hu), (lt, ht) = best["us"], best["them"]
    if lu != lt:
        return "us" if lu > lt else "them"
    if hu is not None and ht is not None and hu != ht:
        return "us" if hu > ht else "them"
    return str(deal["projects_first"])


def table_baloot(deal: dict[str, Any]) -> dict[str, Any]:
    """RULES 2.2-2.5 and 4.2 (baloot-outside-verdict, doubled-tie-to-opponents,
    sun-double-always, gahwa-baloot-after) for the table mix."""
    mode, buyer = deal["mode"], deal["buyer"]
    others = _OTHER[buyer]
    round_points = 26 if mode == "sun" else 16
    values = _PROJECT_POINTS[mode]
    projects = deal.get("projects") or {}
    kaboot = deal.get("kaboot")
    winner = kaboot or _project_winner(deal)
    counted = {t: sum(values[p if type(p) is str else p["kind"]] for p in projects.get(t) or [])
               if t == winner else 0 for t in TEAMS}  # fmt: skip
    baloot = {t: 2 if deal.get("baloot") == t else 0 for t in TEAMS}
    multiplier = deal.get("multiplier", 1)
    after = {t: baloot[t] if _on(deal, "gahwa-baloot-after") else 0 for t in TEAMS}
    if kaboot:
        if multiplier == "gahwa":
            score = {kaboot: 152 + after[kaboot], _OTHER[kaboot]: after[_OTHER[kaboot]]}
            return {"outcome": "kaboot", "score": score, "match_winner": kaboot}
        score = {t: counted[t] + baloot[t] + ((44 if mode == "sun" else 25) if t == kaboot else 0)
                 for t in TEAMS}  # fmt: skip
        return {"outcome": "kaboot", "score": score}
    ((team, points),) = deal["abnat"].items()
    abnat = {team: points, _OTHER[team]: (130 if mode == "sun" else 162) - points}
    tens, units = divmod(abnat[others], 10)
    if mode == "hokm":
        converted = tens + (units >= 6)
    else:
        converted = 2 * tens + (2 if units >= 6 else 1 if units == 5 else 0)
    own = {others: converted, buyer: round_points - converted}
    total = {t: own[t] + counted[t] + baloot[t] for t in TEAMS}
    verdict = total
    if _on(deal, "baloot-outside-verdict"):
        verdict = {t: total[t] - baloot[t] for t in TEAMS}
    whole = round_points + counted["us"] + counted["them"]
    if multiplier == 1:
        if verdict[buyer] > verdict[others]:
            return {"outcome": "made", "score": total}
        if verdict[buyer] == verdict[others]:
            return {"outcome": "tie", "score": total}
        score = {others: whole + baloot[others], buyer: baloot[buyer]}
        return {"outcome": "lost", "score": {"us": score["us"], "them": score["them"]}}
    if verdict[buyer] == verdict[others]:
        won = others if _on(deal, "doubled-tie-to-opponents") else buyer
    else:
        won = buyer if verdict[buyer] > verdict[others] else others
    lost = _OTHER[won]
    outcome = "made" if won == buyer else "lost"
    if multiplier == "gahwa":
        score = {won: 152 + after[won], lost: after[lost]}
        return {"outcome": outcome, "score": {"us": score["us"], "them": score["them"]},
                "match_winner": won}  # fmt: skip
    score = {won: whole * multiplier + baloot[won], lost: baloot[lost]}
    return {"outcome": outcome, "score": {"us": score["us"], "them": score["them"]}}


def _french_combinations(rng: random.Random) -> dict[str, Any]:
    """Both teams' combinations as the French games give them (a sequence may say `trump`)."""
    out = _combinations(rng)
    for items in out.values():
        for item in items:
            if item["kind"] != "carre" and rng.random() < 0.3:
                item["trump"] = True
    return out


def _french_declared(rng: random.Random, deal: dict[str, Any]) -> None:
    form = rng.random()
    if form < 0.3:
        deal["declarations"] = _values(rng)
    elif form < 0.5:
        deal["declarations"] = _french_combinations(rng)


def _table_french_belote(rng: random.Random) -> dict[str, Any]:
    deal: dict[str, Any] = {
        "game": "french-belote",
        "rules": _house(rng, "ffb", ("annonces", "tie-inside", "no-rounding")),
        "contract": rng.choice(SUITS),
        "declarer": rng.choice(TEAMS),
    }
    _play(rng, deal, _PILES["suit"], 0.05)
    if _on(deal, "annonces"):
        _french_declared(rng, deal)
    if rng.random() < 0.3:
        deal["belots"] = {rng.choice(TEAMS): 1}
    if rng.random() < 0.1:
        deal["hanging"] = rng.choice([80, 90, 160])
    return deal


def _french_counted(given: dict[str, list[Any]]) -> dict[str, int]:
    """RULES 6.3: one contest; values are one team's. Strength: the value, a carré before a
    sequence, carrés A > K > Q > 10, sequences by their top card, then in trump."""
    items = [*given.get("us", []), *given.get("them", [])]
    if not items or type(items[0]) is int:
        return {t: sum(given.get(t, ())) for t in TEAMS}
    points: dict[str, int] = {"us": 0, "them": 0}
    best: dict[str, tuple[int, int, int, Any]] = {}
    for team in TEAMS:
        for c in given.get(team, ()):
            if c["kind"] == "carre":
                value = _CARRE_POINTS[c["high"]]
                strength = (value, 1, _FRENCH_CARRE_ORDER.get(c["high"], 0), 0)
            else:
                value = _SEQUENCE_POINTS[c["kind"]]
                strength = (value, 0, _ORDER[c["high"]], int(c.get("trump", False)))
            points[team] += value
            if team not in best or strength > best[team]:
                best[team] = strength
    us, them = best.get("us"), best.get("them")
    if us == them:
        return {"us": 0, "them": 0}
    won = "us" if them is None or (us is not None and us > them) else "them"
    return {t: points[t] if t == won else 0 for t in TEAMS}


def _french_totals(deal: dict[str, Any]) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """RULES 5.3, 6.4: each team's total, its counted declarations and its belote."""
    capot = deal.get("capot")
    if capot:
        taken = {capot: 252, _OTHER[capot]: 0}
    else:
        ((team, points),) = deal["cards"].items()
        taken = {team: points, _OTHER[team]: 152 - points}
        taken[deal["last_trick"]] += 10
    counted = _french_counted(deal.get("declarations") or {})
    belote = {t: 20 * (deal.get("belots") or {}).get(t, 0) for t in TEAMS}
    return {t: taken[t] + counted[t] + belote[t] for t in TEAMS}, counted, belote


def _french_result(deal: dict[str, Any], total: dict[str, int], outcome: str,
                   record: dict[str, int], new: int) -> dict[str, Any]:  # fmt: skip
    """5.5-5.6: the records rounded to the ten, the hanging points to the deal's winner."""
    exact = _on(deal, "no-rounding")

    def rounded(x: int) -> int:
        return x if exact else (x + 5) // 10 * 10

    score = {t: rounded(record[t]) for t in TEAMS}
    carried = deal.get("hanging", 0)
    taker = deal["declarer"]
    if outcome == "hanging":
        carried += rounded(new)
    else:
        score[taker if outcome == "made" else _OTHER[taker]] += carried
        carried = 0
    return {"raw": total, "outcome": outcome, "score": score, "hanging": carried}


def table_french_belote(deal: dict[str, Any]) -> dict[str, Any]:
    """RULES 5.3-5.6 and 4.3 (annonces, tie-inside, no-rounding) for the table mix."""
    total, counted, belote = _french_totals(deal)
    taker, capot = deal["declarer"], deal.get("capot")
    defence = _OTHER[taker]
    d, o = total[taker], total[defence]
    if capot == taker:
        record = {taker: d + counted[defence], defence: belote[defence]}
        return _french_result(deal, total, "made", record, 0)
    if capot is None and d > o:
        return _french_result(deal, total, "made", dict(total), 0)
    if capot is None and d == o and not _on(deal, "tie-inside"):
        return _french_result(deal, total, "hanging", {taker: 0, defence: o}, d)
    whole = 252 if capot == defence else 162
    record = {taker: belote[taker],
              defence: whole + counted["us"] + counted["them"] + belote[defence]}  # fmt: skip
    return _french_result(deal, total, "inside", record, 0)


def _table_coinche(rng: random.Random) -> dict[str, Any]:
    preset = rng.choice(["coinche", "coinche", "coinche", "contree"])
    deal: dict[str, Any] = {
        "game": "coinche",
        "rules": _house(rng, preset, ("litige", "failure-162", "belote-not-multiplied")),
        "contract": rng.choice(SUITS),
        "declarer": rng.choice(TEAMS),
        "bid": rng.choices([80, 90, 100, 110, 120, 130, 140, 160, 180, "capot"],
                           [20, 18, 16, 12, 10, 8, 6, 4, 3, 3])[0],
        "multiplier": rng.choices([1, 2, 4], [80, 15, 5])[0],
    }  # fmt: skip
    _play(rng, deal, _PILES["suit"], 0.3 if deal["bid"] == "capot" else 0.05)
    if preset == "coinche":
        _french_declared(rng, deal)
    if rng.random() < 0.3:
        deal["belots"] = {rng.choice(TEAMS): 1}
    if _on(deal, "litige") and rng.random() < 0.2:
        deal["hanging"] = rng.choice([160, 190, 250])
    return deal


def table_coinche(deal: dict[str, Any]) -> dict[str, Any]:
    """RULES 6.4-6.5 and 4.4 (litige, failure-162, belote-not-multiplied) for the table mix."""
    total, counted, belote = _french_totals(deal)
    taker, capot = deal["declarer"], deal.get("capot")
    defence = _OTHER[taker]
    t_t, t_d, b_t, b_d = total[taker], total[defence], belote[taker], belote[defence]
    bid, m = deal["bid"], int(deal.get("multiplier", 1))
    b = 250 if bid == "capot" else int(bid)
    made = capot == taker or (bid != "capot" and t_t >= b and t_t > t_d)
    dc = counted["us"] + counted["them"]
    failure = 162 if _on(deal, "failure-162") else 160
    after = _on(deal, "belote-not-multiplied")

    def times(base: int, own: int) -> int:
        return base * m + own if after else (base + own) * m

    if not made and m == 1 and _on(deal, "litige") and bid != "capot" and capot is None \
            and t_t >= b and t_t == t_d:  # fmt: skip
        return _french_result(deal, total, "hanging", {taker: 0, defence: t_d}, t_t + b)
    if not made:
        record = {taker: b_t, defence: times(failure + b + dc, b_d)}
        return _french_result(deal, total, "inside", record, 0)
    if m == 1:
        record = {taker: t_t + b, defence: t_d}
        if capot == taker:
            record = {taker: t_t + b + counted[defence], defence: b_d}
    else:
        base = 250 if capot == taker else failure
        record = {taker: times(base + b + dc, b_t), defence: b_d}
    return _french_result(deal, total, "made", record, 0)


def _bela_combinations(rng: random.Random) -> dict[str, Any]:
    """Both teams' zvanja (RULES 7.3): runs of three to seven (a length past five), a carré
    each rank at most once, `trump` on some runs."""
    out = _combinations(rng)
    for items in out.values():
        for item in items:
            if item["kind"] == "quint" and rng.random() < 0.3:
                item["length"] = length = rng.choice([6, 7])
                item["high"] = rng.choice(RANKS[length - 1 :])
            if item["kind"] != "carre" and rng.random() < 0.3:
                item["trump"] = True
    return out


def _table_bela(rng: random.Random) -> dict[str, Any]:
    deal: dict[str, Any] = {
        "game": "bela",
        "rules": _house(rng, "hr", ("tie-hangs", "bela-always-counts", "stiglja-100",
                                    "four-aces-150")),
        "contract": rng.choice(SUITS),
        "declarer": rng.choice(TEAMS),
    }  # fmt: skip
    _play(rng, deal, _PILES["suit"], 0.05)
    form = rng.random()
    if form < 0.35:
        deal["declarations"] = _values(rng)
    elif form < 0.55:
        deal["declarations"] = _bela_combinations(rng)
        if all(deal["declarations"].values()):
            deal["declarations_first"] = rng.choice(TEAMS)
    if rng.random() < 0.3:
        deal["belots"] = {rng.choice(TEAMS): 1}
    if _on(deal, "tie-hangs") and rng.random() < 0.2:
        deal["hanging"] = rng.choice([81, 91, 162])
    return deal


_RUN_POINTS = {3: 20, 4: 50, 5: 100, 6: 100, 7: 100}


def _bela_counted(deal: dict[str, Any]) -> dict[str, int]:
    """RULES 7.3: one contest; strength the value, the cards, the top card, a run in trump;
    equal, the team first in play."""
    given = deal.get("declarations") or {}
    items = [*given.get("us", []), *given.get("them", [])]
    if not items or type(items[0]) is int:
        return {t: sum(given.get(t, ())) for t in TEAMS}
    aces = 150 if _on(deal, "four-aces-150") else 100
    points: dict[str, int] = {"us": 0, "them": 0}
    best: dict[str, tuple[int, int, int, Any]] = {}
    for team in TEAMS:
        for c in given.get(team, ()):
            if c["kind"] == "carre":
                value = aces if c["high"] == "A" else _CARRE_POINTS[c["high"]]
                strength = (value, 4, _ORDER[c["high"]], False)
            else:
                length = c.get("length", _SEQUENCE_LENGTH[c["kind"]])
                value = _RUN_POINTS[length]
                strength = (value, length, _ORDER[c["high"]], c.get("trump", False))
            points[team] += value
            if team not in best or strength > best[team]:
                best[team] = strength
    us, them = best.get("us"), best.get("them")
    if us == them:
        won = deal["declarations_first"]
    else:
        won = "us" if them is None or (us is not None and us > them) else "them"
    return {t: points[t] if t == won else 0 for t in TEAMS}


def table_bela(deal: dict[str, Any]) -> dict[str, Any]:
    """RULES 7.4-7.7 and 7.9 (tie-hangs, bela-always-counts, stiglja-100, four-aces-150) for
    the table mix."""
    caller, capot = deal["declarer"], deal.get("capot")
    other = _OTHER[caller]
    if capot:
        taken = {capot: 162 + (100 if _on(deal, "stiglja-100") else 90), _OTHER[capot]: 0}
    else:
        ((team, points),) = deal["cards"].items()
        taken = {team: points, _OTHER[team]: 152 - points}
        taken[deal["last_trick"]] += 10
    counted = _bela_counted(deal)
    bela = {t: 20 * (deal.get("belots") or {}).get(t, 0) for t in TEAMS}
    raw = {t: taken[t] + counted[t] + bela[t] for t in TEAMS}
    whole, carried = raw["us"] + raw["them"], deal.get("hanging", 0)
    always = _on(deal, "bela-always-counts")
    if capot:
        won, outcome = capot, "made" if capot == caller else "inside"
        kept = bela[_OTHER[capot]] if always else 0
        score = {capot: whole - kept, _OTHER[capot]: kept}
    elif raw[caller] > raw[other]:
        won, outcome, score = caller, "made", dict(raw)
    elif raw[caller] == raw[other] and _on(deal, "tie-hangs"):
        score = {caller: 0, other: raw[other]}
        return {"raw": raw, "outcome": "hanging", "score": score, "hanging": carried + raw[caller]}
    else:
        won, outcome = other, "inside"
        kept = bela[caller] if always else 0
        score = {caller: kept, other: whole - kept}
    score[won] += carried
    return {"raw": raw, "outcome": outcome, "score": {"us": score["us"], "them": score["them"]},
            "hanging": 0}  # fmt: skip


def _table_klaverjas(rng: random.Random) -> dict[str, Any]:
    preset = rng.choice(["rotterdam", "rotterdam", "amsterdam"])
    deal: dict[str, Any] = {
        "game": "klaverjas",
        "rules": _house(rng, preset, ("roem-outside-nat", "tie-made", "revoke-drops-roem")),
        "contract": rng.choice(SUITS),
        "declarer": rng.choice(TEAMS),
    }
    if rng.random() < 0.03:
        deal["revoke"] = rng.choice(TEAMS)
        deal["cards"], deal["last_trick"] = {rng.choice(TEAMS): rng.choice(_PILES["suit"])}, "us"
    else:
        _play(rng, deal, _PILES["suit"], 0.05)
    if rng.random() < 0.45:
        claims = [20, 40, 50, 70, 100] + ([200] if preset == "amsterdam" else [])
        roem: dict[str, Any] = {}
        for team in TEAMS:
            if deal.get("capot", team) != team or rng.random() < 0.4:
                continue
            if rng.random() < 0.5:
                roem[team] = rng.choice([20, 20, 40, 50, 70, 100, 120])
            else:
                roem[team] = rng.choices(claims, k=rng.choice([1, 1, 2]))
        deal["roem"] = roem
    return deal


def table_klaverjas(deal: dict[str, Any]) -> dict[str, Any]:
    """RULES 8.3-8.6 and 8.8 (roem-outside-nat, tie-made, revoke-drops-roem) for the mix."""
    playing, capot, revoke = deal["declarer"], deal.get("capot"), deal.get("revoke")
    other = _OTHER[playing]
    if capot:
        taken = {capot: 162, _OTHER[capot]: 0}
    else:
        ((team, points),) = deal["cards"].items()
        taken = {team: points, _OTHER[team]: 152 - points}
        taken[deal["last_trick"]] += 10
    roem = {t: 0 for t in TEAMS}
    for team, value in (deal.get("roem") or {}).items():
        roem[team] = value if type(value) is int else sum(value)
    pit = {t: 100 if capot == playing == t else 0 for t in TEAMS}
    raw = {t: taken[t] + roem[t] + pit[t] for t in TEAMS}
    all_roem = roem["us"] + roem["them"]
    if revoke:
        kept = 0 if _on(deal, "revoke-drops-roem") else all_roem
        score = {_OTHER[revoke]: 162 + kept, revoke: 0}
        outcome = "inside" if revoke == playing else "made"
    elif capot == playing:
        outcome, score = "made", {playing: 262 + roem[playing], other: 0}
    else:
        outside = _on(deal, "roem-outside-nat")
        mine = taken[playing] + (0 if outside else roem[playing])
        theirs = taken[other] + (0 if outside else roem[other])
        if mine > theirs or (mine == theirs and capot is None and _on(deal, "tie-made")):
            outcome, score = "made", {t: taken[t] + roem[t] for t in TEAMS}
        else:
            outcome, score = "inside", {playing: 0, other: 162 + all_roem}
    return {"raw": raw, "outcome": outcome, "score": {"us": score["us"], "them": score["them"]},
            "hanging": 0}  # fmt: skip


TABLE_GAMES: dict[str, tuple[Callable[[random.Random], dict[str, Any]],
                             Callable[[dict[str, Any]], dict[str, Any]]]] = {
    "belot": (_table_belot, table_belot),
    "baloot": (_table_baloot, table_baloot),
    "french-belote": (_table_french_belote, table_french_belote),
    "coinche": (_table_coinche, table_coinche),
    "bela": (_table_bela, table_bela),
    "klaverjas": (_table_klaverjas, table_klaverjas),
}  # fmt: skip


def table_mix(game: str, n: int, seed: int = 171) -> list[dict[str, Any]]:
    """`n` deals of `game` as a real table's (the same deals under any tree)."""
    make = TABLE_GAMES[game][0]
    rng = random.Random(f"{seed}-{game}")
    return [make(rng) for _ in range(n)]


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


def table_figures(n: int, strict: bool) -> dict[str, Any]:
    """`contract.score` and the game's table reference on each game's table mix (`n` deals a
    game), as deals/s. Both must agree on every deal (`strict`: this tree; another tree's
    disagreements, and a game it does not know, are only counted)."""
    from belot.contract import score
    from belot.core.errors import BelotError

    out: dict[str, Any] = {}
    for game, (_, reference_of) in TABLE_GAMES.items():
        deals = table_mix(game, n)
        wrong = 0
        try:
            for deal in deals:
                if score(deal) != reference_of(deal):
                    if strict:
                        sys.exit(f"the table reference and the engine disagree on {deal}: "
                                 f"{score(deal)} != {reference_of(deal)}")  # fmt: skip
                    wrong += 1
        except BelotError as err:
            if strict:
                sys.exit(f"a generated {game} deal was refused ({err.code} at {err.field}): {deal}")
            out[game] = None  # a tree before the game
            continue

        def scores(deals: list[dict[str, Any]] = deals) -> None:
            for deal in deals:
                score(deal)

        def references(deals: list[dict[str, Any]] = deals, of: Any = reference_of) -> None:
            for deal in deals:
                of(deal)

        out[game] = {"score": len(deals) / best(scores),
                     "reference": len(deals) / best(references), "wrong": wrong}  # fmt: skip
    return out


def worker(n: int, strict: bool = True) -> dict[str, Any]:
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
        "tables": table_figures(n // 4, strict),
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
    strict = [] if src == ROOT / "src" else ["--lenient"]
    done = subprocess.run([sys.executable, __file__, "--worker", str(n), *strict], env=env,
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
    print(f"the table mix ({n // 4:,} deals a game): contract.score, the table reference, "
          "deals/s, and their ratio")  # fmt: skip
    for game in TABLE_GAMES:

        def table(f: dict[str, Any], game: str = game, what: str = "score") -> str:
            got = f.get("tables", {}).get(game)
            if got is None:
                return "-"
            if what == "ratio":
                return f"{got['score'] / got['reference']:.2f}" + (
                    f" ({got['wrong']} differ)" if got["wrong"] else "")  # fmt: skip
            return f"{got[what]:,.0f}"

        def reference_of(f: dict[str, Any], game: str = game) -> str:
            return table(f, game, "reference")

        def ratio_of(f: dict[str, Any], game: str = game) -> str:
            return table(f, game, "ratio")

        row(f"  {game}: contract.score", table)
        row("    the table reference", reference_of)
        row("    contract.score / reference", ratio_of)
    row("1,000-deal match replay, deals/s", lambda f: f"{1000 / f['replay']:,.0f}")
    row("  its deals scored alone, deals/s", lambda f: f"{1000 / f['alone']:,.0f}")
    if not compiled:
        print("(no compiled column: run `make test-compiled` first, with a C compiler)")
    print("goals: --jsonl <= 2.0x floor pure, <= 1.5x compiled; contract.score >= 0.5 of the "
          "reference pure, >= 1.0 compiled; replay no dearer per deal than scoring; the French "
          "games as fast as Belot")  # fmt: skip


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        print(json.dumps(worker(int(sys.argv[2]), strict="--lenient" not in sys.argv)))
    else:
        main()
