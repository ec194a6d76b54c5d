"""`belot serve` killed with SIGKILL while deals pour in: every deal answered 201 survives.

The server is a real subprocess on a loopback port. After the kill the database must open
cleanly, and each acknowledged request, retried with its Idempotency-Key, must get back the very
answer it got before: had its deal been lost, the retry would record a new one instead.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
from sqlalchemy.engine import make_url

from sample_deals import BALOOT_TIE
from support import answered, free_port

from .helpers import bearer

API = "/api/v1"
ACKS_BEFORE_KILL = 40


def belot_command() -> list[str]:
    script = Path(sys.executable).with_name("belot")
    return (
        [str(script)]
        if script.exists()
        else [sys.executable, "-c", "from belot.cli import main; main()"]
    )


@contextmanager
def server(db_url: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    port = free_port()
    process = subprocess.Popen(
        [*belot_command(), "serve", "--host", "127.0.0.1", "--port", str(port), "--db", db_url,
         "--log-level", "warning"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    if answered(f"{base}/openapi.json", process, 30, pause=0.05, wait=1) is None:
        process.kill()
        raise RuntimeError(f"belot serve did not start: {process.communicate()[1]!r}")
    try:
        yield base, process
    finally:
        if process.poll() is None:
            process.terminate()
        process.wait(timeout=10)
        assert process.stderr is not None
        process.stderr.close()


def test_sigkill_loses_no_acknowledged_deal(db_url: str) -> None:
    acked: list[tuple[str, str, dict[str, object]]] = []  # (match id, key, the 201's body)
    refused: list[str] = []  # anything but a 201 while the server was up
    lock = threading.Lock()
    with server(db_url) as (base, process):
        matches = [
            httpx.post(f"{base}{API}/matches", json={"game": "baloot"}).json() for _ in range(4)
        ]

        def pour(worker: int) -> None:
            match = matches[worker % len(matches)]
            url = f"{base}{API}/matches/{match['id']}/deals"
            with httpx.Client(timeout=10) as http:
                for k in range(1000):
                    key = f"w{worker}-{k}"
                    headers = {**bearer(match["token"]), "Idempotency-Key": key}
                    try:
                        response = http.post(url, json=BALOOT_TIE, headers=headers)
                    except httpx.TransportError:
                        return  # the server is gone
                    with lock:
                        if response.status_code != 201:
                            refused.append(response.text)
                            return
                        acked.append((match["id"], key, response.json()))

        workers = [threading.Thread(target=pour, args=(i,)) for i in range(8)]
        for worker in workers:
            worker.start()
        while len(acked) < ACKS_BEFORE_KILL and any(w.is_alive() for w in workers):
            time.sleep(0.005)
        os.kill(process.pid, signal.SIGKILL)  # mid-stream: requests are in flight
        for worker in workers:
            worker.join(timeout=30)
        process.wait(timeout=10)
    assert refused == [] and len(acked) >= ACKS_BEFORE_KILL

    url = make_url(db_url)
    if url.get_backend_name() == "sqlite":
        with sqlite3.connect(str(url.database)) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)

    with server(db_url) as (base, _):
        stored = {m["id"]: httpx.get(f"{base}{API}/matches/{m['id']}").json() for m in matches}
        for match_id, _key, body in acked:
            deals = body["deals"]
            assert isinstance(deals, list)
            # Everything that answer showed is still there, in place.
            assert stored[match_id]["deals"][: len(deals)] == deals
        for match in matches:
            for match_id, key, body in acked:
                if match_id != match["id"]:
                    continue
                headers = {**bearer(match["token"]), "Idempotency-Key": key}
                retry = httpx.post(
                    f"{base}{API}/matches/{match_id}/deals", json=BALOOT_TIE, headers=headers
                )
                assert retry.status_code == 201 and retry.json() == body
        # The retries recorded nothing new.
        for match_id, before in stored.items():
            assert (
                httpx.get(f"{base}{API}/matches/{match_id}").json()["version"] == before["version"]
            )
