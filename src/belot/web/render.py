"""Jinja2 rendering with the page's language (security headers: `belot.http.security`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote_to_bytes

from fastapi import Request
from fastapi.responses import HTMLResponse
from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from belot.core.errors import BelotError
from belot.http.hosts import public_base
from belot.web.assets import Assets
from belot.web.games import calculators, default_lang, names
from belot.web.spec import token_word
from belot.words.i18n import DIGITS, LANG_NAMES, LANG_SHORT, LANGS, Lang, pick
from belot.words.rules import preset_words, switch_words

TEMPLATES = Path(__file__).parent / "templates"
_BOUNDARY = re.compile(r"boundary=(\"[^\"]+\"|[^;\s]+)", re.IGNORECASE)
_PART_NAME = re.compile(rb'\bname="([^"]*)"')
YEAR = 365 * 24 * 3600


class Renderer:
    """Renders templates; knows the assets and how a request picks its language."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self.env = Environment(
            loader=FileSystemLoader(TEMPLATES),
            autoescape=select_autoescape(["html", "svg"]),
            undefined=StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.env.globals.update(
            asset=assets.url, modules=assets.modules, LANGS=LANGS, LANG_NAMES=LANG_NAMES,
            LANG_SHORT=LANG_SHORT, token_word=token_word, CALCULATORS=calculators(),
            GAME_WORDS=names(), switch_words=switch_words, preset_words=preset_words,
        )  # fmt: skip

    def lang(
        self,
        request: Request,
        game: str,
        form_lang: str | None = None,
        form_digits: str | None = None,
    ) -> Lang:
        """`?lang=` (or the form's), then the cookie for this game, then the game's default;
        the digits likewise: the form's (the page's own, which its live result is asked in),
        then `?digits=`, then the cookie, then Western (issue 32: a page opened with
        `?digits=latn` under a `digits=arab` cookie had its live result in the cookie's)."""
        default = default_lang(game)
        query = form_lang or request.query_params.get("lang")
        asked = form_digits if form_digits in DIGITS else request.query_params.get("digits")
        digits = pick(asked, request.cookies.get("digits"), "latn", DIGITS)
        return Lang(pick(query, request.cookies.get(f"lang_{game}"), default), digits)

    @staticmethod
    def absolute(request: Request, path: str) -> str:
        """`path` as a whole address, for links handed to other phones: on the configured
        public URL when there is one, never on an unchecked Host."""
        return public_base(request) + path

    def html(self, template: str, lang: Lang, **context: Any) -> str:
        return self.env.get_template(template).render(lang=lang, _=lang.gettext, **context)

    def page(
        self, template: str, lang: Lang, game: str, status_code: int = 200, **context: Any
    ) -> HTMLResponse:
        """A whole page; remembers the language it was shown in, per game."""
        response = HTMLResponse(self.html(template, lang, **context), status_code)
        response.set_cookie(f"lang_{game}", lang.code, max_age=YEAR, samesite="lax")
        return response

    def fragment(self, template: str, lang: Lang, **context: Any) -> HTMLResponse:
        return HTMLResponse(self.html(template, lang, **context))


def renderer_of(request: Request) -> Renderer:
    """The app's renderer: the page routes are top-level functions, so `belot.web.routes`
    keeps the one renderer on the app's state."""
    renderer: Renderer = request.app.state.renderer
    return renderer


async def read_form(request: Request) -> dict[str, str]:
    """The posted fields as one str per name (the last one wins, as browsers send one).

    A field whose bytes are no UTF-8 is refused at its name (`invalid-encoding`, 422) before
    anything reads it: the framework would have stored it as "\ufffd\ufffd\ufffd"."""
    kind, _, options = request.headers.get("content-type", "").partition(";")
    kind = kind.strip().lower()
    if kind == "application/x-www-form-urlencoded":
        check_utf8(await request.body())  # the body is kept: `form()` reads the same bytes
    elif kind == "multipart/form-data":
        found = _BOUNDARY.search(options)
        if found is not None:
            check_parts_utf8(await request.body(), found.group(1).strip('"').encode("latin-1"))
    data = await request.form()
    return {k: v for k, v in data.items() if isinstance(v, str)}


def check_utf8(body: bytes) -> None:
    """Every name and value of an urlencoded body is UTF-8 text, or the field is refused."""
    for part in body.split(b"&"):
        name, _, value = part.partition(b"=")
        raw_name = unquote_to_bytes(name.replace(b"+", b" "))
        shown = raw_name.decode("utf-8", "replace")[:100]
        for raw in (raw_name, unquote_to_bytes(value.replace(b"+", b" "))):
            try:
                raw.decode("utf-8")
            except UnicodeDecodeError:
                raise BelotError("invalid-encoding", shown, f"{shown} is not UTF-8 text") from None


def check_parts_utf8(body: bytes, boundary: bytes) -> None:
    """Every text part of a multipart body is UTF-8 (Starlette would read it as Latin-1)."""
    for part in body.split(b"--" + boundary)[1:]:
        head, _, value = part.partition(b"\r\n\r\n")
        named = _PART_NAME.search(head)
        if named is None or b"filename=" in head:
            continue
        shown = named.group(1).decode("utf-8", "replace")[:100]
        for raw in (named.group(1), value.removesuffix(b"\r\n")):
            try:
                raw.decode("utf-8")
            except UnicodeDecodeError:
                raise BelotError("invalid-encoding", shown, f"{shown} is not UTF-8 text") from None


def held_token(request: Request, cookie: str, check: Callable[[str], object]) -> str | None:
    """The edit token this browser holds in `cookie`, if `check` (the store's) accepts it."""
    token = request.cookies.get(cookie)
    if not token:
        return None
    try:
        check(token)
    except BelotError:
        return None
    return token
