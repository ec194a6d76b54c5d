"""The French games through the API (CONTRACT §1, §2, §5, §5.3): scoring, a match to its own
target with litige points carried, coinche's "not out on a belote" rule, rules listing."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from .helpers import assert_error, bearer

HEARTS = {"contract": "hearts", "declarer": "us"}


def test_score_a_coinche_deal(client: TestClient) -> None:
    deal = {"game": "coinche", **HEARTS, "bid": 100, "multiplier": 2, "cards": {"us": 110},
            "last_trick": "us", "declarations": {"us": [50], "them": []},
            "belots": {"them": 1}}  # fmt: skip
    response = client.post("/api/v1/score", json=deal)
    assert response.status_code == 200, response.text
    assert response.json() == {"raw": {"us": 170, "them": 62}, "outcome": "made",
                               "score": {"us": 620, "them": 20}, "hanging": 0}  # fmt: skip
    bad = client.post("/api/v1/score", json={**deal, "bid": 85})
    assert_error(bad, 422, "bid-out-of-range", "bid")


def add(client: TestClient, match: str, token: str, deal: dict[str, Any]) -> dict[str, Any]:
    response = client.post(f"/api/v1/matches/{match}/deals", json=deal, headers=bearer(token))
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def test_a_french_belote_match_to_its_target(client: TestClient) -> None:
    made = client.post("/api/v1/matches", json={"game": "french-belote", "target": 300})
    assert made.status_code == 201, made.text
    body = made.json()
    assert body["target"] == 300 and body["rules"] == "ffb"
    assert body["teams"] == {"us": "Nous", "them": "Eux"}
    match, token = body["id"], body["token"]
    # a litige: the defence writes 80, the taker's 80 hang
    sheet = add(client, match, token, {**HEARTS, "cards": {"us": 71}, "last_trick": "us"})
    assert sheet["totals"] == {"us": 0, "them": 80} and sheet["hanging"] == 80
    # the next deal made by the taker takes them: 80 + 80
    sheet = add(client, match, token, {**HEARTS, "cards": {"us": 72}, "last_trick": "us"})
    assert sheet["totals"] == {"us": 160, "them": 160} and sheet["hanging"] == 0
    sheet = add(client, match, token, {**HEARTS, "capot": "us"})
    assert sheet["totals"] == {"us": 410, "them": 160}
    assert sheet["finished"] is True and sheet["winner"] == "us"
    # the default target, and one out of bounds
    plain = client.post("/api/v1/matches", json={"game": "french-belote"}).json()
    assert plain["target"] == 1000
    assert_error(client.post("/api/v1/matches", json={"game": "coinche", "target": 99}), 422,
                 "target-out-of-range", "target")  # fmt: skip
    assert_error(client.post("/api/v1/matches", json={"game": "coinche", "target": "2000"}),
                 422, "wrong-type", "target")  # fmt: skip
    assert_error(client.post("/api/v1/matches", json={"game": "belot", "target": 151}), 422,
                 "field-not-allowed", "target")  # fmt: skip


def test_coinche_is_not_won_on_a_belote(client: TestClient) -> None:
    """RULES.md 6.6: a team whose only record in the deal is its belote does not win on it."""
    body = client.post("/api/v1/matches", json={"game": "coinche", "target": 400}).json()
    assert body["target"] == 400 and body["rules"] == "coinche"
    match, token = body["id"], body["token"]
    sheet = add(client, match, token, {**HEARTS, "bid": 140, "capot": "us"})  # 392 → 390
    assert sheet["totals"] == {"us": 390, "them": 0}
    # our bid fails; our belote alone takes us to 410, past 400 and ahead: play goes on
    sheet = add(client, match, token, {**HEARTS, "bid": 80, "cards": {"us": 0},
                                       "last_trick": "them", "belots": {"us": 1}})  # fmt: skip
    assert sheet["totals"] == {"us": 410, "them": 240}
    assert sheet["finished"] is False and sheet["winner"] is None
    # them take and make 112 + 80 → 190; we write our own 50: now we win on our points
    sheet = add(client, match, token, {"contract": "spades", "declarer": "them", "bid": 80,
                                        "cards": {"them": 102}, "last_trick": "them"})  # fmt: skip
    assert sheet["totals"] == {"us": 460, "them": 430}
    assert sheet["finished"] is True and sheet["winner"] == "us"


def test_rules_listing_has_every_game_in_every_language(client: TestClient) -> None:
    listing = client.get("/api/v1/rules").json()
    games = {g["game"]: g for g in listing["games"]}
    assert set(games) == {"belot", "baloot", "french-belote", "coinche", "bela", "klaverjas"}
    assert [p["name"] for p in games["coinche"]["presets"]] == ["coinche", "contree"]
    assert [p["name"] for p in games["french-belote"]["presets"]] == ["ffb"]
    assert {s["name"] for s in games["french-belote"]["switches"]} == {
        "annonces", "tie-inside", "no-rounding"}  # fmt: skip
    for game in games.values():
        for item in (*game["presets"], *game["switches"]):
            assert set(item["words"]) >= {"bg", "ar", "en", "fr", "hr", "nl"}


def test_exports_carry_the_target_and_the_bid(client: TestClient) -> None:
    body = client.post("/api/v1/matches", json={"game": "coinche", "target": 1500}).json()
    match, token = body["id"], body["token"]
    add(client, match, token, {**HEARTS, "bid": 110, "cards": {"us": 103}, "last_trick": "us"})
    lines = client.get(f"/api/v1/matches/{match}.csv").text.splitlines()
    assert lines[0].endswith(",amount,target,deal_count")
    assert lines[1] == "1,hearts,us,1,made,220,50,220,50,0,110,1500,"
    assert client.get(f"/api/v1/matches/{match}.json").json()["target"] == 1500


def test_a_club_file_keeps_a_matchs_own_target(client: TestClient) -> None:
    club = client.post("/api/v1/clubs", json={"name": "Jeudi soir"}).json()
    players = [
        client.post(f"/api/v1/clubs/{club['id']}/players", json={"name": name},
                    headers=bearer(club["token"])).json()["id"]
        for name in ("Anne", "Bruno", "Chloé", "David")
    ]  # fmt: skip
    made = client.post(f"/api/v1/clubs/{club['id']}/matches",
                       json={"game": "french-belote", "seats": players, "target": 500},
                       headers=bearer(club["token"]))  # fmt: skip
    assert made.status_code == 201, made.text
    assert made.json()["target"] == 500 and made.json()["teams"]["us"].startswith("Anne")
    exported = client.get(f"/api/v1/clubs/{club['id']}/export").json()
    assert [m["target"] for m in exported["matches"]] == [500]


def test_a_coinche_tournament_and_its_ratings(client: TestClient) -> None:
    """A French club's evening: a knockout of two pairs in coinche, its table played to 2000
    (four capot bids made, 500 each), the winner and the ratings."""
    club = client.post("/api/v1/clubs", json={"name": "Club de Lyon"}).json()
    auth = bearer(club["token"])
    ids = [
        client.post(f"/api/v1/clubs/{club['id']}/players", json={"name": name},
                    headers=auth).json()["id"]
        for name in ("Anne", "Bruno", "Chloé", "David")
    ]  # fmt: skip
    made = client.post(f"/api/v1/clubs/{club['id']}/tournaments", headers=auth,
                       json={"name": "Coupe", "game": "coinche", "rules": "contree",
                             "format": "knockout", "pairs": [ids[:2], ids[2:]]})  # fmt: skip
    assert made.status_code == 201, made.text
    tournament = made.json()
    drawn = client.post(f"/api/v1/tournaments/{tournament['id']}/rounds", headers=auth).json()
    table = drawn["rounds"][0]["tables"][0]
    match = client.get(f"/api/v1/matches/{table['match']}").json()
    assert (match["game"], match["rules"], match["target"]) == ("coinche", "contree", 2000)
    for _ in range(4):
        sheet = client.post(f"/api/v1/matches/{table['match']}/deals", headers=auth,
                            json={**HEARTS, "bid": "capot", "capot": "us"})  # fmt: skip
        assert sheet.status_code == 201, sheet.text
    assert sheet.json()["totals"] == {"us": 2000, "them": 0} and sheet.json()["winner"] == "us"
    done = client.get(f"/api/v1/tournaments/{tournament['id']}").json()
    assert done["finished"] is True and done["winner"] == table["pairs"][0]
    ratings = client.get(f"/api/v1/clubs/{club['id']}/ratings").json()
    assert {p["id"] for p in ratings["players"]} == set(ids)
    stats = client.get(f"/api/v1/clubs/{club['id']}/stats").json()
    capots = {p["id"]: p["capots"] for p in stats["players"]}
    assert sorted(capots.values()) == [0, 0, 4, 4]
