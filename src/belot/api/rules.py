"""`GET /api/v1/rules`: every preset and house rule, each explained in every language of the
pages (bg, ar, en, fr, hr, nl)."""

from __future__ import annotations

from fastapi import APIRouter
from starlette.responses import JSONResponse

from belot.words.rules import rules_listing

router = APIRouter(prefix="/api/v1")


@router.get(
    "/rules",
    summary="The rule presets and house rules (switches) of each game",
    responses={200: {"description": "each preset and switch with a line in every language"}},
)
def list_rules() -> JSONResponse:
    return JSONResponse(rules_listing())
