"""A deal's shape, declared once per game (CONTRACT.md §1): each field's name, its kind of
value, its choices, its bounds and its default.

Every layer reads this: the careful reader refuses any other field (`belot.core.contract`),
the fast reader steps aside for a field it does not read (`belot.core.plain`), the API's
schemas are built from it (`belot.api.schemas`), and the tests check that the page form, the
command line and the export know every field. Choices and bounds come from the core's own
enums and presets, never typed in again.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from belot.core.cards import DECK_POINTS
from belot.core.declarations import DECLARATION_VALUES, DeclarationKind
from belot.core.french_presets import BID_CAPOT, BID_GENERALE, Coinche, FrenchRules
from belot.core.presets import BalootRules, BelotRules
from belot.core.projects import ProjectKind
from belot.core.types import RANK_SYMBOLS, Contract, Game, Mode, Team


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

BELOT_FIELDS: tuple[DealField, ...] = (
    DealField("game", Shape.GAME, ("belot",), default="belot"),
    DealField("rules", Shape.RULES, description="a preset's name or house rules"),
    DealField("contract", Shape.CHOICE, tuple(c.value for c in Contract), required=True),
    DealField("declarer", Shape.TEAM, TEAM_NAMES, required=True),
    DealField("multiplier", Shape.MULTIPLIER, BelotRules.multipliers, default=1,
              description="1, 2 (contra) or 4 (recontra)"),
    DealField("cards", Shape.POINTS_PER_TEAM, minimum=0, maximum=max(DECK_POINTS.values()),
              description="card points without the last trick, one team's or both"),
    DealField("last_trick", Shape.TEAM, TEAM_NAMES, unless="capot", option="last"),
    DealField("capot", Shape.TEAM_OR_NONE, TEAM_NAMES, unless="last_trick"),
    DealField("declarations", Shape.DECLARATIONS, tuple(sorted(DECLARATION_VALUES)),
              description="per team: point values, or combinations {kind, high}",
              option="decl"),
    DealField("belots", Shape.COUNT_PER_TEAM, minimum=0,
              maximum=max(BelotRules.max_belots.values()), option="belot"),
    DealField("hanging", Shape.NUMBER, minimum=0, maximum=BelotRules.max_carried, default=0,
              supplied_by_match=True, description="game points hanging from earlier deals"),
)  # fmt: skip

BALOOT_FIELDS: tuple[DealField, ...] = (
    DealField("game", Shape.GAME, ("baloot",), required=True,
              description="baloot (or a deal with a mode)"),
    DealField("rules", Shape.RULES, description="a preset's name or house rules"),
    DealField("mode", Shape.CHOICE, tuple(m.value for m in Mode), required=True),
    DealField("buyer", Shape.TEAM, TEAM_NAMES, required=True),
    DealField("multiplier", Shape.MULTIPLIER, BalootRules.multipliers, default=1,
              description="1, 2 (double), 3 (three), 4 (four) or gahwa"),
    DealField("abnat", Shape.POINTS_PER_TEAM, minimum=0,
              maximum=max(BalootRules.round_abnat.values()), unless="kaboot",
              description="abnat with the last trick's 10, one team's or both"),
    DealField("kaboot", Shape.TEAM_OR_NONE, TEAM_NAMES, unless="abnat"),
    DealField("projects", Shape.PROJECTS, PROJECT_KINDS, option="project"),
    DealField("projects_first", Shape.TEAM_OR_NONE, TEAM_NAMES,
              description="the team whose player sits first after the dealer"),
    DealField("baloot", Shape.TEAM_OR_NONE, TEAM_NAMES),
    DealField("before", Shape.POINTS_PER_TEAM, minimum=0, maximum=BalootRules.max_carried,
              supplied_by_match=True, both_teams=True,
              description="the match totals before this round"),
)  # fmt: skip


def _french(game: Game, *, bid: bool) -> tuple[DealField, ...]:
    """French belote's fields, and coinche's with its bid (RULES.md 5.2, 6.2)."""
    low, high, step = Coinche.bid_range
    auction = (
        DealField("bid", Shape.BID, (BID_CAPOT, BID_GENERALE), minimum=low, maximum=high,
                  step=step, required=True,
                  description="a multiple of 10 from 80 to 240, capot (or generale)"),
        DealField("multiplier", Shape.MULTIPLIER, (1, 2, 3, 4), default=1,
                  description="1, 2 (coinche) or 4 (surcoinche; 3 with surcoinche-x3)"),
        DealField("generale", Shape.FLAG, default=False,
                  description="the taker made the générale it bid (switch generale)"),
    ) if bid else (
        DealField("multiplier", Shape.MULTIPLIER, (1,), default=1, description="always 1"),
    )  # fmt: skip
    return (
        DealField("game", Shape.GAME, (game.value,), required=True),
        DealField("rules", Shape.RULES, description="a preset's name or house rules"),
        DealField("contract", Shape.CHOICE, tuple(c.value for c in Contract), required=True,
                  description="a suit (no-trumps and all-trumps with sans-tout-atout)"),
        DealField("declarer", Shape.TEAM, TEAM_NAMES, required=True,
                  description="the taker's team"),
        *auction,
        DealField("cards", Shape.POINTS_PER_TEAM, minimum=0, maximum=FrenchRules.deck,
                  description="card points without the last trick, one team's or both"),
        DealField("last_trick", Shape.TEAM, TEAM_NAMES, unless="capot", option="last"),
        DealField("capot", Shape.TEAM_OR_NONE, TEAM_NAMES, unless="last_trick"),
        DealField("declarations", Shape.DECLARATIONS, tuple(sorted(DECLARATION_VALUES)),
                  trump_flag=True, option="decl",
                  description="per team: point values, or combinations {kind, high, trump}"),
        DealField("belots", Shape.COUNT_PER_TEAM, minimum=0,
                  maximum=max(FrenchRules.max_belots.values()), description="belotes",
                  option="belot"),
        DealField("hanging", Shape.NUMBER, minimum=0, maximum=FrenchRules.max_carried,
                  default=0, supplied_by_match=True,
                  description="points hanging from an earlier litige"),
    )  # fmt: skip


DEAL_FIELDS: dict[Game, tuple[DealField, ...]] = {
    Game.BELOT: BELOT_FIELDS,
    Game.BALOOT: BALOOT_FIELDS,
    Game.FRENCH_BELOTE: _french(Game.FRENCH_BELOTE, bid=False),
    Game.COINCHE: _french(Game.COINCHE, bid=True),
}


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
