"""Live streams held at once, counted per client address and per match (issue 18).

A stream holds a connection for minutes (its heartbeat keeps it open), and the server has a
bounded number of connections (`--limit-concurrency`): without a cap one client could open
them one by one and leave every other reader a 503. Past `per_address` streams from one
address, or `per_match` on one match, a new one is refused (429 `too-many-streams`, with
Retry-After); a slot frees when its stream ends, however it ends. Counted per process, in
the event loop (no lock needed: acquire and release run on the loop's one thread).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

PER_ADDRESS = 20  # a table's phones, a family's, a café's few viewers behind one address
PER_MATCH = 200  # a tournament's final on a projector and every phone in the room
RETRY_AFTER = 10  # seconds: a viewer leaves, a stream ends by itself within 5 minutes


@dataclass
class StreamSlots:
    per_address: int = PER_ADDRESS
    per_match: int = PER_MATCH
    by_address: Counter[str] = field(default_factory=Counter)
    by_match: Counter[str] = field(default_factory=Counter)

    def take(self, address: str, match_id: str) -> Slot | None:
        """A slot for one more stream, or None when either cap is reached."""
        if self.by_address[address] >= self.per_address:
            return None
        if self.by_match[match_id] >= self.per_match:
            return None
        self.by_address[address] += 1
        self.by_match[match_id] += 1
        return Slot(self, address, match_id)

    def _give_back(self, address: str, match_id: str) -> None:
        for counts, key in ((self.by_address, address), (self.by_match, match_id)):
            counts[key] -= 1
            if counts[key] <= 0:
                del counts[key]


@dataclass
class Slot:
    slots: StreamSlots
    address: str
    match_id: str
    held: bool = True

    def release(self) -> None:
        """Give the slot back; only the first call counts."""
        if self.held:
            self.held = False
            self.slots._give_back(self.address, self.match_id)
