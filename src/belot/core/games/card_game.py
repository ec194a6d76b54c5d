"""A game of the family as a class that owns its behaviour (python-chess's `Board` variants are
the model): typed class-level settings — its name, words, deal fields, presets, switches, what a
match carries and how it ends — and hooks that score a deal and end a match. `register()` puts
it in the registry (`belot.core.games`) that every layer iterates.

Every game of the core is one (`belot`, `baloot`, `french`, `bela`, `klaverjas` beside this
module); the four older games are `ValuedGame`s, their deals read into values that the
scoring modules compiled with the core score (docs/architecture.md, "Games: a class each").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from belot.core.errors import BelotError
from belot.core.fields import DealField, names
from belot.core.games import GAMES, GameInfo, InMatch, MatchEnd, Played, end_by_target
from belot.core.plain import NotPlain
from belot.core.presets import PRESETS
from belot.core.read import check_fields
from belot.core.register import register
from belot.core.results import Step
from belot.core.rules_base import Rules
from belot.core.switches import SWITCHES, Switch
from belot.core.types import Game, Team

JSON = Any


class CardGame:
    """One game of the family. Subclasses set the class attributes and override the hooks."""

    game: ClassVar[Game]
    title: ClassVar[str]  # in English; the pages say it in their own words
    language: ClassVar[str]  # the pages open in it
    path: ClassVar[str]  # the calculator's address
    family: ClassVar[str]  # the family its result is explained and its form laid out in
    short: ClassVar[str] = ""
    calculator: ClassVar[str] = ""
    team_names: ClassVar[Mapping[str, str]]
    presets: ClassVar[tuple[Rules, ...]]  # the first is the default
    switches: ClassVar[tuple[Switch, ...]] = ()
    # What a match carries into each deal: "hanging" (points waiting for the next deal) or
    # "nothing".
    carries: ClassVar[str] = "nothing"
    # A match may set its own target within these bounds (None: only the preset's).
    target_bounds: ClassVar[tuple[int, int] | None] = None
    # A match may instead be a number of deals within these bounds; `deal_count` is the
    # default when a match names neither (None: the game has no such match).
    deal_count_bounds: ClassVar[tuple[int, int] | None] = None
    deal_count: ClassVar[int | None] = None
    # Its deals become core values (`parse`, `score_value`: the four older games, whose
    # scoring modules are compiled with the core); else they are scored from their JSON.
    keeps_values: ClassVar[bool] = False

    def __init_subclass__(cls) -> None:
        """A game of the core whose presets and switches are declared in the core's tables
        (`presets.PRESETS`, `switches.SWITCHES`) takes them from there by its `game`."""
        super().__init_subclass__()
        game = cls.__dict__.get("game")
        if game is None:
            return
        if "presets" not in cls.__dict__:
            cls.presets = tuple(p for p in PRESETS.values() if p.game is game)
        if "switches" not in cls.__dict__:
            cls.switches = tuple(s for s in SWITCHES if s.game is game)

    @classmethod
    def fields(cls) -> tuple[DealField, ...]:
        """The deal's fields, declared once (CONTRACT §1)."""
        raise NotImplementedError

    @classmethod
    def parse(cls, deal: dict[str, JSON], rules: Rules) -> Any:
        """The deal as the core's value (the four older games' careful reader); a game
        scored from its JSON alone has none and says so."""
        raise BelotError(
            "game-not-kept", "game", f"a {cls.game} deal is scored by its game; it has no value"
        )

    @classmethod
    def score_value(cls, value: Any, explain: bool) -> Any:
        """The value `parse` made, scored (its result object, steps in it when `explain`)."""
        raise NotImplementedError

    @classmethod
    def explain(
        cls, deal: dict[str, JSON], rules: Rules, steps: list[Step] | None = None
    ) -> dict[str, JSON]:
        """A deal (decoded JSON, its field names checked) under `rules` to its result's JSON
        (CONTRACT §2), and, when `steps` is a list, the breakdown appended to it (data the
        words layer says in each language); a `BelotError` naming the field when refused."""
        raise NotImplementedError

    @classmethod
    def score(cls, deal: dict[str, JSON], rules: Rules) -> dict[str, JSON]:
        """The result alone (the registry's `scores`)."""
        return cls.explain(deal, rules)

    @classmethod
    def quick(cls, deal: dict[str, JSON]) -> dict[str, JSON]:
        """The common deal's result by lookups alone, or `plain.NotPlain` (KeyError,
        TypeError) for any other, which the careful way reads (`score`); it must answer what
        the careful way answers. A game that has none is always read the careful way."""
        raise NotPlain

    @classmethod
    def play(cls, at: InMatch) -> Played:
        """A deal of a match, scored for the sheet's row: by default from its result's JSON
        (a game registered with a scoring function alone is played so too)."""
        return played_from_json(at.rules.game, at.rules, at.complete())

    @classmethod
    def ends(cls, end: MatchEnd) -> tuple[bool, str | None]:
        """Whether the match is over after a deal, and its winner (None: a draw, or not over);
        by default `end_by_target` (a game that overrides this is asked instead)."""
        return end_by_target(end.totals, end.played, end.target, end.deal_count,
                             end.match_winner, end.may_end)  # fmt: skip

    @classmethod
    def register(cls) -> GameInfo:
        """The game joins the registry (once, at the import of its module)."""
        return register(
            cls.game.value,
            lambda game: GameInfo(
                game,
                cls.title,
                cls.language,
                cls.carries,
                cls.target_bounds,
                cls.path,
                scores=cls.score,
                explains=cls.explain,
                parses=cls.parse if cls.keeps_values else None,
                values=cls.score_value if cls.keeps_values else None,
                family=cls.family,
                short=cls.short,
                calculator=cls.calculator,
                ends=cls.ends if _overrides(cls, "ends") else None,
                plays=cls.play,
                quick=cls.quick if _overrides(cls, "quick") else None,
                deal_count_bounds=cls.deal_count_bounds,
                deal_count=cls.deal_count,
            ),
            fields=lambda game: cls.fields(),
            presets=cls.presets,
            team_names=dict(cls.team_names),
            switches=cls.switches,
            module=cls.__module__,
        )


