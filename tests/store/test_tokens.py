"""Ids and edit tokens (`belot.store.tokens`)."""

from __future__ import annotations

from belot.store.tokens import hash_token, new_match_id, new_token, token_matches


def test_a_new_id_never_reads_as_an_option_on_the_command_line() -> None:
    """1 random id in 64 would start with "-" (`belot match show -Hx…` reads an option)."""
    ids = [new_match_id() for _ in range(5000)]
    assert not any(i.startswith("-") for i in ids)
    assert len(set(ids)) == 5000 and all(len(i) == 16 for i in ids)


def test_a_token_matches_its_hash_only() -> None:
    token = new_token()
    assert len(token) == 43 and token_matches(token, hash_token(token))
    assert not token_matches(new_token(), hash_token(token))
