"""The device's engine scores a match with its house rules (issue 17), as the server does."""

from __future__ import annotations

import json
from collections.abc import Iterator
from urllib.parse import urlencode

import pytest
from fastapi.testclient import TestClient

from belot.web.form import DealForm
from belot.web.offline import engine

from .server import make_app

BORDER = {"contract": "hearts", "declarer": "us", "cards": {"us": 96}, "last_trick": "us"}
NO_TRUMPS = {"contract": "no-trumps", "declarer": "us", "cards": {"us": 63}, "last_trick": "us"}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with TestClient(make_app(tmp_path_factory.mktemp("db") / "belot.sqlite")) as c:
        yield c


def test_kept_deals_replay_under_the_matchs_house_rules(client: TestClient) -> None:
    rules = {"preset": "bg", "border-to-declarers": True, "no-trumps-round-first": True}
    made = client.post("/api/v1/matches", json={"game": "belot", "rules": rules}).json()
    url, auth = f"/api/v1/matches/{made['id']}", {"Authorization": f"Bearer {made['token']}"}
    assert client.post(f"{url}/deals", json=BORDER, headers=auth).status_code == 201
    posted = DealForm.from_deal("belot", NO_TRUMPS).posted()
    kept = [{"kind": "add", "body": urlencode({"lang": "en", "op": "add", **posted})}]
    question = {"match": client.get(url).json(), "pending": kept, "lang": "en"}
    answer = json.loads(engine.replay(json.dumps(question)))
    assert "error" not in answer, answer
    # 11 : 5 on the border, then no trumps 73 : 57 rounded first: 14 : 12 (off: 10 : 6, 15 : 11)
    assert answer["totals"] == {"us": 25, "them": 17}
    client.post(f"{url}/deals", json=NO_TRUMPS, headers=auth)
    assert client.get(url).json()["totals"] == answer["totals"]
