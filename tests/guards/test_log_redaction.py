"""Issue 18: the edit token is blanked in the access log however its name is spelled in the
address (`%74oken`, `TOKEN`, doubly encoded): the query's names are decoded first."""

from __future__ import annotations

import logging

import httpx
import pytest
from fastapi import FastAPI

from belot.cli.serve import server_config
from belot.http.logs import redact
from support import free_port

from .test_serve import Captured, running

SPELLINGS = ["%74oken", "%74%6F%6B%65%6E", "TOKEN", "%2574oken", "t%6Fken", "access%5Ftoken"]


@pytest.mark.parametrize("name", SPELLINGS)
def test_every_spelling_of_the_name_is_redacted(name: str) -> None:
    line = f'127.0.0.1:5 - "GET /m/abc?lang=bg&{name}=s3cr3t;x=1 HTTP/1.1" 303'
    assert redact(line) == (
        f'127.0.0.1:5 - "GET /m/abc?lang=bg&{name}=[redacted];x=1 HTTP/1.1" 303'
    )
    assert redact("/m/abc?tokens=a&xtoken=b") == "/m/abc?tokens=a&xtoken=b"


def test_an_encoded_token_name_leaves_no_token_in_the_log(app: FastAPI) -> None:
    config = server_config(app, port=free_port(), log_level="info")
    captured, access = Captured(), logging.getLogger("uvicorn.access")
    access.addHandler(captured)
    try:
        with running(config) as base:
            created = httpx.post(f"{base}/api/v1/matches", json={"game": "belot"}).json()
            token, url = created["token"], f"{base}/m/{created['id']}"
            for name in SPELLINGS:
                httpx.get(f"{url}?{name}={token}", follow_redirects=False)
            # The app reads `%74oken` as `token` (it is one): accepted, and still not logged.
            taken = httpx.get(f"{url}?%74oken={token}", follow_redirects=False)
            assert taken.status_code == 303 and "tok_" in taken.headers["set-cookie"]
    finally:
        access.removeHandler(captured)
    log = "\n".join(captured.lines)
    assert token not in log and log.count("[redacted]") >= len(SPELLINGS)
