"""Edit tokens: the secret that allows changing a match. Only a hash of it is ever stored."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from typing import TYPE_CHECKING

from belot.store.errors import TokenMissing, TokenWrong

if TYPE_CHECKING:
    from belot.store.models import ClubRow

# 32 random bytes = 256 bits, well above the contract's 128.
TOKEN_BYTES = 32
# A match id is public; 12 random bytes make it unguessable enough to be a sharing link.
ID_BYTES = 12


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_match_id() -> str:
    """A new id (matches, clubs, players). Never one that starts with "-": the command line
    would read it as an option (`belot match show -Hx…`), 1 id in 64 otherwise."""
    while (made := secrets.token_urlsafe(ID_BYTES)).startswith("-"):
        pass
    return made


def hash_token(token: str) -> str:
    """SHA-256 suffices: the token is random, so there is nothing to brute-force or salt."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def table_token(club_token: str, match_id: str) -> str:
    """A tournament table's own edit token: HMAC-SHA256 of the match's id, keyed with the
    club's token (256 bits, as unguessable as a random token to anyone without the club's).
    Stored as a hash like any match token; the organiser, who holds the club's token, can
    always say each table's again, and a table's token says nothing of the club's."""
    mac = hmac.new(club_token.encode("utf-8", "surrogatepass"),
                   b"belot-table:" + match_id.encode("utf-8"), hashlib.sha256)  # fmt: skip
    return base64.urlsafe_b64encode(mac.digest()).rstrip(b"=").decode("ascii")


def token_matches(token: str, stored_hash: str) -> bool:
    # Constant time, so response timing tells an attacker nothing about the hash.
    return hmac.compare_digest(hash_token(token), stored_hash)


def check_club_token(club: ClubRow, token: str | None) -> None:
    """Refused (token-missing, token-wrong) unless `token` is the club's edit token: a club's
    token changes the club, its players, its matches and its tournaments."""
    if not token:
        raise TokenMissing("token-missing", "token", "changing a club needs its edit token")
    if not token_matches(token, club.token_hash):
        raise TokenWrong("token-wrong", "token", "this is not the club's edit token")
