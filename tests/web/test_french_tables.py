"""Issue 32, "French tables", without a browser (TestClient): declarations offered only under
the rules that play them, a clear that keeps the belote, the panel's summary of the contract
and the taker, the sheet's belote and declarations (capot said once), French words (articles,
no-break spaces, litige said in each language, undo and cancel-edit apart) and coinche's bid
pad. The same in Chromium: test_french_tables_browser.py."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from belot.core.types import Game
from belot.web.spec import SPECS, declaring
from belot.words.i18n import LANGS, Lang

from .server import make_app

DEAL = {"contract": "hearts", "declarer": "us", "cards_team": "us", "cards": "100",
        "last_trick": "us"}  # fmt: skip


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with TestClient(make_app(tmp_path_factory.mktemp("db") / "belot.sqlite")) as c:
        yield c


def group_of(html: str, plays: str) -> str:
    """The opening tag of the group whose taps are played under `plays`."""
    found = re.search(rf'<fieldset class="[^"]*" data-plays="{plays}">', html)
    assert found is not None, plays
    return found.group(0)


def field_value(html: str, name: str) -> str | None:
    found = re.search(rf'name="{re.escape(name)}"[^>]*?value="([^"]*)"', html)
    return found.group(1) if found else None


def error_of(html: str) -> tuple[str, str, str]:
    found = re.search(
        r'data-testid="error" data-field="([^"]*)" data-code="([^"]*)">([^<]*)<', html
    )
    assert found is not None, html
    return found.group(1), found.group(2), found.group(3)


def test_declarations_are_offered_under_the_rules_that_play_them(client: TestClient) -> None:
    """French belote plays them with `annonces`, coinche's `contree` preset never: their taps
    are off under the others (still on the page for CONTRACT §6: a tap is refused, naming the
    rule that plays them)."""
    assert declaring(Game.FRENCH_BELOTE) == ("annonces",)
    assert declaring(Game.COINCHE) == ("coinche",)
    assert all(not g.plays for s in SPECS.values() if s.game.value in ("belot", "bela")
               for g in s.groups)  # fmt: skip
    assert "off" in group_of(client.get("/french-belote").text, "annonces")
    on = client.post("/french-belote", data={**DEAL, "rules.annonces": "on"}).text
    assert "off" not in group_of(on, "annonces")
    assert "off" not in group_of(client.get("/coinche").text, "coinche")
    contree = client.post("/coinche", data={**DEAL, "bid": "80", "rules": "contree"}).text
    assert "off" in group_of(contree, "coinche")
    for hook in ("decl-us-20", "decl-them-200", "decl-clear-us"):  # still there to tap
        assert f'data-testid="{hook}"' in contree
    # a tap under rules that play none: refused at its field, naming what plays them
    tierce = {**DEAL, "lang": "fr", "declarations.us": "20"}
    said = error_of(client.post("/_result/french-belote", data=tierce).text)
    rule = "Les annonces se jouent avec la règle maison «\u00a0annonces\u00a0»."
    assert said == ("declarations", "declarations-not-allowed", rule)
    said = error_of(client.post("/_result/coinche", data={**tierce, "bid": "80",
                                                          "rules": "contree"}).text)  # fmt: skip
    assert said[:2] == ("declarations", "declarations-not-allowed") and "coinche" in said[2]
    english = error_of(client.post("/_result/french-belote", data={**tierce, "lang": "en"}).text)
    assert english[2] == "Declarations are played with the house rule “annonces”."
    # a match's own rules: off without annonces, on with it
    plain = client.post("/matches", data={"game": "french-belote", "lang": "en"}).text
    assert "off" in group_of(plain, "annonces")
    played = client.post("/matches", data={"game": "french-belote", "lang": "en",
                                            "rules.annonces": "on"}).text  # fmt: skip
    assert "off" not in group_of(played, "annonces")


def test_clear_keeps_the_belote(client: TestClient) -> None:
    """ "effacer" (decl-clear-*) clears that team's declarations only; the belote has its own
    (belote-clear-*). Without JavaScript, as taps.js does in place."""
    form = {**DEAL, "lang": "fr", "bid": "80", "declarations.us": "50 20", "belots.us": "1"}
    page = client.post("/coinche", data={**form, "op": "decl-clear-us"}).text
    assert field_value(page, "declarations.us") == "" and field_value(page, "belots.us") == "1"
    assert 'data-clear="declarations.us"' in page and 'data-clear="belots.us"' in page
    page = client.post("/coinche", data={**form, "op": "belote-clear-us"}).text
    assert field_value(page, "declarations.us") == "50 20" and field_value(page, "belots.us") == "0"
    for path in ("/french-belote", "/coinche"):
        html = client.get(path).text
        for hook in ("belote-clear-us", "belote-clear-them"):
            assert html.count(f'data-testid="{hook}"') == 1, (path, hook)


def seated(client: TestClient, game: str, lang: str = "fr", **fields: str) -> str:
    """A match with four named seats, opened as its editor: its page's path."""
    seats = {f"seat{n}": name for n, name in enumerate(("Jean", "Paul", "Marie", "Anne"), 1)}
    made = client.post("/matches", data={"game": game, "lang": lang, **seats, **fields})
    assert made.status_code == 200
    return str(made.url.path)


