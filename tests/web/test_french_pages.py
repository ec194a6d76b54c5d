"""The French games' pages without a browser (TestClient): the calculators `/french-belote`
and `/coinche` with every hook of CONTRACT §6, RULES 5.8 and 6.7 typed into their forms, the
new-match page with a target, and a French match played through its page to its winner.
Every per-game table of the web layer covers every game of the registry."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from belot.core.errors import BelotError
from belot.core.games import GAMES
from belot.store.models import MatchRow
from belot.web import games as web_games
from belot.web.calculator import GAMES as CALCULATORS
from belot.web.form import DealForm
from belot.web.offline import engine, pack
from belot.web.spec import LAYOUTS, SPECS
from belot.words import results
from belot.words.i18n import Lang

from .server import make_app

EXAMPLES = Path(__file__).resolve().parents[3] / "shared" / "examples" / "french.jsonl"
TEAMS = ("us", "them")
SHARED = [
    "contract-clubs", "contract-diamonds", "contract-hearts", "contract-spades",
    "declarer-us", "declarer-them", "cards-team-us", "cards-team-them", "cards", "last-us",
    "last-them", "capot-none", "capot-us", "capot-them", "belote-us", "belote-them",
    "decl-clear-us", "decl-clear-them", "hanging",
    *(f"decl-{t}-{v}" for t in TEAMS for v in (20, 50, 100, 150, 200)),
]  # fmt: skip
FRENCH_BELOTE = [
    "rules-ffb",
    *SHARED,
    *(f"rule-{s.name}" for s in GAMES[SPECS["french-belote"].game].switches),
]
COINCHE = [
    "rules-coinche", "rules-contree", *SHARED, "bid", "bid-capot", "bid-generale", "generale",
    "multiplier-1", "multiplier-2", "multiplier-4", "multiplier-3", "contract-no-trumps",
    "contract-all-trumps", *(f"rule-{s.name}" for s in GAMES[SPECS["coinche"].game].switches),
]  # fmt: skip


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with TestClient(make_app(tmp_path_factory.mktemp("db") / "belot.sqlite")) as c:
        yield c


def hooks_in(html: str) -> list[str]:
    return re.findall(r'data-testid="([^"]+)"', html)


def value_of(html: str, hook: str) -> str | None:
    found = re.search(rf'data-testid="{hook}"[^>]*?data-value="([^"]*)"', html)
    return found.group(1) if found else None


@pytest.mark.parametrize(("path", "hooks"), [("/french-belote", FRENCH_BELOTE),
                                             ("/coinche", COINCHE)])  # fmt: skip
@pytest.mark.parametrize("lang", ["fr", "bg", "ar", "en", "hr", "nl"])
def test_every_contract_hook_is_on_the_page_once(
    client: TestClient, path: str, hooks: list[str], lang: str
) -> None:
    found = hooks_in(client.get(f"{path}?lang={lang}").text)
    for hook in hooks:
        assert found.count(hook) == 1, hook


def test_french_pages_open_in_french_and_link_each_other(client: TestClient) -> None:
    fresh = TestClient(client.app)
    for path in ("/french-belote", "/coinche"):
        html = fresh.get(path).text
        assert '<html lang="fr" dir="ltr">' in html
        for info in GAMES.values():  # the header reaches every game's calculator
            assert f'<a href="{info.path}"' in html
    home = fresh.get("/").text
    assert '<a href="/coinche">' in home and '<a href="/french-belote">' in home
    assert '<html lang="bg"' in fresh.get("/").text  # Belot keeps its own language


def posted(deal: dict[str, Any]) -> dict[str, str]:
    """A deal as the calculator's form posts it: its fields, its preset and house rules."""
    fields = DealForm.from_deal(deal["game"], deal).posted(calc=True)
    rules = deal.get("rules")
    if isinstance(rules, dict):
        fields["rules"] = rules["preset"]
        fields.update((f"rules.{k}", "on") for k, v in rules.items() if v is True)
    elif isinstance(rules, str):
        fields["rules"] = rules
    return {"lang": "fr", **fields}


def examples() -> list[Any]:
    if not EXAMPLES.exists():
        return []
    cases = [json.loads(line) for line in EXAMPLES.read_text().splitlines() if line.strip()]
    return [pytest.param(c, id=c["name"]) for c in cases]


