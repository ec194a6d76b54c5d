"""Issue 23, findings 4 and 7, on both databases.

4: `rules` is a preset's name or an object, never a string to parse: a string that looks like
JSON (a deep one would exhaust the stack) is an unknown preset, 422 `unknown-rules` at `rules`,
on every surface that takes rules; nothing is stored.
7: a deal added to a match names no rules of its own: its `rules`, when given, are exactly the
match's (a preset match's name, a house-rules match's resolved object) and are not stored with
the deal; anything else is refused at `rules` with a message that says the match's rules.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from belot.store.models import DealRow, MatchRow, TournamentRow
from sample_deals import MADE

from .helpers import assert_error, bearer

# Nested deep enough to exhaust the JSON parser's stack if it were parsed (it was: a 500), and
# short enough to pass the 64 KiB body limit; the brief's `{{{…`; an object written as text.
DEEP = '{"a":' * 5000 + "1" + "}" * 5000
BRACES = "{" * 60000
AS_TEXT = '{"preset":"bg"}'
STRINGS = pytest.mark.parametrize(
    "rules", [DEEP, BRACES, AS_TEXT], ids=["deep", "braces", "object-as-text"]
)


def _counts(client: TestClient) -> tuple[int, int, int]:
    store = client.app.state.store  # type: ignore[attr-defined]
    with store.reading() as session:
        return tuple(  # type: ignore[return-value]
            session.scalar(select(func.count()).select_from(t)) or 0
            for t in (MatchRow, DealRow, TournamentRow)
        )


def _club(client: TestClient) -> tuple[str, dict[str, str], list[str]]:
    made = client.post("/api/v1/clubs", json={"name": "Правила"}).json()
    auth = bearer(made["token"])
    ids = []
    for name in "ABCD":
        r = client.post(f"/api/v1/clubs/{made['id']}/players", json={"name": name}, headers=auth)
        assert r.status_code == 201, r.text
        ids.append(r.json()["id"])
    return made["id"], auth, ids


@STRINGS
def test_rules_as_a_string_is_a_preset_name_on_every_surface(
    client: TestClient, rules: str
) -> None:
    club, auth, ids = _club(client)
    before = _counts(client)
    answers = {
        "score": client.post("/api/v1/score", json={**MADE, "game": "belot", "rules": rules}),
        "match": client.post("/api/v1/matches", json={"game": "belot", "rules": rules}),
        "club match": client.post(f"/api/v1/clubs/{club}/matches", headers=auth,
                                  json={"game": "belot", "rules": rules, "seats": ids}),
        "tournament": client.post(f"/api/v1/clubs/{club}/tournaments", headers=auth,
                                  json={"name": "T", "game": "belot", "rules": rules,
                                        "format": "round-robin", "pairs": [ids[:2], ids[2:]]}),
    }  # fmt: skip
    for surface, answer in answers.items():
        assert answer.status_code == 422, (surface, answer.text[:300])
        assert_error(answer, 422, "unknown-rules", "rules")
    assert _counts(client) == before


def _house(client: TestClient) -> tuple[str, str, dict[str, Any]]:
    switch = client.get("/api/v1/rules").json()["games"][0]["switches"][0]["name"]
    house = {"preset": "bg", switch: True}
    made = client.post("/api/v1/matches", json={"game": "belot", "rules": house})
    assert made.status_code == 201, made.text
    body = made.json()
    assert isinstance(body["rules"], dict) and body["rules"][switch] is True
    return body["id"], body["token"], body["rules"]


def test_a_deal_on_a_house_rules_match_takes_only_the_match_own_rules(client: TestClient) -> None:
    match, token, own = _house(client)
    auth = bearer(token)
    url = f"/api/v1/matches/{match}/deals"
    flipped = {k: (not v if isinstance(v, bool) else v) for k, v in own.items()}
    as_ints = {k: (int(v) if isinstance(v, bool) else v) for k, v in own.items()}
    others: list[object] = ["bg", {"preset": "bg"}, flipped, as_ints, AS_TEXT, DEEP, 1, []]
    for other in others:
        refused = client.post(url, json={**MADE, "rules": other}, headers=auth)
        assert_error(refused, 422, "match-mismatch", "rules")
        message = refused.json()["error"]["message"]
        assert "house rules over 'bg'" in message and "'bg';" not in message
    assert client.get(f"/api/v1/matches/{match}").json()["version"] == 0  # nothing stored
    # A null is no rules at all: refused as every null the deal's description has none of
    # (issue 32; it was taken as leaving `rules` out).
    refused = client.post(url, json={**MADE, "rules": None}, headers=auth)
    assert_error(refused, 422, "wrong-type", "rules")
    # The match's own rules object (as the match answers it) is its, so it is taken.
    for given in (own, dict(reversed(list(own.items())))):
        added = client.post(url, json={**MADE, "rules": given}, headers=auth)
        assert added.status_code == 201, added.text
    added = client.post(url, json=MADE, headers=auth)  # or none named
    assert added.status_code == 201, added.text
    read = client.get(f"/api/v1/matches/{match}").json()
    assert read["version"] == 3 and read["rules"] == own
    # Never stored with the deal: a deal's rules are its match's, always.
    assert all("rules" not in deal["input"] for deal in read["deals"])
    replaced = client.put(f"{url}/1", json={**MADE, "rules": "bg"}, headers=auth)
    assert_error(replaced, 422, "match-mismatch", "rules")
    replaced = client.put(f"{url}/1", json={**MADE, "rules": own}, headers=auth)
    assert replaced.status_code == 200, replaced.text
    assert "rules" not in replaced.json()["deals"][0]["input"]


def test_a_deal_on_a_preset_match_takes_only_its_name(client: TestClient) -> None:
    made = client.post("/api/v1/matches", json={"game": "belot", "rules": "bg"}).json()
    auth, url = bearer(made["token"]), f"/api/v1/matches/{made['id']}/deals"
    for other in ("bg-6up", {"preset": "bg"}, AS_TEXT, DEEP):
        refused = client.post(url, json={**MADE, "rules": other}, headers=auth)
        assert_error(refused, 422, "match-mismatch", "rules")
        assert "this match plays rules 'bg'" in refused.json()["error"]["message"]
    added = client.post(url, json={**MADE, "rules": "bg"}, headers=auth)
    assert added.status_code == 201, added.text
    assert added.json()["version"] == 1 and "rules" not in added.json()["deals"][0]["input"]
