"""The notes on a sheet's row, in the page's language: how the deal went, its contra or
challenge, hanging points carried into it, who called. Pure (packed for the device, where
`engine.replay` words the rows of a sheet with changes kept offline the same way)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from belot.core.seats import SEATS, is_passed
from belot.web.spec import SPECS, Kind, token_word
from belot.words.i18n import N_, Lang
from belot.words.results import outcome_word

CALLED = N_("called: %(name)s")  # the seat that won the bid, on its deal's row
BY_TEAM = N_("by %(team)s")  # the team that declared, when the table did not say who
TEAMS = ("us", "them")


def _played_mark(lang: Lang, game: str, deal: Mapping[str, Any]) -> str | None:
    """What was played, as the form's first choice shows it (a suit with its symbol, Sun or
    Hokm), with the bid when the game has one: "♥ hearts 110"."""
    spec = SPECS[game]
    first = spec.groups[0].fields[0]
    chosen = first.choice(str(deal.get(first.name)))
    if chosen is None:
        return None
    word = lang.gettext(chosen.label)
    text = f"{chosen.sym} {word}" if chosen.sym else word
    bid = spec.fields.get("bid")
    if bid is not None and deal.get("bid") is not None:
        said = bid.choice(str(deal["bid"]))
        text = f"{text} {lang.gettext(said.label) if said is not None else deal['bid']}"
    return text


def _multiplier_mark(game: str, deal: Mapping[str, Any]) -> str | None:
    """The sheet's word for the deal's contra or challenge (the spec's), None for none."""
    multiplier = deal.get("multiplier")
    f = SPECS[game].fields.get("multiplier")
    choice = f.choice(str(multiplier)) if f is not None else None
    return choice.mark if choice is not None else None


def _noted(lang: Lang, game: str, deal: Mapping[str, Any], names: Mapping[str, str]) -> list[str]:
    """Each team's declarations and belotes, as the row says them (`FormSpec.noted`, issue
    32): "Us: +50, +20 belote"; a declared combination by its name ("tierce K")."""
    spec, out = SPECS[game], []
    for team in TEAMS:
        said = []
        for name in spec.noted:
            f, per_team = spec.fields[name], deal.get(name)
            given = per_team.get(team) if isinstance(per_team, Mapping) else None
            if f.kind is Kind.COUNT and isinstance(given, int) and given > 0:
                points = given * int(f.choices[0].value or 0)
                said.append(f"{_signed(lang, points)} {lang.gettext(f.choices[0].label)}")
            elif f.kind is Kind.TOKENS and isinstance(given, list):
                for item in given:
                    if isinstance(item, Mapping):
                        said.append(
                            f"{lang.gettext(token_word(str(item.get('kind'))))} {item.get('high')}"
                        )
                    else:
                        said.append(_signed(lang, item))
        if said:
            who = f"\u2068{names[team]}\u2069" if lang.dir == "rtl" else names[team]
            out.append(lang.gettext("%(team)s: %(n)s", team=who, n=", ".join(said)))
    return out


def _signed(lang: Lang, value: object) -> str:
    """ "+20" that reads so on a right-to-left page too (isolated left to right: a sheet's
    notes are plain text, no `bdi`; the team's name beside it is isolated too)."""
    text = f"+{value}"
    return f"\u2066{text}\u2069" if lang.dir == "rtl" else text


def row_marks(
    lang: Lang,
    game: str,
    deal: Mapping[str, Any],
    result: Mapping[str, Any],
    carried: int,
    names: Mapping[str, str],
    seats: Sequence[str] | None = None,
    hanging_to: str | None = None,
    challenged: bool | None = None,
) -> list[str]:
    """The row's notes; `carried`, the hanging points the deal before it left. `hanging_to`
    and `challenged` are what the core decided (`belot.core.match.Row`): who took the carried
    points (None: they wait on), and whether the challenge multiplied the round."""
    _ = lang.gettext
    if is_passed(deal):
        return [_("all passed")]
    marks: list[str] = []
    outcome = result.get("outcome", "")
    spec = SPECS[game]
    played = _played_mark(lang, game, deal)  # what was played, first (issue 19)
    bidder = deal.get(spec.bidder.name) if spec.bidder is not None else None
    if played:
        marks.append(played)
    if outcome == "hanging":  # hanging points, a litige: how many now hang
        marks.append(_("%(word)s (%(n)s)", word=outcome_word(lang, outcome), n=result["hanging"]))
    elif outcome != "made":
        marks.append(outcome_word(lang, outcome))
    for f in spec.fields.values():  # a capot (a kaboot is its outcome's word already)
        if not f.all_tricks or not deal.get(f.name) or outcome == f.name:
            continue
        # said once: a capot bid the taker made reads "capot", not "capot · capot" (issue 32)
        bid_made = deal[f.name] == bidder and (played or "").endswith(f" {_(f.name)}")
        if not bid_made:
            marks.append(_(f.name))
    mark = _multiplier_mark(game, deal)
    if mark and (challenged if challenged is not None else True):
        marks.append(_(mark))
    if carried and outcome != "hanging" and hanging_to is not None:
        marks.append(_("+%(n)s hanging to %(team)s", n=carried, team=names[hanging_to]))
    caller = deal.get("caller")
    if seats and caller in SEATS:  # who won the bid, when the table said
        marks.append(_(CALLED, name=seats[caller - 1]))
    elif isinstance(bidder, str) and bidder in names:  # else the team that did
        marks.append(_(BY_TEAM, team=names[bidder]))
    marks += _noted(lang, game, deal, names)  # declarations and belotes (issue 32)
    return [lang.num(mark) for mark in marks]  # in the reader's digits
