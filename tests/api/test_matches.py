"""CONTRACT.md §5 through the HTTP API: score, create, read, add, replace, delete, export."""

from __future__ import annotations

import csv
import io

from fastapi.testclient import TestClient

from sample_deals import BALOOT_TIE, HANGING, INVALID, LEVEL, MADE

from .helpers import assert_error, bearer, new_match

API = "/api/v1"


def test_score_one_deal(client: TestClient) -> None:
    response = client.post(f"{API}/score", json={"game": "belot", **MADE})
    assert response.status_code == 200
    assert response.json() == {
        "raw": {"us": 112, "them": 70},
        "outcome": "made",
        "score": {"us": 11, "them": 7},
        "hanging": 0,
    }


def test_score_refuses_a_bad_deal_with_the_contracts_error(client: TestClient) -> None:
    response = client.post(f"{API}/score", json={"game": "belot", **INVALID})
    assert_error(response, 422, "cards-out-of-range", "cards.us")


def test_create_a_match(client: TestClient) -> None:
    response = client.post(
        f"{API}/matches",
        json={"game": "belot", "rules": "bg", "teams": {"us": "Ние", "them": "Вие"}},
    )
    assert response.status_code == 201
    body = response.json()
    assert body["version"] == 0 and body["game"] == "belot" and body["rules"] == "bg"
    assert body["teams"] == {"us": "Ние", "them": "Вие"}
    assert body["deals"] == [] and body["totals"] == {"us": 0, "them": 0}
    assert body["hanging"] == 0 and body["finished"] is False and body["winner"] is None
    assert body["id"] != body["token"] and len(body["token"]) >= 22
    assert response.headers["location"] == f"{API}/matches/{body['id']}"
    assert response.headers["etag"] == '"0"'
    read = client.get(f"{API}/matches/{body['id']}").json()
    assert "token" not in read
    assert read == {key: value for key, value in body.items() if key != "token"}


def test_baloot_rules_default_to_sa(client: TestClient) -> None:
    body = client.post(f"{API}/matches", json={"game": "baloot"}).json()
    assert body["rules"] == "sa" and body["teams"] == {"us": "لنا", "them": "لهم"}


def test_add_replace_delete_replay_the_sheet(client: TestClient) -> None:
    match_id, token = new_match(client)
    url = f"{API}/matches/{match_id}"
    added = client.post(f"{url}/deals", json=HANGING, headers=bearer(token))
    assert added.status_code == 201 and added.headers["etag"] == '"1"'
    assert added.json()["hanging"] == 9
    second = client.post(f"{url}/deals", json=MADE, headers=bearer(token)).json()
    assert second["totals"] == {"us": 20, "them": 16} and second["hanging"] == 0
    assert [d["n"] for d in second["deals"]] == [1, 2]
    assert second["deals"][1]["input"] == MADE
    assert second["deals"][1]["result"]["score"] == {"us": 20, "them": 7}

    replaced = client.put(f"{url}/deals/1", json=LEVEL, headers=bearer(token))
    assert replaced.status_code == 200
    # Deal 2 is re-scored: no hanging points come to it any more.
    assert replaced.json()["deals"][1]["result"]["score"] == {"us": 11, "them": 7}
    assert replaced.json()["totals"] == {"us": 24, "them": 20}

    deleted = client.delete(f"{url}/deals/1", headers=bearer(token))
    assert deleted.status_code == 200
    body = deleted.json()
    assert body["version"] == 4 and [d["input"] for d in body["deals"]] == [MADE]
    assert client.get(url).json() == body


def test_a_deal_in_a_match_takes_game_and_totals_from_the_match(client: TestClient) -> None:
    match_id, token = new_match(client, "baloot")
    url = f"{API}/matches/{match_id}/deals"
    for _ in range(3):
        body = client.post(url, json=BALOOT_TIE, headers=bearer(token)).json()
    assert body["totals"] == {"us": 39, "them": 39}
    assert [d["result"]["outcome"] for d in body["deals"]] == ["tie"] * 3


def test_an_invalid_deal_is_422_and_names_its_field(client: TestClient) -> None:
    match_id, token = new_match(client)
    response = client.post(f"{API}/matches/{match_id}/deals", json=INVALID, headers=bearer(token))
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "cards-out-of-range"
    assert response.json()["error"]["field"] == "cards.us"
    assert client.get(f"{API}/matches/{match_id}").json()["version"] == 0


