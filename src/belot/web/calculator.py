"""The calculators, one per game of the registry at its path (`/` Belot, `/baloot`,
`/french-belote`, `/coinche`): their no-JS posts and htmx result fragments."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from belot.core.games import GAMES as REGISTRY
from belot.web.form import DealForm
from belot.web.games import words
from belot.web.render import Renderer, read_form
from belot.web.result import calculate
from belot.web.spec import SPECS
from belot.words.results import team_names

GAMES = {info.name: info.path for info in REGISTRY.values()}


def router(r: Renderer) -> APIRouter:
    api = APIRouter(include_in_schema=False)

    def page(request: Request, game: str, state: DealForm, form: dict[str, str]) -> HTMLResponse:
        lang = r.lang(request, game, form.get("lang"), form.get("digits"))
        names = team_names(lang, game)
        return r.page(
            "calculator.html", lang, game, spec=SPECS[game], state=state, names=names,
            view=calculate(lang, state, names), match=None, action=GAMES[game],
            preview=f"/_result/{game}", page=game, title=words(game).title,
            rules_on=state.switches,
            played=[state.picked("rules"), *state.switches],  # the preset and house rules on
        )  # fmt: skip

    async def blank(request: Request, game: str) -> HTMLResponse:
        return page(request, game, DealForm.blank(game), {})

    async def posted(request: Request, game: str) -> HTMLResponse:
        form = await read_form(request)
        state = DealForm.parse(game, form)
        state.apply(form.get("op", ""))
        return page(request, game, state, form)

    async def result(request: Request, game: str) -> HTMLResponse:
        form = await read_form(request)
        lang = r.lang(request, game, form.get("lang"), form.get("digits"))
        names = team_names(lang, game)
        # htmx sends the last clicked button along; app.js has already applied its op.
        view = calculate(lang, DealForm.parse(game, form), names)
        return r.fragment("result_fragment.html", lang, view=view, names=names)

    for game, path in GAMES.items():
        api.add_api_route(path, _bind(blank, game), methods=["GET"], response_class=HTMLResponse)
        api.add_api_route(path, _bind(posted, game), methods=["POST"], response_class=HTMLResponse)
        api.add_api_route(f"/_result/{game}", _bind(result, game), methods=["POST"],
                          response_class=HTMLResponse)  # fmt: skip
    return api


def _bind(
    view: Callable[[Request, str], Awaitable[HTMLResponse]], game: str
) -> Callable[[Request], Awaitable[HTMLResponse]]:
    """`view` as the route of one game's page (FastAPI reads the route's own signature)."""

    async def route(request: Request) -> HTMLResponse:
        return await view(request, game)

    route.__name__ = f"{view.__name__}_{game}"
    return route
