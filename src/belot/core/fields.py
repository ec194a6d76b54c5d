"""A deal's shape, declared once per game (CONTRACT.md §1): each field's name, its kind of
value, its choices, its bounds and its default.

Each game declares its own fields (`belot.core.games`); every layer reads them: the careful
reader refuses any other field (`belot.core.contract`),
the fast reader steps aside for a field it does not read (`belot.core.plain`), the API's
schemas are built from it (`belot.api.schemas`), and the tests check that the page form, the
command line and the export know every field. Choices and bounds come from the core's own
enums and presets, never typed in again.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from belot.core.declarations import DeclarationKind
from belot.core.projects import ProjectKind
from belot.core.types import RANK_SYMBOLS, Game, Team


class Shape(StrEnum):
    """The kind of value a field holds."""

    GAME = "game"  # the game's name
    RULES = "rules"  # a preset's name or house rules (RULES.md §4)
    CHOICE = "choice"  # one of `choices` (strings)
    TEAM = "team"  # us | them
    TEAM_OR_NONE = "team-or-none"  # us | them | null
    NUMBER = "number"  # a whole number in [minimum, maximum]
    MULTIPLIER = "multiplier"  # one of `choices` (numbers, and Baloot's "gahwa")
    POINTS_PER_TEAM = "points-per-team"  # {"us": n, "them": n}, either optional
    COUNT_PER_TEAM = "count-per-team"  # {"us": n, "them": n}, a count each
    DECLARATIONS = "declarations"  # per team: point values or combinations
    PROJECTS = "projects"  # per team: project names or objects
    BID = "bid"  # a whole number in [minimum, maximum], a multiple of `step`, or one of `choices`
    FLAG = "flag"  # true or false
    ROEM = "roem"  # per team: a total (a multiple of `step`) or a list of claims (`choices`)


@dataclass(frozen=True, slots=True)
class DealField:
    name: str
    shape: Shape
    choices: tuple[str | int, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    default: object = None
    required: bool = False
    supplied_by_match: bool = False  # a match gives it (its hanging points, its totals)
    # Needed unless the other field of the pair is given (the last trick, unless a capot).
    unless: str | None = None
    both_teams: bool = False  # POINTS_PER_TEAM: both teams or neither (a match's totals)
    description: str = ""
    step: int | None = None  # BID: the numbers' step
    trump_flag: bool = False  # DECLARATIONS: a combination may say it is in trump (6.3)
    length_flag: bool = False  # DECLARATIONS: a run may say its length (bela's 5, 6, 7)
    # Its word in the people's form (`belot score hearts --last us --decl us=20`), when the
    # players say it shorter than the contract's name; `word` gives it.
    option: str = ""

    @property
    def word(self) -> str:
        """The field's option on the command line, without its dashes: `last`, `decl`."""
        return self.option or self.name.replace("_", "-")


TEAM_NAMES: tuple[str, ...] = tuple(t.value for t in Team)
COMBINATION_KINDS: tuple[str, ...] = tuple(k.value for k in DeclarationKind)
PROJECT_KINDS: tuple[str, ...] = tuple(k.value for k in ProjectKind)
RANKS: tuple[str, ...] = tuple(reversed(RANK_SYMBOLS))  # A first, as players list them

# Each game's fields, as its class declares them (`belot.core.games`), filled as each game
# joins the registry.
DEAL_FIELDS: dict[Game, tuple[DealField, ...]] = {}


def names(game: Game) -> frozenset[str]:
    """Every field a deal of `game` may hold."""
    return frozenset(f.name for f in DEAL_FIELDS[game])


def play_fields(game: Game) -> tuple[DealField, ...]:
    """What a deal in a match says itself: not the game, the rules, or what the match gives."""
    return tuple(
        f
        for f in DEAL_FIELDS[game]
        if f.shape not in (Shape.GAME, Shape.RULES) and not f.supplied_by_match
    )


def supplied_by_match() -> frozenset[str]:
    """The fields a match supplies itself, of either game (a deal in a match leaves them out)."""
    return frozenset(
        f.name for fields in DEAL_FIELDS.values() for f in fields if f.supplied_by_match
    )


# The games fill `DEAL_FIELDS` as they join the registry: importing this module alone has them.
import belot.core.games  # noqa: E402, F401
