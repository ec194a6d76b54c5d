"""Match pages: start one, the score sheet (read-only for viewers), add / edit / delete / undo.

The edit token lives in a cookie for that match only (`/m/{id}?token=...` sets it and drops it
from the address bar); without it the sheet is read-only and polls for changes.
"""

from __future__ import annotations

import re
import secrets
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from belot.core.errors import BelotError
from belot.web.calculator import read_form
from belot.web.evaluate import SLOTS, ErrorView, ResultView, evaluate
from belot.web.forms import BalootForm, BelotForm, Form
from belot.web.i18n import Lang
from belot.web.qr import qr_svg
from belot.web.render import SECURITY_HEADERS, Renderer
from belot.web.sheet import sheet_view
from belot.web.words import error_text, team_names

YEAR = 365 * 24 * 3600


def cookie_name(match_id: str) -> str:
    return f"tok_{match_id}"


def store_of(request: Request) -> Any:
    return request.app.state.store


def _drop(deal: dict[str, Any]) -> dict[str, Any]:
    """A match's deal: CONTRACT §1 without what the match supplies itself."""
    return {k: v for k, v in deal.items() if k not in ("game", "rules", "hanging", "before")}


class MatchPages:
    def __init__(self, r: Renderer) -> None:
        self.r = r

    def token(self, request: Request, match_id: str) -> str | None:
        """The edit token this browser holds for the match, if it is the right one."""
        token = request.cookies.get(cookie_name(match_id))
        if not token:
            return None
        try:
            store_of(request).check_token(match_id, token)
        except BelotError:
            return None
        return token

    def not_found(self, request: Request) -> HTMLResponse:
        lang = self.r.lang(request, "belot")
        return self.r.page("not_found.html", lang, "belot", 404, page="none")

    def before(self, match: Any, n: int | None) -> tuple[int, dict[str, int]]:
        """The hanging points and totals carried into deal n (a new deal: after the last)."""
        rows = match.sheet.rows
        upto = len(rows) if n is None else n - 1
        if upto <= 0:
            return 0, {"us": 0, "them": 0}
        prev = rows[upto - 1]
        return prev.hanging or 0, dict(prev.totals)

    def sheet_page(
        self,
        request: Request,
        match: Any,
        *,
        token: str | None,
        state: BelotForm | BalootForm | None = None,
        n: int | None = None,
        failure: BelotError | None = None,
        status: int = 200,
    ) -> HTMLResponse:
        """The sheet, with the deal form for an editor (deal n when editing)."""
        lang = self.r.lang(request, match.game)
        sheet = sheet_view(lang, match)
        names = sheet.names
        url = str(request.url_for("match_page", match_id=match.id))
        ctx: dict[str, Any] = {
            "m": match,
            "sheet": sheet,
            "names": names,
            "editor": token is not None,
            "share_url": url,
            "qr": qr_svg(url),
            "page": "match",
            "n": n,
            "edit_url": f"{url}?token={token}" if token else None,
            "failure": error_text(lang, failure) if failure else None,
        }
        if token is not None and (n is not None or not sheet.finished):
            ctx.update(self.form_context(lang, match, state, n, failure, names))
        return self.r.page("match.html", lang, match.game, status, **ctx)

    def form_context(
        self,
        lang: Lang,
        match: Any,
        state: BelotForm | BalootForm | None,
        n: int | None,
        failure: BelotError | None,
        names: dict[str, str],
    ) -> dict[str, Any]:
        if n is not None and not 1 <= n <= len(match.sheet.rows):
            n = None  # the deal is gone (deleted meanwhile): offer a new one instead
        hanging, totals = self.before(match, n)
        game = match.game
        if state is None:
            if n is not None:
                deal = match.sheet.rows[n - 1].input
                state = (
                    BelotForm.from_deal(deal, match.rules)
                    if game == "belot"
                    else BalootForm.from_deal(deal)
                )
            else:
                state = BelotForm(rules=match.rules) if game == "belot" else BalootForm()
        if isinstance(state, BelotForm):
            state.rules, state.hanging = match.rules, str(hanging)
            view = evaluate(lang, game, state.deal, names)
        else:
            view = evaluate(lang, game, lambda: state.deal(totals), names)
        if failure is not None and failure.field and failure.code != "stale-version":
            view = self.failed_view(lang, game, view, failure)
        base = f"/m/{match.id}"
        info = {
            "version": match.version,
            "key": secrets.token_urlsafe(12),
            "n": n,
            "before": totals if game == "baloot" else None,
            "url": base,
        }
        return {
            "n": n,
            "state": state,
            "view": view,
            "match": info,
            "action": f"{base}/deals/{n}" if n else f"{base}/deals",
            "preview": f"/_result/{game}",
            "form_template": "belot_form.html" if game == "belot" else "baloot_form.html",
        }

    @staticmethod
    def failed_view(lang: Lang, game: str, view: ResultView, err: BelotError) -> ResultView:
        """A deal the store refused, its error shown at its field (`deals.3.cards.us` is the
        form's `cards.us`). The form's own check usually finds it first; then that one stays."""
        if view.error is not None:
            return view
        field = re.sub(r"^deals\.\d+\.", "", err.field or "")
        slot = SLOTS[game].get(field.split(".")[0], "result")
        view.error = ErrorView(err.code, field or None, error_text(lang, err), slot, False)
        view.score = None
        return view


