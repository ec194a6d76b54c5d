"""Deals the store and API tests play, with the results RULES.md gives them."""

from __future__ import annotations

Deal = dict[str, object]

# All trumps 134 : 124 → 13 : 13 (RULES.md 1.6): the totals stay level, so a match of these
# never ends, however long.
LEVEL: Deal = {"contract": "all-trumps", "declarer": "us", "cards": {"us": 124}, "last_trick": "us"}
# RULES.md 1.9: raw 112 : 70, made, 11 : 7.
MADE: Deal = {
    "contract": "hearts",
    "declarer": "us",
    "cards": {"us": 82},
    "last_trick": "us",
    "declarations": {"us": [20]},
}
# RULES.md 1.9: raw 91 : 91, hanging, 0 : 9, 9 hang.
HANGING: Deal = {
    "contract": "spades",
    "declarer": "us",
    "cards": {"us": 71},
    "last_trick": "them",
    "declarations": {"us": [20]},
}
# Recontra of MADE: us 112 > 70, (112 + 70) × 4 = 728 → 73 : 0. Three of them end a match.
RECONTRA: Deal = {**MADE, "multiplier": 4}
# Not a deal: card points above the deck.
INVALID: Deal = {"contract": "hearts", "declarer": "us", "cards": {"us": 160}, "last_trick": "us"}
# Sun, non-buyer 65 abnat → 13 : 13 tie (RULES.md 2.7): a sakka of these never ends either.
BALOOT_TIE: Deal = {"mode": "sun", "buyer": "us", "abnat": {"them": 65}}
