"""The club's ratings kept between asks: new matches rated from the kept state, anything
else from the start, and always the same as rating every match afresh."""

from __future__ import annotations

from belot.store import MatchStore
from belot.store.clubs import ClubStore
from belot.store.ratings import RatingsCache, played
from belot.tournament.ratings import rate
from sample_deals import RECONTRA

THEM: dict[str, object] = {**RECONTRA, "declarer": "them", "cards": {"them": 82},
                           "last_trick": "them", "declarations": {"them": [20]}}  # fmt: skip


def test_kept_ratings_are_the_fresh_ones(sqlite_url: str) -> None:
    store = MatchStore(sqlite_url)
    clubs = ClubStore(store)
    club, token = clubs.create("C")
    club_id = str(club["id"])
    ids = [clubs.add_player(club_id, token, f"P{i}").id for i in range(6)]
    cache = RatingsCache()

    def fresh() -> object:
        with store.reading() as session:
            return rate(played(session, club_id))

    def kept() -> object:
        with store.reading() as session:
            return cache.ratings(session, club_id)

    matches = []
    for m in range(5):
        view, _ = clubs.create_match(club_id, token, "belot", None, None,
                                     [ids[(m + i) % 6] for i in range(4)], None)  # fmt: skip
        matches.append(view.id)
        for _ in range(3):
            store.add_deal(view.id, token, RECONTRA if m % 2 else THEM)
        assert kept() == fresh()  # one more match: rated from the kept state
    for n in (1, 2, 3):  # the first match's winner changes: all rated again
        store.replace_deal(matches[0], token, n, RECONTRA)
    assert kept() == fresh()
    store.delete_deal(matches[2], token, 3)  # a match no longer finished
    assert kept() == fresh()
    store.close()
