"""The pages' routes and static files, installed on the app."""

from __future__ import annotations

from fastapi import FastAPI

from belot.web import calculator, clubs, errors, local, matches, tournaments
from belot.web.assets import Assets
from belot.web.offline import pack as offline
from belot.web.render import Renderer


def setup(app: FastAPI) -> None:
    """Install the page routes, the hashed static files and the pages' error page on the app."""
    assets = Assets()
    renderer = Renderer(assets)
    app.state.renderer = renderer  # the routes that are top-level functions find it here
    app.include_router(assets.router())
    app.include_router(calculator.router(renderer))
    app.include_router(matches.router)
    app.include_router(local.router(renderer))
    app.include_router(clubs.router)
    app.include_router(tournaments.router)
    offline.install(app, renderer)  # the web app manifest, the service worker, the engine
    errors.install(app, renderer)  # last: what no route took is a page's 404 / 405
