"""Property tests on generated legal Belot deals and Baloot rounds (contract JSON form).

(a) RULES 1.6: recorded + newly hanging = the whole raw deal (times any contra) rounded half up;
(b) swapping us and them in the input swaps the output;
(c) RULES 2.5: what a Baloot round shares out;
(d) valid inputs always score; garbage only ever raises BelotError.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belot.contract import error_json, score
from belot.core.errors import BelotError
from support import examples

from .test_rounding_tables import reference as belot_reference

SETTINGS = settings(
    max_examples=examples(250), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TEAMS = ("us", "them")
OTHER = {"us": "them", "them": "us"}
RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")

# RULES 1.1
TRUMP = (20, 14, 11, 10, 4, 3, 0, 0)
PLAIN = (2, 0, 11, 10, 4, 3, 0, 0)


def subset_sums(values: tuple[int, ...]) -> list[int]:
    sums = {0}
    for value in values:
        sums |= {s + value for s in sums}
    return sorted(sums)


DECK = {"suit": 152, "all-trumps": 248, "no-trumps": 120}
REACHABLE = {
    "suit": subset_sums(TRUMP + PLAIN * 3),
    "all-trumps": subset_sums(TRUMP * 4),
    "no-trumps": subset_sums(PLAIN * 4),
}
SUN_CARDS = subset_sums(PLAIN * 4)
HOKM_CARDS = subset_sums(TRUMP + PLAIN * 3)
ABNAT = {
    "sun": sorted(set(SUN_CARDS) | {c + 10 for c in SUN_CARDS}),
    "hokm": sorted(set(HOKM_CARDS) | {c + 10 for c in HOKM_CARDS}),
}
ROUND_ABNAT = {"sun": 130, "hokm": 162}
ROUND_POINTS = {"sun": 26, "hokm": 16}


def kind_of(contract: str) -> str:
    return contract if contract in ("all-trumps", "no-trumps") else "suit"


def half_up(x: int) -> int:
    return (x + 5) // 10


# ---------------------------------------------------------------- Belot deals


@st.composite
def value_declarations(draw: st.DrawFn) -> dict[str, list[int]]:
    """Recognised values no rule forbids: one team's sequences, one team's 150/200, any 100s."""
    sequences_to = draw(st.sampled_from([None, "us", "them"]))
    carres_to = draw(st.sampled_from([None, "us", "them"]))
    out: dict[str, list[int]] = {}
    for team in TEAMS:
        values = draw(st.lists(st.just(100), max_size=2))
        if team == sequences_to:
            values += draw(st.lists(st.sampled_from([20, 50]), min_size=1, max_size=2))
        if team == carres_to:
            values += draw(
                st.lists(st.sampled_from([150, 200]), min_size=1, max_size=2, unique=True)
            )
        out[team] = draw(st.permutations(values))
    return out


@st.composite
def combination_declarations(draw: st.DrawFn) -> dict[str, list[dict[str, str]]]:
    """Combinations that can exist; each carré rank at most once in the deal."""
    lowest = {"tierce": "9", "quarte": "10", "quint": "J"}
    carre_ranks = draw(st.permutations(["J", "9", "A", "10", "K", "Q"]))
    split = draw(st.integers(0, 3)), draw(st.integers(0, 3))
    carres = {"us": carre_ranks[: split[0]], "them": carre_ranks[split[0] : split[0] + split[1]]}
    out: dict[str, list[dict[str, str]]] = {}
    for team in TEAMS:
        combos = []
        for _ in range(draw(st.integers(0, 2))):
            kind = draw(st.sampled_from(["tierce", "quarte", "quint"]))
            high = draw(st.sampled_from(RANKS[RANKS.index(lowest[kind]) :]))
            combos.append({"kind": kind, "high": high})
        combos += [{"kind": "carre", "high": rank} for rank in carres[team]]
        out[team] = draw(st.permutations(combos))
    return out


@st.composite
def belot_deals(draw: st.DrawFn) -> dict[str, Any]:
    contract = draw(
        st.sampled_from(["clubs", "diamonds", "hearts", "spades", "no-trumps", "all-trumps"])
    )
    kind = kind_of(contract)
    deal: dict[str, Any] = {"game": "belot", "contract": contract}
    rules = draw(st.sampled_from([None, "bg", "bg-6up"]))
    if rules:
        deal["rules"] = rules
    deal["declarer"] = draw(st.sampled_from(TEAMS))
    multiplier = draw(st.sampled_from([None, 1, 1, 2, 4]))
    if multiplier:
        deal["multiplier"] = multiplier
    capot = draw(st.sampled_from([None, None, None, None, "us", "them"]))
    if capot:
        deal["capot"] = capot
        consistent = draw(st.sampled_from(["none", "cards", "last", "both"]))
        if consistent in ("cards", "both"):
            team = draw(st.sampled_from(TEAMS))
            deal["cards"] = {team: DECK[kind] if team == capot else 0}
        if consistent in ("last", "both"):
            deal["last_trick"] = capot
    else:
        points = draw(st.sampled_from(REACHABLE[kind]))
        whose = draw(st.sampled_from(["us", "them", "both"]))
        if whose == "both":
            deal["cards"] = {"us": points, "them": DECK[kind] - points}
        else:
            deal["cards"] = {whose: points}
        deal["last_trick"] = draw(st.sampled_from(TEAMS))
    if kind != "no-trumps":
        form = draw(st.sampled_from(["none", "values", "combinations"]))
        if form == "values":
            deal["declarations"] = draw(value_declarations())
        elif form == "combinations":
            deal["declarations"] = draw(combination_declarations())
        most = 1 if kind == "suit" else 4
        ours = draw(st.integers(0, most))
        theirs = draw(st.integers(0, most - ours))
        if ours or theirs or draw(st.booleans()):
            deal["belots"] = {"us": ours, "them": theirs}
    if draw(st.booleans()):
        deal["hanging"] = draw(st.integers(0, 40))
    return deal


def swap_teams(value: Any) -> Any:
    """Exchange us and them in every key and every team-valued string."""
    if isinstance(value, dict):
        return {OTHER.get(k, k): swap_teams(v) for k, v in value.items()}
    if isinstance(value, list):
        return [swap_teams(v) for v in value]
    if isinstance(value, str):
        return OTHER.get(value, value)
    return value


def expected_raw_total(deal: dict[str, Any]) -> int | None:
    """The deal's whole raw total when its declarations are values (no contest to resolve)."""
    kind = kind_of(deal["contract"])
    decl: dict[str, list[Any]] = deal.get("declarations", {"us": [], "them": []})
    if any(isinstance(v, dict) for team in TEAMS for v in decl[team]):
        return None
    total: int = (DECK[kind] + 10) * (2 if kind == "no-trumps" else 1)
    total += sum(decl["us"]) + sum(decl["them"])
    belots = deal.get("belots", {})
    total += 20 * (belots.get("us", 0) + belots.get("them", 0))
    return total + (90 if deal.get("capot") else 0)


