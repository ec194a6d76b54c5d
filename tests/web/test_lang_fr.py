"""French, the fourth language (issue 24, point 4), without a browser: the fr catalog says
every msgid with the same placeholders and markup, and every page (calculators, new match, a
match's sheet, a club, a player, a tournament) is said in French, left to right."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po
from fastapi.testclient import TestClient

from belot.web.extract import msgids
from belot.words.i18n import LANG_NAMES, LANG_SHORT, LANGS, Lang, catalog, french_spaces
from belot.words.rules import lines

LOCALES = Path(__file__).parents[2] / "src" / "belot" / "words" / "locales"
PO = LOCALES / "fr" / "LC_MESSAGES" / "messages.po"
# What a msgid carries that its translation must carry as it is: %(name)s, {x} and tags.
KEPT = re.compile(r"%\(\w+\)s|\{\w*\}|</?\w+[^>]*>")
# 73 : 0 a deal (recontra, a belote called): three make a match for the declarer's side.
RECONTRA = {"contract": "hearts", "cards": "82", "multiplier": "4", "op": "add"}


def kept(text: str) -> list[str]:
    return sorted(KEPT.findall(text))


def test_fr_is_the_fourth_language() -> None:
    assert LANGS[:4] == ("bg", "ar", "en", "fr")
    assert (LANG_NAMES["fr"], LANG_SHORT["fr"], Lang("fr").dir) == ("Français", "FR", "ltr")


def test_the_fr_catalog_says_every_msgid_with_its_placeholders() -> None:
    with (LOCALES / "messages.pot").open("rb") as fh:
        pot = {str(m.id) for m in read_po(fh) if m.id}
    with PO.open("rb") as fh:
        po = read_po(fh, locale="fr")
    assert po.plural_forms == "nplurals=2; plural=(n > 1);"
    assert not po.fuzzy
    entries = {str(m.id): m.string for m in po if m.id}
    for msgid in sorted(pot | msgids()):
        text = entries.get(msgid)
        assert isinstance(text, str) and text.strip(), msgid  # none left empty (English)
        assert kept(text) == kept(msgid), (msgid, text)
        assert catalog("fr")[msgid] == french_spaces(text)  # said with its no-break spaces
        if "%(" in msgid:
            assert "python-format" in po[msgid].flags, msgid


def test_french_typography_is_the_same_everywhere() -> None:
    """One way throughout: a no-break space before : ; ? ! (issue 32: the winner's "!" wrapped
    alone onto a line of its own), U+00A0 before ":", the narrow U+202F before the others, and
    inside « » (the catalog is written with plain spaces, said with these: `french_spaces`);
    a typographic apostrophe. The presets' and house rules' lines keep the straight apostrophe
    they had in the core: they are also `GET /api/v1/rules`' words (CONTRACT §5.3), unchanged
    by their move."""
    api_lines = lines()
    for msgid, text in catalog("fr").items():
        bare = KEPT.sub("", text)
        assert not re.search(r"(^|[^\u00a0\u202f])[:;?!](\s|$)", bare), (msgid, text)
        assert not re.search(r"\u00a0[;?!]|\u202f:|« | »", bare), (msgid, text)
        assert "'" not in bare or msgid in api_lines, (msgid, text)
    said = Lang("fr").gettext("%(team)s win the match!", team="Les Rouges")
    assert said.endswith(" Rouges\u202f!"), said  # the "!" never alone on its line


def test_the_calculators_and_new_match_in_french(client: TestClient) -> None:
    pages = {
        "/": ["Calculateur de points de belot", "Dix de der", "Annonces et belote", "sans atout",
              "surcontre", "Qui a pris"],
        "/baloot": ["Calculateur de baloot", "Acheteur", "Projets", "Kaboot (tous les plis)"],
        "/matches/new": ["Nouvelle partie", "Commencer la partie", "Noms des équipes",
                         "Premier donneur"],
    }  # fmt: skip
    for path, words in pages.items():
        html = client.get(f"{path}?lang=fr").text
        assert '<html lang="fr" dir="ltr">' in html, path
        assert 'data-testid="lang-fr" aria-current="true"' in html, path
        for word in words:
            assert word in html, (path, word)
        assert "Belot score calculator" not in html and "New match" not in html, path
    # the choice is remembered for the game, as for the other languages
    assert '<html lang="fr"' in client.get("/").text


def test_a_match_a_club_a_player_and_a_tournament_in_french(client: TestClient) -> None:
    club = client.post("/clubs", data={"name": "Vendredi soir", "lang": "fr"},
                       follow_redirects=False).headers["location"]  # fmt: skip
    for name in ("Jean", "Marie", "Pierre", "Sophie", "Hélène", "Thierry", "Luc", "Anne"):
        client.post(f"{club}/players", data={"name": name})
    ids = re.findall(r'<option value="([\w-]+)"', client.get(club).text.split('id="new-match"')[1])
    seats = {f"seat{n}": ids[n - 1] for n in range(1, 5)}
    match = client.post(f"{club}/matches", data={"game": "belot", **seats},
                        follow_redirects=False).headers["location"]  # fmt: skip
    deal = {**RECONTRA, "declarer": "us", "cards_team": "us", "last_trick": "us",
            "declarations.us": "20"}  # fmt: skip
    for _ in range(3):
        assert client.post(f"{match}/deals", data=deal, follow_redirects=False).status_code == 303
    sheet = client.get(f"{match}?lang=fr").text
    assert '<html lang="fr" dir="ltr">' in sheet
    for word in ("Partie en 151", "Feuille", "Gros chiffres", "cœur", "surcontre",
                 "Partie gagnée par"):  # fmt: skip
        assert word in sheet, word
    board = client.get(f"{club}?range=all&lang=fr").text
    for word in ("Classement", "Victoires", "Réussies", "Prises", "Cote", "Face-à-face",
                 "Statistiques en CSV"):  # fmt: skip
        assert word in board, word
    # ratings with a decimal comma in French (4,8), as data-value keeps the figure (4.8)
    shown = re.findall(r'data-testid="rating-[\w-]+" data-value="([\d.-]+)"><bdi>([^<]+)<', board)
    assert shown and all(
        text == f"{float(v):.1f}".replace(".", ",").replace("-", "\u2212") for v, text in shown
    )  # a comma, a real minus
    player = client.get(f"{club}/p/{ids[0]}?lang=fr").text
    for word in ("Forme", "Partenaires", "avec", "gagnée"):
        assert word in player, word
    tournaments = client.get(f"{club}/tournaments?lang=fr").text
    for word in ("Nouveau tournoi", "Chacun contre chacun", "Élimination directe",
                 "Système suisse", "Lancer le tournoi"):  # fmt: skip
        assert word in tournaments, word
    chosen = re.findall(r'<option value="([^"]+)" selected', tournaments)
    form = {"name": "Printemps", "game": "belot", "format": "round-robin", "lang": "fr"}
    for i in range(len(chosen) // 2):
        form[f"pair{i}a"], form[f"pair{i}b"] = chosen[2 * i], chosen[2 * i + 1]
    made = client.post(f"{club}/tournaments", data=form, follow_redirects=False)
    assert made.status_code == 303, made.text
    tournament = made.headers["location"]
    client.post(f"{tournament}/rounds", data={"lang": "fr"})
    page = client.get(f"{tournament}?lang=fr").text
    for word in ("Chacun contre chacun", "4 équipes", "Classement", "Jouées", "Gagnées",
                 "Tour 1", "en cours"):  # fmt: skip
        assert word in page, word
    refused = client.post(f"{club}/tournaments", data={**form, "format": "swiss", "rounds": ""})
    assert refused.status_code == 422 and "système suisse" in refused.text


def test_a_refusal_and_an_error_page_in_french(client: TestClient) -> None:
    data = {
        "lang": "fr",
        "contract": "hearts",
        "declarer": "us",
        "cards": "160",
        "last_trick": "us",
    }
    answer = client.post("/_result/belot", data=data).text
    assert 'data-field="cards.us"' in answer and "Les cartes font au plus 152 points." in answer
    answer = client.post("/_result/belot", data={**data, "cards": "8x"}).text
    assert "Tapez un nombre entier." in answer
    missing = client.get("/m/nothing-here?lang=fr")
    assert missing.status_code == 404 and "Partie introuvable" in missing.text
