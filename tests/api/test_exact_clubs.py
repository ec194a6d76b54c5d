"""Club matches of bela and klaverjas (CONTRACT §1, §5.2, §5.4): played, counted in the
statistics and the ratings, a draw no one's win; a tournament table that ends in a draw; the
club file keeps how long each match plays."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from belot.core.errors import BelotError
from belot.store import MatchStore
from belot.store.club_files import import_club

from .helpers import bearer
from .test_exact_matches import OURS_80, TO_950_900, bela, theirs

Json = dict[str, Any]
# A klaverjas boom of 16 ending level: 90 : 72 eight times, 72 : 90 eight times.
LEVEL_BOOM = [OURS_80, theirs(80)] * 8


def club_of(client: TestClient, players: int = 4) -> tuple[str, dict[str, str], list[str]]:
    made = client.post("/api/v1/clubs", json={"name": "Srijeda"}).json()
    auth = bearer(made["token"])
    ids = []
    for i in range(players):
        r = client.post(f"/api/v1/clubs/{made['id']}/players", json={"name": f"P{i}"},
                        headers=auth)  # fmt: skip
        assert r.status_code == 201, r.text
        ids.append(r.json()["id"])
    return made["id"], auth, ids


def play(client: TestClient, auth: dict[str, str], match: str, deals: list[Json]) -> Json:
    body: Json = {}
    for deal in deals:
        r = client.post(f"/api/v1/matches/{match}/deals", json=deal, headers=auth)
        assert r.status_code == 201, r.text
        body = r.json()
    return body


def test_club_matches_of_bela_and_klaverjas_a_draw_no_ones_win(client: TestClient) -> None:
    club, auth, ids = club_of(client)
    made = client.post(f"/api/v1/clubs/{club}/matches", headers=auth,
                       json={"game": "bela", "seats": ids})  # fmt: skip
    assert made.status_code == 201, made.text
    assert (made.json()["target"], made.json()["club"]) == (1001, club)
    won = play(client, auth, made.json()["id"], [*TO_950_900, bela(72)])
    assert won["finished"] and won["winner"] == "us"
    boom = client.post(f"/api/v1/clubs/{club}/matches", headers=auth,
                       json={"game": "klaverjas", "seats": ids, "deal_count": 2})  # fmt: skip
    assert boom.status_code == 201, boom.text
    assert (boom.json()["deal_count"], boom.json()["target"]) == (2, None)
    drawn = play(client, auth, boom.json()["id"], [OURS_80, theirs(80)])
    assert drawn["finished"] and drawn["winner"] is None
    listed = client.get(f"/api/v1/clubs/{club}").json()["matches"]
    assert sorted((m["game"], m["finished"], m["winner"]) for m in listed) == [
        ("bela", True, "us"), ("klaverjas", True, None)]  # fmt: skip
    stats = {p["id"]: p for p in client.get(f"/api/v1/clubs/{club}/stats").json()["players"]}
    assert [(stats[p]["matches"], stats[p]["wins"]) for p in ids] == [(2, 1), (2, 0), (2, 1),
                                                                      (2, 0)]  # fmt: skip
    rated = {p["id"]: p for p in client.get(f"/api/v1/clubs/{club}/ratings").json()["players"]}
    assert {rated[p]["matches"] for p in ids} == {2}  # the draw is rated too
    assert rated[ids[0]]["rating"] > rated[ids[1]]["rating"]


def test_a_draw_is_rated_as_a_draw(client: TestClient) -> None:
    club, auth, ids = club_of(client)
    boom = client.post(f"/api/v1/clubs/{club}/matches", headers=auth,
                       json={"game": "klaverjas", "seats": ids, "deal_count": 2})  # fmt: skip
    play(client, auth, boom.json()["id"], [OURS_80, theirs(80)])
    rated = client.get(f"/api/v1/clubs/{club}/ratings").json()
    assert len({p["rating"] for p in rated["players"]}) == 1  # all alike: no one won
    assert [p["matches"] for p in rated["pairs"]] == [1, 1]


def test_a_tournament_table_ending_in_a_draw(client: TestClient) -> None:
    club, auth, ids = club_of(client, 8)
    pairs = [ids[i : i + 2] for i in range(0, 8, 2)]
    made = client.post(f"/api/v1/clubs/{club}/tournaments", headers=auth,
                       json={"name": "Boom", "game": "klaverjas", "rules": "rotterdam",
                             "format": "knockout", "pairs": pairs})  # fmt: skip
    assert made.status_code == 201, made.text
    t = client.post(f"/api/v1/tournaments/{made.json()['id']}/rounds", headers=auth).json()
    level, won = t["rounds"][0]["tables"]
    match = client.get(f"/api/v1/matches/{level['match']}").json()
    assert (match["deal_count"], match["target"]) == (16, None)  # its game's boom
    assert play(client, auth, level["match"], LEVEL_BOOM)["winner"] is None
    assert play(client, auth, won["match"], [theirs(80)] * 16)["winner"] == "them"
    t = client.get(f"/api/v1/tournaments/{t['id']}").json()
    first, decided = t["rounds"][0]["tables"]
    # A knockout needs a pair to go on: the drawn table's first pair does.
    assert (first["winner"], first["draw"]) == (first["pairs"][0], True)
    assert (decided["winner"], decided["draw"]) == (decided["pairs"][1], False)
    standing = {s["pair"]: s for s in t["standings"]}
    for pair in first["pairs"]:  # a draw is neither won nor lost
        assert [standing[pair][k] for k in ("played", "won", "lost", "drawn")] == [1, 0, 0, 1]
    t = client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=auth)
    assert t.status_code == 201, t.text
    final = t.json()["rounds"][1]["tables"][0]
    assert final["pairs"] == [first["pairs"][0], decided["pairs"][1]]


def test_a_round_robin_of_draws_is_over_when_its_tables_are(client: TestClient) -> None:
    club, auth, ids = club_of(client)
    made = client.post(f"/api/v1/clubs/{club}/tournaments", headers=auth,
                       json={"name": "Gelijk", "game": "klaverjas", "format": "round-robin",
                             "pairs": [ids[:2], ids[2:]]})  # fmt: skip
    t = client.post(f"/api/v1/tournaments/{made.json()['id']}/rounds", headers=auth).json()
    (table,) = t["rounds"][0]["tables"]
    play(client, auth, table["match"], LEVEL_BOOM)
    t = client.get(f"/api/v1/tournaments/{t['id']}").json()
    assert t["finished"] is True and t["rounds"][0]["tables"][0]["draw"] is True
    assert [(s["won"], s["lost"], s["drawn"]) for s in t["standings"]] == [(0, 0, 1), (0, 0, 1)]
    again = client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=auth)
    assert again.status_code == 409 and again.json()["error"]["code"] == "tournament-over"


def test_the_club_file_keeps_how_long_each_match_plays(client: TestClient, tmp_path: Path) -> None:
    club, auth, ids = club_of(client)
    for body in ({"game": "klaverjas", "deal_count": 2}, {"game": "bela", "target": 501},
                 {"game": "klaverjas"}):  # fmt: skip
        r = client.post(f"/api/v1/clubs/{club}/matches", headers=auth, json={**body, "seats": ids})
        assert r.status_code == 201, r.text
        play(client, auth, r.json()["id"], [OURS_80])
    exported = client.get(f"/api/v1/clubs/{club}/export").json()
    assert [(m["game"], m["deal_count"], m["target"]) for m in exported["matches"]] == [
        ("klaverjas", 2, None), ("bela", None, 501), ("klaverjas", 16, None)]  # fmt: skip
    store = MatchStore(f"sqlite:///{tmp_path / 'copy.sqlite3'}")
    try:
        import_club(store, exported)
        for m in exported["matches"]:
            sheet = store.get(m["id"]).sheet
            assert (sheet.deal_count, sheet.target) == (
                m["deal_count"],
                m["target"] or sheet.target,
            )
        both = {**exported, "club": {**exported["club"], "id": "cLUBBOTHBOTHBOTH"}}
        both["matches"] = [{**exported["matches"][0], "id": "mBOTHBOTHBOTHBOT", "target": 1500}]
        with pytest.raises(BelotError) as refused:  # at its field, as the API refuses it
            import_club(store, both)
        assert (refused.value.code, refused.value.field) == ("match-mode", "matches.0.deal_count")
    finally:
        store.close()
