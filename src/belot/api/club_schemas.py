"""OpenAPI schemas of the clubs' requests and answers (CONTRACT.md §5.2)."""

from __future__ import annotations

from typing import Any

from belot.api.deal_schemas import rules_schema
from belot.api.schemas import DEAL_COUNT, DEALER, TARGET, nullable, ref
from belot.core.games import GAME_NAMES, GAMES

Schema = dict[str, Any]
_NAME: Schema = {"type": "string", "minLength": 1, "maxLength": 60}
_ID: Schema = {"type": "string"}
_COUNT: Schema = {"type": "integer", "minimum": 0}


def _named(description: str) -> Schema:
    return {
        "type": "object",
        "description": description,
        "properties": {"name": _NAME},
        "required": ["name"],
        "additionalProperties": False,
    }


CLUB_COMPONENTS: dict[str, Schema] = {
    "NewClub": _named("A new club"),
    "NewPlayer": _named("A new player of the club"),
    "Player": {
        "type": "object",
        "properties": {"id": _ID, "name": _NAME},
        "required": ["id", "name"],
    },
    "CreatedClub": {
        "type": "object",
        "properties": {
            "id": _ID,
            "name": _NAME,
            "token": {"type": "string", "description": "the club's edit token: shown once"},
        },
        "required": ["id", "name", "token"],
    },
    "NewClubMatch": {
        "type": "object",
        "description": "A club's match: the seats are four of its players' ids, dealing order",
        "properties": {
            "game": {"type": "string", "enum": list(GAME_NAMES)},
            "rules": nullable(rules_schema(*GAMES)),
            "teams": {
                "type": "object",
                "properties": {"us": _NAME, "them": _NAME},
                "additionalProperties": False,
            },
            "seats": {"type": "array", "items": _ID, "minItems": 4, "maxItems": 4},
            "first_dealer": DEALER,
            "target": TARGET,
            "deal_count": DEAL_COUNT,
        },
        "required": ["seats"],
        "additionalProperties": False,
    },
    "Club": {
        "type": "object",
        "properties": {
            "id": _ID,
            "name": _NAME,
            "players": {"type": "array", "items": ref("Player")},
            "matches": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "id": _ID,
                        "game": {"type": "string"},
                        "teams": {"type": "object"},
                        "finished": {"type": "boolean"},
                        "winner": {"type": ["string", "null"]},
                        "created": {"type": "string", "format": "date-time"},
                    },
                },
            },
        },
        "required": ["id", "name", "players", "matches"],
    },
    "ClubStats": {
        "type": "object",
        "properties": {
            "players": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "id": _ID,
                        "name": _NAME,
                        **{
                            k: _COUNT
                            for k in ("matches", "wins", "deals", "called", "made", "capots")
                        },
                    },
                },
            },
            "pairs": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "players": {"type": "array", "items": _ID},
                        "matches": _COUNT,
                        "wins": _COUNT,
                        # deals the pair's team won the bid, named caller or not (issue 32)
                        "called": _COUNT,
                        "made": _COUNT,
                    },
                },
            },
        },
        "required": ["players", "pairs"],
    },
}
