"""The registry of games: what each game of the family is, in one object.

Every layer asks a game here instead of branching on its name: its deal fields, its presets,
its default preset and language, its team words, how it scores and explains a deal, what a
match carries from deal to deal, its match target and how a match ends. Each game is a class
(`card_game.CardGame`) in a module of this package that registers itself; a game from outside
the core joins the same way (`belot.core.register`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from belot.core.errors import BelotError, said
from belot.core.fields import DEAL_FIELDS, DealField, Shape
from belot.core.presets import DEFAULT_PRESET, PRESETS, Preset
from belot.core.results import Step
from belot.core.rules_base import Rules
from belot.core.switches import SWITCHES_OF, Switch
from belot.core.types import DEFAULT_TEAM_NAMES, Game


@dataclass(frozen=True, slots=True)
class MatchEnd:
    """What a game's `ends` hook is told after a deal of a match: the totals after it, the
    deals played (passed ones left out), the match's target or number of deals, and the team
    the deal itself gave the match to (`match_winner`), if any."""

    totals: Mapping[str, int]
    played: int
    target: int
    deal_count: int | None = None
    match_winner: str | None = None
    may_end: bool = True  # False: the deal cannot end the match (`Played.may_end`)


@dataclass(frozen=True, slots=True)
class Played:
    """One deal of a match as its game scored it (`CardGame.play`): its result's JSON and what
    the sheet's row notes beside the totals — the points hanging after it, the team that took
    every trick, whether a challenge multiplied it, the team that took the hanging points
    carried in, and whether the deal may end the match at all (Belot's capot, coinche's lone
    belote: one more deal)."""

    result: dict[str, Any]
    hanging: int = 0
    swept: str | None = None
    challenged: bool = False
    hanging_to: str | None = None
    may_end: bool = True
    # What part of each team's record is its own column on the game's score pad (klaverjas'
    # roem beside its points), by the column's name; None: one column.
    parts: Mapping[str, Mapping[str, int]] | None = None


@dataclass(frozen=True, slots=True)
class InMatch:
    """A deal of a match as its game's `play` hook gets it: as stored (its play fields), the
    match's rules, the hanging points and totals carried in, and `complete()`: the deal with
    what the match supplies (made only when asked)."""

    deal: Mapping[str, Any]
    rules: Rules
    hanging: int
    totals: Mapping[str, int]
    complete: Callable[[], dict[str, Any]]


Playing = Callable[[InMatch], Played]


def end_by_target(
    totals: Mapping[str, int],
    played: int,
    target: int,
    deal_count: int | None,
    match_winner: str | None,
    may_end: bool,
) -> tuple[bool, str | None]:
    """How a match ends unless its game says otherwise (`CardGame.ends`): a deal that decides
    the match alone (`match_winner`) ends it; a deal that may not end it does not; a match of a
    number of deals ends after its last one, equal totals a draw (no winner); else a team at
    the target with the higher total wins, equal totals play on."""
    if match_winner is not None:
        return True, match_winner
    if not may_end:
        return False, None
    us, them = totals["us"], totals["them"]
    leader = "us" if us > them else "them" if them > us else None
    if deal_count is not None:
        return (True, leader) if played >= deal_count else (False, None)
    if leader is not None and max(us, them) >= target:
        return True, leader
    return False, None


# Whether a match is over after a deal, and its winner (None: a draw or not over).
Ending = Callable[[MatchEnd], tuple[bool, str | None]]

# A registered game's own scoring: its deal (decoded JSON, its fields checked against the
# declaration) and its rules to the result's JSON (CONTRACT §2), a BelotError when refused.
Scoring = Callable[[dict[str, Any], Rules], dict[str, Any]]
Parsing = Callable[[dict[str, Any], Rules], Any]
Valuing = Callable[[Any, bool], Any]
Explaining = Callable[[dict[str, Any], Rules, "list[Step] | None"], dict[str, Any]]


@dataclass(frozen=True, slots=True)
class GameInfo:
    """One game of the family."""

    game: Game
    title: str  # in English, for descriptions (the pages say it in their own words)
    language: str  # the pages open in it by default
    # What a match carries into each deal: "hanging" (its hanging points), "before" (its
    # totals, Baloot's Sun double) or "nothing" (a registered game's deals stand alone).
    carries: str
    # A match may set its own target (CONTRACT §1: the French games), within these bounds.
    target_bounds: tuple[int, int] | None = None
    # The calculator's path on the site ("/" is Belot's).
    path: str = "/"
    # How a registered game scores (`register`); None: one of the core's own four, scored by
    # `belot.core.contract`.
    scores: Scoring | None = None
    # The same, with its breakdown (steps) appended to a list it is given
    # (`card_game.CardGame.explain`); None: no steps of its own.
    explains: Explaining | None = None
    # Its careful reader into the core's value of a deal (`contract.parse_deal`); None (a game
    # registered with a function) or a refusal (`CardGame.parse`): a deal scored from its JSON.
    parses: Parsing | None = None
    # How it scores the value its reader made (`contract.score_value`), with steps or not.
    values: Valuing | None = None
    # The family its deal belongs to, which the layers ask instead of its name: its result is
    # explained (`belot.words.results`) and its deal form laid out (`belot.web.spec`) by it.
    # "trick-points" (card points, declarations and belots add up, rounded to game points),
    # "abnat" (abnat turned into points, projects, the buyer's settlement) or "bid" (the
    # taker's bid against the totals). "": none of these (a registered game: its score alone,
    # a plain form from its fields).
    family: str = ""
    # What the pages call it and its calculator (English msgids; the catalogs say them):
    # "" means its title.
    short: str = ""
    calculator: str = ""
    # The common deal scored by lookups alone (`CardGame.quick`; `plain.GIVE_UP` when it is
    # not one: the careful way then reads it); None: always the careful way.
    quick: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    # How a deal of a match is scored (`card_game.CardGame.play`); None: from its result's JSON.
    plays: Playing | None = None
    # How a match of it ends (`card_game.CardGame.ends`); None: `end_by_target`.
    ends: Ending | None = None
    # A match may be a number of deals within these bounds instead of a target, and
    # `deal_count` deals when it names neither (klaverjas' boom of 16).
    deal_count_bounds: tuple[int, int] | None = None
    deal_count: int | None = None

    @property
    def name(self) -> str:
        return self.game.value

    @property
    def component(self) -> str:
        """Its name in CamelCase, for schema names: `french-belote` → `FrenchBelote`."""
        return "".join(part.capitalize() for part in self.name.split("-"))

    @property
    def fields(self) -> tuple[DealField, ...]:
        return DEAL_FIELDS[self.game]

    @property
    def presets(self) -> tuple[Preset, ...]:
        return tuple(p for p in PRESETS.values() if p.game is self.game)

    @property
    def default_preset(self) -> Preset:
        return PRESETS[DEFAULT_PRESET[self.game]]

    @property
    def switches(self) -> tuple[Switch, ...]:
        return SWITCHES_OF[self.game]

    @property
    def contract_field(self) -> str:
        """The deal's first choice: the contract (or Baloot's mode)."""
        return next(f.name for f in self.fields if f.shape is Shape.CHOICE)

    @property
    def bidder_field(self) -> str:
        """The team that won the bid: the declarer (or Baloot's buyer)."""
        return next(f.name for f in self.fields if f.shape is Shape.TEAM and f.required)

    @property
    def target(self) -> int:
        return self.default_preset.target

    @property
    def team_names(self) -> dict[str, str]:
        return dict(DEFAULT_TEAM_NAMES[self.game])

    def match_target(self, given: object, field: str = "target") -> int | None:
        """A match's own target as given (None: the preset's), refused when out of bounds or
        when the game has no such choice."""
        if given is None:
            return None
        if self.target_bounds is None:
            raise BelotError(
                "field-not-allowed",
                field,
                f"a {self.name} match plays to {self.target}; it takes no target",
            )
        low, high = self.target_bounds
        if type(given) is not int:
            raise BelotError("wrong-type", field, f"{field} must be a whole number")
        if not low <= given <= high:
            raise BelotError(
                "target-out-of-range",
                field,
                f"the target is a whole number from {low} to {high}, got {said(given)}",
                value=given,
            )
        return given

    def match_length(self, target: object, deal_count: object) -> tuple[int | None, int | None]:
        """A match's own target and number of deals as given (None: the game's default),
        refused at their field when out of bounds, not the game's, or both given."""
        if deal_count is None:
            return self.match_target(target), None
        if self.deal_count_bounds is None:
            raise BelotError(
                "field-not-allowed", "deal_count", f"a {self.name} match takes no deal_count"
            )
        if target is not None:
            raise BelotError(
                "match-mode",
                "deal_count",
                "a match is either a number of deals or a target, not both",
            )
        low, high = self.deal_count_bounds
        if type(deal_count) is not int:
            raise BelotError("wrong-type", "deal_count", "deal_count must be a whole number")
        if not low <= deal_count <= high:
            raise BelotError(
                "deal-count-out-of-range",
                "deal_count",
                f"the number of deals is a whole number from {low} to {high}, "
                f"got {said(deal_count)}",
                value=deal_count,
            )
        return None, deal_count

    def deals_to_play(self, target: int | None, deal_count: int | None) -> int | None:
        """The number of deals a match plays: its own, or the game's default when it names
        no target either; None: it plays to a target."""
        if deal_count is not None:
            return deal_count
        return self.deal_count if target is None else None


# Every game of the family, in the order the pages list them: each game's class registers it
# (`card_game.CardGame.register`), the core's own at the end of this module.
GAMES: dict[Game, GameInfo] = {}
GAME_NAMES: tuple[str, ...] = ()
BY_NAME: dict[str, GameInfo] = {}  # the same, by the name a deal gives


def find_game(name: object, field: str = "game") -> GameInfo:
    """The game called `name`; a clear error naming the known games otherwise."""
    for game, info in GAMES.items():
        if name == game.value:
            return info
    known = ", ".join(GAME_NAMES)
    raise BelotError(
        "unknown-game", field, f"unknown game {name!r}; it is one of {known}", value=str(name)
    )


# Each game is a class (`card_game.CardGame`) in a module of its own here, which registers it
# on import; they come last, once the registry above exists, in the order the pages list them.
# isort: off
from belot.core.games import belot  # noqa: E402, F401
from belot.core.games import baloot  # noqa: E402, F401
from belot.core.games import french  # noqa: E402, F401
from belot.core.games import bela  # noqa: E402, F401
from belot.core.games import klaverjas  # noqa: E402, F401
# isort: on
