"""Rule presets as data: one base class per game, presets as small subclasses, a registry.

Modelled on python-chess's variants: typed class-level settings plus a few hooks, so a new
house rule is a subclass that changes a setting, not a new code path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from belot.core.errors import BelotError, mypyc_attr
from belot.core.types import ContractKind, Game, Mode


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


@mypyc_attr(allow_interpreted_subclasses=True)
class BelotRules(Rules):
    """Bulgarian Belot, RULES.md §1. The default preset is `bg`."""

    game = Game.BELOT
    target = 151
    last_trick_bonus: ClassVar[int] = 10
    capot_bonus: ClassVar[int] = 90
    belot_points: ClassVar[int] = 20  # K+Q of trump, never compared or cancelled
    rounding: ClassVar[dict[ContractKind, Rounding]]
    multipliers: ClassVar[tuple[int, ...]] = (1, 2, 4)  # no contra, contra, recontra
    # Declarations a team can hold (RULES.md §3): two hands of 8 cards, each at most three —
    # a carré whose cards also start two tierces (J J J J, Q K of two suits); without a carré
    # a hand holds at most two sequences (3 + 5 or 4 + 4 cards), and two carrés fill it.
    max_declarations_per_team: ClassVar[int] = 6

    def round_own(self, kind: ContractKind, raw: int, other_raw: int) -> int:
        """Round a team's own raw points when both teams record their own (RULES.md 1.6)."""
        rule = self.rounding[kind]
        tens, remainder = divmod(raw, 10)
        if remainder == rule.borderline and other_raw % 10 == remainder:
            fewer = raw < other_raw
            return tens + (1 if fewer == rule.fewer_rounds_up else 0)
        return tens + (1 if remainder >= rule.up_from else 0)

    def round_halves(self, kind: ContractKind, half: int) -> tuple[int, int]:
        """A hanging deal's equal halves: (recorded share, hanging share).

        On the borderline the hanging share rounds up and the recorded share down, so the two
        together still make the whole deal.
        """
        rule = self.rounding[kind]
        tens, remainder = divmod(half, 10)
        if remainder == rule.borderline:
            return tens, tens + 1
        share = tens + (1 if remainder >= rule.up_from else 0)
        return share, share


@mypyc_attr(allow_interpreted_subclasses=True)
class Bulgarian(BelotRules):
    name = "bg"
    title = "bg — seed rounding"
    summary = "Suit: 7–9 up, 0–5 down; on 6 : 6 the smaller score rounds up (96 : 66 → 9 : 7)."
    rounding: ClassVar[dict[ContractKind, Rounding]] = {
        ContractKind.SUIT: Rounding(up_from=7, borderline=6, fewer_rounds_up=True),
        ContractKind.ALL_TRUMPS: Rounding(up_from=5, borderline=4, fewer_rounds_up=True),
        ContractKind.NO_TRUMPS: HALF_UP,
    }


@mypyc_attr(allow_interpreted_subclasses=True)
class BulgarianSixUp(Bulgarian):
    name = "bg-6up"
    title = "bg-6up — six rounds up"
    summary = "Suit: 6–9 up, 0–5 down; on 6 : 6 the smaller score rounds down (96 : 66 → 10 : 6)."
    rounding: ClassVar[dict[ContractKind, Rounding]] = {
        **Bulgarian.rounding,
        ContractKind.SUIT: Rounding(up_from=6, borderline=6, fewer_rounds_up=False),
    }


@mypyc_attr(allow_interpreted_subclasses=True)
class BalootRules(Rules):
    """Saudi Baloot, RULES.md §2."""

    game = Game.BALOOT
    name = "sa"
    title = "sa — Saudi Baloot"
    summary = (
        "Sakka to 152; Sun double only when the buyer has over 100 and the others 100 or less."
    )
    target = 152
    round_points: ClassVar[dict[Mode, int]] = {Mode.SUN: 26, Mode.HOKM: 16}
    round_abnat: ClassVar[dict[Mode, int]] = {Mode.SUN: 130, Mode.HOKM: 162}
    kaboot_points: ClassVar[dict[Mode, int]] = {Mode.SUN: 44, Mode.HOKM: 25}
    baloot_points: ClassVar[int] = 2
    gahwa_points: ClassVar[int] = 152
    # no challenge, double, three, four, gahwa; Sun allows only the first two
    multipliers: ClassVar[tuple[BalootMultiplier, ...]] = (1, 2, 3, 4, GAHWA)
    sun_multipliers: ClassVar[tuple[BalootMultiplier, ...]] = (1, 2)
    max_projects_per_team: ClassVar[int] = 4
    # The Sun double needs the buyer over this and the others at or under it (None: any time).
    sun_double_limit: ClassVar[int | None] = 100

    def abnat_to_points(self, mode: Mode, abnat: int) -> int:
        """The non-buyer's abnat as game points (RULES.md 2.2)."""
        tens, units = divmod(abnat, 10)
        if mode is Mode.HOKM:
            return tens + (1 if units >= 6 else 0)
        return 2 * tens + (2 if units >= 6 else 1 if units == 5 else 0)


Preset = BelotRules | BalootRules

PRESETS: dict[str, Preset] = {
    preset.name: preset for preset in (Bulgarian(), BulgarianSixUp(), BalootRules())
}
DEFAULT_PRESET: dict[Game, str] = {Game.BELOT: "bg", Game.BALOOT: "sa"}


def find_preset(name: str) -> Preset:
    """The preset called `name`; a clear error naming the known ones otherwise."""
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        known = ", ".join(PRESETS)
        raise BelotError(
            "unknown-rules", "rules", f"unknown rules preset {name!r}; known: {known}", value=name
        ) from None


def preset_for(game: Game, name: str | None) -> Preset:
    """The preset `name` (the game's default when None), refused if it is the other game's."""
    preset = find_preset(DEFAULT_PRESET[game] if name is None else name)
    if preset.game is not game:
        raise BelotError(
            "rules-game-mismatch",
            "rules",
            f"the rules preset {preset.name!r} is for {preset.game}, not {game}",
            value=preset.name,
        )
    return preset
