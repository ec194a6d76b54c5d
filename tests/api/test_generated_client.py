"""A client generated from /openapi.json by openapi-python-client (issue 17) has typed models
of both games' deals, results, matches and errors, and plays a short match of each game."""

from __future__ import annotations

import importlib
import inspect
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from fastapi import FastAPI

from support import serving

GENERATOR = shutil.which("openapi-python-client") or str(
    Path(sys.executable).with_name("openapi-python-client")
)


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    if not Path(GENERATOR).exists():
        pytest.skip("openapi-python-client is not installed (the dev extra brings it)")
    from belot.app import Config, create_app

    where = tmp_path_factory.mktemp("client")
    app = create_app(Config(database_url=f"sqlite:///{where / 'x.sqlite'}"))
    (where / "openapi.json").write_text(json.dumps(app.openapi()), encoding="utf-8")
    app.state.store.close()
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ.get('PATH', '')}"}
    subprocess.run(
        [GENERATOR, "generate", "--path", "openapi.json", "--meta", "none",
         "--output-path", "belot_client"],
        cwd=where, env=env, check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    sys.path.insert(0, str(where))
    try:
        yield importlib.import_module("belot_client")
    finally:
        sys.path.remove(str(where))
        for name in [m for m in sys.modules if m.startswith("belot_client")]:
            del sys.modules[name]


def operation(name: str) -> ModuleType:
    return importlib.import_module(f"belot_client.api.default.{name}")


def test_deal_bodies_are_typed_models(generated: ModuleType) -> None:
    models = importlib.import_module("belot_client.models")
    for model in ("BelotDeal", "BalootDeal", "BelotMatchDeal", "BalootMatchDeal", "Result",
                  "Match", "CreatedMatch", "Error", "NewMatch"):  # fmt: skip
        assert hasattr(models, model), model
    score = inspect.signature(operation("score_api_v1_score_post").sync).parameters["body"]
    assert "BelotDeal" in str(score.annotation) and "BalootDeal" in str(score.annotation)
    add = inspect.signature(operation("add_deal_api_v1_matches_id_deals_post").sync)
    assert "BelotMatchDeal" in str(add.parameters["body"].annotation)


@pytest.mark.parametrize(
    ("game", "deals", "totals"),
    [
        ("belot", [{"contract": "hearts", "declarer": "us", "cards": {"us": 82},
                    "last_trick": "us", "declarations": {"us": [20], "them": []}},
                   {"contract": "all-trumps", "declarer": "them", "capot": "them"}],
         {"us": 11, "them": 42}),
        ("baloot", [{"mode": "hokm", "buyer": "us", "abnat": {"them": 62}},
                    {"mode": "sun", "buyer": "them", "abnat": {"us": 64}}],
         {"us": 22, "them": 20}),
    ],
)  # fmt: skip
def test_a_short_match_of_each_game(
    generated: ModuleType, app: FastAPI, game: str, deals: list[dict[str, Any]],
    totals: dict[str, int],
) -> None:  # fmt: skip
    models = importlib.import_module("belot_client.models")
    with serving(app) as url:
        client = generated.Client(base_url=url)
        result = operation("score_api_v1_score_post").sync(
            client=client, body=models.BelotDeal.from_dict({"game": "belot", **deals[0]})
            if game == "belot" else models.BalootDeal.from_dict({"game": "baloot", **deals[0]}),
        )  # fmt: skip
        assert isinstance(result, models.Result)
        new = models.NewMatch.from_dict({"game": game})
        made = operation("create_match_api_v1_matches_post").sync(client=client, body=new)
        assert isinstance(made, models.CreatedMatch), made
        editor = generated.AuthenticatedClient(base_url=url, token=made.token)
        in_match = models.BelotMatchDeal if game == "belot" else models.BalootMatchDeal
        for deal in deals:
            answer = operation("add_deal_api_v1_matches_id_deals_post").sync(
                made.id, client=editor, body=in_match.from_dict(deal)
            )
            assert isinstance(answer, models.Match), answer
        match = operation("get_match_api_v1_matches_id_get").sync(made.id, client=client)
        assert isinstance(match, models.Match)
        assert match.totals.to_dict() == totals
        impossible = {"cards": {"us": 151}} if game == "belot" else {"abnat": {"them": 1}}
        refused = operation("add_deal_api_v1_matches_id_deals_post").sync(
            made.id, client=editor, body=in_match.from_dict({**deals[0], **impossible})
        )
        assert isinstance(refused, models.Error)  # a typed error, with its field
        field = "cards.us" if game == "belot" else "abnat.them"
        assert refused.error.to_dict()["field"] == field
