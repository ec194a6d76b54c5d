"""What the pages say of each game of the registry (`belot.core.games.GAMES`): its name and its
calculator's title, as msgids (the teams' words are `belot.words.results.team_words`, by the
game's explanation family). One entry per game, keyed by `Game`: a game of the core's own
without its words fails at import, never borrowing another game's.
"""

from __future__ import annotations

from dataclasses import dataclass

from belot.core.games import GAMES, GameInfo, find_game
from belot.core.types import Game
from belot.words.i18n import N_


@dataclass(frozen=True, slots=True)
class GameWords:
    name: str  # the game, in the header and the new-match page
    title: str  # its calculator's heading


WORDS: dict[Game, GameWords] = {
    Game.BELOT: GameWords(N_("Belot"), N_("Belot score calculator")),
    Game.BALOOT: GameWords(N_("Baloot"), N_("Baloot calculator")),
    Game.FRENCH_BELOTE: GameWords(N_("French belote"), N_("French belote calculator")),
    Game.COINCHE: GameWords(N_("Coinche"), N_("Coinche calculator")),
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
    return own if own is not None else GameWords(entry.title, entry.title)


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
