"""`belot tournament show ID`: the standings in a terminal."""

from __future__ import annotations

import json

from click.testing import CliRunner

from belot.cli import main
from belot.store import MatchStore
from belot.store.clubs import ClubStore
from belot.store.tournaments import TournamentStore

GAHWA: dict[str, object] = {
    "mode": "hokm",
    "buyer": "us",
    "abnat": {"them": 40},
    "multiplier": "gahwa",
}


def test_the_standings_are_printed(runner: CliRunner, sqlite_url: str) -> None:
    store = MatchStore(sqlite_url)
    clubs, tournaments = ClubStore(store), TournamentStore(store)
    club, token = clubs.create("Петък")
    ids = [clubs.add_player(str(club["id"]), token, n).id for n in "ABCDEF"]
    made = tournaments.create(str(club["id"]), token, {"name": "Купа", "game": "baloot",
        "format": "round-robin", "pairs": [ids[0:2], ids[2:4], ids[4:6]]})  # fmt: skip
    drawn = tournaments.draw_round(str(made["id"]), token)
    rounds: list[dict[str, list[dict[str, str]]]] = drawn["rounds"]  # type: ignore[assignment]
    match = next(t["match"] for t in rounds[0]["tables"] if t["match"])
    store.add_deal(match, token, GAHWA)
    store.close()
    done = runner.invoke(main, ["tournament", "show", str(made["id"]), "--db", sqlite_url])
    assert done.exit_code == 0, done.output
    lines = done.output.splitlines()
    assert lines[0] == "Купа — round-robin, baloot (after round 1 of 3)"
    assert lines[1].split() == ["#", "pair", "P", "W", "L", "for", "agst"]
    assert [line.split()[0] for line in lines[2:]] == ["1", "2", "3"]
    assert sum(int(line.split()[-4]) for line in lines[2:]) == 2  # a bye and a gahwa won
    as_json = runner.invoke(main, ["tournament", "show", str(made["id"]), "--json", "--db",
                                   sqlite_url])  # fmt: skip
    assert json.loads(as_json.output)["id"] == made["id"]
    unknown = runner.invoke(main, ["tournament", "show", "nope", "--db", sqlite_url])
    assert unknown.exit_code == 2
    assert json.loads(unknown.output)["error"]["code"] == "tournament-not-found"
