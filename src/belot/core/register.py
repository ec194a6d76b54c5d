"""A game joins the family from outside the core (issue 24): `register` adds it to the
registry (`belot.core.games`) and to each of the core's tables a game has an entry in.

Not compiled with the rest of the core (setup.py): it runs once, at a game's import, and
mypyc cannot build it. A compiled core (`make wheel`) takes a registered game as the pure one
does: the registry's tables are typed by the base class `Rules` (which allows interpreted
subclasses), and the core narrows to its own rule classes with isinstance where it needs them.

`MODULES` keeps, for each registered game, the module that registered it: the offline pack
(`belot.web.offline.pack`) carries that module's source to the device, whose engine imports
it before the pages' code, so the game registers there as it did on the server.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from belot.core import games
from belot.core.fields import DEAL_FIELDS, DealField
from belot.core.games import GAMES, GameInfo
from belot.core.presets import DEFAULT_PRESET, PRESETS
from belot.core.rules_base import Rules
from belot.core.switches import SWITCH_BY_NAME, SWITCH_OF_GAME, SWITCHES_OF, Switch
from belot.core.types import DEFAULT_TEAM_NAMES, Game, declare_game

# A registered game's name → the import name of the module that registered it (`register`'s
# `module`, else its caller's), for the offline pack.
MODULES: dict[str, str] = {}


def register(
    name: str,
    info: Callable[[Game], GameInfo],
    *,
    fields: Callable[[Game], tuple[DealField, ...]],
    presets: tuple[Rules, ...],
    team_names: dict[str, str],
    switches: tuple[Switch, ...] = (),
    module: str | None = None,
) -> GameInfo:
    """A game joins the family: its member of `Game`, its deal fields, presets (the first is
    its default), switches and team words, and its entry here. Every layer that asks the
    registry when it is built (the API's schemas, the rules listing, `belot score`'s options)
    has it; register before building them. A name already taken is refused.

    `module` is what to import for this registration to happen again (on the device: the
    offline pack carries it); by default the module that calls `register` (or, from a script
    run as `__main__`, the module of the game's `scores`)."""
    # The core's own games join the same way, their presets already named in `PRESETS`.
    taken = any(PRESETS.get(p.name, p) is not p for p in presets)
    if name in games.GAME_NAMES or taken or not presets:
        raise ValueError(f"game {name!r} or one of its presets is already known (or none)")
    game = declare_game(name)
    made = info(game)
    DEAL_FIELDS[game] = fields(game)
    for preset in presets:
        PRESETS[preset.name] = preset
    DEFAULT_PRESET[game] = presets[0].name
    SWITCHES_OF[game] = switches
    SWITCH_OF_GAME.update({(game, s.name): s for s in switches})
    for switch in switches:  # by name alone: the first game that has it (another game's)
        SWITCH_BY_NAME.setdefault(switch.name, switch)
    DEFAULT_TEAM_NAMES[game] = dict(team_names)
    GAMES[game] = made
    games.BY_NAME[name] = made
    games.GAME_NAMES = (*games.GAME_NAMES, name)
    MODULES[name] = module or _caller(made)
    return made


def _caller(made: GameInfo) -> str:
    """The module that called `register` (two frames up: past `register` itself)."""
    name = str(sys._getframe(2).f_globals.get("__name__", "__main__"))
    if name == "__main__" and made.scores is not None:
        return made.scores.__module__
    return name
