"""Team names: any script, Arabic and Bulgarian included; nothing that spoofs the sheet."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from belot.core.errors import BelotError
from belot.core.types import Game
from belot.store.inputs import team_names
from belot.store.names import name_problem

REAL_NAMES = [
    "Ние", "Вие", "Иван и Петър", "Стоянка & Гошо", "Бай Ганьо",
    "لنا", "لهم", "عبد الله ومحمد", "فريق الصقور ٢", "نورة",
    "می‌خواهیم",  # Persian, with a zero-width non-joiner inside a word
    "👨‍👩‍👧 family",  # an emoji sequence joined by zero-width joiners
    "Zoë", "O'Brien", "ñ", "Team 7",
    "e\u0301tienne",  # a combining accent on a letter
]  # fmt: skip

SPOOFS = [
    "\u202eevil",  # right-to-left override
    "us\u202a",
    "a\u202cb",
    "\u2066Ние\u2069",  # isolates
    "\u2067x",
    "\u200b",  # zero-width space only
    "\u200b\u200c\u200d",  # only zero-width characters
    "\u200d",
    "\ufeffName",  # BOM
    "Team\U000e0041\U000e007f",  # tag characters
    "\U000e0001",
    "\u3164",  # Hangul filler, a letter that draws nothing
    "\u0301",  # a combining mark on nothing
    "a\x00b",
    "a\x1bb",
    "a\u0085b",
    "a\u00adb",  # soft hyphen
    "\u061cلنا",  # Arabic letter mark
    "x\ue000",  # private use
    "a\ud800",  # lone surrogate
]


@pytest.mark.parametrize("name", REAL_NAMES)
def test_real_names_are_kept(name: str) -> None:
    assert name_problem(name) is None
    game = Game.BALOOT if any("\u0600" <= ch <= "\u06ff" for ch in name) else Game.BELOT
    assert team_names(game, {"us": name}) == {**team_names(game, None), "us": name}


@pytest.mark.parametrize("name", SPOOFS)
def test_spoofing_names_are_refused(name: str) -> None:
    with pytest.raises(BelotError) as caught:
        team_names(Game.BELOT, {"them": name})
    assert (caught.value.code, caught.value.field) == ("invalid-team-name", "teams.them")


def test_the_api_and_the_page_refuse_them_with_the_field(client: TestClient) -> None:
    answer = client.post("/api/v1/matches", json={"game": "belot", "teams": {"us": "\u202eevil"}})
    assert answer.status_code == 422
    assert answer.json()["error"]["code"] == "invalid-team-name"
    assert answer.json()["error"]["field"] == "teams.us"
    page = client.post("/matches", data={"game": "belot", "team_us": "\u200b\u200b"})
    assert page.status_code == 422
    made = client.post("/api/v1/matches", json={"game": "baloot", "teams": {"us": "الصقور"}})
    assert made.status_code == 201 and made.json()["teams"]["us"] == "الصقور"
