"""The two calculators: `/` (Belot) and `/baloot`, their no-JS posts and htmx result fragments."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from belot.web.evaluate import evaluate
from belot.web.forms import BalootForm, BelotForm, Form
from belot.web.render import Renderer
from belot.web.words import team_names


async def read_form(request: Request) -> dict[str, str]:
    """The posted fields as one str per name (the last one wins, as browsers send one)."""
    data = await request.form()
    return {k: v for k, v in data.items() if isinstance(v, str)}


def belot_state(form: Form) -> BelotForm:
    state = BelotForm.parse(form)
    state.apply(form.get("op", ""))
    return state


def baloot_state(form: Form) -> BalootForm:
    state = BalootForm.parse(form)
    state.apply(form.get("op", ""))
    return state


def router(r: Renderer) -> APIRouter:
    api = APIRouter(include_in_schema=False)

    def belot_page(request: Request, state: BelotForm, form_lang: str | None) -> HTMLResponse:
        lang = r.lang(request, "belot", form_lang)
        names = team_names(lang, "belot")
        view = evaluate(lang, "belot", state.deal, names)
        return r.page(
            "calc_belot.html", lang, "belot", state=state, view=view, names=names, match=None,
            action="/", preview="/_result/belot", page="belot",
        )  # fmt: skip

    def baloot_page(request: Request, state: BalootForm, form_lang: str | None) -> HTMLResponse:
        lang = r.lang(request, "baloot", form_lang)
        names = team_names(lang, "baloot")
        view = evaluate(lang, "baloot", state.deal, names)
        return r.page(
            "calc_baloot.html", lang, "baloot", state=state, view=view, names=names, match=None,
            action="/baloot", preview="/_result/baloot", page="baloot", before=None,
        )  # fmt: skip

    @api.get("/", response_class=HTMLResponse)
    def belot_get(request: Request) -> HTMLResponse:
        return belot_page(request, BelotForm(), None)

    @api.post("/", response_class=HTMLResponse)
    async def belot_post(request: Request) -> HTMLResponse:
        form = await read_form(request)
        return belot_page(request, belot_state(form), form.get("lang"))

    @api.get("/baloot", response_class=HTMLResponse)
    def baloot_get(request: Request) -> HTMLResponse:
        return baloot_page(request, BalootForm(), None)

    @api.post("/baloot", response_class=HTMLResponse)
    async def baloot_post(request: Request) -> HTMLResponse:
        form = await read_form(request)
        return baloot_page(request, baloot_state(form), form.get("lang"))

    @api.post("/_result/belot", response_class=HTMLResponse)
    async def belot_result(request: Request) -> HTMLResponse:
        form = await read_form(request)
        lang = r.lang(request, "belot", form.get("lang"))
        names = team_names(lang, "belot", teams_from(form))
        # htmx sends the last clicked button along; app.js has already applied its op.
        view = evaluate(lang, "belot", BelotForm.parse(form).deal, names)
        return r.fragment("result_fragment.html", lang, view=view, names=names)

    @api.post("/_result/baloot", response_class=HTMLResponse)
    async def baloot_result(request: Request) -> HTMLResponse:
        form = await read_form(request)
        lang = r.lang(request, "baloot", form.get("lang"))
        names = team_names(lang, "baloot", teams_from(form))
        before = before_from(form)
        view = evaluate(lang, "baloot", lambda: BalootForm.parse(form).deal(before), names)
        return r.fragment("result_fragment.html", lang, view=view, names=names)

    return api


def teams_from(form: Form) -> dict[str, str] | None:
    """A match's team names, sent along by its add-deal form so the preview uses them."""
    us, them = form.get("team_us", ""), form.get("team_them", "")
    return {"us": us[:40], "them": them[:40]} if us or them else None


def before_from(form: Form) -> dict[str, int] | None:
    """A match's totals before this round (the Sun-double rule), sent along by its form."""
    us, them = form.get("before_us", ""), form.get("before_them", "")
    if us.isdigit() and them.isdigit():
        return {"us": int(us), "them": int(them)}
    return None
