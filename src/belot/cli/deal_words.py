"""The people's form of a deal: `belot score hearts --declarer us --cards us=82 --last us`.

Nothing here lists a game or a field: the options are the registry's games' declared fields
(`belot.core.fields`, each with its `word`), so a field or a game added to the core is an
option here without a line changed (issue 24).
"""

from __future__ import annotations

from typing import Any

import click

from belot.core.fields import TEAM_NAMES, DealField, Shape
from belot.core.games import GAMES, GameInfo, find_game
from belot.core.presets import PRESETS

# The first word is the contract (or the mode); the game itself comes from `--game`.
_NOT_OPTIONS = frozenset({Shape.GAME, Shape.CHOICE})
_MULTIPLE = frozenset({Shape.POINTS_PER_TEAM, Shape.DECLARATIONS, Shape.PROJECTS,
                       Shape.COUNT_PER_TEAM, Shape.ROEM})  # fmt: skip


def contract_words() -> dict[str, GameInfo]:
    """Each first word and the game it means without `--game`: the first game in the
    registry whose contract (or mode) it names (a suit is Belot's; sun Baloot's)."""
    words: dict[str, GameInfo] = {}
    for info in GAMES.values():
        for word in next(f for f in info.fields if f.shape is Shape.CHOICE).choices:
            words.setdefault(str(word), info)
    return words


def option_fields() -> dict[str, list[tuple[GameInfo, DealField]]]:
    """Each option's word and the games' fields it fills; one word is one field (name and
    shape) in every game, or the games' declarations are at odds (refused here, loudly)."""
    seen: dict[str, list[tuple[GameInfo, DealField]]] = {}
    for info in GAMES.values():
        for f in info.fields:
            if f.shape in _NOT_OPTIONS:
                continue
            known = seen.setdefault(f.word, [])
            if known and (known[0][1].name, known[0][1].shape) != (f.name, f.shape):
                raise TypeError(f"--{f.word} would be both {known[0][1].name} and {f.name}")
            known.append((info, f))
    return seen


def _help(fields: list[tuple[GameInfo, DealField]]) -> str:
    """What the option is, said once when every game that has it says it alike, else game by
    game (the multiplier: Belot's contra, Baloot's gahwa)."""
    said: dict[str, list[str]] = {}
    for info, f in fields:
        text = f.description or f.name.replace("_", " ")
        if f.shape is Shape.RULES:
            text = "a preset (" + ", ".join(PRESETS) + "); --rule adds house rules"
        said.setdefault(text, []).append(info.name)
    if len(said) == 1 and len(fields) == len(GAMES):
        text = next(iter(said))
        return text[0].upper() + text[1:] + "."
    return "; ".join(", ".join(games) + ": " + text for text, games in said.items()) + "."


def click_options() -> list[click.Option]:
    """The command's options, one per field word, typed by the field's shape."""
    options = []
    for word, fields in option_fields().items():
        f = fields[0][1]
        kind: dict[str, Any] = {"help": _help(fields)}
        if f.shape in (Shape.TEAM, Shape.TEAM_OR_NONE, Shape.COUNT_PER_TEAM):
            kind["type"] = click.Choice(TEAM_NAMES)
        elif f.shape is Shape.NUMBER:
            kind["type"] = int
        elif f.shape is Shape.FLAG:
            kind.update(is_flag=True, default=None)
        if f.shape in _MULTIPLE:
            kind["multiple"] = True
            if f.shape is not Shape.COUNT_PER_TEAM:
                kind["metavar"] = "TEAM=KIND" if f.shape is Shape.PROJECTS else "TEAM=N"
        options.append(click.Option([f"--{word}"], **kind))
    return options


def _team_values(pairs: tuple[str, ...], option: str, number: bool = True) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {team: [] for team in TEAM_NAMES}
    for pair in pairs:
        team, sep, value = pair.partition("=")
        if not sep or team not in out:
            raise click.BadParameter(
                f"expected us=VALUE or them=VALUE, got {pair!r}", param_hint=option
            )
        if number:
            try:
                out[team].append(int(value))
            except ValueError:
                raise click.BadParameter(f"{value!r} is not a number", param_hint=option) from None
        else:
            out[team].append(value)
    return out


def _number_or_word(text: str) -> int | str:
    """`--multiplier 2` is the number 2, `gahwa` a word; anything else goes to the contract as
    typed, which refuses it at its field (`²` and 4,301 digits included)."""
    if text.isascii() and text.isdecimal() and len(text) < 20:
        return int(text)
    return text


def deal_from_words(contract: str, opts: dict[str, Any]) -> dict[str, Any]:
    """The people's form as a deal, each option read by its field's shape as the core
    declares it; an option of another game's is refused, naming it (never dropped)."""
    named = opts.get("game")
    info = find_game(named, "--game") if named is not None else contract_words()[contract]
    own = {f.word for f in info.fields}
    for word in option_fields():
        if opts.get(word.replace("-", "_")) not in (None, ()) and word not in own:
            raise click.UsageError(f"--{word} is not an option of {info.title}")
    deal: dict[str, Any] = {"game": info.name}
    for f in info.fields:
        if f.shape is Shape.CHOICE:
            deal[f.name] = contract
            continue
        given = opts.get(f.word.replace("-", "_")) if f.shape is not Shape.GAME else None
        if not given:
            continue
        flag = "--" + f.word
        if f.shape is Shape.POINTS_PER_TEAM:
            deal[f.name] = {t: v[-1] for t, v in _team_values(given, flag).items() if v}
        elif f.shape in (Shape.DECLARATIONS, Shape.ROEM):  # each option adds one claim
            deal[f.name] = _team_values(given, flag)
        elif f.shape is Shape.PROJECTS:
            deal[f.name] = _team_values(given, flag, number=False)
        elif f.shape is Shape.COUNT_PER_TEAM:
            deal[f.name] = {t: given.count(t) for t in TEAM_NAMES}
        elif f.shape in (Shape.MULTIPLIER, Shape.BID):
            deal[f.name] = _number_or_word(given)
        elif f.shape is Shape.FLAG:
            deal[f.name] = bool(given)
        else:  # a team, a number, the rules' name: as typed
            deal[f.name] = given
    return deal