@SETTINGS
@given(belot_deals())
def test_belot_invariant(deal: dict[str, Any]) -> None:
    """RULES 1.6: score.us + score.them + hanging out - hanging in = half_up(raw total x mult).

    The carried-in hanging is handed to the winner (inside `score`) or stays in `hanging`,
    so it drops out of both sides; what is newly recorded or hanging is the whole deal.
    """
    result = score(deal)
    raw, got = result["raw"], result["score"]
    mult = deal.get("multiplier", 1)
    hanging_in = deal.get("hanging", 0)
    total = raw["us"] + raw["them"]
    want_total = expected_raw_total(deal)
    if want_total is not None:
        assert total == want_total
    assert got["us"] + got["them"] + result["hanging"] - hanging_in == half_up(total * mult)
    declarer = deal["declarer"]
    d, o = raw[declarer], raw[OTHER[declarer]]
    if d == o:
        assert result["outcome"] == "hanging"
        assert result["hanging"] > hanging_in
        assert got[declarer] == 0
        if mult > 1:
            assert got == {"us": 0, "them": 0}
    else:
        assert result["outcome"] == ("made" if d > o else "inside")
        assert result["hanging"] == 0
        loser = OTHER[declarer] if d > o else declarer
        if mult > 1 or d < o:
            assert got[loser] == 0
    assert min(got.values()) >= 0


SEQUENCE_LENGTH = {"tierce": 3, "quarte": 4, "quint": 5}
SEQUENCE_POINTS = {"tierce": 20, "quarte": 50, "quint": 100}
CARRE_ORDER = ("Q", "K", "10", "A", "9", "J")  # weakest first
CARRE_POINTS = {"J": 200, "9": 150}


