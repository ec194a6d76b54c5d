"""CONTRACT.md §5.2: clubs, players, club matches and their statistics, on both databases."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import update

from belot.store.models import MatchRow

from .helpers import assert_error, bearer

NAMES = ["Иван", "Мария", "Петър", "Елена", "<b>Жоро</b>"]
KABOOT = {"mode": "sun", "buyer": "them", "kaboot": "them", "caller": 2}


def gahwa(buyer: str, made: bool, caller: int) -> dict[str, object]:
    """A gahwa ends the match at once: the buyer wins it when made (RULES.md 2.6)."""
    other = "them" if buyer == "us" else "us"
    abnat = 40 if made else 120  # the other side's count
    return {"mode": "hokm", "buyer": buyer, "abnat": {other: abnat}, "multiplier": "gahwa",
            "caller": caller}  # fmt: skip


def new_club(client: TestClient) -> tuple[str, dict[str, str], list[str]]:
    r = client.post("/api/v1/clubs", json={"name": "Петък вечер"})
    assert r.status_code == 201, r.text
    body = r.json()
    assert set(body) == {"id", "token", "name"} and body["name"] == "Петък вечер"
    auth = bearer(body["token"])
    players = []
    for name in NAMES:
        p = client.post(f"/api/v1/clubs/{body['id']}/players", json={"name": name}, headers=auth)
        assert p.status_code == 201, p.text
        assert p.json()["name"] == name
        players.append(p.json()["id"])
    return body["id"], auth, players


def play_evening(client: TestClient, club: str, auth: dict[str, str], players: list[str]) -> None:
    """Six Baloot matches, the seats rotating; five end with a gahwa, the last goes on."""
    for m in range(6):
        seats = [players[(m + i) % 5] for i in range(4)]
        r = client.post(
            f"/api/v1/clubs/{club}/matches",
            json={"game": "baloot", "seats": seats, "first_dealer": 1 + m % 4},
            headers=auth,
        )
        assert r.status_code == 201, r.text
        match = r.json()
        assert match["club"] == club
        assert [s["player"] for s in match["seats"]] == seats
        # The club's token edits the club's matches.
        url = f"/api/v1/matches/{match['id']}/deals"
        deals: list[dict[str, object]] = [KABOOT, {"passed": True}]
        if m < 5:
            buyer = "us" if m % 2 == 0 else "them"
            deals.append(gahwa(buyer, made=m != 3, caller=1 if buyer == "us" else 4))
        for deal in deals:
            added = client.post(url, json=deal, headers=auth)
            assert added.status_code == 201, added.text


def expected_stats(client: TestClient, club: str) -> dict[str, Any]:
    """The numbers worked out here from each match's seats, deals and results."""
    players: dict[str, Counter[str]] = {}
    pairs: dict[tuple[str, str], Counter[str]] = {}
    for summary in client.get(f"/api/v1/clubs/{club}").json()["matches"]:
        match = client.get(f"/api/v1/matches/{summary['id']}").json()
        seat_of = {s["player"]: n for n, s in enumerate(match["seats"], start=1)}
        for player, seat in seat_of.items():
            team = "us" if seat % 2 else "them"
            c = players.setdefault(player, Counter())
            c["matches"] += match["finished"]
            c["wins"] += match["finished"] and match["winner"] == team
            for deal in match["deals"]:
                outcome, given = deal["result"]["outcome"], deal["input"]
                c["deals"] += outcome != "passed"
                c["called"] += given.get("caller") == seat
                c["made"] += given.get("caller") == seat and outcome == "made"
                c["capots"] += given.get("kaboot") == team or given.get("capot") == team
        for a, b in ((1, 3), (2, 4)):
            ids = [match["seats"][a - 1]["player"], match["seats"][b - 1]["player"]]
            p = pairs.setdefault((min(ids), max(ids)), Counter())
            team = "us" if a == 1 else "them"
            p["matches"] += match["finished"]
            p["wins"] += match["finished"] and match["winner"] == team
            for deal in match["deals"]:  # the team's bids, named caller or not (issue 32)
                given = deal["input"]
                bid = given.get("declarer", given.get("buyer")) == team
                p["called"] += bid
                p["made"] += bid and deal["result"]["outcome"] == "made"
    return {"players": players, "pairs": pairs}


def assert_stats_are(answer: dict[str, Any], expected: dict[str, Any]) -> None:
    keys = ("matches", "wins", "deals", "called", "made", "capots")
    for row in answer["players"]:
        want = expected["players"].get(row["id"], Counter())
        assert {k: row[k] for k in keys} == {k: want[k] for k in keys}, row["name"]
    pair_keys = ("matches", "wins", "called", "made")
    got_pairs = {tuple(p["players"]): tuple(p[k] for k in pair_keys) for p in answer["pairs"]}
    want_pairs = {k: tuple(v[n] for n in pair_keys) for k, v in expected["pairs"].items()}
    assert got_pairs == want_pairs


