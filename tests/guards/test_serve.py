"""`belot serve`'s server: no token in its log, idle connections closed, limits as options."""

from __future__ import annotations

import logging
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import uvicorn
from click.testing import CliRunner
from fastapi import FastAPI

from belot.cli import main
from belot.cli.serve import server_config
from belot.http.logs import redact
from support import free_port


@contextmanager
def running(config: uvicorn.Config) -> Iterator[str]:
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{config.port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


class Captured(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def test_an_edit_link_visit_leaves_no_token_in_the_log(app: FastAPI) -> None:
    config = server_config(app, port=free_port(), log_level="info")
    captured = Captured()
    access = logging.getLogger("uvicorn.access")
    access.addHandler(captured)
    try:
        with running(config) as base:
            created = httpx.post(f"{base}/api/v1/matches", json={"game": "belot"}).json()
            token, url = created["token"], f"{base}/m/{created['id']}"
            old_link = httpx.get(f"{url}?token={token}", follow_redirects=False)
            assert old_link.status_code == 303 and "tok_" in old_link.headers["set-cookie"]
            httpx.get(f"{url}?lang=bg&token={token}&x=1", follow_redirects=False)
            httpx.post(f"{url}/claim", data={"token": token}, follow_redirects=False)
            headers = {"Authorization": f"Bearer {token}"}
            httpx.get(f"{base}/api/v1/matches/{created['id']}", headers=headers)
    finally:
        access.removeHandler(captured)
    log = "\n".join(captured.lines)
    assert "token=[redacted]" in log and "/claim" in log
    assert token not in log


def test_redaction_keeps_the_rest_of_the_address() -> None:
    assert (
        redact("GET /m/abc?lang=bg&token=s3cr3t&x=1") == "GET /m/abc?lang=bg&token=[redacted]&x=1"
    )
    assert redact("/m/abc?TOKEN=a") == "/m/abc?TOKEN=[redacted]"
    # any name holding "token" looks like one (issue 32): redacted; another name is kept
    assert redact("/m/abc?notoken=a") == "/m/abc?notoken=[redacted]"
    assert redact("/m/abc?tok=a&lang=fr") == "/m/abc?tok=a&lang=fr"


def _closed_within(sock: socket.socket, seconds: float) -> bool:
    sock.settimeout(seconds)
    try:
        return sock.recv(1024) == b""
    except TimeoutError:
        return False


def test_idle_and_trickling_connections_are_closed_after_the_timeout(app: FastAPI) -> None:
    config = server_config(app, port=free_port(), timeout_keep_alive=1)
    with running(config) as base:
        silent = socket.create_connection(("127.0.0.1", config.port))
        trickling = socket.create_connection(("127.0.0.1", config.port))
        trickling.sendall(b"GET / HTTP/1.1\r\n")
        started = time.monotonic()
        for _ in range(3):  # a byte now and then does not keep a head alive
            time.sleep(0.3)
            trickling.sendall(b"X")
        assert _closed_within(silent, 3) and _closed_within(trickling, 3)
        assert time.monotonic() - started < 4
        silent.close()
        trickling.close()
        # A request that comes in time is answered, and its connection kept for the next.
        with httpx.Client() as http:
            assert http.get(f"{base}/api/v1/matches/x").status_code == 404
            assert http.get(f"{base}/api/v1/matches/x").status_code == 404


def test_a_request_head_that_never_ends_is_cut_off(app: FastAPI) -> None:
    config = server_config(app, port=free_port(), max_head=4096)
    with running(config):
        with socket.create_connection(("127.0.0.1", config.port)) as sock:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 20_000)
            sock.settimeout(3)
            answer = sock.recv(1024)
        assert answer.startswith(b"HTTP/1.1 400") or answer == b""


def test_serve_documents_its_limits() -> None:
    text = CliRunner().invoke(main, ["serve", "--help"]).output
    for option in ("--limit-concurrency", "--backlog", "--timeout-keep-alive",
                   "--timeout-graceful-shutdown", "--max-head", "--public-url",
                   "--allowed-hosts", "--rate-limit"):  # fmt: skip
        assert option in text
