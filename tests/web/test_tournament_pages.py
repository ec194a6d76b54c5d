"""Tournament pages (issue 20): a club's editor starts one, draws rounds and plays its tables
from the pages; viewers follow `/t/{id}` read-only; errors said in the page's language."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from sample_deals import RECONTRA


def club_with_players(client: TestClient, count: int = 8) -> str:
    r = client.post("/clubs", data={"name": "Клуб"}, follow_redirects=False)
    club = str(r.headers["location"]).rsplit("/", 1)[-1]
    for i in range(count):
        client.post(f"/c/{club}/players", data={"name": f"Играч {i}"})
    return club


def start(client: TestClient, club: str, **fields: str) -> tuple[str, list[str]]:
    page = client.get(f"/c/{club}/tournaments").text
    assert 'data-testid="create-tournament"' in page
    chosen = re.findall(r'<option value="([^"]+)" selected', page)
    form = {"name": "Петък", "game": "belot", "format": "round-robin", "lang": "bg", **fields}
    for i in range(len(chosen) // 2):
        form[f"pair{i}a"], form[f"pair{i}b"] = chosen[2 * i], chosen[2 * i + 1]
    r = client.post(f"/c/{club}/tournaments", data=form, follow_redirects=False)
    assert r.status_code == 303, r.text
    return r.headers["location"].rsplit("/", 1)[-1], chosen


def test_a_round_robin_of_four_pairs_played_from_the_pages(client: TestClient) -> None:
    club = club_with_players(client)
    assert 'data-testid="club-tournaments"' in client.get(f"/c/{club}").text
    tid, _ = start(client, club)
    for n in (1, 2, 3):
        r = client.post(f"/t/{tid}/rounds", data={"lang": "bg"}, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == f"/t/{tid}#round-{n}"
        page = client.get(f"/t/{tid}").text
        assert f'data-testid="round-{n}"' in page and 'data-testid="draw-round"' not in page
        tables = re.findall(rf'href="/m/([^"]+)" data-testid="table-{n}-(\d)"', page)
        assert [t for _, t in tables] == ["1", "2"]
        for match, table in tables:
            sheet = client.get(f"/m/{match}").text
            assert 'data-testid="add-deal"' in sheet  # the club's editor plays every table
            assert f'data-round="{n}" data-table="{table}"' in sheet
            auth = {"Authorization": f"Bearer {_cookie(client, club)}"}
            for _ in range(3):
                client.post(f"/api/v1/matches/{match}/deals", json=RECONTRA, headers=auth)
    page = client.get(f"/t/{tid}").text
    assert 'data-testid="tournament-winner"' in page
    ranks = re.findall(r'data-testid="standing-[^"]+" data-rank="(\d)" data-won="(\d)"', page)
    assert [int(w) for _, w in ranks] == sorted((int(w) for _, w in ranks), reverse=True)
    assert [r for r, _ in ranks] == ["1", "2", "3", "4"]
    refused = client.post(f"/t/{tid}/rounds", data={"lang": "en"})
    assert refused.status_code == 409 and "no round is left" in refused.text


def test_viewers_follow_read_only_and_errors_are_said_in_the_page_language(
    client: TestClient,
) -> None:
    club = club_with_players(client, 6)
    tid, chosen = start(client, club, format="swiss", rounds="2")
    pairs = {"pair0a": chosen[0], "pair0b": chosen[1], "pair1a": chosen[2], "pair1b": chosen[3]}
    bad = client.post(
        f"/c/{club}/tournaments",
        data={"name": "X", "format": "swiss", "rounds": "", "lang": "ar", **pairs},
    )
    assert bad.status_code == 422
    assert 'data-field="rounds"' in bad.text and "النظام السويسري" in bad.text
    pairs["pair1a"] = chosen[0]
    twice = client.post(
        f"/c/{club}/tournaments", data={"name": "X", "format": "knockout", "lang": "bg", **pairs}
    )
    assert 'data-field="pairs.1.0"' in twice.text and "само в една двойка" in twice.text
    viewer = TestClient(client.app)
    page = viewer.get(f"/t/{tid}?lang=ar").text
    assert 'dir="rtl"' in page and 'data-testid="draw-round"' not in page
    assert 'data-testid="share-url"' in page and "<svg" in page  # the link and its QR code
    assert f'data-live="/api/v1/tournaments/{tid}/events"' in page
    assert viewer.post(f"/t/{tid}/rounds", data={}).status_code == 403
    client.post(f"/t/{tid}/rounds", data={"lang": "bg"})
    page = viewer.get(f"/t/{tid}").text
    (match,) = re.findall(r'href="/m/([^"]+)" data-testid="table-1-1"', page)
    assert 'data-testid="add-deal"' not in viewer.get(f"/m/{match}").text
    version = re.findall(r'data-version="(\d+)"', page)[0]
    assert viewer.get(f"/t/{tid}/live?v={version}").status_code == 204
    big = viewer.get(f"/t/{tid}/big").text
    assert 'data-testid="standings"' in big and "big-standings" in big
    assert viewer.get("/t/nope").status_code == 404


def _cookie(client: TestClient, club: str) -> str:
    token = client.cookies.get(f"club_{club}")
    assert token
    return str(token)


def test_ratings_on_the_leaderboard_and_the_players_page(client: TestClient) -> None:
    club = club_with_players(client, 4)
    auth = {"Authorization": f"Bearer {_cookie(client, club)}"}
    ids = [p["id"] for p in client.get(f"/api/v1/clubs/{club}").json()["players"]]
    match = client.post(f"/api/v1/clubs/{club}/matches", json={"seats": ids}, headers=auth).json()
    for _ in range(3):
        client.post(f"/api/v1/matches/{match['id']}/deals", json=RECONTRA, headers=auth)
    rated = {p["id"]: p["rating"] for p in client.get(f"/api/v1/clubs/{club}/ratings").json()[
        "players"]}  # fmt: skip
    board = client.get(f"/c/{club}?range=all").text
    for pid, rating in rated.items():
        assert f'data-testid="rating-{pid}" data-value="{rating}"' in board
    player = client.get(f"/c/{club}/p/{ids[0]}").text
    assert f'data-testid="stat-rating" data-value="{rated[ids[0]]}"' in player
    assert rated[ids[0]] > rated[ids[1]]  # seats 1 and 3 won
