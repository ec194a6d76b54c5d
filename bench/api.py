"""API speed: requests/s and p50/p99 latency, against a local uvicorn, loopback only.

    python bench/api.py [--seconds 3] [--connections 4] [--db URL] [--wrk-rounds N] [--wrk-only]

One server process (the real app, plus a bare FastAPI endpoint returning a constant, for
scale) and client processes, each with one keep-alive connection sending requests back to
back for a few seconds per scenario:

- bare:       POST /bench/bare, the constant (what FastAPI + uvicorn cost by themselves)
- wrk:        score / bare again under `wrk -t1 -c16` (Debian's wrk), a client faster than the
              server, when wrk is installed: the ratio issues 12 and 26 ask for (goal ≥ 0.7);
              `--wrk-rounds N` alternates bare and score N times and prints each ratio and
              their range (the machine is shared: one pair can mislead); `--wrk-only` runs
              this scenario alone
- score:      POST /api/v1/score, one deal
- add-1:      POST /api/v1/matches/{id}/deals on matches of 1 deal
- add-100:    the same on matches of 100 deals (each add replays every deal)
- add #10 / #2000: one add on each of 30 fresh matches of 9 and of 1,999 deals, one at a time
- crowded:    100 adds to small matches, one at a time, alone and then while 40 clients keep
              replacing the last deal of a 2,000-deal match

Adds carry an Idempotency-Key, as a phone would. Each client spreads its adds over many
matches so they barely grow while measured; every match is read once before, as its page
would have been (the server then has its replayed sheet cached, its steady state).
Bounded: well under a minute in all.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"
DEAL: dict[str, object] = {
    "contract": "all-trumps",
    "declarer": "us",
    "cards": {"us": 124},
    "last_trick": "us",
}
SCORE = {"game": "belot", **DEAL}
MATCHES_PER_CLIENT = 25


def bench_app(database_url: str) -> Any:
    """The real app, with a bare FastAPI endpoint answering a constant beside it."""
    from belot.app import Config, create_app

    app = create_app(Config(database_url=database_url, rate_limit="0"))  # measures, no limit

    @app.post("/bench/bare")
    async def bare() -> dict[str, bool]:
        return {"ok": True}

    # First: the pages' catch-all error route (any path, any method) would take it otherwise.
    app.router.routes.insert(0, app.router.routes.pop())
    return app


def serve(port: int, database_url: str) -> None:
    import uvicorn

    uvicorn.run(bench_app(database_url), host=HOST, port=port, log_level="warning",
                access_log=False)  # fmt: skip


def report_in_process(database_url: str, requests: int = 3000, repeats: int = 5) -> None:
    """score / bare with no network and no HTTP parsing between: the app called as ASGI in
    this process, CPU time, best of `repeats`, the two alternating. What is left is the
    middleware (the same for both) and each route's own work: the route's cost, steadily."""
    import asyncio

    app = bench_app(database_url)
    body = json.dumps(SCORE).encode()

    def scope(path: str) -> dict[str, Any]:
        return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
                "method": "POST", "scheme": "http", "path": path, "raw_path": path.encode(),
                "root_path": "", "query_string": b"", "server": (HOST, 8000),
                "client": (HOST, 50000), "headers": [(b"host", b"127.0.0.1"),
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode())]}  # fmt: skip

    async def one(path: str) -> int:
        status = 0

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": body, "more_body": False}

        async def send(message: dict[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]

        await app(scope(path), receive, send)
        return status

    async def many(path: str) -> float:
        start = time.process_time()
        for _ in range(requests):
            if await one(path) != 200:
                raise RuntimeError(path)
        return time.process_time() - start

    async def run() -> dict[str, float]:
        async with app.router.lifespan_context(app):
            best = {"bare": float("inf"), "score": float("inf")}
            for _ in range(repeats):
                for name, path in (("bare", "/bench/bare"), ("score", "/api/v1/score")):
                    best[name] = min(best[name], await many(path))
            return best

    best = asyncio.run(run())
    print(
        f"\nin process (ASGI, no network): bare {requests / best['bare']:,.0f} req/s, score "
        f"{requests / best['score']:,.0f} req/s, score / bare {best['bare'] / best['score']:.2f}"
    )


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


def seed(database_url: str, size: int, count: int) -> list[tuple[str, str]]:
    """`count` Belot matches of `size` level deals (13 : 13 each, so none ever ends).

    One is built through the store; the rest copy its deal rows, which takes a moment where
    replaying every add would take long.
    """
    from sqlalchemy import insert, select, update

    from belot.store import MatchStore
    from belot.store.models import DealRow, MatchRow

    store = MatchStore(database_url)
    first, first_token = store.create("belot", None, {})
    for _ in range(size):
        store.add_deal(first.id, first_token, DEAL)
    made = [(first.id, first_token)]
    with store.engine.begin() as conn:
        rows = conn.execute(select(DealRow.seq, DealRow.input).where(DealRow.match_id == first.id))
        deals = [{"seq": seq, "input": text} for seq, text in rows]
    for _ in range(count - 1):
        view, token = store.create("belot", None, {})
        with store.engine.begin() as conn:
            conn.execute(insert(DealRow), [{"match_id": view.id, **deal} for deal in deals])
            conn.execute(
                update(MatchRow)
                .where(MatchRow.id == view.id)
                .values(version=size, next_seq=size + 1)
            )
        made.append((view.id, token))
    store.close()
    return made


@dataclass(frozen=True)
class Job:
    port: int
    path: str  # "" for an add, which picks its match
    body: bytes
    seconds: float
    matches: tuple[tuple[str, str], ...] = ()


def client(job: Job) -> list[float]:
    """Requests back to back on one connection; the latency of each, in seconds."""
    conn = http.client.HTTPConnection(HOST, job.port, timeout=30)
    latencies: list[float] = []
    end = time.perf_counter() + job.seconds
    i = 0
    while time.perf_counter() < end:
        path, headers = job.path, {"Content-Type": "application/json"}
        if job.matches:
            match_id, token = job.matches[i % len(job.matches)]
            path = f"/api/v1/matches/{match_id}/deals"
            headers["Authorization"] = f"Bearer {token}"
            headers["Idempotency-Key"] = uuid.uuid4().hex
        start = time.perf_counter()
        conn.request("POST", path, body=job.body, headers=headers)
        response = conn.getresponse()
        response.read()
        latencies.append(time.perf_counter() - start)
        if response.status >= 300:
            raise RuntimeError(f"{path}: {response.status}")
        i += 1
    conn.close()
    return latencies


@dataclass(frozen=True)
class Figures:
    name: str
    rps: float
    p50_ms: float
    p99_ms: float


def run(name: str, jobs: list[Job], pool: multiprocessing.pool.Pool) -> Figures:
    started = time.perf_counter()
    results = pool.map(client, jobs)
    elapsed = time.perf_counter() - started
    latencies = sorted(t for result in results for t in result)
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    return Figures(name, len(latencies) / elapsed, statistics.median(latencies) * 1e3, p99 * 1e3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per scenario")
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--db", help="database URL (default: a temporary SQLite file)")
    parser.add_argument("--wrk-rounds", type=int, default=1, help="bare/score pairs under wrk")
    parser.add_argument("--wrk-only", action="store_true", help="only the wrk scenario")
    parser.add_argument("--serve", nargs=2, metavar=("PORT", "URL"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(int(args.serve[0]), args.serve[1])
        return

    with tempfile.TemporaryDirectory() as tmp:
        url = args.db or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        count = MATCHES_PER_CLIENT * args.connections
        if not args.wrk_only:
            print(f"seeding {count} matches of 1 deal and {count} of 100 deals …", flush=True)
            short, long = seed(url, 1, count), seed(url, 100, count)
        port = free_port()
        server = subprocess.Popen([sys.executable, __file__, "--serve", str(port), url])
        try:
            wait_until_up(port)
            if args.wrk_only:
                report_wrk(port, args.seconds, Path(tmp), args.wrk_rounds)
                report_in_process(url)
                return
            report(bench_all(port, args.seconds, args.connections, short, long), url)
            report_wrk(port, args.seconds, Path(tmp), args.wrk_rounds)
            report_in_process(url)
            report_long(bench_long(port, url))
            report_crowd(bench_crowd(port, url))
        finally:
            server.terminate()
            server.wait(timeout=10)


def report_wrk(port: int, seconds: float, tmp: Path, rounds: int = 1) -> None:
    """score / bare under a load generator that outruns the server (the Python clients above
    are slower than it, which flatters the ratio), `rounds` pairs one after the other."""
    import re
    import shutil

    wrk = shutil.which("wrk")
    if wrk is None:
        print("\nwrk: not installed (apt-get install wrk): no fast-client figure")
        return
    script = tmp / "post.lua"
    script.write_text(
        'wrk.method = "POST"\n'
        f"wrk.body = {json.dumps(json.dumps(SCORE))}\n"
        'wrk.headers["Content-Type"] = "application/json"\n'
    )
    ratios = []
    for _ in range(rounds):
        rates = {}
        for name, path in (("bare", "/bench/bare"), ("score", "/api/v1/score")):
            out = subprocess.run(
                [wrk, "-t1", "-c16", f"-d{max(2, int(seconds))}s", "-s", str(script),
                 f"http://{HOST}:{port}{path}"],
                capture_output=True, text=True, check=True,
            ).stdout  # fmt: skip
            found = re.search(r"Requests/sec:\s+([\d.]+)", out)
            rates[name] = float(found.group(1)) if found else 0.0
        ratio = rates["score"] / rates["bare"] if rates["bare"] else 0.0
        ratios.append(ratio)
        print(f"\nwrk -t1 -c16: bare {rates['bare']:,.0f} req/s, score {rates['score']:,.0f} "
              f"req/s, score / bare {ratio:.2f} (goal ≥ 0.70)", end="")  # fmt: skip
    print()
    if rounds > 1:
        print(f"wrk score / bare over {rounds} rounds: {min(ratios):.2f}–{max(ratios):.2f}, "
              f"median {statistics.median(ratios):.2f}")  # fmt: skip


def wait_until_up(port: int) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection(HOST, port, timeout=1)
            conn.request("GET", "/openapi.json")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("the server did not start")


def bench_all(
    port: int,
    seconds: float,
    connections: int,
    short: list[tuple[str, str]],
    long: list[tuple[str, str]],
) -> list[Figures]:
    deal = json.dumps(DEAL).encode()

    def adds(matches: list[tuple[str, str]]) -> list[Job]:
        share = len(matches) // connections
        return [
            Job(port, "", deal, seconds, tuple(matches[i * share : (i + 1) * share]))
            for i in range(connections)
        ]

    scenarios = [
        ("bare", [Job(port, "/bench/bare", b"{}", seconds)] * connections),
        ("score", [Job(port, "/api/v1/score", json.dumps(SCORE).encode(), seconds)] * connections),
        ("add-1", adds(short)),
        ("add-100", adds(long)),
    ]
    with multiprocessing.get_context("spawn").Pool(connections) as pool:
        # Warm up: imports, connection pools, SQLite's page cache, and each match read once,
        # as its page would have been, so its replayed sheet is in the server's cache.
        run("warm-up", [Job(port, "/api/v1/score", json.dumps(SCORE).encode(), 0.5)], pool)
        read_each(port, short + long)
        return [run(name, jobs, pool) for name, jobs in scenarios]


def read_each(port: int, matches: list[tuple[str, str]]) -> None:
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    for match_id, _ in matches:
        conn.request("GET", f"/api/v1/matches/{match_id}")
        conn.getresponse().read()
    conn.close()


def report(figures: list[Figures], url: str) -> None:
    by_name = {f.name: f for f in figures}
    print(f"\ndatabase: {url.split('://')[0]}")
    print(f"{'scenario':<10} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8}")
    for f in figures:
        print(f"{f.name:<10} {f.rps:>8.0f} {f.p50_ms:>8.2f} {f.p99_ms:>8.2f}")
    bare, score = by_name["bare"], by_name["score"]
    short, long = by_name["add-1"], by_name["add-100"]
    print(f"\nscore / bare throughput:     {score.rps / bare.rps:6.0%}  (goal ≥ 70%)")
    print(f"add-100 / add-1 throughput:  {long.rps / short.rps:6.0%}  (goal ≈ 100%)")
    print(f"add-100 / add-1 p50 latency: {long.p50_ms / short.p50_ms:6.2f}×")


# -- a match near its maximum length (issue 8): adding deal #2,000 against adding #10 ----------

LONG_SAMPLES = 30


def bench_long(port: int, url: str) -> dict[int, list[float]]:
    """One add each on fresh matches of 9 and of 1,999 deals (their sheets read once before,
    as their pages would have), one request at a time: the latency of add #10 and #2,000."""
    from belot.store.inputs import MAX_DEALS

    latencies: dict[int, list[float]] = {}
    for n in (10, MAX_DEALS):
        matches = seed(url, n - 1, LONG_SAMPLES)
        read_each(port, matches)
        conn = http.client.HTTPConnection(HOST, port, timeout=30)
        times = []
        for match_id, token in matches:
            headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}",
                       "Idempotency-Key": uuid.uuid4().hex}  # fmt: skip
            start = time.perf_counter()
            conn.request("POST", f"/api/v1/matches/{match_id}/deals", json.dumps(DEAL), headers)
            response = conn.getresponse()
            response.read()
            times.append(time.perf_counter() - start)
            if response.status != 201:
                raise RuntimeError(f"add #{n}: {response.status}")
        conn.close()
        latencies[n] = sorted(times)
    return latencies


