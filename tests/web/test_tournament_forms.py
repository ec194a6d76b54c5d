"""Issue 23 on the pages: every form number bounded before it is converted, a field given for
a format that has none refused, and bytes that are no UTF-8 refused at their field."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from .test_tournament_pages import club_with_players, start


def _form(client: TestClient, club: str, **fields: str) -> dict[str, str]:
    page = client.get(f"/c/{club}/tournaments").text
    chosen = re.findall(r'<option value="([^"]+)" selected', page)
    form = {"name": "Петък", "game": "belot", "format": "swiss", "lang": "en", **fields}
    for i in range(len(chosen) // 2):
        form[f"pair{i}a"], form[f"pair{i}b"] = chosen[2 * i], chosen[2 * i + 1]
    return form


def _error_field(html: str) -> str | None:
    found = re.search(r'data-testid="error" data-field="([^"]*)"', html)
    return found.group(1) if found else None


def test_rounds_of_five_thousand_digits_is_refused_at_rounds(client: TestClient) -> None:
    club = club_with_players(client, 4)
    form = _form(client, club, rounds="9" * 5000)
    r = client.post(f"/c/{club}/tournaments", data=form, follow_redirects=False)
    assert r.status_code == 422 and _error_field(r.text) == "rounds", r.text[:300]
    stranger = TestClient(client.app)  # no token: refused as such, never a 500
    assert stranger.post(f"/c/{club}/tournaments", data=form).status_code == 403
    assert client.app.state.tournaments.of_club(club) == []  # type: ignore[attr-defined]
    tid, _ = start(client, club, format="swiss", rounds="2")  # a sensible count still works
    assert client.get(f"/api/v1/tournaments/{tid}").json()["rounds_planned"] == 2


def test_rounds_given_for_round_robin_or_knockout_is_refused(client: TestClient) -> None:
    club = club_with_players(client, 4)
    for form in ("round-robin", "knockout"):
        r = client.post(f"/c/{club}/tournaments", data=_form(client, club, format=form,
                                                             rounds="3"))  # fmt: skip
        assert r.status_code == 422 and _error_field(r.text) == "rounds"
        assert "Only a Swiss tournament takes a number of rounds." in r.text
    assert client.app.state.tournaments.of_club(club) == []  # type: ignore[attr-defined]
    start(client, club, format="round-robin", rounds="")  # the empty field is no rounds


def test_a_field_that_is_no_utf8_is_refused_at_its_name(client: TestClient) -> None:
    r = client.post("/clubs", data={"name": "Клуб"}, follow_redirects=False)
    club = str(r.headers["location"]).rsplit("/", 1)[-1]
    body = b"name=%D0%98%D0%B2%FF%FE&lang=en"  # "Ив" then two bytes no UTF-8 text has
    r = client.post(f"/c/{club}/players", content=body,
                    headers={"content-type": "application/x-www-form-urlencoded"})  # fmt: skip
    assert r.status_code == 422
    assert 'data-code="invalid-encoding" data-field="name"' in r.text
    assert client.get(f"/api/v1/clubs/{club}").json()["players"] == []
    r = client.post(f"/c/{club}/players", content=b"na%FFme=x",
                    headers={"content-type": "application/x-www-form-urlencoded"})  # fmt: skip
    assert r.status_code == 422 and 'data-code="invalid-encoding"' in r.text
    multipart = (
        b'--XX\r\nContent-Disposition: form-data; name="name"\r\n\r\n\xc3\x28ab\r\n'
        b"--XX--\r\n"
    )  # read as Latin-1 it would be a visible "Ã(ab"
    r = client.post(f"/c/{club}/players", content=multipart,
                    headers={"content-type": "multipart/form-data; boundary=XX"})  # fmt: skip
    assert r.status_code == 422
    assert 'data-code="invalid-encoding" data-field="name"' in r.text
    assert client.get(f"/api/v1/clubs/{club}").json()["players"] == []
    r = client.post(f"/c/{club}/players", data={"name": "Иван"}, follow_redirects=False)
    assert r.status_code == 303  # UTF-8 names go in as before
    assert [p["name"] for p in client.get(f"/api/v1/clubs/{club}").json()["players"]] == ["Иван"]
