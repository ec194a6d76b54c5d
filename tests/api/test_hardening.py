"""Issue 18, found as an attacker would: dates a date field can send, CSV cells a spreadsheet
would run as formulas."""

from __future__ import annotations

import csv
import io

import pytest
from fastapi.testclient import TestClient

from belot.store.export import cell

from .helpers import bearer

# What a date picker offers at its ends, and what a hand-written query can send.
DAYS = ["9999-12-31", "0001-01-01", "2026-02-29", "10000-01-01", "+275760-09-13", "9999-13-01",
        "2024-02-29", "0000-01-01", "٢٠٢٦-٠١-٠١", "9" * 10_000]  # fmt: skip


def _club(client: TestClient, *names: str) -> tuple[str, dict[str, str]]:
    made = client.post("/api/v1/clubs", json={"name": "Петък"}).json()
    auth = bearer(made["token"])
    for name in names:
        r = client.post(f"/api/v1/clubs/{made['id']}/players", json={"name": name}, headers=auth)
        assert r.status_code == 201, r.text
    return made["id"], auth


@pytest.mark.parametrize("field", ["from", "to"])
def test_any_day_gives_an_answer_or_a_422_naming_the_field(client: TestClient, field: str) -> None:
    club, _ = _club(client, "Иван")
    for day in DAYS:
        for path in (f"/api/v1/clubs/{club}/stats", f"/api/v1/clubs/{club}/stats.csv"):
            r = client.get(path, params={field: day})
            assert r.status_code in (200, 422), (path, day, r.text[:200])
            if r.status_code == 422:
                assert r.json()["error"] == {
                    "code": "invalid-date", "field": field, "message": r.json()["error"]["message"]
                }  # fmt: skip
        page = client.get(f"/c/{club}", params={field: day})
        assert page.status_code in (200, 422), (day, page.text[:200])
    # The last day there is counts every match (none are after it); the first, none before.
    club_stats = client.get(f"/api/v1/clubs/{club}/stats", params={"to": "9999-12-31"})
    assert [p["name"] for p in club_stats.json()["players"]] == ["Иван"]


def test_a_range_from_the_first_day_to_the_last(client: TestClient) -> None:
    club, _ = _club(client, "Иван")
    r = client.get(f"/api/v1/clubs/{club}/stats?from=0001-01-01&to=9999-12-31")
    assert r.status_code == 200
    assert client.get(f"/c/{club}?from=0001-01-01&to=9999-12-31").status_code == 200


FORMULAS = ['=HYPERLINK("http://x","y")', "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)"]


def test_stats_csv_neutralises_formulas(client: TestClient) -> None:
    club, _ = _club(client, *FORMULAS)
    r = client.get(f"/api/v1/clubs/{club}/stats.csv")
    assert r.status_code == 200
    rows = list(csv.DictReader(io.StringIO(r.text)))
    assert sorted(row["name"] for row in rows) == sorted("'" + f for f in FORMULAS)
    assert all(row["matches"] == "0" for row in rows)  # numbers stay numbers


def test_the_cell_rule_is_owasps() -> None:
    for start in ("=", "+", "-", "@", "\t", "\r"):
        assert cell(start + "1") == "'" + start + "1"
    assert cell("Иван") == "Иван" and cell(-16) == -16 and cell("a=b") == "a=b"
