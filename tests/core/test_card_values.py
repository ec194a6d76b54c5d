"""Each preset's card values (`Rules.card_values`, issue 32's count pad): every game and
contract of the registry, the deck adding up to RULES.md's totals, and the core's own piles
(`pile_total`, the reachable sums) agreeing with them."""

from __future__ import annotations

import pytest

from belot.core.cards import SUIT_NAMES, VALUE_ORDER
from belot.core.french import REACHABLE as FRENCH_REACHABLE
from belot.core.games import GAMES
from belot.core.presets import PRESETS, house_rules
from belot.core.rules_base import Rules
from belot.core.types import ContractKind

SUIT_CONTRACTS = SUIT_NAMES
# (preset, contract, trump) → the deck's card points (RULES.md 1.1, 2.1, 4.4, 5.1, 7.1, 8.1)
DECKS = [
    *((p, c, None, 152) for p in ("bg", "bg-6up", "ffb", "coinche", "contree", "hr", "rotterdam",
                                  "amsterdam") for c in SUIT_CONTRACTS),
    ("bg", "all-trumps", None, 248),
    ("bg", "no-trumps", None, 120),
    ("bg-6up", "all-trumps", None, 248),
    ("bg-6up", "no-trumps", None, 120),
    ("sa", "sun", None, 120),
    *(("sa", "hokm", t, 152) for t in SUIT_NAMES),
]  # fmt: skip
SANS_TOUT_ATOUT = [
    (house_rules(None, {"preset": p, "sans-tout-atout": True}), c)
    for p in ("coinche", "contree")
    for c in ("no-trumps", "all-trumps")
]


def total(values: dict[str, dict[str, int]]) -> int:
    return sum(sum(row.values()) for row in values.values())


def every_card(values: dict[str, dict[str, int]]) -> None:
    assert list(values) == list(SUIT_NAMES)
    for row in values.values():
        assert sorted(row) == sorted(VALUE_ORDER)


@pytest.mark.parametrize(("preset", "contract", "trump", "deck"), DECKS)
def test_the_deck_adds_up_to_the_rules_total(
    preset: str, contract: str, trump: str | None, deck: int
) -> None:
    rules = PRESETS[preset]
    values = rules.card_values(contract, trump)
    assert values is not None
    every_card(values)
    assert total(values) == deck
    # the core's own pile: the cards and, where the pile holds it, the last trick's 10
    field = "mode" if preset == "sa" else "contract"
    assert rules.pile_total({field: contract}) == deck + rules.pile_last_trick


def test_the_values_of_a_suit_contract() -> None:
    hearts = PRESETS["bg"].card_values("hearts")
    assert hearts is not None
    assert hearts["hearts"] == {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0,
                                "7": 0}  # fmt: skip
    for suit in ("clubs", "diamonds", "spades"):
        assert hearts[suit] == {"J": 2, "9": 0, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
    # J♥ 9♥ A♠ 10♦ (the count pad's example): 55, the other pile 97
    assert hearts["hearts"]["J"] + hearts["hearts"]["9"] + hearts["spades"]["A"] + hearts[
        "diamonds"]["10"] == 55  # fmt: skip
    assert PRESETS["bg"].trumps("hearts") == ("hearts",)


def test_no_trumps_and_all_trumps() -> None:
    bg = PRESETS["bg"]
    none, every = bg.card_values("no-trumps"), bg.card_values("all-trumps")
    assert none is not None and every is not None
    assert {row["J"] for row in none.values()} == {2}
    assert {row["J"] for row in every.values()} == {20}
    assert every["spades"]["9"] == 14
    assert bg.trumps("no-trumps") == ()
    assert bg.trumps("all-trumps") == SUIT_NAMES


def test_baloot_sun_has_no_trump_and_hokm_counts_with_the_trump_chosen() -> None:
    sa = PRESETS["sa"]
    assert sa.trumps("sun") == ()
    assert sa.card_values("hokm") is None  # the deal names no suit: the pad asks for one
    spades = sa.card_values("hokm", "spades")
    assert spades is not None and spades["spades"]["J"] == 20 and spades["hearts"]["J"] == 2
    assert sa.trumps("hokm", "spades") == ("spades",)
    assert sa.pile_last_trick == 10  # abnat hold the last trick (RULES.md 2.1)
    assert sa.card_values("sun", "hearts") is None
    assert sa.card_values("hearts") is None


@pytest.mark.parametrize(("rules", "contract"), SANS_TOUT_ATOUT)
def test_sans_tout_atout_has_its_own_values(rules: Rules, contract: str) -> None:
    values = rules.card_values(contract)
    assert values is not None
    every_card(values)
    assert total(values) == 152
    kind = ContractKind(contract)
    # every pile of these values is one the core takes (and the deck is one)
    assert total(values) in FRENCH_REACHABLE[kind]
    if contract == "no-trumps":
        assert values["hearts"]["A"] == 19 and rules.trumps(contract) == ()
    else:
        assert values["hearts"]["J"] == 13 and rules.trumps(contract) == SUIT_NAMES


def test_a_contract_the_rules_do_not_play_has_no_values() -> None:
    assert PRESETS["coinche"].card_values("no-trumps") is None  # without sans-tout-atout
    assert PRESETS["ffb"].card_values("all-trumps") is None
    assert PRESETS["hr"].card_values("no-trumps") is None
    assert PRESETS["rotterdam"].card_values("all-trumps") is None
    assert PRESETS["bg"].card_values("sun") is None
    assert PRESETS["bg"].card_values(None) is None
    assert PRESETS["bg"].card_values("hearts", "hearts") is None  # the contract names it


def test_only_baloot_counts_the_last_trick_in_its_pile() -> None:
    counted = {p.game.value for p in PRESETS.values() if p.pile_last_trick}
    assert counted == {"baloot"}


def test_every_game_of_the_registry_has_its_card_values() -> None:
    for info in GAMES.values():
        if info.scores is not None and info.family == "":
            continue  # a game registered from outside with no cards of its own
        contract = next(f for f in info.fields if f.name == info.contract_field)
        for preset in info.presets:
            counted = 0
            for choice in contract.choices:
                for trump in (None, *SUIT_NAMES):
                    values = preset.card_values(str(choice), trump)
                    if values is not None:
                        counted += 1
                        every_card(values)
            assert counted, (info.name, preset.name)
