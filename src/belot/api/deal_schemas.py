"""The deal schemas of /openapi.json, built from the core's declaration of a deal's fields
(`belot.core.fields`): a field added there shows here, with its choices and bounds."""

from __future__ import annotations

from typing import Any

from belot.core.fields import (
    COMBINATION_KINDS,
    DEAL_FIELDS,
    PROJECT_KINDS,
    RANKS,
    TEAM_NAMES,
    DealField,
    Shape,
    play_fields,
)
from belot.core.presets import PRESETS
from belot.core.switches import SWITCHES_OF
from belot.core.types import Game
from belot.words.i18n import Lang
from belot.words.rules import switch_words

Schema = dict[str, Any]

TEAM: Schema = {"type": "string", "enum": list(TEAM_NAMES)}


def nullable(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


def per_team(item: Schema, *, both: bool = False) -> Schema:
    schema: Schema = {
        "type": "object",
        "properties": {team: item for team in TEAM_NAMES},
        "additionalProperties": False,
    }
    if both:
        schema["required"] = list(TEAM_NAMES)
    return schema


def rules_schema(*games: Game) -> Schema:
    """`rules` (CONTRACT §1, §5.3): a preset's name, or house rules over a preset; read from
    the core's presets and switches."""
    preset_names = [name for name, preset in PRESETS.items() if preset.game in games]
    english = Lang("en")  # the schema's words
    switches = {s.name: {"type": "boolean", "default": s.default,
                         "description": switch_words(english, s)}
                for game in games for s in SWITCHES_OF[game]}  # fmt: skip
    return {
        "anyOf": [
            {"type": "string", "enum": preset_names},
            {
                "type": "object",
                "description": "house rules (RULES.md §4): a preset and switches turned on or off",
                "properties": {"preset": {"type": "string", "enum": preset_names}, **switches},
                "additionalProperties": False,
            },
        ]
    }


COMBINATION: Schema = {
    "type": "object",
    "properties": {
        "kind": {"type": "string", "enum": list(COMBINATION_KINDS)},
        "high": {"type": "string", "enum": list(RANKS)},
    },
    "required": ["kind", "high"],
    "additionalProperties": False,
}
# The French games' combinations may say they are in trump (RULES.md 6.3).
TRUMP_COMBINATION: Schema = {
    **COMBINATION,
    "properties": {**COMBINATION["properties"], "trump": {"type": "boolean", "default": False}},
}
# Bela's runs may say their length too (RULES.md 7.3: five, six or seven in a row).
LENGTH_COMBINATION: Schema = {
    **TRUMP_COMBINATION,
    "properties": {
        **TRUMP_COMBINATION["properties"],
        "length": {"type": "integer", "enum": [3, 4, 5, 6, 7]},
    },
}
PROJECT: Schema = {
    "anyOf": [
        {"type": "string", "enum": list(PROJECT_KINDS)},
        {
            "type": "object",
            "properties": {
                "kind": {"type": "string", "enum": list(PROJECT_KINDS)},
                "high": {"type": "string", "enum": list(RANKS)},
            },
            "required": ["kind"],
            "additionalProperties": False,
        },
    ]
}


def _number(f: DealField) -> Schema:
    schema: Schema = {"type": "integer"}
    if f.minimum is not None:
        schema["minimum"] = f.minimum
    if f.maximum is not None:
        schema["maximum"] = f.maximum
    return schema


def field_schema(game: Game, f: DealField) -> Schema:
    """One declared field as JSON Schema."""
    shape = f.shape
    described: Schema = {"description": f.description} if f.description else {}
    if shape is Shape.GAME:
        return {"type": "string", "enum": list(f.choices), **described}
    if shape is Shape.RULES:
        return rules_schema(game)
    if shape is Shape.CHOICE:
        return {"type": "string", "enum": list(f.choices), **described}
    if shape is Shape.TEAM:
        return {**TEAM, **described}
    if shape is Shape.TEAM_OR_NONE:
        return {**nullable(TEAM), **described}
    if shape is Shape.NUMBER:
        return {**_number(f), **described}
    if shape is Shape.MULTIPLIER:
        numbers = [c for c in f.choices if isinstance(c, int)]
        words = [c for c in f.choices if isinstance(c, str)]
        number: Schema = {"type": "integer", "enum": numbers}
        if not words:
            return {**number, **described}
        return {"anyOf": [number, {"type": "string", "enum": words}], **described}
    if shape in (Shape.POINTS_PER_TEAM, Shape.COUNT_PER_TEAM):
        return {**per_team(_number(f), both=f.both_teams), **described}
    if shape is Shape.DECLARATIONS:
        values: Schema = {"type": "integer", "enum": list(f.choices)}
        combination = (
            LENGTH_COMBINATION
            if f.length_flag
            else TRUMP_COMBINATION
            if f.trump_flag
            else COMBINATION
        )
        items: Schema = {"anyOf": [values, combination]}
        return {**per_team({"type": "array", "items": items}), **described}
    if shape is Shape.PROJECTS:
        return {**per_team({"type": "array", "items": PROJECT}), **described}
    if shape is Shape.BID:
        number = {**_number(f), "multipleOf": f.step} if f.step else _number(f)
        return {"anyOf": [number, {"type": "string", "enum": list(f.choices)}], **described}
    if shape is Shape.FLAG:
        return {"type": "boolean", **described}
    if shape is Shape.ROEM:
        total: Schema = {**_number(f), "multipleOf": f.step} if f.step else _number(f)
        claims: Schema = {"type": "array", "items": {"type": "integer", "enum": list(f.choices)}}
        return {**per_team({"anyOf": [total, claims]}), **described}
    raise AssertionError(f"no schema for {shape}")  # a new shape must be described here


def deal_schema(game: Game, description: str, *, in_match: bool = False,
                extra: dict[str, Schema] | None = None) -> Schema:  # fmt: skip
    """A deal of `game` (CONTRACT §1), or a deal in a match (its play fields only)."""
    fields = play_fields(game) if in_match else DEAL_FIELDS[game]
    properties = {f.name: field_schema(game, f) for f in fields}
    properties.update(extra or {})
    required = [f.name for f in fields if f.required]  # a game other than the first says so
    schema: Schema = {
        "type": "object",
        "description": description,
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }
    either = [f for f in fields if f.unless is not None]
    if either:  # at least one of the pair (the last trick unless a capot says it); inside
        # allOf, so that client generators still make a model of the object
        schema["allOf"] = [{"anyOf": [{"required": [f.name]} for f in either]}]
    return schema
