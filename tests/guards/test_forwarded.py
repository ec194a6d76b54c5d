"""Issue 18: `X-Forwarded-For` is believed only from the proxies named in a setting (none by
default), so a forged header neither resets the rate limit nor puts a false address in the log."""

from __future__ import annotations

import logging

import httpx
from click.testing import CliRunner

from belot.app import Config, create_app
from belot.cli import main
from belot.cli.serve import server_config
from support import free_port

from .test_serve import Captured, running


def _log_and_statuses(sqlite_url: str, allow: str | None) -> tuple[str, list[int]]:
    app = create_app(Config(database_url=sqlite_url, rate_limit="3/minute"))
    config = server_config(app, port=free_port(), forwarded_allow_ips=allow)
    captured, access = Captured(), logging.getLogger("uvicorn.access")
    access.addHandler(captured)
    statuses = []
    try:
        with running(config) as base:
            for n in range(5):  # a new forged address each time, from loopback
                forged = {"X-Forwarded-For": f"203.0.113.{n}"}
                made = httpx.post(f"{base}/api/v1/matches", json={"game": "belot"},
                                  headers=forged)  # fmt: skip
                statuses.append(made.status_code)
    finally:
        access.removeHandler(captured)
        app.state.store.close()
    return "\n".join(captured.lines), statuses


def test_a_forged_forwarded_for_from_loopback_changes_nothing(sqlite_url: str) -> None:
    log, statuses = _log_and_statuses(sqlite_url, None)
    assert statuses == [201, 201, 201, 429, 429]  # the limit counts the real address
    assert "203.0.113." not in log and "127.0.0.1" in log


def test_a_named_proxy_is_believed(sqlite_url: str) -> None:
    log, statuses = _log_and_statuses(sqlite_url, "127.0.0.1")
    assert statuses == [201] * 5  # five clients behind the proxy, each under its limit
    assert "203.0.113.4" in log


def test_serve_names_the_setting() -> None:
    text = CliRunner().invoke(main, ["serve", "--help"]).output
    assert "--forwarded-allow-ips" in text and "BELOT_FORWARDED_ALLOW_IPS" in text
