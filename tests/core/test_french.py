"""French belote and coinche / contrée: every worked example of RULES.md 5.8 and 6.7, the
house rules of §4.3 and §4.4, and the bad inputs of §3, through the contract (CONTRACT §1-3)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from belot.contract import score
from belot.core.errors import BelotError

FRENCH = Path(__file__).parents[2].parent / "shared" / "examples" / "french.jsonl"


def fb(**deal: Any) -> dict[str, Any]:
    return score({"game": "french-belote", "contract": "hearts", "declarer": "us", **deal})


def co(**deal: Any) -> dict[str, Any]:
    return score({"game": "coinche", "contract": "hearts", "declarer": "us", **deal})


def refused(deal: dict[str, Any]) -> tuple[str, str | None]:
    with pytest.raises(BelotError) as caught:
        score(deal)
    return caught.value.code, caught.value.field


def outcome(result: dict[str, Any]) -> tuple[str, int, int, int]:
    return result["outcome"], result["score"]["us"], result["score"]["them"], result["hanging"]


@pytest.mark.skipif(not FRENCH.exists(), reason="shared/examples beside the clone")
@pytest.mark.parametrize("line", FRENCH.read_text().splitlines() if FRENCH.exists() else [])
def test_the_shared_french_examples(line: str) -> None:
    example = json.loads(line)
    expected = example["expected"]
    if "error" in expected:
        assert refused(example["input"]) == (expected["error"]["code"], expected["error"]["field"])
    else:
        assert score(example["input"]) == expected


EXACT = {"preset": "ffb", "no-rounding": True}


def test_rules_5_8_french_belote() -> None:
    made = fb(cards={"us": 72}, last_trick="us")
    assert made["raw"] == {"us": 82, "them": 80} and outcome(made) == ("made", 80, 80, 0)
    assert outcome(fb(cards={"us": 72}, last_trick="us", rules=EXACT)) == ("made", 82, 80, 0)
    assert outcome(fb(cards={"us": 70}, last_trick="us")) == ("inside", 0, 160, 0)
    assert outcome(fb(cards={"us": 70}, last_trick="us", rules=EXACT)) == ("inside", 0, 162, 0)
    assert outcome(fb(capot="us")) == ("made", 250, 0, 0)
    belote = fb(cards={"us": 62}, last_trick="us", belots={"us": 1})
    assert belote["raw"] == {"us": 92, "them": 90} and outcome(belote) == ("made", 90, 90, 0)
    assert outcome(fb(cards={"us": 60}, last_trick="us", belots={"us": 1})) == (
        "inside", 20, 160, 0)  # fmt: skip
    assert outcome(fb(cards={"us": 60}, last_trick="us", belots={"us": 1}, rules=EXACT)) == (
        "inside", 20, 162, 0)  # fmt: skip
    assert outcome(fb(cards={"us": 71}, last_trick="us")) == ("hanging", 0, 80, 80)
    assert outcome(fb(cards={"us": 71}, last_trick="us", rules=EXACT)) == ("hanging", 0, 81, 81)
    their = fb(capot="them", belots={"them": 1})
    assert their["raw"] == {"us": 0, "them": 272} and outcome(their) == ("inside", 0, 270, 0)
    annonces = {"preset": "ffb", "annonces": True}
    tierce = fb(cards={"us": 60}, last_trick="us", declarations={"us": [20]}, rules=annonces)
    assert tierce["raw"] == {"us": 90, "them": 92} and outcome(tierce) == ("inside", 0, 180, 0)


def test_rounding_5_6_never_decides() -> None:
    # 86 : 76 → 90 : 80 (the records sum to 170); 85 → 90, 84 → 80
    assert outcome(fb(cards={"us": 76}, last_trick="us")) == ("made", 90, 80, 0)
    assert outcome(fb(cards={"us": 75}, last_trick="us")) == ("made", 90, 80, 0)  # 85 : 77
    assert outcome(fb(cards={"us": 74}, last_trick="us")) == ("made", 80, 80, 0)  # 84 : 78


def test_litige_points_go_to_the_next_winner() -> None:
    # 5.5: what hangs goes to the taker if it makes the next deal, to the defence if inside
    assert outcome(fb(cards={"us": 72}, last_trick="us", hanging=80)) == ("made", 160, 80, 0)
    assert outcome(fb(cards={"us": 70}, last_trick="us", hanging=80)) == ("inside", 0, 240, 0)
    # a litige adds its own to what already hangs
    assert outcome(fb(cards={"us": 71}, last_trick="us", hanging=80)) == ("hanging", 0, 80, 160)
    tie_inside = {"preset": "ffb", "tie-inside": True}
    assert outcome(fb(cards={"us": 71}, last_trick="us", rules=tie_inside)) == (
        "inside", 0, 160, 0)  # fmt: skip


def test_annonces_one_contest_and_capot() -> None:
    annonces = {"preset": "ffb", "annonces": True}
    # a capot team also scores the other team's counted declarations
    capot = fb(capot="us", declarations={"us": [], "them": [50]}, rules=annonces)
    assert capot["raw"] == {"us": 252, "them": 50} and outcome(capot) == ("made", 300, 0, 0)
    # without the switch, declarations are refused; empty lists are accepted
    tierce = {"game": "french-belote", "contract": "hearts", "declarer": "us",
              "cards": {"us": 72}, "last_trick": "us", "declarations": {"us": [20]}}  # fmt: skip
    assert refused(tierce) == ("declarations-not-allowed", "declarations")
    assert outcome(fb(cards={"us": 72}, last_trick="us", declarations={"us": [], "them": []})) == (
        "made", 80, 80, 0)  # fmt: skip


def test_rules_6_7_coinche() -> None:
    r = co(bid=110, cards={"us": 103}, last_trick="us")
    assert r["raw"] == {"us": 113, "them": 49} and outcome(r) == ("made", 220, 50, 0)
    exact = co(bid=110, cards={"us": 103}, last_trick="us", rules={"no-rounding": True})
    assert outcome(exact) == ("made", 223, 49, 0)
    belote = {"contract": "spades", "cards": {"us": 142}, "last_trick": "us", "belots": {"us": 1}}
    assert outcome(co(bid=80, **belote)) == ("made", 250, 10, 0)
    assert outcome(co(bid=130, **belote)) == ("made", 300, 10, 0)
    hundred = {"bid": 100, "cards": {"us": 110}, "last_trick": "us"}
    assert outcome(co(**hundred)) == ("made", 220, 40, 0)
    assert outcome(co(**hundred, multiplier=2)) == ("made", 520, 0, 0)
    assert outcome(co(**hundred, multiplier=4)) == ("made", 1040, 0, 0)
    low = {"bid": 100, "cards": {"us": 32}, "last_trick": "them"}
    assert co(**low)["raw"] == {"us": 32, "them": 130}
    assert outcome(co(**low)) == ("inside", 0, 260, 0)
    assert outcome(co(**low, multiplier=2)) == ("inside", 0, 520, 0)
    assert outcome(co(bid=140, cards={"us": 100}, last_trick="us", belots={"us": 1})) == (
        "inside", 20, 300, 0)  # fmt: skip
    assert outcome(co(bid="capot", capot="us")) == ("made", 500, 0, 0)
    assert outcome(co(bid="capot", capot="us", rules={"no-rounding": True})) == ("made", 502, 0, 0)
    assert outcome(co(bid="capot", capot="us", multiplier=2)) == ("made", 1000, 0, 0)
    assert outcome(co(bid="capot", cards={"us": 130}, last_trick="us")) == ("inside", 0, 410, 0)
    assert outcome(co(bid=140, capot="us")) == ("made", 390, 0, 0)
    fifty = {"bid": 100, "cards": {"us": 110}, "last_trick": "us",
             "declarations": {"us": [50], "them": []}, "belots": {"them": 1}}  # fmt: skip
    assert co(**fifty)["raw"] == {"us": 170, "them": 62}
    assert outcome(co(**fifty)) == ("made", 270, 60, 0)
    assert outcome(co(**fifty, multiplier=2)) == ("made", 620, 20, 0)


def test_79_is_not_80_and_equal_totals_fail() -> None:
    # 6.4: the taker needs T_t >= the bid and more than the defence, exactly
    assert outcome(co(bid=80, cards={"us": 69}, last_trick="them")) == ("inside", 0, 240, 0)
    assert outcome(co(bid=80, cards={"us": 71}, last_trick="us")) == ("inside", 0, 240, 0)  # 81:81


def test_coinche_switches() -> None:
    tie = {"bid": 80, "cards": {"us": 71}, "last_trick": "us"}  # 81 : 81, bid reached
    assert outcome(co(**tie, rules={"litige": True})) == ("hanging", 0, 80, 160)  # 81 + 80 hang
    low = {"bid": 100, "cards": {"us": 32}, "last_trick": "them"}
    assert outcome(co(**low, rules={"failure-162": True})) == ("inside", 0, 260, 0)  # 262 → 260
    assert outcome(co(**low, rules={"failure-162": True, "no-rounding": True})) == (
        "inside", 0, 262, 0)  # fmt: skip
    hundred = {"bid": 100, "cards": {"us": 110}, "last_trick": "us", "multiplier": 2}
    assert outcome(co(**hundred, rules={"coinche-keeps-own": True})) == ("made", 440, 40, 0)
    assert outcome(co(**{**hundred, "multiplier": 3}, rules={"surcoinche-x3": True})) == (
        "made", 780, 0, 0)  # fmt: skip
    assert refused({"game": "coinche", "contract": "hearts", "declarer": "us",
                    "rules": {"surcoinche-x3": True}, **{**hundred, "multiplier": 4}}) == (
        "invalid-multiplier", "multiplier")  # fmt: skip
    belote = {**hundred, "belots": {"us": 1}}  # (160 + 100) × 2 + 20 instead of (… + 20) × 2
    assert outcome(co(**belote)) == ("made", 560, 0, 0)
    assert outcome(co(**belote, rules={"belote-not-multiplied": True})) == ("made", 540, 0, 0)
    # the taker's belote does not reach the bid: 82 + 20 = 102 < 100 + 20
    reach = {"bid": 100, "cards": {"us": 72}, "last_trick": "us", "belots": {"us": 1}}
    assert outcome(co(**reach)) == ("made", 200, 80, 0)  # 102 ≥ 100 and 102 > 80
    assert outcome(co(**reach, rules={"belote-not-for-contract": True})) == ("inside", 20, 260, 0)
    points = {"points-annonces": True}
    assert outcome(co(bid=110, cards={"us": 103}, last_trick="us", rules=points)) == (
        "made", 110, 0, 0)  # fmt: skip
    assert outcome(co(**low, rules=points)) == ("inside", 0, 100, 0)
    generale = {"generale": True}
    assert outcome(co(bid="generale", capot="us", generale=True, rules=generale)) == (
        "made", 500, 0, 0)  # fmt: skip
    assert outcome(co(bid="generale", capot="us", rules=generale)) == ("inside", 0, 660, 0)
    sans = {"sans-tout-atout": True}
    nt = co(contract="no-trumps", bid=80, cards={"us": 100}, last_trick="us", rules=sans)
    assert outcome(nt) == ("made", 190, 50, 0)  # 110 + 80 : 52


def test_bad_inputs_section_3() -> None:
    deal = {"game": "coinche", "contract": "hearts", "declarer": "us", "cards": {"us": 110},
            "last_trick": "us"}  # fmt: skip
    assert refused(deal) == ("missing-field", "bid")
    for bid in (70, 250, 85, "generale", "all"):
        assert refused({**deal, "bid": bid}) == ("bid-out-of-range", "bid")
    assert refused({**deal, "bid": True}) == ("wrong-type", "bid")
    assert refused({**deal, "bid": 100, "multiplier": 3}) == ("invalid-multiplier", "multiplier")
    assert refused({**deal, "bid": 100, "hanging": 10}) == ("hanging-not-allowed", "hanging")
    assert refused({**deal, "bid": 100, "generale": True}) == ("invalid-generale", "generale")
    assert refused({**deal, "bid": 100, "contract": "no-trumps"}) == (
        "contract-not-allowed", "contract")  # fmt: skip
    assert refused({**deal, "bid": 100, "cards": {"us": 151}}) == ("cards-impossible", "cards.us")
    assert refused({**deal, "bid": 100, "cards": {"us": 1}}) == ("cards-impossible", "cards.us")
    assert refused({**deal, "bid": 100, "belots": {"us": 1, "them": 1}}) == (
        "too-many-belots", "belots")  # fmt: skip
    assert refused({**deal, "bid": 100, "declarations": {"us": [20], "them": [50]}}) == (
        "declarations-conflict", "declarations")  # fmt: skip
    carre7 = {"us": [{"kind": "carre", "high": "7"}]}
    assert refused({**deal, "bid": 100, "declarations": carre7}) == (
        "impossible-combination", "declarations.us.0.high")  # fmt: skip
    french = {**deal, "game": "french-belote"}
    assert refused({**french, "multiplier": 2}) == ("invalid-multiplier", "multiplier")
    assert refused({**french, "bid": 100}) == ("field-not-allowed", "bid")
    assert refused({**french, "generale": False}) == ("field-not-allowed", "generale")
    assert refused({**french, "rules": {"litige": True}}) == ("rules-game-mismatch", "rules.litige")
    assert refused({**french, "rules": "coinche"}) == ("rules-game-mismatch", "rules")


def test_combinations_one_contest() -> None:
    sans = {"sans-tout-atout": True}
    base = {"bid": 80, "cards": {"us": 82}, "last_trick": "us"}
    # a carré of 100 beats a cent (equal value, carré first): only ours count, 50 with it
    ours = {"us": [{"kind": "carre", "high": "K"}, {"kind": "quarte", "high": "A"}],
            "them": [{"kind": "quint", "high": "A"}]}  # fmt: skip
    assert co(**base, declarations=ours)["raw"] == {"us": 242, "them": 70}
    # equal sequences: the one in trump wins; still equal: nobody scores
    trump = {"us": [{"kind": "tierce", "high": "K", "trump": True}],
             "them": [{"kind": "tierce", "high": "K"}]}  # fmt: skip
    assert co(**base, declarations=trump)["raw"] == {"us": 112, "them": 70}
    even = {"us": [{"kind": "tierce", "high": "K"}], "them": [{"kind": "tierce", "high": "K"}]}
    assert co(**base, declarations=even)["raw"] == {"us": 92, "them": 70}
    # no trumps (sans-tout-atout): the carré of aces is worth 200 and beats a carré of kings
    aces = {"us": [{"kind": "carre", "high": "A"}], "them": [{"kind": "carre", "high": "K"}]}
    nt = co(**{**base, "contract": "no-trumps"}, declarations=aces, rules=sans)
    assert nt["raw"] == {"us": 292, "them": 70}


GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def _answer(read: Any, deal: dict[str, Any]) -> Any:
    from belot.core.french import score_french

    try:
        return score_french(read(deal))
    except BelotError as err:
        return (err.code, err.field)


@pytest.mark.parametrize("preset", ["ffb", "coinche", "contree", "house-french"])
def test_the_fast_reader_answers_what_the_careful_reader_answers(preset: str) -> None:
    """Every golden French deal: read by lookups and scored, it gets the careful reader's very
    answer (result or refusal), or the fast reader steps aside (KeyError, TypeError)."""
    from belot.core import contract
    from belot.core.games.french import plain_value

    took = 0
    for line in (GOLDEN / f"{preset}.jsonl").read_text(encoding="utf-8").splitlines():
        deal = json.loads(line)["input"]
        try:
            plain_value(deal)
        except (KeyError, TypeError):
            continue
        took += 1
        assert _answer(plain_value, deal) == _answer(contract.parse_checked, deal)
    assert took >= (10 if preset in ("ffb", "coinche") else 0), took
