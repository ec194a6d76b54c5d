"""A tournament on a real server: a drawn round and each change of its matches are heard
(with PostgreSQL also when another app instance makes the change); draws at once make one."""

from __future__ import annotations

import contextlib
import json
import queue
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest
from fastapi import FastAPI

from belot.app import create_app
from sample_deals import MADE
from support import serving


@contextmanager
def following(base: str, tournament: str) -> Iterator[queue.Queue[int]]:
    heard: queue.Queue[int] = queue.Queue()
    host, port = base.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=30)
    sock.sendall(f"GET /api/v1/tournaments/{tournament}/events HTTP/1.1\r\nHost: {host}\r\n\r\n"
                 .encode())  # fmt: skip
    lines = sock.makefile("rb")

    def read() -> None:
        with contextlib.suppress(OSError, ValueError):
            assert " 200 " in lines.readline().decode()
            for raw in lines:
                line = raw.decode().strip()
                if line.startswith("data: "):
                    heard.put(json.loads(line.removeprefix("data: "))["version"])

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    try:
        yield heard
    finally:
        sock.shutdown(socket.SHUT_RDWR)
        sock.close()
        thread.join(timeout=5)


def tournament_of(base: str) -> tuple[str, dict[str, str]]:
    club = httpx.post(f"{base}/api/v1/clubs", json={"name": "C"}).json()
    auth = {"Authorization": f"Bearer {club['token']}"}
    ids = [httpx.post(f"{base}/api/v1/clubs/{club['id']}/players", json={"name": f"P{i}"},
                      headers=auth).json()["id"] for i in range(4)]  # fmt: skip
    made = httpx.post(f"{base}/api/v1/clubs/{club['id']}/tournaments", headers=auth,
                      json={"name": "T", "format": "round-robin",
                            "pairs": [ids[:2], ids[2:]]}).json()  # fmt: skip
    return made["id"], auth


def changes_are_heard(watched: str, changed: str) -> None:
    tid, auth = tournament_of(changed)
    with following(watched, tid) as heard:
        assert heard.get(timeout=10) == 0
        drawn = httpx.post(f"{changed}/api/v1/tournaments/{tid}/rounds", headers=auth).json()
        assert heard.get(timeout=10) == 1  # one table drawn
        match = drawn["rounds"][0]["tables"][0]["match"]
        httpx.post(f"{changed}/api/v1/matches/{match}/deals", json=MADE, headers=auth)
        assert heard.get(timeout=10) == 2  # its match changed


def test_a_round_and_a_deal_are_heard(app: FastAPI) -> None:
    with serving(app) as base:
        changes_are_heard(base, base)


@pytest.mark.postgres
def test_another_instance_hears_them(app: FastAPI, db_url: str) -> None:
    if not db_url.startswith("postgresql"):
        pytest.skip("app instances share changes through PostgreSQL")
    other = create_app(db_url)
    try:
        with serving(app) as watched, serving(other) as changed:
            changes_are_heard(watched, changed)
    finally:
        other.state.store.close()


def test_draws_at_once_make_one_round(app: FastAPI) -> None:
    with serving(app) as base:
        tid, auth = tournament_of(base)
        barrier = threading.Barrier(6)
        statuses: list[int] = []

        def draw() -> None:
            with httpx.Client(timeout=60) as http:
                barrier.wait()
                answer = http.post(f"{base}/api/v1/tournaments/{tid}/rounds", headers=auth)
                statuses.append(answer.status_code)

        threads = [threading.Thread(target=draw) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(statuses) == [201, 409, 409, 409, 409, 409]
        t = httpx.get(f"{base}/api/v1/tournaments/{tid}").json()
        assert len(t["rounds"]) == 1
        club = httpx.get(f"{base}/api/v1/clubs/{t['club']}").json()
        assert len(club["matches"]) == 1  # the refused draws made no match
