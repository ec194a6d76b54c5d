"""Croatian and Dutch, the fifth and sixth languages (issue 31), without a browser: each catalog
says every msgid with the same placeholders, every page and the command line speak them (the
card words as their tables say them: adut, zvanje, bela, štiglja, pad, prolaz; troef, roem,
stuk, pit, nat), left to right, with a decimal comma, and the rules' listing has their lines."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner
from fastapi.testclient import TestClient

from belot.cli import main
from belot.web.extract import msgids
from belot.words.i18n import DECIMAL_COMMA, LANG_NAMES, LANG_SHORT, LANGS, Lang, catalog
from belot.words.rules import rules_listing

LOCALES = Path(__file__).parents[2] / "src" / "belot" / "words" / "locales"
# What a msgid carries that its translation must carry as it is: %(name)s, {x} and tags.
KEPT = re.compile(r"%\(\w+\)s|\{\w*\}|</?\w+[^>]*>")
PLURALS = {
    "hr": "nplurals=3; plural=n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && "
    "(n % 100 < 12 || n % 100 > 14) ? 1 : 2;",
    "nl": "nplurals=2; plural=(n != 1);",
}
# A page's words in each language, and English it must no longer show.
PAGES = {
    "hr": {
        "/": ["Kalkulator bodova za belot", "Zadnji štih", "Zvanja i bela", "bez aduta", "herc",
              "tref", "rekontra", "Tko je zvao", "Mi", "Vi"],
        "/baloot": ["Kalkulator za baloot", "Kupac", "Projekti", "Kaboot (svi štihovi)"],
        "/coinche": ["Kalkulator za coinche", "Licitacija", "Tko je zvao", "štiglja"],
        "/matches/new": ["Nova partija", "Započni partiju", "Imena ekipa", "Prvi dijeli"],
    },
    "nl": {
        "/": ["Belot-puntencalculator", "Laatste slag", "Roem en stuk", "zonder troef", "harten",
              "klaveren", "schoppen", "ruiten", "Wie speelde", "Wij", "Zij"],
        "/baloot": ["Baloot-calculator", "Koper", "Projecten", "Kaboot (alle slagen)"],
        "/coinche": ["Coinche-calculator", "Bod", "Spelende partij", "pit"],
        "/matches/new": ["Nieuwe partij", "Partij beginnen", "Teamnamen", "Geeft eerst"],
    },
}  # fmt: skip


def kept(text: str) -> list[str]:
    return sorted(KEPT.findall(text))


def test_hr_and_nl_are_the_fifth_and_sixth_languages() -> None:
    assert LANGS == ("bg", "ar", "en", "fr", "hr", "nl")
    assert (LANG_NAMES["hr"], LANG_SHORT["hr"], Lang("hr").dir) == ("Hrvatski", "HR", "ltr")
    assert (LANG_NAMES["nl"], LANG_SHORT["nl"], Lang("nl").dir) == ("Nederlands", "NL", "ltr")
    assert {"hr", "nl"} <= DECIMAL_COMMA
    assert Lang("hr").decimal(-4.8) == Lang("nl").decimal(-4.8) == "\u22124,8"


@pytest.mark.parametrize("lang", ["hr", "nl"])
def test_the_catalog_says_every_msgid_with_its_placeholders(lang: str) -> None:
    with (LOCALES / "messages.pot").open("rb") as fh:
        pot = {str(m.id) for m in read_po(fh) if m.id}
    with (LOCALES / lang / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        po = read_po(fh, locale=lang)
    assert po.plural_forms == PLURALS[lang]
    assert not po.fuzzy
    entries = {str(m.id): m.string for m in po if m.id}
    for msgid in sorted(pot | msgids()):
        text = entries.get(msgid)
        assert isinstance(text, str) and text.strip(), msgid  # none left empty (English)
        assert kept(text) == kept(msgid), (msgid, text)
        assert catalog(lang)[msgid] == text
        if "%(" in msgid:
            assert "python-format" in po[msgid].flags, msgid


@pytest.mark.parametrize("lang", ["hr", "nl"])
def test_the_pages_in_croatian_and_dutch(client: TestClient, lang: str) -> None:
    for path, words in PAGES[lang].items():
        html = client.get(f"{path}?lang={lang}").text
        assert f'<html lang="{lang}" dir="ltr">' in html, path
        assert f'data-testid="lang-{lang}" aria-current="true"' in html, path
        for code in LANGS:  # the switch offers every language, each in its own short name
            assert f'data-testid="lang-{code}"' in html, (path, code)
        for word in words:
            assert word in html, (path, word)
        assert "Belot score calculator" not in html and "New match" not in html, path


@pytest.mark.parametrize(
    ("lang", "words"),
    [("hr", ["pad", "Zvali: Mi", "Nijedan skup karata"]),
     ("nl", ["nat", "Spelende partij: Wij", "Geen combinatie van kaarten"])],
)  # fmt: skip
def test_a_result_and_a_refusal(client: TestClient, lang: str, words: list[str]) -> None:
    deal = {"lang": lang, "contract": "hearts", "declarer": "us", "cards": "70",
            "last_trick": "them"}  # fmt: skip
    answer = client.post("/_result/belot", data=deal).text
    assert words[0] in answer and words[1] in answer
    refused = client.post("/_result/belot", data={**deal, "cards": "151", "last_trick": "us"})
    assert 'data-field="cards.us"' in refused.text and words[2] in refused.text


def test_every_preset_and_house_rule_has_a_line_in_croatian_and_dutch() -> None:
    for game in rules_listing()["games"]:
        for item in (*game["presets"], *game["switches"]):
            for lang in ("hr", "nl"):
                assert item["words"][lang].strip(), (item["name"], lang)
                assert item["words"][lang] != item["words"]["en"], (item["name"], lang)


def test_the_command_line_speaks_croatian_and_dutch() -> None:
    runner = CliRunner()
    args = ["score", "hearts", "--declarer", "us", "--cards", "us=82", "--last", "us",
            "--decl", "us=20"]  # fmt: skip
    said = {lang: runner.invoke(main, [*args, "--lang", lang]) for lang in ("hr", "nl")}
    assert said["hr"].output.splitlines()[:2] == [
        "112 : 70 — prolaz; 112 → 11, 70 → 7",
        "  Mi: karte 82 + zadnji štih 10 + zvanja 20 = 112",
    ]
    assert said["nl"].output.splitlines()[:2] == [
        "112 : 70 — gehaald; 112 → 11, 70 → 7",
        "  Wij: kaarten 82 + laatste slag 10 + roem 20 = 112",
    ]
    rules = {lang: runner.invoke(main, ["rules", "--lang", lang]).output for lang in ("hr", "nl")}
    assert "Šestica naviše" in rules["hr"] and "Zes naar boven" in rules["nl"]
