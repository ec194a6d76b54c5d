"""OpenAPI schemas of the tournaments' requests and answers (CONTRACT.md §5.4)."""

from __future__ import annotations

from typing import Any

from belot.api.deal_schemas import rules_schema
from belot.api.schemas import nullable
from belot.core.games import GAME_NAMES, GAMES

Schema = dict[str, Any]
_ID: Schema = {"type": "string"}
_COUNT: Schema = {"type": "integer", "minimum": 0}
_PAIR: Schema = {"type": "array", "items": _ID, "minItems": 2, "maxItems": 2}
_MAYBE_ID: Schema = {"type": ["string", "null"]}

TOURNAMENT_COMPONENTS: dict[str, Schema] = {
    "NewTournament": {
        "type": "object",
        "description": "A tournament of 2 to 64 pairs of the club's players, no player twice",
        "properties": {
            "name": {"type": "string", "minLength": 1, "maxLength": 60},
            "game": {"type": "string", "enum": list(GAME_NAMES)},
            "rules": nullable(rules_schema(*GAMES)),
            "format": {"type": "string", "enum": ["round-robin", "knockout", "swiss"]},
            "rounds": {
                "type": "integer",
                "minimum": 1,
                "maximum": 64,
                "description": "Swiss only: how many rounds (given for another format: 422 "
                "`rounds-not-swiss`)",
            },
            "pairs": {"type": "array", "items": _PAIR, "minItems": 2, "maxItems": 64},
        },
        "required": ["name", "format", "pairs"],
        "additionalProperties": False,
    },
    "Tournament": {
        "type": "object",
        "properties": {
            "id": _ID,
            "club": _ID,
            "name": {"type": "string"},
            "game": {"type": "string"},
            "rules": rules_schema(*GAMES),
            "format": {"type": "string", "enum": ["round-robin", "knockout", "swiss"]},
            "pairs": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"id": _ID, "players": _PAIR, "name": {"type": "string"}},
                },
            },
            "rounds": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "n": {"type": "integer", "minimum": 1},
                        "tables": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "description": "a null second pair is a bye: no match",
                                "properties": {
                                    "table": {"type": "integer", "minimum": 1},
                                    "pairs": {"type": "array", "items": _MAYBE_ID},
                                    "match": _MAYBE_ID,
                                    "winner": {
                                        **_MAYBE_ID,
                                        "description": "the pair that won; a knockout's "
                                        "drawn table: its first pair, which goes on",
                                    },
                                    "draw": {
                                        "type": "boolean",
                                        "description": "its match ended level (a number of "
                                        "deals played)",
                                    },
                                },
                            },
                        },
                    },
                },
            },
            "standings": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "rank": {"type": "integer", "minimum": 1},
                        "pair": _ID,
                        **{k: _COUNT for k in ("played", "won", "lost", "drawn")},
                        "points_for": {"type": "integer"},
                        "points_against": {"type": "integer"},
                    },
                },
            },
            "finished": {"type": "boolean"},
            "winner": _MAYBE_ID,
        },
        "required": [
            "id",
            "club",
            "name",
            "game",
            "rules",
            "format",
            "pairs",
            "rounds",
            "standings",
            "finished",
            "winner",
        ],
    },
    "Ratings": {
        "type": "object",
        "properties": {
            "players": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "id": _ID,
                        "name": {"type": "string"},
                        "rating": {"type": "number"},
                        "matches": _COUNT,
                    },
                },
            },
            "pairs": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "players": _PAIR,
                        "rating": {"type": "number"},
                        "matches": _COUNT,
                    },
                },
            },
        },
        "required": ["players", "pairs"],
    },
}
