"""The sheet's notes say what the core decided under house rules, never a rule of their own."""

from __future__ import annotations

from belot.core.match import Match
from belot.core.presets import rules_for
from belot.core.types import Game
from belot.web.marks import row_marks
from belot.words.i18n import Lang
from belot.words.results import team_names

EN = Lang("en")
# 91 : 91: 9 hang
HANGING: dict[str, object] = {
    "contract": "spades", "declarer": "us", "cards": {"us": 71}, "last_trick": "them",
    "declarations": {"us": [20], "them": []},
}  # fmt: skip
# 134 : 124 made, 13 : 13 under bg
LEVEL: dict[str, object] = {
    "contract": "all-trumps", "declarer": "us", "cards": {"us": 124}, "last_trick": "us",
}  # fmt: skip


def notes(game: str, rules: object, deals: tuple[dict[str, object], ...]) -> list[list[str]]:
    preset = rules_for(Game(game), rules)
    sheet = Match(game, preset.key, deals).replay()
    names = team_names(EN, game)
    out, carried = [], 0
    for row in sheet.rows:
        out.append(row_marks(EN, game, row.input, row.result, carried, names, None,
                             row.hanging_to, row.challenged))  # fmt: skip
        carried = row.hanging
    return out


def test_hanging_points_that_wait_on_are_not_said_to_be_won() -> None:
    assert any("hanging to" in n for n in notes("belot", "bg", (HANGING, LEVEL))[1])
    waiting = notes("belot", {"hanging-to-more": True}, (HANGING, LEVEL))
    assert not any("hanging to" in n for n in waiting[1])  # 13 : 13: the 9 wait on


def test_a_multiplied_kaboot_keeps_its_challenge_mark() -> None:
    kaboot = {"mode": "hokm", "buyer": "us", "kaboot": "us", "multiplier": 3}
    plain = notes("baloot", "sa", (kaboot,))[0]
    multiplied = notes("baloot", {"kaboot-multiplied": True}, (kaboot,))[0]
    assert len(multiplied) == len(plain) + 1
