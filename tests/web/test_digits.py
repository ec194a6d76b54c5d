"""Issue 19: with Arabic-Indic digits chosen, every figure on the match page uses them — the
deal's number, the sheet's count, notes and rows, the result's why, errors, the chart's axes,
the hanging pot — the Arabic zero drawn large in the big figures; and the viewers' pages, the
share button and the names as issue 19 has them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape

import pytest
from fastapi.testclient import TestClient

from .server import make_app

SEATS = {"seat1": "محمد", "seat2": "علي", "seat3": "فهد", "seat4": "سعد"}
MADE = {"contract": "hearts", "declarer": "us", "cards": "82", "last_trick": "us",
        "declarations.us": "20", "op": "add", "lang": "ar"}  # fmt: skip  # 11 : 7
HANGS = {"contract": "clubs", "declarer": "us", "cards": "71", "last_trick": "them",
         "op": "add", "lang": "ar"}  # fmt: skip  # 0 : 9, the declarer's 8 hang


@pytest.fixture(scope="module")
def app_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with TestClient(make_app(tmp_path_factory.mktemp("db") / "belot.sqlite")) as c:
        yield c


def start(client: TestClient, **extra: str) -> str:
    answer = client.post("/matches", data={"game": "belot", "rules": "bg", "lang": "ar",
                                           **SEATS, **extra}, follow_redirects=False)  # fmt: skip
    assert answer.status_code == 303
    return str(answer.headers["location"])


def visible(page: str) -> str:
    """The page's text as shown: no tags, no attributes (data-value hooks stay ASCII)."""
    body = page.split("<main", 1)[1].split("</main>", 1)[0]
    body = re.sub(r"<(script|style)\b.*?</\1>", "", body, flags=re.S)
    body = re.sub(r'<a [^>]*data-testid="digits-latn".*?</a>', "", body)  # "123": the switch
    return unescape(re.sub(r"<[^>]+>", " ", body))


def test_every_figure_in_arabic_indic_digits(app_client: TestClient) -> None:
    editor = TestClient(app_client.app)
    url = start(editor)
    for deal in (MADE, HANGS, MADE):
        assert editor.post(f"{url}/deals", data=deal).status_code in (200, 303)
    page = editor.get(f"{url}?digits=arab").text
    shown = visible(page)
    assert not re.search(r"[0-9]", shown), re.findall(r"[\s\S]{30}[0-9]+[\s\S]{10}", shown)[:9]
    assert "الجولة ٤" in shown  # the deal's number
    assert "(٣)" in shown  # the sheet's count
    assert 'data-testid="total-us" data-value="22">٢٢<' in page  # hooks stay ASCII
    chart = page.split('<svg class="chart"', 1)[1].split("</svg>", 1)[0]
    assert "١٥١" in chart  # the target's line
    assert not re.search(r">[^<]*[0-9][^<]*</text>", chart)  # the axes too
    # the result's why and an error, asked in the page's digits
    why = editor.post(f"{url}/preview", data={**MADE, "op": "calc"}).text
    assert "١١٢ : ٧٠" in why and not re.search(r"class=\"why\"><span>[^<]*[0-9]", why)
    error = editor.post(f"{url}/preview", data={**MADE, "cards": "200", "op": "calc"}).text
    assert "١٥٢" in error and not re.search(r'data-testid="error"[^>]*>[^<]*[0-9]', error)


def test_the_zero_is_drawn_large_in_the_big_figures(app_client: TestClient) -> None:
    editor = TestClient(app_client.app)
    url = start(editor)
    page = editor.get(f"{url}?digits=arab").text
    assert 'data-testid="total-us" data-value="0"><span class="zero">٠</span><' in page


def test_teams_are_called_by_their_players_and_notes_say_who_called(
    app_client: TestClient,
) -> None:
    editor = TestClient(app_client.app)
    url = start(editor)
    editor.post(f"{url}/deals", data={**MADE, "caller": "3"})
    theirs = {**MADE, "declarer": "them", "caller": "none", "cards_team": "them",
              "last_trick": "them", "declarations.us": "", "declarations.them": "20"}  # fmt: skip
    editor.post(f"{url}/deals", data=theirs)
    page = editor.get(url).text
    assert "محمد وفهد" in page and "علي وسعد" in page  # the teams, named by their players
    rows = re.findall(r'<td class="marks">(.*?)</td>', page)
    assert "♥" in rows[0] and "فهد" in rows[0]  # the contract, who called
    assert "علي وسعد" in rows[1]  # nobody said who: the team


def test_viewers_watch_without_the_offline_pack_and_share_the_link(
    app_client: TestClient,
) -> None:
    editor = TestClient(app_client.app)
    url = start(editor)
    viewer = TestClient(app_client.app)
    watching = viewer.get(url).text
    hook = re.search(r'<p class="offline-ready"[^>]*>', watching)
    assert hook is not None and "data-sw" not in hook.group(0)
    assert 'data-testid="install"' in watching
    kept = re.search(r'<p class="offline-ready"[^>]*>', viewer.get(f"{url}?offline=1").text)
    editing = re.search(r'<p class="offline-ready"[^>]*>', editor.get(url).text)
    assert kept is not None and editing is not None  # chosen: as the editor's page has it
    assert ("data-sw" in kept.group(0)) is ("data-sw" in editing.group(0))
    assert 'data-testid="share"' in watching and 'data-testid="share-url"' in watching


def test_a_team_left_unnamed_is_said_in_each_pages_words(app_client: TestClient) -> None:
    editor = TestClient(app_client.app)
    answer = editor.post("/matches", data={"game": "belot", "rules": "bg", "lang": "en",
                                           "team_us": "", "team_them": ""},
                         follow_redirects=False)  # fmt: skip
    match_id = str(answer.headers["location"]).rsplit("/", 1)[1]
    teams = editor.get(f"/api/v1/matches/{match_id}").json()["teams"]
    # the match keeps the game's usual names (as one made through the API without names)...
    assert teams == {"us": "Ние", "them": "Вие"}
    # ...and every page says them in its own language: the creator's English, a viewer's Arabic
    for lang, words in (("en", ("Us", "Them")), ("ar", ("لنا", "لهم")), ("bg", ("Ние", "Вие"))):
        page = editor.get(f"/m/{match_id}?lang={lang}").text
        head = re.search(r"<thead><tr><th[^>]*>#</th><th[^>]*>([^<]*)</th><th[^>]*>([^<]*)<", page)
        assert head is not None and head.groups() == words, lang


def test_an_api_match_with_seats_and_no_team_names_is_called_by_its_players(
    app_client: TestClient,
) -> None:
    made = app_client.post("/api/v1/matches", json={
        "game": "belot", "rules": "bg", "seats": ["Ivan", "Petar", "Maria", "Ana"]})  # fmt: skip
    assert made.status_code == 201
    assert made.json()["teams"] == {"us": "Ние", "them": "Вие"}  # what the API keeps (CONTRACT)
    for lang, words in (("en", ("Ivan and Maria", "Petar and Ana")),
                        ("bg", ("Ivan и Maria", "Petar и Ana")),
                        ("ar", ("Ivan وMaria", "Petar وAna"))):  # fmt: skip
        page = app_client.get(f"/m/{made.json()['id']}?lang={lang}").text
        head = re.search(r"<thead><tr><th[^>]*>#</th><th[^>]*>([^<]*)</th><th[^>]*>([^<]*)<", page)
        assert head is not None and head.groups() == words, lang
