"""The rules in words: each preset's and house rule's line in the reader's language, and the
listing `GET /api/v1/rules` and `belot rules` give (CONTRACT §5.3).

The core declares a preset's or switch's name and one plain English line (`Rules.line`,
`Switch.line`): that line is the msgid, the catalogs say it in each language. A game
registered from outside may bring its own words by language (`words`); until the catalogs say
them, its lines are shown as it gave them.
"""

from __future__ import annotations

from typing import Any

from belot.core.games import GAMES
from belot.core.presets import DEFAULT_PRESET, PRESETS
from belot.core.rules_base import Rules
from belot.core.switches import SWITCHES_OF, Switch
from belot.words.i18n import LANGS, Lang


def preset_line(preset: Rules) -> str:
    """A preset's plain English line (its summary when it declares none)."""
    return preset.line or preset.summary


def preset_words(lang: Lang, preset: Rules) -> str:
    """One line of what the preset is, in the reader's language."""
    own = preset.words
    if own is not None and lang.code in own:
        return own[lang.code]
    return lang.gettext(preset_line(preset))


def switch_words(lang: Lang, switch: Switch) -> str:
    """One line of what the house rule changes, in the reader's language."""
    own = switch.words
    if own is not None and lang.code in own:
        return own[lang.code]
    return lang.gettext(switch.line)


def lines() -> set[str]:
    """Every preset's and switch's line, and each game's words the registry declares (its
    name and its calculator's): msgids of the catalogs (`belot.web.extract`)."""
    games = {w for g in GAMES.values() for w in (g.short or g.title, g.calculator or g.title)}
    # Every game's switches, a registered game's too (bela's and klaverjas' are not in SWITCHES).
    switches = {s.line for own in SWITCHES_OF.values() for s in own}
    return {preset_line(p) for p in PRESETS.values()} | switches | games


def rules_listing() -> dict[str, Any]:
    """Every preset and switch of each game with a line of what it is in each language
    (`GET /api/v1/rules`, `belot rules --json`, CONTRACT §5.3)."""
    langs = [Lang(code) for code in LANGS]
    return {
        "games": [
            {
                "game": game.value,
                "default": DEFAULT_PRESET[game],
                "target": PRESETS[DEFAULT_PRESET[game]].target,
                "presets": [
                    {
                        "name": p.name,
                        "title": p.title,
                        "words": {lang.code: preset_words(lang, p) for lang in langs},
                    }
                    for p in PRESETS.values()
                    if p.game is game
                ],
                "switches": [
                    {
                        "name": s.name,
                        "default": s.default,
                        "words": {lang.code: switch_words(lang, s) for lang in langs},
                    }
                    for s in SWITCHES_OF[game]
                ],
            }
            for game in DEFAULT_PRESET  # the registry's order, a registered game too
        ]
    }
