"""Tournament pages (issue 20): a club's tournaments and ratings, a new tournament, the
tournament's page `/t/{id}` (standings, rounds, tables, live) and its big standings view.

The club's edit token (its cookie, path `/c/{club}`) is handed to `/t/{id}` (a cookie of that
path) when the editor comes from the club's pages; each match of the round being played gets
its table's own token (path `/m/{match}`; `TournamentStore.table_tokens`), never the club's:
the editor draws rounds and plays every table from this browser, and the page shows the editor
each table's own edit link to hand to its players; viewers only follow."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from belot.core.errors import BelotError
from belot.store.clubs import ClubStore
from belot.store.tournaments import TournamentStore
from belot.web.clubs import GAME, cookie_name, no_club
from belot.web.errors import error_page
from belot.web.games import names as game_names
from belot.web.matches import cookie_name as match_cookie
from belot.web.qr import qr_svg
from belot.web.render import held_token, read_form, renderer_of
from belot.web.tournament_pages import (
    FORMAT_WORDS,
    MAX_ROWS,
    NO_TOURNAMENT,
    can_draw,
    open_matches,
    posted_body,
    presets_of,
    said,
    tables,
)

DAY = 24 * 3600
TABLE_COOKIE_AGE = 2 * DAY  # an evening's matches, not a year's


def _stores(request: Request) -> tuple[ClubStore, TournamentStore]:
    return request.app.state.clubs, request.app.state.tournaments


def tournament_cookie(tournament_id: str) -> str:
    return f"tournament_{tournament_id}"


router = APIRouter(include_in_schema=False)


def club_token(request: Request, club_id: str) -> str | None:
    check = _stores(request)[0].check_token
    return held_token(request, cookie_name(club_id), lambda given: check(club_id, given))


def editor_token(request: Request, tournament_id: str) -> str | None:
    check = _stores(request)[1].check_token
    return held_token(request, tournament_cookie(tournament_id),
                      lambda given: check(tournament_id, given))  # fmt: skip


def no_tournament(request: Request) -> Response:
    return error_page(renderer_of(request), request, 404, NO_TOURNAMENT, GAME)


def keep(request: Request, response: Response, name: str, value: str, path: str,
         age: int) -> None:  # fmt: skip
    response.set_cookie(name, value, max_age=age, path=path, httponly=True, samesite="lax",
                        secure=request.url.scheme == "https")  # fmt: skip


def hand_over(request: Request, response: Response, t: dict[str, Any], token: str) -> None:
    """This browser may draw at `/t/{id}` and play the round's open tables."""
    keep(request, response, tournament_cookie(t["id"]), token, f"/t/{t['id']}", 365 * DAY)
    play_tables(request, response, t, token)


def play_tables(request: Request, response: Response, t: dict[str, Any], token: str) -> None:
    """Each open table's own token to its match's pages (never the club's: a table's
    edit link changes that table only)."""
    opened = open_matches(t)
    if not opened:
        return
    own = _stores(request)[1].table_tokens(t["id"], token)
    for match in opened:
        if match in own:
            keep(request, response, match_cookie(match), own[match], f"/m/{match}",
                 TABLE_COOKIE_AGE)  # fmt: skip


def with_tables(request: Request, response: Response, found: dict[str, Any]) -> Response:
    """The editor's browser may play the open tables, also of a round drawn elsewhere."""
    token = request.cookies.get(tournament_cookie(found["t"]["id"]))
    if found["editor"] and token:
        play_tables(request, response, found["t"], token)
    return response


# -- a club's tournaments ------------------------------------------------------------------


def club_list(request: Request, club_id: str, failure: BelotError | None = None,
              form_lang: str | None = None, status: int = 200) -> Response:  # fmt: skip
    r = renderer_of(request)
    lang = r.lang(request, GAME, form_lang)
    clubs, tournaments = _stores(request)
    try:
        club = clubs.get(club_id)
    except BelotError:
        return no_club(request)
    return r.page(
        "tournaments.html", lang, GAME, status, page="club", club=club,
        tournaments=tournaments.of_club(club_id), ratings=tournaments.ratings(club_id),
        editor=club_token(request, club_id) is not None, formats=FORMAT_WORDS,
        presets={g: presets_of(g) for g in game_names()}, rows=_rows(club),
        failure=said(lang, failure) if failure else None,
        failed_field=failure.field if failure else None,
    )  # fmt: skip


@router.get("/c/{club_id}/tournaments", response_class=HTMLResponse)
def club_tournaments(request: Request, club_id: str) -> Response:
    return club_list(request, club_id)


@router.get("/c/{club_id}/tournaments/new", response_class=HTMLResponse)
def new_tournament(request: Request, club_id: str) -> Response:
    return RedirectResponse(f"/c/{club_id}/tournaments#new-tournament", status_code=303)


