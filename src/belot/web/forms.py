"""The calculator forms: posted fields <-> form state <-> a CONTRACT §1 deal.

The state travels in the form itself (radio buttons, hidden counters), so the page works the
same with JavaScript off: a tap button is a submit button whose `op` the server applies
before re-rendering the page, and app.js applies the same op in the browser when it can.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from belot.core.errors import BelotError
from belot.web.i18n import to_ascii_digits

TEAMS = ("us", "them")
DECLARATIONS = (20, 50, 100, 150, 200)
PROJECTS = ("sira", "fifty", "hundred", "four-hundred")
CONTRACTS = ("clubs", "diamonds", "hearts", "spades", "no-trumps", "all-trumps")
BELOT_RULES = ("bg", "bg-6up")
BELOT_MULTIPLIERS = ("1", "2", "4")
BALOOT_MULTIPLIERS = ("1", "2", "3", "4", "gahwa")
MAX_COUNT = 9  # more taps than any deal can use are ignored, not errors
Form = Mapping[str, str]


def _one_of(form: Form, name: str, allowed: tuple[str, ...], default: str | None) -> str | None:
    value = form.get(name)
    return value if value in allowed else default


def _count(form: Form, name: str) -> int:
    raw = form.get(name, "")
    return min(int(raw), MAX_COUNT) if raw.isdigit() else 0


def _number(text: str, field_name: str) -> int | None:
    """A typed number (any digits, spaces ignored); None when empty."""
    cleaned = to_ascii_digits(text).strip().replace(" ", "")
    if not cleaned:
        return None
    if not cleaned.isdigit() or len(cleaned) > 6:
        raise BelotError(
            "not-a-number", field_name, f"type a whole number, got {text!r}", value=text
        )
    return int(cleaned)


def _teamed_counts(form: Form, prefix: str, keys: tuple[Any, ...]) -> dict[str, dict[Any, int]]:
    return {t: {k: _count(form, f"{prefix}_{t}_{k}") for k in keys} for t in TEAMS}


@dataclass
class BelotForm:
    """What the Belot calculator holds, as typed (numbers stay text until scored)."""

    rules: str = "bg"
    contract: str | None = None
    declarer: str = "us"
    multiplier: str = "1"
    cards_team: str = "us"
    cards: str = ""
    last: str | None = None
    capot: str = "none"
    decl: dict[str, dict[int, int]] = field(
        default_factory=lambda: {t: dict.fromkeys(DECLARATIONS, 0) for t in TEAMS}
    )
    belots: dict[str, int] = field(default_factory=lambda: dict.fromkeys(TEAMS, 0))
    hanging: str = ""

    @classmethod
    def parse(cls, form: Form) -> BelotForm:
        return cls(
            rules=_one_of(form, "rules", BELOT_RULES, "bg") or "bg",
            contract=_one_of(form, "contract", CONTRACTS, None),
            declarer=_one_of(form, "declarer", TEAMS, "us") or "us",
            multiplier=_one_of(form, "multiplier", BELOT_MULTIPLIERS, "1") or "1",
            cards_team=_one_of(form, "cards_team", TEAMS, "us") or "us",
            cards=form.get("cards", "")[:12],
            last=_one_of(form, "last", TEAMS, None),
            capot=_one_of(form, "capot", ("none", *TEAMS), "none") or "none",
            decl=_teamed_counts(form, "d", DECLARATIONS),
            belots={t: _count(form, f"b_{t}") for t in TEAMS},
            hanging=form.get("hanging", "")[:12],
        )

    def apply(self, op: str) -> None:
        """A tap button's effect: `decl-us-20`, `decl-clear-them`, `belot-us`."""
        parts = op.split("-")
        if len(parts) == 3 and parts[0] == "decl" and parts[1] in TEAMS:
            value = int(parts[2]) if parts[2].isdigit() else 0
            if value in DECLARATIONS:
                self.decl[parts[1]][value] = min(self.decl[parts[1]][value] + 1, MAX_COUNT)
        elif len(parts) == 3 and parts[:2] == ["decl", "clear"] and parts[2] in TEAMS:
            self.decl[parts[2]] = dict.fromkeys(DECLARATIONS, 0)
            self.belots[parts[2]] = 0
        elif len(parts) == 2 and parts[0] == "belot" and parts[1] in TEAMS:
            self.belots[parts[1]] = min(self.belots[parts[1]] + 1, MAX_COUNT)

    def declared(self, team: str) -> list[int]:
        return [v for v in DECLARATIONS for _ in range(self.decl[team][v])]

    def deal(self, *, with_hanging: bool = True) -> dict[str, Any]:
        """The CONTRACT §1 deal; BelotError (with its field) when a number is unreadable."""
        deal: dict[str, Any] = {"game": "belot", "rules": self.rules}
        if self.contract is not None:
            deal["contract"] = self.contract
        deal["declarer"] = self.declarer
        deal["multiplier"] = int(self.multiplier)
        if self.capot == "none":
            cards = _number(self.cards, f"cards.{self.cards_team}")
            if cards is not None:
                deal["cards"] = {self.cards_team: cards}
            if self.last is not None:
                deal["last_trick"] = self.last
        else:  # with a capot the card points follow from it (CONTRACT §6)
            deal["capot"] = self.capot
        deal["declarations"] = {t: self.declared(t) for t in TEAMS}
        deal["belots"] = dict(self.belots)
        if with_hanging:
            deal["hanging"] = _number(self.hanging, "hanging") or 0
        return deal

    @classmethod
    def from_deal(cls, deal: Mapping[str, Any], rules: str) -> BelotForm:
        """A recorded deal back into the form, to edit it."""
        state = cls(rules=rules)
        state.contract = deal.get("contract")
        state.declarer = deal.get("declarer", "us")
        state.multiplier = str(deal.get("multiplier", 1))
        cards = deal.get("cards") or {}
        if cards:
            team = "us" if "us" in cards else "them"
            state.cards_team, state.cards = team, str(cards[team])
        state.last = deal.get("last_trick")
        state.capot = deal.get("capot") or "none"
        for team, values in (deal.get("declarations") or {}).items():
            for value in values:
                if isinstance(value, int) and value in DECLARATIONS:
                    state.decl[team][value] += 1
        for team, count in (deal.get("belots") or {}).items():
            state.belots[team] = int(count)
        return state


