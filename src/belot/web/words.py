"""Saying results and errors in the page's language: outcome words, errors by code, team names.

Every English string here is a msgid (marked with `N_` so extraction finds it); the
catalogs in `locales/` say it in Bulgarian and Arabic.
"""

from __future__ import annotations

from collections.abc import Mapping

from belot.core.errors import BelotError
from belot.web.i18n import Lang


def N_(msgid: str) -> str:
    """Marks a msgid for extraction; translated later, when the language is known."""
    return msgid


TEAM_WORDS = {"us": N_("Us"), "them": N_("Them")}
BALOOT_TEAM_WORDS = {"us": N_("Us (baloot)"), "them": N_("Them (baloot)")}

OUTCOMES = {
    "made": N_("made"),
    "inside": N_("inside"),
    "hanging": N_("hanging"),
    "tie": N_("tie"),
    "lost": N_("lost"),
    "kaboot": N_("kaboot"),
}

# What to say for a missing field, by field: the player has not chosen it yet.
MISSING = {
    "contract": N_("Choose the contract."),
    "declarer": N_("Say who declared."),
    "last_trick": N_("Say who took the last trick."),
    "cards": N_("Type the card points of one team."),
    "mode": N_("Choose Sun or Hokm."),
    "buyer": N_("Say who bought."),
    "abnat": N_("Type the abnat of one team."),
}

ERRORS = {
    "not-a-number": N_("Type a whole number."),
    "cards-out-of-range": N_("Card points are at most %(deck)s."),
    "cards-impossible": N_("No set of cards adds up to %(value)s points."),
    "cards-sum": N_("Both teams' card points must add up to %(deck)s."),
    "capot-conflict": N_("With a capot one team took every trick and every card point."),
    "declarations-forbidden": N_("No trumps has no declarations."),
    "belots-forbidden": N_("No trumps has no belot."),
    "belots-out-of-range": N_("A belot count cannot be negative."),
    "too-many-belots": N_("This contract has at most %(limit)s belot(s) in a deal."),
    "invalid-multiplier": N_("This game has no such contra or challenge."),
    "negative-hanging": N_("Hanging points cannot be negative."),
    "invalid-declaration": N_("%(value)s is not a declaration: 20, 50, 100, 150 or 200."),
    "sequence-conflict": N_(
        "Both teams have sequences (20 or 50), but only one team's sequences count."
    ),
    "carre-conflict": N_("Both teams have carrés (150 or 200), but only one team's carrés count."),
    "duplicate-carre": N_("That carré can be declared only once in a deal."),
    "impossible-combination": N_("No such combination exists."),
    "mixed-declarations": N_("Give declarations the same way for both teams."),
    "too-many-projects": N_("A team has at most %(limit)s projects (two a player)."),
    "project-forbidden": N_("That project is not allowed here: four-hundred is Sun only."),
    "impossible-project": N_("No such project exists."),
    "duplicate-four-hundred": N_("There is only one four-hundred in a round: four aces."),
    "projects-tie": N_(
        "The best projects are equal: say whose player sits first after the dealer."
    ),
    "sun-multiplier": N_("Sun allows only the double: no three, four or gahwa."),
    "sun-double-forbidden": N_(
        "A Sun double needs the buyer over %(limit)s and the others at %(limit)s or less."
    ),
    "abnat-out-of-range": N_("Abnat are at most %(total)s."),
    "abnat-impossible": N_("No set of cards adds up to %(value)s abnat."),
    "abnat-sum": N_("Both teams' abnat must add up to %(total)s."),
    "kaboot-conflict": N_("With a kaboot one team took every trick and all the abnat."),
    "baloot-forbidden": N_("There is no baloot in Sun."),
    "before-out-of-range": N_("Match totals cannot be negative."),
    "match-over": N_("The match is over: no more deals."),
    "deal-not-found": N_("That deal is not on the sheet any more."),
    "stale-version": N_("The sheet changed meanwhile; here it is again. Please check and retry."),
}


def error_text(lang: Lang, err: BelotError) -> str:
    """The error in the page's language, by code, with its numbers; English message otherwise."""
    top = (err.field or "").split(".")[0]
    if err.code == "missing-field" and top in MISSING:
        return lang.gettext(MISSING[top])
    msgid = ERRORS.get(err.code)
    if msgid is None:
        return err.message
    try:
        text = lang.gettext(msgid)
        return text % err.params if "%(" in msgid else text  # missing numbers: KeyError
    except (KeyError, ValueError, TypeError):
        return err.message


def team_names(lang: Lang, game: str, teams: Mapping[str, str] | None = None) -> dict[str, str]:
    """A match's own team names, else the table's words (Ние / Вие, لنا / لهم)."""
    if teams:
        return {t: teams.get(t) or lang.gettext(TEAM_WORDS[t]) for t in ("us", "them")}
    words = BALOOT_TEAM_WORDS if game == "baloot" else TEAM_WORDS
    return {t: lang.gettext(words[t]) for t in ("us", "them")}


def outcome_word(lang: Lang, outcome: str) -> str:
    return lang.gettext(OUTCOMES.get(outcome, outcome))
