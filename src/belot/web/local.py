"""A match started offline: the page its phone shows until the server has the match.

Offline, the new-match form keeps the match on the device (`static/newmatch.js`) and opens
`/m/local-{key}?rules=…&lang=…`; the service worker answers that address with this shell,
precached for every preset in every language: an editor's match page for an empty match
whose team names are placeholders the page fills in from what was typed (`LOCAL_NAMES`).
When the network is back, `static/pending.js` sends the match first (`POST /matches`, as the
form would have), then its deals to the match the server made, and opens that one.
"""

from __future__ import annotations

from datetime import UTC, datetime

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from belot.core.match import Match
from belot.core.presets import PRESETS
from belot.store.view import MatchView
from belot.web.errors import error_page
from belot.web.match_page import form_context, sheet_context
from belot.web.render import Renderer
from belot.words.results import team_names

LOCAL_ID = "local"  # the shell's own id: its forms are never posted, pending.js sends them
LOCAL_NAMES = {"us": "@@us@@", "them": "@@them@@"}
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
SHELL = "/matches/offline/"  # + a preset's name: where its shell is (the service worker's too)


def shell_paths() -> list[str]:
    """Every shell's address, for the service worker to precache (with `?lang=`)."""
    return [SHELL + rules for rules in PRESETS]


def router(r: Renderer) -> APIRouter:
    api = APIRouter(include_in_schema=False)

    @api.get(SHELL + "{rules}", response_class=HTMLResponse)
    def local_shell(request: Request, rules: str) -> Response:
        preset = PRESETS.get(rules)
        if preset is None:
            return error_page(r, request, 404)
        game = preset.game.value
        lang = r.lang(request, game)
        sheet = Match(game=game, rules=rules, deals=()).replay()
        match = MatchView(LOCAL_ID, game, rules, dict(LOCAL_NAMES), 0, EPOCH, EPOCH, sheet)
        ctx = sheet_context(lang, match, token=LOCAL_ID, share_url="", qr="")
        ctx.update(form_context(lang, match, None, None, None, ctx["names"]))
        ctx.update(redo=False, confirm_delete=False, local=team_names(lang, game))
        return r.page("match.html", lang, game, **ctx)

    return api