@dataclass
class BalootForm:
    """What the Baloot calculator holds."""

    mode: str | None = None
    buyer: str = "us"
    abnat_team: str = "us"
    abnat: str = ""
    projects: dict[str, dict[str, int]] = field(
        default_factory=lambda: {t: dict.fromkeys(PROJECTS, 0) for t in TEAMS}
    )
    projects_first: str = "none"
    baloot: str = "none"
    multiplier: str = "1"
    kaboot: str = "none"

    @classmethod
    def parse(cls, form: Form) -> BalootForm:
        return cls(
            mode=_one_of(form, "mode", ("sun", "hokm"), None),
            buyer=_one_of(form, "buyer", TEAMS, "us") or "us",
            abnat_team=_one_of(form, "abnat_team", TEAMS, "us") or "us",
            abnat=form.get("abnat", "")[:12],
            projects=_teamed_counts(form, "p", PROJECTS),
            projects_first=_one_of(form, "projects_first", ("none", *TEAMS), "none") or "none",
            baloot=_one_of(form, "baloot", ("none", *TEAMS), "none") or "none",
            multiplier=_one_of(form, "multiplier", BALOOT_MULTIPLIERS, "1") or "1",
            kaboot=_one_of(form, "kaboot", ("none", *TEAMS), "none") or "none",
        )

    def apply(self, op: str) -> None:
        """`project-us-sira`, `project-clear-them`."""
        head, _, rest = op.partition("-")
        if head != "project":
            return
        team, _, kind = rest.partition("-")
        if team == "clear" and kind in TEAMS:
            self.projects[kind] = dict.fromkeys(PROJECTS, 0)
        elif team in TEAMS and kind in PROJECTS:
            self.projects[team][kind] = min(self.projects[team][kind] + 1, MAX_COUNT)

    def declared(self, team: str) -> list[str]:
        return [k for k in PROJECTS for _ in range(self.projects[team][k])]

    def deal(self, before: Mapping[str, int] | None = None) -> dict[str, Any]:
        deal: dict[str, Any] = {"game": "baloot", "rules": "sa"}
        if self.mode is not None:
            deal["mode"] = self.mode
        deal["buyer"] = self.buyer
        deal["multiplier"] = self.multiplier if self.multiplier == "gahwa" else int(self.multiplier)
        if self.kaboot == "none":
            abnat = _number(self.abnat, f"abnat.{self.abnat_team}")
            if abnat is not None:
                deal["abnat"] = {self.abnat_team: abnat}
        else:
            deal["kaboot"] = self.kaboot
        deal["projects"] = {t: self.declared(t) for t in TEAMS}
        deal["projects_first"] = None if self.projects_first == "none" else self.projects_first
        deal["baloot"] = None if self.baloot == "none" else self.baloot
        if before is not None:
            deal["before"] = dict(before)
        return deal

    @classmethod
    def from_deal(cls, deal: Mapping[str, Any]) -> BalootForm:
        state = cls()
        state.mode = deal.get("mode")
        state.buyer = deal.get("buyer", "us")
        abnat = deal.get("abnat") or {}
        if abnat:
            team = "us" if "us" in abnat else "them"
            state.abnat_team, state.abnat = team, str(abnat[team])
        for team, kinds in (deal.get("projects") or {}).items():
            for kind in kinds:
                name = kind.get("kind") if isinstance(kind, dict) else kind
                if name in PROJECTS:
                    state.projects[team][name] += 1
        state.projects_first = deal.get("projects_first") or "none"
        state.baloot = deal.get("baloot") or "none"
        state.multiplier = str(deal.get("multiplier", 1))
        state.kaboot = deal.get("kaboot") or "none"
        return state
