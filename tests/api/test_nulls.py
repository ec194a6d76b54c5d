"""Issue 23: a JSON null is a value sent, not a field left out. Where /openapi.json gives a
field no null (`teams`, `seats`, `name`, `game`, `format`, `rounds`, `pairs`), null is refused
with the error object naming the field and nothing is stored; where it does (`rules`,
`first_dealer`), null is the default, as if the field were left out.

The first case is what a random schemathesis run found on a fresh machine: `POST
/api/v1/matches` with `{"teams": null}` answered 201 with the default team names.

Issue 32: the same in a deal. A deal's `"multiplier": null`, `"belots": null`,
`"declarations": null`, `"hanging": null` were scored and stored as null (and a new match's
`"target": null` answered 201 while its description had no null; it has one now, as the
default). One rule, read from /openapi.json here: a null is taken exactly where the
description gives the field one, on `/api/v1/score`, a match's deals added or replaced, match
creation and `belot score` (JSON and `--jsonl`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from belot.cli import main
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


# ------------------------------------------------------------------------------- issue 32

EXAMPLES = Path(__file__).resolve().parents[3] / "shared" / "examples"


def _examples() -> dict[str, dict[str, Any]]:
    """A deal each game scores (CONTRACT §1), the first of the shared examples of its game."""
    found: dict[str, dict[str, Any]] = {}
    for path in sorted(EXAMPLES.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            deal = json.loads(line)["input"]
            found.setdefault(deal.get("game", "belot"), deal)
    return found


DEALS = _examples()


def takes_null(schema: dict[str, Any]) -> bool:
    kinds = schema.get("type")
    return (isinstance(kinds, list) and "null" in kinds) or any(
        s.get("type") == "null" for s in schema.get("anyOf", [])
    )


def _deal_schema(client: TestClient, game: str, *, in_match: bool = False) -> dict[str, Any]:
    """The game's deal as /openapi.json describes it (`<Game>Deal`, `<Game>MatchDeal`)."""
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    for name, schema in schemas.items():
        if schema.get("properties", {}).get("game", {}).get("enum") == [game]:
            found: dict[str, Any] = (
                schemas[name.removesuffix("Deal") + "MatchDeal"] if in_match else schema
            )
            return found
    raise AssertionError(f"no deal schema for {game}")


def _null_bodies(
    base: dict[str, Any], schema: dict[str, Any]
) -> list[tuple[dict[str, Any], str, bool]]:
    """`base` with one field null (or one team's value null in a per-team field): each body,
    the field, and whether its description takes the null."""
    bodies = []
    for name, field in schema["properties"].items():
        bodies.append(({**base, name: None}, name, takes_null(field)))
        teams = field.get("properties", {})
        if field.get("type") == "object" and set(teams) == {"us", "them"}:
            bodies.append(({**base, name: {"us": None}}, f"{name}.us", takes_null(teams["us"])))
    return bodies


@pytest.mark.parametrize("game", sorted(DEALS))
def test_a_deal_takes_null_exactly_where_its_description_does(
    client: TestClient, game: str
) -> None:
    """`/api/v1/score`, `belot score` and `belot score --jsonl` give the same answer to each
    body: 422 `wrong-type` at the field where the description has no null (`multiplier`,
    `belots`, `declarations`, `hanging`, `declarations.us`, `rules`…), the score where it has
    one (`capot`, `kaboot`, …)."""
    bodies = _null_bodies(DEALS[game], _deal_schema(client, game))
    answers = []
    for body, field, nullable in bodies:
        answer = client.post("/api/v1/score", json=body)
        if nullable:
            assert answer.status_code == 200, (field, answer.text)
        else:
            assert_error(answer, 422, "wrong-type", field)
        answers.append(answer.json())
        one = CliRunner().invoke(main, ["score"], input=json.dumps(body))
        assert (one.exit_code, json.loads(one.output)) == ((0 if nullable else 2), answer.json())
    lines = "".join(json.dumps(body) + "\n" for body, _, _ in bodies)
    bulk = CliRunner().invoke(main, ["score", "--jsonl"], input=lines)
    assert [json.loads(line) for line in bulk.output.splitlines()] == answers
    assert any(not nullable for _, _, nullable in bodies)


def _inputs(client: TestClient, match_id: str) -> list[Any]:
    return [d["input"] for d in client.get(f"/api/v1/matches/{match_id}").json()["deals"]]


@pytest.mark.parametrize("game", sorted(DEALS))
def test_a_match_deal_takes_null_exactly_where_its_description_does(
    client: TestClient, game: str
) -> None:
    made = client.post("/api/v1/matches", json={"game": game}).json()
    match_id, auth = made["id"], bearer(made["token"])
    own = {k: v for k, v in DEALS[game].items() if k not in ("game", "rules", "hanging")}
    first = client.post(f"/api/v1/matches/{match_id}/deals", json=own, headers=auth)
    assert first.status_code == 201, first.text
    for body, field, nullable in _null_bodies(own, _deal_schema(client, game, in_match=True)):
        before = _inputs(client, match_id)
        replaced = client.put(f"/api/v1/matches/{match_id}/deals/1", json=body, headers=auth)
        if nullable:
            assert replaced.status_code == 200, (field, replaced.text)
            continue
        assert_error(replaced, 422, "wrong-type", field)
        added = client.post(f"/api/v1/matches/{match_id}/deals", json=body, headers=auth)
        assert_error(added, 422, "wrong-type", field)
        assert _inputs(client, match_id) == before  # nothing stored


def test_a_new_match_takes_null_exactly_where_its_description_does(client: TestClient) -> None:
    """`target` had no null in its description and took one (201): each field of a new
    match, and of a club's, answers as its description says, whatever it says."""
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    club, auth, ids = _club(client)
    for path, schema, base in (
        ("/api/v1/matches", schemas["NewMatch"], {"game": "coinche"}),
        (f"/api/v1/clubs/{club}/matches", schemas["NewClubMatch"],
         {"game": "coinche", "seats": ids}),
    ):  # fmt: skip
        for name, field in schema["properties"].items():
            before = _counts(client)
            answer = client.post(path, json={**base, name: None}, headers=auth)
            if takes_null(field):
                assert answer.status_code == 201, (path, name, answer.text)
            else:
                assert_error(answer, 422, "wrong-type", name)
                assert _counts(client) == before


def test_a_deal_stored_with_nulls_before_still_scores_and_shows(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A null stored before the rule stays as it was: replayed, read, exported."""
    from belot.store import inputs

    made = client.post("/api/v1/matches", json={"game": "belot"}).json()
    deal = {"contract": "hearts", "declarer": "us", "cards": {"us": 82}, "last_trick": "us",
            "multiplier": None, "declarations": {"us": [20], "them": None}}  # fmt: skip
    with monkeypatch.context() as before_the_fix:
        before_the_fix.setattr(inputs, "refuse_nulls", lambda *_: None)
        added = client.post(f"/api/v1/matches/{made['id']}/deals", json=deal,
                            headers=bearer(made["token"]))  # fmt: skip
    assert added.status_code == 201, added.text
    again = client.get(f"/api/v1/matches/{made['id']}").json()
    assert again["deals"][0]["input"] == deal and again["totals"] == {"us": 11, "them": 7}