def checked(full: dict[str, JSON], game: Game) -> dict[str, JSON]:
    """A match's deal completed with what the match supplies, its fields checked against the
    game's declaration (the careful reader's first refusal)."""
    check_fields(full, names(game), game)
    return full


def played_from_json(game: Game, rules: Rules, full: dict[str, JSON]) -> Played:
    """A deal of a match scored from its JSON (its fields checked against the game's): the
    hanging points it leaves, the team that took every trick, and the points carried in to
    the bidder when made, to the other team when not (or left hanging)."""
    info = GAMES[game]
    checked(full, game)
    scores = info.scores
    assert scores is not None  # every game in the registry scores its deals
    result = scores(full, rules)
    hanging_out = int(result.get("hanging", 0))
    bidder = full.get(info.bidder_field)
    hanging_to = None
    if full.get("hanging") and not hanging_out and isinstance(bidder, str):
        made = result.get("outcome") == "made"
        hanging_to = bidder if made else Team(bidder).other.value
    swept = full.get("capot")
    return Played(result, hanging_out, swept if isinstance(swept, str) else None, False,
                  hanging_to)  # fmt: skip


def _overrides(cls: type[CardGame], hook: str) -> bool:
    """Whether the game (or a class of its own line) defines `hook` itself."""
    return any(hook in vars(k) for k in cls.__mro__ if k is not CardGame and k is not object)


class ValuedGame(CardGame):
    """A game whose deals become core values (the four older games, scored by modules compiled
    with the core): `parse` reads a deal into its value, `score_value` scores it; the
    breakdown is the value's result's steps."""

    keeps_values = True

    @classmethod
    def explain(
        cls, deal: dict[str, JSON], rules: Rules, steps: list[Step] | None = None
    ) -> dict[str, JSON]:
        result = cls.score_value(cls.parse(deal, rules), steps is not None)
        if steps is not None:
            steps.extend(result.steps)
        out: dict[str, JSON] = result.to_json()
        return out
