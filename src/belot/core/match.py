"""A match — the score sheet — replayed from its deals (RULES.md 1.7, 1.8, 2.5, 2.6).

A `Match` holds only what the table said: the game, the preset and each deal's input. Every
number on the sheet is derived by replaying the deals in order, so editing or deleting any
deal re-scores everything after it, hanging points and the end of the match included.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from belot.core.baloot import BalootRound
from belot.core.belot import BelotDeal
from belot.core.contract import MATCH_SUPPLIED, parse_deal, result_json, score_value
from belot.core.errors import BelotError
from belot.core.presets import Preset, find_preset
from belot.core.results import BelotResult
from belot.core.seats import PASSED, check_caller, is_passed
from belot.core.types import TEAMS, Game, Team

DealInput = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the sheet: a deal, its result, and the running totals after it."""

    n: int
    input: DealInput
    result: dict[str, Any]
    totals: dict[str, int]
    hanging: int  # hanging after this deal (Belot)
    hanging_in: int  # hanging carried into this deal (Belot)
    all_tricks: bool  # a capot (Belot) or a kaboot (Baloot)


@dataclass(frozen=True, slots=True)
class Sheet:
    rows: tuple[Row, ...]
    totals: dict[str, int]
    hanging: int
    finished: bool
    winner: str | None
    target: int


def _with_match_fields(
    deal: DealInput, preset: Preset, hanging: int, before: dict[str, int]
) -> dict[str, Any]:
    """The deal as the scorer needs it: the match supplies game, rules, hanging and before."""
    if not isinstance(deal, Mapping):
        raise BelotError("wrong-type", None, "a deal must be an object")
    for key in MATCH_SUPPLIED:
        if key in deal:
            raise BelotError(
                "supplied-by-match", key, f"{key} comes from the match; leave it out", value=key
            )
    for key, value in (("game", preset.game.value), ("rules", preset.name)):
        if key in deal and deal[key] != value:
            raise BelotError(
                "match-mismatch",
                key,
                f"this match plays {key} {value!r}, not {deal[key]!r}",
                value=str(deal[key]),
            )
    # `caller` is the table's fact, not the scorer's: `_next` checks it against the bid.
    full = {k: v for k, v in deal.items() if k != "caller"}
    full.update(game=preset.game.value, rules=preset.name)
    if preset.game is Game.BELOT:
        full["hanging"] = hanging
    else:
        full["before"] = dict(before)
    return full


def in_place(rules: str, sheet: Sheet, deal: DealInput, n: int | None = None) -> dict[str, Any]:
    """`deal` as it is scored at place `n` of the match whose sheet is `sheet` (a new deal:
    after the last): with the game, the rules, and the hanging points and totals carried in."""
    upto = len(sheet.rows) if n is None else n - 1
    hanging, totals = 0, {team.value: 0 for team in TEAMS}
    if upto > 0:
        before = sheet.rows[upto - 1]
        hanging, totals = before.hanging, dict(before.totals)
    return _with_match_fields(deal, find_preset(rules), hanging, totals)


def _passed(preset: Preset, hanging: int) -> dict[str, Any]:
    """A passed deal's result: nothing won; Belot's hanging points wait on (CONTRACT.md §5.2)."""
    zero = {team.value: 0 for team in TEAMS}
    if preset.game is Game.BELOT:
        return {"raw": dict(zero), "outcome": PASSED, "score": zero, "hanging": hanging}
    return {"outcome": PASSED, "score": zero}


