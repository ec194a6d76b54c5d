"""A match started offline (`belot.web.local`): the shells the service worker precaches and
answers `/m/local-…` with. Chromium plays one in `test_offline_edits.py`."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from belot.core.presets import PRESETS
from belot.web.local import LOCAL_NAMES

from .server import make_app
from .test_offline import PRESENT


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with TestClient(make_app(tmp_path_factory.mktemp("db") / "belot.sqlite")) as c:
        yield c


@pytest.mark.parametrize(
    ("rules", "lang", "game", "default_us"),
    [("bg", "bg", "belot", "Ние"), ("bg-6up", "en", "belot", "Us"), ("sa", "ar", "baloot", "لنا")],
)
def test_a_shell_is_an_empty_match_page_for_its_rules(
    client: TestClient, rules: str, lang: str, game: str, default_us: str
) -> None:
    page = client.get(f"/matches/offline/{rules}?lang={lang}")
    assert page.status_code == 200
    html = page.text
    assert f'data-testid="local-match" data-game="{game}" data-rules="{rules}"' in html
    assert f'data-us="{default_us}"' in html  # the game's own words when no name was typed
    assert LOCAL_NAMES["us"] in html and 'data-testid="add-deal"' in html
    assert 'data-version="0"' in html and 'data-testid="row-1"' not in html
    assert 'data-testid="share-url"' not in html  # nothing to share before the server has it
    assert "/static/queue." in html and "/static/pending." in html


def test_an_unknown_preset_has_no_shell(client: TestClient) -> None:
    page = client.get("/matches/offline/xx?lang=en")
    assert page.status_code == 404 and 'data-testid="not-found"' in page.text


@pytest.mark.skipif(not PRESENT, reason="no offline pack: run `make offline`")
def test_the_service_worker_precaches_every_shell(client: TestClient) -> None:
    sw = client.get("/sw.js").text
    pack, _ = json.JSONDecoder().raw_decode(sw.split("self.BELOT_PACK = ", 1)[1])
    urls = {entry["url"] for entry in pack["precache"]}
    for path in ("/matches/new", *(f"/matches/offline/{name}" for name in PRESETS)):
        for lang in ("bg", "ar", "en", "fr", "hr", "nl"):
            assert f"{path}?lang={lang}" in urls, (path, lang)
    assert {"/matches/offline/ffb", "/matches/offline/coinche", "/matches/offline/contree"} <= {
        url.split("?")[0] for url in urls
    }  # the French games' presets too (issue 24)
    assert pack["local"] == {name: p.game.value for name, p in PRESETS.items()}
    assert pack["local"]["contree"] == "coinche"


def test_a_match_made_offline_sent_again_is_made_once(client: TestClient) -> None:
    """The form as newmatch.js keeps it (a key and the device's own edit token), posted twice
    (the first answer lost): one match, the same answer, the device holding its token."""
    form = {"game": "belot", "rules": "bg", "lang": "en", "team_us": "Иван", "team_them": "Ана",
            "key": "k" * 24, "token": "t" * 43}  # fmt: skip
    first = client.post("/matches", data=form, follow_redirects=False)
    again = client.post("/matches", data=form, follow_redirects=False)
    assert first.status_code == again.status_code == 303
    assert first.headers["location"] == again.headers["location"]
    match_id = first.headers["location"].split("?")[0].rsplit("/", 1)[1]
    assert f"tok_{match_id}={'t' * 43}" in again.headers["set-cookie"]
    made = client.get(f"/api/v1/matches/{match_id}").json()
    assert made["teams"] == {"us": "Иван", "them": "Ана"}
    auth = {"Authorization": f"Bearer {'t' * 43}"}  # the device's token edits it
    deal = {"contract": "hearts", "declarer": "us", "cards": {"us": 82}, "last_trick": "us"}
    assert (
        client.post(f"/api/v1/matches/{match_id}/deals", json=deal, headers=auth).status_code == 201
    )
    other = client.post("/matches", data={**form, "token": "u" * 43})  # the key, not its token
    assert other.status_code == 422 and 'data-testid="error"' in other.text
    weak = client.post("/matches", data={**form, "key": "k2", "token": "short"})
    assert weak.status_code == 422
