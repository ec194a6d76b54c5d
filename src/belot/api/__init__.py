"""The HTTP API of CONTRACT.md §5, under /api/v1."""

from __future__ import annotations

from fastapi import FastAPI

from belot.api import clubs, events, rules, tournaments
from belot.api.errors import install_error_handlers
from belot.api.openapi import install_openapi
from belot.api.routes import router


def install(app: FastAPI) -> None:
    """Routes, the one error format and the OpenAPI components."""
    app.include_router(router)
    app.include_router(events.router)
    app.include_router(clubs.router)
    app.include_router(rules.router)
    app.include_router(tournaments.router)
    install_error_handlers(app)
    install_openapi(app)


__all__ = ["install", "router"]
