"""CONTRACT.md §5.1: the live sheet's events, on a real server, on both databases."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest
from click.testing import CliRunner
from fastapi import FastAPI

from belot.app import create_app
from belot.cli import main
from support import answered, free_port, serving

DEAL = {"contract": "hearts", "declarer": "us", "cards": {"us": 82}, "last_trick": "us"}


@contextmanager
def following(base: str, match_id: str, last_id: str | None = None) -> Iterator[queue.Queue[int]]:
    """The versions a viewer hears, read from the stream in a thread (`last_id`: a reconnect
    naming the last event heard, as EventSource does).

    A plain socket, so that leaving is a shutdown the server notices at once."""
    heard: queue.Queue[int] = queue.Queue()
    host, port = base.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=30)
    resume = f"Last-Event-ID: {last_id}\r\n" if last_id is not None else ""
    sock.sendall(
        f"GET /api/v1/matches/{match_id}/events HTTP/1.1\r\nHost: {host}\r\n{resume}\r\n".encode()
    )
    lines = sock.makefile("rb")

    def read() -> None:
        with contextlib.suppress(OSError, ValueError):
            status = lines.readline().decode()
            assert " 200 " in status, status
            event = None
            for raw in lines:
                line = raw.decode().strip()
                if line.lower().startswith("content-type:"):
                    assert "text/event-stream" in line
                elif line.startswith("event: "):
                    event = line.removeprefix("event: ")
                elif line.startswith("data: ") and event == "version":
                    heard.put(json.loads(line.removeprefix("data: "))["version"])

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    try:
        yield heard
    finally:
        sock.shutdown(socket.SHUT_RDWR)
        sock.close()
        thread.join(timeout=5)


def new_match(base: str) -> tuple[str, dict[str, str]]:
    body = httpx.post(f"{base}/api/v1/matches", json={"game": "belot"}).json()
    return body["id"], {"Authorization": f"Bearer {body['token']}"}


def test_a_reconnect_resumes_from_the_last_version_heard(app: FastAPI) -> None:
    with serving(app) as base:
        match_id, auth = new_match(base)
        for _ in range(4):
            httpx.post(f"{base}/api/v1/matches/{match_id}/deals", json=DEAL, headers=auth)
        with following(base, match_id, last_id="1") as heard:  # heard 1, then the drop
            assert [heard.get(timeout=10) for _ in range(3)] == [2, 3, 4]
            httpx.post(f"{base}/api/v1/matches/{match_id}/deals", json=DEAL, headers=auth)
            assert heard.get(timeout=10) == 5
        for odd in ("4", "9", "x", "-1", "١"):  # none missed, or not ours: the version now
            with following(base, match_id, last_id=odd) as heard:
                assert heard.get(timeout=10) == 5
                with pytest.raises(queue.Empty):
                    heard.get(timeout=0.3)


def test_a_viewer_hears_the_current_version_then_every_change(app: FastAPI) -> None:
    with serving(app) as base:
        match_id, auth = new_match(base)
        with following(base, match_id) as heard:
            assert heard.get(timeout=10) == 0
            for n in (1, 2):
                r = httpx.post(f"{base}/api/v1/matches/{match_id}/deals", json=DEAL, headers=auth)
                assert r.status_code == 201
                assert heard.get(timeout=10) == n
            r = httpx.delete(f"{base}/api/v1/matches/{match_id}/deals/1", headers=auth)
            assert r.status_code == 200
            assert heard.get(timeout=10) == 3
            # A refused change is no change: nothing is heard.
            bad = httpx.post(
                f"{base}/api/v1/matches/{match_id}/deals", json={"contract": "x"}, headers=auth
            )
            assert bad.status_code == 422
            with pytest.raises(queue.Empty):
                heard.get(timeout=0.5)


def test_an_unknown_match_is_404_not_a_stream(app: FastAPI) -> None:
    with serving(app) as base:
        r = httpx.get(f"{base}/api/v1/matches/nope/events")
        assert r.status_code == 404
        assert r.json()["error"]["code"] == "match-not-found"


@pytest.mark.postgres
def test_every_instance_hears_a_change_made_on_another(db_url: str) -> None:
    if not db_url.startswith("postgresql"):
        pytest.skip("instances share a database only on PostgreSQL")
    first, second = create_app(db_url), create_app(db_url)
    with serving(first) as base_a, serving(second) as base_b:
        match_id, auth = new_match(base_a)
        with following(base_a, match_id) as on_a, following(base_b, match_id) as on_b:
            assert on_a.get(timeout=10) == 0 and on_b.get(timeout=10) == 0
            r = httpx.post(f"{base_b}/api/v1/matches/{match_id}/deals", json=DEAL, headers=auth)
            assert r.status_code == 201
            assert on_a.get(timeout=10) == 1
            assert on_b.get(timeout=10) == 1


@pytest.mark.postgres
def test_belot_serve_with_workers_shares_the_live_sheet(db_url: str) -> None:
    """`belot serve --workers 2`: two processes on one socket; every viewer hears every change,
    whichever process holds its stream and whichever made the change."""
    if not db_url.startswith("postgresql"):
        pytest.skip("several workers need PostgreSQL")
    port = free_port()
    env = {**os.environ, "BELOT_RATE_LIMIT": "0"}
    server = subprocess.Popen(
        [sys.executable, "-m", "belot", "serve", "--workers", "2", "--port", str(port),
         "--db", db_url, "--log-level", "warning"],
        env=env,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        ready = answered(f"{base}/api/v1/matches/x", server, 60, lambda r: r.status_code == 404)
        assert ready is not None, "no server"
        match_id, auth = new_match(base)
        with contextlib.ExitStack() as stack:
            viewers = [stack.enter_context(following(base, match_id)) for _ in range(4)]
            assert [v.get(timeout=30) for v in viewers] == [0] * 4
            for n in (1, 2, 3):
                r = httpx.post(f"{base}/api/v1/matches/{match_id}/deals", json=DEAL, headers=auth)
                assert r.status_code == 201
                assert [v.get(timeout=30) for v in viewers] == [n] * 4
    finally:
        server.terminate()
        server.wait(timeout=20)


def test_several_workers_on_sqlite_are_refused(runner: CliRunner, sqlite_url: str) -> None:
    result = runner.invoke(main, ["serve", "--workers", "2", "--db", sqlite_url])
    assert result.exit_code == 2
    assert "PostgreSQL" in result.output


@pytest.mark.postgres
def test_two_hundred_changes_over_two_instances_reach_every_viewer_in_order(db_url: str) -> None:
    """Changes made through either of two instances on one PostgreSQL: each viewer, whichever
    instance holds its stream, hears every version in order, none missing, none twice."""
    if not db_url.startswith("postgresql"):
        pytest.skip("instances share a database only on PostgreSQL")
    first, second = create_app(db_url), create_app(db_url)
    with serving(first) as base_a, serving(second) as base_b:
        match_id, auth = new_match(base_a)
        with (
            following(base_a, match_id) as on_a,
            following(base_b, match_id) as on_b,
            httpx.Client() as client,
        ):
            assert on_a.get(timeout=10) == 0 and on_b.get(timeout=10) == 0
            for n in range(1, 201):
                base = base_a if n % 2 else base_b
                if n % 3 == 0:  # a replace: a change like any other
                    r = client.put(f"{base}/api/v1/matches/{match_id}/deals/1", json=DEAL,
                                   headers=auth)  # fmt: skip
                else:
                    r = client.post(f"{base}/api/v1/matches/{match_id}/deals", json=DEAL,
                                    headers=auth)  # fmt: skip
                assert r.status_code in (200, 201), r.text
                if r.json()["finished"]:
                    client.delete(f"{base}/api/v1/matches/{match_id}/deals/1", headers=auth)
            last = client.get(f"{base_a}/api/v1/matches/{match_id}").json()["version"]
            for viewer in (on_a, on_b):
                heard = [0]
                while heard[-1] != last:
                    heard.append(viewer.get(timeout=20))
                assert heard == list(range(last + 1)), "in order, none missing, none twice"
