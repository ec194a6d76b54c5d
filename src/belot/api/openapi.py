"""/openapi.json: FastAPI's document, with the contract's schemas added as components."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from belot.api.club_schemas import CLUB_COMPONENTS
from belot.api.schemas import COMPONENTS


def install_openapi(app: FastAPI) -> None:
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            document = generate()  # also caches itself in app.openapi_schema
            schemas = document.setdefault("components", {}).setdefault("schemas", {})
            schemas.update(COMPONENTS)
            schemas.update(CLUB_COMPONENTS)
        return app.openapi_schema or {}

    app.openapi = openapi  # type: ignore[method-assign]