@pytest.mark.parametrize("case", examples())
def test_rules_examples_typed_into_the_calculator(client: TestClient, case: dict[str, Any]) -> None:
    """RULES 5.8 and 6.7 (../shared/examples/french.jsonl) as the page posts them; the
    device's engine answers the same, byte for byte."""
    deal, expected = case["input"], case["expected"]
    game = deal["game"]
    if "bid" in deal and "bid" not in SPECS[game].fields:  # no field for it on this page
        assert expected["error"]["field"] == "bid"
        return
    body = posted(deal)
    html = client.post(f"/_result/{game}", data=body).text
    if "error" in expected:
        assert f'data-field="{expected["error"]["field"]}"' in html, html
        assert f'data-code="{expected["error"]["code"]}"' in html, html
    else:
        assert value_of(html, "score-us") == str(expected["score"]["us"]), html
        assert value_of(html, "score-them") == str(expected["score"]["them"]), html
        assert f'data-outcome="{expected["outcome"]}"' in html
        if expected.get("hanging"):
            assert value_of(html, "hanging-out") == str(expected["hanging"])
    assert engine.answer(game, urlencode(body)) == html


def test_the_form_by_its_hooks_names(client: TestClient) -> None:
    """The fields as typed by hand: bid 110, a capot bid, coinched, belote taps (RULES 6.7)."""
    base = {"lang": "en", "contract": "hearts", "declarer": "us", "cards_team": "us",
            "last_trick": "us"}  # fmt: skip
    html = client.post("/_result/coinche", data={**base, "bid": "110", "cards": "103"}).text
    assert (value_of(html, "score-us"), value_of(html, "score-them")) == ("220", "50")
    assert "Us bid 110:\xa0113 against 49 — made" in html  # the step, in the page's words
    coinched = {**base, "bid": "100", "cards": "110", "multiplier": "2"}
    html = client.post("/_result/coinche", data=coinched).text
    assert (value_of(html, "score-us"), value_of(html, "score-them")) == ("520", "0")
    capot = {**base, "bid": "", "bid_word": "capot", "capot": "us", "cards": ""}
    html = client.post("/_result/coinche", data=capot).text
    assert (value_of(html, "score-us"), value_of(html, "score-them")) == ("500", "0")
    belote = {**base, "contract": "spades", "bid": "80", "cards": "142", "belots.us": "1"}
    html = client.post("/_result/coinche", data=belote).text
    assert (value_of(html, "score-us"), value_of(html, "score-them")) == ("250", "10")
    # no-JS taps: a belote tap adds one and the page keeps the state
    page = client.post("/coinche", data={**belote, "belots.us": "0", "op": "belote-us"}).text
    assert 'name="belots.us" value="1"' in page
    # a bid the form needs, said at the result while missing; a bad one at its field
    html = client.post("/_result/coinche", data={**base, "cards": "103"}).text
    assert 'data-field="bid"' in html
    html = client.post("/_result/coinche", data={**base, "bid": "85", "cards": "103"}).text
    assert 'data-field="bid" data-code="bid-out-of-range"' in html
    # French belote, a litige, then its hanging points typed in (RULES 5.8)
    litige = {**base, "cards": "71"}
    html = client.post("/_result/french-belote", data=litige).text
    assert value_of(html, "hanging-out") == "80"
    html = client.post("/_result/french-belote", data={**litige, "cards": "72",
                                                       "hanging": "80"}).text  # fmt: skip
    assert (value_of(html, "score-us"), value_of(html, "score-them")) == ("160", "80")


def test_switch_choices_are_played_with_their_switch_only(client: TestClient) -> None:
    base = {"lang": "en", "contract": "no-trumps", "declarer": "us", "bid": "80",
            "cards_team": "us", "cards": "100", "last_trick": "us"}  # fmt: skip
    html = client.post("/_result/coinche", data=base).text
    assert 'data-field="contract"' in html
    html = client.post("/_result/coinche", data={**base, "rules.sans-tout-atout": "on"}).text
    assert value_of(html, "score-us") is not None
    page = client.get("/coinche").text  # hidden while its house rule is off (house.js)
    assert 'data-testid="contract-no-trumps" data-needs="sans-tout-atout" hidden>' in page
    assert 'data-testid="multiplier-3" data-needs="surcoinche-x3" hidden>' in page
    page = client.post("/coinche", data={**base, "rules.sans-tout-atout": "on"}).text
    assert 'data-testid="contract-no-trumps" data-needs="sans-tout-atout">' in page
    # a match under the house rule shows the choices it brings
    made = client.post("/matches", data={"game": "coinche", "rules.surcoinche-x3": "on"})
    assert 'data-testid="multiplier-3" data-needs="surcoinche-x3">' in made.text
    assert 'data-testid="contract-all-trumps" data-needs="sans-tout-atout" hidden>' in made.text


