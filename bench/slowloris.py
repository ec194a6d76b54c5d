"""A slow-header flood from one address, against `belot serve` alone and behind nginx (issue 18).

    python bench/slowloris.py [--flood 150] [--seconds 6] [--limit-concurrency 100]

Starts `belot serve` (a throwaway SQLite file, `--limit-concurrency` as given) and Debian's
nginx with docs/nginx/belot.conf in front of it, both on loopback. Each trial opens `--flood`
connections from 127.0.0.2 that trickle their request heads (a header line every half second,
reconnecting whenever the server closes one), and meanwhile another client, 127.0.0.1, asks
for a page four times a second. Printed: what that other client got in each trial (status
codes, or `error` for no answer within 3 s). Alone, uvicorn counts every slow connection
against its limit and answers 503 to everyone else; behind nginx, the slow heads wait in
nginx (5 s each at most) and the app never sees them.

Loopback only, bounded in count and time. Needs nginx (`apt-get install nginx-light`).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import httpx

HOST = "127.0.0.1"
FLOODER = "127.0.0.2"  # the flood's own address (all of 127/8 is loopback on Linux)
CONF = Path(__file__).resolve().parents[1] / "docs" / "nginx" / "belot.conf"
MAIN_CONF = """worker_processes 1;
worker_rlimit_nofile 8192;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log error;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    include {tmp}/belot.conf;
}}
"""


def nginx_binary() -> str | None:
    found = shutil.which("nginx")
    if found is None and os.access("/usr/sbin/nginx", os.X_OK):
        found = "/usr/sbin/nginx"
    return found


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


def _wait_for(port: int, process: subprocess.Popen[bytes], what: str) -> None:
    deadline = time.monotonic() + 30
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"{what} stopped: exit {process.returncode}")
        with suppress(OSError), socket.create_connection((HOST, port), timeout=1):
            return
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not start")
        time.sleep(0.1)


@contextmanager
def _running(command: list[str], port: int, what: str) -> Iterator[None]:
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait_for(port, process, what)
        yield
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


@contextmanager
def belot(folder: Path, limit: int) -> Iterator[int]:
    port = free_port()
    command = [sys.executable, "-m", "belot", "serve", "--port", str(port), "--log-level",
               "warning", "--db", f"sqlite:///{folder / 'belot.sqlite3'}",
               "--limit-concurrency", str(limit), "--forwarded-allow-ips", HOST]  # fmt: skip
    with _running(command, port, "belot serve"):
        yield port


@contextmanager
def nginx(folder: Path, upstream: int) -> Iterator[int]:
    """Debian's nginx with docs/nginx/belot.conf, its upstream and port put on loopback."""
    binary = nginx_binary()
    if binary is None:
        raise RuntimeError("nginx is not installed (apt-get install nginx-light)")
    port = free_port()
    conf = CONF.read_text(encoding="utf-8")
    conf = conf.replace("server 127.0.0.1:8001;", f"server {HOST}:{upstream};")
    conf = conf.replace("listen 80;", f"listen {HOST}:{port};")
    (folder / "belot.conf").write_text(conf, encoding="utf-8")
    (folder / "nginx.conf").write_text(MAIN_CONF.format(tmp=folder), encoding="utf-8")
    for temp in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (folder / temp).mkdir(mode=0o777, exist_ok=True)
    command = [binary, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-g", "daemon off;"]
    with _running(command, port, "nginx"):
        yield port


async def _slow_client(port: int, until: float) -> int:
    """One connection that never finishes its head; a new one whenever it is closed."""
    opened = 0
    loop = asyncio.get_running_loop()
    while loop.time() < until:
        try:
            reader, writer = await asyncio.open_connection(HOST, port, local_addr=(FLOODER, 0))
        except OSError:
            await asyncio.sleep(0.1)
            continue
        opened += 1
        try:
            writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            while loop.time() < until:
                try:
                    answer = await asyncio.wait_for(reader.read(1024), 0.5)
                except TimeoutError:
                    writer.write(b"X-Slow: 1\r\n")  # one more line, never the blank one
                    await writer.drain()
                    continue
                del answer  # closed, or answered and closed: connect again
                break
        except OSError:
            pass
        finally:
            writer.close()
            with suppress(OSError):
                await writer.wait_closed()
    return opened


async def _flood(port: int, count: int, seconds: float) -> int:
    until = asyncio.get_running_loop().time() + seconds
    return sum(await asyncio.gather(*(_slow_client(port, until) for _ in range(count))))


def trial(port: int, flood: int, seconds: float) -> tuple[Counter[str], int]:
    """What a client at another address gets while the flood runs: (outcomes, connections the
    flood opened)."""
    opened: list[int] = []

    def flood_for_a_while() -> None:
        opened.append(asyncio.run(_flood(port, flood, seconds)))

    flooding = threading.Thread(target=flood_for_a_while)
    flooding.start()
    time.sleep(min(2.0, seconds / 3))  # let the flood fill up first
    seen: Counter[str] = Counter()
    ends = time.monotonic() + seconds - min(2.0, seconds / 3) - 0.5
    while time.monotonic() < ends:
        try:
            seen[str(httpx.get(f"http://{HOST}:{port}/?lang=en", timeout=3).status_code)] += 1
        except httpx.HTTPError:
            seen["error"] += 1
        time.sleep(0.25)
    flooding.join(timeout=seconds + 30)
    return seen, opened[0] if opened else 0


def run(flood: int = 150, seconds: float = 6.0, limit: int = 100) -> dict[str, Counter[str]]:
    """Both trials: `direct` (belot serve alone) and `nginx` (behind docs/nginx/belot.conf)."""
    with tempfile.TemporaryDirectory(prefix="belot-slowloris-") as tmp:
        folder = Path(tmp)
        folder.chmod(0o755)
        with belot(folder, limit) as app_port, nginx(folder, app_port) as proxy_port:
            direct, _ = trial(app_port, flood, seconds)
            proxied, _ = trial(proxy_port, flood, seconds)
    return {"direct": direct, "nginx": proxied}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flood", type=int, default=150, help="slow connections (<= 1000)")
    parser.add_argument("--seconds", type=float, default=6.0, help="each trial (<= 60)")
    parser.add_argument("--limit-concurrency", type=int, default=100)
    args = parser.parse_args()
    flood, seconds = min(args.flood, 1000), min(args.seconds, 60.0)
    results = run(flood, seconds, args.limit_concurrency)
    print(f"{flood} slow connections from {FLOODER}; another client at {HOST} meanwhile got:")
    for name, seen in results.items():
        ok = seen.get("200", 0)
        print(f"  {name:>6}: {ok} of {sum(seen.values())} pages  {dict(seen)}")


if __name__ == "__main__":
    main()
