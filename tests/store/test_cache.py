"""The version-keyed cache of replayed sheets."""

from __future__ import annotations

from belot.store.cache import VersionCache


def test_a_value_is_found_only_under_its_version() -> None:
    cache: VersionCache[str] = VersionCache()
    cache.put("m", 3, "three")
    assert cache.get("m", 3) == "three"
    assert cache.get("m", 2) is None and cache.get("m", 4) is None and cache.get("x", 3) is None


def test_an_older_version_never_replaces_a_newer_one() -> None:
    cache: VersionCache[str] = VersionCache()
    cache.put("m", 5, "five")
    cache.put("m", 4, "four")
    assert cache.get("m", 5) == "five" and cache.get("m", 4) is None
    cache.put("m", 6, "six")
    assert cache.get("m", 6) == "six"


def test_the_least_recently_used_goes_first() -> None:
    cache: VersionCache[int] = VersionCache(size=2)
    cache.put("a", 1, 1)
    cache.put("b", 1, 2)
    assert cache.get("a", 1) == 1  # a is now the most recent
    cache.put("c", 1, 3)
    assert cache.get("b", 1) is None and cache.get("a", 1) == 1 and cache.get("c", 1) == 3
