"""Rule presets as data: one base class per game, presets as small subclasses, a registry.

Modelled on python-chess's variants: typed class-level settings plus a few hooks, so a new
house rule is a subclass that changes a setting, not a new code path.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

from belot.core.cards import DECK_POINTS, SUIT_NAMES, contract_trumps
from belot.core.errors import BelotError, mypyc_attr
from belot.core.french_presets import Coinche, Contree, FrenchBelote
from belot.core.rules_base import GAHWA as GAHWA
from belot.core.rules_base import HALF_UP as HALF_UP
from belot.core.rules_base import BalootMultiplier as BalootMultiplier
from belot.core.rules_base import Rounding as Rounding
from belot.core.rules_base import Rules as Rules
from belot.core.switches import SWITCH_BY_NAME, SWITCH_OF_GAME, SWITCHES_OF
from belot.core.types import Contract, ContractKind, Game, Mode


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
    multiplier_words: ClassVar[dict[int, str]] = {2: "contra", 4: "recontra"}
    # Declarations a team can hold (RULES.md §3): two hands of 8 cards, each at most three —
    # a carré whose cards also start two tierces (J J J J, Q K of two suits); without a carré
    # a hand holds at most two sequences (3 + 5 or 4 + 4 cards), and two carrés fill it.
    max_declarations_per_team: ClassVar[int] = 6
    # Belots in one deal (RULES.md 1.4): one K+Q of trump in a suit game, one a suit in all
    # trumps, none in no trumps.
    max_belots: ClassVar[dict[ContractKind, int]] = {
        ContractKind.SUIT: 1,
        ContractKind.ALL_TRUMPS: 4,
        ContractKind.NO_TRUMPS: 0,
    }

    def pile_total(self, deal: Any) -> int:
        return DECK_POINTS[Contract(deal["contract"]).kind]

    def trumps(self, contract: str | None, trump: str | None = None) -> tuple[str, ...] | None:
        """A suit contract's suit, every suit in all trumps, none in no trumps (RULES.md 1.1);
        the contract names them, so a `trump` given besides is none of its."""
        return contract_trumps(contract) if trump is None else None

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
    line = (
        "Seed rounding: suit 7–9 up, 0–5 down; on 6 : 6 the smaller score rounds up (96 :"
        " 66 → 9 : 7)."
    )
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
    line = (
        "Six rounds up: suit 6–9 up, 0–5 down; on 6 : 6 the smaller score rounds down (96"
        " : 66 → 10 : 6)."
    )
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
    line = (
        "Saudi Baloot: sakka to 152; Sun double only when the buyer has over 100 and the "
        "others 100 or less."
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

    pile_field: ClassVar[str] = "abnat"
    pile_last_trick: ClassVar[int] = 10  # abnat count the last trick's 10 (RULES.md 2.1)

    def pile_total(self, deal: Any) -> int:
        return self.round_abnat[Mode(deal["mode"])]

    def trumps(self, contract: str | None, trump: str | None = None) -> tuple[str, ...] | None:
        """Sun: no trump; Hokm: the trump suit chosen, which the deal does not name (RULES.md
        2.1)."""
        if contract == Mode.SUN.value:
            return () if trump is None else None
        if contract == Mode.HOKM.value and trump in SUIT_NAMES:
            return (str(trump),)
        return None

    def abnat_to_points(self, mode: Mode, abnat: int) -> int:
        """The non-buyer's abnat as game points (RULES.md 2.2)."""
        tens, units = divmod(abnat, 10)
        if mode is Mode.HOKM:
            return tens + (1 if units >= 6 else 0)
        return 2 * tens + (2 if units >= 6 else 1 if units == 5 else 0)


# A preset in the registry: the core's own (`BelotRules`, `BalootRules`, `FrenchRules`) or a
# registered game's `Rules` subclass, so the tables are typed by the base class (a compiled
# core checks a value against its declared type); code that needs a game's own settings
# narrows with isinstance.
Preset = Rules

PRESETS: dict[str, Preset] = {
    preset.name: preset
    for preset in (
        Bulgarian(),
        BulgarianSixUp(),
        BalootRules(),
        FrenchBelote(),
        Coinche(),
        Contree(),
    )
}
# Each game's default preset: the first of its presets above.
DEFAULT_PRESET: dict[Game, str] = {}
for _preset in PRESETS.values():
    DEFAULT_PRESET.setdefault(_preset.game, _preset.name)


# House rules already made, by their key: a match replays its deals under one object.
_MADE: dict[str, Preset] = {}


def find_preset(name: str) -> Preset:
    """The rules kept as `name`: a preset's name, or house rules as their key (`Rules.key`);
    a clear error naming the known presets otherwise."""
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        pass
    made = _MADE.get(name) if isinstance(name, str) else None
    if made is not None:
        return made
    # A stored key is one flat object (`Rules.key`): anything nested is no key of ours, and is
    # not handed to the JSON parser (a deep one would exhaust the stack).
    if isinstance(name, str) and name.startswith("{") and name.count("{") == 1:
        try:
            given = json.loads(name)
        except ValueError:
            given = None
        if isinstance(given, dict):
            return house_rules(None, given)
    known = ", ".join(PRESETS)
    raise BelotError(
        "unknown-rules", "rules", f"unknown rules preset {name!r}; known: {known}", value=name
    )


