"""What the tournament pages show (issue 20): standings with the pairs' names, each round's
tables, the club's ratings; and the new-tournament form read back. Routes: `tournaments.py`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from belot.core.errors import BelotError
from belot.core.games import GAME_NAMES
from belot.core.presets import PRESETS
from belot.web.games import named
from belot.words.i18n import N_, Lang
from belot.words.results import error_text

FORMAT_WORDS = {
    "round-robin": N_("Round robin"),
    "knockout": N_("Knockout"),
    "swiss": N_("Swiss"),
}
# The tournaments' own refusals, said in the page's language (others: the result renderer).
ERRORS = {
    "player-twice": N_("A player plays in one pair only."),
    "unknown-player": N_("Choose players of this club."),
    "pair-count": N_("A tournament has %(min)s to %(max)s pairs."),
    "invalid-pairs": N_("Choose at least two pairs."),
    "invalid-pair": N_("Choose two players for each pair."),
    "unknown-format": N_("Choose round robin, knockout or Swiss."),
    "missing-rounds": N_("A Swiss tournament needs its number of rounds."),
    "invalid-rounds": N_("Rounds are a number from 1 to %(max)s."),
    "rounds-not-swiss": N_("Only a Swiss tournament takes a number of rounds."),
    "invalid-tournament-name": N_("A tournament's name has 1 to %(max)s characters."),
    "round-not-finished": N_("Round %(round)s is still being played: finish its matches first."),
    "tournament-over": N_("The tournament is over: no round is left."),
}
NO_TOURNAMENT = N_("No such tournament")
MAX_ROWS = 64  # pair rows on the new-tournament form
MAX_DIGITS = 9  # a typed number longer than this is no count of rounds


def said(lang: Lang, err: BelotError, game: str = GAME_NAMES[0]) -> str:
    msgid = ERRORS.get(err.code)
    if msgid is None:
        return error_text(lang, err, game)
    try:
        return lang.gettext(msgid) % err.params if "%(" in msgid else lang.gettext(msgid)
    except (KeyError, ValueError, TypeError):
        return err.message


@dataclass(frozen=True, slots=True)
class TableView:
    round: int
    number: int
    first: str
    second: str | None
    match: str | None
    winner: str | None
    points: tuple[int, int] | None
    draw: bool = False  # its match ended level: no one won it (a knockout's first pair goes on)

    @property
    def decided(self) -> bool:
        return self.winner is not None or self.draw


def tables(tournament: dict[str, Any], points: dict[str, tuple[int, int]]) -> list[list[TableView]]:
    """Each round's tables, with the played matches' points."""
    return [
        [
            TableView(
                r["n"],
                t["table"],
                t["pairs"][0],
                t["pairs"][1],
                t["match"],
                t["winner"],
                points.get(t["match"]) if t["match"] else None,
                bool(t.get("draw")),
            )
            for t in r["tables"]
        ]
        for r in tournament["rounds"]
    ]


def can_draw(tournament: dict[str, Any]) -> bool:
    """A next round can be drawn: the last one is decided and the format has one left."""
    rounds = tournament["rounds"]
    decided = not rounds or all(t["winner"] or t.get("draw") for t in rounds[-1]["tables"])
    return decided and len(rounds) < tournament["rounds_total"]


def open_matches(tournament: dict[str, Any]) -> list[str]:
    """The current round's matches still being played (the editor's browser may play them)."""
    rounds = tournament["rounds"]
    if not rounds:
        return []
    return [
        t["match"]
        for t in rounds[-1]["tables"]
        if t["match"] and not t["winner"] and not t.get("draw")
    ]


def presets_of(game: str) -> list[tuple[str, str]]:
    """(name, title) of the game's presets, for the rules select."""
    return [(name, p.title) for name, p in PRESETS.items() if p.game.value == game]


def posted_body(form: dict[str, str]) -> dict[str, object]:
    """The new-tournament form as the API's body: the pair rows with both players chosen."""
    pairs = []
    for i in range(MAX_ROWS):
        a, b = form.get(f"pair{i}a", ""), form.get(f"pair{i}b", "")
        if a or b:
            pairs.append([a, b])
    rounds = form.get("rounds", "").strip()
    body: dict[str, object] = {
        "name": form.get("name", ""),
        "game": named(form.get("game")),
        "format": form.get("format", ""),
        "pairs": pairs,
    }
    if form.get("rules"):
        body["rules"] = form["rules"]
    if rounds or body["format"] == "swiss":
        # Bounded before it is converted (5,000 digits are no count of rounds, and `int`
        # would raise); anything else goes on as typed, for the store to refuse at `rounds`.
        # Given for another format, it is refused there too, never ignored.
        whole = rounds.isascii() and rounds.isdecimal() and len(rounds) <= MAX_DIGITS
        body["rounds"] = int(rounds) if whole else rounds or None
    return body


def ratings_rows(ratings: dict[str, Any], limit: int = 30) -> list[dict[str, Any]]:
    return list(ratings["players"][:limit])
