"""Issue 23, finding 6: `belot club import` takes a tournament's tables only as a draw could
have made them; anything else is the error object at its field, exit 2, nothing written."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from belot.cli import main
from belot.store import MatchStore
from sample_deals import RECONTRA

Json = dict[str, Any]
THEM = {**RECONTRA, "declarer": "them", "cards": {"them": 82}, "last_trick": "them",
        "declarations": {"them": [20]}}  # fmt: skip


def _played(client: TestClient, form: str, players: int = 8) -> Json:
    """A club's file with one tournament of `form`, its first round played and the next drawn
    (the first table won by `us`, the others by `them`)."""
    made = client.post("/api/v1/clubs", json={"name": "Клуб"}).json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    ids = [client.post(f"/api/v1/clubs/{made['id']}/players", json={"name": f"P{i}"},
                       headers=auth).json()["id"] for i in range(players)]  # fmt: skip
    body = {"name": "T", "format": form, "pairs": [ids[i:i + 2] for i in range(0, players, 2)],
            **({"rounds": 2} if form == "swiss" else {})}  # fmt: skip
    t = client.post(f"/api/v1/clubs/{made['id']}/tournaments", json=body, headers=auth).json()
    t = client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=auth).json()
    for k, table in enumerate(t["rounds"][0]["tables"]):
        for _ in range(3):
            client.post(f"/api/v1/matches/{table['match']}/deals", headers=auth,
                        json=RECONTRA if k == 0 else THEM)  # fmt: skip
    client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=auth)
    data: Json = client.get(f"/api/v1/clubs/{made['id']}/export").json()
    data["club"]["id"] = "iMPORTEDCLUBAAAA"  # a new club in the target
    for p in data["players"]:
        p["id"] = "x" + p["id"][1:]
    for m in data["matches"]:
        m["id"], m["seats"] = "y" + m["id"][1:], ["x" + s[1:] for s in m["seats"]]
    for tt in data["tournaments"]:
        tt["id"] = "z" + tt["id"][1:]
        for p in tt["pairs"]:
            p["players"] = ["x" + s[1:] for s in p["players"]]
        for table in tt["tables"]:
            table["match"] = None if table["match"] is None else "y" + table["match"][1:]
    return data


@pytest.fixture
def target(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'target.sqlite3'}"
    MatchStore(url).close()
    return url


def _run(runner: CliRunner, tmp_path: Path, data: Json, url: str) -> Any:
    file = tmp_path / "club.json"
    file.write_text(json.dumps(data), encoding="utf-8")
    return runner.invoke(main, ["club", "import", str(file), "--db", url])


def _nothing_written(url: str) -> None:
    from sqlalchemy import func, select

    from belot.store.models import ClubRow, MatchRow, TournamentRow, TournamentTableRow

    store = MatchStore(url)
    with store.reading() as session:
        for table in (ClubRow, MatchRow, TournamentRow, TournamentTableRow):
            assert session.scalar(select(func.count()).select_from(table)) == 0, table
    store.close()


def _tables(data: Json) -> list[Json]:
    tables: list[Json] = data["tournaments"][0]["tables"]
    return tables


def _set(key: str, value: object, n: int = 0) -> Callable[[Json], None]:
    return lambda data: _tables(data)[n].__setitem__(key, value)


def _self_play(data: Json) -> None:
    _tables(data)[0]["pairs"][1] = _tables(data)[0]["pairs"][0]


def _twice_in_a_round(data: Json) -> None:
    first, second = _tables(data)[0], _tables(data)[1]
    second["pairs"][0] = first["pairs"][1]


def _swap_matches(data: Json) -> None:
    first, second = _tables(data)[0], _tables(data)[1]
    first["match"], second["match"] = second["match"], first["match"]


def _loser_goes_on(data: Json) -> None:
    final = _tables(data)[-1]
    final["pairs"][0] = _tables(data)[0]["pairs"][1]  # table 1's loser, in place of its winner


def _gap(data: Json) -> None:
    for table in _tables(data):
        if table["round"] == 2:
            table["round"] = 3


@pytest.mark.parametrize(
    ("form", "change", "field"),
    [
        ("knockout", _set("round", 2_000_000), "tables.0.round"),
        ("knockout", _set("round", True), "tables.0.round"),
        ("knockout", _set("round", 1e30), "tables.0.round"),
        ("knockout", _set("round", 0), "tables.0.round"),
        ("knockout", _set("table", 7), "tables.0.table"),
        ("knockout", _self_play, "tables.0.pairs.1"),
        ("knockout", _twice_in_a_round, "tables.1.pairs.0"),
        ("knockout", _swap_matches, "tables.0.match"),
        ("knockout", _loser_goes_on, "tables.2.match"),  # seated as no draw seats
        ("knockout", _set("match", "nOSUCHMATCHAAAAA"), "tables.0.match"),
        ("round-robin", _gap, "tables.2.round"),
        ("round-robin", _set("round", 2, 1), "tables.1.table"),
        ("swiss", _set("pairs", [None, None]), "tables.0.pairs.0"),
    ],
)
def test_tables_no_draw_could_make_are_refused(
    client: TestClient, runner: CliRunner, tmp_path: Path, target: str,
    form: str, change: Callable[[Json], None], field: str,
) -> None:  # fmt: skip
    data = _played(client, form)
    broken = copy.deepcopy(data)
    change(broken)
    result = _run(runner, tmp_path, broken, target)
    assert result.exit_code == 2, result.output
    error = json.loads(result.output)["error"]
    assert (error["code"], error["field"]) == ("invalid-club-file", f"tournaments.0.{field}")
    _nothing_written(target)
    ok = _run(runner, tmp_path, data, target)  # the file as exported imports
    assert ok.exit_code == 0, ok.output