def test_a_finished_match_answers_409(client: TestClient) -> None:
    match_id, token = new_match(client)
    url = f"{API}/matches/{match_id}/deals"
    for _ in range(3):
        body = client.post(url, json={**MADE, "multiplier": 4}, headers=bearer(token)).json()
    assert body["finished"] is True and body["winner"] == "us"
    assert_error(client.post(url, json=MADE, headers=bearer(token)), 409, "match-over")
    assert client.get(f"{API}/matches/{match_id}").json()["version"] == 3


def test_if_match_and_etag(client: TestClient) -> None:
    match_id, token = new_match(client)
    url = f"{API}/matches/{match_id}/deals"
    ok = client.post(url, json=MADE, headers={**bearer(token), "If-Match": '"0"'})
    assert ok.status_code == 201
    for stale in ("0", '"0"', 'W/"0"', "7", "abc", "-1"):
        response = client.post(url, json=MADE, headers={**bearer(token), "If-Match": stale})
        assert_error(response, 412, "stale-version", "If-Match")
    assert (
        client.post(url, json=MADE, headers={**bearer(token), "If-Match": "1"}).status_code == 201
    )
    assert (
        client.post(url, json=MADE, headers={**bearer(token), "If-Match": "*"}).status_code == 201
    )
    put = client.put(f"{url}/1", json=LEVEL, headers={**bearer(token), "If-Match": "1"})
    assert_error(put, 412, "stale-version")
    delete = client.delete(f"{url}/1", headers={**bearer(token), "If-Match": "1"})
    assert_error(delete, 412, "stale-version")
    assert client.get(f"{API}/matches/{match_id}").json()["version"] == 3


def test_idempotency_key_records_once_and_answers_the_same(client: TestClient) -> None:
    match_id, token = new_match(client)
    url = f"{API}/matches/{match_id}/deals"
    headers = {**bearer(token), "Idempotency-Key": "phone-tap-1"}
    first = client.post(url, json=MADE, headers=headers)
    again = client.post(url, json=MADE, headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert len(client.get(f"{API}/matches/{match_id}").json()["deals"]) == 1
    other = client.post(url, json=LEVEL, headers=headers)
    assert_error(other, 422, "idempotency-key-reused", "Idempotency-Key")


def test_unknown_match_and_deal_are_404(client: TestClient) -> None:
    match_id, token = new_match(client)
    assert_error(client.get(f"{API}/matches/nope"), 404, "match-not-found")
    assert_error(client.get(f"{API}/matches/nope.csv"), 404, "match-not-found")
    missing = client.post(f"{API}/matches/nope/deals", json=MADE, headers=bearer(token))
    assert_error(missing, 404, "match-not-found")
    for n in ("1", "0", "-3", "99999999999999999999999"):
        url = f"{API}/matches/{match_id}/deals/{n}"
        assert_error(client.put(url, json=MADE, headers=bearer(token)), 404, "deal-not-found")
        assert_error(client.delete(url, headers=bearer(token)), 404, "deal-not-found")


def test_export_csv_and_json(client: TestClient) -> None:
    match_id, token = new_match(client)
    for deal in (HANGING, MADE):
        client.post(f"{API}/matches/{match_id}/deals", json=deal, headers=bearer(token))
    response = client.get(f"{API}/matches/{match_id}.csv")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/csv")
    assert "attachment" in response.headers["content-disposition"]
    rows = list(csv.DictReader(io.StringIO(response.text)))
    assert [(r["n"], r["outcome"], r["score_us"], r["score_them"]) for r in rows] == [
        ("1", "hanging", "0", "9"),
        ("2", "made", "20", "7"),
    ]
    assert (rows[-1]["total_us"], rows[-1]["total_them"], rows[0]["hanging"]) == ("20", "16", "9")
    exported = client.get(f"{API}/matches/{match_id}.json")
    assert exported.status_code == 200 and "attachment" in exported.headers["content-disposition"]
    assert exported.json() == client.get(f"{API}/matches/{match_id}").json()


def test_openapi_describes_every_operation(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    paths = document["paths"]
    assert set(paths[f"{API}/matches/{{id}}/deals/{{n}}"]) == {"put", "delete"}
    assert "post" in paths[f"{API}/score"] and "post" in paths[f"{API}/matches"]
    assert "get" in paths[f"{API}/matches/{{id}}"] and "get" in paths[f"{API}/matches/{{id}}.csv"]
    add = paths[f"{API}/matches/{{id}}/deals"]["post"]
    assert add["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/MatchDeal"
    }
    assert {"201", "401", "403", "404", "409", "412", "413", "422"} <= set(add["responses"])
    assert {"Deal", "Result", "Error", "Match"} <= set(document["components"]["schemas"])