def sections(html: str) -> dict[str, tuple[bool, str]]:
    """The new-match page's block of each game: (shown, its HTML)."""
    blocks = html.split('<fieldset class="for-game" data-for-game="')[1:]
    blocks[-1] = blocks[-1].split("Team names")[0]
    out = {}
    for block in blocks:
        game, _, rest = block.partition('"')
        head, _, body = rest.partition(">")
        out[game] = ("hidden" not in head, body)
    return out


def test_the_new_match_page_of_each_game_offers_its_own(client: TestClient) -> None:
    for info in GAMES.values():
        html = client.get(f"/matches/new?game={info.name}&lang=en").text
        found = hooks_in(html)
        for hook in ("team-us", "team-them", "create-match", f"game-{info.name}"):
            assert hook in found, (info.name, hook)
        blocks = sections(html)  # issue 25: the Belot page offered "sa"
        assert [game for game, (visible, _) in blocks.items() if visible] == [info.name]
        own = hooks_in(blocks[info.name][1])
        assert {h for h in own if h.startswith("rules-")} == {
            f"rules-{p.name}" for p in info.presets
        }
        assert {h for h in own if h.startswith("rule-")} == {
            f"rule-{s.name}" for s in info.switches
        }
        assert ("target" in own) is (info.target_bounds is not None), info.name
        assert f'value="{info.default_preset.name}" checked data-default' in blocks[info.name][1]
        assert set(blocks) == {info.name}  # another game's is its own page (and shell)
    coinche = TestClient(client.app).get("/matches/new?game=coinche").text
    assert '<html lang="fr"' in coinche and 'placeholder="2000"' in coinche


def test_a_match_takes_the_chosen_games_own_rules(client: TestClient) -> None:
    """What a browser posts (only the chosen game's block): a coinche match to 1500 under
    contree with litige."""
    made = client.post("/matches", data={"game": "coinche", "rules": "contree", "target": "1500",
                                         "rules.litige": "on", "lang": "en"})  # fmt: skip
    assert made.status_code == 200
    rules = re.search(r'data-testid="rules"[^>]*', made.text)
    assert rules is not None and 'data-preset="contree"' in rules.group(0)
    assert "litige" in rules.group(0)
    assert value_of(made.text, "to-go-us") == "1500"
    # the preset's line says "match to 2000": the sheet says this match's own target after it
    own = re.search(r'data-testid="own-target"[^>]*>(.*?)</span>', made.text)
    assert own is not None and "(this match: to" in own.group(1) and "1500" in own.group(1)
    assert re.search(r'data-testid="own-target" data-value="1500"', made.text)  # rematch offline
    fr = client.post("/matches", data={"game": "coinche", "target": "1000", "lang": "fr"})
    assert "(cette partie\u00a0: en" in fr.text
    plain = client.post("/matches", data={"game": "coinche", "target": "2000", "lang": "en"})
    assert "own-target" not in plain.text  # the preset's own target: nothing more to say


def test_a_match_target_is_refused_at_its_field(client: TestClient) -> None:
    for typed in ("50", "10001", "mille"):
        answer = client.post("/matches", data={"game": "coinche", "target": typed, "lang": "en"})
        assert answer.status_code == 422, typed
        assert 'data-testid="error-target" data-field="target"' in answer.text
        assert f'value="{typed}"' in answer.text  # what was typed stays to be corrected
    belot = client.post("/matches", data={"game": "belot", "target": "500", "lang": "en"})
    assert belot.status_code == 422 and 'data-field="target"' in belot.text


def _matches(client: TestClient) -> int:
    store = client.app.state.store  # type: ignore[attr-defined]
    with store.reading() as session:
        return int(session.scalar(select(func.count()).select_from(MatchRow)) or 0)


