"""The pages' routes and static files, installed on the app."""

from __future__ import annotations

from fastapi import FastAPI

from belot.web import calculator, matches
from belot.web.assets import Assets
from belot.web.render import Renderer


def setup(app: FastAPI) -> None:
    """Install the page routes and the hashed static files on the app."""
    assets = Assets()
    renderer = Renderer(assets)
    app.include_router(assets.router())
    app.include_router(calculator.router(renderer))
    app.include_router(matches.router(renderer))