def test_the_panel_keeps_the_contract_and_the_taker_in_view(client: TestClient) -> None:
    """At a seated table the compact panel opens over the form: its first line says the
    contract, the taker (the caller when named) and the bid chosen so far."""
    url = seated(client, "coinche")
    page = client.get(url).text
    assert re.search(r'data-testid="more-summary" data-summary="contract declarer caller bid">'
                     r"</p>", page)  # fmt: skip
    tapped = {"lang": "fr", "contract": "hearts", "declarer": "us", "caller": "3", "bid": "110",
              "bid_word": "number", "op": "decl-us-20"}  # fmt: skip
    page = client.post(f"{url}/deals", data=tapped).text  # a tap without JavaScript
    said = re.search(r'data-testid="more-summary"[^>]*>([^<]*)<', page)
    assert said is not None and said.group(1) == "♥ cœur · Jean et Marie · Marie · 110"
    capot = client.post(f"{url}/deals", data={**tapped, "bid_word": "capot"}).text
    said = re.search(r'data-testid="more-summary"[^>]*>([^<]*)<', capot)
    assert said is not None and said.group(1).endswith("· capot")
    assert "more-summary" not in client.get("/coinche").text  # no panel on a calculator


def add(client: TestClient, url: str, fields: dict[str, str]) -> str:
    page = client.post(f"{url}/deals", data={"lang": "fr", "op": "add", **fields})
    assert page.status_code == 200, page.text
    return str(page.text)


def row_notes(html: str, n: int) -> str:
    found = re.search(rf'data-testid="row-{n}".*?<td class="marks">([^<]*)</td>', html, re.S)
    assert found is not None, n
    return found.group(1)


def test_the_sheet_says_belote_declarations_and_a_capot_once(client: TestClient) -> None:
    made = client.post(
        "/matches",
        data={
            "game": "coinche",
            "lang": "fr",
            "target": "5000",
            "team_us": "Les Rouges",
            "team_them": "Les Bleus",
        },
    )
    url = made.url.path
    deal = {"contract": "hearts", "declarer": "us", "cards_team": "us", "last_trick": "us"}
    page = add(client, url, {**deal, "bid": "100", "cards": "110", "multiplier": "2",
                             "declarations.us": "50", "belots.them": "1"})  # fmt: skip
    notes = row_notes(page, 1)
    assert "Les Rouges\u00a0: +50" in notes and "Les Bleus\u00a0: +20 belote" in notes, notes
    page = add(client, url, {**deal, "contract": "spades", "declarer": "them", "bid": "",
                             "bid_word": "capot", "capot": "them", "cards": "",
                             "belots.them": "1"})  # fmt: skip
    notes = row_notes(page, 2)
    assert notes.startswith("♠ pique capot · ") and "capot · capot" not in notes, notes
    assert notes.count("capot") == 1 and "+20 belote" in notes
    # the defence's capot on a capot bid is still said
    page = add(client, url, {**deal, "bid": "", "bid_word": "capot", "capot": "them",
                             "cards": ""})  # fmt: skip
    assert row_notes(page, 3).count("capot") == 2
    for lang, belote in (("bg", "+20 белот"), ("ar", "\u2066+20\u2069 بلوت")):
        seen = client.get(f"{url}?lang={lang}").text
        assert belote in row_notes(seen, 1), (lang, row_notes(seen, 1))


