"""The page scripts are ES modules served under content-hashed names (web/assets.py): each
module's relative imports point at the hashed names, so a change in a dependency changes the
hash of every module that imports it (a page never runs a new net.js beside an old importer);
the service worker precaches every one of them; pages preload what they import."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from belot.web.assets import STATIC, Assets
from belot.web.offline.pack import Pack

from .server import make_app

IMPORTS = re.compile(r"""(?:import|from)\s*["']\./([^"']+)["']""")


def test_imports_point_at_hashed_names_and_a_changed_dependency_changes_its_importers(
    tmp_path: Path,
) -> None:
    root = tmp_path / "static"
    shutil.copytree(STATIC, root)
    before = Assets(root)
    for name, deps in before.imports.items():
        body = before.files[before.names[name]][0].decode()
        assert sorted(set(IMPORTS.findall(body))) == sorted(before.names[d] for d in deps), name
    net = root / "net.js"
    net.write_text(net.read_text(encoding="utf-8") + "\n// changed\n", encoding="utf-8")
    after = Assets(root)
    changed = {name for name in before.names if before.names[name] != after.names[name]}
    # net.js, what imports it, and what imports those (app.js through claim.js, and so on)
    assert {"net.js", "needs-server.js", "claim.js", "app.js", "offline.js", "pending.js",
            "pending-sheet.js", "pending-send.js", "newmatch.js"} <= changed  # fmt: skip
    assert not changed & {"names.js", "digits.js", "taps.js", "house.js", "app.css"}


def test_an_import_cycle_or_a_missing_module_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.js").write_text('import "./b.js";\n', encoding="utf-8")
    (tmp_path / "b.js").write_text('import { x } from "./a.js";\n', encoding="utf-8")
    with pytest.raises(ValueError, match="cycle"):
        Assets(tmp_path)
    (tmp_path / "b.js").write_text('import "./gone.js";\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"gone\.js"):
        Assets(tmp_path)


def test_pages_load_modules_and_preload_all_they_import(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path / "belot.sqlite")) as client:
        assets = Assets()
        for path in ("/", "/baloot", "/matches/new", "/clubs/new"):
            html = client.get(path).text
            assert "<script src=" not in html.replace('<script src="/static/htmx', ""), path
            entries = re.findall(r'<script type="module" src="/static/([^"]+)"', html)
            preloaded = set(re.findall(r'<link rel="modulepreload" href="([^"]+)"', html))
            names = {v: k for k, v in assets.names.items()}
            wanted = assets.modules(*(names[e] for e in entries))
            assert set(wanted) <= preloaded, (path, set(wanted) - preloaded)
            for url in preloaded:
                answer = client.get(url)
                assert answer.status_code == 200
                assert "immutable" in answer.headers["cache-control"]


def test_the_service_worker_precaches_every_module_by_its_hashed_name() -> None:
    assets = Assets()
    pack = Pack(assets)
    if not pack.present:
        pytest.skip("no offline pack: run `make offline`")
    cached = {entry["url"] for entry in pack.precache()}
    assert {assets.url(name) for name in assets.imports} <= cached
    assert pack.config()["names"]["matches"] == "belot-matches"  # names.js's SHARED line
