"""Club pages without a browser, on SQLite and on PostgreSQL: a club plays three Belot matches
through the pages (forms posted as a browser posts them) and its leaderboard is right."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from belot.app import create_app
from support import db_url_on_both

__all__ = ["db_url_on_both"]

NAMES = ["Иван", "Мария", "Петър", "Елена"]
# 73 : 0 a deal (recontra): three make a match for the declarer's side (RULES.md 1.6, 1.8).
RECONTRA = {"contract": "hearts", "cards": "82", "multiplier": "4", "op": "add"}


def test_three_matches_through_the_pages_and_the_leaderboard(db_url: str) -> None:
    client = TestClient(create_app(db_url))
    club = client.post("/clubs", data={"name": "Петък", "lang": "bg"}, follow_redirects=False)
    club_url = club.headers["location"]
    for name in NAMES:
        client.post(f"{club_url}/players", data={"name": name})
    page = client.get(club_url).text
    ids = re.findall(r'<option value="([\w-]+)"', page.split('id="new-match"')[1])[:4]
    assert len(ids) == 4
    # Иван & Петър (seats 1, 3) win twice, Мария & Елена once.
    for declarer in ("us", "them", "us"):
        seats = {f"seat{n}": ids[n - 1] for n in range(1, 5)}
        made = client.post(f"{club_url}/matches", data={"game": "belot", **seats},
                           follow_redirects=False)  # fmt: skip
        match_url = made.headers["location"]
        deal = {**RECONTRA, "declarer": declarer, "cards_team": declarer,
                "last_trick": declarer, f"declarations.{declarer}": "20"}  # fmt: skip
        for _ in range(3):
            r = client.post(f"{match_url}/deals", data=deal, follow_redirects=False)
            assert r.status_code == 303, re.findall(r"data-code=\"([^\"]+)\"[^>]*>([^<]*)<", r.text)
        sheet = client.get(match_url).text
        assert 'data-testid="winner"' in sheet, re.findall(
            r'data-testid="total-\w+" data-value="\d+"', sheet
        )
    board = client.get(f"{club_url}?range=all").text
    wins = dict(re.findall(r'data-testid="wins-([\w-]+)" data-value="(\d+)"', board))
    assert [wins[i] for i in ids] == ["2", "1", "2", "1"]
    # A stranger's browser reads, and changes nothing.
    stranger = TestClient(client.app)
    stranger.post(f"{club_url}/players", data={"name": "Натрапник"})
    assert "Натрапник" not in client.get(club_url).text
