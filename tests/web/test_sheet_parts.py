"""A klaverjas sheet shows each deal's roem in its own line beside its points (issue 31: the
Dutch score pad's points and roem columns), read from the core's row (`Row.parts`)."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient


def test_a_klaverjas_row_shows_its_roem(client: TestClient) -> None:
    made = client.post("/api/v1/matches", json={"game": "klaverjas"}).json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    for deal in (
        {"contract": "spades", "declarer": "us", "cards": {"us": 80}, "last_trick": "us",
         "roem": {"us": [20]}},  # 90 + 20 roem : 72
        {"contract": "hearts", "declarer": "us", "cards": {"us": 60}, "last_trick": "us",
         "roem": {"us": [20], "them": [50]}},  # nat: 162 + 70 roem to them
    ):  # fmt: skip
        assert client.post(f"/api/v1/matches/{made['id']}/deals", json=deal,
                           headers=auth).status_code == 201  # fmt: skip
    page = client.get(f"/m/{made['id']}?lang=en").text
    parts = dict(re.findall(r'data-testid="(row-\d-\w+)-part" data-value="(\d+)"', page))
    assert parts == {"row-1-us": "20", "row-2-them": "70"}
    assert 'data-testid="row-2-them" data-value="232"' in page  # the record: 162 + 70


def test_a_belot_row_has_no_parts(client: TestClient) -> None:
    made = client.post("/api/v1/matches", json={"game": "belot"}).json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    deal = {"contract": "hearts", "declarer": "us", "cards": {"us": 82}, "last_trick": "us"}
    client.post(f"/api/v1/matches/{made['id']}/deals", json=deal, headers=auth)
    assert "-part" not in client.get(f"/m/{made['id']}?lang=en").text
