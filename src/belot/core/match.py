"""A match — the score sheet — replayed from its deals (RULES.md 1.7, 1.8, 2.5, 2.6).

A `Match` holds only what the table said: the game, the preset and each deal's input. Every
number on the sheet is derived by replaying the deals in order, so editing or deleting any
deal re-scores everything after it, hanging points and the end of the match included.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from belot.core import plain
from belot.core.contract import MATCH_SUPPLIED
from belot.core.errors import BelotError
from belot.core.games import GAMES, GameInfo, InMatch, MatchEnd, end_by_target
from belot.core.games.card_game import CardGame
from belot.core.presets import Preset, find_preset
from belot.core.seats import PASSED, check_caller, is_passed
from belot.core.types import TEAMS, Team

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
    # What the core decided, for the sheet's notes (never re-derived there): the team that
    # took the hanging points carried in (Belot; None while they wait), and whether the
    # challenge multiplied the round (Baloot: a kaboot cancels it unless a house rule says).
    hanging_to: str | None = None
    challenged: bool = False
    swept: str | None = None  # the team that took every trick (capot, kaboot), if one did
    # What part of each team's record is its own column on the game's pad (klaverjas' roem)
    parts: Mapping[str, Mapping[str, int]] | None = None


@dataclass(frozen=True, slots=True)
class Sheet:
    rows: tuple[Row, ...]
    totals: dict[str, int]
    hanging: int
    finished: bool
    winner: str | None
    target: int
    deal_count: int | None = None  # a match of a number of deals (klaverjas' boom)

    @property
    def played(self) -> int:
        """Deals played so far, passed ones left out."""
        return sum(1 for row in self.rows if row.result.get("outcome") != "passed")

    @property
    def capot_rule(self) -> bool:
        """RULES.md 1.8, "с капо не се излиза": a team is past the target, but the last deal
        played was a capot, so the match goes on for one more deal (passed deals are none)."""
        if self.finished or self.deal_count is not None:  # a number of deals: no target
            return False
        played = [row for row in self.rows if row.result.get("outcome") != "passed"]
        if not played or not played[-1].all_tricks:
            return False
        us, them = self.totals["us"], self.totals["them"]
        return max(us, them) >= self.target and us != them


_GUARDED = MATCH_SUPPLIED | {"game", "rules"}
_FRENCH_OWN = frozenset({"game", "rules", "hanging", "caller"})  # the careful way words these


def _with_match_fields(
    deal: DealInput, preset: Preset, hanging: int, before: Mapping[str, int]
) -> dict[str, Any]:
    """The deal as the scorer needs it: the match supplies game, rules, hanging and before."""
    if not isinstance(deal, Mapping):
        raise BelotError("wrong-type", None, "a deal must be an object")
    if "caller" in deal:  # the table's fact, not the scorer's: `_score_row` checks it
        deal = {k: v for k, v in deal.items() if k != "caller"}
    if not _GUARDED.isdisjoint(deal):  # the common deal has play fields only: nothing to word
        _check_match_fields(deal, preset)
    full = {**deal, "game": preset.game.value, "rules": preset.to_json()}
    carries = GAMES[preset.game].carries
    if carries == "hanging":
        full["hanging"] = hanging
    elif carries == "before":
        full["before"] = dict(before)
    return full


def _check_match_fields(deal: DealInput, preset: Preset) -> None:
    """A deal in a match leaves out what the match supplies, and names no other game or rules."""
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


def in_place(rules: str, sheet: Sheet, deal: DealInput, n: int | None = None) -> dict[str, Any]:
    """`deal` as it is scored at place `n` of the match whose sheet is `sheet` (a new deal:
    after the last): with the game, the rules, and the hanging points and totals carried in."""
    upto = len(sheet.rows) if n is None else n - 1
    hanging, totals = 0, {team.value: 0 for team in TEAMS}
    if upto > 0:
        before = sheet.rows[upto - 1]
        hanging, totals = before.hanging, dict(before.totals)
    return _with_match_fields(deal, find_preset(rules), hanging, totals)


@dataclass(frozen=True, slots=True)
class Match:
    """A match of `game` under the preset `rules`, as the deals entered so far; `target` is
    its own (the French games, bela, klaverjas), None for the preset's; `deal_count` its own
    number of deals (klaverjas), None for the game's default."""

    game: str
    rules: str
    deals: tuple[DealInput, ...] = field(default=())
    target: int | None = None
    deal_count: int | None = None  # its own number of deals (a game that plays them)

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
        """Score every deal in order; an error names the deal (`deals.<n>.<field>`).

        One pass, one row a deal: a replay costs about what scoring the deals alone costs.
        """
        preset = self.preset
        info = GAMES[preset.game]
        target = self.target or preset.target
        count = info.deals_to_play(self.target, self.deal_count)
        totals, hanging, over, winner, played = {"us": 0, "them": 0}, 0, False, None, 0
        rows: list[Row] = []
        for n, deal in enumerate(self.deals, start=1):
            if over:
                raise _over(n)
            row, over, winner = _score_row(preset, info, totals, hanging, deal, n, target, count,
                                           played)  # fmt: skip
            rows.append(row)
            totals, hanging = row.totals, row.hanging
            played += row.result.get("outcome") != "passed"
        return Sheet(tuple(rows), dict(totals), hanging, over, winner, target, count)

    def extend(self, sheet: Sheet, deal: DealInput) -> tuple[Match, Sheet]:
        """`add`, scoring only the new deal from this match's own `sheet` (what `replay` gave):
        a long match costs no more to add to than a short one."""
        if sheet.finished:
            raise _is_over(sheet)
        n = len(self.deals) + 1
        try:
            preset = self.preset
            row, over, winner = _score_row(
                preset, GAMES[preset.game], sheet.totals, sheet.hanging, deal, n, sheet.target,
                sheet.deal_count, sheet.played,
            )  # fmt: skip
        except BelotError as err:
            field = err.field[len(f"deals.{n}.") :] if err.field else None
            raise BelotError(err.code, field or None, err.message, **err.params) from None
        return (
            Match(self.game, self.rules, (*self.deals, deal), self.target, self.deal_count),
            Sheet(
                (*sheet.rows, row),
                dict(row.totals),
                row.hanging,
                over,
                winner,
                sheet.target,
                sheet.deal_count,
            ),
        )

    def add(self, deal: DealInput) -> Match:
        """The match with one more deal; refused when the match is over or the deal invalid."""
        sheet = self.replay()
        if sheet.finished:
            raise _is_over(sheet)
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
        match = Match(self.game, self.rules, deals, self.target, self.deal_count)
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


