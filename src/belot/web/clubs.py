"""Club pages (issue 11): start a club, its page (players, leaderboard, matches, a new match
with four players on the seats) and a player's page. The club's edit token lives in a cookie
for that club's pages only, like a match's."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from belot.core.errors import BelotError
from belot.core.games import GAME_NAMES, find_game
from belot.core.seats import SEATS
from belot.store.clubs import ClubStore
from belot.web.chart import MAX_SERIES, wins_chart
from belot.web.club_pages import (
    RANGES,
    Span,
    in_club_order,
    leaderboard,
    pairs,
    player_matches,
    span,
)
from belot.web.errors import error_page
from belot.web.games import named
from belot.web.matches import YEAR, with_token
from belot.web.render import held_token, read_form, renderer_of
from belot.words.i18n import N_, Lang
from belot.words.results import error_text

GAME = GAME_NAMES[0]  # the club pages speak the first game's language unless told otherwise
NO_CLUB = N_("No such club")
NO_PLAYER = N_("No such player in this club")


def clubs_of(request: Request) -> ClubStore:
    clubs: ClubStore = request.app.state.clubs
    return clubs


def cookie_name(club_id: str) -> str:
    return f"club_{club_id}"


router = APIRouter(include_in_schema=False)


def token_of(request: Request, club_id: str) -> str | None:
    """This browser's edit token for the club, when it is the right one."""
    check = clubs_of(request).check_token
    return held_token(request, cookie_name(club_id), lambda given: check(club_id, given))


def no_club(request: Request) -> Response:
    return error_page(renderer_of(request), request, 404, NO_CLUB, GAME)


def club_page(request: Request, club_id: str, failure: BelotError | None = None,
              form_lang: str | None = None) -> Response:  # fmt: skip
    """The club's page: players, leaderboard and pairs over the span chosen, head to head,
    the wins chart; a refusal said at the top (422)."""
    r = renderer_of(request)
    lang = r.lang(request, GAME, form_lang)
    clubs = clubs_of(request)
    try:
        club = clubs.get(club_id)
        chosen = span(dict(request.query_params), datetime.now(UTC).date())
        stats = clubs.stats(club_id, chosen.since, chosen.until)
    except BelotError as err:
        if err.code == "club-not-found":
            return no_club(request)
        chosen = span({}, datetime.now(UTC).date())
        stats = clubs.stats(club_id, chosen.since, chosen.until)
        failure = failure or err
    names = {p["id"]: p["name"] for p in club["players"]}
    board = leaderboard(stats)
    return r.page(
        "club.html", lang, GAME, 422 if failure else 200, page="club", club=club,
        editor=token_of(request, club_id) is not None, span=chosen, ranges=RANGES,
        board=board, pairs=pairs(stats, names), seats=SEATS,
        chart=club_chart(request, lang, club_id, names, board, chosen),
        failure=error_text(lang, failure, GAME) if failure else None,
        share_url=r.absolute(request, f"/c/{club_id}"),
        duel=_head_to_head(clubs, club_id, dict(request.query_params), names),
        ratings=ratings_of(request, club_id),
        picked={k: request.query_params.get(k, "") for k in ("a1", "a2", "b1", "b2")},
    )  # fmt: skip


def club_chart(request: Request, lang: Lang, club_id: str, names: dict[str, str],
               board: list[dict[str, Any]], chosen: Span) -> str | None:  # fmt: skip
    """The wins over time of the leaderboard's first players (None while nobody played)."""
    top = [p["id"] for p in board if p["matches"]][:MAX_SERIES]
    if not top:
        return None
    lines = clubs_of(request).wins_over_time(club_id, top, chosen.since, chosen.until)
    return wins_chart(
        [(names[p], lines[p]) for p in top], lang.gettext("Wins over time"), lang.num,
        x_label=lang.gettext("Matches"), y_label=lang.gettext("Wins"),
    )  # fmt: skip


@router.get("/clubs/new", response_class=HTMLResponse)
def new_club(request: Request) -> Response:
    r = renderer_of(request)
    lang = r.lang(request, GAME)
    return r.page("club_new.html", lang, GAME, page="new-club", failure=None)