def rules_key(game: str, given: object) -> str:
    """The rules a match's JSON names (a preset's name, or the resolved object) as the core
    keeps them (`Rules.key`): how a device replays a match it read from the API."""
    return rules_for(Game(game), given).key


def rules_json(key: str) -> str | dict[str, Any]:
    """Rules kept as `key` (`Rules.key`) as the contract writes them: a name or the object."""
    return find_preset(key).to_json() if key.startswith("{") else key


def preset_for(game: Game, name: str | None, field: str = "rules") -> Preset:
    """The preset `name` (the game's default when None), refused if it is the other game's.

    Only a preset's name: house rules come as an object, never as a string to parse."""
    if name is not None and name not in PRESETS:
        known = ", ".join(PRESETS)
        raise BelotError(
            "unknown-rules", field, f"unknown rules preset {name!r}; known: {known}", value=name
        )
    preset = PRESETS[DEFAULT_PRESET[game] if name is None else name]
    if preset.game is not game:
        raise BelotError(
            "rules-game-mismatch",
            field,
            f"the rules preset {preset.name!r} is for {preset.game}, not {game}",
            value=preset.name,
        )
    return preset


def rules_for(game: Game | None, given: object) -> Preset:
    """The rules a deal or a match names (CONTRACT §1): None (the game's default preset), a
    preset's name, or house rules `{"preset": ..., "<switch>": true|false, ...}`."""
    if isinstance(given, dict):
        return house_rules(game, given)
    if given is not None and not isinstance(given, str):
        raise BelotError(
            "wrong-type",
            "rules",
            "rules must be a preset's name or an object of house rules",
            expected="a string or an object",
        )
    if game is None:
        if given is None:
            return PRESETS[DEFAULT_PRESET[Game.BELOT]]
        return preset_for(PRESETS[given].game if given in PRESETS else Game.BELOT, given)
    return preset_for(game, given)


# House rules already read, by the game asked and the object's items as given (every value
# a boolean, the preset's a string: `True` and `1` hash alike, so nothing else is kept), so a
# deal naming its club's rules object costs a lookup, not a new object and its key each time.
# An index into `_MADE`: an entry made beside another `_MADE` (one started anew) is read again.
_GIVEN: dict[
    tuple[Game | None, tuple[tuple[str, object], ...]], tuple[dict[str, Preset], Preset]
] = {}


def house_rules(game: Game | None, given: dict[str, object]) -> Preset:
    """House rules over a preset: every key but `preset` a switch of the preset's game, each
    true or false. Refused: an unknown switch, another game's, a value that is not a boolean."""
    items = tuple(given.items())
    for key, value in items:
        if type(value) is not bool and (key != "preset" or type(value) is not str):
            break
    else:
        known = _GIVEN.get((game, items))
        if known is not None and known[0] is _MADE:
            return known[1]
        rules = _house_rules(game, given)
        if known is not None or len(_GIVEN) < 4096:
            _GIVEN[game, items] = (_MADE, rules)
        return rules
    return _house_rules(game, given)


def _house_rules(game: Game | None, given: dict[str, object]) -> Preset:
    name = given.get("preset")
    if name is not None and not isinstance(name, str):
        raise BelotError(
            "wrong-type", "rules.preset", "rules.preset must be a preset's name",
            expected="a string",
        )  # fmt: skip
    if name is not None and name not in PRESETS:
        known = ", ".join(PRESETS)
        raise BelotError(
            "unknown-rules",
            "rules.preset",
            f"unknown rules preset {name!r}; known: {known}",
            value=name,
        )
    if game is None:
        game = PRESETS[name].game if name is not None else _game_of_switches(given)
    base = preset_for(game, name, "rules.preset")
    # A switch the object leaves out takes its default; a match keeps the resolved object, so
    # its rules never change when a default does.
    on = {s.name for s in SWITCHES_OF[game] if s.default}
    for key, value in given.items():
        if key == "preset":
            continue
        field = f"rules.{key}"
        switch = SWITCH_OF_GAME.get((game, key)) if isinstance(key, str) else None
        if switch is None:
            other = SWITCH_BY_NAME.get(key) if isinstance(key, str) else None
            if other is None:
                known = ", ".join(s.name for s in SWITCHES_OF[game])
                raise BelotError(
                    "unknown-rule", field, f"unknown house rule {key!r}; known: {known}", value=key
                )
            raise BelotError(
                "rules-game-mismatch",
                field,
                f"the house rule {key!r} is for {other.game}, not {game}",
                value=key,
            )
        if type(value) is not bool:
            raise BelotError(
                "wrong-type", field, f"{field} must be true or false", expected="true or false"
            )
        if value:
            on.add(key)
        else:
            on.discard(key)
    rules = type(base)(frozenset(on), True)
    key = rules.key
    made = _MADE.get(key)
    if made is None:
        made = _MADE.setdefault(key, rules) if len(_MADE) < 4096 else rules
    return made


def _game_of_switches(given: dict[str, object]) -> Game:
    """A rules object without a preset and without a game around it: its switches' game."""
    for key in given:
        switch = SWITCH_BY_NAME.get(key) if isinstance(key, str) else None
        if switch is not None:
            return switch.game
    return Game.BELOT
