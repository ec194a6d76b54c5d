"""French belote and coinche / contrée presets (RULES.md §5, §6): settings as data.

Everything the French scoring (`belot.core.french`) reads is a class-level setting here, so
`contree` is `coinche` with one setting changed, and a house rule is a switch over either.
"""

from __future__ import annotations

from typing import Any, ClassVar

from belot.core.cards import (
    SANS_ATOUT_VALUES,
    TOUT_ATOUT_VALUES,
    CardValues,
    card_table,
    contract_trumps,
)
from belot.core.errors import mypyc_attr
from belot.core.rules_base import Rules
from belot.core.types import Contract, ContractKind, Game

SUITS: tuple[Contract, ...] = (
    Contract.CLUBS,
    Contract.DIAMONDS,
    Contract.HEARTS,
    Contract.SPADES,
)
BID_CAPOT = "capot"
BID_GENERALE = "generale"


@mypyc_attr(allow_interpreted_subclasses=True)
class FrenchRules(Rules):
    """What French belote and coinche share: 152 card points, dix de der, capot 252."""

    game: ClassVar[Game]
    target = 1000
    deck: ClassVar[int] = 152
    last_trick_bonus: ClassVar[int] = 10  # dix de der
    capot_last_trick: ClassVar[int] = 100  # a capot's last trick counts 100, not 10
    belote_points: ClassVar[int] = 20
    multipliers: ClassVar[tuple[int, ...]] = (1,)
    has_bid: ClassVar[bool] = False  # coinche: the deal says its bid
    declarations: ClassVar[bool] = False  # declarations allowed without a switch
    # The lowest and highest numeric bid, and their step (coinche).
    bid_range: ClassVar[tuple[int, int, int]] = (80, 240, 10)
    capot_bid: ClassVar[int] = 250
    generale_bid: ClassVar[int] = 500
    failure: ClassVar[int] = 160  # what a failed contract gives the defence, besides the bid
    # RULES.md 6.6: a team whose only record in the deal is its belote does not win on it.
    belote_cannot_end: ClassVar[bool] = False
    max_declarations_per_team: ClassVar[int] = 6
    max_belots: ClassVar[dict[ContractKind, int]] = {
        ContractKind.SUIT: 1,
        ContractKind.ALL_TRUMPS: 4,
        ContractKind.NO_TRUMPS: 0,
    }
    max_carried = 1_000_000  # French points are about ten times Belot's game points

    def contracts(self) -> tuple[Contract, ...]:
        """The contracts a deal may have under these rules."""
        return SUITS

    def pile_total(self, deal: Any) -> int:
        return self.deck

    def trumps(self, contract: str | None, trump: str | None = None) -> tuple[str, ...] | None:
        """As Belot (RULES.md 5.1), for the contracts these rules play (`contracts`)."""
        if trump is not None or contract not in {c.value for c in self.contracts()}:
            return None
        return contract_trumps(contract)

    def card_values(self, contract: str | None, trump: str | None = None) -> CardValues | None:
        """Belot's values in a suit contract; sans-tout-atout's own in no trumps and all trumps
        (RULES.md 4.4: 152 in the deck either way)."""
        trumps = self.trumps(contract, trump)
        if trumps is None:
            return None
        if contract == Contract.NO_TRUMPS.value:
            return card_table(trumps, plain_values=SANS_ATOUT_VALUES)
        if contract == Contract.ALL_TRUMPS.value:
            return card_table(trumps, trump_values=TOUT_ATOUT_VALUES)
        return card_table(trumps)


@mypyc_attr(allow_interpreted_subclasses=True)
class FrenchBelote(FrenchRules):
    """French belote, FFB rules (RULES.md §5)."""

    game = Game.FRENCH_BELOTE
    name = "ffb"
    title = "ffb — French belote (FFB)"
    summary = "Match to 1000; records rounded to the ten; litige on equal totals."
    line = (
        "French belote (FFB): match to 1000; records rounded to the ten; equal totals "
        "hang (litige)."
    )


@mypyc_attr(allow_interpreted_subclasses=True)
class Coinche(FrenchRules):
    """Belote coinchée, FFB rules (RULES.md §6), with declarations."""

    game = Game.COINCHE
    name = "coinche"
    title = "coinche — belote coinchée"
    summary = "Bids 80–240 or capot, coinche ×2, surcoinche ×4; match to 2000."
    target = 2000
    multipliers: ClassVar[tuple[int, ...]] = (1, 2, 4)
    has_bid: ClassVar[bool] = True
    declarations: ClassVar[bool] = True
    belote_cannot_end: ClassVar[bool] = True
    line = (
        "Coinche: bids 80–240 or capot, coinche ×2, surcoinche ×4, with declarations; "
        "match to 2000."
    )

    def contracts(self) -> tuple[Contract, ...]:
        if "sans-tout-atout" in self.on:
            return (*SUITS, Contract.NO_TRUMPS, Contract.ALL_TRUMPS)
        return SUITS


@mypyc_attr(allow_interpreted_subclasses=True)
class Contree(Coinche):
    """Belote contrée: coinche without declarations."""

    name = "contree"
    title = "contree — belote contrée"
    summary = "Coinche without declarations (belote only)."
    declarations: ClassVar[bool] = False
    line = "Contrée: coinche without declarations (belote only); match to 2000."