@pytest.mark.parametrize(("form", "api", "field"), [
    ({"game": "Coinche"}, {"game": "Coinche"}, "game"),
    ({"game": "coinche "}, {"game": "coinche "}, "game"),
    ({"game": "zzz", "rules": "bg"}, {"game": "zzz", "rules": "bg"}, "game"),
    ({"game": "coinche", "rules": "ffb", "rules.annonces": "on"},
     {"game": "coinche", "rules": "ffb"}, "rules"),
    ({"game": "belot", "rules": "coinche"}, {"game": "belot", "rules": "coinche"}, "rules"),
    ({"game": "coinche", "rules": "zzz"}, {"game": "coinche", "rules": "zzz"}, "rules"),
    ({"game": "coinche", "rules": "coinche", "rules.annonces": "on"},
     {"game": "coinche", "rules": {"preset": "coinche", "annonces": True}}, "rules.annonces"),
    ({"game": "belot", "rules.no-such-rule": "on"},
     {"game": "belot", "rules": {"no-such-rule": True}}, "rules.no-such-rule"),
])  # fmt: skip
def test_the_new_match_form_refuses_what_the_api_refuses_at_its_field(
    client: TestClient, form: dict[str, str], api: dict[str, Any], field: str
) -> None:
    """Issue 32: the form read `game=Coinche` (or `coinche `, `zzz`) as Belot and dropped a
    preset or a switch of another game, making a match of what was not sent. Now it refuses
    each at its field, as the API does, the error said next to the field (one error, shown
    as the page's HTML or the API's JSON), and makes nothing."""
    before = _matches(client)
    page = client.post("/matches", data={**form, "lang": "en"}, follow_redirects=False)
    assert page.status_code == 422, page.text[-2000:]
    assert f'data-testid="error-{field}" data-field="{field}"' in page.text
    assert "tok_" not in page.headers.get("set-cookie", "")
    refused = client.post("/api/v1/matches", json=api)
    assert refused.status_code == 422 and refused.json()["error"]["field"] == field
    error = refused.json()["error"]
    words = results.error_text(Lang("en"), BelotError(error["code"], field, error["message"]))
    assert html.escape(words, quote=False) in page.text
    assert _matches(client) == before
    # the club's new-match form: no Belot match for an unknown game either
    if field == "game":
        club = client.post("/clubs", data={"name": "Vendredi"}, follow_redirects=False)
        club_url = club.headers["location"]
        for name in ("Jean", "Marie", "Pierre", "Anne"):
            client.post(f"{club_url}/players", data={"name": name})
        ids = re.findall(r'<option value="([\w-]+)"', client.get(club_url).text)[:4]
        seats = {f"seat{n}": ids[n - 1] for n in range(1, 5)}
        answer = client.post(f"{club_url}/matches", data={**form, **seats, "lang": "en"},
                             follow_redirects=False)  # fmt: skip
        assert answer.status_code == 422 and html.escape(words, quote=False) in answer.text
        assert _matches(client) == before


def add(client: TestClient, url: str, fields: dict[str, str]) -> str:
    page = client.post(f"{url}/deals", data={"lang": "en", "op": "add", **fields})
    assert page.status_code == 200, page.text
    return str(page.text)


