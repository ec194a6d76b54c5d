"""What the pages say of each game of the registry (`belot.core.games.GAMES`): its name and its
calculator's title, as msgids the registry declares (the teams' words are
`belot.words.results.team_words`, by the game's family), said by the catalogs.
"""

from __future__ import annotations

from dataclasses import dataclass

from belot.core.games import GAMES, GameInfo, find_game


@dataclass(frozen=True, slots=True)
class GameWords:
    name: str  # the game, in the header and the new-match page
    title: str  # its calculator's heading


def info(game: str) -> GameInfo:
    """The registry's entry of the game called `game` (unknown: the core's error)."""
    return find_game(game)


def words(game: str) -> GameWords:
    """The msgids the registry declares for it (`GameInfo.short`, `calculator`); a game that
    declares none says its title."""
    entry = find_game(game)
    return GameWords(entry.short or entry.title, entry.calculator or entry.title)


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