def report_long(latencies: dict[int, list[float]]) -> None:
    (short_n, short), (long_n, long) = sorted(latencies.items())
    print(f"\n{'add':<10} {'p50 ms':>8} {'p90 ms':>8}   ({LONG_SAMPLES} matches each)")
    for n, times in ((short_n, short), (long_n, long)):
        p90 = times[int(len(times) * 0.9)]
        print(f"#{n:<9} {statistics.median(times) * 1e3:>8.2f} {p90 * 1e3:>8.2f}")
    ratio = statistics.median(long) / statistics.median(short)
    print(f"add #{long_n} / add #{short_n} p50 latency: {ratio:6.2f}×  (goal ≤ 1.5×)")


# -- a long match costs no other match anything: small adds while 40 edits hit it -----------

EDITORS = 40
SMALL_ADDS = 100


def _small_adds(port: int, matches: list[tuple[str, str]]) -> list[float]:
    conn = http.client.HTTPConnection(HOST, port, timeout=60)
    times = []
    give_up = time.perf_counter() + 60  # bounded, however slow the adds get
    for i in range(SMALL_ADDS):
        if time.perf_counter() > give_up:
            break
        match_id, token = matches[i % len(matches)]
        headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}
        start = time.perf_counter()
        conn.request("POST", f"/api/v1/matches/{match_id}/deals", json.dumps(DEAL), headers)
        response = conn.getresponse()
        response.read()
        times.append(time.perf_counter() - start)
        if response.status != 201:
            raise RuntimeError(f"small add: {response.status}")
    conn.close()
    return sorted(times)


