"""A deal form's state: posted fields → state → a CONTRACT §1 deal, and a recorded deal back.

The state travels in the form itself (radio buttons, hidden lists and counts), so the page
works the same with JavaScript off: a tap button is a submit button whose `op` the server
applies before rendering the page again, and app.js applies the same op in place.
Everything is read through the game's spec (`spec.py`); nothing here knows a field by name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from belot.core.errors import BelotError
from belot.core.presets import DEFAULT_PRESET
from belot.core.seats import team_of
from belot.web.spec import SPECS, Choice, Field, FormSpec, Kind

Posted = Mapping[str, str]
JSONDeal = dict[str, Any]
TEAMS = ("us", "them")
OTHER = {"us": "them", "them": "us"}
MAX_TAPS = 9  # more taps on one button than any deal can use are ignored
MAX_DIGITS = 9  # a number longer than this is no count of points
MAX_TOKENS_TEXT = 400  # a list of taps longer than this was not made by tapping
ABSENT = object()
FLAG_ON = "on"  # what a checked toggle posts
# Digits a phone may type: ASCII, Arabic-Indic (٠–٩) and Eastern Arabic-Indic (۰–۹).
_DIGITS = str.maketrans("٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹", "01234567890123456789")


def read_number(text: str, path: str) -> int | None:
    """A typed whole number, trimmed; None when empty. Anything else is refused at `path`."""
    typed = text.strip()
    if not typed:
        return None
    digits = typed.translate(_DIGITS)
    sign, rest = digits[:1], digits[1:].strip()
    if sign in ("-", "\u2212") and rest.isascii() and rest.isdecimal() and len(rest) <= MAX_DIGITS:
        raise BelotError("negative-number", path, f"points cannot be negative, got {typed!r}")
    if not (digits.isascii() and digits.isdecimal()) or len(digits) > MAX_DIGITS:
        shown = typed if len(typed) <= 20 else typed[:20] + "…"
        raise BelotError("not-a-number", path, f"type a whole number, got {shown!r}", value=shown)
    return int(digits)


def _token(value: Any) -> str:
    """A declaration or project as the form's list holds it: `20`, `sira`, `tierce:K`."""
    if isinstance(value, Mapping):
        kind, high = value.get("kind"), value.get("high")
        return f"{kind}:{high}" if high is not None else str(kind)
    return str(value)


def _from_token(f: Field, token: str) -> Any:
    choice = f.choice(token)
    if choice is not None:
        return choice.value
    kind, colon, high = token.partition(":")
    if colon:
        return {"kind": kind, "high": high}
    return token  # not a tap of this form: the core says why


@cache
def _ops(spec: FormSpec) -> dict[str, tuple[str, Field, str, str]]:
    """Every tap button's op: (what it does, its field, the team, the value it adds)."""
    ops: dict[str, tuple[str, Field, str, str]] = {}
    for group in spec.groups:
        for team in TEAMS:
            for f in group.team_fields:
                for tap in f.taps(team):
                    ops[tap.testid] = ("add", f, team, tap.key)
            if group.team_fields:
                ops[group.clear_op(team)] = ("clear", group.team_fields[0], team, "")
        for f in group.fields:  # a bid pad's number (`bid-110`) puts it in the field
            ops.update((f"{f.testid}-{n}", ("set", f, "", str(n))) for n in f.pad)
    return ops


