"""What a name shown on the sheet may hold: any script, no invisible tricks.

A name is written on every phone at the table, so it must show what it says. Refused:
control and format characters (`Cc`, `Cf`): bidi overrides and isolates (U+202A–202E,
U+2066–2069) that turn the text around, the BOM, tag characters (U+E0000–E007F), soft hyphens
and marks; lone surrogates and private-use or unassigned code points; and names with nothing
visible in them (only spaces, zero-width joiners, combining marks or blank letters such as the
Hangul filler). The zero-width joiner and non-joiner stay allowed inside a visible name: Arabic
and Persian spelling and emoji sequences need them.
"""

from __future__ import annotations

import unicodedata

# Inside a name with visible letters: they shape letters and join emoji.
_JOINERS = frozenset({"\u200c", "\u200d"})
# Letters and symbols that draw nothing.
_BLANK = frozenset({"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800", "\u180e", "\u3000"})
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
_UNSEEN_CATEGORIES = frozenset({"Zs", "Zl", "Zp", "Mn", "Me", "Cf"})


def name_problem(name: str) -> str | None:
    """Why `name` cannot be shown as it is, or None when it can."""
    for ch in name:
        if ch in _JOINERS:
            continue
        if unicodedata.category(ch) in _REFUSED_CATEGORIES:
            return f"a name cannot hold invisible or control characters (U+{ord(ch):04X})"
    if all(ch in _BLANK or unicodedata.category(ch) in _UNSEEN_CATEGORIES for ch in name):
        return "a name needs at least one visible character"
    return None