@dataclass(frozen=True, slots=True)
class Match:
    """A match of `game` under the preset `rules`, as the deals entered so far."""

    game: str
    rules: str
    deals: tuple[DealInput, ...] = field(default=())

    def __post_init__(self) -> None:
        preset = find_preset(self.rules)
        if preset.game.value != self.game:
            raise BelotError(
                "rules-game-mismatch",
                "rules",
                f"the rules preset {self.rules!r} is for {preset.game}, not {self.game}",
                value=self.rules,
            )

    @property
    def preset(self) -> Preset:
        return find_preset(self.rules)

    def replay(self) -> Sheet:
        """Score every deal in order; an error names the deal (`deals.<n>.<field>`)."""
        preset = self.preset
        sheet = Sheet((), {team.value: 0 for team in TEAMS}, 0, False, None, preset.target)
        rows: list[Row] = []
        for n, deal in enumerate(self.deals, start=1):
            sheet = self._next(preset, sheet, deal, n)
            rows.append(sheet.rows[0])
        return Sheet(tuple(rows), sheet.totals, sheet.hanging, sheet.finished, sheet.winner,
                     preset.target)  # fmt: skip

    def extend(self, sheet: Sheet, deal: DealInput) -> tuple[Match, Sheet]:
        """`add`, scoring only the new deal from this match's own `sheet` (what `replay` gave):
        a long match costs no more to add to than a short one."""
        if sheet.finished:
            raise BelotError(
                "match-over", None, f"the match is over: {sheet.winner} won", winner=sheet.winner
            )
        n = len(self.deals) + 1
        try:
            after = self._next(self.preset, sheet, deal, n)
        except BelotError as err:
            field = err.field[len(f"deals.{n}.") :] if err.field else None
            raise BelotError(err.code, field or None, err.message, **err.params) from None
        rows = (*sheet.rows, *after.rows)
        return (
            Match(self.game, self.rules, (*self.deals, deal)),
            Sheet(rows, after.totals, after.hanging, after.finished, after.winner, sheet.target),
        )

    def _next(self, preset: Preset, sheet: Sheet, deal: DealInput, n: int) -> Sheet:
        """Deal `n` scored after `sheet`: a sheet of that one row and the state after it."""
        if sheet.finished:
            raise BelotError(
                "match-over", f"deals.{n}", f"the match was already over after deal {n - 1}", n=n
            )
        totals, hanging = sheet.totals, sheet.hanging
        try:
            if isinstance(deal, Mapping) and is_passed(deal):
                row = Row(n, deal, _passed(preset, hanging), dict(totals), hanging, hanging, False)
                return Sheet((row,), totals, hanging, False, None, preset.target)
            value = parse_deal(_with_match_fields(deal, preset, hanging, totals))
            check_caller(deal, value.declarer if isinstance(value, BelotDeal) else value.buyer)
            result = score_value(value)
        except BelotError as err:
            raise err.within(f"deals.{n}") from None
        totals = {t: totals[t] + result.score[Team(t)] for t in totals}
        if isinstance(result, BelotResult):
            hanging_out = result.hanging
            all_tricks = result.capot is not None
        else:
            assert isinstance(value, BalootRound)
            hanging_out, all_tricks = 0, value.kaboot is not None
        row = Row(n, deal, result_json(result), dict(totals), hanging_out, hanging, all_tricks)
        winner = self._winner(preset, result, totals, all_tricks, value)
        return Sheet((row,), totals, hanging_out, winner is not None, winner, preset.target)

    @staticmethod
    def _winner(
        preset: Preset,
        result: object,
        totals: dict[str, int],
        all_tricks: bool,
        value: BelotDeal | BalootRound,
    ) -> str | None:
        """Who has won the match after this deal, if anybody (RULES.md 1.8, 2.6)."""
        match_winner = getattr(result, "match_winner", None)
        if match_winner is not None:  # a won gahwa ends the sakka at once
            return str(match_winner)
        if isinstance(value, BelotDeal) and all_tricks:
            return None  # "с капо не се излиза": one more deal after a capot
        us, them = totals["us"], totals["them"]
        if max(us, them) >= preset.target and us != them:
            return "us" if us > them else "them"
        return None

    def add(self, deal: DealInput) -> Match:
        """The match with one more deal; refused when the match is over or the deal invalid."""
        sheet = self.replay()
        if sheet.finished:
            raise BelotError(
                "match-over", None, f"the match is over: {sheet.winner} won", winner=sheet.winner
            )
        return self._checked((*self.deals, deal), focus=len(self.deals) + 1)

    def replace(self, n: int, deal: DealInput) -> Match:
        self._check_n(n)
        return self._checked((*self.deals[: n - 1], deal, *self.deals[n:]), focus=n)

    def delete(self, n: int) -> Match:
        self._check_n(n)
        return self._checked((*self.deals[: n - 1], *self.deals[n:]), focus=None)

    def _check_n(self, n: int) -> None:
        if not 1 <= n <= len(self.deals):
            raise BelotError(
                "deal-not-found", "n", f"there is no deal {n}; the match has {len(self.deals)}", n=n
            )

    def _checked(self, deals: tuple[DealInput, ...], focus: int | None) -> Match:
        """The match with `deals`, if every deal is valid in its place.

        An error in the deal being added or replaced (`focus`) names the field as the caller
        sent it (`cards.us`); one in a later deal that the change broke keeps its place
        (`deals.4.multiplier`).
        """
        match = Match(self.game, self.rules, deals)
        try:
            match.replay()
        except BelotError as err:
            own = f"deals.{focus}"
            if (
                focus is None
                or err.field is None
                or not (err.field == own or err.field.startswith(own + "."))
            ):
                raise
            field = err.field[len(own) + 1 :] or None
            raise BelotError(err.code, field, err.message, **err.params) from None
        return match
