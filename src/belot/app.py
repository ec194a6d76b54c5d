"""The one ASGI app: the API and the pages, over one `MatchStore`."""

from __future__ import annotations

from dataclasses import dataclass, field

from fastapi import FastAPI
from starlette.middleware.gzip import GZipMiddleware

from belot import api
from belot.http.body import BodyLimit
from belot.http.security import SecurityHeaders
from belot.store import MatchStore
from belot.store.engine import default_url
from belot.web.routes import setup as setup_pages


@dataclass(frozen=True, slots=True)
class Config:
    # `BELOT_DATABASE_URL`, else an SQLite file `./belot.sqlite3`; read when a Config is made.
    database_url: str = field(default_factory=default_url)
    title: str = "belot"


def create_app(config: Config | str | None = None) -> FastAPI:
    """The app; a plain string is taken as the database URL."""
    if isinstance(config, str):
        config = Config(database_url=config)
    config = config or Config()
    app = FastAPI(
        title=config.title,
        summary="Score calculator and score keeper for Bulgarian Belot and Saudi Baloot",
        version="1",
        openapi_url="/openapi.json",
        docs_url="/api/docs",
        redoc_url=None,
    )
    app.state.config = config
    app.state.store = MatchStore(config.database_url)  # migrates the database
    api.install(app)
    setup_pages(app)
    # Innermost first: each middleware added wraps the ones before it.
    # Pages, htmx and long match sheets travel compressed to phones on the table's network.
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    app.add_middleware(BodyLimit)
    # Outermost: every answer carries the headers, the middleware's own refusals included.
    app.add_middleware(SecurityHeaders)
    return app
