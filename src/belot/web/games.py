"""What the pages say of each game of the registry (`belot.core.games.GAMES`): its name, its
calculator's title and its team words, as msgids. One entry per game, keyed by `Game`: a game
of the registry without its words fails at import, never borrowing another game's.
"""

from __future__ import annotations

from dataclasses import dataclass

from belot.core.games import GAMES, GameInfo, find_game
from belot.core.types import Game
from belot.web.i18n import N_


@dataclass(frozen=True, slots=True)
class GameWords:
    name: str  # the game, in the header and the new-match page
    title: str  # its calculator's heading
    us: str  # the team words a page says when a match named none
    them: str


_TABLE = GameWords(N_("Belot"), N_("Belot score calculator"), N_("Us"), N_("Them"))
WORDS: dict[Game, GameWords] = {
    Game.BELOT: _TABLE,
    Game.BALOOT: GameWords(
        N_("Baloot"), N_("Baloot calculator"), N_("Us (baloot)"), N_("Them (baloot)")
    ),
    Game.FRENCH_BELOTE: GameWords(
        N_("French belote"), N_("French belote calculator"), N_("Us"), N_("Them")
    ),
    Game.COINCHE: GameWords(N_("Coinche"), N_("Coinche calculator"), N_("Us"), N_("Them")),
}
# Every game of the core's own has its words, or this import fails; a registered game says
# its registry title until the catalogs have words of its own.
_CHECKED = [WORDS[game] for game, entry in GAMES.items() if entry.scores is None]


def info(game: str) -> GameInfo:
    """The registry's entry of the game called `game` (unknown: the core's error)."""
    return find_game(game)


def words(game: str) -> GameWords:
    entry = find_game(game)
    own = WORDS.get(entry.game)
    return own if own is not None else GameWords(entry.title, entry.title, _TABLE.us, _TABLE.them)


def team_words(game: str) -> dict[str, str]:
    w = words(game)
    return {"us": w.us, "them": w.them}


def default_lang(game: str) -> str:
    """The language a game's pages open in (the registry's)."""
    return find_game(game).language


def named(name: object) -> str:
    """The game called `name`, else the game whose calculator is `/` (Belot): what a page's
    form asked for, never another game's branch."""
    for info in GAMES.values():
        if name == info.name:
            return info.name
    return next(i.name for i in GAMES.values() if i.path == "/")


def names() -> dict[str, str]:
    """Each game's name msgid, by the game's name (for the templates)."""
    return {i.name: words(i.name).name for i in GAMES.values()}


def calculators() -> list[tuple[str, str, str]]:
    """Each game's calculator, in the registry's order: (game, path, the game's name msgid)."""
    return [(i.name, i.path, words(i.name).name) for i in GAMES.values()]