def test_a_clubs_statistics_are_the_numbers_of_its_deals(client: TestClient) -> None:
    club, auth, players = new_club(client)
    play_evening(client, club, auth, players)
    view = client.get(f"/api/v1/clubs/{club}").json()
    assert [p["name"] for p in view["players"]] == NAMES
    assert len(view["matches"]) == 6 and sum(m["finished"] for m in view["matches"]) == 5
    stats = client.get(f"/api/v1/clubs/{club}/stats").json()
    assert_stats_are(stats, expected_stats(client, club))
    # Spot-check one player by hand: Иван sat in matches 1, 3, 4, 5 (finished) and 6 (not),
    # two deals played in each (a kaboot and a gahwa) but one in the last.
    ivan = next(p for p in stats["players"] if p["name"] == "Иван")
    assert (ivan["matches"], ivan["deals"]) == (4, 4 * 2 + 1)


def test_a_deal_called_with_the_teams_chip_counts_for_the_pair(client: TestClient) -> None:
    """Issue 32: three deals called by a pair with no seat named (the deal form's team chip)
    counted for no one: Иван 0/0. A player's called/made stay the deals naming them as
    `caller` (CONTRACT §5.2); the pair's are the deals its team won the bid."""
    club, auth, players = new_club(client)
    ivan, maria, petar, elena = players[:4]
    r = client.post(f"/api/v1/clubs/{club}/matches", headers=auth,
                    json={"game": "belot", "seats": [ivan, petar, maria, elena]})  # fmt: skip
    url = f"/api/v1/matches/{r.json()['id']}/deals"
    made = {"contract": "hearts", "declarer": "us", "cards": {"us": 100}, "last_trick": "us"}
    fell = {**made, "cards": {"us": 30}, "last_trick": "them"}
    theirs = {**made, "declarer": "them", "cards": {"them": 100}, "last_trick": "them"}
    for deal in (made, made, fell, {**made, "caller": 3}, theirs):
        assert client.post(url, json=deal, headers=auth).status_code == 201
    stats = client.get(f"/api/v1/clubs/{club}/stats").json()
    by_name = {p["name"]: (p["called"], p["made"]) for p in stats["players"]}
    assert by_name["Иван"] == (0, 0) and by_name["Мария"] == (1, 1)
    assert by_name["Петър"] == by_name["Елена"] == (0, 0)
    pairs = {frozenset(p["players"]): (p["called"], p["made"]) for p in stats["pairs"]}
    assert pairs[frozenset((ivan, maria))] == (4, 3)
    assert pairs[frozenset((petar, elena))] == (1, 1)
    # Fixing a deal recounts the pair's calls too.
    assert client.put(f"{url}/1", json=theirs, headers=auth).status_code == 200
    again = client.get(f"/api/v1/clubs/{club}/stats").json()
    pairs = {frozenset(p["players"]): (p["called"], p["made"]) for p in again["pairs"]}
    assert pairs[frozenset((ivan, maria))] == (3, 2)
    assert pairs[frozenset((petar, elena))] == (2, 2)


def test_a_date_range_counts_the_matches_made_within_it(app: FastAPI, client: TestClient) -> None:
    club, auth, players = new_club(client)
    play_evening(client, club, auth, players)
    matches = [m["id"] for m in client.get(f"/api/v1/clubs/{club}").json()["matches"]]
    november = datetime(2026, 11, 6, 21, 0, tzinfo=UTC)
    with app.state.store.engine.begin() as conn:
        conn.execute(
            update(MatchRow).where(MatchRow.id.in_(matches[:3])).values(created_at=november)
        )
    month = client.get(f"/api/v1/clubs/{club}/stats?from=2026-11-01&to=2026-11-30").json()
    assert sum(p["matches"] for p in month["players"]) == 4 * sum(
        client.get(f"/api/v1/matches/{m}").json()["finished"] for m in matches[:3]
    )
    rest = client.get(f"/api/v1/clubs/{club}/stats?from=2026-12-01").json()
    total = client.get(f"/api/v1/clubs/{club}/stats").json()
    for a, b, t in zip(month["players"], rest["players"], total["players"], strict=True):
        assert a["deals"] + b["deals"] == t["deals"]
        assert a["wins"] + b["wins"] == t["wins"]
    assert_error(
        client.get(f"/api/v1/clubs/{club}/stats?from=2026-13-01"), 422, "invalid-date", "from"
    )


def test_editing_a_deal_that_changes_the_winner_changes_the_statistics(
    client: TestClient,
) -> None:
    club, auth, players = new_club(client)
    play_evening(client, club, auth, players)
    first = client.get(f"/api/v1/clubs/{club}").json()["matches"][-1]["id"]  # oldest first made
    before = client.get(f"/api/v1/clubs/{club}/stats").json()
    match = client.get(f"/api/v1/matches/{first}").json()
    assert match["winner"] == "us"
    r = client.put(f"/api/v1/matches/{first}/deals/3", json=gahwa("us", False, 1), headers=auth)
    assert r.status_code == 200 and r.json()["winner"] == "them"
    after = client.get(f"/api/v1/clubs/{club}/stats").json()
    assert after != before
    assert_stats_are(after, expected_stats(client, club))
    # A delete re-scores too: the match is running again.
    assert client.delete(f"/api/v1/matches/{first}/deals/3", headers=auth).status_code == 200
    assert_stats_are(client.get(f"/api/v1/clubs/{club}/stats").json(), expected_stats(client, club))


