"""Croatian bela and Dutch klaverjas (RULES.md §7, §8): the shared worked examples
(../shared/examples/bela.jsonl, klaverjas.jsonl), the matches of 7.10 and 8.9, and the
properties the sections state, through the contract (CONTRACT §1-3)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belot.contract import score
from belot.core.errors import BelotError
from belot.core.games import find_game
from belot.core.match import Match
from support import examples

SHARED = Path(__file__).parents[2].parent / "shared" / "examples"
EXAMPLES = [SHARED / "bela.jsonl", SHARED / "klaverjas.jsonl"]
LINES = [line for path in EXAMPLES if path.exists() for line in path.read_text().splitlines()]


@pytest.mark.skipif(not LINES, reason="shared/examples beside the clone")
@pytest.mark.parametrize("line", LINES)
def test_the_shared_examples(line: str) -> None:
    example = json.loads(line)
    expected = example["expected"]
    if "error" in expected:
        with pytest.raises(BelotError) as caught:
            score(example["input"])
        want = expected["error"]
        assert (caught.value.code, caught.value.field) == (want["code"], want["field"])
    else:
        assert score(example["input"]) == expected


def deal(**given: Any) -> dict[str, Any]:
    return {"contract": "hearts", "declarer": "us", "last_trick": "us", **given}


def made(who: str, cards_us: int, **more: Any) -> dict[str, Any]:
    """A deal of `who`'s call, `cards_us` our card points, the last trick to the caller."""
    return deal(declarer=who, cards={"us": cards_us}, last_trick=who, **more)


# Real deals reaching the totals of RULES 7.10's two match rows (each made by its caller).
TO_950_900 = (
    made("them", 80, declarations={"them": [100]}), made("us", 100, declarations={"us": [50]}),
    made("them", 77, belots={"them": 1}), made("us", 73, belots={"us": 1}),
    made("us", 92, belots={"us": 1}), made("them", 47, belots={"them": 1}),
    made("them", 53), made("us", 83), made("us", 73), made("us", 122),
)  # fmt: skip
TO_920_922 = (
    made("them", 48, belots={"them": 1}), made("them", 77, belots={"them": 1}),
    made("us", 73, belots={"us": 1}), made("us", 92), made("them", 47), made("them", 53),
    made("us", 83), made("us", 73), made("us", 83), made("us", 104), made("us", 97),
)  # fmt: skip
# RULES 8.9's last row: fifteen deals reaching 1400 : 1450 (roem with the caller's).
TO_1400_1450 = tuple(
    made(who, c, **({"roem": {who: [r]}} if r else {}))
    for who, c, r in (
        ("them", 47, 100),
        ("us", 72, 100),
        ("us", 124, 100),
        ("us", 89, 50),
        ("them", 30, 50),
        ("us", 103, 20),
        ("us", 87, 0),
        ("them", 67, 0),
        ("them", 22, 0),
        ("us", 80, 0),
        ("them", 44, 0),
        ("us", 124, 0),
        ("them", 49, 0),
        ("us", 91, 0),
        ("them", 21, 0),
    )
)


def test_rules_7_10_a_match_to_1001() -> None:
    """950 : 900, then 82 : 80 → 1032 : 980, over, we win; 920 : 922, then 82 : 80 →
    1002 : 1002, play on."""
    before = Match("bela", "hr", TO_950_900).replay()
    assert before.totals == {"us": 950, "them": 900} and not before.finished
    over = Match("bela", "hr", (*TO_950_900, made("us", 72))).replay()
    assert over.totals == {"us": 1032, "them": 980} and (over.finished, over.winner) == (
        True, "us")  # fmt: skip
    level = Match("bela", "hr", (*TO_920_922, made("us", 72))).replay()
    assert level.totals == {"us": 1002, "them": 1002} and not level.finished
    assert Match("bela", "hr", TO_950_900, target=1032).replay().winner is None
    assert Match("bela", "hr", TO_950_900, target=950).replay().winner == "us"


