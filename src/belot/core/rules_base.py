"""What every rule preset has (python-chess's base variant): typed class-level settings, the
switches turned on over it, and how a match keeps it. Each game's presets subclass `Rules` in
their own module (`belot.core.presets` for Belot and Baloot, `belot.core.french_presets`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from belot.core.cards import CardValues, card_table
from belot.core.errors import mypyc_attr
from belot.core.switches import SWITCHES_OF, Switch
from belot.core.types import Game


@dataclass(frozen=True, slots=True)
class Rounding:
    """How one team's raw points become game points (divide by 10) when each team keeps its own.

    `up_from`: the lowest remainder that rounds up. `borderline`: the remainder at which both
    teams sit together (suit 6 : 6, all trumps 4 : 4) and one must go up, the other down;
    `fewer_rounds_up` says which. None: plain rounding, no borderline.
    """

    up_from: int
    borderline: int | None = None
    fewer_rounds_up: bool = True


HALF_UP = Rounding(up_from=5)
GAHWA: Literal["gahwa"] = "gahwa"
BalootMultiplier = int | Literal["gahwa"]


# A house rule is a subclass of a preset, also outside the core: a compiled core must allow it.
@mypyc_attr(allow_interpreted_subclasses=True)
class Rules:
    """The settings every preset has."""

    name: ClassVar[str]
    game: ClassVar[Game]
    title: ClassVar[str]
    summary: ClassVar[str]  # one plain-language line of what sets this preset apart
    target: ClassVar[int]  # game points that end the match
    # The most game points a match can carry from deal to deal (Belot's hanging points, a
    # Baloot round's match totals `before`). One deal records at most about 1,000 (all trumps,
    # every declaration, recontra), and a match ends at its target unless the totals are level,
    # so 100,000 is far past any real match while every number stays small enough to write.
    max_carried: ClassVar[int] = 100_000
    # One plain English line of what the preset is (the msgid `belot.words.rules` says in each
    # language; "": its summary).
    line: ClassVar[str] = ""
    # A game registered from outside may bring its own words for the preset, by language code;
    # the core's own presets are said by the catalogs.
    words: ClassVar[Mapping[str, str] | None] = None

    # House rules (RULES.md §4): the switches turned on over this preset, and whether the rules
    # were given as an object (a match made so keeps the resolved object, CONTRACT §5.3).
    on: frozenset[str]
    as_object: bool

    # The multipliers a deal may give (1: none); each game's presets declare their own.
    multipliers: ClassVar[tuple[BalootMultiplier, ...]] = (1,)

    # The field of a deal that holds a team's pile (card points, abnat) and the round's total
    # it is a share of (`pile_total`): the other team's pile is the rest.
    pile_field: ClassVar[str] = "cards"

    def pile_total(self, deal: Any) -> int:
        """The whole round's pile for `deal` (decoded JSON); KeyError or ValueError while the
        deal does not say enough (no contract chosen yet). A game with no pile to count (one
        registered from outside the core may have none) never says enough."""
        raise KeyError(self.pile_field)

    # The last trick's points a pile counts besides its cards (Baloot's abnat hold its 10; the
    # other games' piles are the cards alone): the count pad offers it as a tap of its own.
    pile_last_trick: ClassVar[int] = 0

    def trumps(self, contract: str | None, trump: str | None = None) -> tuple[str, ...] | None:
        """The trump suits under a contract (Baloot: a mode) and, where the contract names no
        suit (Hokm), the `trump` suit chosen; None when these rules play no such contract, or
        a trump is missing or given where the contract names its own. A game with no cards
        to count (one registered from outside the core may have none) has none."""
        return None

    def card_values(self, contract: str | None, trump: str | None = None) -> CardValues | None:
        """Each card's points, suit by suit (`{"hearts": {"J": 20, ...}, ...}`), under a
        contract (Baloot: a mode) and the `trump` suit where it names none (`trumps`); None
        when there is nothing to count. By default the trump suits at `cards.TRUMP_VALUES`,
        the others at `cards.PLAIN_VALUES` (RULES.md 1.1, 2.1)."""
        trumps = self.trumps(contract, trump)
        return None if trumps is None else card_table(trumps)

    def __init__(self, on: frozenset[str] = frozenset(), as_object: bool = False) -> None:
        self.on = on
        self.as_object = as_object

    @property
    def switches(self) -> tuple[Switch, ...]:
        """Every switch of this preset's game, in their declared order."""
        return SWITCHES_OF[self.game]

    def resolved(self) -> dict[str, Any]:
        """The preset and every switch of its game, on or off (CONTRACT §5.3)."""
        out: dict[str, Any] = {"preset": self.name}
        for switch in self.switches:
            out[switch.name] = switch.name in self.on
        return out

    @property
    def key(self) -> str:
        """How a match keeps these rules: the preset's name, or the resolved object as JSON."""
        if not self.as_object:
            return self.name
        return json.dumps(self.resolved(), separators=(",", ":"), ensure_ascii=False)

    def to_json(self) -> str | dict[str, Any]:
        """The rules as the contract writes them: a name, or the resolved object."""
        return self.resolved() if self.as_object else self.name
