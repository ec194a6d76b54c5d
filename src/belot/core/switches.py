"""House rules (RULES.md §4): each table's customs as named switches over a preset.

This is the one declaration of the switches: their names, their game and a plain English line
of what each changes (said in every language by `belot.words.rules`, from the catalogs).
Every switch is off by default in every preset; with every switch off a preset scores exactly
as RULES.md §1–2. The scoring reads them in `belot.core.belot` and `belot.core.baloot`; the
API, the command line and the pages list them from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from belot.core.types import Game

# Belot (RULES.md §4.1)
BORDER_TO_DECLARERS: Final = "border-to-declarers"
NO_TRUMPS_ROUND_FIRST: Final = "no-trumps-round-first"
NO_TRUMPS_CAPOT_DOUBLED: Final = "no-trumps-capot-doubled"
HANGING_TO_MORE: Final = "hanging-to-more"
CONTRA_ROUND_FIRST: Final = "contra-round-first"
# Baloot (RULES.md §4.2)
BALOOT_OUTSIDE_VERDICT: Final = "baloot-outside-verdict"
TIE_BY_ABNAT: Final = "tie-by-abnat"
DOUBLED_TIE_TO_OPPONENTS: Final = "doubled-tie-to-opponents"
DOUBLED_MADE_SPLIT: Final = "doubled-made-split"
KABOOT_PROJECTS_COMPARED: Final = "kaboot-projects-compared"
KABOOT_MULTIPLIED: Final = "kaboot-multiplied"
GAHWA_SHUTOUT_ONLY: Final = "gahwa-shutout-only"
GAHWA_BALOOT_AFTER: Final = "gahwa-baloot-after"
HOKM_SIXES_TO_FEWER: Final = "hokm-sixes-to-fewer"
SUN_DOUBLE_ALWAYS: Final = "sun-double-always"

# French belote (RULES.md §4.3)
ANNONCES: Final = "annonces"
TIE_INSIDE: Final = "tie-inside"
NO_ROUNDING: Final = "no-rounding"  # French belote and coinche alike
# Coinche and contrée (RULES.md §4.4)
LITIGE: Final = "litige"
FAILURE_162: Final = "failure-162"
COINCHE_KEEPS_OWN: Final = "coinche-keeps-own"
SURCOINCHE_X3: Final = "surcoinche-x3"
BELOTE_NOT_MULTIPLIED: Final = "belote-not-multiplied"
BELOTE_NOT_FOR_CONTRACT: Final = "belote-not-for-contract"
POINTS_ANNONCES: Final = "points-annonces"
GENERALE: Final = "generale"
SANS_TOUT_ATOUT: Final = "sans-tout-atout"


@dataclass(frozen=True, slots=True)
class Switch:
    """A house rule: its name, its game, and one plain English line of what it changes (the
    msgid `belot.words.rules` says in each language)."""

    name: str
    game: Game
    line: str
    default: bool = False
    # A game registered from outside may bring its own words, by language code; the core's
    # own switches are said by the catalogs.
    words: Mapping[str, str] | None = None


SWITCHES: tuple[Switch, ...] = (
    Switch(
        BORDER_TO_DECLARERS,
        Game.BELOT,
        "Made deal on the border (suit 6, all trumps 4): the declarers round up (106 "
        ": 56 → 11 : 5).",
    ),
    Switch(
        NO_TRUMPS_ROUND_FIRST,
        Game.BELOT,
        "No trumps: round the declarers' cards first, then double (73 : 57 → 14 : 12).",
    ),
    Switch(
        NO_TRUMPS_CAPOT_DOUBLED,
        Game.BELOT,
        "No-trumps capot: the capot bonus is doubled with the cards, 44 instead of 35.",
    ),
    Switch(
        HANGING_TO_MORE,
        Game.BELOT,
        "Hanging points go to the team that writes more in the next deal; on a tie "
        "they stay hanging.",
    ),
    Switch(
        CONTRA_ROUND_FIRST,
        Game.BELOT,
        "Contra and recontra: round the deal first, then multiply (212 × 4 → 84).",
    ),
    Switch(
        BALOOT_OUTSIDE_VERDICT,
        Game.BALOOT,
        "Baloot is not counted when deciding made, tie or lost; it is added after.",
    ),
    Switch(
        TIE_BY_ABNAT,
        Game.BALOOT,
        "A tie in points is settled by abnat: the buyer with fewer abnat loses.",
    ),
    Switch(
        DOUBLED_TIE_TO_OPPONENTS,
        Game.BALOOT,
        "Doubled (or more) round on equal totals: the buyer loses.",
    ),
    Switch(
        DOUBLED_MADE_SPLIT,
        Game.BALOOT,
        "Doubled round made: each team writes its own points × the level (hokm ×2, 10"
        " : 6 with a sira → 24 : 12).",
    ),
    Switch(
        KABOOT_PROJECTS_COMPARED,
        Game.BALOOT,
        "Kaboot: projects are compared as in any round; the winner scores its projects.",
    ),
    Switch(
        KABOOT_MULTIPLIED,
        Game.BALOOT,
        "Kaboot under double, three or four is multiplied too.",
    ),
    Switch(
        GAHWA_SHUTOUT_ONLY,
        Game.BALOOT,
        "Gahwa wins the sakka only when the other team ends the round with no points.",
    ),
    Switch(
        GAHWA_BALOOT_AFTER,
        Game.BALOOT,
        "Gahwa: each team's baloot is added after (152 + 2 = 154).",
    ),
    Switch(
        HOKM_SIXES_TO_FEWER,
        Game.BALOOT,
        "Hokm, both abnat ending in 6: the team with more rounds down, the other takes the rest.",
    ),
    Switch(
        SUN_DOUBLE_ALWAYS,
        Game.BALOOT,
        "Sun double allowed whatever the match totals.",
    ),
    Switch(
        ANNONCES,
        Game.FRENCH_BELOTE,
        "Declarations (tierce, cinquante, cent, carrés) allowed and counted: one "
        "contest, the strongest team scores all of its own.",
    ),
    Switch(
        TIE_INSIDE,
        Game.FRENCH_BELOTE,
        "Equal totals (81 : 81): the taker is inside, nothing hangs.",
    ),
    Switch(
        NO_ROUNDING,
        Game.FRENCH_BELOTE,
        "Every record exact, not rounded to the ten (82 : 80 stays 82 : 80).",
    ),
    Switch(
        LITIGE,
        Game.COINCHE,
        "Not coinched, bid reached, equal totals: the defence writes its points, the "
        "taker's hang for the next deal.",
    ),
    Switch(
        FAILURE_162,
        Game.COINCHE,
        "A failed contract gives the defence 162 + the bid, not 160 + the bid.",
    ),
    Switch(
        COINCHE_KEEPS_OWN,
        Game.COINCHE,
        "Coinched and made: the taker writes (its points + the bid) × the coinche, "
        "the defence keeps its own points.",
    ),
    Switch(
        SURCOINCHE_X3,
        Game.COINCHE,
        "Surcoinche multiplies by 3, not by 4.",
    ),
    Switch(
        BELOTE_NOT_MULTIPLIED,
        Game.COINCHE,
        "The belote (20) is added after the coinche multiplies, never multiplied.",
    ),
    Switch(
        BELOTE_NOT_FOR_CONTRACT,
        Game.COINCHE,
        "The taker's belote does not help to reach the bid.",
    ),
    Switch(
        POINTS_ANNONCES,
        Game.COINCHE,
        "Only the bid is written, not the points: made, the taker writes the bid (× "
        "coinche); failed, the defence does.",
    ),
    Switch(
        GENERALE,
        Game.COINCHE,
        "The bid générale (one player takes all eight tricks) is allowed, worth 500.",
    ),
    Switch(
        SANS_TOUT_ATOUT,
        Game.COINCHE,
        "No trumps and all trumps may be bid, with their own card values (152 in all).",
    ),
    Switch(
        NO_ROUNDING,
        Game.COINCHE,
        "Every record exact, not rounded to the ten (223 : 49 stays 223 : 49).",
    ),
)

# By name alone: the first game that has it (`no-rounding` is French belote's and coinche's);
# a game's own switch is found in `SWITCHES_OF` (house rules look there first).
SWITCH_BY_NAME: dict[str, Switch] = {}
for _s in SWITCHES:
    SWITCH_BY_NAME.setdefault(_s.name, _s)
SWITCHES_OF: dict[Game, tuple[Switch, ...]] = {
    game: tuple(s for s in SWITCHES if s.game is game) for game in Game
}
SWITCH_OF_GAME: dict[tuple[Game, str], Switch] = {(s.game, s.name): s for s in SWITCHES}