def _passed(preset: Preset, hanging: int) -> dict[str, Any]:
    """A passed deal's result: nothing won; Belot's hanging points wait on (CONTRACT.md §5.2)."""
    zero = {team.value: 0 for team in TEAMS}
    if GAMES[preset.game].carries == "hanging":
        return {"raw": dict(zero), "outcome": PASSED, "score": zero, "hanging": hanging}
    return {"outcome": PASSED, "score": zero}


def _is_over(sheet: Sheet) -> BelotError:
    said = f"{sheet.winner} won" if sheet.winner is not None else "a draw"
    return BelotError("match-over", None, f"the match is over: {said}", winner=sheet.winner)


def _over(n: int) -> BelotError:
    return BelotError(
        "match-over", f"deals.{n}", f"the match was already over after deal {n - 1}", n=n
    )


def _looked_up(
    deal: DealInput, numbers: plain.Numbers, hanging: int
) -> tuple[dict[str, Any], int, bool, str | None]:
    """A deal scored by lookups (`plain.in_match_numbers`): its result, the hanging points
    after it, whether a challenge multiplied it and who took the points carried in (no
    capot, no kaboot, no gahwa, no house rules: the deal's winner)."""
    multiplier = deal.get("multiplier")
    challenged = multiplier is not None and multiplier != 1
    if len(numbers) != 6:
        outcome, us, them = numbers
        return {"outcome": outcome, "score": {"us": us, "them": them}}, 0, challenged, None
    raw_us, raw_them, outcome, us, them, hanging_out = numbers
    result: dict[str, Any] = {
        "raw": {"us": raw_us, "them": raw_them},
        "outcome": outcome,
        "score": {"us": us, "them": them},
        "hanging": hanging_out,
    }
    hanging_to: str | None = None
    if hanging and outcome != "hanging":
        made = outcome == "made"
        hanging_to = "us" if (deal["declarer"] == "us") == made else "them"
    return result, hanging_out, challenged, hanging_to


def _score_row(
    preset: Preset,
    info: GameInfo,
    totals: Mapping[str, int],
    hanging: int,
    deal: DealInput,
    n: int,
    target: int,
    deal_count: int | None,
    played: int,
) -> tuple[Row, bool, str | None]:
    """Deal `n` scored after `totals` and `hanging` (`played` deals played before it): its
    row, whether the match is over after it, and its winner (None: not over, or a draw). The
    deal's game scores it (`CardGame.play`; the common deal of the older games by lookups
    first) and says whether the match is over (`CardGame.ends`, else `end_by_target`)."""
    swept: str | None = None
    parts: Mapping[str, Mapping[str, int]] | None = None
    may_end = True
    try:
        if isinstance(deal, Mapping) and PASSED in deal and is_passed(deal):
            passed = _passed(preset, hanging)
            return Row(n, deal, passed, dict(totals), hanging, hanging, False), False, None
        try:  # the common deal: its numbers by lookups, straight into its row (issue 26)
            numbers = plain.in_match_numbers(deal, preset, hanging, totals)
        except plain.GIVE_UP:
            plays = info.plays or CardGame.play

            def complete() -> dict[str, Any]:
                return _with_match_fields(deal, preset, hanging, totals)

            done = plays(InMatch(deal, preset, hanging, totals, complete))
            bidder = deal.get(info.bidder_field)
            if "caller" in deal and isinstance(bidder, str):
                check_caller(deal, Team(bidder))
            result, hanging_out, swept = done.result, done.hanging, done.swept
            challenged, hanging_to, may_end = done.challenged, done.hanging_to, done.may_end
            parts = done.parts
        else:
            result, hanging_out, challenged, hanging_to = _looked_up(deal, numbers, hanging)
    except BelotError as err:
        raise err.within(f"deals.{n}") from None
    score: Any = result["score"]
    after = {"us": totals["us"] + score["us"], "them": totals["them"] + score["them"]}
    row = Row(n, deal, result, after, hanging_out, hanging, swept is not None, hanging_to,
              challenged, swept, parts)  # fmt: skip
    decided = result.get("match_winner")
    ends = info.ends
    if ends is None:
        over, winner = end_by_target(after, played + 1, target, deal_count, decided, may_end)
    else:
        over, winner = ends(MatchEnd(after, played + 1, target, deal_count, decided, may_end))
    return row, over, winner