def bench_crowd(port: int, url: str) -> dict[str, list[float]]:
    """Adds to small matches, one at a time: alone, then while 40 clients keep replacing the
    last deal of a 2,000-deal match (each replace re-scores the whole match)."""
    import threading

    from belot.store.inputs import MAX_DEALS

    small = seed(url, 1, 20)
    ((long_id, long_token),) = seed(url, MAX_DEALS, 1)
    read_each(port, [*small, (long_id, long_token)])
    idle = _small_adds(port, small)
    stop = threading.Event()

    def edit() -> None:
        conn = http.client.HTTPConnection(HOST, port, timeout=120)
        headers = {"Content-Type": "application/json", "Authorization": f"Bearer {long_token}"}
        path = f"/api/v1/matches/{long_id}/deals/{MAX_DEALS}"
        while not stop.is_set():
            conn.request("PUT", path, json.dumps(DEAL), headers)
            conn.getresponse().read()
        conn.close()

    editors = [threading.Thread(target=edit) for _ in range(EDITORS)]
    for editor in editors:
        editor.start()
    try:
        time.sleep(1)  # the edits are under way
        crowded = _small_adds(port, small)
    finally:
        stop.set()
        for editor in editors:
            editor.join()
    return {"idle": idle, "crowded": crowded}


def report_crowd(latencies: dict[str, list[float]]) -> None:
    print(f"\nsmall adds  {'p50 ms':>8} {'p99 ms':>8}   ({EDITORS} clients editing a long match)")
    for name, times in latencies.items():
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        print(f"{name:<11} {statistics.median(times) * 1e3:>8.2f} {p99 * 1e3:>8.2f}")
    idle, crowded = latencies["idle"], latencies["crowded"]
    ratio = crowded[int(len(crowded) * 0.99)] / idle[int(len(idle) * 0.99)]
    print(f"crowded / idle p99 latency: {ratio:6.2f}×  (goal ≤ 3×)")


if __name__ == "__main__":
    main()