def resolve(declarations: dict[str, list[Any]]) -> dict[str, list[int]]:
    """RULES 1.4: combinations to the values that count (two contests; equal best sequences
    cancel; belot is not involved). Values are returned as they are."""
    if not any(isinstance(item, dict) for team in TEAMS for item in declarations.get(team, [])):
        return {team: list(declarations.get(team, [])) for team in TEAMS}
    best_sequence: dict[str, tuple[int, int] | None] = {}
    best_carre: dict[str, int | None] = {}
    for team in TEAMS:
        items = declarations.get(team, [])
        sequences = [(SEQUENCE_LENGTH[c["kind"]], RANKS.index(c["high"])) for c in items
                     if c["kind"] != "carre"]  # fmt: skip
        carres = [CARRE_ORDER.index(c["high"]) for c in items if c["kind"] == "carre"]
        best_sequence[team] = max(sequences) if sequences else None
        best_carre[team] = max(carres) if carres else None

    def contest(us: Any, them: Any) -> str | None:
        if us == them:  # neither has one, or the two best are equal (sequences cancel)
            return None
        if them is None or (us is not None and us > them):
            return "us"
        return "them"

    sequences_to = contest(best_sequence["us"], best_sequence["them"])
    carres_to = contest(best_carre["us"], best_carre["them"])
    out: dict[str, list[int]] = {"us": [], "them": []}
    for team in TEAMS:
        for c in declarations.get(team, []):
            if c["kind"] == "carre" and carres_to == team:
                out[team].append(CARRE_POINTS.get(c["high"], 100))
            elif c["kind"] != "carre" and sequences_to == team:
                out[team].append(SEQUENCE_POINTS[c["kind"]])
    return out


@SETTINGS
@given(belot_deals())
def test_belot_matches_the_reference(deal: dict[str, Any]) -> None:
    """The whole result against the small reference of test_rounding_tables (RULES 1.3-1.6)."""
    model = dict(deal)
    if "declarations" in model:
        model["declarations"] = resolve(model["declarations"])
    if model.get("capot"):
        model.pop("cards", None)
    result = score(deal)
    assert {key: result[key] for key in ("raw", "outcome", "score", "hanging")} == (
        belot_reference(model)
    )


@SETTINGS
@given(belot_deals())
def test_belot_swap(deal: dict[str, Any]) -> None:
    result = score(deal)
    swapped = score(swap_teams(deal))
    assert swapped == swap_teams(result)
    assert swapped["outcome"] == result["outcome"] and swapped["hanging"] == result["hanging"]


@SETTINGS
@given(belot_deals())
def test_belot_presets_differ_only_on_suit_six(deal: dict[str, Any]) -> None:
    """RULES 1.6: bg and bg-6up differ only in a made suit deal whose raw points end in 6."""
    a = score({**deal, "rules": "bg"})
    b = score({**deal, "rules": "bg-6up"})
    six = (
        kind_of(deal["contract"]) == "suit"
        and a["outcome"] == "made"
        and deal.get("multiplier", 1) == 1
        and a["raw"]["us"] % 10 == 6
    )
    if not six:
        assert a == b
    else:
        assert a["raw"] == b["raw"] and a["outcome"] == b["outcome"]
        fewer = min(TEAMS, key=lambda team: a["raw"][team])
        assert b["score"][fewer] == a["score"][fewer] - 1
        assert b["score"][OTHER[fewer]] == a["score"][OTHER[fewer]] + 1


# ---------------------------------------------------------------- Baloot rounds

LEVEL = {"sira": 0, "fifty": 1, "hundred": 2, "four-hundred": 3}
PROJECT_POINTS = {
    "hokm": {"sira": 2, "fifty": 5, "hundred": 10},
    "sun": {"sira": 4, "fifty": 10, "hundred": 20, "four-hundred": 40},
}
LOWEST_HIGH = {"sira": "9", "fifty": "10", "hundred": "10", "four-hundred": "A"}