def test_an_eight_card_suit_ends_the_match() -> None:
    sheet = Match("bela", "hr", (made("us", 72, full_sequence="them"),)).replay()
    assert sheet.totals == {"us": 82, "them": 80}
    assert (sheet.finished, sheet.winner) == (True, "them")
    with pytest.raises(BelotError) as caught:
        Match("bela", "hr", (made("us", 72, full_sequence="them"),)).add(deal(capot="us"))
    assert caught.value.code == "match-over"


def test_rules_8_9_a_boom_of_16() -> None:
    """Deal 16 of 16 after 1400 : 1450, our cards 80 + our last trick → 1490 : 1522, over,
    they win."""
    fifteen = Match("klaverjas", "rotterdam", TO_1400_1450).replay()
    assert fifteen.totals == {"us": 1400, "them": 1450} and fifteen.deal_count == 16
    assert not fifteen.finished
    sixteen = Match("klaverjas", "rotterdam", (*TO_1400_1450, made("us", 80))).replay()
    assert sixteen.totals == {"us": 1490, "them": 1522}
    assert (sixteen.finished, sixteen.winner) == (True, "them")
    # to a target of 1500 instead, the same deals end the match at deal 16 all the same
    target = Match("klaverjas", "rotterdam", (*TO_1400_1450, made("us", 80)), target=1500)
    assert target.replay().winner == "them" and target.replay().deal_count is None


def test_a_boom_counts_no_passed_deal_and_a_draw_has_no_winner() -> None:
    ours, theirs = made("us", 80), made("them", 72)  # 90 : 72, then 72 : 90
    sheet = Match("klaverjas", "rotterdam", (ours, {"passed": True}, theirs), deal_count=2)
    drawn = sheet.replay()
    assert drawn.totals == {"us": 162, "them": 162} and drawn.played == 2
    assert (drawn.finished, drawn.winner) == (True, None)
    with pytest.raises(BelotError) as caught:
        Match("klaverjas", "rotterdam", (ours, ours), deal_count=1).replay()
    assert (caught.value.code, caught.value.field) == ("match-over", "deals.2")


def test_match_length_is_a_target_or_a_number_of_deals() -> None:
    klaverjas, bela = find_game("klaverjas"), find_game("bela")
    assert klaverjas.match_length(None, None) == (None, None)
    assert klaverjas.deals_to_play(None, None) == 16
    assert klaverjas.deals_to_play(1500, None) is None
    assert klaverjas.match_length(None, 8) == (None, 8)
    for bad, code in ((0, "deal-count-out-of-range"), (101, "deal-count-out-of-range"),
                      ("8", "wrong-type"), (True, "wrong-type")):  # fmt: skip
        with pytest.raises(BelotError) as caught:
            klaverjas.match_length(None, bad)
        assert (caught.value.code, caught.value.field) == (code, "deal_count")
    with pytest.raises(BelotError) as caught:
        klaverjas.match_length(1500, 16)
    assert (caught.value.code, caught.value.field) == ("match-mode", "deal_count")
    with pytest.raises(BelotError) as caught:
        bela.match_length(None, 16)
    assert caught.value.field == "deal_count"
    assert bela.match_length(501, None) == (501, None) and bela.target == 1001


TEAMS = ("us", "them")
PILES = st.integers(0, 152).filter(lambda n: n not in (1, 151))


@st.composite
def bela_deals(draw: st.DrawFn) -> dict[str, Any]:
    suit = draw(st.sampled_from(["clubs", "diamonds", "hearts", "spades"]))
    out: dict[str, Any] = {"game": "bela", "contract": suit,
                           "declarer": draw(st.sampled_from(TEAMS))}  # fmt: skip
    if draw(st.integers(0, 9)) == 0:
        out["capot"] = draw(st.sampled_from(TEAMS))
    else:
        out["cards"] = {draw(st.sampled_from(TEAMS)): draw(PILES)}
        out["last_trick"] = draw(st.sampled_from(TEAMS))
    holder = draw(st.sampled_from(TEAMS))
    out["declarations"] = {holder: draw(st.lists(st.sampled_from([20, 50, 100]), max_size=3))}
    if draw(st.booleans()):
        out["belots"] = {draw(st.sampled_from(TEAMS)): 1}
    return out


