"""A long match's answer re-encodes only the deals it does not share with the last one."""

from __future__ import annotations

import json

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from belot.api import encode
from belot.api.encode import MatchEncoder
from belot.core.match import Row
from belot.store import MatchStore
from sample_deals import LEVEL

from .helpers import bearer


def test_the_answer_is_the_match_object_and_only_new_rows_are_encoded(
    client: TestClient, app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    store: MatchStore = app.state.store
    view, token = store.create("belot", None, {})
    for _ in range(encode.MIN_ROWS + 5):
        view = store.add_deal(view.id, token, LEVEL)
    encoder = MatchEncoder()
    assert json.loads(encoder.text(view)) == view.to_json()
    encoded: list[Row] = []
    real_row = encode._row

    def counted(row: Row) -> str:
        encoded.append(row)
        return real_row(row)

    monkeypatch.setattr(encode, "_row", counted)
    longer = store.add_deal(view.id, token, LEVEL)
    assert json.loads(encoder.text(longer)) == longer.to_json()
    assert len(encoded) == 1  # the new deal only
    # An edit re-scores from the deal it changed: those rows are new and encoded again.
    edited = store.replace_deal(view.id, token, 3, {**LEVEL, "multiplier": 1})
    encoded.clear()
    assert json.loads(encoder.text(edited)) == edited.to_json()
    assert len(encoded) == len(edited.sheet.rows) - 2


def test_the_api_answers_a_long_match_whole(client: TestClient, app: FastAPI) -> None:
    store: MatchStore = app.state.store
    view, token = store.create("belot", None, {})
    for _ in range(encode.MIN_ROWS):
        store.add_deal(view.id, token, LEVEL)
    url = f"/api/v1/matches/{view.id}"
    added = client.post(f"{url}/deals", json=LEVEL, headers=bearer(token))
    assert added.status_code == 201 and added.headers["content-type"] == "application/json"
    assert added.headers["etag"] == f'"{encode.MIN_ROWS + 1}"'
    assert added.json() == client.get(url).json() == store.get(view.id).to_json()