@st.composite
def baloot_rounds(draw: st.DrawFn) -> dict[str, Any]:
    mode = draw(st.sampled_from(["sun", "hokm"]))
    deal: dict[str, Any] = {"game": "baloot", "mode": mode}
    if draw(st.booleans()):
        deal["rules"] = "sa"
    buyer = draw(st.sampled_from(TEAMS))
    deal["buyer"] = buyer
    if mode == "hokm":
        multiplier = draw(st.sampled_from([None, 1, 1, 2, 3, 4, "gahwa"]))
    else:
        multiplier = draw(st.sampled_from([None, 1, 1, 2]))
    if multiplier is not None:
        deal["multiplier"] = multiplier
    if draw(st.booleans()):
        if mode == "sun" and multiplier == 2:
            before = {buyer: draw(st.integers(101, 150)), OTHER[buyer]: draw(st.integers(0, 100))}
        else:
            before = {"us": draw(st.integers(0, 151)), "them": draw(st.integers(0, 151))}
        deal["before"] = before
    kaboot = draw(st.sampled_from([None, None, None, None, "us", "them"]))
    if kaboot:
        deal["kaboot"] = kaboot
        if draw(st.integers(0, 3)) == 0:
            team = draw(st.sampled_from(TEAMS))
            deal["abnat"] = {team: ROUND_ABNAT[mode] if team == kaboot else 0}
    else:
        abnat = draw(st.sampled_from(ABNAT[mode]))
        whose = draw(st.sampled_from(["us", "them", "both"]))
        if whose == "both":
            deal["abnat"] = {"us": abnat, "them": ROUND_ABNAT[mode] - abnat}
        else:
            deal["abnat"] = {whose: abnat}
    kinds = list(PROJECT_POINTS[mode])
    four_hundred_left = 1
    projects: dict[str, list[Any]] = {}
    for team in TEAMS:
        objects = draw(st.booleans())
        listed: list[Any] = []
        for _ in range(draw(st.integers(0, 4))):
            kind = draw(st.sampled_from(kinds))
            if kind == "four-hundred":
                if not four_hundred_left:
                    continue
                four_hundred_left -= 1
            if objects:
                high = draw(st.sampled_from(RANKS[RANKS.index(LOWEST_HIGH[kind]) :]))
                listed.append({"kind": kind, "high": high})
            else:
                listed.append(kind)
        projects[team] = listed
    empty_projects_given = draw(st.booleans())
    if projects["us"] or projects["them"] or empty_projects_given:
        deal["projects"] = projects
    if projects["us"] and projects["them"]:
        deal["projects_first"] = draw(st.sampled_from(TEAMS))
    if mode == "hokm":
        baloot = draw(st.sampled_from([None, None, "us", "them"]))
        if baloot or draw(st.booleans()):
            deal["baloot"] = baloot
    return deal


def project_winner(deal: dict[str, Any]) -> str | None:
    """RULES 2.3: higher level, then higher top card, then projects_first."""
    projects = deal.get("projects", {"us": [], "them": []})

    def best(team: str) -> tuple[int, int | None]:
        keys = []
        for p in projects[team]:
            kind = p if isinstance(p, str) else p["kind"]
            high = None if isinstance(p, str) else RANKS.index(p["high"])
            keys.append((LEVEL[kind], high))
        level = max(k[0] for k in keys)
        highs = [k[1] for k in keys if k[0] == level]
        return level, None if None in highs else max(h for h in highs if h is not None)

    if not projects["us"] or not projects["them"]:
        return "us" if projects["us"] else "them" if projects["them"] else None
    (lu, hu), (lt, ht) = best("us"), best("them")
    if lu != lt:
        return "us" if lu > lt else "them"
    if hu is None or ht is None or hu == ht:
        first: str = deal["projects_first"]
        return first
    return "us" if hu > ht else "them"


def project_points(deal: dict[str, Any], team: str) -> int:
    table = PROJECT_POINTS[deal["mode"]]
    listed = deal.get("projects", {"us": [], "them": []})[team]
    return sum(table[p if isinstance(p, str) else p["kind"]] for p in listed)


@SETTINGS
@given(baloot_rounds())
def test_baloot_shares(deal: dict[str, Any]) -> None:
    """RULES 2.5: what each kind of round hands out, in total and to the loser."""
    result = score(deal)
    got = result["score"]
    mode = deal["mode"]
    mult = deal.get("multiplier", 1)
    kaboot = deal.get("kaboot")
    baloot = deal.get("baloot")
    own_baloot = {team: 2 if baloot == team else 0 for team in TEAMS}
    winner = project_winner(deal)
    counted = project_points(deal, winner) if winner else 0
    assert min(got.values()) >= 0
    if mult == "gahwa":
        assert sorted(got.values()) == [0, 152]
        assert got[result["match_winner"]] == 152
        if kaboot:
            assert result["match_winner"] == kaboot and result["outcome"] == "kaboot"
        return
    assert result.get("match_winner") is None
    if kaboot:
        assert result["outcome"] == "kaboot"
        base = 44 if mode == "sun" else 25
        assert got[kaboot] == base + project_points(deal, kaboot) + own_baloot[kaboot]
        assert got[OTHER[kaboot]] == own_baloot[OTHER[kaboot]]
        return
    total = ROUND_POINTS[mode] + counted
    if mult == 1:
        assert got["us"] + got["them"] == total + sum(own_baloot.values())
        if result["outcome"] == "lost":
            assert got[deal["buyer"]] == own_baloot[deal["buyer"]]
    else:
        assert got["us"] + got["them"] == total * mult + sum(own_baloot.values())
        loser = OTHER[deal["buyer"]] if result["outcome"] == "made" else deal["buyer"]
        assert result["outcome"] in ("made", "lost")
        assert got[loser] == own_baloot[loser]


