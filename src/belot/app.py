"""The one ASGI app: the API and the pages, over one `MatchStore`.

Settings come from `Config`, whose defaults read the environment when a Config is made:
`BELOT_DATABASE_URL`, `BELOT_ALLOWED_HOSTS`, `BELOT_PUBLIC_URL`, `BELOT_RATE_LIMIT`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from fastapi import FastAPI
from limits import RateLimitItem
from starlette.middleware.gzip import GZipMiddleware

from belot import api
from belot.http.body import BodyLimit
from belot.http.csrf import CrossSiteGuard
from belot.http.hosts import DEFAULT_HOSTS, AllowedHosts
from belot.http.hosts import public_base as public_base
from belot.http.ratelimit import Counter, MemoryCounter, RateLimit, is_write, parse_rate
from belot.http.security import SecurityHeaders
from belot.store import MatchStore
from belot.store.clubs import ClubStore
from belot.store.engine import default_url
from belot.store.rate_windows import RateWindows
from belot.store.tournaments import TournamentStore
from belot.web.calculator import GAMES as CALCULATOR_PAGES
from belot.web.routes import setup as setup_pages

DEFAULT_RATE_LIMIT = "120/minute"


def _allowed_hosts() -> tuple[str, ...]:
    listed = os.environ.get("BELOT_ALLOWED_HOSTS", "")
    names = tuple(name.strip() for name in listed.split(",") if name.strip())
    return names or DEFAULT_HOSTS


def _public_url() -> str | None:
    return os.environ.get("BELOT_PUBLIC_URL") or None


def _rate_limit() -> str:
    return os.environ.get("BELOT_RATE_LIMIT", DEFAULT_RATE_LIMIT)


@dataclass(frozen=True, slots=True)
class Config:
    # `BELOT_DATABASE_URL`, else an SQLite file `./belot.sqlite3`.
    database_url: str = field(default_factory=default_url)
    title: str = "belot"
    # `BELOT_ALLOWED_HOSTS` (comma-separated; `*` allows any), else the loopback names only.
    allowed_hosts: tuple[str, ...] = field(default_factory=_allowed_hosts)
    # `BELOT_PUBLIC_URL`: the address share and edit links use, e.g. https://belot.example.
    public_url: str | None = field(default_factory=_public_url)
    # `BELOT_RATE_LIMIT`: writes per client address ("120/minute"); "0" is off. Counted in the
    # database with PostgreSQL (once across every instance), in the process with SQLite.
    rate_limit: str = field(default_factory=_rate_limit)

    def __post_init__(self) -> None:
        if self.public_url is not None:
            parts = urlsplit(self.public_url)
            if parts.scheme not in ("http", "https") or not parts.hostname:
                raise ValueError(f"BELOT_PUBLIC_URL: {self.public_url!r} is no http(s) address")
        parse_rate(self.rate_limit)  # a typo fails at start, not at the first request

    @property
    def public_origin(self) -> str | None:
        if self.public_url is None:
            return None
        parts = urlsplit(self.public_url)
        return f"{parts.scheme}://{parts.netloc}"

    @property
    def hosts(self) -> tuple[str, ...]:
        """The allowed names, the public URL's own included."""
        if self.public_url is None:
            return self.allowed_hosts
        return (*self.allowed_hosts, urlsplit(self.public_url).hostname or "")


def _counter(store: MatchStore, rate: RateLimitItem) -> Counter:
    """The rate limit's count: in the database with PostgreSQL (shared by every instance on
    it), in the process with SQLite."""
    if store.engine.dialect.name == "postgresql":
        return RateWindows(store.engine, rate)
    return MemoryCounter(rate)


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
    app.state.public_url = config.public_url
    app.state.store = MatchStore(config.database_url)  # migrates the database
    app.state.clubs = ClubStore(app.state.store)
    app.state.tournaments = TournamentStore(app.state.store)
    api.install(app)
    setup_pages(app)
    # Innermost first: each middleware added wraps the ones before it.
    # Pages, htmx and long match sheets travel compressed to phones on the table's network.
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    app.add_middleware(BodyLimit)
    app.add_middleware(CrossSiteGuard, public_origin=config.public_origin)
    rate = parse_rate(config.rate_limit)
    if rate is not None:
        # Every write; with PostgreSQL counted in the database, once for every instance.
        calculators = frozenset(CALCULATOR_PAGES.values())
        app.add_middleware(
            RateLimit,
            rate=rate,
            counter=_counter(app.state.store, rate),
            counted=lambda method, path: is_write(method, path, calculators),
        )
    app.add_middleware(AllowedHosts, hosts=config.hosts)
    # Outermost: every answer carries the headers, the middleware's own refusals included.
    app.add_middleware(SecurityHeaders)
    return app


__all__ = ["Config", "create_app", "public_base"]
