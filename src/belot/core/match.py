"""A match — the score sheet — replayed from its deals (RULES.md 1.7, 1.8, 2.5, 2.6).

A `Match` holds only what the table said: the game, the preset and each deal's input. Every
number on the sheet is derived by replaying the deals in order, so editing or deleting any
deal re-scores everything after it, hanging points and the end of the match included.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from belot.core import contract, plain
from belot.core.baloot import BalootFields, BalootRound
from belot.core.baloot import tally as tally_round
from belot.core.belot import BelotDeal, BelotFields, tally
from belot.core.contract import MATCH_SUPPLIED, parse_checked, result_json
from belot.core.errors import BelotError
from belot.core.french import FrenchDeal, FrenchFields, fast_fields, only_belote, score_french
from belot.core.french_presets import FrenchRules
from belot.core.games import GAMES, MatchEnd
from belot.core.games.card_game import CardGame
from belot.core.presets import GAHWA, Preset, find_preset
from belot.core.results import BelotResult, baloot_json, belot_json
from belot.core.seats import PASSED, check_caller, is_passed
from belot.core.switches import KABOOT_MULTIPLIED
from belot.core.types import TEAMS, THEM, US, Team

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
        target = self.target or preset.target
        count = GAMES[preset.game].deals_to_play(self.target, self.deal_count)
        totals, hanging, over, winner, played = {"us": 0, "them": 0}, 0, False, None, 0
        rows: list[Row] = []
        for n, deal in enumerate(self.deals, start=1):
            if over:
                raise _over(n)
            row, over, winner = _score_row(preset, totals, hanging, deal, n, target, count,
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
            row, over, winner = _score_row(
                self.preset, sheet.totals, sheet.hanging, deal, n, sheet.target,
                sheet.deal_count, sheet.played if GAMES[self.preset.game].ends else 0,
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


def _looked_up_row(
    deal: DealInput,
    numbers: plain.Numbers,
    totals: Mapping[str, int],
    hanging: int,
    n: int,
    target: int,
) -> tuple[Row, str | None]:
    """`_score_row` of a deal scored by lookups (`plain.in_match_numbers`): no capot, no
    kaboot, no gahwa, no house rules, so the carried points go to the deal's winner."""
    multiplier = deal.get("multiplier")
    challenged = multiplier is not None and multiplier != 1
    hanging_to: str | None = None
    if len(numbers) == 6:
        raw_us, raw_them, outcome, us, them, hanging_out = numbers
        result: dict[str, Any] = {
            "raw": {"us": raw_us, "them": raw_them},
            "outcome": outcome,
            "score": {"us": us, "them": them},
            "hanging": hanging_out,
        }
        if hanging and outcome != "hanging":
            declarer = deal["declarer"]
            made = outcome == "made"
            hanging_to = "us" if (declarer == "us") == made else "them"
    else:
        outcome, us, them = numbers
        result = {"outcome": outcome, "score": {"us": us, "them": them}}
        hanging_out = 0
    after = {"us": totals["us"] + us, "them": totals["them"] + them}
    row = Row(n, deal, result, after, hanging_out, hanging, False, hanging_to, challenged)
    us, them = after["us"], after["them"]
    if max(us, them) >= target and us != them:
        return row, "us" if us > them else "them"
    return row, None


def _own_row(
    preset: Preset, totals: Mapping[str, int], hanging: int, deal: DealInput, n: int
) -> Row:
    """A deal of a game that scores itself (`belot.core.games.card_game`): its result's points
    added to the totals, its hanging points carried on (or won by the deal's winner: the bidder
    when made, the other team when inside)."""
    info = GAMES[preset.game]
    full = _with_match_fields(deal, preset, hanging, totals)
    result = contract.score(full)
    bidder = full.get(info.bidder_field)
    if "caller" in deal and isinstance(bidder, str):
        check_caller(deal, Team(bidder))
    score: Any = result["score"]
    after = {"us": totals["us"] + int(score["us"]), "them": totals["them"] + int(score["them"])}
    hanging_out = int(result.get("hanging", 0))
    hanging_to = None
    if hanging and not hanging_out and isinstance(bidder, str):
        made = result.get("outcome") == "made"
        hanging_to = bidder if made else Team(bidder).other.value
    swept = full.get("capot") if isinstance(full.get("capot"), str) else None
    return Row(n, deal, result, after, hanging_out, hanging, swept is not None, hanging_to,
               False, swept)  # fmt: skip