def baloot_reference(deal: dict[str, Any]) -> dict[str, Any]:
    """RULES 2.2-2.5, written out plainly."""
    mode, buyer = deal["mode"], deal["buyer"]
    others = OTHER[buyer]
    whole = ROUND_POINTS[mode]
    mult = deal.get("multiplier", 1)
    kaboot = deal.get("kaboot")
    own_baloot = {team: 2 if deal.get("baloot") == team else 0 for team in TEAMS}
    if kaboot:
        got = dict(own_baloot)
        if mult == "gahwa":
            got = {kaboot: 152, OTHER[kaboot]: 0}
            return {"outcome": "kaboot", "score": got, "match_winner": kaboot}
        got[kaboot] += (44 if mode == "sun" else 25) + project_points(deal, kaboot)
        return {"outcome": "kaboot", "score": got}
    abnat = deal["abnat"]
    theirs_abnat = abnat[others] if others in abnat else ROUND_ABNAT[mode] - abnat[buyer]
    tens, units = divmod(theirs_abnat, 10)
    if mode == "hokm":
        converted = tens + (1 if units >= 6 else 0)
    else:
        converted = 2 * tens + (2 if units >= 6 else 1 if units == 5 else 0)
    points = {others: converted, buyer: whole - converted}
    winner = project_winner(deal)
    counted = {team: project_points(deal, team) if team == winner else 0 for team in TEAMS}
    total = {team: points[team] + counted[team] + own_baloot[team] for team in TEAMS}
    all_projects = counted["us"] + counted["them"]
    if mult == 1:
        if total[buyer] > total[others]:
            return {"outcome": "made", "score": total}
        if total[buyer] == total[others]:
            return {"outcome": "tie", "score": total}
        got = {buyer: own_baloot[buyer], others: whole + all_projects + own_baloot[others]}
        return {"outcome": "lost", "score": got}
    round_winner = buyer if total[buyer] >= total[others] else others
    outcome = "made" if round_winner == buyer else "lost"
    if mult == "gahwa":
        got = {round_winner: 152, OTHER[round_winner]: 0}
        return {"outcome": outcome, "score": got, "match_winner": round_winner}
    got = dict(own_baloot)
    got[round_winner] += (whole + all_projects) * mult
    return {"outcome": outcome, "score": got}


@SETTINGS
@given(baloot_rounds())
def test_baloot_matches_the_reference(deal: dict[str, Any]) -> None:
    assert score(deal) == baloot_reference(deal)


@SETTINGS
@given(baloot_rounds())
def test_baloot_swap(deal: dict[str, Any]) -> None:
    result = score(deal)
    assert score(swap_teams(deal)) == swap_teams(result)


# ---------------------------------------------------------------- garbage in

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-1000, 1000)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(["us", "them", "hearts", "sun", "hokm", "sira", "gahwa", "A", "", "bg"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


def refuses_cleanly(deal: object) -> None:
    try:
        result = score(deal)
    except BelotError as err:
        assert isinstance(err, ValueError)
        assert isinstance(err.code, str) and err.code
        assert err.field is None or isinstance(err.field, str)
        body = error_json(err)
        assert body["error"]["code"] == err.code
        json.dumps(body)
    else:
        assert isinstance(result, dict)
        json.dumps(result)


@st.composite
def mutated(draw: st.DrawFn) -> object:
    """A legal deal with one field replaced, dropped, nested garbage, or an extra field."""
    deal: dict[str, Any] = draw(belot_deals() | baloot_rounds())
    how = draw(st.sampled_from(["replace", "drop", "add", "nested"]))
    key = draw(st.sampled_from(sorted(deal)))
    if how == "replace":
        deal[key] = draw(json_values)
    elif how == "drop":
        del deal[key]
    elif how == "add":
        deal[draw(st.text(min_size=1, max_size=10))] = draw(json_values)
    elif isinstance(deal[key], dict) and deal[key]:
        inner = dict(deal[key])
        inner[draw(st.sampled_from([*sorted(inner), "x"]))] = draw(json_values)
        deal[key] = inner
    return deal


@SETTINGS
@given(json_values)
def test_random_json_only_raises_belot_error(value: object) -> None:
    refuses_cleanly(value)


@settings(max_examples=examples(600), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_deals_only_raise_belot_error(deal: object) -> None:
    refuses_cleanly(deal)


@SETTINGS
@given(belot_deals() | baloot_rounds())
def test_legal_deals_always_score(deal: dict[str, Any]) -> None:
    """(d) every generated legal deal scores, and the result is plain JSON."""
    result = score(deal)
    assert json.loads(json.dumps(result)) == result
