"""`belot serve`: the web app and its API, with uvicorn, its limits and timeouts set.

Every limit has a default fit for a phone-and-table server on a small machine; each is an
option. uvicorn answers 503 itself past `--limit-concurrency`; a connection that sends no
request within `--timeout-keep-alive` seconds is closed (`belot.http.idle`); access logs never
hold an edit token (`belot.http.logs`).
"""

from __future__ import annotations

from typing import Any

import click
import uvicorn

from belot.cli.options import database_unavailable, db_option, refuse
from belot.store.engine import default_url


def server_config(
    app: Any,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    log_level: str = "info",
    limit_concurrency: int = 400,
    backlog: int = 256,
    timeout_keep_alive: int = 5,
    timeout_graceful_shutdown: int = 10,
    max_head: int = 16 * 1024,
    workers: int = 1,
    forwarded_allow_ips: str | None = None,
) -> uvicorn.Config:
    """The uvicorn settings `belot serve` runs with (tests start servers with them too).

    `X-Forwarded-For` / `-Proto` are read only from the addresses in `forwarded_allow_ips`
    (a reverse proxy's); by default from none, whatever uvicorn's own default (loopback) or
    its `FORWARDED_ALLOW_IPS` say: else anyone on the machine could pose as any client, to
    the rate limit and the log."""
    from belot.http.idle import H11WithHeadTimeout
    from belot.http.logs import log_config

    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        log_config=log_config(),
        server_header=False,
        http=H11WithHeadTimeout,
        limit_concurrency=limit_concurrency,
        backlog=backlog,
        timeout_keep_alive=timeout_keep_alive,
        timeout_graceful_shutdown=timeout_graceful_shutdown,
        h11_max_incomplete_event_size=max_head,
        proxy_headers=bool(forwarded_allow_ips),
        forwarded_allow_ips=forwarded_allow_ips or "",
        # Several processes import the app themselves: by name, made by its factory from the
        # environment (`serve` sets it from its options).
        factory=workers > 1,
        workers=workers,
    )


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@db_option
@click.option("--log-level", default="info", show_default=True, help="uvicorn's log level.")
@click.option(
    "--public-url",
    envvar="BELOT_PUBLIC_URL",
    metavar="URL",
    help="The address people reach the app at, for share and edit links "
    "[default: $BELOT_PUBLIC_URL, else the request's own]",
)
@click.option(
    "--allowed-hosts",
    envvar="BELOT_ALLOWED_HOSTS",
    metavar="NAMES",
    help="Comma-separated host names the app answers to; * for any "
    "[default: $BELOT_ALLOWED_HOSTS, else localhost,127.0.0.1,::1; the public URL's is added]",
)
@click.option(
    "--rate-limit",
    envvar="BELOT_RATE_LIMIT",
    metavar="RATE",
    help="Changes per client address, e.g. 120/minute; 0 for none "
    "[default: $BELOT_RATE_LIMIT, else 120/minute]",
)
@click.option(
    "--limit-concurrency",
    default=400,
    show_default=True,
    type=click.IntRange(1),
    help="Connections and requests at once; past it, 503.",
)
@click.option(
    "--backlog",
    default=256,
    show_default=True,
    type=click.IntRange(1),
    help="Connections waiting to be accepted.",
)
@click.option(
    "--timeout-keep-alive",
    default=5,
    show_default=True,
    type=click.IntRange(1),
    help="Seconds an idle connection is kept, and a request head may take to arrive.",
)
@click.option(
    "--timeout-graceful-shutdown",
    default=10,
    show_default=True,
    type=click.IntRange(0),
    help="Seconds requests in flight get to finish on shutdown.",
)
@click.option(
    "--max-head",
    default=16 * 1024,
    show_default=True,
    type=click.IntRange(1024),
    help="Bytes a request line and headers may have (h11's incomplete event size).",
)
@click.option(
    "--forwarded-allow-ips",
    envvar="BELOT_FORWARDED_ALLOW_IPS",
    metavar="ADDRESSES",
    help="Comma-separated addresses (or networks) of reverse proxies whose X-Forwarded-For "
    "and X-Forwarded-Proto are trusted [default: $BELOT_FORWARDED_ALLOW_IPS, else none]",
)
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=click.IntRange(1, 64),
    help="Processes serving the app (PostgreSQL only: they share its live sheet).",
)
def serve(
    host: str,
    port: int,
    database_url: str | None,
    log_level: str,
    public_url: str | None,
    allowed_hosts: str | None,
    rate_limit: str | None,
    limit_concurrency: int,
    backlog: int,
    timeout_keep_alive: int,
    timeout_graceful_shutdown: int,
    max_head: int,
    forwarded_allow_ips: str | None,
    workers: int,
) -> None:
    """Run the calculator pages, the score sheets and the HTTP API."""
    # Imported here so `belot score` never pays for FastAPI and SQLAlchemy.
    from sqlalchemy.exc import SQLAlchemyError

    from belot.app import Config, create_app

    settings: dict[str, Any] = {"database_url": database_url or default_url()}
    if public_url:
        settings["public_url"] = public_url
    if allowed_hosts:
        settings["allowed_hosts"] = tuple(h.strip() for h in allowed_hosts.split(",") if h)
    if rate_limit is not None:
        settings["rate_limit"] = rate_limit
    try:
        config = Config(**settings)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None
    if workers > 1 and not config.database_url.startswith(("postgresql", "postgres:")):
        # Each process would hear only its own changes: viewers of the others would lag.
        raise click.BadParameter("several workers need PostgreSQL (--db postgresql://…)")
    try:
        app = create_app(config)  # opens and migrates the database once, before any worker
    except SQLAlchemyError as exc:
        refuse(database_unavailable(exc))
    if workers > 1:
        _export(config)
    server = uvicorn.Server(
        server_config(
            "belot.app:create_app" if workers > 1 else app,
            host=host,
            port=port,
            log_level=log_level,
            limit_concurrency=limit_concurrency,
            backlog=backlog,
            timeout_keep_alive=timeout_keep_alive,
            timeout_graceful_shutdown=timeout_graceful_shutdown,
            max_head=max_head,
            workers=workers,
            forwarded_allow_ips=forwarded_allow_ips,
        )
    )
    if workers > 1:
        # What uvicorn.run does for workers: one listening socket, N processes on it.
        from uvicorn.supervisors.multiprocess import Multiprocess

        Multiprocess(server.config, sockets=[server.config.bind_socket()]).run()
    else:
        server.run()


def _export(config: Any) -> None:
    """The settings as the environment the workers' `create_app()` reads them from."""
    import os

    os.environ["BELOT_DATABASE_URL"] = config.database_url
    os.environ["BELOT_ALLOWED_HOSTS"] = ",".join(config.allowed_hosts)
    os.environ["BELOT_RATE_LIMIT"] = config.rate_limit
    if config.public_url:
        os.environ["BELOT_PUBLIC_URL"] = config.public_url
