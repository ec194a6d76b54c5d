"""Issue 24: a game registered from outside the core scores on the device too. A server with
the toy game registered (`tests/toy/serve.py`, a process of its own: the suite's process keeps
the core's four games) hands its pack to a phone; offline, the toy's calculator is answered by
the engine in Pyodide, which imported the toy's module from the zip before anything else."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, expect

from support import answered, free_port

from .test_offline import READY, RUNNING, needs_pack

pytestmark = [pytest.mark.browser, needs_pack]
SERVE = Path(__file__).parents[1] / "toy" / "serve.py"


@pytest.fixture(scope="module")
def toy_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    db = tmp_path_factory.mktemp("toy") / "toy.sqlite"
    server = subprocess.Popen([sys.executable, str(SERVE), str(port), str(db)])
    url = f"http://127.0.0.1:{port}"
    try:
        if answered(f"{url}/toy?lang=en", server, 60, pause=0.1, wait=2) is None:
            pytest.fail("the toy game's server did not start")
        yield url
    finally:
        server.terminate()
        server.wait(timeout=15)


def test_a_registered_game_scores_offline(phone: BrowserContext, toy_server: str) -> None:
    page = phone.new_page()
    page.goto(f"{toy_server}/toy?lang=en")
    expect(page.locator(READY)).to_be_visible(timeout=120_000)  # the pack is on the device
    phone.set_offline(True)
    page.reload()  # the toy's calculator from its precached shell
    expect(page.get_by_test_id("call-high")).to_be_visible()
    expect(page.locator(RUNNING)).to_be_attached(timeout=60_000)  # the engine on the device
    page.get_by_test_id("call-high").click()
    page.get_by_test_id("winner-them").click()
    expect(page.get_by_test_id("score-them")).to_have_attribute("data-value", "2", timeout=60_000)
    expect(page.get_by_test_id("score-us")).to_have_attribute("data-value", "0")
