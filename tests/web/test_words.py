"""Errors, outcomes and the breakdown in words: by code, with their numbers, in each language."""

from __future__ import annotations

from belot.contract import explain, score
from belot.core.errors import BelotError
from belot.web.explain import steps_text, why
from belot.web.forms import BalootForm, BelotForm
from belot.web.i18n import Lang, pick
from belot.web.words import error_text, team_names

BG, AR, EN = Lang("bg"), Lang("ar"), Lang("en")
EXAMPLE_1 = {"game": "belot", "contract": "hearts", "declarer": "us", "cards": {"us": 82},
             "last_trick": "us", "declarations": {"us": [20], "them": []}}  # fmt: skip


def test_errors_are_said_by_code_with_their_numbers() -> None:
    err = BelotError("cards-out-of-range", "cards.us", "card points ...", value=160, deck=248)
    assert error_text(BG, err) == "Картите са най-много 248 точки."
    assert error_text(AR, err) == "نقاط الأوراق 248 على الأكثر."
    assert error_text(EN, err) == "Card points are at most 248."


def test_an_unknown_code_or_missing_numbers_fall_back_to_the_english_message() -> None:
    assert error_text(BG, BelotError("brand-new", None, "something new")) == "something new"
    assert error_text(BG, BelotError("cards-out-of-range", "cards", "as sent")) == "as sent"


def test_what_is_not_chosen_yet_is_asked_for_by_field() -> None:
    err = BelotError("missing-field", "last_trick", "say who took the last trick")
    assert error_text(BG, err) == "Посочи кой взе последната ръка."


def test_the_why_line_and_the_breakdown_of_seed_example_1() -> None:
    names = team_names(BG, "belot")
    line = why(BG, "belot", score(EXAMPLE_1), explain(EXAMPLE_1), names)
    assert line == "112 : 70 — изкарана; 112 → 11, 70 → 7"
    steps = steps_text(BG, "belot", explain(EXAMPLE_1), names)
    assert steps[0] == "Ние: карти 82 + последна ръка 10 + обяви 20 = 112"
    arabic = why(AR, "belot", score(EXAMPLE_1), explain(EXAMPLE_1), team_names(AR, "belot"))
    assert "←" in arabic and "→" not in arabic  # arrows point the way Arabic reads


def test_language_choice_order() -> None:
    assert pick("en", "ar", "bg") == "en"
    assert pick(None, "ar", "bg") == "ar"
    assert pick("xx", None, "bg") == "bg"


def test_forms_make_contract_deals() -> None:
    form = BelotForm.parse({"contract": "hearts", "cards": "٨٢", "last": "us", "d_us_20": "2",
                            "capot": "none", "hanging": ""})  # fmt: skip
    deal = form.deal()
    assert deal["cards"] == {"us": 82} and deal["declarations"]["us"] == [20, 20]
    capot = BelotForm.parse({"contract": "hearts", "cards": "82", "last": "them", "capot": "us"})
    assert "cards" not in capot.deal() and capot.deal()["capot"] == "us"
    again = BelotForm.from_deal(form.deal(with_hanging=False), "bg")
    assert again.deal() == deal
    kaboot = BalootForm.parse({"mode": "hokm", "abnat": "62", "kaboot": "them",
                               "multiplier": "gahwa"})  # fmt: skip
    assert kaboot.deal()["kaboot"] == "them" and "abnat" not in kaboot.deal()
    assert kaboot.deal()["multiplier"] == "gahwa"