@router.post("/c/{club_id}/tournaments")
async def create(request: Request, club_id: str) -> Response:
    form = await read_form(request)
    token = club_token(request, club_id)
    try:
        made = _stores(request)[1].create(club_id, token, posted_body(form), club_order=True)
    except BelotError as err:
        if err.code == "club-not-found":
            return no_club(request)
        status = 403 if err.code.startswith("token-") else 422
        return club_list(request, club_id, err, form.get("lang"), status)
    response = RedirectResponse(f"/t/{made['id']}", status_code=303)
    if token is not None:
        hand_over(request, response, made, token)
    return response


@router.get("/c/{club_id}/t/{tournament_id}")
def as_editor(request: Request, club_id: str, tournament_id: str) -> Response:
    """From the club's pages to the tournament's, this browser's club token with it."""
    response = RedirectResponse(f"/t/{tournament_id}", status_code=303)
    token = club_token(request, club_id)
    try:
        t = _stores(request)[1].get(tournament_id)
    except BelotError:
        return no_tournament(request)
    if token is not None and t["club"] == club_id:
        hand_over(request, response, t, token)
    return response


# -- a tournament's page -------------------------------------------------------------------


def context(request: Request, tournament_id: str) -> dict[str, Any] | None:
    """What the tournament's page, its live part and its big view show; None when there is
    no such tournament."""
    try:
        found, points, version = _stores(request)[1].page(tournament_id)
    except BelotError:
        return None
    t: dict[str, Any] = found
    share = renderer_of(request).absolute(request, f"/t/{tournament_id}")
    token = editor_token(request, tournament_id)
    return {
        "t": t, "names": {p["id"]: p["name"] for p in t["pairs"]},
        "rounds": tables(t, points), "version": version, "editor": token is not None,
        "can_draw": can_draw(t), "links": table_links(request, tournament_id, token),
        "formats": FORMAT_WORDS, "share_url": share, "page": "tournament",
        "failure": None, "big": False,
    }  # fmt: skip


def table_links(request: Request, tournament_id: str, token: str | None) -> dict[str, str]:
    """The organiser's page shows each table's own edit link, to hand to its players."""
    own = {} if token is None else _stores(request)[1].table_tokens(tournament_id, token)
    return {m: renderer_of(request).absolute(request, f"/m/{m}#token={own[m]}") for m in own}


def tournament_page(request: Request, tournament_id: str, failure: BelotError | None = None,
                    form_lang: str | None = None, status: int = 200) -> Response:  # fmt: skip
    found = context(request, tournament_id)
    if found is None:
        return no_tournament(request)
    game = found["t"]["game"]
    r = renderer_of(request)
    lang = r.lang(request, game, form_lang)
    found["failure"] = said(lang, failure, game) if failure else None
    response = r.page("tournament.html", lang, game, status, qr=qr_svg(found["share_url"]),
                      **found)  # fmt: skip
    return with_tables(request, response, found)


@router.get("/t/{tournament_id}", response_class=HTMLResponse)
def show(request: Request, tournament_id: str) -> Response:
    return tournament_page(request, tournament_id)


@router.get("/t/{tournament_id}/live", response_class=HTMLResponse)
def live(request: Request, tournament_id: str) -> Response:
    """The live part alone, for the page's htmx (204 while version `v` is current)."""
    found = context(request, tournament_id)
    if found is None:
        return no_tournament(request)
    if request.query_params.get("v") == str(found["version"]):
        return Response(status_code=204)
    r = renderer_of(request)
    lang = r.lang(request, found["t"]["game"])
    found["big"] = request.query_params.get("big") == "1"
    response = r.fragment("tournament_live.html", lang, **found)
    return with_tables(request, response, found)


@router.get("/t/{tournament_id}/big", response_class=HTMLResponse)
def big(request: Request, tournament_id: str) -> Response:
    found = context(request, tournament_id)
    if found is None:
        return no_tournament(request)
    r = renderer_of(request)
    lang = r.lang(request, found["t"]["game"])
    found["big"], found["page"] = True, "tournament-big"
    return r.page("tournament_big.html", lang, found["t"]["game"], **found)


@router.post("/t/{tournament_id}/rounds")
async def draw(request: Request, tournament_id: str) -> Response:
    form = await read_form(request)
    token = editor_token(request, tournament_id)
    try:
        t: dict[str, Any] = _stores(request)[1].draw_round(tournament_id, token)
    except BelotError as err:
        if err.code == "tournament-not-found":
            return no_tournament(request)
        status = {"token-missing": 403, "token-wrong": 403}.get(err.code, 409)
        return tournament_page(request, tournament_id, err, form.get("lang"), status)
    response = RedirectResponse(f"/t/{tournament_id}#round-{len(t['rounds'])}", 303)
    if token is not None:
        hand_over(request, response, t, token)
    return response


def _rows(club: dict[str, Any]) -> int:
    """How many pair rows the form offers: every player once, at most 64 pairs."""
    return max(2, min(MAX_ROWS, len(club["players"]) // 2))
