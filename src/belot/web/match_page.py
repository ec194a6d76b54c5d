"""What a match's page shows: the sheet, and for the editor the deal form with its preview.

Routes live in `matches.py`; this module only builds what the templates render. The form
carries the play fields only: the match supplies game, rules, hanging points and totals
(`belot.core.match.in_place`), once, when a deal is previewed or saved.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from typing import Any

from belot.core.errors import BelotError
from belot.core.presets import find_preset
from belot.store import MatchView
from belot.web.form import DealForm
from belot.web.preview import match_preview
from belot.web.result import ResultView, error_view
from belot.web.sheet import SheetView, sheet_view
from belot.web.spec import SPECS
from belot.words.i18n import Lang
from belot.words.results import error_text


def deal_at(match: MatchView, n: int | None) -> Mapping[str, Any] | None:
    """Deal n as recorded, or None when there is no such deal (a new one, or gone)."""
    if n is None or not 1 <= n <= len(match.sheet.rows):
        return None
    return match.sheet.rows[n - 1].input


def match_form(match: MatchView, posted: Mapping[str, str]) -> DealForm:
    """The deal form as posted to this match (the seats' fields only when it has seats)."""
    return DealForm.parse(match.game, posted, seated=match.seats is not None)


def preview(
    lang: Lang, match: MatchView, state: DealForm, n: int | None, names: Mapping[str, str]
) -> ResultView:
    """The result of the form's deal at its place in the match."""
    return match_preview(lang, match.game, match.rules, match.sheet, state, n, names)


def refusal_view(lang: Lang, game: str, view: ResultView, err: BelotError) -> ResultView:
    """A change the store refused, shown at its field (`deals.3.cards.us` is the form's
    `cards.us`). The form's own check usually finds it first; then that one stays."""
    if view.error is not None:
        return view
    path = re.sub(r"^deals\.\d+\.", "", err.field or "") or None
    shown = error_view(lang, game, BelotError(err.code, path, err.message, **err.params))
    shown.missing = False
    view.error, view.score = shown, None
    return view


def sheet_context(
    lang: Lang,
    match: MatchView,
    *,
    token: str | None,
    share_url: str,
    qr: Any,
    failure: BelotError | None = None,
) -> dict[str, Any]:
    sheet: SheetView = sheet_view(lang, match)
    return {
        "m": match,
        "sheet": sheet,
        "names": sheet.names,
        "editor": token is not None,
        "share_url": share_url,
        "qr": qr,
        "page": "match",
        "n": None,
        "edit_url": f"{share_url}#token={token}" if token else None,
        "failure": error_text(lang, failure, match.game) if failure else None,
    }


def form_context(
    lang: Lang,
    match: MatchView,
    state: DealForm | None,
    n: int | None,
    failure: BelotError | None,
    names: Mapping[str, str],
) -> dict[str, Any]:
    """The editor's deal form: deal n to edit (or a new deal), its preview, its hidden keys."""
    original = deal_at(match, n)
    if original is None:
        n = None  # the deal is gone (deleted meanwhile): offer a new one instead
    seated = match.seats is not None
    if state is None:
        state = (
            DealForm.from_deal(match.game, original, seated=seated)
            if original is not None
            else DealForm.blank(match.game, seated=seated)
        )
    view = preview(lang, match, state, n, names)
    if failure is not None and failure.field and failure.code != "stale-version":
        view = refusal_view(lang, match.game, view, failure)
    base = f"/m/{match.id}"
    upto = len(match.sheet.rows) if n is None else n - 1
    info = {
        "version": match.version,
        "key": secrets.token_urlsafe(12),
        "n": n,
        "url": base,
        "hanging_in": match.sheet.rows[upto - 1].hanging if upto > 0 else 0,
    }
    return {
        "n": n,
        "spec": SPECS[match.game],
        "rules_on": sorted(find_preset(match.rules).on),  # the choices its house rules bring
        # its preset and house rules: what they do not play is shown as off (Group.plays)
        "played": [find_preset(match.rules).name, *find_preset(match.rules).on],
        "state": state,
        "seat_names": [seat.name for seat in match.seats] if match.seats else [],
        "view": view,
        "match": info,
        "action": f"{base}/deals/{n}" if n else f"{base}/deals",
        "preview": f"{base}/preview?n={n}" if n else f"{base}/preview",
    }
