"""Issue 23, clubs and tournaments: a table's own edit token, names derived from players that
always fit, earlier rounds locked once the next is drawn, refused fields never ignored."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from belot.store.tokens import table_token

from .helpers import assert_error, bearer
from .test_tournaments import WIN, club_of, draw, finish, new_tournament, pairs_of

Json = dict[str, Any]


def _club_token(auth: dict[str, str]) -> str:
    return auth["Authorization"].removeprefix("Bearer ")


def test_a_tables_token_changes_its_own_match_and_nothing_else_of_the_club(
    client: TestClient,
) -> None:
    club, auth, ids = club_of(client, 8)
    t = new_tournament(client, club, auth, name="T", format="round-robin",
                       pairs=pairs_of(ids)).json()  # fmt: skip
    t = draw(client, auth, t["id"])
    first, second = (x["match"] for x in t["rounds"][0]["tables"])
    own = client.app.state.tournaments.table_tokens(t["id"], _club_token(auth))  # type: ignore[attr-defined]
    assert set(own) == {first, second} and own[first] != _club_token(auth)
    assert own[first] == table_token(_club_token(auth), first)
    mine = bearer(own[first])
    r = client.post(f"/api/v1/matches/{first}/deals", json=WIN["us"], headers=mine)
    assert r.status_code == 201, r.text  # its own match
    refused = [
        client.post(f"/api/v1/matches/{second}/deals", json=WIN["us"], headers=mine),
        client.post(f"/api/v1/clubs/{club}/players", json={"name": "X"}, headers=mine),
        client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=mine),
        client.post(f"/api/v1/clubs/{club}/matches", json={"game": "belot", "seats": ids[:4]},
                    headers=mine),
        new_tournament(client, club, mine, name="U", format="knockout", pairs=pairs_of(ids)),
    ]  # fmt: skip
    for r in refused:
        assert_error(r, 403, "token-wrong", "token")
    assert client.get(f"/api/v1/matches/{second}").json()["deals"] == []
    assert len(client.get(f"/api/v1/clubs/{club}").json()["players"]) == 8
    # The club's token still edits every match of the club (CONTRACT §5.2).
    r = client.post(f"/api/v1/matches/{second}/deals", json=WIN["us"], headers=auth)
    assert r.status_code == 201, r.text


def test_the_organisers_page_shows_each_tables_own_link_never_the_clubs(
    client: TestClient,
) -> None:
    r = client.post("/clubs", data={"name": "Клуб"}, follow_redirects=False)
    club = str(r.headers["location"]).rsplit("/", 1)[-1]
    club_token = client.cookies[f"club_{club}"]
    players = []
    for i in range(4):
        made = client.post(f"/api/v1/clubs/{club}/players", json={"name": f"P{i}"},
                           headers=bearer(club_token))  # fmt: skip
        players.append(made.json()["id"])
    t = new_tournament(client, club, bearer(club_token), name="T", format="round-robin",
                       pairs=pairs_of(players)).json()  # fmt: skip
    client.get(f"/c/{club}/t/{t['id']}")  # the organiser comes from the club's pages
    r = client.post(f"/t/{t['id']}/rounds", data={"lang": "en"}, follow_redirects=False)
    assert r.status_code == 303, r.text
    match = client.get(f"/api/v1/tournaments/{t['id']}").json()["rounds"][0]["tables"][0]["match"]
    own = table_token(club_token, match)
    page = client.get(f"/t/{t['id']}").text
    assert f'/m/{match}#token={own}" data-testid="table-link-1-1"' in page
    assert club_token not in page
    sheet = client.get(f"/m/{match}").text
    assert 'data-testid="add-deal"' in sheet  # the organiser's browser plays the table
    assert f"#token={own}" in sheet and club_token not in sheet
    viewer = TestClient(client.app)
    assert 'data-testid="table-link-' not in viewer.get(f"/t/{t['id']}").text


def test_a_table_drawn_before_tables_had_their_own_token_is_given_one(
    client: TestClient,
) -> None:
    """Its old random hash is replaced when the organiser asks for the tables' tokens."""
    from belot.store.models import MatchRow

    club, auth, ids = club_of(client, 4)
    t = new_tournament(client, club, auth, name="T", format="round-robin",
                       pairs=pairs_of(ids)).json()  # fmt: skip
    match = draw(client, auth, t["id"])["rounds"][0]["tables"][0]["match"]
    store = client.app.state.store  # type: ignore[attr-defined]
    with store.writing() as session:
        session.get(MatchRow, match).token_hash = "0" * 64
    own = client.app.state.tournaments.table_tokens(t["id"], _club_token(auth))  # type: ignore[attr-defined]
    r = client.post(f"/api/v1/matches/{match}/deals", json=WIN["us"], headers=bearer(own[match]))
    assert r.status_code == 201, r.text


