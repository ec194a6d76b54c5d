"""CONTRACT.md §5.4: tournaments of a club's pairs and the club's ratings, on both databases."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from sample_deals import RECONTRA

from .helpers import assert_error, bearer

# Three recontras (73 : 0 each) end a Belot match: the side that declared wins it.
WIN = {"us": RECONTRA, "them": {**RECONTRA, "declarer": "them", "cards": {"them": 82},
                                "last_trick": "them", "declarations": {"them": [20]}}}  # fmt: skip

Json = dict[str, Any]


def club_of(client: TestClient, players: int = 8) -> tuple[str, dict[str, str], list[str]]:
    made = client.post("/api/v1/clubs", json={"name": "Турнир"}).json()
    auth = bearer(made["token"])
    ids = []
    for i in range(players):
        r = client.post(f"/api/v1/clubs/{made['id']}/players", json={"name": f"P{i}"},
                        headers=auth)  # fmt: skip
        assert r.status_code == 201, r.text
        ids.append(r.json()["id"])
    return made["id"], auth, ids


def new_tournament(client: TestClient, club: str, auth: dict[str, str], **body: Any) -> Any:
    return client.post(f"/api/v1/clubs/{club}/tournaments", json=body, headers=auth)


def pairs_of(ids: list[str]) -> list[list[str]]:
    return [ids[i : i + 2] for i in range(0, len(ids) - 1, 2)]


def finish(client: TestClient, auth: dict[str, str], match: str, winner: str) -> Json:
    for _ in range(3):
        r = client.post(f"/api/v1/matches/{match}/deals", json=WIN[winner], headers=auth)
        assert r.status_code == 201, r.text
    body: Json = r.json()
    assert body["finished"] and body["winner"] == winner
    return body


def draw(client: TestClient, auth: dict[str, str], tournament: str) -> Json:
    r = client.post(f"/api/v1/tournaments/{tournament}/rounds", headers=auth)
    assert r.status_code == 201, r.text
    body: Json = r.json()
    return body


def test_a_round_robin_played_through(client: TestClient) -> None:
    club, auth, ids = club_of(client)
    r = new_tournament(client, club, auth, name="Петък", game="belot", rules="bg",
                       format="round-robin", pairs=pairs_of(ids))  # fmt: skip
    assert r.status_code == 201, r.text
    t = r.json()
    assert {k: t[k] for k in ("club", "name", "game", "rules", "format", "finished", "winner")} == {
        "club": club, "name": "Петък", "game": "belot", "rules": "bg", "format": "round-robin",
        "finished": False, "winner": None,
    }  # fmt: skip
    assert [p["players"] for p in t["pairs"]] == pairs_of(ids)
    assert t["pairs"][0]["name"] == "P0 & P1" and t["rounds"] == []
    assert [s["rank"] for s in t["standings"]] == [1, 2, 3, 4]
    assert r.headers["location"] == f"/api/v1/tournaments/{t['id']}"
    by_id = {p["id"]: p["players"] for p in t["pairs"]}
    names = {p["id"]: p["name"] for p in t["pairs"]}
    won: dict[str, int] = dict.fromkeys(by_id, 0)
    for n in (1, 2, 3):
        t = draw(client, auth, t["id"])
        tables = t["rounds"][-1]["tables"]
        assert t["rounds"][-1]["n"] == n and [x["table"] for x in tables] == [1, 2]
        for x in tables:
            first, second = x["pairs"]
            match = client.get(f"/api/v1/matches/{x['match']}").json()
            # The first pair on seats 1 and 3 (us), the other on 2 and 4.
            seats = [s["player"] for s in match["seats"]]
            assert seats == [by_id[first][0], by_id[second][0], by_id[first][1], by_id[second][1]]
            assert match["club"] == club and match["teams"] == {"us": names[first],
                                                                 "them": names[second]}  # fmt: skip
            assert match["tournament"] == {"id": t["id"], "round": n, "table": x["table"],
                                           "name": "Петък"}  # fmt: skip
            assert x["winner"] is None
        again = client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=auth)
        assert_error(again, 409, "round-not-finished")
        for x in tables:
            # The pair listed first in the entry order wins each table.
            first, second = x["pairs"]
            order = list(by_id)
            side = "us" if order.index(first) < order.index(second) else "them"
            finish(client, auth, x["match"], side)
            won[first if side == "us" else second] += 1
    t = client.get(f"/api/v1/tournaments/{t['id']}").json()
    met = {frozenset(x["pairs"]) for rnd in t["rounds"] for x in rnd["tables"]}
    assert len(met) == 6  # every pair met every other once
    assert all(x["winner"] for rnd in t["rounds"] for x in rnd["tables"])
    assert [s["won"] for s in t["standings"]] == [3, 2, 1, 0]
    assert [s["pair"] for s in t["standings"]] == list(by_id)
    top = t["standings"][0]
    assert top == {"rank": 1, "pair": t["pairs"][0]["id"], "played": 3, "won": 3, "lost": 0,
                   "points_for": 3 * 219, "points_against": 0, "drawn": 0}  # fmt: skip
    assert t["finished"] and t["winner"] == t["pairs"][0]["id"]
    assert_error(client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=auth), 409,
                 "tournament-over")  # fmt: skip


def test_refusals_name_their_field_and_make_nothing(client: TestClient) -> None:
    club, auth, ids = club_of(client)
    other, other_auth, strangers = club_of(client, 2)
    good: Json = {"name": "T", "game": "belot", "format": "round-robin", "pairs": pairs_of(ids)}
    cases: list[tuple[Json, str, str]] = [
        ({"pairs": [ids[0:2], [ids[2], ids[0]]]}, "player-twice", "pairs.1.1"),
        ({"pairs": [ids[0:2], ids[2:4], [ids[4], strangers[0]]]}, "unknown-player", "pairs.2.1"),
        ({"pairs": [ids[0:2], ["nobody", ids[3]]]}, "unknown-player", "pairs.1.0"),
        ({"pairs": [ids[0:2]]}, "pair-count", "pairs"),
        ({"pairs": [ids[0:2]] * 65}, "pair-count", "pairs"),
        ({"pairs": [ids[0:2], ids[2:5]]}, "invalid-pair", "pairs.1"),
        ({"format": "ladder"}, "unknown-format", "format"),
        ({"format": "swiss"}, "missing-rounds", "rounds"),
        ({"format": "swiss", "rounds": 0}, "invalid-rounds", "rounds"),
        ({"name": ""}, "invalid-tournament-name", "name"),
        ({"game": "bridge"}, "unknown-game", "game"),
        ({"colour": "red"}, "unknown-field", "colour"),
    ]
    for change, code, field in cases:
        assert_error(new_tournament(client, club, auth, **{**good, **change}), 422, code, field)
    assert_error(new_tournament(client, club, {}, **good), 401, "token-missing")
    assert_error(new_tournament(client, club, other_auth, **good), 403, "token-wrong")
    assert_error(new_tournament(client, "nope", auth, **good), 404, "club-not-found")
    assert_error(client.get("/api/v1/tournaments/nope"), 404, "tournament-not-found")
    assert_error(client.post("/api/v1/tournaments/nope/rounds", headers=auth), 404,
                 "tournament-not-found")  # fmt: skip
    store = client.app.state.tournaments  # type: ignore[attr-defined]
    assert store.of_club(club) == [] and store.of_club(other) == []
    made = new_tournament(client, club, auth, **good).json()
    assert_error(client.post(f"/api/v1/tournaments/{made['id']}/rounds", headers=other_auth),
                 403, "token-wrong")  # fmt: skip
    assert client.get(f"/api/v1/clubs/{club}").json()["matches"] == []  # a refused draw: none


def test_knockout_byes_to_the_highest_rated_pairs_and_winners_go_on(client: TestClient) -> None:
    club, auth, ids = club_of(client, 10)
    pairs = pairs_of(ids)
    # The last pair wins three club matches first: it is the best rated.
    for _ in range(3):
        m = client.post(f"/api/v1/clubs/{club}/matches",
                        json={"seats": [pairs[4][0], pairs[0][0], pairs[4][1], pairs[0][1]]},
                        headers=auth).json()  # fmt: skip
        finish(client, auth, m["id"], "us")
    ratings = client.get(f"/api/v1/clubs/{club}/ratings").json()
    assert ratings["pairs"][0]["players"] == sorted(pairs[4])
    assert ratings["pairs"][-1]["players"] == sorted(pairs[0])
    t = new_tournament(client, club, auth, name="KO", format="knockout", pairs=pairs).json()
    ids_of = {tuple(p["players"]): p["id"] for p in t["pairs"]}
    best = ids_of[tuple(pairs[4])]
    t = draw(client, auth, t["id"])
    first = t["rounds"][0]["tables"]
    assert len(first) == 4  # a bracket of 8: three byes for five pairs
    byes = [x for x in first if x["pairs"][1] is None]
    assert len(byes) == 3 and byes[0]["pairs"][0] == best
    assert all(x["match"] is None and x["winner"] == x["pairs"][0] for x in byes)
    (played,) = [x for x in first if x["pairs"][1] is not None]
    assert ids_of[tuple(pairs[0])] in played["pairs"]  # the lowest rated do play
    finish(client, auth, played["match"], "them")
    t = draw(client, auth, t["id"])
    assert len(t["rounds"][1]["tables"]) == 2
    for x in t["rounds"][1]["tables"]:
        finish(client, auth, x["match"], "us")
    t = draw(client, auth, t["id"])
    (final,) = t["rounds"][2]["tables"]
    assert final["pairs"][0] == best
    finish(client, auth, final["match"], "them")
    t = client.get(f"/api/v1/tournaments/{t['id']}").json()
    assert t["finished"] and t["winner"] == final["pairs"][1]
    assert_error(client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=auth), 409,
                 "tournament-over")  # fmt: skip


def test_swiss_no_rematch_and_the_bye_moves_on(client: TestClient) -> None:
    club, auth, ids = club_of(client, 10)
    t = new_tournament(client, club, auth, name="Swiss", game="baloot", format="swiss",
                       rounds=3, pairs=pairs_of(ids)).json()  # fmt: skip
    assert t["game"] == "baloot"
    met: set[frozenset[str]] = set()
    byes: list[str] = []
    for _ in range(3):
        t = draw(client, auth, t["id"])
        for x in t["rounds"][-1]["tables"]:
            a, b = x["pairs"]
            if b is None:
                byes.append(a)
                continue
            assert frozenset((a, b)) not in met
            met.add(frozenset((a, b)))
            gahwa = {"mode": "hokm", "buyer": "us", "abnat": {"them": 40}, "multiplier": "gahwa"}
            r = client.post(f"/api/v1/matches/{x['match']}/deals", json=gahwa, headers=auth)
            assert r.status_code == 201 and r.json()["winner"] == "us", r.text
    assert len(set(byes)) == 3
    t = client.get(f"/api/v1/tournaments/{t['id']}").json()
    assert t["finished"] and t["winner"] == t["standings"][0]["pair"]
    assert sum(s["won"] for s in t["standings"]) == 3 * 3


def test_an_edit_that_changes_a_winner_moves_the_standings_and_the_ratings(
    client: TestClient,
) -> None:
    club, auth, ids = club_of(client, 4)
    t = new_tournament(client, club, auth, name="T", format="round-robin",
                       pairs=pairs_of(ids)).json()  # fmt: skip
    version = client.app.state.tournaments.version(t["id"])  # type: ignore[attr-defined]
    t = draw(client, auth, t["id"])
    (table,) = t["rounds"][0]["tables"]
    finish(client, auth, table["match"], "us")
    store = client.app.state.tournaments  # type: ignore[attr-defined]
    assert store.version(t["id"]) > version
    t = client.get(f"/api/v1/tournaments/{t['id']}").json()
    assert t["winner"] == table["pairs"][0] and t["rounds"][0]["tables"][0]["winner"] == table[
        "pairs"][0]  # fmt: skip
    before = client.get(f"/api/v1/clubs/{club}/ratings").json()
    assert before["players"][0]["id"] in ids[:2] and before["players"][0]["matches"] == 1
    for n in (1, 2, 3):
        r = client.put(f"/api/v1/matches/{table['match']}/deals/{n}", json=WIN["them"],
                       headers=auth)  # fmt: skip
        assert r.status_code == 200, r.text
    t = client.get(f"/api/v1/tournaments/{t['id']}").json()
    assert t["winner"] == table["pairs"][1]
    assert t["standings"][0] == {"rank": 1, "pair": table["pairs"][1], "played": 1, "won": 1,
                                 "lost": 0, "points_for": 219, "points_against": 0,
                                 "drawn": 0}  # fmt: skip
    after = client.get(f"/api/v1/clubs/{club}/ratings").json()
    assert after["players"][0]["id"] in ids[2:]
    assert after["players"][0]["rating"] > after["players"][-1]["rating"]
    assert {p["id"] for p in after["players"]} == set(ids)


def test_ratings_list_only_players_with_a_finished_match(client: TestClient) -> None:
    club, auth, ids = club_of(client, 6)
    assert client.get(f"/api/v1/clubs/{club}/ratings").json() == {"players": [], "pairs": []}
    m = client.post(f"/api/v1/clubs/{club}/matches", json={"seats": ids[:4]}, headers=auth).json()
    client.post(f"/api/v1/matches/{m['id']}/deals", json=RECONTRA, headers=auth)
    assert client.get(f"/api/v1/clubs/{club}/ratings").json()["players"] == []  # not finished
    for _ in range(2):
        client.post(f"/api/v1/matches/{m['id']}/deals", json=RECONTRA, headers=auth)
    found = client.get(f"/api/v1/clubs/{club}/ratings").json()
    assert {p["id"] for p in found["players"]} == set(ids[:4])
    assert [p["matches"] for p in found["players"]] == [1, 1, 1, 1]
    assert found["players"][0]["id"] in (ids[0], ids[2])  # seats 1 and 3 won
    assert found["pairs"][0]["players"] == sorted([ids[0], ids[2]])
    assert_error(client.get("/api/v1/clubs/nope/ratings"), 404, "club-not-found")


def test_house_rules_go_to_every_table(client: TestClient) -> None:
    club, auth, ids = club_of(client, 4)
    switch = client.get("/api/v1/rules").json()["games"][0]["switches"][0]["name"]
    rules = {"preset": "bg", switch: True}
    t = new_tournament(client, club, auth, name="T", rules=rules, format="knockout",
                       pairs=pairs_of(ids)).json()  # fmt: skip
    assert t["rules"]["preset"] == "bg" and t["rules"][switch] is True
    t = draw(client, auth, t["id"])
    match = client.get(f"/api/v1/matches/{t['rounds'][0]['tables'][0]['match']}").json()
    assert match["rules"] == t["rules"]
    bad = new_tournament(client, club, auth, name="T", rules={"preset": "bg", "nope": True},
                         format="knockout", pairs=pairs_of(ids))  # fmt: skip
    assert_error(bad, 422, "unknown-rule", "rules.nope")