def with_token(request: Request, match_id: str, token: str) -> Response:
    """To the sheet, this browser now holding the edit token (only that match's pages see it)."""
    url = f"/m/{match_id}"
    response = RedirectResponse(url, status_code=303)
    response.set_cookie(
        cookie_name(match_id), token, max_age=YEAR, path=url, httponly=True, samesite="lax",
        secure=request.url.scheme == "https",
    )  # fmt: skip
    return response


def state_of(game: str, form: Form) -> BelotForm | BalootForm:
    state: BelotForm | BalootForm = (
        BelotForm.parse(form) if game == "belot" else BalootForm.parse(form)
    )
    state.apply(form.get("op", ""))
    return state


def deal_of(state: BelotForm | BalootForm) -> dict[str, Any]:
    if isinstance(state, BelotForm):
        return _drop(state.deal(with_hanging=False))
    return _drop(state.deal())


def _version(form: Form) -> int | None:
    v = form.get("version", "")
    return int(v) if v.isdigit() else None


def router(r: Renderer) -> APIRouter:
    api = APIRouter(include_in_schema=False)
    pages = MatchPages(r)

    @api.get("/matches/new", response_class=HTMLResponse)
    def new_match(request: Request) -> HTMLResponse:
        game = "baloot" if request.query_params.get("game") == "baloot" else "belot"
        lang = r.lang(request, game)
        defaults = {g: team_names(lang, g) for g in ("belot", "baloot")}
        return r.page(
            "match_new.html", lang, game, chosen=game, defaults=defaults, page="new", failure=None
        )

    @api.post("/matches")
    async def create_match(request: Request) -> Response:
        form = await read_form(request)
        game = "baloot" if form.get("game") == "baloot" else "belot"
        # Baloot has one preset; a Belot match takes bg unless bg-6up was chosen
        rules = "sa" if game == "baloot" else "bg-6up" if form.get("rules") == "bg-6up" else "bg"
        teams = {t: form.get(f"team_{t}", "").strip()[:60] for t in ("us", "them")}
        teams = {t: v for t, v in teams.items() if v}
        try:
            match, token = store_of(request).create(game, rules, teams)
        except BelotError as err:  # e.g. a team name the store refuses
            lang = r.lang(request, game, form.get("lang"))
            defaults = {g: team_names(lang, g) for g in ("belot", "baloot")}
            return r.page("match_new.html", lang, game, 422, chosen=game, defaults=defaults,
                          page="new", failure=error_text(lang, err))  # fmt: skip
        return with_token(request, match.id, token)

    @api.get("/m/{match_id}", response_class=HTMLResponse, name="match_page")
    def match_page(request: Request, match_id: str) -> Response:
        store = store_of(request)
        try:
            match = store.get(match_id)
        except BelotError:
            return pages.not_found(request)
        given = request.query_params.get("token")
        if given:
            try:
                store.check_token(match_id, given)
            except BelotError:
                return pages.sheet_page(request, match, token=None)
            return with_token(request, match_id, given)
        return pages.sheet_page(request, match, token=pages.token(request, match_id))

    @api.get("/m/{match_id}/sheet", response_class=HTMLResponse)
    def sheet_fragment(request: Request, match_id: str) -> Response:
        """For viewers' polling: 204 while the version they have is current."""
        try:
            match = store_of(request).get(match_id)
        except BelotError:
            return Response(status_code=404)
        if request.query_params.get("v") == str(match.version):
            return Response(status_code=204, headers=SECURITY_HEADERS)
        lang = r.lang(request, match.game)
        sheet = sheet_view(lang, match)
        return r.fragment(
            "sheet.html", lang, m=match, sheet=sheet, names=sheet.names, editor=False, poll=True
        )

    async def change(request: Request, match_id: str, n: int | None) -> Response:
        store = store_of(request)
        try:
            match = store.get(match_id)
        except BelotError:
            return pages.not_found(request)
        token = pages.token(request, match_id)
        form = await read_form(request)
        if token is None:  # a viewer: nothing changes
            return pages.sheet_page(request, match, token=None, status=403)
        op = form.get("op", "")
        state = state_of(match.game, form)
        if op not in ("add", "save", "delete"):  # a tap without JavaScript: show it, keep it
            return pages.sheet_page(request, match, token=token, state=state, n=n)
        try:
            key, version = form.get("key") or None, _version(form)
            if op == "add":
                store.add_deal(
                    match_id, token, deal_of(state), if_match=version, idempotency_key=key
                )
            elif op == "save" and n is not None:
                store.replace_deal(
                    match_id, token, n, deal_of(state), if_match=version, idempotency_key=key
                )
            elif op == "delete" and n is not None:
                store.delete_deal(match_id, token, n, if_match=version, idempotency_key=key)
        except BelotError as err:
            fresh = store.get(match_id)
            keep = None if err.code == "stale-version" else state
            return pages.sheet_page(
                request,
                fresh,
                token=token,
                state=keep,
                n=n,
                failure=err,
                status=409 if err.code in ("stale-version", "match-over") else 422,
            )
        return RedirectResponse(f"/m/{match_id}", status_code=303)

    @api.post("/m/{match_id}/deals")
    async def add_deal(request: Request, match_id: str) -> Response:
        return await change(request, match_id, None)

    @api.get("/m/{match_id}/deals/{n}", response_class=HTMLResponse)
    def edit_deal(request: Request, match_id: str, n: int) -> Response:
        try:
            match = store_of(request).get(match_id)
        except BelotError:
            return pages.not_found(request)
        token = pages.token(request, match_id)
        if token is None or not 1 <= n <= len(match.sheet.rows):
            return RedirectResponse(f"/m/{match_id}", status_code=303)
        return pages.sheet_page(request, match, token=token, n=n)

    @api.post("/m/{match_id}/deals/{n}")
    async def save_deal(request: Request, match_id: str, n: int) -> Response:
        return await change(request, match_id, n)

    @api.post("/m/{match_id}/undo")
    async def undo(request: Request, match_id: str) -> Response:
        store = store_of(request)
        token = pages.token(request, match_id)
        form = await read_form(request)
        try:
            match = store.get(match_id)
            if token is not None and match.sheet.rows:
                store.delete_deal(
                    match_id,
                    token,
                    len(match.sheet.rows),
                    if_match=_version(form),
                    idempotency_key=form.get("key") or None,
                )
        except BelotError:
            pass  # already undone, or changed meanwhile: the sheet shows how it stands
        return RedirectResponse(f"/m/{match_id}", status_code=303)

    return api
