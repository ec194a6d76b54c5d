"""`GET /api/v1/rules`: every preset and house rule, each explained in bg, ar and en."""

from __future__ import annotations

from fastapi import APIRouter
from starlette.responses import JSONResponse

from belot.words.rules import rules_listing

router = APIRouter(prefix="/api/v1")


@router.get(
    "/rules",
    summary="The rule presets and house rules (switches) of each game",
    responses={200: {"description": "each preset and switch with one line in bg, ar and en"}},
)
def list_rules() -> JSONResponse:
    return JSONResponse(rules_listing())