LONG = [str(i) + "А" * 28 for i in range(4)]  # 29 characters each: two make 61 with " & "


def _long_club(client: TestClient) -> tuple[str, dict[str, str], list[str]]:
    made = client.post("/api/v1/clubs", json={"name": "Дълги имена"}).json()
    auth = bearer(made["token"])
    ids = [client.post(f"/api/v1/clubs/{made['id']}/players", json={"name": n},
                       headers=auth).json()["id"] for n in LONG]  # fmt: skip
    return made["id"], auth, ids


def test_long_player_names_make_a_club_match_whose_team_names_fit(client: TestClient) -> None:
    club, auth, ids = _long_club(client)
    r = client.post(f"/api/v1/clubs/{club}/matches", json={"game": "belot", "seats": ids},
                    headers=auth)  # fmt: skip
    assert r.status_code == 201, r.text
    teams = r.json()["teams"]
    assert all(len(name) <= 60 for name in teams.values()), teams
    assert teams["us"].startswith(LONG[0][:20]) and " & " in teams["us"]
    assert teams["us"] != teams["them"]


def test_long_names_in_a_tournament_export_and_import_again(client: TestClient) -> None:
    from belot.store.club_files import export_club, import_club

    club, auth, ids = _long_club(client)
    t = new_tournament(client, club, auth, name="T", format="round-robin",
                       pairs=[ids[:2], ids[2:]]).json()  # fmt: skip
    assert all(len(p["name"]) <= 60 for p in t["pairs"])
    t = draw(client, auth, t["id"])
    match = client.get(f"/api/v1/matches/{t['rounds'][0]['tables'][0]['match']}").json()
    assert [match["teams"]["us"], match["teams"]["them"]] == [p["name"] for p in t["pairs"]]
    store = client.app.state.store  # type: ignore[attr-defined]
    exported = client.get(f"/api/v1/clubs/{club}/export").json()
    exported["club"]["id"] = "aNOTHERCLUBAAAAA"  # a new club, not a merge
    made, token = import_club(store, exported)
    assert token is not None and made["id"] == "aNOTHERCLUBAAAAA"
    again = export_club(store, made["id"])
    assert [p["name"] for p in again["tournaments"][0]["pairs"]] == [p["name"] for p in t["pairs"]]
    assert [m["teams"] for m in again["matches"]] == [m["teams"] for m in exported["matches"]]


def test_next_game_after_a_team_name_kept_from_before_the_fix(client: TestClient) -> None:
    """A club match stored with a 61-character derived name (before the fix) still rematches,
    its names cut to fit; nothing answers a bare 422."""
    from belot.store.models import MatchRow

    r = client.post("/clubs", data={"name": "Клуб"}, follow_redirects=False)
    club = str(r.headers["location"]).rsplit("/", 1)[-1]
    for name in LONG:
        client.post(f"/c/{club}/players", data={"name": name})
    ids = [p["id"] for p in client.get(f"/api/v1/clubs/{club}").json()["players"]]
    seats = {f"seat{n}": ids[n - 1] for n in range(1, 5)}
    r = client.post(f"/c/{club}/matches", data={"game": "belot", **seats}, follow_redirects=False)
    match = str(r.headers["location"]).rsplit("/", 1)[-1]
    store = client.app.state.store  # type: ignore[attr-defined]
    with store.writing() as session:
        session.get(MatchRow, match).team_us = f"{LONG[0][:28]}… & {LONG[2][:28]}…"  # 61
    auth = bearer(client.cookies[f"club_{club}"])
    for _ in range(3):
        client.post(f"/api/v1/matches/{match}/deals", json=WIN["us"], headers=auth)
    r = client.post(f"/m/{match}/rematch", data={"lang": "en"}, follow_redirects=False)
    assert r.status_code == 303, r.text
    new = client.get(f"/api/v1/matches/{r.headers['location'].rsplit('/', 1)[-1]}").json()
    assert len(new["teams"]["us"]) == 60 and new["club"] == club


