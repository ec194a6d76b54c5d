"""Match pages' routes: start one, the table screen (read-only for viewers), add (in place
with htmx) / pass / edit / delete / undo / redo, the deal form's preview, the next game at the
same table and the big digits. What the pages show is built in `match_page.py`.

The edit token lives in a cookie for that match only. The edit link carries it in the
address's fragment, which no server or proxy ever sees or logs; the page hands it over with
a POST (`/m/{id}/claim`). An old `?token=` link still works and is sent on at once.

Each route is a small top-level function on `router`; what they share (the match, the token
this browser holds for it, a post's fields, the sheet's page) are small helpers beside them.
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Callable
from contextlib import suppress
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from belot.core.errors import BelotError
from belot.core.games import GAMES, find_game
from belot.core.presets import preset_for, rules_json
from belot.core.seats import PASSED
from belot.nulls import without_refused_nulls
from belot.store import MatchStore, MatchView
from belot.store.inputs import MAX_TEAM_NAME
from belot.store.tournament_inputs import fit_team_name
from belot.web.errors import NO_DEAL, NO_MATCH, error_page
from belot.web.form import DealForm, Posted, read_number
from belot.web.games import calculators, named
from belot.web.match_page import deal_at, form_context, match_form, preview, sheet_context
from belot.web.qr import qr_svg
from belot.web.render import held_token, read_form, renderer_of
from belot.web.sheet import sheet_view
from belot.words.i18n import LANGS, Lang
from belot.words.results import error_text, pair_name, team_names

YEAR = 365 * 24 * 3600
CHANGES = ("add", "passed", "save", "delete")
PASSED_DEAL: dict[str, object] = {PASSED: True}  # everyone passed: no points, the next seat deals
REDO_SECONDS = 600
REDO_MAX = 3800  # a cookie holds about 4 KB
STATUS = {"stale-version": 409, "match-over": 409, "round-locked": 409, "deal-not-found": 404}

# The new-match page offers each game's house rules; the chosen game's are read.
SWITCHES_BY_GAME = {info.name: info.switches for info in GAMES.values()}  # registered too


def form_rules(game: str, form: dict[str, str]) -> str | dict[str, object]:
    """The rules a new-match form names, as the API is given them: the preset chosen (none:
    the game's own) and each `rules.<switch>` turned on. Nothing is read as another: an
    unknown preset or another game's is refused at `rules`, an unknown switch or another
    game's at `rules.<name>` (by the core, when the match is made)."""
    preset = preset_for(find_game(game).game, form.get("rules") or None).name
    on = {name.removeprefix("rules."): True for name, value in form.items()
          if name.startswith("rules.") and value}  # fmt: skip
    return {"preset": preset, **on} if on else preset


def cookie_name(match_id: str) -> str:
    return f"tok_{match_id}"


def store_of(request: Request) -> MatchStore:
    store: MatchStore = request.app.state.store
    return store


def _version(form: Posted) -> int | None:
    v = form.get("version", "")
    return int(v) if v.isascii() and v.isdecimal() and len(v) < 12 else None


def _n(text: str | None) -> int | None:
    return int(text) if text and text.isascii() and text.isdecimal() and len(text) < 7 else None


def redo_cookie(match_id: str) -> str:
    return f"redo_{match_id}"


def keep_redo(response: Response, match_id: str, version: int, deal: object) -> None:
    """The deal an undo took off, kept by this browser for a while (its sheet's version
    with it): the sheet offers it back while nothing else has changed."""
    text = json.dumps({"v": version, "deal": deal}, ensure_ascii=False, separators=(",", ":"))
    value = base64.urlsafe_b64encode(text.encode()).decode()
    if len(value) < REDO_MAX:
        response.set_cookie(redo_cookie(match_id), value, max_age=REDO_SECONDS,
                            path=f"/m/{match_id}", httponly=True, samesite="lax")  # fmt: skip


def redo_of(request: Request, match: MatchView) -> dict[str, object] | None:
    """The deal an undo took off this very version of the sheet, if this browser keeps one."""
    value = request.cookies.get(redo_cookie(match.id), "")
    try:
        kept = json.loads(base64.urlsafe_b64decode(value.encode()))
    except (ValueError, binascii.Error, RecursionError):  # the browser's cookie: anything
        return None
    if not isinstance(kept, dict) or kept.get("v") != match.version:
        return None
    deal = kept.get("deal")
    return deal if isinstance(deal, dict) else None


def is_htmx(request: Request) -> bool:
    """Asked by htmx for the part of the page that changes with a deal (`#table`)."""
    return (
        request.headers.get("hx-request") == "true" and request.headers.get("hx-target") == "table"
    )


def to_sheet(match_id: str, game: str | None = None, form_lang: str | None = None,
             anchor: str = "") -> Response:  # fmt: skip
    """Post/redirect/get to the sheet; the language the form was shown in goes with it (the
    page remembers it per game, so the other game's default never takes over)."""
    response = RedirectResponse(f"/m/{match_id}{anchor}", status_code=303)
    if game is not None and form_lang in LANGS:
        response.set_cookie(f"lang_{game}", str(form_lang), max_age=YEAR, samesite="lax")
    return response


def with_token(
    request: Request, match_id: str, token: str, game: str | None = None,
    form_lang: str | None = None,
) -> Response:  # fmt: skip
    """To the sheet, this browser now holding the edit token (only that match's pages see it)."""
    response = to_sheet(match_id, game, form_lang)
    response.set_cookie(
        cookie_name(match_id), token, max_age=YEAR, path=f"/m/{match_id}", httponly=True,
        samesite="lax", secure=request.url.scheme == "https",
    )  # fmt: skip
    return response


router = APIRouter(include_in_schema=False)


def token_of(request: Request, match_id: str) -> str | None:
    """The edit token this browser holds for the match, if it is the right one."""
    check = store_of(request).check_token
    return held_token(request, cookie_name(match_id), lambda token: check(match_id, token))


def match_of(request: Request, match_id: str) -> MatchView | None:
    """The match, or None when there is no such match."""
    try:
        return store_of(request).get(match_id)
    except BelotError:
        return None


async def posted(
    request: Request, match_id: str
) -> tuple[MatchView, dict[str, str], str | None] | None:
    """A post to a match's page: the match, the posted fields and this browser's edit
    token (None for a viewer); None when there is no such match."""
    if (match := match_of(request, match_id)) is None:
        return None
    return match, await read_form(request), token_of(request, match_id)


def not_found(request: Request, heading: str = NO_MATCH, game: str | None = None,
              back: str | None = None) -> HTMLResponse:  # fmt: skip
    return error_page(renderer_of(request), request, 404, heading, game, back=back)


def sheet_page(
    request: Request,
    match: MatchView,
    *,
    token: str | None,
    state: DealForm | None = None,
    n: int | None = None,
    failure: BelotError | None = None,
    status: int = 200,
    form_lang: str | None = None,
    confirm_delete: bool = False,
    big: bool = False,
) -> HTMLResponse:
    """The sheet, with the deal form for an editor (deal n when editing). Asked by htmx
    (the add button), only what changes with a deal: totals, a fresh form, the sheet."""
    r = renderer_of(request)
    lang = r.lang(request, match.game, form_lang)
    ctx = page_context(request, match, lang, token, failure, n)
    ctx["confirm_delete"] = confirm_delete
    if big:
        ctx["page"] = "big"
    if token is not None and (n is not None or not match.sheet.finished):
        ctx.update(form_context(lang, match, state, n, failure, ctx["names"]))
    if is_htmx(request):
        response = r.fragment("table.html", lang, **ctx)
        response.status_code = status
        return response
    response = r.page("match.html", lang, match.game, status, **ctx)
    if request.query_params.get("digits") == lang.digits:  # chosen here: remembered
        response.set_cookie("digits", lang.digits, max_age=YEAR, samesite="lax")
    return response


def page_context(
    request: Request, match: MatchView, lang: Lang, token: str | None,
    failure: BelotError | None, n: int | None,
) -> dict[str, Any]:  # fmt: skip
    """The sheet's own context: its share link, its club, whether to offer the app and a redo."""
    url = renderer_of(request).absolute(request, f"/m/{match.id}")
    ctx = sheet_context(lang, match, token=token, share_url=url, qr=qr_svg(url),
                        failure=failure)  # fmt: skip
    if token is not None and match.club is not None and _is_club_token(request, match, token):
        ctx["edit_url"] = None  # the club's token is never shown as a match's edit link
    # The club's page this device last used (visits.js) is also a club match's club.
    ctx["club_name"] = request.app.state.clubs.name_of(match.club) if match.club else None
    ctx["install"] = request.query_params.get("offline") == "1"  # a viewer keeps the app
    ctx["redo"] = token is not None and n is None and redo_of(request, match) is not None
    return ctx


def _is_club_token(request: Request, match: MatchView, token: str) -> bool:
    """Whether `token` is the match's club's (it edits every match of the club: a browser
    that holds it for a match from before tables had their own must not show it as a link)."""
    try:
        request.app.state.clubs.check_token(match.club, token)
    except BelotError:
        return False
    return True


# -- a new match ---------------------------------------------------------------------------


def new_page(
    request: Request, game: str, form_lang: str | None = None, err: BelotError | None = None,
    typed: Posted | None = None,
) -> Response:  # fmt: skip
    """The new-match form of one game: only its presets, its house rules, its target and
    its number of deals (where its game lets a match choose them); a refusal said at its
    field, what was typed kept."""
    r = renderer_of(request)
    lang = r.lang(request, game, form_lang)
    kept = (typed or {}) if err else {}
    return r.page(
        "match_new.html", lang, game, 422 if err else 200, chosen=game,
        defaults={g.name: team_names(lang, g.name) for g in GAMES.values()},
        page="new", failure=error_text(lang, err, game) if err else None,
        failure_field=err.field if err else None, sections=new_sections(game),
        games=calculators(), typed_target=kept.get("target", ""),
        typed_deal_count=kept.get("deal_count", ""),
    )  # fmt: skip


def new_sections(game: str) -> list[dict[str, object]]:
    """What the new-match form offers for the game: only its own (choosing another game
    opens its page)."""
    return [
        {"game": i.name, "presets": i.presets, "default": i.default_preset.name,
         "switches": SWITCHES_BY_GAME[i.name], "bounds": i.target_bounds,
         "target": i.target if i.target_bounds else None,
         "count_bounds": i.deal_count_bounds, "deal_count": i.deal_count}
        for i in GAMES.values()
        if i.name == game
    ]  # fmt: skip


def posted_teams(lang: Lang, form: Posted, seats: list[str]) -> dict[str, str]:
    """The teams' names as typed. A team left unnamed (the field shows its placeholder) is
    called by its players when the seats are named (issue 19); else the match keeps the
    game's usual name, which every page says in its own language (Us / Ние / لنا)."""
    teams = {t: form.get(f"team_{t}", "").strip() for t in ("us", "them")}
    for t in ("us", "them"):
        if not teams[t] and any(seats) and all(seats):
            pair = pair_name(lang, seats, t)
            teams[t] = pair if len(pair) <= MAX_TEAM_NAME else pair[: MAX_TEAM_NAME - 1] + "…"
    return {t: v for t, v in teams.items() if v}


def create_from(request: Request, form: dict[str, str], game: str) -> tuple[MatchView, str]:
    """The match a new-match form asks for, and its edit token (refused: `BelotError`)."""
    seats = [form.get(f"seat{i}", "").strip() for i in range(1, 5)]
    seated = any(seats)  # four names, or none (the store says which one is missing)
    teams = posted_teams(renderer_of(request).lang(request, game, form.get("lang")), form, seats)
    first = _n(form.get("first_dealer")) if seated else None
    # What was sent, as the API would take it: an unknown game, a preset or a switch
    # of another game is refused at its field, never read as another (issue 32).
    if "game" in form:
        find_game(form["game"])
    rules = form_rules(game, form)
    # a match's own target or number of deals, typed (empty: its game's); the store
    # checks them (each at its field; both: `match-mode`)
    deal_count = read_number(form.get("deal_count", ""), "deal_count")
    target = read_number(form.get("target", ""), "target")
    return store_of(request).create(
        game, rules, teams, seats=seats if seated else None, first_dealer=first,
        token=form.get("token"), creation_key=form.get("key"),  # started offline
        target=target, deal_count=deal_count,
    )  # fmt: skip


@router.get("/matches/new", response_class=HTMLResponse)
def new_match(request: Request) -> Response:
    return new_page(request, named(request.query_params.get("game")))


@router.post("/matches")
async def create_match(request: Request) -> Response:
    form = await read_form(request)
    game = named(form.get("game"))  # the page a refusal is shown on
    try:
        match, token = create_from(request, form, game)
    except BelotError as err:  # e.g. a team name the store refuses
        return new_page(request, game, form.get("lang"), err, form)
    return with_token(request, match.id, token, game, form.get("lang"))


# -- the sheet -----------------------------------------------------------------------------


@router.get("/m/{match_id}", response_class=HTMLResponse, name="match_page")
def match_page(request: Request, match_id: str) -> Response:
    if (match := match_of(request, match_id)) is None:
        return not_found(request)
    given = request.query_params.get("token")
    if given:  # an old edit link: hand the token over, and drop it from the address
        return claimed(request, match_id, given)
    return sheet_page(request, match, token=token_of(request, match_id))


def claimed(request: Request, match_id: str, token: str) -> Response:
    """To the sheet; this browser holding `token` from now on, if it is the match's."""
    try:
        store_of(request).check_token(match_id, token)
    except BelotError:
        return to_sheet(match_id)
    return with_token(request, match_id, token)


@router.post("/m/{match_id}/claim")
async def claim(request: Request, match_id: str) -> Response:
    """The edit link's token, posted by the page from the address's fragment."""
    form = await read_form(request)
    return claimed(request, match_id, form.get("token", "")[:200])


@router.get("/m/{match_id}/sheet", response_class=HTMLResponse)
def sheet_fragment(request: Request, match_id: str) -> Response:
    """For viewers, when their live sheet (SSE) says the match changed, and for the slow
    safety-net poll: 204 while the version they have is current."""
    if (match := match_of(request, match_id)) is None:
        return Response(status_code=404)
    if request.query_params.get("v") == str(match.version):
        return Response(status_code=204)
    token = token_of(request, match_id)
    if token is not None:  # an editor's own sheet is live too: with its deal form
        return sheet_page(request, match, token=token)
    r = renderer_of(request)
    lang = r.lang(request, match.game)
    sheet = sheet_view(lang, match)
    return r.fragment("table.html", lang, m=match, sheet=sheet, names=sheet.names,
                      editor=False, failure=None, n=None, redo=False)  # fmt: skip


@router.post("/m/{match_id}/preview", response_class=HTMLResponse)
async def preview_fragment(request: Request, match_id: str) -> Response:
    """The deal form's result panel, the deal scored at its place in the match."""
    form = await read_form(request)
    if (match := match_of(request, match_id)) is None:
        return not_found(request)
    r = renderer_of(request)
    lang = r.lang(request, match.game, form.get("lang"), form.get("digits"))
    n = _n(request.query_params.get("n"))
    names = sheet_view(lang, match).names
    state = match_form(match, form)
    view = preview(lang, match, state, n if deal_at(match, n) else None, names)
    return r.fragment("result_fragment.html", lang, view=view, names=names)


@router.get("/m/{match_id}/big", response_class=HTMLResponse)
def big_view(request: Request, match_id: str) -> Response:
    """The totals alone in huge digits, to put in the middle of the table (read-only)."""
    if (match := match_of(request, match_id)) is None:
        return not_found(request)
    return sheet_page(request, match, token=None, big=True)


# -- a deal: add, pass, edit, delete -------------------------------------------------------


async def change(request: Request, match_id: str, n: int | None) -> Response:
    """The deal form posted: a new deal (n None) or deal n saved or deleted; a tap that
    changes nothing yet (no JavaScript) shown, a delete asked first."""
    if (found := await posted(request, match_id)) is None:
        return not_found(request)
    match, form, token = found
    form_lang = form.get("lang")
    if token is None:  # a viewer: nothing changes
        return sheet_page(request, match, token=None, status=403, form_lang=form_lang)
    op = form.get("op", "")
    state = match_form(match, form)
    state.apply(op)
    if op not in CHANGES:  # a tap without JavaScript: show it, keep it
        return sheet_page(request, match, token=token, state=state, n=n, form_lang=form_lang)
    if op == "delete" and form.get("confirm") != "yes" and deal_at(match, n) is not None:
        # asked first: the page says what goes, a second tap deletes it
        return sheet_page(request, match, token=token, n=n, form_lang=form_lang,
                          confirm_delete=True)  # fmt: skip
    try:
        return record(request, match, form, token, state, n)
    except BelotError as err:
        # A deal being added stays as typed even when the sheet changed meanwhile (the
        # player checks it against the new sheet and sends it again); an edit of deal n
        # opens again as deal n now stands.
        stale = err.code == "stale-version" and n is not None
        return sheet_page(
            request, store_of(request).get(match_id), token=token,
            state=None if stale else state, n=n, failure=err,
            status=STATUS.get(err.code, 422), form_lang=form_lang,
        )  # fmt: skip


def record(request: Request, match: MatchView, form: Posted, token: str, state: DealForm,
           n: int | None) -> Response:  # fmt: skip
    """The form's change (`op`) made in the store; back to the sheet, or with htmx the new
    totals and sheet and a fresh form at once (no reload)."""
    store, op = store_of(request), form.get("op", "")
    key, version = form.get("key") or None, _version(form)
    # Deleted meanwhile; but a delete sent again with its key (its first answer lost,
    # a phone syncing what it kept offline) is the store's to answer: recorded once.
    if n is not None and deal_at(match, n) is None and not (op == "delete" and key):
        raise BelotError("deal-not-found", None, f"deal {n} is not on the sheet")
    if op in ("add", "passed"):
        deal: dict[str, object] = dict(PASSED_DEAL) if op == "passed" else state.deal()
        added = store.add_deal(match.id, token, deal, if_match=version, idempotency_key=key)
        if is_htmx(request):
            return sheet_page(request, added, token=token, form_lang=form.get("lang"))
    elif n is not None and op == "delete":
        store.delete_deal(match.id, token, n, if_match=version, idempotency_key=key)
    elif n is not None and (original := deal_at(match, n)) is not None:
        # a null stored before nulls were refused is saved as left out (its default)
        edited = without_refused_nulls(state.edited(original), match.game)
        store.replace_deal(match.id, token, n, edited, if_match=version, idempotency_key=key)
    return to_sheet(match.id, match.game, form.get("lang"), "#table")


@router.post("/m/{match_id}/deals")
async def add_deal(request: Request, match_id: str) -> Response:
    return await change(request, match_id, None)


@router.get("/m/{match_id}/deals/{n}", response_class=HTMLResponse)
def edit_deal(request: Request, match_id: str, n: str) -> Response:
    if (match := match_of(request, match_id)) is None:
        return not_found(request)
    number = _n(n)
    if number is None or deal_at(match, number) is None:
        return not_found(request, NO_DEAL, match.game, back=f"/m/{match_id}")
    token = token_of(request, match_id)
    if token is None:
        return to_sheet(match_id)
    return sheet_page(request, match, token=token, n=number)


@router.post("/m/{match_id}/deals/{n}")
async def save_deal(request: Request, match_id: str, n: str) -> Response:
    number = _n(n)
    if number is None:
        return not_found(request, NO_DEAL, back=f"/m/{match_id}")
    return await change(request, match_id, number)


# -- undo, redo ----------------------------------------------------------------------------

Step = Callable[[Request, MatchView, dict[str, str], str, Response], None]


async def one_step(request: Request, match_id: str, step: Step) -> Response:
    """Undo or redo: one step on the editor's sheet, then back to it. A step refused
    (already taken, or the sheet changed meanwhile) leaves the sheet as it stands."""
    if (found := await posted(request, match_id)) is None:
        return not_found(request)
    match, form, token = found
    response = to_sheet(match_id, match.game, form.get("lang"), "#table")
    if token is not None:
        with suppress(BelotError):
            step(request, match, form, token, response)
    return response


def take_off(
    request: Request, match: MatchView, form: dict[str, str], token: str, out: Response
) -> None:
    if match.sheet.rows:
        after = store_of(request).delete_deal(
            match.id, token, len(match.sheet.rows),
            if_match=_version(form), idempotency_key=form.get("key") or None,
        )  # fmt: skip
        keep_redo(out, match.id, after.version, match.sheet.rows[-1].input)


def put_back(
    request: Request, match: MatchView, form: dict[str, str], token: str, out: Response
) -> None:
    out.delete_cookie(redo_cookie(match.id), path=f"/m/{match.id}")
    if (deal := redo_of(request, match)) is not None:
        deal = without_refused_nulls(deal, match.game)  # as stored before, perhaps
        store_of(request).add_deal(match.id, token, deal, if_match=match.version,
                                   idempotency_key=form.get("key") or None)  # fmt: skip


@router.post("/m/{match_id}/undo")
async def undo(request: Request, match_id: str) -> Response:
    return await one_step(request, match_id, take_off)


@router.post("/m/{match_id}/redo")
async def redo(request: Request, match_id: str) -> Response:
    """Undo of an undo: the deal the last undo took off goes back on, if nothing changed."""
    return await one_step(request, match_id, put_back)


# -- the next game -------------------------------------------------------------------------


def next_game(request: Request, match: MatchView) -> tuple[MatchView, str]:
    """A new match with the match's game, rules, teams and seats, and its edit token; the
    seat that would deal next deals first (refused: `BelotError`)."""
    seats = [seat.name for seat in match.seats] if match.seats else None
    club_seats = match.seats if match.club is not None else None  # a club's stay its own
    # A name kept from before derived names were shortened (over 60) is cut to fit.
    teams = {t: fit_team_name(name) for t, name in match.teams.items()}
    # a match keeps its own target or number of deals (a klaverjas boom) for the next one
    count = match.sheet.deal_count
    own = count is None and find_game(match.game).target_bounds is not None
    # The match's rules as the contract gives them: a preset's name, or house rules as
    # their object (`match.rules` is the key they are kept by, a JSON text for house
    # rules, which `create` would read as a preset's name: issue 32).
    return store_of(request).create(
        match.game, rules_json(match.rules), teams, seats=seats, first_dealer=match.dealer,
        club_id=match.club, club_seats=club_seats, after=match.id,
        target=match.sheet.target if own else None, deal_count=count,
    )  # fmt: skip


@router.post("/m/{match_id}/rematch")
async def rematch(request: Request, match_id: str) -> Response:
    """Next game, same table."""
    if (found := await posted(request, match_id)) is None:
        return not_found(request)
    match, form, token = found
    if token is None:
        return to_sheet(match_id)
    try:
        new, token = next_game(request, match)
    except BelotError as err:  # said on the sheet, at its field, never a bare 422
        return sheet_page(request, match, token=token, failure=err, status=422,
                          form_lang=form.get("lang"))  # fmt: skip
    return with_token(request, new.id, token, match.game, form.get("lang"))
