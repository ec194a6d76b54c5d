"""A toy game (issue 24): two fields and one rule, registered the way any game joins.

`call` is high or low, `winner` the team that took the one trick; the winner scores 1, or 2
on a high call. Imported before any layer is built (`tests/test_toy_game.py` runs it in a
process of its own), so every layer that asks the registry has it.
"""

from __future__ import annotations

from typing import Any, ClassVar

from belot.core.errors import BelotError
from belot.core.fields import TEAM_NAMES, DealField, Shape
from belot.core.games import GameInfo
from belot.core.register import register
from belot.core.rules_base import Rules
from belot.core.types import Game, declare_game

TOY = declare_game("toy")
CALLS = ("high", "low")


class ToyRules(Rules):
    name = "toy"
    game = TOY
    title = "Toy"
    summary = "The winner of the one trick scores 1, or 2 on a high call."
    target = 3
    words: ClassVar[dict[str, str]] = {"bg": "Играчка.", "ar": "لعبة.", "en": "A toy.",
                                        "fr": "Un jouet."}  # fmt: skip


def score(deal: dict[str, Any], rules: Rules) -> dict[str, Any]:
    call, winner = deal.get("call"), deal.get("winner")
    if call not in CALLS:
        raise BelotError("invalid-choice", "call", f"call is one of {', '.join(CALLS)}")
    if winner not in TEAM_NAMES:
        raise BelotError("invalid-choice", "winner", "winner is us or them")
    points = 2 if call == "high" else 1
    return {"outcome": "made", "score": {t: points if t == winner else 0 for t in TEAM_NAMES}}


def fields(game: Game) -> tuple[DealField, ...]:
    return (
        DealField("game", Shape.GAME, (game.value,), required=True),
        DealField("rules", Shape.RULES, description="a preset's name"),
        DealField("call", Shape.CHOICE, CALLS, required=True, description="high or low"),
        DealField("winner", Shape.TEAM, TEAM_NAMES, required=True,
                  description="who took the trick"),
    )  # fmt: skip


INFO = register(
    "toy",
    lambda game: GameInfo(game, "Toy", "en", "nothing", path="/toy", scores=score),
    fields=fields,
    presets=(ToyRules(),),
    team_names={"us": "Us", "them": "Them"},
)
