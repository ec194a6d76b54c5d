"""Run in a process of its own (`tests/test_toy_game.py`): the toy game is registered before
any layer is built, then each layer is asked about it. Prints {layer: true, or what it said}."""

from __future__ import annotations

import importlib
import io
import json
import os
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

# Registered before any layer is built: each layer is imported only in `main_`, after it.
sys.path.insert(0, str(Path(__file__).parent))
importlib.import_module("toy_game")
os.environ["BELOT_ALLOWED_HOSTS"] = "testserver"

DEAL = {"game": "toy", "call": "high", "winner": "them"}
PLAY = {"call": "high", "winner": "them"}
RESULT = {"outcome": "made", "score": {"us": 0, "them": 2}}
seen: dict[str, Any] = {}


def check(layer: str, asked: Callable[[], object]) -> None:
    try:
        answer = asked()
    except Exception as exc:  # what the layer said, for the test's message
        answer = f"{type(exc).__name__}: {exc}"
    seen[layer] = True if answer is True else str(answer)[:400]


# What the device's worker does with the zip (engine.js): unpacked alone, beside the bare
# standard library (no site-packages, so not this process's registration), the registering
# modules imported first, then the engine; it scores a toy deal and still checks itself.
ON_THE_DEVICE = """
import sys
sys.path.insert(0, sys.argv[1])
from belot.web.offline import registered
assert registered.load() == ["toy_game"]
from belot.web.offline import engine
engine.boot()
html = engine.answer("toy", "lang=en&call=high&winner=them")
assert 'data-testid="score-them" data-value="2"' in html, html
assert engine.check()
assert sys.modules["toy_game"].__file__.startswith(sys.argv[1])
"""


def offline_pack(zipped: bytes, shells: dict[str, str], get: Callable[[str], Any]) -> object:
    """The toy's shells are precached and served (a shell that fails fails the device's whole
    precache), its module is in the zip, and the zip scores it."""
    for path in shells:
        page = get(f"{path}{'&' if '?' in path else '?'}lang=en")
        if page.status_code != 200:
            return f"{path}: {page.status_code}"
    with zipfile.ZipFile(io.BytesIO(zipped)) as zf:
        names = zf.namelist()
        if shells.get("/toy") != "toy" or "toy_game.py" not in names:
            return f"shells {shells.get('/toy')!r}, zip {sorted(n for n in names if '/' not in n)}"
        unpacked = tempfile.mkdtemp()
        zf.extractall(unpacked)
    done = subprocess.run([sys.executable, "-I", "-S", "-c", ON_THE_DEVICE, unpacked],
                          capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
    return done.returncode == 0 or done.stderr[-400:]


def main_() -> None:
    from click.testing import CliRunner
    from fastapi.testclient import TestClient

    from belot.app import create_app
    from belot.cli import main
    from belot.contract import other_pile, score
    from belot.web.offline import pack

    client = TestClient(
        create_app(f"sqlite:///{tempfile.mkdtemp()}/toy.sqlite"), base_url="http://testserver"
    )
    check("library", lambda: score(DEAL) == RESULT or score(DEAL))
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    check("API schema", lambda: (set(schemas["ToyDeal"]["properties"]) == {
        "game", "rules", "call", "winner"} and "#/components/schemas/ToyDeal" in json.dumps(
        schemas["Deal"])) or schemas.get("ToyDeal"))  # fmt: skip
    check("API score", lambda: client.post("/api/v1/score", json=DEAL).json() == RESULT)
    listed = client.get("/api/v1/rules").json()["games"]
    check("rules listing", lambda: {"game": "toy", "default": "toy", "target": 3} .items()
          <= next(g for g in listed if g["game"] == "toy").items())  # fmt: skip
    said = CliRunner().invoke(main, ["score", "high", "--game", "toy", "--winner", "them",
                                     "--json"]).output  # fmt: skip
    check("command line", lambda: json.loads(said) == RESULT or said)
    page = client.get("/toy?lang=en").text
    check("form", lambda: all(f'name="{f}"' in page for f in ("call", "winner")) or page[:300])
    answer = client.post("/_result/toy", data={"call": "high", "winner": "them"}).text
    check("form's result", lambda: 'data-testid="score-them" data-value="2"' in answer or answer)
    check("other pile", lambda: other_pile(DEAL) is None)  # no pile to count: nothing to say
    made = client.post("/api/v1/matches", json={"game": "toy"}).json()
    auth = {"Authorization": f"Bearer {made.get('token')}"}
    for _ in range(2):  # a match's deal: its play fields only
        client.post(f"/api/v1/matches/{made.get('id')}/deals", json=PLAY, headers=auth)
    got = client.get(f"/api/v1/matches/{made.get('id')}").json()
    check("match", lambda: (got["totals"], got["winner"]) == ({"us": 0, "them": 4}, "them") or got)
    text = client.get(f"/api/v1/matches/{made.get('id')}.json").text
    check("export", lambda: json.loads(text)["deals"][1]["input"] == PLAY or text[:300])
    check("offline pack", lambda: offline_pack(pack.build_zip(), pack.SHELLS, client.get))
    seen["core"] = importlib.import_module("belot.core.belot").__file__  # compiled or pure
    print(json.dumps(seen))


main_()