@given(bela_deals())
def test_bela_records_add_up_to_the_whole_deal(d: dict[str, Any]) -> None:
    """7.4-7.6: every record is exact; made, each team its own raw total; a fall or a
    štiglja, one team the whole deal (162 + bonus + every declaration and bela)."""
    result = score(d)
    raw, rec = result["raw"], result["score"]
    whole = raw["us"] + raw["them"]
    declared = sum(sum(v) for v in d["declarations"].values())
    bonus = 90 if d.get("capot") else 0
    assert whole == 162 + bonus + declared + 20 * sum(d.get("belots", {}).values())
    assert rec["us"] + rec["them"] == whole
    if result["outcome"] == "made" and not d.get("capot"):
        assert rec == raw
    else:
        assert 0 in (rec["us"], rec["them"])


@given(bela_deals())
def test_every_bela_switch_off_scores_as_its_preset(d: dict[str, Any]) -> None:
    off = {"preset": "hr", **{s.name: False for s in find_game("bela").switches}}
    assert score({**d, "rules": off}) == score(d)


@st.composite
def klaverjas_deals(draw: st.DrawFn) -> dict[str, Any]:
    out: dict[str, Any] = {"game": "klaverjas", "contract": "spades",
                           "declarer": draw(st.sampled_from(TEAMS)),
                           "rules": draw(st.sampled_from(["rotterdam", "amsterdam"]))}  # fmt: skip
    capot = draw(st.sampled_from([None, None, None, "us", "them"]))
    if capot:
        out["capot"] = capot
    else:
        out["cards"] = {"us": draw(PILES)}
        out["last_trick"] = draw(st.sampled_from(TEAMS))
    claims = st.lists(st.sampled_from([20, 40, 50, 70, 100]), max_size=3)
    out["roem"] = {t: draw(claims) for t in TEAMS if t != ({"us": "them", "them": "us"}.get(
        capot or ""))}  # fmt: skip
    return out


@given(klaverjas_deals())
def test_klaverjas_records_are_the_deal(d: dict[str, Any]) -> None:
    """8.4-8.5: made, each team card points + roem; nat, 162 + all roem to the other team;
    pit, 262 + its roem."""
    result = score(d)
    raw, rec = result["raw"], result["score"]
    roem = sum(sum(v) for v in d["roem"].values())
    playing = d["declarer"]
    if result["outcome"] == "made":
        assert rec == raw
        pit = 100 if d.get("capot") == playing else 0
        assert rec["us"] + rec["them"] == 162 + pit + roem
    else:
        other = "them" if playing == "us" else "us"
        assert rec == {playing: 0, other: 162 + roem}


@given(klaverjas_deals())
def test_every_klaverjas_switch_off_scores_as_its_preset(d: dict[str, Any]) -> None:
    off = {"preset": d["rules"], **{s.name: False for s in find_game("klaverjas").switches}}
    assert score({**d, "rules": off}) == score(d)


# The deals tables enter (`bench/engine.py`'s table mix, and more): a preset or a club's rules
# object, capots, hanging points, declarations as values or both teams' combinations (some
# that cannot be, or are given oddly), roem as totals or claims, revokes.
SUITS = ["clubs", "diamonds", "hearts", "spades"]
RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"]
ODD_ITEMS = [{"kind": "tierce", "high": "A", "trump": 1}, {"kind": "quint", "high": "A",
             "length": True}, {"kind": "quint", "high": "A", "length": None},
             {"kind": "quint", "high": "A", "length": 5.0}, {"kind": "carre", "high": "A",
             "x": 1}, {"kind": "carre", "high": "A", "length": 4}, {"kind": "tierce",
             "high": "A", "length": 0}, {"kind": "tierce"}, {"high": "A"}, [], 20]  # fmt: skip


