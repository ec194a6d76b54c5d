"""What a club's and a tournament's pages say (issue 25), as the HTML shows it: ratings in
the page's number format and explained, a round in play said so, the first dealer by name, a
tournament table's next game said to be a friendly, the wins chart's axes named and its lines
apart. The layout at 360 px: test_clubs_phone.py."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from belot.web.chart import wins_chart
from belot.words.i18n import Lang
from sample_deals import RECONTRA

from .test_tournament_pages import _cookie, club_with_players, start


def test_ratings_round_in_play_first_dealer_and_the_friendly(client: TestClient) -> None:
    club = club_with_players(client)
    tid, _ = start(client, club)
    client.post(f"/t/{tid}/rounds", data={"lang": "bg"})
    page = client.get(f"/t/{tid}?lang=bg").text
    tables = re.findall(r'href="/m/([^"]+)" data-testid="table-1-\d"', page)
    assert 'data-in-play="yes">кръг 1 от 3, в игра<' in page
    auth = {"Authorization": f"Bearer {_cookie(client, club)}"}
    for _ in range(3):
        client.post(f"/api/v1/matches/{tables[0]}/deals", json=RECONTRA, headers=auth)
    sheet = client.get(f"/m/{tables[0]}?lang=en").text
    assert 'data-testid="rematch"' in sheet
    assert "A friendly: the next game does not count for the tournament." in sheet
    assert "round 1 of 3, in play" in client.get(f"/t/{tid}?lang=en").text
    for match in tables[1:]:
        for _ in range(3):
            client.post(f"/api/v1/matches/{match}/deals", json=RECONTRA, headers=auth)
    done = client.get(f"/t/{tid}?lang=en").text
    assert 'data-in-play="no">after round 1 of 3<' in done
    board = client.get(f"/c/{club}?range=all&lang=bg").text
    shown = re.findall(r'data-testid="rating-[\w-]+" data-value="([\d.-]+)"><bdi>([^<]+)<', board)
    assert shown and all(
        text == f"{float(v):.1f}".replace(".", ",").replace("-", "\u2212") for v, text in shown
    )  # a decimal comma and a real minus sign on the Bulgarian page
    assert 'data-testid="rating-note"' in board and "openskill" not in board  # issue 32
    # "Deals first" names the seats' players (club.js follows a changed seat)
    dealer = board.split('data-testid="first-dealer"')[1].split("</select>")[0]

    def seated(n: int) -> str:
        chosen = re.search(r"selected>([^<]+)<", board.split(f'data-testid="seat-{n}"')[1])
        return chosen.group(1) if chosen else ""

    named = re.findall(r'data-seat="\d">([^<]+)<', dealer)
    assert named == [seated(n) for n in range(1, 5)] == [f"Играч {i}" for i in range(4)]
    listed = client.get(f"/c/{club}/tournaments?lang=bg").text
    assert 'data-testid="rating-note"' in listed and "openskill" not in listed
    en = client.get(f"/c/{club}?range=all&lang=en").text
    assert re.search(r'data-value="[\d.-]+"><bdi>\u2212?\d+\.\d<', en)  # a decimal point in English


def test_the_wins_chart_names_its_axes_and_keeps_equal_lines_apart() -> None:
    same = [1, 1, 2]
    svg = str(wins_chart([("A", same), ("B", same), ("C", [0, 1, 1])], "Wins", Lang("en").num,
                         x_label="Matches", y_label="Wins"))  # fmt: skip
    lines = re.findall(r'<polyline class="line" points="([^"]+)"', svg)
    assert len(lines) == 3 and len(set(lines)) == 3  # A's line does not hide B's
    assert re.findall(r'<text class="axis"[^>]*>([^<]+)<', svg) == ["Matches", "Wins"]
