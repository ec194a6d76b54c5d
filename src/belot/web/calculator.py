"""The two calculators: `/` (Belot) and `/baloot`, their no-JS posts and htmx result fragments."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from belot.core.errors import BelotError
from belot.web.form import DealForm
from belot.web.i18n import Lang
from belot.web.render import Renderer, read_form
from belot.web.result import ResultView, evaluate, refused, team_names
from belot.web.spec import SPECS

GAMES = {"belot": "/", "baloot": "/baloot"}


def calculate(lang: Lang, state: DealForm, names: dict[str, str]) -> ResultView:
    """The calculator's answer: the whole deal as typed, its own hanging points included."""
    try:
        deal = state.deal(calc=True)
    except BelotError as err:
        return refused(lang, state.spec.game.value, err)
    return evaluate(lang, deal, names)


def router(r: Renderer) -> APIRouter:
    api = APIRouter(include_in_schema=False)

    def page(request: Request, game: str, state: DealForm, form_lang: str | None) -> HTMLResponse:
        lang = r.lang(request, game, form_lang)
        names = team_names(lang, game)
        return r.page(
            f"calc_{game}.html", lang, game, spec=SPECS[game], state=state, names=names,
            view=calculate(lang, state, names), match=None, action=GAMES[game],
            preview=f"/_result/{game}", page=game,
        )  # fmt: skip

    async def posted(request: Request, game: str) -> HTMLResponse:
        form = await read_form(request)
        state = DealForm.parse(game, form)
        state.apply(form.get("op", ""))
        return page(request, game, state, form.get("lang"))

    async def result(request: Request, game: str) -> HTMLResponse:
        form = await read_form(request)
        lang = r.lang(request, game, form.get("lang"))
        names = team_names(lang, game)
        # htmx sends the last clicked button along; app.js has already applied its op.
        view = calculate(lang, DealForm.parse(game, form), names)
        return r.fragment("result_fragment.html", lang, view=view, names=names)

    @api.get("/", response_class=HTMLResponse)
    def belot_get(request: Request) -> HTMLResponse:
        return page(request, "belot", DealForm.blank("belot"), None)

    @api.post("/", response_class=HTMLResponse)
    async def belot_post(request: Request) -> HTMLResponse:
        return await posted(request, "belot")

    @api.get("/baloot", response_class=HTMLResponse)
    def baloot_get(request: Request) -> HTMLResponse:
        return page(request, "baloot", DealForm.blank("baloot"), None)

    @api.post("/baloot", response_class=HTMLResponse)
    async def baloot_post(request: Request) -> HTMLResponse:
        return await posted(request, "baloot")

    @api.post("/_result/belot", response_class=HTMLResponse)
    async def belot_result(request: Request) -> HTMLResponse:
        return await result(request, "belot")

    @api.post("/_result/baloot", response_class=HTMLResponse)
    async def baloot_result(request: Request) -> HTMLResponse:
        return await result(request, "baloot")

    return api