def house(game: str, presets: list[str | None]) -> st.SearchStrategy[Any]:
    """The rules a deal names: none, a preset, or a rules object of the game's switches."""
    switches = {s.name: st.booleans() for s in find_game(game).switches}
    objects = st.fixed_dictionaries({}, optional={"preset": st.sampled_from(presets),
                                                  **switches})  # fmt: skip
    return st.one_of(st.sampled_from(presets), objects)


@st.composite
def combination(draw: st.DrawFn) -> Any:
    if draw(st.integers(0, 7)) == 0:
        return draw(st.sampled_from(ODD_ITEMS))
    kind = draw(st.sampled_from(["tierce", "quarte", "quint", "carre"]))
    item: dict[str, Any] = {"kind": kind, "high": draw(st.sampled_from(RANKS))}
    if draw(st.integers(0, 3)) == 0:
        item["length"] = draw(st.integers(3, 8))
    if draw(st.booleans()):
        item["trump"] = draw(st.booleans())
    return item


def play(draw: st.DrawFn, out: dict[str, Any]) -> None:
    if draw(st.integers(0, 7)) == 0:
        out["capot"] = draw(st.sampled_from(TEAMS))
    else:
        out["cards"] = {draw(st.sampled_from(TEAMS)): draw(PILES)}
        out["last_trick"] = draw(st.sampled_from(TEAMS))


@st.composite
def bela_tables(draw: st.DrawFn) -> dict[str, Any]:
    out: dict[str, Any] = {"game": "bela", "rules": draw(house("bela", [None, "hr"])),
                           "contract": draw(st.sampled_from(SUITS)),
                           "declarer": draw(st.sampled_from(TEAMS))}  # fmt: skip
    play(draw, out)
    form = draw(st.integers(0, 2))
    if form == 1:
        values = st.lists(st.sampled_from([20, 50, 100, 150, 200]), max_size=3)
        out["declarations"] = {draw(st.sampled_from(TEAMS)): draw(values)}
    elif form == 2:
        out["declarations"] = {t: draw(st.lists(combination(), max_size=3)) for t in TEAMS}
        if draw(st.booleans()):
            out["declarations_first"] = draw(st.sampled_from(TEAMS))
    if draw(st.booleans()):
        out["belots"] = {draw(st.sampled_from(TEAMS)): 1}
    if draw(st.booleans()):
        out["hanging"] = draw(st.sampled_from([0, 81, 162]))
    return out


@st.composite
def klaverjas_tables(draw: st.DrawFn) -> dict[str, Any]:
    presets = [None, "rotterdam", "amsterdam"]
    out: dict[str, Any] = {"game": "klaverjas", "rules": draw(house("klaverjas", presets)),
                           "contract": draw(st.sampled_from(SUITS)),
                           "declarer": draw(st.sampled_from(TEAMS))}  # fmt: skip
    play(draw, out)
    if draw(st.integers(0, 5)) == 0:
        out["revoke"] = draw(st.sampled_from(TEAMS))
    claims = st.lists(st.sampled_from([20, 40, 50, 70, 100, 200]), max_size=3)
    totals = st.sampled_from([0, 20, 40, 50, 70, 100, 120])
    out["roem"] = {t: draw(st.one_of(claims, totals)) for t in TEAMS if draw(st.booleans())}
    return out


def careful(deal: dict[str, Any]) -> dict[str, Any] | tuple[str, str | None]:
    """The deal read field by field by its game (never its lookups): a result or a refusal."""
    from belot.core.contract import explained

    try:
        return explained(deal)[0]
    except BelotError as err:
        return err.code, err.field


