"""The calculator's answer on the device: the same fragment `POST /_result/<game>` answers,
made by the same code (`DealForm`, `result.evaluate`, `result_fragment.html`) in Pyodide; and
a match's totals with the deals kept on the device (`replay`: the core's own `Match`).

Run in a Web Worker from the zip `pack.build_zip` makes (the core, the result renderer, its
templates, Jinja2 and MarkupSafe, the catalogs as JSON); also importable on the server, where
the tests compare its answers with the pages' own, byte for byte.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from urllib.parse import parse_qsl

from jinja2 import Environment, FileSystemLoader, StrictUndefined, Template, select_autoescape

from belot.core.errors import BelotError
from belot.core.match import Match
from belot.core.seats import PASSED
from belot.web.form import DealForm
from belot.web.i18n import LANGS, Lang, use_catalogs
from belot.web.result import calculate, team_names
from belot.web.spec import SPECS, token_word

TEMPLATES = Path(__file__).parent.parent / "templates"
CATALOGS = Path(__file__).parent / "catalogs.json"  # written into the zip only
DEFAULT_LANG = {"belot": "bg", "baloot": "ar"}


def boot() -> None:
    """On the device: say every string from the catalogs the zip carries."""
    use_catalogs(json.loads(CATALOGS.read_text(encoding="utf-8")))


@cache
def _template() -> Template:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html", "svg"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )  # as `render.Renderer` has it
    env.globals.update(token_word=token_word)
    return env.get_template("result_fragment.html")


def answer(game: str, body: str) -> str:
    """The result fragment for a form posted as `body` (urlencoded, as htmx sends it)."""
    if game not in SPECS:
        raise ValueError(f"no such game: {game}")
    form = dict(parse_qsl(body, keep_blank_values=True))  # the last one wins, as on the server
    code = form.get("lang", "")
    lang = Lang(code if code in LANGS else DEFAULT_LANG[game])
    names = team_names(lang, game)
    view = calculate(lang, DealForm.parse(game, form), names)
    return _template().render(lang=lang, _=lang.gettext, view=view, names=names)


def replay(question: str) -> str:
    """A match's sheet with the deals kept on the device, replayed by the core's `Match`.

    `question` is JSON: `match`, the match as `GET /api/v1/matches/{id}` answered, and
    `pending`, each kept deal's form as it is posted (urlencoded, with its `op`). The answer
    is JSON: `rows`, one per kept deal (`us`, `them`: its points; `total_us`, `total_them`),
    `finished`, `winner`; or `error` (the core's code) when a kept deal does not score.
    """
    asked = json.loads(question)
    match = asked["match"]
    game, recorded = match["game"], [d["input"] for d in match["deals"]]
    deals = list(recorded)
    try:
        for body in asked["pending"]:
            form = dict(parse_qsl(body, keep_blank_values=True))
            passed = form.get("op") == "passed"
            deals.append({PASSED: True} if passed else DealForm.parse(game, form).deal())
        sheet = Match(game=game, rules=match["rules"], deals=tuple(deals)).replay()
    except BelotError as err:
        return json.dumps({"error": err.code})
    rows = [
        {"us": row.result["score"]["us"], "them": row.result["score"]["them"],
         "total_us": row.totals["us"], "total_them": row.totals["them"]}
        for row in sheet.rows[len(recorded):]
    ]  # fmt: skip
    return json.dumps({"rows": rows, "finished": sheet.finished, "winner": sheet.winner})
