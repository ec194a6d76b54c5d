"""JSON Schemas of CONTRACT.md §1-3 and §5, for /openapi.json only.

Requests are never validated against these (belot.contract does that, with the contract's
error codes); they document the API and let schemathesis generate meaningful requests.
"""

from __future__ import annotations

from typing import Any

from belot.api.deal_schemas import deal_schema, rules_schema
from belot.core.games import GAME_NAMES, GAMES

Schema = dict[str, Any]


def ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def nullable(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


TEAM: Schema = {"type": "string", "enum": ["us", "them"]}
POINTS: Schema = {"type": "integer"}


def _object(
    properties: dict[str, Schema],
    required: list[str],
    description: str,
    either: tuple[str, str] | None = None,
) -> Schema:
    """An object with no other fields; `either`: at least one of the two must be given."""
    schema: Schema = {
        "type": "object",
        "description": description,
        "properties": properties,
        **({"required": required} if required else {}),
        "additionalProperties": False,
    }
    if either is not None:
        schema["anyOf"] = [{"required": [either[0]]}, {"required": [either[1]]}]
    return schema


ERROR: Schema = {
    "type": "object",
    "description": "CONTRACT.md §3",
    "properties": {
        "error": {
            "type": "object",
            "properties": {
                "code": {"type": "string", "description": "stable kebab-case word"},
                "field": {"type": ["string", "null"], "description": "dotted path of the input"},
                "message": {"type": "string"},
            },
            "required": ["code", "field", "message"],
        }
    },
    "required": ["error"],
}

_SCORES = {
    "type": "object",
    "properties": {"us": POINTS, "them": POINTS},
    "required": ["us", "them"],
}
RESULT: Schema = {
    "type": "object",
    "description": "CONTRACT.md §2",
    "properties": {
        "raw": _SCORES,
        "outcome": {
            "type": "string",
            "enum": ["made", "inside", "hanging", "tie", "lost", "kaboot", "passed"],
        },
        "score": _SCORES,
        "hanging": POINTS,
        "match_winner": TEAM,
    },
    "required": ["outcome", "score"],
}

SEAT: Schema = {"type": "integer", "minimum": 1, "maximum": 4}
CALLER: Schema = {**SEAT, "description": "the seat that won the bid, on the bidding team"}
DEALER: Schema = {
    **SEAT,
    "type": ["integer", "null"],
    "description": "the seat that deals first; null or absent: seat 1 when seated, else none",
}

# How long a new match plays (CONTRACT §1): a target, or a number of deals, when its game
# lets a match choose (the bounds are each game's; the API refuses the others at the field).
TARGET: Schema = {
    "type": ["integer", "null"],
    "minimum": 100,
    "maximum": 10_000,
    "description": "the points that end the match (French games, bela, klaverjas; default "
    "1000 for French belote, 2000 for coinche, 1001 for bela)",
}
DEAL_COUNT: Schema = {
    "type": ["integer", "null"],
    "minimum": 1,
    "maximum": 100,
    "description": "the number of deals the match plays, passed ones not counted, instead of "
    "a target (klaverjas; its default, 16, when no target is given either); with a target: "
    "422 match-mode",
}

MATCH: Schema = {
    "type": "object",
    "description": "A stored match, replayed from its deals (CONTRACT.md §5)",
    "properties": {
        "id": {"type": "string", "description": "public: enough to read, never to change"},
        "game": {"type": "string", "enum": list(GAME_NAMES)},
        "rules": rules_schema(*GAMES),
        "teams": {
            "type": "object",
            "properties": {"us": {"type": "string"}, "them": {"type": "string"}},
            "required": ["us", "them"],
        },
        "version": {"type": "integer", "description": "bumped by every change; for If-Match"},
        "created_at": {"type": "string", "format": "date-time"},
        "updated_at": {"type": "string", "format": "date-time"},
        "deals": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "n": {"type": "integer", "minimum": 1},
                    "input": {"type": "object", "description": "the deal as it was sent"},
                    "result": ref("Result"),
                    "totals": _SCORES,
                    "hanging": POINTS,
                },
                "required": ["n", "input", "result"],
            },
        },
        "totals": _SCORES,
        "hanging": POINTS,
        "finished": {"type": "boolean"},
        "winner": {**nullable(TEAM), "description": "null while playing, and for a draw"},
        "target": {
            "type": ["integer", "null"],
            "description": "the points that end the match; null for a match of a number of "
            "deals",
        },
        "deal_count": {
            "type": ["integer", "null"],
            "description": "the number of deals the match plays (passed ones not counted), "
            "the higher total winning, equal totals a draw (finished, winner null); null: it "
            "plays to its target",
        },
        "seats": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"name": {"type": "string"}, "player": nullable({"type": "string"})},
            },
        },
        "dealer": {**SEAT, "description": "the seat that deals next"},
        "club": {"type": "string"},
        "series": {
            "type": "object",
            "description": "the evening at this table (matches that followed each other): "
            "finished matches won by each side, and the matches played",
            "properties": {"us": {"type": "integer"}, "them": {"type": "integer"},
                           "matches": {"type": "integer"}},
        },
    },
    "required": ["id", "game", "rules", "teams", "version", "deals", "totals", "hanging",
                 "finished", "winner"],
}  # fmt: skip

