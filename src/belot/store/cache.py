"""Replayed sheets kept in memory, keyed by match id and version.

A version names one exact list of deals (every change bumps it, in the same transaction), so a
sheet cached under it can never be stale, whichever process made the change. Reading a match
then costs one row instead of loading and replaying every deal: the pages poll the sheet.
Cached values are shared between callers and must be treated as read-only.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, TypeVar

V = TypeVar("V")


class VersionCache(Generic[V]):
    def __init__(self, size: int = 512) -> None:
        self._size = size
        self._items: OrderedDict[str, tuple[int, V]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str, version: int) -> V | None:
        with self._lock:
            found = self._items.get(key)
            if found is None or found[0] != version:
                return None
            self._items.move_to_end(key)
            return found[1]

    def put(self, key: str, version: int, value: V) -> None:
        with self._lock:
            current = self._items.get(key)
            if current is not None and current[0] > version:
                return  # a newer version is already here (a slower thread finished later)
            self._items[key] = (version, value)
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)
