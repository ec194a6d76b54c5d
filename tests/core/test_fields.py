"""A deal's shape is declared once (`belot.core.fields`) and every layer reads it: a field
declared and missed by a layer fails here, loudly, instead of being silently dropped."""

from __future__ import annotations

from typing import Any

import pytest

from belot.api.deal_schemas import deal_schema
from belot.api.schemas import COMPONENTS
from belot.cli.deal_words import option_fields
from belot.cli.score import score as score_command
from belot.contract import score
from belot.core import contract, fields, plain
from belot.core.fields import DEAL_FIELDS, DealField, Shape, names, play_fields
from belot.core.games import GAMES
from belot.core.types import Game
from belot.web.spec import SPECS

# What the calculator does not ask, and why: Baloot plays one preset (its house rules are the
# toggles), and the match totals `before` come from a match, never typed into the calculator.
NOT_ON_THE_FORM = {
    Game.BELOT: {"game"},
    Game.BALOOT: {"game", "rules", "before"},
    Game.FRENCH_BELOTE: {"game", "multiplier"},  # always 1: French belote has no coinche
    Game.COINCHE: {"game"},
}
# What the fast reader reads; a game it does not read at all, it steps aside for (tested).
FAST_READS = {Game.BELOT: plain.READS_BELOT, Game.BALOOT: plain.READS_BALOOT}
DUMMY = DealField("dummy", Shape.NUMBER, minimum=0, maximum=9)
DEAL = {"game": "belot", "contract": "hearts", "declarer": "us", "cards": {"us": 82},
        "last_trick": "us"}  # fmt: skip


def missing(game: Game) -> dict[str, frozenset[str] | set[str]]:
    """Each layer's declared fields it does not know."""
    declared = names(game)
    reads = FAST_READS.get(game, names(game))
    schema = deal_schema(game, "")["properties"]
    form = set(SPECS[game.value].fields) | NOT_ON_THE_FORM[game]
    # the command's own options (built at import), each field by its word; the first word
    # is the contract (or the mode)
    options = {p.name for p in score_command.params}
    cli = {f.name for f in DEAL_FIELDS[game] if f.word.replace("-", "_") in options} | {
        f.name for f in DEAL_FIELDS[game] if f.shape in (Shape.GAME, Shape.CHOICE)
    }
    return {
        "fast reader": declared - reads,
        "API schema": declared - set(schema),
        "page form": declared - form,
        "command line": declared - cli,
    }


@pytest.mark.parametrize("game", list(Game))
def test_every_layer_knows_every_declared_field(game: Game) -> None:
    assert missing(game) == {layer: set() for layer in missing(game)}
    component = GAMES[game].component
    assert set(COMPONENTS[f"{component}Deal"]["properties"]) == names(game)
    in_match = COMPONENTS[f"{component}MatchDeal"]["properties"]
    assert set(in_match) == {f.name for f in play_fields(game)} | {"caller"}


@pytest.mark.parametrize("game", [g for g in Game if g not in FAST_READS])
def test_the_fast_reader_steps_aside_for_a_game_it_does_not_read(game: Game) -> None:
    deal = {"game": game.value, "contract": "hearts", "declarer": "us", "cards": {"us": 72},
            "last_trick": "us", "bid": 80}  # fmt: skip
    with pytest.raises(plain.NotPlain):
        plain.fields(deal)


def test_a_new_field_is_picked_up_or_missed_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    """A dummy field added to Belot's declaration: the API's schema and the careful reader
    take it; the fast reader steps aside for a deal that holds it (never drops it); the page
    form and the command line built before it are reported as missing it (the command's
    options are the fields' words: the next start has it)."""
    monkeypatch.setitem(DEAL_FIELDS, Game.BELOT, (*DEAL_FIELDS[Game.BELOT], DUMMY))
    gaps = missing(Game.BELOT)
    assert gaps["API schema"] == set()
    assert gaps["page form"] == {"dummy"}
    assert gaps["command line"] == {"dummy"}
    assert gaps["fast reader"] == {"dummy"}
    assert option_fields()["dummy"] == [(GAMES[Game.BELOT], DUMMY)]  # the next command's option
    assert deal_schema(Game.BELOT, "")["properties"]["dummy"] == {
        "type": "integer", "minimum": 0, "maximum": 9,
    }  # fmt: skip
    with_dummy: dict[str, Any] = {**DEAL, "dummy": 3}
    with pytest.raises(plain.NotPlain):
        plain.fields(with_dummy)
    assert "dummy" in fields.names(Game.BELOT)
    assert score(with_dummy) == score(DEAL)  # the careful reader took it (nothing reads it yet)


def test_without_the_declaration_a_field_is_refused() -> None:
    with pytest.raises(ValueError) as caught:
        score({**DEAL, "dummy": 3})
    assert (caught.value.code, caught.value.field) == ("unknown-field", "dummy")  # type: ignore[attr-defined]


def test_what_a_match_supplies_is_declared() -> None:
    assert {"hanging", "before"} == contract.MATCH_SUPPLIED