@router.post("/clubs")
async def create_club(request: Request) -> Response:
    form = await read_form(request)
    try:
        club, club_token = clubs_of(request).create(form.get("name", ""))
    except BelotError as err:
        r = renderer_of(request)
        lang = r.lang(request, GAME, form.get("lang"))
        return r.page("club_new.html", lang, GAME, 422, page="new-club",
                      failure=error_text(lang, err, GAME))  # fmt: skip
    club_id = str(club["id"])
    response = RedirectResponse(f"/c/{club_id}", status_code=303)
    response.set_cookie(cookie_name(club_id), club_token, max_age=YEAR, path=f"/c/{club_id}",
                        httponly=True, samesite="lax",
                        secure=request.url.scheme == "https")  # fmt: skip
    return response


@router.get("/c/{club_id}", response_class=HTMLResponse)
def show_club(request: Request, club_id: str) -> Response:
    return club_page(request, club_id)


@router.post("/c/{club_id}/players")
async def add_player(request: Request, club_id: str) -> Response:
    form = await read_form(request)
    try:
        clubs_of(request).add_player(club_id, token_of(request, club_id), form.get("name", ""))
    except BelotError as err:
        if err.code == "club-not-found":
            return no_club(request)
        return club_page(request, club_id, err, form.get("lang"))
    return RedirectResponse(f"/c/{club_id}#players", status_code=303)


@router.post("/c/{club_id}/matches")
async def start_match(request: Request, club_id: str) -> Response:
    form = await read_form(request)
    game = named(form.get("game"))
    seats = [form.get(f"seat{n}", "") for n in SEATS]
    dealer = form.get("first_dealer", "1")
    first = int(dealer) if dealer in ("1", "2", "3", "4") else dealer
    try:
        if "game" in form:  # an unknown game is refused, never made a Belot match
            find_game(form["game"])
        match, match_token = clubs_of(request).create_match(
            club_id, token_of(request, club_id), game, None, None, seats, first
        )
    except BelotError as err:
        if err.code == "club-not-found":
            return no_club(request)
        return club_page(request, club_id, err, form.get("lang"))
    return with_token(request, match.id, match_token, game, form.get("lang"))


@router.get("/c/{club_id}/p/{player_id}", response_class=HTMLResponse)
def show_player(request: Request, club_id: str, player_id: str) -> Response:
    r = renderer_of(request)
    try:
        club = clubs_of(request).get(club_id)
    except BelotError:
        return no_club(request)
    player = next((p for p in club["players"] if p["id"] == player_id), None)
    if player is None:
        return error_page(r, request, 404, NO_PLAYER, GAME, back=f"/c/{club_id}")
    return r.page("player.html", r.lang(request, GAME), GAME, page="player", club=club,
                  player=player, **player_numbers(request, club_id, club, player_id),
                  rating=ratings_of(request, club_id).get(player_id))  # fmt: skip


def player_numbers(
    request: Request, club_id: str, club: dict[str, Any], player_id: str
) -> dict[str, Any]:
    """A player's page's numbers: the player's line of the leaderboard, matches, partners
    and the last five results."""
    clubs = clubs_of(request)
    stats = clubs.stats(club_id)
    matches = player_matches(club, clubs.seats(club_id), player_id)
    names = {q["id"]: q["name"] for q in club["players"]}
    return {
        "stats": next(p for p in leaderboard(stats) if p["id"] == player_id),
        "matches": matches,
        "partners": pairs(stats, names, player=player_id, limit=None),
        "form": [m["result"] for m in matches if m["result"] != "playing"][:5],
    }


def ratings_of(request: Request, club_id: str) -> dict[str, float]:
    """Each rated player's rating (issue 20: openskill over the club's finished matches)."""
    found = request.app.state.tournaments.ratings(club_id)
    return {p["id"]: p["rating"] for p in found["players"]}


def _head_to_head(
    clubs: ClubStore, club_id: str, query: dict[str, str], names: dict[str, str]
) -> dict[str, object] | None:
    """Two pairs chosen on the page (`a1`, `a2`, `b1`, `b2`) against each other, if chosen."""
    picked = [query.get(k, "") for k in ("a1", "a2", "b1", "b2")]
    if not all(picked):
        return None
    try:
        duel = clubs.head_to_head(club_id, ",".join(picked[:2]), ",".join(picked[2:]))
    except BelotError:
        return None
    pairs = [{**p, "names": [names.get(i, "?") for i in in_club_order(p["players"], names)]}
             for p in duel["pairs"]]  # fmt: skip
    return {"matches": duel["matches"], "pairs": pairs}
