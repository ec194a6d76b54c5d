"""Club statistics at scale (issue 11): a club of 200 players and 10,000 matches on SQLite.

The matches are written straight into the tables (seats with their counts, each match's end,
ten deals' facts each), as the store keeps them; then the stats of the whole club, and of one
month, are asked for through the HTTP API, repeatedly. Prints p50 and p99. Goal: p99 under 200 ms.
Run: `.venv/bin/python bench/clubs.py`.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import insert

from belot.app import Config, create_app
from belot.store.models import DealFactRow, MatchRow, SeatRow
from belot.store.tokens import hash_token, new_match_id

PLAYERS, MATCHES, DEALS, ASKS = 200, 10_000, 10, 60


def main() -> None:
    rng = random.Random(11)
    with tempfile.TemporaryDirectory() as tmp:
        # TestClient's own host name, and no rate limit: 200 players are added at once.
        app = create_app(Config(database_url=f"sqlite:///{Path(tmp) / 'bench.sqlite3'}",
                                allowed_hosts=("testserver",), rate_limit="0"))  # fmt: skip
        client = TestClient(app)
        made = client.post("/api/v1/clubs", json={"name": "Bench"}).json()
        club, auth = made["id"], {"Authorization": f"Bearer {made['token']}"}
        players = [
            client.post(
                f"/api/v1/clubs/{club}/players", json={"name": f"P{i}"}, headers=auth
            ).json()["id"]
            for i in range(PLAYERS)
        ]
        start = datetime(2026, 1, 1, tzinfo=UTC)
        matches, seats, facts = [], [], []
        for m in range(MATCHES):
            match_id = new_match_id()
            created = start + timedelta(minutes=47 * m)
            matches.append({
                "id": match_id, "game": "belot", "rules": "bg", "team_us": "Ние",
                "team_them": "Вие", "token_hash": hash_token("x"), "version": DEALS,
                "next_seq": DEALS + 1, "created_at": created, "updated_at": created,
                "first_dealer": 1, "club_id": club, "finished": True,
                "winner": rng.choice(["us", "them"]), "deals_played": DEALS,
            })  # fmt: skip
            own = [
                {"match_id": match_id, "n": n, "caller": rng.randint(1, 4),
                 "outcome": rng.choice(["made", "made", "inside", "hanging"]),
                 "all_tricks": rng.choice([None] * 20 + ["us", "them"])}
                for n in range(1, DEALS + 1)
            ]  # fmt: skip
            facts.extend(own)
            four = rng.sample(players, 4)
            for seat, player in enumerate(four, start=1):
                team = "us" if seat % 2 else "them"
                called = [f for f in own if f["caller"] == seat]
                seats.append({
                    "match_id": match_id, "seat": seat, "name": "P", "player_id": player,
                    "partner_id": four[(seat + 1) % 4],
                    "called": len(called), "made": sum(f["outcome"] == "made" for f in called),
                    "capots": sum(f["all_tricks"] == team for f in own),
                })  # fmt: skip
        with app.state.store.engine.begin() as conn:
            conn.execute(insert(MatchRow), matches)
            conn.execute(insert(SeatRow), seats)
            conn.execute(insert(DealFactRow), facts)
        for label, query in (("all time", ""), ("one month", "?from=2026-03-01&to=2026-03-31")):
            client.get(f"/api/v1/clubs/{club}/stats{query}")  # warm
            times = []
            for _ in range(ASKS):
                began = time.perf_counter()
                r = client.get(f"/api/v1/clubs/{club}/stats{query}")
                times.append((time.perf_counter() - began) * 1000)
                assert r.status_code == 200
            times.sort()
            p99 = times[min(len(times) - 1, round(0.99 * len(times)))]
            p50 = statistics.median(times)
            print(f"club stats, {PLAYERS} players, {MATCHES:,} matches, {label}: "
                  f"p50 {p50:.0f} ms, p99 {p99:.0f} ms (goal p99 < 200 ms)")  # fmt: skip


if __name__ == "__main__":
    main()
