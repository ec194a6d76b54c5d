"""The calculator's answer on the device: the same fragment `POST /_result/<game>` answers,
made by the same code (`DealForm`, `result.evaluate`, `result_fragment.html`) in Pyodide; and
a match's totals with the deals kept on the device (`replay`: the core's own `Match`).

Run in a Web Worker from the zip `pack.build_zip` makes (the core, the result renderer, its
templates, Jinja2 and MarkupSafe, the catalogs as JSON); also importable on the server, where
the tests compare its answers with the pages' own, byte for byte. The games registered from
outside the core are registered before this module is imported (`registered.load`, called
by `engine.js`), so its tables and the pages' have them as the server's do.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

from jinja2 import Environment, FileSystemLoader, StrictUndefined, Template, select_autoescape

from belot.core.errors import BelotError
from belot.core.games import GAME_NAMES, GAMES
from belot.core.match import Match, Sheet
from belot.core.presets import rules_key
from belot.core.seats import PASSED, SEATS
from belot.store.view import MatchView, Seat
from belot.web.form import DealForm
from belot.web.marks import row_marks
from belot.web.preview import match_preview
from belot.web.result import calculate
from belot.web.sheet import sheet_view
from belot.web.spec import SPECS, token_word
from belot.words.i18n import LANGS, Lang, use_catalogs
from belot.words.results import team_names

TEMPLATES = Path(__file__).parent.parent / "templates"
CATALOGS = Path(__file__).parent / "catalogs.json"  # written into the zip only
DEFAULT_LANG = {info.name: info.language for info in GAMES.values()}
# The default game (the registry's first, Bulgarian Belot) and a deal of it, seed 000 example
# 1 (RULES.md 1.9): 112 : 70, made, 11 : 7. The engine's check (`check`) and its warm-up.
FIRST = GAME_NAMES[0]
CHECK = (
    "lang=en&contract=hearts&declarer=us&multiplier=1&capot=none&cards_team=us&cards=82"
    "&last_trick=us&declarations.us=20&declarations.them=&belots.us=0&belots.them=0&hanging=0"
)


def boot() -> None:
    """On the device: say every string from the catalogs the zip carries."""
    use_catalogs(json.loads(CATALOGS.read_text(encoding="utf-8")))


def warm() -> None:
    """Before the device keeps the engine's memory snapshot (`engine.js`): each game's answer
    once and the board's template, so what they import and compile is in it."""
    for game in SPECS:
        answer(game, f"lang={DEFAULT_LANG[game]}")
    check()  # a deal scored: the result's own templates
    _template("scoreboard.html")


def check() -> bool:
    """Whether the engine scores seed 000 example 1 as it should (11 : 7): the device's
    check of its engine (`engine.js`, op `check`)."""
    html = answer(FIRST, CHECK)
    return (
        'data-testid="score-us" data-value="11"' in html
        and 'data-testid="score-them" data-value="7"' in html
    )


@cache
def _template(name: str = "result_fragment.html") -> Template:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html", "svg"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,  # compiled once: a restored snapshot keeps them, unpacked anew
    )  # as `render.Renderer` has it
    env.globals.update(token_word=token_word)
    return env.get_template(name)


def _lang(code: str, game: str, digits: str = "latn") -> Lang:
    """The page's language, else the game's own (as the server's pages pick it)."""
    code = code if code in LANGS else DEFAULT_LANG[game]
    return Lang(code, "arab" if digits == "arab" else "latn")


def answer(game: str, body: str) -> str:
    """The result fragment for a form posted as `body` (urlencoded, as htmx sends it)."""
    if game not in SPECS:
        raise ValueError(f"no such game: {game}")
    form = dict(parse_qsl(body, keep_blank_values=True))  # the last one wins, as on the server
    lang = _lang(form.get("lang", ""), game, form.get("digits", "latn"))  # the page's own
    names = team_names(lang, game)
    view = calculate(lang, DealForm.parse(game, form), names)
    return _template().render(lang=lang, _=lang.gettext, view=view, names=names)


def _kept(form: dict[str, str], game: str, seated: bool) -> dict[str, Any]:
    if form.get("op") == "passed":
        return {PASSED: True}
    return DealForm.parse(game, form, seated=seated).deal()


def _with_kept(match: dict[str, Any], pending: list[Any]) -> tuple[list[dict[str, Any]], int]:
    """The match's deals with the kept changes made, and the index of the first they touch."""
    game, seated = match["game"], bool(match.get("seats"))
    deals: list[dict[str, Any]] = [d["input"] for d in match["deals"]]
    first = len(deals)
    for change in pending:
        if isinstance(change, str):
            change = {"kind": "add", "body": change}
        kind, form = change.get("kind", "add"), dict(parse_qsl(change.get("body", "")))
        if kind == "add":
            deals.append(_kept(form, game, seated))
            continue
        n = change.get("n")
        if not isinstance(n, int) or not 1 <= n <= len(deals):
            raise BelotError("deal-not-found", "n", f"deal {n} is not on the sheet")
        first = min(first, n - 1)
        if kind == "delete":
            del deals[n - 1]
        else:
            deals[n - 1] = DealForm.parse(game, form, seated=seated).edited(deals[n - 1])
    return deals, first


