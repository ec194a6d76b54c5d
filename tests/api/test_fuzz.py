"""schemathesis against /openapi.json: whatever it sends, no 5xx and only the one error format.

Cases come from schemathesis's strategies run by plain Hypothesis (its pytest plugin does not
run under this pytest). Bounded: a few dozen examples an operation, on each database. Two
thirds of the cases aim at a real match (Belot or Baloot) with its real token, so bodies get
past 404 / 401 into the scoring and the store.
"""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from support import examples

from .helpers import new_match

OPERATIONS = [
    ("POST", "/api/v1/score"),
    ("POST", "/api/v1/matches"),
    ("GET", "/api/v1/matches/{id}"),
    ("GET", "/api/v1/matches/{id}.csv"),
    ("GET", "/api/v1/matches/{id}.json"),
    ("POST", "/api/v1/matches/{id}/deals"),
    ("PUT", "/api/v1/matches/{id}/deals/{n}"),
    ("DELETE", "/api/v1/matches/{id}/deals/{n}"),
    ("POST", "/api/v1/clubs"),
    ("POST", "/api/v1/clubs/{id}/players"),
    ("POST", "/api/v1/clubs/{id}/matches"),
    ("GET", "/api/v1/clubs/{id}"),
    ("GET", "/api/v1/clubs/{id}/stats"),
    ("GET", "/api/v1/clubs/{id}/stats.csv"),
    ("GET", "/api/v1/clubs/{id}/export"),
    ("GET", "/api/v1/clubs/{id}/head-to-head"),
    ("POST", "/api/v1/clubs/{id}/tournaments"),
    ("GET", "/api/v1/clubs/{id}/ratings"),
    ("GET", "/api/v1/tournaments/{id}"),
    ("POST", "/api/v1/tournaments/{id}/rounds"),
    ("GET", "/api/v1/rules"),
]
# Never-ending answers: their one error (404) is tested in test_events.py.
STREAMS = [("GET", "/api/v1/matches/{id}/events"), ("GET", "/api/v1/tournaments/{id}/events")]
FUZZ = settings(max_examples=examples(100), deadline=None, suppress_health_check=list(HealthCheck))


def schema_of(app: FastAPI) -> Any:
    return schemathesis.openapi.from_asgi("/openapi.json", app)


def test_every_operation_is_fuzzed(app: FastAPI) -> None:
    found = {(op.ok().method.upper(), op.ok().path) for op in schema_of(app).get_all_operations()}
    assert found == {*OPERATIONS, *STREAMS}


def check(response: Any, request: str = "") -> None:
    """`request`: the case as a curl command, so a failure says what was sent (docs/testing.md:
    the regression test sends it again)."""
    assert response.status_code < 500, f"{request}\n{response.text}"
    if response.status_code >= 400:
        body = response.json()
        assert set(body) == {"error"} and set(body["error"]) == {"code", "field", "message"}, (
            f"{request}\n{response.text}"
        )


@pytest.mark.parametrize(("method", "path"), OPERATIONS)
def test_no_server_error(app: FastAPI, client: TestClient, method: str, path: str) -> None:
    matches = {game: new_match(client, game) for game in ("belot", "baloot")}
    operation = schema_of(app)[path][method]

    @given(case=operation.as_strategy(), aim=st.sampled_from([None, "belot", "baloot"]))
    @FUZZ
    def run(case: Any, aim: str | None) -> None:
        headers: dict[str, str] = {}
        if aim is not None:
            match_id, token = matches[aim]
            if "id" in (case.path_parameters or {}):
                case.path_parameters["id"] = match_id
            headers["Authorization"] = f"Bearer {token}"
        check(case.call(headers=headers), case.as_curl_command(headers=headers))

    run()