def test_no_token_or_the_wrong_one_changes_nothing(client: TestClient) -> None:
    club, auth, players = new_club(client)
    other = client.post("/api/v1/clubs", json={"name": "Другите"}).json()
    url = f"/api/v1/clubs/{club}"
    assert_error(client.post(f"{url}/players", json={"name": "X"}), 401, "token-missing")
    wrong = bearer(other["token"])
    assert_error(
        client.post(f"{url}/players", json={"name": "X"}, headers=wrong), 403, "token-wrong"
    )
    seats = players[:4]
    assert_error(
        client.post(f"{url}/matches", json={"seats": seats}, headers=wrong), 403, "token-wrong"
    )
    assert len(client.get(url).json()["players"]) == 5 and client.get(url).json()["matches"] == []
    made = client.post(f"{url}/matches", json={"seats": seats}, headers=auth).json()
    deal = {"contract": "hearts", "declarer": "us", "cards": {"us": 82}, "last_trick": "us"}
    r = client.post(f"/api/v1/matches/{made['id']}/deals", json=deal, headers=wrong)
    assert_error(r, 403, "token-wrong")
    # The match's own token works as for any match.
    r = client.post(f"/api/v1/matches/{made['id']}/deals", json=deal, headers=bearer(made["token"]))
    assert r.status_code == 201


def test_bad_club_inputs_name_their_field(client: TestClient) -> None:
    club, auth, players = new_club(client)
    url = f"/api/v1/clubs/{club}"
    assert_error(client.post("/api/v1/clubs", json={"name": ""}), 422, "invalid-club-name", "name")
    assert_error(client.post("/api/v1/clubs", json={}), 422, "wrong-type", "name")
    assert_error(
        client.post(f"{url}/players", json={"name": 5}, headers=auth), 422, "wrong-type", "name"
    )
    bad = [players[0], players[0], players[1], players[2]]
    assert_error(
        client.post(f"{url}/matches", json={"seats": bad}, headers=auth),
        422,
        "seat-taken",
        "seats.1",
    )
    bad = [players[0], "nobody", players[1], players[2]]
    assert_error(
        client.post(f"{url}/matches", json={"seats": bad}, headers=auth),
        422,
        "unknown-player",
        "seats.1",
    )
    assert_error(
        client.post(f"{url}/matches", json={"seats": players[:3]}, headers=auth),
        422,
        "invalid-seats",
        "seats",
    )
    assert_error(client.get("/api/v1/clubs/nope"), 404, "club-not-found")
    assert_error(client.get("/api/v1/clubs/nope/stats"), 404, "club-not-found")


def test_head_to_head_of_two_pairs(client: TestClient) -> None:
    club, auth, players = new_club(client)
    iv, ma, pe, el, _ = players
    url = f"/api/v1/clubs/{club}"
    for seats, buyer in (
        ([iv, ma, pe, el], "us"),
        ([ma, iv, el, pe], "us"),
        ([iv, ma, pe, el], "them"),
    ):
        made = client.post(f"{url}/matches", json={"game": "baloot", "seats": seats}, headers=auth)
        deal = gahwa(buyer, made=True, caller=1 if buyer == "us" else 2)
        r = client.post(f"/api/v1/matches/{made.json()['id']}/deals", json=deal, headers=auth)
        assert r.status_code == 201
    # Иван & Петър against Мария & Елена: they won the 1st; Мария & Елена won the 2nd and 3rd.
    answer = client.get(f"{url}/head-to-head?a={iv},{pe}&b={ma},{el}").json()
    assert answer == {
        "pairs": [{"players": [iv, pe], "wins": 1}, {"players": [ma, el], "wins": 2}],
        "matches": 3,
    }
    # Partners who never played as these pairs: nothing between them.
    assert client.get(f"{url}/head-to-head?a={iv},{ma}&b={pe},{el}").json()["matches"] == 0
    assert_error(
        client.get(f"{url}/head-to-head?a={iv},{pe}&b={pe},{el}"), 422, "invalid-pair", "b"
    )
    assert_error(client.get(f"{url}/head-to-head?a={iv}&b={ma},{el}"), 422, "invalid-pair", "a")


def test_wins_over_time_step_after_each_finished_match(app: FastAPI, client: TestClient) -> None:
    club, auth, players = new_club(client)
    play_evening(client, club, auth, players)
    lines = app.state.clubs.wins_over_time(club, players[:2])
    totals = {
        p["id"]: p["wins"] for p in client.get(f"/api/v1/clubs/{club}/stats").json()["players"]
    }
    for player in players[:2]:
        assert len(lines[player]) == 5  # five finished matches
        assert lines[player] == sorted(lines[player])  # wins only ever grow
        assert lines[player][-1] == totals[player]
