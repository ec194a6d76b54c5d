"""Issue 18: every answer matches /openapi.json — schemathesis with all its checks (`--checks
all`: status codes, content types, headers, response schemas, negative data refused,
unsupported methods…) over every operation, aimed at a real match (with a passed deal), a
seated club match and a real club with their tokens, so answers carry what real ones do.

Bounded: a few examples per operation and generation mode, on SQLite. Two checks are told the
contract's own statuses: a schema-valid request may still be refused by the rules of the game
(422: a schema cannot say "the last trick is needed unless there is a capot") or by a stale
If-Match (412); schema-violating input may be refused by If-Match (412) or size (413) first.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
import schemathesis.specs.openapi.checks
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import CHECKS
from schemathesis.config import SchemathesisConfig

from belot.app import Config, create_app
from support import examples

from .test_fuzz import OPERATIONS

CONFIG = SchemathesisConfig.from_dict({"checks": {
    "positive_data_acceptance": {"expected-statuses": ["2xx", "401", "403", "404", "409", "412",
                                                       "422", "429"]},
    "negative_data_rejection": {"expected-statuses": ["400", "401", "403", "404", "405", "409",
                                                      "412", "413", "415", "422", "429"]},
}})  # fmt: skip
EXAMPLES = settings(
    max_examples=examples(6), deadline=None, suppress_health_check=list(HealthCheck)
)
MADE: dict[str, object] = {
    "contract": "hearts",
    "declarer": "us",
    "cards": {"us": 82},
    "last_trick": "us",
}


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FastAPI]:
    path: Path = tmp_path_factory.mktemp("openapi") / "belot.sqlite3"
    made = create_app(Config(database_url=f"sqlite:///{path}"))
    yield made
    made.state.store.close()


def _schema(app: FastAPI) -> Any:
    return schemathesis.openapi.from_asgi("/openapi.json", app, config=CONFIG)


def _real(client: TestClient) -> dict[str, tuple[str, str]]:
    """A Belot match with a made and a passed deal, a club of four with a seated match."""
    match = client.post("/api/v1/matches", json={"game": "belot"}).json()
    auth = {"Authorization": f"Bearer {match['token']}"}
    for deal in (MADE, {"passed": True}):
        assert client.post(f"/api/v1/matches/{match['id']}/deals", json=deal,
                           headers=auth).status_code == 201  # fmt: skip
    club = client.post("/api/v1/clubs", json={"name": "Петък"}).json()
    cauth = {"Authorization": f"Bearer {club['token']}"}
    players = [client.post(f"/api/v1/clubs/{club['id']}/players", json={"name": n},
                           headers=cauth).json()["id"] for n in ("А", "Б", "В", "Г")]  # fmt: skip
    seated = client.post(f"/api/v1/clubs/{club['id']}/matches", json={"game": "belot",
                         "seats": players}, headers=cauth).json()  # fmt: skip
    deal = {**MADE, "caller": 1}
    client.post(f"/api/v1/matches/{seated['id']}/deals", json=deal, headers=cauth)
    return {"match": (match["id"], match["token"]), "seated": (seated["id"], club["token"]),
            "club": (club["id"], club["token"])}  # fmt: skip


@pytest.mark.parametrize(("method", "path"), OPERATIONS)  # every one (test_fuzz.py checks)
def test_every_answer_matches_the_description(app: FastAPI, method: str, path: str) -> None:
    client = TestClient(app)
    real = _real(client)
    operation = _schema(app)[path][method]
    checks = list(CHECKS.get_all())
    for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
        # Aimed at a real match or club only when positive: aiming fills in a real id, `n`
        # and the token, which would make a schema-violating case valid again.
        aims = [None, "match", "seated", "club"] if mode is GenerationMode.POSITIVE else [None]

        @given(case=operation.as_strategy(generation_mode=mode), aim=st.sampled_from(aims))
        @EXAMPLES
        def run(case: Any, aim: str | None) -> None:
            headers: dict[str, str] = {}
            if aim is not None:
                if path.startswith("/api/v1/clubs/") != (aim == "club"):
                    aim = "club" if path.startswith("/api/v1/clubs/") else "match"
                target, token = real[aim]
                if "id" in (case.path_parameters or {}):
                    case.path_parameters["id"] = target
                if "n" in (case.path_parameters or {}):
                    case.path_parameters["n"] = 1
                headers["Authorization"] = f"Bearer {token}"
            case.call_and_validate(headers=headers, checks=checks)

        try:
            run()
        except Unsatisfiable:  # nothing schema-violating to send (a lone string in the path)
            assert mode is GenerationMode.NEGATIVE


def test_a_match_with_a_passed_deal_matches_its_schema(app: FastAPI) -> None:
    client = TestClient(app)
    match_id, _ = _real(client)["match"]
    operation = _schema(app)["/api/v1/matches/{id}"]["GET"]
    response = client.get(f"/api/v1/matches/{match_id}")
    assert [d["result"]["outcome"] for d in response.json()["deals"]] == ["made", "passed"]
    operation.validate_response(response)


def test_common_statuses_are_described(app: FastAPI) -> None:
    document = TestClient(app).get("/openapi.json").json()
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            assert {"400", "405", "429", "503"} <= set(operation["responses"]), (method, path)
    new_match = document["components"]["schemas"]["NewMatch"]["properties"]["first_dealer"]
    assert "null" in new_match["type"]
