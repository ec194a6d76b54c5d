"""Issue 18: live-sheet streams are capped per client address and per match (429 with
Retry-After past either), a slot frees when its stream ends, and reads go on meanwhile."""

from __future__ import annotations

import socket
import time
from contextlib import ExitStack

import httpx
from fastapi import FastAPI

from belot.app import Config, create_app
from belot.http.streams import PER_ADDRESS, PER_MATCH, StreamSlots
from support import serving


def _open(base: str, match_id: str, source: str = "127.0.0.1") -> tuple[socket.socket, bytes]:
    """A stream opened by hand: the socket (held open) and its status line."""
    host, port = base.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=5, source_address=(source, 0))
    sock.sendall(f"GET /api/v1/matches/{match_id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                 "Accept: text/event-stream\r\n\r\n".encode())  # fmt: skip
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(4096)
        if not chunk:
            break
        head += chunk
    return sock, head


def _app(sqlite_url: str, per_address: int, per_match: int) -> FastAPI:
    app = create_app(Config(database_url=sqlite_url))
    app.state.stream_slots = StreamSlots(per_address=per_address, per_match=per_match)
    return app


def test_the_caps_are_stated() -> None:
    assert (PER_ADDRESS, PER_MATCH) == (20, 200)


def test_one_address_gets_its_share_and_no_more(sqlite_url: str) -> None:
    app = _app(sqlite_url, per_address=3, per_match=5)
    with serving(app) as base, ExitStack() as held:
        match_id = httpx.post(f"{base}/api/v1/matches", json={"game": "belot"}).json()["id"]
        for _ in range(3):
            sock, head = _open(base, match_id)
            held.callback(sock.close)
            assert head.startswith(b"HTTP/1.1 200"), head
        sock, head = _open(base, match_id)
        held.callback(sock.close)
        assert head.startswith(b"HTTP/1.1 429"), head
        assert b"retry-after: 10" in head.lower()
        # Another address is still let in, and anyone can still read the match.
        other, head = _open(base, match_id, "127.0.0.2")
        held.callback(other.close)
        assert head.startswith(b"HTTP/1.1 200"), head
        assert httpx.get(f"{base}/api/v1/matches/{match_id}").status_code == 200
        refused = httpx.get(f"{base}/api/v1/matches/{match_id}/events")
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "too-many-streams"
        # One match holds at most per_match streams, from any addresses.
        sock, head = _open(base, match_id, "127.0.0.3")
        held.callback(sock.close)
        assert head.startswith(b"HTTP/1.1 200"), head
        sock, head = _open(base, match_id, "127.0.0.4")
        held.callback(sock.close)
        assert head.startswith(b"HTTP/1.1 429"), head
        second = httpx.post(f"{base}/api/v1/matches", json={"game": "belot"}).json()["id"]
        sock, head = _open(base, second, "127.0.0.4")
        held.callback(sock.close)
        assert head.startswith(b"HTTP/1.1 200"), head


def test_a_slot_frees_when_its_viewer_leaves(sqlite_url: str) -> None:
    app = _app(sqlite_url, per_address=1, per_match=10)
    with serving(app) as base:
        match_id = httpx.post(f"{base}/api/v1/matches", json={"game": "belot"}).json()["id"]
        first, head = _open(base, match_id)
        assert head.startswith(b"HTTP/1.1 200")
        second, head = _open(base, match_id)
        second.close()
        assert head.startswith(b"HTTP/1.1 429")
        first.close()
        deadline = time.monotonic() + 10
        while True:
            again, head = _open(base, match_id)
            again.close()
            if head.startswith(b"HTTP/1.1 200"):
                break
            assert time.monotonic() < deadline, "the slot was never given back"
            time.sleep(0.2)
        slots = app.state.stream_slots
        deadline = time.monotonic() + 10
        while slots.by_address or slots.by_match:  # every stream gone: nothing counted
            assert time.monotonic() < deadline, (slots.by_address, slots.by_match)
            time.sleep(0.1)


def test_tournament_streams_count_with_the_matches(sqlite_url: str) -> None:
    from api.test_tournament_events import tournament_of

    app = _app(sqlite_url, per_address=1, per_match=10)
    with serving(app) as base, ExitStack() as held:
        match_id = httpx.post(f"{base}/api/v1/matches", json={"game": "belot"}).json()["id"]
        tid, _ = tournament_of(base)
        sock, head = _open(base, match_id)
        held.callback(sock.close)
        assert head.startswith(b"HTTP/1.1 200"), head
        refused = httpx.get(f"{base}/api/v1/tournaments/{tid}/events")
        assert refused.status_code == 429, refused.text
        assert refused.json()["error"]["code"] == "too-many-streams"
        assert refused.headers["retry-after"] == "10"