def test_rounds_for_a_format_without_them_is_refused(client: TestClient) -> None:
    club, auth, ids = club_of(client, 4)
    for form in ("round-robin", "knockout"):
        r = new_tournament(client, club, auth, name="T", format=form, rounds=3,
                           pairs=pairs_of(ids))  # fmt: skip
        assert_error(r, 422, "rounds-not-swiss", "rounds")
    assert client.app.state.tournaments.of_club(club) == []  # type: ignore[attr-defined]


def test_stats_dates_are_year_month_day_only(client: TestClient) -> None:
    club, _, _ = club_of(client, 0)
    for field, value in (("to", "2024-W01-1"), ("from", "2024-W01"), ("to", "２０２４-01-01"),
                         ("from", "20240101"), ("to", "2024-001")):  # fmt: skip
        r = client.get(f"/api/v1/clubs/{club}/stats", params={field: value})
        assert_error(r, 422, "invalid-date", field)
    assert client.get(f"/api/v1/clubs/{club}/stats", params={"to": "2024-01-01"}).status_code == 200


def test_a_knockouts_earlier_round_is_locked_once_the_next_is_drawn(client: TestClient) -> None:
    club, auth, ids = club_of(client, 8)
    t = new_tournament(client, club, auth, name="KO", format="knockout",
                       pairs=pairs_of(ids)).json()  # fmt: skip
    t = draw(client, auth, t["id"])
    first, second = t["rounds"][0]["tables"]
    for table in (first, second):
        finish(client, auth, table["match"], "us")
    t = draw(client, auth, t["id"])
    (final,) = t["rounds"][1]["tables"]
    finish(client, auth, final["match"], "us")
    before = client.get(f"/api/v1/tournaments/{t['id']}").json()
    assert before["finished"] and before["winner"] == first["pairs"][0]
    own = client.app.state.tournaments.table_tokens(t["id"], _club_token(auth))  # type: ignore[attr-defined]
    for headers in (auth, bearer(own[first["match"]])):  # neither the club's token nor its own
        for n in (1, 2, 3):
            r = client.put(f"/api/v1/matches/{first['match']}/deals/{n}", json=WIN["them"],
                           headers=headers)  # fmt: skip
            assert_error(r, 409, "round-locked")
            assert "round 2 was drawn from its result" in r.json()["error"]["message"]
        assert_error(client.delete(f"/api/v1/matches/{first['match']}/deals/3",
                                   headers=headers), 409, "round-locked")  # fmt: skip
    assert client.get(f"/api/v1/tournaments/{t['id']}").json() == before  # nothing changed
    # The final itself, which no round was drawn from, is still corrected: the winner with it.
    for n in (1, 2, 3):
        r = client.put(f"/api/v1/matches/{final['match']}/deals/{n}", json=WIN["them"],
                       headers=auth)  # fmt: skip
        assert r.status_code == 200, r.text
    after = client.get(f"/api/v1/tournaments/{t['id']}").json()
    assert after["finished"] and after["winner"] == final["pairs"][1]


def test_a_swiss_round_is_locked_a_round_robin_round_is_not(client: TestClient) -> None:
    club, auth, ids = club_of(client, 8)
    swiss = new_tournament(client, club, auth, name="S", format="swiss", rounds=2,
                           pairs=pairs_of(ids)).json()  # fmt: skip
    swiss = draw(client, auth, swiss["id"])
    for table in swiss["rounds"][0]["tables"]:
        finish(client, auth, table["match"], "us")
    draw(client, auth, swiss["id"])
    locked = swiss["rounds"][0]["tables"][0]["match"]
    r = client.post(f"/api/v1/matches/{locked}/deals", json=WIN["us"], headers=auth)
    assert_error(r, 409, "round-locked")
    robin = new_tournament(client, club, auth, name="R", format="round-robin",
                           pairs=pairs_of(ids)).json()  # fmt: skip
    robin = draw(client, auth, robin["id"])
    for table in robin["rounds"][0]["tables"]:
        finish(client, auth, table["match"], "us")
    draw(client, auth, robin["id"])  # its draw reads no result: a correction stays possible
    match = robin["rounds"][0]["tables"][0]["match"]
    for n in (1, 2, 3):
        r = client.put(f"/api/v1/matches/{match}/deals/{n}", json=WIN["them"], headers=auth)
        assert r.status_code == 200, r.text