def _score_row(
    preset: Preset,
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
    four older games, whose deals are core values, by `_core_row`; any other game's result
    from its JSON, its end said by its `ends` hook (by default `CardGame.ends`)."""
    info = GAMES[preset.game]
    if info.values is not None:
        row, winner = _core_row(preset, totals, hanging, deal, n, target)
        return row, winner is not None, winner
    ends = info.ends or CardGame.ends
    try:
        if isinstance(deal, Mapping) and PASSED in deal and is_passed(deal):
            passed = _passed(preset, hanging)
            return Row(n, deal, passed, dict(totals), hanging, hanging, False), False, None
        row = _own_row(preset, totals, hanging, deal, n)
    except BelotError as err:
        raise err.within(f"deals.{n}") from None
    decided = row.result.get("match_winner")
    over, winner = ends(MatchEnd(row.totals, played + 1, target, deal_count,
                                 decided if isinstance(decided, str) else None))  # fmt: skip
    return row, over, winner


def _core_row(
    preset: Preset, totals: Mapping[str, int], hanging: int, deal: DealInput, n: int, target: int
) -> tuple[Row, str | None]:
    """Deal `n` scored after `totals` and `hanging`: its row, and the match's winner after it
    (None while it goes on). A Belot deal's numbers go straight into the row's JSON."""
    match_winner: Team | None = None
    french: BelotResult | None = None
    swept: Team | None = None
    points: Mapping[Team, int]
    try:
        if isinstance(deal, Mapping) and PASSED in deal and is_passed(deal):
            passed = _passed(preset, hanging)
            return Row(n, deal, passed, dict(totals), hanging, hanging, False), None
        try:  # the common deal: its numbers by lookups, straight into its row (issue 26)
            numbers = plain.in_match_numbers(deal, preset, hanging, totals)
        except plain.GIVE_UP:
            pass
        else:
            return _looked_up_row(deal, numbers, totals, hanging, n, target)
        value: BelotFields | BalootFields | BelotDeal | BalootRound | FrenchDeal | FrenchFields
        try:
            if isinstance(preset, FrenchRules):  # the French games' own fast reader
                if type(deal) is not dict or not _FRENCH_OWN.isdisjoint(deal):
                    raise KeyError(None)
                value = fast_fields(deal, preset, hanging)
            else:
                value = plain.in_match(deal, preset, hanging, totals)
        except plain.GIVE_UP:
            value = parse_checked(_with_match_fields(deal, preset, hanging, totals))
        if "caller" in deal:
            bidder = (
                value.declarer
                if isinstance(value, (BelotFields, BelotDeal, FrenchDeal, FrenchFields))
                else value.buyer
            )
            check_caller(deal, bidder)
        hanging_to: str | None = None
        if isinstance(value, (FrenchDeal, FrenchFields)):
            french = score_french(value)
            result, points = result_json(french), french.score
            hanging_out, all_tricks = french.hanging, value.capot is not None
            swept = value.capot
            challenged = value.multiplier != 1
            if hanging and french.winner is not None:
                hanging_to = french.winner.value
        elif isinstance(value, (BelotFields, BelotDeal)):  # a tuple: faster than a union
            raw, outcome, points, hanging_out, taker = tally(value)
            result = belot_json(raw, outcome, points, hanging_out)
            all_tricks = value.capot is not None
            swept = value.capot
            challenged = value.multiplier != 1
            if hanging and taker is not None:
                hanging_to = taker.value
        else:
            outcome, points, match_winner = tally_round(value)
            result = baloot_json(outcome, points, match_winner)
            hanging_out, all_tricks = 0, value.kaboot is not None
            swept = value.kaboot
            challenged = value.multiplier != 1 and (
                not all_tricks
                or (value.multiplier != GAHWA and KABOOT_MULTIPLIED in value.rules.on)
            )
    except BelotError as err:
        raise err.within(f"deals.{n}") from None
    after = {"us": totals["us"] + points[US], "them": totals["them"] + points[THEM]}
    row = Row(n, deal, result, after, hanging_out, hanging, all_tricks, hanging_to, challenged,
              None if swept is None else swept.value)  # fmt: skip
    if match_winner is not None:  # a won gahwa ends the sakka at once
        return row, match_winner.value
    if all_tricks and isinstance(value, (BelotFields, BelotDeal)):
        return row, None  # "с капо не се излиза": one more deal after a capot (RULES.md 1.8)
    us, them = after["us"], after["them"]
    if max(us, them) >= target and us != them:
        leader = US if us > them else THEM
        if (
            isinstance(value, (FrenchDeal, FrenchFields))
            and french is not None
            and value.rules.belote_cannot_end
            and only_belote(value, french, leader)
        ):
            return row, None  # RULES.md 6.6: not out on a belote alone
        return row, leader.value
    return row, None