def quick(deal: Any) -> dict[str, Any] | None:
    """The game's own lookups (`CardGame.quick`), or None where they step aside."""
    from belot.core import plain

    info = find_game(deal["game"])
    assert info.quick is not None
    try:
        return info.quick(deal)
    except plain.GIVE_UP:
        return None


ODD = st.one_of(st.none(), st.booleans(), st.integers(-20, 400), st.text(max_size=3),
                st.lists(st.integers(-10, 250), max_size=3),
                st.dictionaries(st.sampled_from(["us", "them", "x"]),
                                st.one_of(st.integers(-10, 250), st.lists(st.integers(0, 250),
                                                                          max_size=3)),
                                max_size=2))  # fmt: skip
FIELDS = ["rules", "contract", "declarer", "multiplier", "cards", "last_trick", "declarations",
          "declarations_first", "belots", "roem", "capot", "revoke", "hanging", "full_sequence",
          "x"]  # fmt: skip
DEALS = bela_deals() | klaverjas_deals() | bela_tables() | klaverjas_tables()


@settings(max_examples=examples(400))
@given(DEALS, st.sampled_from(FIELDS), ODD, st.booleans())
def test_the_lookups_answer_what_the_careful_reader_answers(
    deal: dict[str, Any], field: str, value: Any, mutate: bool
) -> None:
    """Every deal of bela and klaverjas, as generated or with one field made odd: where the
    game's lookups answer, the careful reader gives that very result (and never refuses)."""
    if mutate:
        deal = {**deal, field: value}
    fast = quick(deal)
    if fast is not None:
        assert fast == careful(deal)
        assert list(fast) == ["raw", "outcome", "score", "hanging"]


@settings(max_examples=examples(600))
@given(bela_tables() | klaverjas_tables())
def test_the_lookups_take_every_deal_tables_enter(deal: dict[str, Any]) -> None:
    """What tables enter, under any rules: the lookups answer each deal the careful reader
    answers, with its very result (the careful way is for refusals alone)."""
    expected = careful(deal)
    fast = quick(deal)
    if isinstance(expected, dict):
        assert fast == expected
        assert list(fast) == list(expected)
    else:
        assert fast is None


def test_the_lookups_take_the_common_deal() -> None:
    common = {"game": "bela", "contract": "hearts", "declarer": "us", "cards": {"us": 72},
              "last_trick": "us", "declarations": {"us": [20], "them": []},
              "belots": {"them": 1}}  # fmt: skip
    assert quick(common) == careful(common) == score(common)
    roem = {"game": "klaverjas", "rules": "amsterdam", "contract": "spades",
            "declarer": "them", "cards": {"them": 90}, "last_trick": "them",
            "roem": {"them": [200], "us": 20}}  # fmt: skip
    assert quick(roem) == careful(roem) == score(roem)
    house = {**common, "rules": {"preset": "hr", "tie-hangs": True}, "hanging": 81}
    assert quick(house) == careful(house) == score(house)
    assert quick({**house, "rules": "hr"}) is None  # hanging without tie-hangs: refused
    tie = {**common, "declarations": {"us": [{"kind": "tierce", "high": "A"}],
                                      "them": [{"kind": "tierce", "high": "A"}]}}  # fmt: skip
    assert quick(tie) is None  # equal and no declarations_first: refused the careful way
    first = {**tie, "declarations_first": "them"}
    assert quick(first) == careful(first) == score(first)


def test_the_lookups_read_the_declared_fields() -> None:
    """Each field a deal may carry (and no other: the careful way refuses an undeclared one),
    bela's full_sequence aside (it ends the match: the careful way)."""
    from belot.core.fields import names
    from belot.core.games import bela, klaverjas

    assert names(bela.BELA) - {"full_sequence"} == bela._QUICK_FIELDS
    assert names(klaverjas.KLAVERJAS) == klaverjas._QUICK_FIELDS