def test_french_says_team_names_with_their_articles(client: TestClient) -> None:
    """ "tas de Les Rouges" read "tas des Rouges"; "de" elides before a vowel; "à" contracts."""
    fr = Lang("fr")
    assert fr.gettext("pile of %(team)s", team="Les Rouges") == "tas des Rouges"
    assert fr.gettext("pile of %(team)s", team="Le Club") == "tas du Club"
    assert fr.gettext("pile of %(team)s", team="Eux") == "tas d’Eux"
    assert fr.gettext("pile of %(team)s", team="Nous") == "tas de Nous"
    assert fr.gettext("%(n)s hanging points go to %(team)s", n=80, team="Les Bleus") == (
        "80 points de litige vont aux Bleus"
    )
    assert Lang("en").gettext("pile of %(team)s", team="Les Rouges") == "Pile: Les Rouges"
    made = client.post(
        "/matches",
        data={"game": "coinche", "lang": "fr", "team_us": "Les Rouges", "team_them": "Les Bleus"},
    )
    assert "tas des Rouges" in made.text and "tas de Les" not in made.text


def test_french_never_breaks_before_its_marks(client: TestClient) -> None:
    """The winner's "!" stayed alone on a line: no-break spaces before : ; ? ! (issue 32)."""
    made = client.post("/matches", data={"game": "french-belote", "lang": "fr", "target": "100",
                                         "team_us": "Les Rouges"})  # fmt: skip
    page = add(
        client,
        made.url.path,
        {
            "contract": "hearts",
            "declarer": "us",
            "cards_team": "us",
            "cards": "100",
            "last_trick": "us",
        },
    )
    banner = re.search(r'data-testid="winner"[^>]*>([^<]*)<', page)
    assert banner is not None and banner.group(1).endswith("Rouges\u202f!"), banner
    assert " :" not in re.sub(r"<[^>]+>", "", page).replace(" : ", "")  # none left plain


def test_litige_is_said_in_each_language(client: TestClient) -> None:
    """French's word for hanging points was left in the bg, ar (and other) pages."""
    for lang in LANGS:
        pages = [
            client.get(f"/french-belote?lang={lang}").text,
            client.get(f"/coinche?lang={lang}").text,
            client.post("/matches", data={"game": "french-belote", "lang": lang}).text,
        ]
        for html in pages:
            said = re.sub(r"<[^>]+>", " ", html)
            said = re.sub(r'data-rule="litige"|rule-litige', "", said)
            assert ("litige" in said) == (lang == "fr"), lang


def test_undo_and_cancel_edit_are_said_apart(client: TestClient) -> None:
    """Undo (the last deal) and cancel-edit (leave deal n as it was) were both "Annuler"."""
    for code in LANGS:
        lang = Lang(code)
        assert lang.gettext("Undo") != lang.gettext("Discard the changes"), code
    made = client.post("/matches", data={"game": "coinche", "lang": "fr"})
    url = made.url.path
    add(client, url, {"contract": "hearts", "declarer": "us", "bid": "80", "cards_team": "us",
                      "cards": "100", "last_trick": "us"})  # fmt: skip
    edit = client.get(f"{url}/deals/1").text
    cancel = re.search(r'data-testid="cancel-edit">([^<]*)<', edit)
    assert cancel is not None and cancel.group(1) == "Abandonner la modification"
    board = client.get(url).text
    assert re.search(r'data-testid="undo"[^>]*>↶ Annuler<', board)


def test_the_bid_pad(client: TestClient) -> None:
    """80 … 240 by tens as taps beside the bid field (CONTRACT §6's `bid`, `bid-capot`,
    `bid-generale` as before); without JavaScript a tap puts its number in the field."""
    page = client.get("/coinche").text
    for n in range(80, 250, 10):
        assert page.count(f'data-testid="bid-{n}"') == 1, n
    for hook in ("bid", "bid-capot", "bid-generale", "generale"):
        assert page.count(f'data-testid="{hook}"') == 1, hook
    assert "bid-80" not in client.get("/french-belote").text  # no bid there
    form = {**DEAL, "lang": "fr", "bid": "", "bid_word": "capot"}
    page = client.post("/coinche", data={**form, "op": "bid-110"}).text
    assert field_value(page, "bid") == "110"
    assert re.search(r'value="number" checked', page)  # the number, not capot, is the bid
    assert 'data-testid="bid-110" aria-pressed="true"' in page
    assert page.count('aria-pressed="true"') == 1
    answer = client.post("/_result/coinche", data={**form, "bid": "110", "bid_word": "number"})
    assert 'data-testid="score-us" data-value="220"' in answer.text  # 110 + 110, made


def test_no_calculator_grows_for_it(tmp_path: Path) -> None:
    """Nothing of it is on the Belot page (the weight test's page): no pad, no summary."""
    with TestClient(make_app(tmp_path / "belot.sqlite")) as fresh:
        home = fresh.get("/").text
    assert "bidpad" not in home and "data-plays" not in home and "more-summary" not in home
