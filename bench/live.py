"""Live sheet across instances (issue 10): two `belot serve` processes on one PostgreSQL.

    python bench/live.py [--db postgresql://…] [--changes 500] [--viewers 1000]

Without `--db` it starts a throwaway PostgreSQL 15 cluster (initdb / pg_ctl in a temp dir).
Prints:
- change made through instance A → the event on a viewer of instance B: median and p95 over
  `--changes` changes (timed from the start of each change's request; goal p95 < 100 ms);
- `--viewers` open streams held by instance A: its memory before and after (per stream), and
  how long one change takes to reach all of them (goal: 1,000 streams on one instance).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import pwd
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

HOST = "127.0.0.1"
DEAL = {"contract": "hearts", "declarer": "us", "cards": {"us": 82}, "last_trick": "us"}
PG_BIN = Path("/usr/lib/postgresql/15/bin")


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def postgres() -> Iterator[str]:
    """A throwaway cluster; as root, run as the `postgres` user (initdb refuses root)."""
    base = Path(tempfile.mkdtemp(prefix="belot-bench-pg-"))
    owner: list[str] = []
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        os.chown(base, user.pw_uid, user.pw_gid)
        owner = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    subprocess.run([*owner, str(PG_BIN / "initdb"), "-D", str(base / "data"), "-U", "postgres",
                    "--auth=trust", "--no-sync"], check=True, capture_output=True)  # fmt: skip
    options = f"-p {port} -k {base} -c listen_addresses={HOST} -c fsync=off -c max_connections=300"
    subprocess.run([*owner, str(PG_BIN / "pg_ctl"), "-D", str(base / "data"), "-l",
                    str(base / "log"), "-w", "-o", options, "start"], check=True,
                   capture_output=True)  # fmt: skip
    try:
        yield f"postgresql://postgres@{HOST}:{port}/postgres"
    finally:
        subprocess.run([*owner, str(PG_BIN / "pg_ctl"), "-D", str(base / "data"), "-m",
                        "immediate", "-w", "stop"], capture_output=True, check=False)  # fmt: skip
        shutil.rmtree(base, ignore_errors=True)


@contextmanager
def instance(url: str, port: int) -> Iterator[subprocess.Popen[bytes]]:
    server = subprocess.Popen(
        [sys.executable, "-m", "belot", "serve", "--port", str(port), "--db", url,
         "--rate-limit", "0", "--log-level", "warning", "--limit-concurrency", "5000",
         "--backlog", "2048"],
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                conn = http.client.HTTPConnection(HOST, port, timeout=2)
                conn.request("GET", "/openapi.json")
                if conn.getresponse().status == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise RuntimeError("the instance did not start")
            time.sleep(0.1)
        yield server
    finally:
        server.terminate()
        server.wait(timeout=30)


def call(port: int, method: str, path: str, body: object = None,
         token: str | None = None) -> dict[str, object]:  # fmt: skip
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    conn.request(method, path, json.dumps(body) if body is not None else None, headers)
    answer = conn.getresponse()
    data: dict[str, object] = json.loads(answer.read() or b"{}")
    conn.close()
    return data


class Viewer:
    """One SSE stream on a plain socket; records (version, arrival time)."""

    def __init__(self, port: int, match_id: str) -> None:
        self.sock = socket.create_connection((HOST, port), timeout=120)
        self.sock.sendall(f"GET /api/v1/matches/{match_id}/events HTTP/1.1\r\n"
                          f"Host: {HOST}\r\n\r\n".encode())  # fmt: skip
        self.heard: dict[int, float] = {}
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for raw in self.sock.makefile("rb"):
                line = raw.decode().strip()
                if line.startswith("data: "):
                    self.heard[json.loads(line[6:])["version"]] = time.perf_counter()
        except (OSError, ValueError):
            return

    def close(self) -> None:
        with suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()


def wait_for(viewers: list[Viewer], version: int, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while any(version not in v.heard for v in viewers):
        if time.monotonic() > deadline:
            raise RuntimeError(f"version {version} did not reach every viewer")
        time.sleep(0.001)


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--db", help="a PostgreSQL URL (default: a throwaway cluster)")
    parser.add_argument("--changes", type=int, default=500)
    parser.add_argument("--viewers", type=int, default=1000)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
    with postgres() if args.db is None else _given(args.db) as url:
        port_a, port_b = free_port(), free_port()
        with instance(url, port_a) as server_a, instance(url, port_b):
            made = call(port_a, "POST", "/api/v1/matches", {"game": "belot"})
            match_id, token = str(made["id"]), str(made["token"])
            path = f"/api/v1/matches/{match_id}/deals"
            call(port_a, "POST", path, DEAL, token)
            on_b = Viewer(port_b, match_id)
            wait_for([on_b], 1)
            latencies = []
            for _ in range(args.changes):  # replacing deal 1: the match never ends
                began = time.perf_counter()
                answer = call(port_a, "PUT", f"{path}/1", DEAL, token)
                version = int(str(answer["version"]))
                wait_for([on_b], version)
                latencies.append((on_b.heard[version] - began) * 1000)
            on_b.close()
            latencies.sort()
            p95 = latencies[int(0.95 * (len(latencies) - 1))]
            print(f"change on A → event on a viewer of B, {args.changes} changes: "
                  f"median {statistics.median(latencies):.1f} ms, p95 {p95:.1f} ms "
                  f"(goal p95 < 100 ms)")  # fmt: skip

            before = rss_kib(server_a.pid)
            viewers = [Viewer(port_a, match_id) for _ in range(args.viewers)]
            current = int(str(call(port_a, "GET", f"/api/v1/matches/{match_id}")["version"]))
            wait_for(viewers, current, 120)
            after = rss_kib(server_a.pid)
            began = time.perf_counter()
            answer = call(port_b, "PUT", f"{path}/1", DEAL, token)
            wait_for(viewers, int(str(answer["version"])), 120)
            spread = (time.perf_counter() - began) * 1000
            print(f"{args.viewers} open streams on instance A: memory {before / 1024:.0f} → "
                  f"{after / 1024:.0f} MiB ({(after - before) / args.viewers:.1f} KiB a "
                  f"stream); a change on B reached all of them in {spread:.0f} ms")  # fmt: skip
            for viewer in viewers:
                viewer.close()


@contextmanager
def _given(url: str) -> Iterator[str]:
    yield url


if __name__ == "__main__":
    main()
