"""The lossless round trip: a deal the contract accepts, recorded through the API, opened in the
match page's edit form and saved unchanged, is stored identical — values or combinations,
Baloot projects with their top card, nulls, both teams' piles. Through the real pages
(TestClient), the form's fields read from its HTML as a browser would send them.
"""

from __future__ import annotations

from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlencode

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from support import examples

from .server import make_app

PROPERTY = settings(
    max_examples=examples(40), deadline=None, suppress_health_check=list(HealthCheck)
)
TEAMS = ("us", "them")
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7")


class FormFields(HTMLParser):
    """What a browser posts for the form with id `form_id`: its named inputs, radios checked."""

    def __init__(self, form_id: str) -> None:
        super().__init__()
        self.form_id, self.inside = form_id, False
        self.fields: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.inside = a.get("id") == self.form_id
        elif tag == "input" and self.inside and a.get("name"):
            kind = a.get("type", "text")
            if kind == "radio" and "checked" not in a:
                return
            self.fields.append((a["name"], a.get("value", "")))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False


def form_fields(html: str, form_id: str = "calc") -> list[tuple[str, str]]:
    parser = FormFields(form_id)
    parser.feed(html)
    return parser.fields


# ------------------------------------------------------------------ deals the contract accepts

PILES = {  # card points a team can hold (without the last trick), by contract
    "hearts": [82, 71, 90, 0, 152, 66], "clubs": [35, 100], "no-trumps": [60, 70, 0, 120],
    "all-trumps": [124, 120, 0, 248],
}  # fmt: skip
DECK = {"hearts": 152, "clubs": 152, "no-trumps": 120, "all-trumps": 248}
ABNAT = {"hokm": [62, 50, 80, 0, 162], "sun": [60, 65, 64, 130]}
ROUND = {"hokm": 162, "sun": 130}


