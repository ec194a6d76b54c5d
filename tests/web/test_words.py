"""Errors, outcomes and the breakdown in words: by code, with their numbers, in each language."""

from __future__ import annotations

from belot.contract import explain, score
from belot.core.errors import BelotError
from belot.web.form import DealForm
from belot.web.result import ResultView, calculate, evaluate
from belot.words.i18n import Lang, pick
from belot.words.results import error_text, steps_text, team_names, why

BG, AR, EN = Lang("bg"), Lang("ar"), Lang("en")
EXAMPLE_1 = {"game": "belot", "contract": "hearts", "declarer": "us", "cards": {"us": 82},
             "last_trick": "us", "declarations": {"us": [20], "them": []}}  # fmt: skip


def test_errors_are_said_by_code_with_their_numbers() -> None:
    err = BelotError("cards-out-of-range", "cards.us", "card points ...", value=160, deck=248)
    assert error_text(BG, err) == "Картите са най-много 248 точки."
    assert error_text(AR, err) == "نقاط الأوراق 248 على الأكثر."
    assert error_text(EN, err) == "Card points are at most 248."


def test_an_unknown_code_is_said_plainly_and_missing_numbers_fall_back_to_english() -> None:
    # only a hand-made post meets a code without words: still the page's language
    assert error_text(BG, BelotError("brand-new", None, "something new")) == (
        "Тази стойност не е валидна тук."
    )
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
    posted = {"contract": "hearts", "cards": "٨٢", "last_trick": "us",
              "declarations.us": "20 20", "capot": "none", "hanging": ""}  # fmt: skip
    form = DealForm.parse("belot", posted)
    deal = form.deal(calc=True)
    assert deal["cards"] == {"us": 82} and deal["declarations"]["us"] == [20, 20]
    assert "hanging" not in form.deal() and "rules" not in form.deal()  # the match's own
    capot = DealForm.parse("belot", {"contract": "hearts", "cards": "82", "last_trick": "them",
                                     "capot": "us"})  # fmt: skip
    assert "cards" not in capot.deal() and capot.deal()["capot"] == "us"
    assert "last_trick" not in capot.deal()
    again = DealForm.from_deal("belot", form.deal())
    assert again.deal() == form.deal()
    kaboot = DealForm.parse("baloot", {"mode": "hokm", "abnat": "62", "kaboot": "them",
                                       "multiplier": "gahwa"})  # fmt: skip
    assert kaboot.deal()["kaboot"] == "them" and "abnat" not in kaboot.deal()
    assert kaboot.deal()["multiplier"] == "gahwa"


def test_combinations_and_projects_with_their_top_card_stay_in_the_form() -> None:
    tierce = {"contract": "hearts", "declarer": "us", "cards": {"us": 82}, "last_trick": "us",
              "declarations": {"us": [{"kind": "tierce", "high": "K"}], "them": []}}  # fmt: skip
    form = DealForm.from_deal("belot", tierce)
    assert form.list_text("declarations", "us") == "tierce:K"
    assert form.deal()["declarations"] == tierce["declarations"]
    view = evaluate(EN, {"game": "belot", **form.deal()}, team_names(EN, "belot"))
    assert view.score == {"us": 11, "them": 7}  # not 9 : 7 with the tierce dropped
    sira = {"mode": "hokm", "buyer": "us", "abnat": {"them": 62},
            "projects": {"us": [{"kind": "sira", "high": "K"}], "them": ["sira"]}}  # fmt: skip
    assert DealForm.from_deal("baloot", sira).deal()["projects"] == sira["projects"]


def test_an_unchanged_field_keeps_its_recorded_form_and_a_changed_one_takes_the_forms() -> None:
    recorded = {"contract": "hearts", "declarer": "us", "cards": {"us": 82, "them": 70},
                "last_trick": "us", "multiplier": None, "declarations": {"us": None}}  # fmt: skip
    form = DealForm.from_deal("belot", recorded)
    assert form.edited(recorded) == recorded
    form.picks["multiplier"] = "2"
    assert form.edited(recorded) == {**recorded, "multiplier": 2}
    form.picks["capot"] = "them"  # a capot leaves out the piles and the last trick
    edited = form.edited(recorded)
    assert edited["capot"] == "them" and "cards" not in edited and "last_trick" not in edited


def test_numbers_accept_ascii_and_arabic_digits_only() -> None:
    base = {"contract": "hearts", "declarer": "us", "last_trick": "us"}
    for typed, field in (("82,", "cards.us"), ("8²", "cards.us"),
                         ("８２", "cards.us"), ("9" * 4400, "cards.us")):  # fmt: skip
        view = evaluate_form(DealForm.parse("belot", {**base, "cards": typed}))
        assert view.error is not None and view.error.field == field
        assert view.error.text == "Type a whole number." and view.error.slot == "cards"
    for typed in ("-5", " -82", "−5"):  # a whole number, but not one a pile can hold
        view = evaluate_form(DealForm.parse("belot", {**base, "cards": typed}))
        assert view.error is not None and view.error.slot == "cards"
        assert view.error.text == "Points cannot be negative: type the number without a minus."
    for typed in (" 82 ", "٨٢", "۸۲"):
        assert evaluate_form(DealForm.parse("belot", {**base, "cards": typed})).score is not None


def evaluate_form(form: DealForm) -> ResultView:
    return calculate(EN, form, team_names(EN, "belot"))
