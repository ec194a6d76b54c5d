"""Every form endpoint of the pages, fed generated form bodies: never a 5xx, and the answer in
the page's language. Bodies mix the forms' own field names (read from the spec) with other
ones, values the forms take with non-decimal digits (`8²`, `1e3`; `٣` is a digit and is
taken), 4,300-digit numbers, control characters, 10 KB strings, fields left out or sent twice.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urlencode

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belot.web.form import ops_of
from belot.web.spec import SPECS, Kind
from support import examples

from .server import make_app

FUZZ = settings(max_examples=examples(50), deadline=None, suppress_health_check=list(HealthCheck))
LANGS = ("bg", "ar", "en", "fr", "hr", "nl")
# A page in Bulgarian or Arabic says every message in it: no English message left in it.
SCRIPT = {"bg": re.compile("[а-яА-Я]"), "ar": re.compile("[\u0600-\u06ff]")}


def names(game: str) -> list[str]:
    """Every input name the game's forms post, and the match forms' own."""
    out = ["op", "lang", "version", "key", "game", "rules", "team_us", "team_them", "token",
           "seat1", "seat2", "seat3", "seat4", "first_dealer", "confirm", "name"]  # fmt: skip
    for f in SPECS[game].fields.values():
        if f.kind in (Kind.TOKENS, Kind.COUNT):
            out += [f"{f.name}.us", f"{f.name}.them"]
        else:
            out.append(f.name)
        if f.team_field:
            out.append(f.team_field)
    return out


def values(game: str) -> st.SearchStrategy[str]:
    spec = SPECS[game]
    keys = sorted({c.key for f in spec.fields.values() for c in f.choices} | {"us", "them"})
    ops = sorted(ops_of(spec) | {"add", "passed", "save", "delete", "calc"})
    nasty = [
        "8²", "٣", "٨٢", "1e3", "-5", " 82 ", "82,", "8.2", "0x10", "½", "٫", "１２", "9" * 4300,
        "1" * 10, "\x00", "\r\n", "\u202e82", "ok\x7f", "tierce:K", "sira:A", "carre:J",
        "20 20 50", "fifty:Z", ":", "none", "sa", "bg-6up", "%(team)s", "<b>", "x" * 10_000,
    ]  # fmt: skip
    return st.one_of(
        st.sampled_from(keys),
        st.sampled_from(ops),
        st.sampled_from(nasty),
        st.sampled_from(LANGS),
        st.integers(-(10**12), 10**12).map(str),
        st.text(max_size=30),
        st.text(alphabet=st.characters(codec="utf-8"), min_size=0, max_size=12),
    )


# A whole deal as each game's form posts it: mutated, it reaches the scoring and the store.
BASE = {
    "belot": {"contract": "hearts", "declarer": "us", "multiplier": "1", "cards_team": "us",
              "cards": "82", "last_trick": "us", "capot": "none", "declarations.us": "20",
              "declarations.them": "", "belots.us": "0", "belots.them": "1", "hanging": "0",
              "rules": "bg", "caller": "1", "op": "add"},
    "baloot": {"mode": "hokm", "buyer": "us", "abnat_team": "them", "abnat": "62",
               "projects.us": "sira", "projects.them": "", "projects_first": "none",
               "baloot": "none", "multiplier": "1", "kaboot": "none", "caller": "3",
               "op": "add"},
}  # fmt: skip


@st.composite
def bodies(draw: st.DrawFn, game: str) -> list[tuple[str, str]]:
    """A form body: some of the form's fields (some twice), maybe a stranger one, a language;
    or a whole deal with a few of its fields changed, left out or sent twice."""
    if draw(st.booleans()):
        base = dict(BASE[game])
        for name in draw(st.lists(st.sampled_from(sorted(base)), max_size=3)):
            if draw(st.booleans()):
                base[name] = draw(values(game))
            else:
                base.pop(name, None)
        body = list(base.items())
        body += [(n, draw(values(game))) for n in draw(st.lists(st.sampled_from(names(game)),
                                                                 max_size=2))]  # fmt: skip
    else:
        fields = draw(st.lists(st.sampled_from(names(game)), max_size=14))
        fields += draw(st.lists(st.text(max_size=12), max_size=2))
        body = [(name, draw(values(game))) for name in fields]
    lang = draw(st.sampled_from([*LANGS, None]))
    if lang is not None:
        body.append(("lang", lang))  # the last one of a name wins, as browsers send one
    return body


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    app = make_app(tmp_path_factory.mktemp("db") / "belot.sqlite")
    with TestClient(app) as c:
        yield c


def match(client: TestClient, game: str, *, seated: bool = False) -> str:
    """A match this client edits, with one deal on it (and four players on seats)."""
    seats = {f"seat{i}": name for i, name in enumerate(("Иван", "<b>", "٣", "x"), 1)}
    answer = client.post("/matches", data={"game": game, **(seats if seated else {})},
                         follow_redirects=False)  # fmt: skip
    url: str = answer.headers["location"]
    deal = (
        {"mode": "sun", "buyer": "us", "abnat": "60", "op": "add"}
        if game == "baloot"
        else {
            "contract": "hearts",
            "declarer": "us",
            "cards": "82",
            "last_trick": "us",
            "op": "add",
        }
    )
    assert client.post(f"{url}/deals", data=deal).status_code == 200
    return url


def club(client: TestClient) -> str:
    """A club this client edits, with four players."""
    answer = client.post("/clubs", data={"name": "Клуб"}, follow_redirects=False)
    url: str = answer.headers["location"]
    for name in ("А", "Б", "В", "Г"):
        assert client.post(f"{url}/players", data={"name": name}).status_code == 200
    return url


def check(answer: object, lang: str | None) -> None:
    status = getattr(answer, "status_code", 0)
    text: str = getattr(answer, "text", "")
    assert status < 500, text[-2000:]
    if status in (301, 302, 303, 307, 308):
        return
    assert getattr(answer, "headers", {})["content-type"].startswith("text/html"), text[:200]
    whole = re.search(r'<html lang="(\w+)"', text)
    if lang is not None and whole is not None:
        assert whole.group(1) == lang
    shown = lang or (whole.group(1) if whole else None)
    script = SCRIPT.get(shown or "")
    if script is None:
        return
    messages = re.findall(r'data-testid="(?:error|failure)"[^>]*>([^<]+)<', text)
    for message in messages:
        assert script.search(message), (shown, message)


ENDPOINTS = [
    ("belot", "/"),
    ("baloot", "/baloot"),
    ("belot", "/_result/belot"),
    ("baloot", "/_result/baloot"),
    ("belot", "/matches"),
    ("baloot", "/matches"),
    *((game, f"/m/{{id}}{tail}") for game in ("belot", "baloot")
      for tail in ("/deals", "/deals/1", "/undo", "/redo", "/preview", "/preview?n=1")),
    # a match with seats: its deal form has the caller too
    ("belot", "/m/{seated}/deals"),
    ("baloot", "/m/{seated}/deals/1"),
    ("baloot", "/m/{seated}/preview"),
    ("belot", "/clubs"),
    ("belot", "/c/{club}/players"),
    ("baloot", "/c/{club}/matches"),
]  # fmt: skip
FORM = {"content-type": "application/x-www-form-urlencoded"}


@pytest.mark.parametrize(("game", "path"), ENDPOINTS)
def test_no_form_body_gets_a_server_error(client: TestClient, game: str, path: str) -> None:
    own = TestClient(client.app)  # its own cookies: the editor of its own match
    url = path.replace("/m/{id}", match(own, game)) if "{id}" in path else path
    url = url.replace("/m/{seated}", match(own, game, seated=True)) if "{seated}" in url else url
    url = url.replace("/c/{club}", club(own)) if "{club}" in url else url

    @given(body=bodies(game))
    @FUZZ
    def run(body: list[tuple[str, str]]) -> None:
        lang = next((v for k, v in reversed(body) if k == "lang"), None)
        answer = own.post(url, content=urlencode(body), headers=FORM, follow_redirects=False)
        check(answer, lang if lang in LANGS else None)

    run()