def nullable(value: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(value, st.none())


@st.composite
def piles(draw: st.DrawFn, points: list[int], total: int) -> dict[str, int]:
    team = draw(st.sampled_from(TEAMS))
    mine = draw(st.sampled_from(points))
    if draw(st.booleans()):  # both teams' piles, summing to the deck
        return {team: mine, "them" if team == "us" else "us": total - mine}
    return {team: mine}


@st.composite
def declarations(draw: st.DrawFn) -> dict[str, Any]:
    combos = draw(st.booleans())  # both teams use the same form in one deal
    out: dict[str, Any] = {}
    for team in draw(st.lists(st.sampled_from(TEAMS), max_size=2, unique=True)):
        if combos:
            item = st.builds(
                lambda k, h: {"kind": k, "high": h},
                st.sampled_from(["tierce", "quarte", "quint", "carre"]),
                st.sampled_from(RANKS),
            )
        else:
            item = st.sampled_from([20, 50, 100, 150, 200])
        out[team] = draw(st.lists(item, max_size=2))
    return out


@st.composite
def belot_deals(draw: st.DrawFn) -> dict[str, Any]:
    contract = draw(st.sampled_from(sorted(PILES)))
    deal: dict[str, Any] = {"contract": contract, "declarer": draw(st.sampled_from(TEAMS))}
    if draw(st.booleans()):
        deal["multiplier"] = draw(st.sampled_from([1, 2, 4]))
    capot = draw(st.sampled_from([None, None, None, "us", "them"]))
    if capot is not None or draw(st.booleans()):
        deal["capot"] = capot
    if capot is None:
        deal["cards"] = draw(piles(PILES[contract], DECK[contract]))
        deal["last_trick"] = draw(st.sampled_from(TEAMS))
    if contract != "no-trumps" and draw(st.booleans()):
        deal["declarations"] = draw(declarations())
    if contract != "no-trumps" and draw(st.booleans()):
        teams = draw(st.sampled_from([TEAMS[:1], TEAMS]))
        deal["belots"] = {t: draw(st.integers(0, 1)) for t in teams}
    return deal


@st.composite
def projects(draw: st.DrawFn, mode: str) -> dict[str, Any]:
    kinds = ["sira", "fifty", "hundred", *(["four-hundred"] if mode == "sun" else [])]
    with_high = draw(st.booleans())
    out: dict[str, Any] = {}
    for team in draw(st.lists(st.sampled_from(TEAMS), max_size=2, unique=True)):
        kind = st.sampled_from(kinds)
        item = (
            st.builds(lambda k, h: {"kind": k, "high": h}, kind, st.sampled_from(RANKS))
            if with_high
            else kind
        )
        out[team] = draw(st.lists(item, max_size=2))
    return out


@st.composite
def baloot_deals(draw: st.DrawFn) -> dict[str, Any]:
    mode = draw(st.sampled_from(["hokm", "sun"]))
    deal: dict[str, Any] = {"mode": mode, "buyer": draw(st.sampled_from(TEAMS))}
    if draw(st.booleans()):
        deal["multiplier"] = draw(st.sampled_from([1, 2, 3, 4, "gahwa"]))
    kaboot = draw(st.sampled_from([None, None, None, "us", "them"]))
    if kaboot is not None or draw(st.booleans()):
        deal["kaboot"] = kaboot
    if kaboot is None:
        deal["abnat"] = draw(piles(ABNAT[mode], ROUND[mode]))
    if draw(st.booleans()):
        deal["projects"] = draw(projects(mode))
    if draw(st.booleans()):
        deal["projects_first"] = draw(nullable(st.sampled_from(TEAMS)))
    if mode == "hokm" and draw(st.booleans()):
        deal["baloot"] = draw(nullable(st.sampled_from(TEAMS)))
    return deal


# ---------------------------------------------------------------------------------- the property


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    app = make_app(tmp_path_factory.mktemp("db") / "belot.sqlite")
    with TestClient(app) as c:
        yield c


def recorded(client: TestClient, match_id: str) -> list[Any]:
    return [d["input"] for d in client.get(f"/api/v1/matches/{match_id}").json()["deals"]]


def round_trip(
    client: TestClient,
    game: str,
    deal: dict[str, Any],
    lang: str = "en",
    *,
    given: bool = True,
    seats: list[str] | None = None,
) -> list[tuple[str, str]]:
    """The round trip; the fields the edit form showed."""
    made = client.post(
        "/api/v1/matches", json={"game": game, **({"seats": seats} if seats else {})}
    ).json()
    match_id, token = made["id"], made["token"]
    auth = {"Authorization": f"Bearer {token}"}
    added = client.post(f"/api/v1/matches/{match_id}/deals", json=deal, headers=auth)
    if given:
        assume(added.status_code == 201)  # a deal the contract accepts
    assert added.status_code == 201, added.text
    before = recorded(client, match_id)
    page = TestClient(client.app)
    page.post(f"/m/{match_id}/claim", data={"token": token})
    form = page.get(f"/m/{match_id}/deals/1?lang={lang}")
    assert form.status_code == 200 and 'data-testid="save-deal"' in form.text
    fields = form_fields(form.text)
    assert seats or all(name != "caller" for name, _ in fields)  # no seats: nobody to name
    saved = page.post(
        f"/m/{match_id}/deals/1", content=urlencode([*fields, ("op", "save")]),
        headers={"content-type": "application/x-www-form-urlencoded"}, follow_redirects=False,
    )  # fmt: skip
    assert saved.status_code == 303, saved.text[-3000:]
    assert recorded(client, match_id) == before
    return fields


@given(deal=belot_deals(), lang=st.sampled_from(["bg", "ar", "en", "fr", "hr", "nl"]))
@PROPERTY
def test_a_belot_deal_saved_unchanged_is_stored_identical(
    client: TestClient, deal: dict[str, Any], lang: str
) -> None:
    round_trip(client, "belot", deal, lang)


@given(deal=baloot_deals(), lang=st.sampled_from(["bg", "ar", "en", "fr", "hr", "nl"]))
@PROPERTY
def test_a_baloot_round_saved_unchanged_is_stored_identical(
    client: TestClient, deal: dict[str, Any], lang: str
) -> None:
    round_trip(client, "baloot", deal, lang)


SEATS = ["Иван", "Петър", "Мария", "<b>Ана</b>"]


@st.composite
def seated_deals(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A deal of a match with seats: with a caller on the bidding team, or none."""
    game = draw(st.sampled_from(["belot", "baloot"]))
    deal = draw(belot_deals() if game == "belot" else baloot_deals())
    bidder = deal["declarer" if game == "belot" else "buyer"]
    caller = draw(st.sampled_from(["absent", "seat", "seat"]))
    if caller == "seat":
        deal["caller"] = draw(st.sampled_from([1, 3] if bidder == "us" else [2, 4]))
    return game, deal


@given(seated=seated_deals(), lang=st.sampled_from(["bg", "ar", "en", "fr", "hr", "nl"]))
@PROPERTY
def test_a_seated_deal_saved_unchanged_keeps_its_caller_or_none(
    client: TestClient, seated: tuple[str, dict[str, Any]], lang: str
) -> None:
    game, deal = seated
    fields = round_trip(client, game, deal, lang, seats=SEATS)
    shown = deal.get("caller") or "none"  # the form shows it: a change would not be kept
    assert [v for k, v in fields if k == "caller"] == [str(shown)]


@pytest.mark.parametrize(
    ("game", "deal"),
    [
        ("belot", {"contract": "hearts", "declarer": "us", "cards": {"us": 82},
                   "last_trick": "us", "capot": None,
                   "declarations": {"us": [{"kind": "tierce", "high": "K"}], "them": []}}),
        ("baloot", {"mode": "hokm", "buyer": "us", "abnat": {"them": 62},
                    "projects": {"us": [{"kind": "sira", "high": "K"}],
                                 "them": [{"kind": "sira", "high": "Q"}]}}),
        ("baloot", {"mode": "sun", "buyer": "them", "abnat": {"us": 60, "them": 70},
                    "projects": {"us": []}, "kaboot": None, "projects_first": None}),
    ],
)  # fmt: skip
def test_the_issues_examples_round_trip(
    client: TestClient, game: str, deal: dict[str, Any]
) -> None:
    round_trip(client, game, deal, given=False)


def test_a_deal_stored_with_nulls_before_they_were_refused_saves_again(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 32: a null where the description has none is refused (`wrong-type`); a deal
    stored with such nulls before still opens in the edit form and saves unchanged, those
    nulls left out (the core read them as the default: the same score), not refused."""
    from belot.store import inputs

    deal: dict[str, Any] = {
        "contract": "hearts", "declarer": "us", "cards": {"us": 82}, "last_trick": "us",
        "multiplier": None, "capot": None,
        "declarations": {"us": [{"kind": "tierce", "high": "K"}], "them": None},
    }  # fmt: skip
    made = client.post("/api/v1/matches", json={"game": "belot"}).json()
    match_id, token = made["id"], made["token"]
    with monkeypatch.context() as before_the_fix:
        before_the_fix.setattr(inputs, "refuse_nulls", lambda *_: None)
        added = client.post(f"/api/v1/matches/{match_id}/deals", json=deal,
                            headers={"Authorization": f"Bearer {token}"})  # fmt: skip
    assert added.status_code == 201, added.text
    totals = added.json()["totals"]
    page = TestClient(client.app)
    page.post(f"/m/{match_id}/claim", data={"token": token})
    fields = form_fields(page.get(f"/m/{match_id}/deals/1?lang=en").text)
    saved = page.post(
        f"/m/{match_id}/deals/1", content=urlencode([*fields, ("op", "save")]),
        headers={"content-type": "application/x-www-form-urlencoded"}, follow_redirects=False,
    )  # fmt: skip
    assert saved.status_code == 303, saved.text[-3000:]
    stored = {k: v for k, v in deal.items() if k != "multiplier"}
    stored["declarations"] = {"us": [{"kind": "tierce", "high": "K"}]}
    assert recorded(client, match_id) == [stored]
    assert client.get(f"/api/v1/matches/{match_id}").json()["totals"] == totals