# One deal schema and one match-deal schema per game of the registry.
DEAL_COMPONENTS: dict[str, Schema] = {
    f"{info.component}Deal": deal_schema(game, f"A {info.title} deal (CONTRACT.md §1)")
    for game, info in GAMES.items()
}
MATCH_DEAL_COMPONENTS: dict[str, Schema] = {
    f"{info.component}MatchDeal": deal_schema(
        game,
        f"A {info.title} deal in a match: no game, rules, nor what the match carries "
        f"({info.carries})",
        in_match=True,
        extra={"caller": CALLER},
    )
    for game, info in GAMES.items()
}

COMPONENTS: dict[str, Schema] = {
    **DEAL_COMPONENTS,
    "Deal": {"anyOf": [ref(name) for name in DEAL_COMPONENTS]},
    **MATCH_DEAL_COMPONENTS,
    "PassedDeal": _object(
        {"passed": {"const": True}}, ["passed"], "Everyone passed: no points, the next seat deals"
    ),
    "MatchDeal": {"anyOf": [*(ref(name) for name in MATCH_DEAL_COMPONENTS), ref("PassedDeal")]},
    "Result": RESULT,
    "Error": ERROR,
    "NewMatch": _object(
        {
            "game": {"type": "string", "enum": list(GAME_NAMES), "default": GAME_NAMES[0]},
            "rules": nullable(rules_schema(*GAMES)),
            "teams": {
                "type": "object",
                "properties": {
                    "us": {"type": "string", "minLength": 1, "maxLength": 60},
                    "them": {"type": "string", "minLength": 1, "maxLength": 60},
                },
                "additionalProperties": False,
            },
            "seats": {
                "type": "array",
                "items": {"type": "string", "minLength": 1, "maxLength": 60},
                "minItems": 4,
                "maxItems": 4,
                "description": "the players in dealing order: us = seats 1 and 3, them = 2 and 4",
            },
            "first_dealer": DEALER,
            "target": TARGET,
            "deal_count": DEAL_COUNT,
        },
        [],
        "A new match; rules default to the game's first preset",
    ),
    "Match": MATCH,
    "CreatedMatch": {
        "allOf": [
            ref("Match"),
            {
                "type": "object",
                "properties": {
                    "token": {
                        "type": "string",
                        "description": "the edit token: shown once, send as Bearer",
                    }
                },
                "required": ["token"],
            },
        ]
    },
}


def json_body(name: str) -> Schema:
    """An operation's `requestBody`, for `openapi_extra`."""
    return {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": ref(name)}},
        }
    }


def json_response(description: str, name: str) -> Schema:
    return {"description": description, "content": {"application/json": {"schema": ref(name)}}}


def errors(*statuses: int) -> dict[int | str, Schema]:
    words = {
        401: "no edit token",
        403: "wrong edit token",
        404: "unknown match or deal",
        409: "the match is over",
        412: "If-Match names a stale version",
        413: "body over 64 KiB",
        422: "invalid input (the error object names the field)",
    }
    return {status: json_response(words[status], "Error") for status in statuses}