def replay(question: str) -> str:
    """A match's sheet with the changes kept on the device, replayed by the core's `Match`.

    `question` is JSON: `match`, the match as `GET /api/v1/matches/{id}` answered, and
    `pending`, each kept change in order: `{"kind": "add" | "save" | "delete", "n", "body"}`
    (`body`: the deal's form as it is posted, urlencoded, with its `op`; a bare string is an
    add). A saved deal is stored as the server stores it (`DealForm.edited`). The answer is
    JSON: `first`, the index of the first row the kept changes touch, and `rows` from there
    (`us`, `them`: its points; `total_us`, `total_them`; `marks`, its notes as the sheet words
    them in the question's `lang`), `totals`, `finished`, `winner`; or
    `error` (the core's code) when a kept change does not apply. With `board` in the question
    (and `digits`, the page's): also `board`, the editor's board (`scoreboard.html`: totals,
    points to go, dealer, hanging pot, sheet count, winner) and `chart`, as the server would
    draw them after those changes (null if they cannot be drawn here).
    """
    asked = json.loads(question)
    match = asked["match"]
    game = match["game"]
    try:
        deals, first = _with_kept(match, asked["pending"])
        sheet = _match(match, rules_key(game, match["rules"]), deals).replay()
    except BelotError as err:
        return json.dumps({"error": err.code})
    lang = _lang(asked.get("lang", ""), game, asked.get("digits", "latn"))
    seats = _seat_names(match)
    names = team_names(lang, game, match.get("teams"), seats)
    rows = []
    for k in range(first, len(sheet.rows)):
        row, carried = sheet.rows[k], sheet.rows[k - 1].hanging or 0 if k else 0
        marks = row_marks(lang, game, row.input, row.result, carried, names, seats,
                          row.hanging_to, row.challenged)  # fmt: skip
        rows.append({"us": row.result["score"]["us"], "them": row.result["score"]["them"],
                     "total_us": row.totals["us"], "total_them": row.totals["them"],
                     "marks": " · ".join(marks)})  # fmt: skip
    out = {"first": first, "rows": rows, "totals": dict(sheet.totals),
           "finished": sheet.finished, "winner": sheet.winner}  # fmt: skip
    if asked.get("board"):  # each change the server records moves its version on by one
        out.update(_board(lang, match, sheet, match.get("version", 0) + len(asked["pending"])))
    return json.dumps(out)


def _board(lang: Lang, match: dict[str, Any], sheet: Sheet, version: int) -> dict[str, str | None]:
    """The editor's board and chart for `sheet` (the match replayed with the kept changes)."""
    seats = match.get("seats")
    first_dealer = None
    if seats and isinstance(match.get("dealer"), int):  # the API says who deals next
        first_dealer = (match["dealer"] - 1 - len(match.get("deals", []))) % len(SEATS) + 1
    epoch = datetime(2000, 1, 1, tzinfo=UTC)
    try:  # a board the device cannot draw (a match JSON or template it lacks): the server's stays
        view = MatchView(
            id=match.get("id", ""), game=match["game"],
            rules=rules_key(match["game"], match["rules"]), teams=match.get("teams") or {},
            version=version, created=epoch, updated=epoch, sheet=sheet,
            seats=tuple(Seat(s["name"], s.get("player")) for s in seats) if seats else None,
            series=match.get("series"), first_dealer=first_dealer,
        )  # fmt: skip
        board = sheet_view(lang, view)
        html = _template("scoreboard.html").render(
            lang=lang, _=lang.gettext, sheet=board, m=view, editor=True, n=None, redo=None
        )
    except Exception:
        return {"board": None, "chart": None}
    return {"board": html, "chart": str(board.chart) if board.rows else None}


def preview(question: str) -> str:
    """The match deal form's result panel, as `POST /m/{id}/preview` answers it: `question`
    is `replay`'s (the match, the kept changes, `lang`) with `body`, the form as htmx posts
    it, and `n`, the deal's place when one is being edited (else a new deal after the rest).
    Kept changes that do not apply are left out (the server's sheet as it stands)."""
    asked = json.loads(question)
    match = asked["match"]
    game, seated = match["game"], bool(match.get("seats"))
    rules = rules_key(game, match["rules"])
    try:
        deals, _ = _with_kept(match, asked.get("pending", []))
        sheet = _match(match, rules, deals).replay()
    except BelotError:
        sheet = _match(match, rules, [d["input"] for d in match["deals"]]).replay()
    form = dict(parse_qsl(asked["body"], keep_blank_values=True))
    lang = _lang(form.get("lang", asked.get("lang", "")), game, form.get("digits", "latn"))
    names = team_names(lang, game, match.get("teams"), _seat_names(match))
    n = asked.get("n")
    at = n if isinstance(n, int) and 1 <= n <= len(sheet.rows) else None
    state = DealForm.parse(game, form, seated=seated)
    view = match_preview(lang, game, rules, sheet, state, at, names)
    return _template().render(lang=lang, _=lang.gettext, view=view, names=names)


def _match(match: dict[str, Any], rules: str, deals: list[Any]) -> Match:
    """The core's match of the API's `match` with `deals`: its own target or number of deals
    too (CONTRACT §1; a match JSON of before either was said plays its game's)."""
    count, target = match.get("deal_count"), match.get("target")
    return Match(
        game=match["game"], rules=rules, deals=tuple(deals),
        target=target if isinstance(target, int) and count is None else None,
        deal_count=count if isinstance(count, int) else None,
    )  # fmt: skip


def _seat_names(match: dict[str, Any]) -> list[str] | None:
    """The four names in dealing order, as the API's match has them (CONTRACT §5.2)."""
    return [seat["name"] for seat in match.get("seats") or []] or None


def fields(question: str) -> str:
    """Deal `n` of `match` (JSON, as `replay` takes it) in the deal form: the fields its edit
    page would hold (`DealForm.from_deal`, the same overlay), as JSON `{name: value}`."""
    asked = json.loads(question)
    match, n = asked["match"], asked["n"]
    deal = match["deals"][n - 1]["input"]
    form = DealForm.from_deal(match["game"], deal, seated=bool(match.get("seats")))
    return json.dumps(form.posted())
