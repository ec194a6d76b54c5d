"""The pages without a browser (TestClient): hooks, languages, headers, no-JS posts, catalogs."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from belot.web.extract import msgids
from belot.words.i18n import catalog

from .server import make_app

BELOT_HOOKS = [
    "rules-bg", "rules-bg-6up", "contract-clubs", "contract-diamonds", "contract-hearts",
    "contract-spades", "contract-no-trumps", "contract-all-trumps", "declarer-us", "declarer-them",
    "multiplier-1", "multiplier-2", "multiplier-4", "cards-team-us", "cards-team-them", "cards",
    "last-us", "last-them", "capot-none", "capot-us", "capot-them", "decl-clear-us",
    "decl-clear-them", "belot-us", "belot-them", "hanging",
    *(f"decl-{t}-{v}" for t in ("us", "them") for v in (20, 50, 100, 150, 200)),
]  # fmt: skip
BALOOT_HOOKS = [
    "mode-sun", "mode-hokm", "buyer-us", "buyer-them", "abnat-team-us", "abnat-team-them",
    "abnat", "project-clear-us", "project-clear-them", "projects-first-us",
    "projects-first-them", "baloot-none", "baloot-us", "baloot-them", "multiplier-1",
    "multiplier-2", "multiplier-3", "multiplier-4", "multiplier-gahwa", "kaboot-none",
    "kaboot-us", "kaboot-them",
    *(f"project-{t}-{k}" for t in ("us", "them") for k in ("sira", "fifty", "hundred",
                                                           "four-hundred")),
]  # fmt: skip


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    app = make_app(tmp_path_factory.mktemp("db") / "belot.sqlite")
    with TestClient(app) as c:
        yield c


def hooks_in(html: str) -> list[str]:
    return re.findall(r'data-testid="([^"]+)"', html)


@pytest.mark.parametrize(("path", "hooks"), [("/", BELOT_HOOKS), ("/baloot", BALOOT_HOOKS)])
@pytest.mark.parametrize("lang", ["bg", "ar", "en", "fr", "hr", "nl"])
def test_every_contract_hook_is_on_the_page_once(
    client: TestClient, path: str, hooks: list[str], lang: str
) -> None:
    found = hooks_in(client.get(f"{path}?lang={lang}").text)
    for hook in hooks:
        assert found.count(hook) == 1, hook


def test_default_languages_and_direction(client: TestClient) -> None:
    fresh = TestClient(client.app)
    assert '<html lang="bg" dir="ltr">' in fresh.get("/").text
    assert '<html lang="ar" dir="rtl">' in fresh.get("/baloot").text
    assert '<html lang="en" dir="ltr">' in fresh.get("/?lang=en").text


def test_the_language_choice_is_remembered_per_game(client: TestClient) -> None:
    fresh = TestClient(client.app)
    fresh.get("/?lang=en")
    assert '<html lang="en"' in fresh.get("/").text
    assert '<html lang="ar"' in fresh.get("/baloot").text
    fresh.get("/baloot?lang=bg")
    assert '<html lang="bg"' in fresh.get("/baloot").text


def test_security_headers_and_no_inline_script_or_style(client: TestClient) -> None:
    for path in ("/", "/baloot", "/matches/new"):
        response = client.get(path)
        csp = response.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp
        html = response.text
        assert re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html) is None
        assert "<style" not in html and " style=" not in html
        assert re.search(r"<[^>]*\son[a-z]+=", html) is None  # no onclick= and the like


def test_static_files_are_hashed_and_cached_for_a_year(client: TestClient) -> None:
    html = client.get("/").text
    urls = re.findall(r'(?:src|href)="(/static/[^"]+)"', html)
    assert {u.rsplit("/", 1)[1].split(".")[0] for u in urls} >= {"app", "htmx-2"}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200
        assert "immutable" in response.headers["cache-control"]
    assert client.get("/static/app.css").status_code == 404  # only hashed names


def test_page_weight_is_under_100_kb(client: TestClient) -> None:
    """A first visit's budget: what the phone downloads (gzip, as served) under 100 KB, and
    what it unpacks under 150 KB (htmx alone is 52 KB unpacked, 17 KB on the wire)."""
    for path in ("/", "/baloot"):
        page = client.get(path)
        wire, unpacked = page.num_bytes_downloaded, len(page.content)
        for url in re.findall(r'(?:src|href)="(/static/[^"]+)"', page.text):
            file = client.get(url)
            wire, unpacked = wire + file.num_bytes_downloaded, unpacked + len(file.content)
        assert wire < 100_000 and unpacked < 150_000, (path, wire, unpacked)


def test_a_tap_without_javascript_adds_one_and_keeps_the_state(client: TestClient) -> None:
    form = {"lang": "en", "contract": "hearts", "declarer": "us", "cards": "82", "last_trick": "us"}
    html = client.post("/", data={**form, "declarations.us": "20", "op": "decl-us-20"}).text
    assert 'name="declarations.us" value="20 20"' in html
    assert 'data-testid="score-us" data-value="13"' in html  # 132 : 70
    assert 'value="hearts" checked' in html
    cleared = {**form, "declarations.us": "20 20", "belots.us": "1", "op": "decl-clear-us"}
    html = client.post("/", data=cleared).text
    assert 'name="declarations.us" value=""' in html and 'name="belots.us" value="0"' in html


def test_the_fragment_never_applies_the_clicked_button(client: TestClient) -> None:
    # htmx sends the last clicked button along; app.js has already counted it
    data = {"contract": "hearts", "declarer": "us", "cards": "82", "last_trick": "us",
            "declarations.us": "20", "op": "decl-us-20"}  # fmt: skip
    html = client.post("/_result/belot", data=data).text
    assert 'data-testid="score-us" data-value="11"' in html


@pytest.mark.parametrize(
    ("data", "field", "text"),
    [
        ({"lang": "bg", "contract": "hearts", "declarer": "us", "cards": "160",
          "last_trick": "us"}, "cards.us", "Картите са най-много 152 точки."),
        ({"lang": "ar", "contract": "hearts", "declarer": "us", "cards": "1",
          "last_trick": "us"}, "cards.us", "لا توجد أوراق مجموعها 1 نقطة."),
        ({"lang": "en", "contract": "no-trumps", "declarer": "us", "cards": "60",
          "last_trick": "us", "belots.us": "1"},
         "belots.us", "No trumps has no belot."),
        ({"lang": "bg", "contract": "hearts", "cards": "8x", "last_trick": "us"}, "cards.us",
         "Въведи цяло число."),
    ],
)  # fmt: skip
def test_errors_name_their_field_in_the_page_language(
    client: TestClient, data: dict[str, str], field: str, text: str
) -> None:
    html = client.post("/_result/belot", data=data).text
    assert f'data-field="{field}"' in html
    assert text in html
    assert "score-us" not in html


def test_arabic_digits_are_read(client: TestClient) -> None:
    data = {"mode": "hokm", "buyer": "us", "abnat_team": "them", "abnat": "٦٢"}
    html = client.post("/_result/baloot", data=data).text
    assert 'data-testid="score-us" data-value="10"' in html


def test_every_string_is_translated_with_the_same_placeholders() -> None:
    for lang in ("bg", "ar", "fr", "hr", "nl"):
        translated = catalog(lang)
        for msgid in msgids():
            assert msgid in translated, (lang, msgid)
            names = sorted(re.findall(r"%\((\w+)\)s", msgid))
            assert sorted(re.findall(r"%\((\w+)\)s", translated[msgid])) == names, (lang, msgid)


def test_catalogs_are_plain_po_files_read_at_start() -> None:
    root = Path(__file__).parents[2] / "src" / "belot" / "words" / "locales"
    for lang in ("bg", "ar", "en", "fr", "hr", "nl"):
        assert (root / lang / "LC_MESSAGES" / "messages.po").is_file()


def test_each_message_is_in_each_catalog_once() -> None:
    """Branches that add the same string must not leave it twice (gettext refuses that)."""
    root = Path(__file__).parents[2] / "src" / "belot" / "words" / "locales"
    for lang in ("bg", "ar", "en", "fr", "hr", "nl"):
        text = (root / lang / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8")
        ids = re.findall(r'^msgid ((?:".*"\n)+)', text, flags=re.M)
        doubled = sorted({i for i in ids if ids.count(i) > 1})
        assert doubled == [], (lang, doubled)
