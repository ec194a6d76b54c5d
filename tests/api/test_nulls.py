"""Issue 23: a JSON null is a value sent, not a field left out. Where /openapi.json gives a
field no null (`teams`, `seats`, `name`, `game`, `format`, `rounds`, `pairs`), null is refused
with the error object naming the field and nothing is stored; where it does (`rules`,
`first_dealer`), null is the default, as if the field were left out.

The first case is what a random schemathesis run found on a fresh machine: `POST
/api/v1/matches` with `{"teams": null}` answered 201 with the default team names.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from belot.store.models import ClubRow, MatchRow, PlayerRow, TournamentRow

from .helpers import assert_error, bearer

ROWS = (MatchRow, ClubRow, PlayerRow, TournamentRow)


def _counts(client: TestClient) -> tuple[int, ...]:
    store = client.app.state.store  # type: ignore[attr-defined]
    with store.reading() as session:
        return tuple(session.scalar(select(func.count()).select_from(t)) or 0 for t in ROWS)


def _club(client: TestClient) -> tuple[str, dict[str, str], list[str]]:
    made = client.post("/api/v1/clubs", json={"name": "Нули"}).json()
    auth = bearer(made["token"])
    ids = []
    for name in "ABCD":
        r = client.post(f"/api/v1/clubs/{made['id']}/players", json={"name": name}, headers=auth)
        assert r.status_code == 201, r.text
        ids.append(r.json()["id"])
    return made["id"], auth, ids


def test_teams_null_is_refused_naming_teams(client: TestClient) -> None:
    before = _counts(client)
    response = client.post("/api/v1/matches", json={"teams": None})
    assert_error(response, 422, "wrong-type", "teams")
    assert _counts(client) == before


@pytest.mark.parametrize("field", ["teams", "seats", "game"])
def test_a_new_match_refuses_null_where_its_description_has_none(
    client: TestClient, field: str
) -> None:
    before = _counts(client)
    assert_error(client.post("/api/v1/matches", json={field: None}), 422, "wrong-type", field)
    assert _counts(client) == before


@pytest.mark.parametrize("field", ["teams", "seats", "game"])
def test_a_club_match_refuses_null_where_its_description_has_none(
    client: TestClient, field: str
) -> None:
    club, auth, ids = _club(client)
    before = _counts(client)
    body = {"seats": ids, field: None}
    response = client.post(f"/api/v1/clubs/{club}/matches", json=body, headers=auth)
    assert_error(response, 422, "wrong-type", field)
    assert _counts(client) == before


def test_clubs_and_players_refuse_a_null_name(client: TestClient) -> None:
    club, auth, _ = _club(client)
    before = _counts(client)
    assert_error(client.post("/api/v1/clubs", json={"name": None}), 422, "wrong-type", "name")
    response = client.post(f"/api/v1/clubs/{club}/players", json={"name": None}, headers=auth)
    assert_error(response, 422, "wrong-type", "name")
    assert _counts(client) == before


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"name": None}, "name"),
        ({"game": None}, "game"),
        ({"format": None}, "format"),
        ({"pairs": None}, "pairs"),
        ({"format": "swiss", "rounds": None}, "rounds"),
        # Ignored before as the round robin's `rounds` (left out); still not an integer.
        ({"rounds": None}, "rounds"),
    ],
)
def test_a_tournament_refuses_null_where_its_description_has_none(
    client: TestClient, change: dict[str, Any], field: str
) -> None:
    club, auth, ids = _club(client)
    body = {"name": "T", "format": "round-robin", "pairs": [ids[:2], ids[2:]], **change}
    before = _counts(client)
    response = client.post(f"/api/v1/clubs/{club}/tournaments", json=body, headers=auth)
    assert_error(response, 422, "wrong-type", field)
    assert _counts(client) == before


def test_null_rules_and_first_dealer_are_the_defaults_everywhere(client: TestClient) -> None:
    match = client.post("/api/v1/matches", json={"rules": None, "first_dealer": None})
    assert match.status_code == 201, match.text
    assert match.json()["rules"] == "bg"
    boom = client.post("/api/v1/matches", json={"game": "klaverjas", "target": None,
                                                "deal_count": None})  # fmt: skip
    assert boom.status_code == 201, boom.text
    assert (boom.json()["deal_count"], boom.json()["target"]) == (16, None)
    club, auth, ids = _club(client)
    body = {"seats": ids, "rules": None, "first_dealer": None}
    seated = client.post(f"/api/v1/clubs/{club}/matches", json=body, headers=auth)
    assert seated.status_code == 201, seated.text
    assert seated.json()["rules"] == "bg" and seated.json()["dealer"] == 1
    tour: dict[str, Any] = {
        "name": "T",
        "format": "round-robin",
        "pairs": [ids[:2], ids[2:]],
        "rules": None,
    }
    made = client.post(f"/api/v1/clubs/{club}/tournaments", json=tour, headers=auth)
    assert made.status_code == 201, made.text
    assert made.json()["rules"] == "bg"


def test_the_description_says_which_fields_take_null(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]

    def takes_null(schema: dict[str, Any]) -> bool:
        kinds = schema.get("type")
        return (isinstance(kinds, list) and "null" in kinds) or any(
            s.get("type") == "null" for s in schema.get("anyOf", [])
        )

    for name, fields in {
        "NewMatch": {"rules", "first_dealer", "target", "deal_count"},
        "NewClubMatch": {"rules", "first_dealer", "target", "deal_count"},
        "NewTournament": {"rules"},
        "NewClub": set(),
        "NewPlayer": set(),
    }.items():
        properties = schemas[name]["properties"]
        assert {k for k, v in properties.items() if takes_null(v)} == fields, name