def test_a_french_match_played_through_its_page_to_its_winner(client: TestClient) -> None:
    made = client.post("/matches", data={"game": "french-belote", "target": "300",
                                         "team_us": "Les Bleus", "lang": "en"})  # fmt: skip
    assert made.status_code == 200
    url = made.url.path
    page = made.text
    for hook in ("add-deal", "total-us", "total-them", "to-go-us", "to-go-them",
                 *(h for h in SHARED if h != "hanging")):  # fmt: skip
        assert hook in hooks_in(page), hook
    assert "hanging" not in hooks_in(page)  # the match carries its litige points itself
    assert value_of(page, "to-go-us") == "300"
    deal = {"contract": "hearts", "declarer": "us", "cards_team": "us", "last_trick": "us"}
    page = add(client, url, {**deal, "cards": "71"})  # 81 : 81, litige: 80 hang
    assert (value_of(page, "total-us"), value_of(page, "total-them")) == ("0", "80")
    assert "hanging-now" in hooks_in(page) and "undo" in hooks_in(page)
    page = add(client, url, {**deal, "cards": "72"})  # made: 80 + the 80 hanging
    assert (value_of(page, "total-us"), value_of(page, "total-them")) == ("160", "160")
    assert "+80 hanging to" in page  # the row's mark: who took the litige's points
    page = add(client, url, {**deal, "cards": "62", "belots.us": "1"})  # 92 : 90, made
    assert (value_of(page, "total-us"), value_of(page, "total-them")) == ("250", "250")
    assert "winner" not in hooks_in(page)
    # edit deal 3 in the form and save it: 102 : 70 instead
    edit = client.get(f"{url}/deals/3").text
    assert "save-deal" in hooks_in(edit)
    page = client.post(f"{url}/deals/3", data={"lang": "en", "op": "save", **deal,
                                                "cards": "70", "belots.us": "1"}).text  # fmt: skip
    assert (value_of(page, "total-us"), value_of(page, "total-them")) == ("260", "240")
    page = add(client, url, {**deal, "cards": "100"})  # 110 : 52: made, 110 : 50
    assert (value_of(page, "total-us"), value_of(page, "total-them")) == ("370", "290")
    assert 'data-testid="winner" data-winner="us">Les Bleus' in page
    undone = client.post(f"{url}/undo", data={"lang": "en"})
    assert "winner" not in hooks_in(undone.text)
    viewer = TestClient(client.app)  # the viewer's live page: the sheet, read-only, in French
    seen = viewer.get(url).text
    assert '<html lang="fr"' in seen and "add-deal" not in hooks_in(seen)
    assert (value_of(seen, "total-us"), value_of(seen, "total-them")) == ("260", "240")
    fragment = viewer.get(f"{url}/sheet?v=0")
    assert fragment.status_code == 200 and value_of(fragment.text, "to-go-us") == "40"


def test_a_coinche_sheet_marks_its_bid_coinche_and_capot(client: TestClient) -> None:
    made = client.post("/matches", data={"game": "coinche", "lang": "en"})
    url = made.url.path
    deal = {"contract": "hearts", "declarer": "us", "cards_team": "us", "last_trick": "us"}
    page = add(client, url, {**deal, "bid": "100", "cards": "110", "multiplier": "2"})
    assert value_of(page, "total-us") == "520" and value_of(page, "to-go-us") == "1480"
    row = re.search(r'data-testid="row-1".*?</tr>', page, flags=re.S)
    assert row is not None
    assert "♥ hearts 100" in row.group(0) and "coinche" in row.group(0)
    page = add(client, url, {**deal, "bid_word": "capot", "capot": "them", "cards": ""})
    row = re.search(r'data-testid="row-2".*?</tr>', page, flags=re.S)
    assert row is not None and "capot" in row.group(0) and "inside" in row.group(0)


def test_every_per_game_table_covers_every_game() -> None:
    """A game of the registry has its form, words, explanation, calculator and offline
    shell: none falls into another game's branch."""
    for game, info in GAMES.items():
        assert SPECS[info.name].game is game
        assert info.calculator and (info.short or info.title)  # its words, declared
        assert web_games.words(info.name).title == info.calculator
        assert info.family in results.EXPLAINED and info.family in LAYOUTS
        assert CALCULATORS[info.name] == info.path
        assert pack.SHELLS[info.path] == info.name
        assert info.name in pack.WORKS_OFFLINE
        assert engine.DEFAULT_LANG[info.name] == info.language
        assert web_games.default_lang(info.name) == info.language


def test_a_club_starts_a_coinche_match_and_offers_every_game(client: TestClient) -> None:
    club = client.post("/clubs", data={"name": "Vendredi", "lang": "fr"}, follow_redirects=False)
    club_url = club.headers["location"]
    for name in ("Jean", "Marie", "Pierre", "Anne"):
        client.post(f"{club_url}/players", data={"name": name})
    page = client.get(club_url).text
    for info in GAMES.values():  # the club's new-match form and its tournaments' offer each
        assert f'data-testid="game-{info.name}"' in page.split('id="new-match"')[1]
    ids = re.findall(r'<option value="([\w-]+)"', page.split('id="new-match"')[1])[:4]
    seats = {f"seat{n}": ids[n - 1] for n in range(1, 5)}
    made = client.post(f"{club_url}/matches", data={"game": "coinche", "lang": "fr", **seats})
    assert made.status_code == 200 and '<html lang="fr"' in made.text
    assert value_of(made.text, "to-go-us") == "2000"  # coinche's own target
    assert 'data-testid="bid"' in made.text
    tournaments = client.get(f"{club_url}/tournaments").text
    for info in GAMES.values():
        assert f'data-testid="game-{info.name}"' in tournaments
