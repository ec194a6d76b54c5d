"""Issue 18: the reverse proxy of docs/deploy.md (docs/nginx/belot.conf, Debian's nginx) in
front of `belot serve`: a slow-header flood from one address no longer starves another, and
one address's burst of requests is cut at its own limit (429) while another's go on.

nginx is installed when missing (as root, with apt-get, like `make chromium`); the test skips
when it cannot be. Loopback only; a flood of 150 connections for 4 s a trial."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType

import httpx
import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "slowloris.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("slowloris", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["slowloris"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    module = _bench()
    if module.nginx_binary() is None:
        if os.geteuid() != 0 or shutil.which("apt-get") is None:
            pytest.skip("nginx is not installed and cannot be here (apt-get install nginx-light)")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        done = subprocess.run(["apt-get", "install", "-y", "-qq", "nginx-light"], env=env,
                              capture_output=True, timeout=600, check=False)  # fmt: skip
        if done.returncode != 0 or module.nginx_binary() is None:
            pytest.skip(f"nginx could not be installed: {done.stderr.decode()[-300:]}")
    return module


def test_a_slow_header_flood_from_one_address_no_longer_starves_another(
    bench: ModuleType,
) -> None:
    results = bench.run(flood=150, seconds=4.0, limit=100)
    direct, proxied = results["direct"], results["nginx"]
    # Alone, the app is starved: the other client gets (almost) nothing but 503.
    assert direct.get("200", 0) <= sum(direct.values()) // 2, direct
    # Behind nginx, every page comes.
    assert sum(proxied.values()) >= 3 and proxied.get("200", 0) == sum(proxied.values()), proxied


def test_one_addresss_burst_meets_its_own_limit(bench: ModuleType) -> None:
    with tempfile.TemporaryDirectory(prefix="belot-proxy-") as tmp:
        folder = Path(tmp)
        folder.chmod(0o755)
        with bench.belot(folder, 100) as app, bench.nginx(folder, app) as proxy:
            url = f"http://127.0.0.1:{proxy}/api/v1/matches/nope"
            flooder = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"),
                                   limits=httpx.Limits(max_connections=12))  # fmt: skip
            with flooder, ThreadPoolExecutor(12) as pool:
                codes = list(pool.map(lambda _: flooder.get(url).status_code, range(300)))
            assert codes.count(404) >= 60 and codes.count(429) > 0, codes  # burst 60, 30/s
            assert set(codes) == {404, 429}
            assert httpx.get(url).status_code == 404  # another address: its own count
