"""Issue 32: how a figure is written into a page (`belot.words.i18n.Lang`). A big figure is one
run of text with either digits (the Arabic-Indic zero drawn large by a plain inline box, never a
box of its own that would turn the figure round: 102 read ٢٠١); a score "a : b" reads in the
page's order, ours first, in words as on the tournament's cards; sums and signs read left to
right; arrows point one way in a language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import belot
from belot.words.i18n import LANGS, Lang

STATIC = Path(belot.__file__).parent / "web" / "static"
AR = Lang("ar", "arab")
ZERO = '<span class="zero">٠</span>'


@pytest.mark.parametrize(
    ("lang", "value", "shown"),
    [
        (AR, 102, f"١{ZERO}٢"),
        (AR, 1020, f"١{ZERO}٢{ZERO}"),
        (AR, 2120, f"٢١٢{ZERO}"),
        (AR, 0, ZERO),
        (AR, 22, "٢٢"),
        (Lang("bg", "arab"), 109, f"١{ZERO}٩"),  # the setting is the reader's, on any page
        (Lang("ar"), 102, "102"),
        (Lang("en"), 2120, "2120"),
    ],
)
def test_a_big_figure_is_its_digits_in_order_the_arabic_zero_marked(
    lang: Lang, value: int, shown: str
) -> None:
    figure = str(lang.figure(value))
    assert figure == shown
    assert re.sub(r"<[^>]+>", "", figure) == lang.num(value)  # nothing added, nothing moved


def _rules(selector: str) -> list[str]:
    """The declarations of every rule in the pages' stylesheets whose selector names `selector`."""
    found = []
    for sheet in sorted(STATIC.glob("*.css")):
        css = re.sub(r"/\*.*?\*/", "", sheet.read_text(encoding="utf-8"), flags=re.S)
        for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
            if re.search(rf"{re.escape(selector)}(?![\w-])", selectors):
                found.append(body)
    return found


def test_the_big_zero_is_a_plain_inline_box() -> None:
    """An inline-block (a transform needs one), a float or a positioned box is one neutral
    object to the bidi algorithm: between two Arabic-Indic digits it turns the figure round.
    A bigger font on the inline box keeps the figure one run (the browser test reads it)."""
    rules = _rules(".zero")
    assert rules, "the zero is drawn large somewhere"
    for body in rules:
        said = dict(
            (name.strip(), value.strip())
            for name, _, value in (d.partition(":") for d in body.split(";") if d.strip())
        )
        assert said.get("display", "inline") == "inline", body
        for name in ("transform", "float", "position", "unicode-bidi", "direction"):
            assert name not in said, body


@pytest.mark.parametrize(
    ("lang", "text", "shown"),
    [
        # a score: one run in the page's order (on the right, first, on an Arabic page)
        (AR, "112 : 70 — made; 11 : 7",
         '<bdi dir="rtl" class="pair-score">١١٢ : ٧٠</bdi> — made; '
         '<bdi dir="rtl" class="pair-score">١١ : ٧</bdi>'),
        (Lang("ar"), "Tonight: A 2 : 1 B",
         'Tonight: A <bdi dir="rtl" class="pair-score">2 : 1</bdi> B'),
        # a sum, a product, a sign, a range, a code: left to right whatever the page
        (AR, "152 + 2 = 154", "<bdi dir=ltr>١٥٢ + ٢ = ١٥٤</bdi>"),
        (AR, "×2", "<bdi dir=ltr>×٢</bdi>"),
        (AR, "−5 : 10", "<bdi dir=ltr>−٥ : ١٠</bdi>"),  # a signed figure keeps its sign
        (AR, "6–9 up", "<bdi dir=ltr>٦–٩</bdi> up"),
        (Lang("ar"), "bg-6up", "<bdi dir=ltr>bg-6up</bdi>"),
        # an arrow in the reading direction, whichever way the catalog wrote it
        (AR, "(96 : 66 → 10 : 6)",
         '(<bdi dir="rtl" class="pair-score">٩٦ : ٦٦</bdi> ← '
         '<bdi dir="rtl" class="pair-score">١٠ : ٦</bdi>)'),
        # left-to-right pages: a run only must not break
        (Lang("en"), "112 : 70 → 11 : 7", "112\u00a0:\u00a070 → 11\u00a0:\u00a07"),
        (Lang("bg"), "96 : 66 ← 10 : 6", "96\u00a0:\u00a066 ← 10\u00a0:\u00a06"),
    ],
)  # fmt: skip
def test_words_with_figures_read_in_the_page_s_order(lang: Lang, text: str, shown: str) -> None:
    assert str(lang.prose(text)) == shown


@pytest.mark.parametrize("code", LANGS)
def test_a_score_in_words_stands_as_a_score_on_the_cards(code: str) -> None:
    """The one order of "a : b" in a language: the why's, a house rule's and the tournament
    card's (`score`) all in the page's direction."""
    lang = Lang(code)
    card = str(lang.score(161, 77))
    assert f'dir="{lang.dir}"' in card
    if lang.dir == "rtl":
        assert f'dir="{lang.dir}"' in str(lang.prose("161 : 77"))


@pytest.mark.parametrize("code", LANGS)
def test_arrows_point_one_way_in_a_language(code: str) -> None:
    lang = Lang(code)
    other = "→" if lang.arrow == "←" else "←"
    said = str(lang.prose("96 : 66 → 10 : 6; 73 : 57 → 14 : 12"))
    assert lang.arrow in said and other not in said
