"""Issue 23: a calculator page weighs, with everything it loads before its first answer (its
HTML, every `<script src>`, every stylesheet, `modulepreload` and `preload` link, and every
module those import statically), under 100 KB uncompressed and 30 KB gzip-compressed. What a
first answer does not need is imported later (`import()`), never preloaded, and precached by
the service worker all the same, so the page works offline as before."""

from __future__ import annotations

import gzip
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from belot.web.assets import Assets
from belot.web.offline.pack import Pack

from .server import make_app

RAW_LIMIT, GZIP_LIMIT = 100_000, 30_000
STATIC_IMPORT = re.compile(r"""\b(?:import|from)\s*["'](\./[^"']+\.js)["']""")
LAZY_IMPORT = re.compile(r"""\bimport\(\s*["'](\./[^"']+\.js)["']""")


class _Loads(HTMLParser):
    """The files a page loads as it opens: scripts, stylesheets, preloads (not icons, not the
    manifest: the browser fetches those aside, and they are not the page's code)."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.modules: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        rel = set((a.get("rel") or "").split())
        if tag == "script" and a.get("src"):
            self.urls.append(str(a["src"]))
            if a.get("type") == "module":
                self.modules.append(str(a["src"]))
        elif tag == "link" and a.get("href") and rel & {"stylesheet", "modulepreload", "preload"}:
            self.urls.append(str(a["href"]))
            if "modulepreload" in rel:
                self.modules.append(str(a["href"]))


def weigh(client: TestClient, path: str) -> tuple[int, int, list[tuple[str, int, int]]]:
    """(raw, gzip, per file): the page and what it loads before its first answer."""
    page = client.get(path)
    assert page.status_code == 200, path
    loads = _Loads()
    loads.feed(page.text)
    urls = list(dict.fromkeys(loads.urls))
    todo = list(loads.modules)
    while todo:  # a module's static imports load before it runs, preloaded or not
        url = todo.pop()
        body = client.get(url).text
        for spec in STATIC_IMPORT.findall(body):
            dep = url.rsplit("/", 1)[0] + spec[1:]
            if dep not in urls:
                urls.append(dep)
                todo.append(dep)
    files = [(path, page.content)] + [(url, client.get(url).content) for url in urls]
    rows = [(name, len(body), len(gzip.compress(body, 9, mtime=0))) for name, body in files]
    return sum(r[1] for r in rows), sum(r[2] for r in rows), rows


def _said(path: str, raw: int, packed: int, rows: list[tuple[str, int, int]]) -> str:
    lines = [f"{path}: {raw:,} bytes, {packed:,} gzip (limits {RAW_LIMIT:,} and {GZIP_LIMIT:,})"]
    lines += [f"  {name}  {size:,}  {small:,}" for name, size, small in rows]
    return "\n".join(lines)


@pytest.mark.parametrize("path", ["/", "/baloot", "/?lang=ar", "/?lang=en", "/baloot?lang=bg"])
def test_a_calculator_weighs_under_100_kb_and_30_kb_gzip(tmp_path: Path, path: str) -> None:
    with TestClient(make_app(tmp_path / "belot.sqlite")) as client:
        raw, packed, rows = weigh(client, path)
        html = client.get(path).text
    assert raw < RAW_LIMIT and packed < GZIP_LIMIT, _said(path, raw, packed, rows)
    # What the first answer does not need is not loaded: the match pages' modules, offline.js
    loaded = {re.sub(r"\.[0-9a-f]{10}\.", ".", name.rsplit("/", 1)[-1]) for name, _, _ in rows}
    assert not loaded & {"app.js", "offline.js", "net.js", "drafts.js", "live.js", "sheet.css"}
    assert {"calc.js", "taps.js", "panel.js", "form.js", "house.js", "app.css"} <= loaded
    assert 'data-testid="offline-ready"' in html  # the hook is on the page, filled in later


def test_what_a_calculator_loads_later_is_imported_lazily_and_precached() -> None:
    assets = Assets()
    assert set(assets.lazy["calc.js"]) == {"app.js", "offline.js"}
    body = assets.files[assets.names["calc.js"]][0].decode()
    # import("./app.<hash>.js"): the hashed names, so a new app.js is a new calc.js
    assert sorted(LAZY_IMPORT.findall(body)) == sorted(
        f"./{assets.names[n]}" for n in ("app.js", "offline.js")
    )
    assert not {"app.js", "offline.js"} & set(assets._graph("calc.js"))  # never preloaded
    pack = Pack(assets)
    if not pack.present:
        pytest.skip("no offline pack: run `make offline`")
    cached = {entry["url"] for entry in pack.precache()}
    wanted = {assets.url(n) for n in ("calc.js", "app.js", "offline.js", "sheet.css")}
    assert wanted <= cached


def test_the_other_pages_still_load_app_js_and_the_sheet_styles(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path / "belot.sqlite")) as client:
        for path in ("/matches/new", "/clubs/new"):
            html = client.get(path).text
            assert re.search(r'<script type="module" src="/static/app\.[0-9a-f]+\.js"', html)
            assert re.search(r'<script type="module" src="/static/offline\.[0-9a-f]+\.js"', html)
            assert re.search(r'href="/static/sheet\.[0-9a-f]+\.css"', html), path
            assert "calc." not in html
