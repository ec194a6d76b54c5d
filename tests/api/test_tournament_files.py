"""A club file carries its tournaments: exported with the club, imported elsewhere as they were."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from belot.store import MatchStore
from belot.store.club_files import import_club
from belot.store.tournaments import TournamentStore

from .test_tournaments import club_of, draw, finish, new_tournament, pairs_of


def test_tournaments_go_with_the_club_file(client: TestClient, tmp_path: Path) -> None:
    club, auth, ids = club_of(client, 6)
    t = new_tournament(client, club, auth, name="Вечер", format="swiss", rounds=2,
                       pairs=pairs_of(ids)).json()  # fmt: skip
    t = draw(client, auth, t["id"])
    (played,) = [x for x in t["rounds"][0]["tables"] if x["match"]]
    finish(client, auth, played["match"], "them")
    t = draw(client, auth, t["id"])
    data: dict[str, Any] = client.get(f"/api/v1/clubs/{club}/export").json()
    assert [x["id"] for x in data["tournaments"]] == [t["id"]]
    elsewhere = MatchStore(f"sqlite:///{tmp_path / 'other.sqlite3'}")
    try:
        tournaments = TournamentStore(elsewhere)
        made, _ = import_club(elsewhere, data)
        again: dict[str, Any] = tournaments.get(t["id"])
        assert again["club"] == made["id"]
        for key in ("name", "format", "rules", "game", "standings", "finished"):
            assert again[key] == t[key], key
        shape = [[(x["table"], x["match"] is None) for x in r["tables"]] for r in t["rounds"]]
        assert [[(x["table"], x["match"] is None) for x in r["tables"]]
                for r in again["rounds"]] == shape  # fmt: skip
    finally:
        elsewhere.close()


def test_a_table_naming_a_match_not_in_the_file_is_refused(
    client: TestClient, tmp_path: Path
) -> None:
    club, auth, ids = club_of(client, 4)
    t = new_tournament(client, club, auth, name="T", format="knockout", pairs=pairs_of(ids)).json()
    draw(client, auth, t["id"])
    data: dict[str, Any] = client.get(f"/api/v1/clubs/{club}/export").json()
    data["tournaments"][0]["tables"][0]["match"] = "elsewhere"
    other = MatchStore(f"sqlite:///{tmp_path / 'other.sqlite3'}")
    try:
        TournamentStore(other)
        try:
            import_club(other, data)
        except ValueError as err:
            assert getattr(err, "code", None) == "invalid-club-file"
            assert getattr(err, "field", None) == "tournaments.0.tables.0.match"
        else:
            raise AssertionError("imported")
        with other.reading() as session:
            from belot.store.models import ClubRow

            assert session.query(ClubRow).count() == 0  # nothing half-made
    finally:
        other.close()