@dataclass
class DealForm:
    """What a deal form holds, as typed: chosen keys, typed texts, tapped lists and counts."""

    spec: FormSpec
    seated: bool = False  # a match with seats: the seats' fields too (`caller`)
    picks: dict[str, str | None] = field(default_factory=dict)
    # Posted values a field does not offer, by field: refused at that field, never defaulted.
    refused: dict[str, str] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)  # piles and numbers, as typed
    teams: dict[str, str] = field(default_factory=dict)  # whose pile a PILE's number is
    tokens: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    counts: dict[str, dict[str, str]] = field(default_factory=dict)
    # The calculator's house rules turned on (RULES.md §4), by name, in declared order.
    switches: list[str] = field(default_factory=list)

    @classmethod
    def blank(cls, game: str, *, seated: bool = False) -> DealForm:
        spec = SPECS[game]
        form = cls(spec, seated)
        for f in spec.fields.values():
            if f.kind is Kind.PICK:
                form.picks[f.name] = f.default_key
            elif f.kind is Kind.PILE:
                form.teams[f.name] = f.default_key or "us"
                form.texts[f.name] = ""
            elif f.kind is Kind.NUMBER:
                form.texts[f.name] = ""
            elif f.kind is Kind.BID:
                form.teams[f.name] = f.default_key or ""
                form.texts[f.name] = ""
            elif f.kind is Kind.FLAG:
                form.picks[f.name] = None
            elif f.kind is Kind.TOKENS:
                form.tokens[f.name] = {t: [] for t in TEAMS}
            else:
                form.counts[f.name] = dict.fromkeys(TEAMS, "0")
        return form

    @classmethod
    def parse(cls, game: str, posted: Posted, *, seated: bool = False) -> DealForm:
        """The posted fields; a choice it does not offer is kept in `refused` (an empty one
        counts as not chosen), for `deal` to refuse at its field."""
        form = cls.blank(game, seated=seated)
        for f in form.fields:
            if f.kind is Kind.PICK:
                key = posted.get(f.name)
                if key is not None and f.choice(key) is not None:
                    form.picks[f.name] = key
                elif key:
                    form.refused.setdefault(f.name, key)
            elif f.kind is Kind.PILE:
                team = posted.get(f.team_field)
                if team in TEAMS:
                    form.teams[f.name] = team
                elif team:
                    form.refused.setdefault(f.name, team)
                elif f.opposes and (chosen := posted.get(f.opposes)) in TEAMS:
                    form.teams[f.name] = OTHER[chosen]
                form.texts[f.name] = posted.get(f.name, "")
            elif f.kind is Kind.NUMBER:
                form.texts[f.name] = posted.get(f.name, "")
            elif f.kind is Kind.BID:
                word = posted.get(f.team_field)
                if word is not None and f.choice(word) is not None:
                    form.teams[f.name] = word
                elif word:
                    form.refused.setdefault(f.name, word)
                form.texts[f.name] = posted.get(f.name, "")
            elif f.kind is Kind.FLAG:
                form.picks[f.name] = FLAG_ON if posted.get(f.name) in (FLAG_ON, "true") else None
            elif f.kind is Kind.TOKENS:
                for team in TEAMS:
                    form.tokens[f.name][team] = posted.get(f"{f.name}.{team}", "").split()
            else:
                for team in TEAMS:
                    form.counts[f.name][team] = posted.get(f"{f.name}.{team}", "0")
        form.switches = [s.name for s in form.spec.switches if posted.get(f"rules.{s.name}")]
        form.follow_caller()
        return form

    def follow_caller(self) -> None:
        """Who won the bid is asked once: a player's seat names the bidding team too (a tap
        on a player of the other team switches it, CONTRACT §5.2)."""
        bidder, key = self.spec.bidder, self.picks.get("caller")
        if self.seated and bidder is not None and key is not None and key.isdecimal():
            self.picks[bidder.name] = team_of(int(key)).value

    def extras(self) -> int:
        """How many things the compact panel holds that are not as a fresh form has them."""
        n = 0
        for group in self.spec.groups:
            if not group.extra:
                continue
            for f in group.fields:
                if f.kind is Kind.PICK:
                    n += self.picks.get(f.name) != f.default_key
                elif f.kind is Kind.TOKENS:
                    n += sum(len(self.tokens[f.name][t]) for t in TEAMS)
                elif f.kind is Kind.COUNT:
                    n += sum(self.taps_of(f.name, t, "") for t in TEAMS)
        return n

    def apply(self, op: str) -> None:
        """A tap button's effect: `decl-us-20`, `belot-them`, `project-clear-us`, `bid-110`."""
        action = _ops(self.spec).get(op)
        if action is None:
            return
        what, f, team, key = action
        if what == "set":
            self.texts[f.name], self.teams[f.name] = key, f.default_key or ""
        elif what == "clear":
            group = next(g for g in self.spec.groups if f in g.team_fields)
            for each in group.team_fields:
                if each.kind is Kind.TOKENS:
                    self.tokens[each.name][team] = []
                else:
                    self.counts[each.name][team] = "0"
        elif f.kind is Kind.TOKENS:
            if self.tokens[f.name][team].count(key) < MAX_TAPS:
                self.tokens[f.name][team].append(key)
        else:
            count = self.counts[f.name][team]
            now = int(count) if count.isascii() and count.isdecimal() and len(count) < 3 else 0
            self.counts[f.name][team] = str(min(now + 1, MAX_TAPS))

    @property
    def fields(self) -> list[Field]:
        """The fields this form has: a seat's only on a match with seats."""
        return [f for f in self.spec.fields.values() if self.offers(f)]

    def offers(self, f: Field) -> bool:
        return self.seated or not f.seated

    # -- for the templates ------------------------------------------------------------------

    def shown(self, fields: tuple[Field, ...]) -> list[Field]:
        """Those of a group's `fields` this form has."""
        return [f for f in fields if self.offers(f)]

    def picked(self, name: str) -> str | None:
        return self.picks.get(name)

    def taps_of(self, name: str, team: str, key: str) -> int:
        f = self.spec.fields[name]
        if f.kind is Kind.COUNT:
            count = self.counts[name][team]
            return int(count) if count.isascii() and count.isdecimal() and len(count) < 3 else 0
        return self.tokens[name][team].count(key)

    def list_text(self, name: str, team: str) -> str:
        f = self.spec.fields[name]
        if f.kind is Kind.COUNT:
            return self.counts[name][team]
        return " ".join(self.tokens[name][team])

    def combinations(self, name: str, team: str) -> list[tuple[str, str]]:
        """The declared combinations in a team's list, as (kind, top card)."""
        out = []
        for token in self.tokens[name][team]:
            kind, colon, high = token.partition(":")
            if colon:
                out.append((kind, high))
        return out

    def summary(self, names: Mapping[str, str], gettext: Any, seats: Sequence[str] = ()) -> str:
        """The choices the compact panel keeps in view while it is open (`FormSpec.summary`:
        "♥ hearts · Us · 110"), as their chips say them; static/french.js says the same as
        they change."""
        said = []
        for name in self.spec.summary:
            f = self.spec.fields.get(name)
            if f is None or not self.offers(f):
                continue
            if f.kind is Kind.BID:
                word = f.choice(self.teams[name])
                if word is not None and word.key != f.default_key:
                    said.append(choice_label(word, names, gettext))
                elif self.texts[name].strip():
                    said.append(self.texts[name].strip())
                continue
            chosen = f.choice(self.picks.get(name) or "none")
            if chosen is None or chosen.value is None:
                continue
            if chosen.seat and seats:
                label = seats[chosen.seat - 1]
            else:
                label = choice_label(chosen, names, gettext)
            said.append(f"{chosen.sym} {label}" if chosen.sym else label)
        return " · ".join(said)

    # -- to and from a deal -----------------------------------------------------------------

    def deal(self, *, calc: bool = False) -> JSONDeal:
        """The CONTRACT §1 deal's play fields (with `calc`, the calculator's own ones and the
        game too). A number that is not one is refused with its field."""
        for name, value in self.refused.items():  # nothing is read as another value
            shown = value if len(value) <= 20 else value[:20] + "…"
            raise BelotError(
                "not-a-choice", name, f"{shown!r} is not one of this field's choices", value=shown
            )
        deal: JSONDeal = {"game": self.spec.game.value} if calc else {}
        all_tricks = any(
            self.picks.get(f.name) not in (None, "none")
            for f in self.spec.fields.values()
            if f.all_tricks
        )
        for f in self.fields:
            if f.calc_only and not calc:
                continue
            if f.kind is Kind.PICK:
                key = self.picks.get(f.name)
                choice = None if key is None else f.choice(key)
                if choice is None or (all_tricks and f.follows_all_tricks):
                    continue
                if f.seated and choice.value is None:  # nobody said: no key at all
                    continue
                deal[f.name] = choice.value
            elif f.kind is Kind.PILE:
                if all_tricks and f.follows_all_tricks:  # the piles follow from a capot
                    continue
                team = self.teams[f.name]
                number = read_number(self.texts[f.name], f"{f.name}.{team}")
                if number is not None:
                    deal[f.name] = {team: number}
            elif f.kind is Kind.NUMBER:
                number = read_number(self.texts[f.name], f.name)
                if number is not None:
                    deal[f.name] = number
            elif f.kind is Kind.BID:  # a word chosen stands for the number
                word = f.choice(self.teams[f.name])
                if word is not None and word.key != f.default_key:
                    deal[f.name] = word.value
                elif (number := read_number(self.texts[f.name], f.name)) is not None:
                    deal[f.name] = number
            elif f.kind is Kind.FLAG:
                if self.picks.get(f.name) == FLAG_ON:
                    deal[f.name] = True
            elif f.kind is Kind.TOKENS:
                lists = {}
                for team in TEAMS:
                    tokens = self.tokens[f.name][team]
                    if sum(len(t) + 1 for t in tokens) > MAX_TOKENS_TEXT:
                        raise BelotError(
                            "too-many-taps", f"{f.name}.{team}", "more than any hand can declare"
                        )
                    lists[team] = [_from_token(f, t) for t in tokens]
                deal[f.name] = lists
            else:
                deal[f.name] = {
                    team: read_number(self.counts[f.name][team], f"{f.name}.{team}") or 0
                    for team in TEAMS
                }
        if calc and self.switches:  # house rules over the chosen preset
            preset = deal.get("rules") or DEFAULT_PRESET[self.spec.game]
            deal["rules"] = {"preset": preset, **dict.fromkeys(self.switches, True)}
        return deal

    @classmethod
    def from_deal(cls, game: str, deal: Mapping[str, Any], *, seated: bool = False) -> DealForm:
        """A recorded deal (any form the contract accepts, nulls included) in the form."""
        form = cls.blank(game, seated=seated)
        for f in form.fields:
            value = deal.get(f.name)
            if f.kind is Kind.PICK:
                if value is None and f.choice("none") is None:
                    continue  # not given: the field's default stays
                key = "none" if value is None else str(value)
                if f.choice(key) is not None:
                    form.picks[f.name] = key
            elif f.kind is Kind.PILE and isinstance(value, Mapping) and value:
                team = "us" if "us" in value else "them"
                form.teams[f.name], form.texts[f.name] = team, str(value.get(team, ""))
            elif f.kind is Kind.NUMBER and value is not None:
                form.texts[f.name] = str(value)
            elif f.kind is Kind.BID and value is not None:
                if isinstance(value, int) and not isinstance(value, bool):
                    form.texts[f.name] = str(value)
                elif f.choice(str(value)) is not None:
                    form.teams[f.name] = str(value)
            elif f.kind is Kind.FLAG:
                form.picks[f.name] = FLAG_ON if value is True else None
            elif f.kind in (Kind.TOKENS, Kind.COUNT) and isinstance(value, Mapping):
                for team in TEAMS:
                    given = value.get(team)
                    if f.kind is Kind.COUNT:
                        form.counts[f.name][team] = str(given or 0)
                    elif isinstance(given, list):
                        form.tokens[f.name][team] = [_token(item) for item in given]
        return form

    def posted(self, *, calc: bool = False) -> dict[str, str]:
        """The form's fields as its page posts them (`parse`'s inverse): what a page holds
        for this form, for the device to open a recorded deal in its deal form offline
        (with `calc`, the calculator's own fields too)."""
        out: dict[str, str] = {}
        for f in self.fields:
            if f.calc_only and not calc:
                continue
            if f.kind is Kind.PICK:
                if (key := self.picks.get(f.name)) is not None:
                    out[f.name] = key
            elif f.kind is Kind.PILE:
                out[f.team_field], out[f.name] = self.teams[f.name], self.texts[f.name]
            elif f.kind is Kind.NUMBER:
                out[f.name] = self.texts[f.name]
            elif f.kind is Kind.BID:
                out[f.team_field], out[f.name] = self.teams[f.name], self.texts[f.name]
            elif f.kind is Kind.FLAG:
                if self.picks.get(f.name) == FLAG_ON:
                    out[f.name] = FLAG_ON
            else:
                for team in TEAMS:
                    out[f"{f.name}.{team}"] = self.list_text(f.name, team)
        if calc:
            out.update((f"rules.{name}", "on") for name in self.switches)
        return out

    def edited(self, original: Mapping[str, Any]) -> JSONDeal:
        """The deal to store when `original` was opened in the form and this came back.

        A field the player left as it was keeps its recorded form exactly (a null, both teams'
        piles, a project's spelling); a changed field takes the form's value.
        """
        now = self.deal()
        if original.get("passed") is True:  # a passed deal is being played after all
            return now
        shown = DealForm.from_deal(self.spec.game.value, original, seated=self.seated).deal()
        out = dict(original)
        for name in {*shown, *now}:
            if shown.get(name, ABSENT) == now.get(name, ABSENT):
                continue
            if name in now:
                out[name] = now[name]
            else:
                out.pop(name, None)
        return out


def ops_of(spec: FormSpec) -> frozenset[str]:
    """Every tap op the spec offers (for tests and the templates' checks)."""
    return frozenset(_ops(spec))


def choice_label(choice: Choice, names: Mapping[str, str], gettext: Any) -> str:
    """A chip's words in the page's language, a team's name said where it stands."""
    if choice.team is not None:
        return str(gettext(choice.label, team=names[choice.team]))
    return str(gettext(choice.label))
