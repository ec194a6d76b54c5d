"""Edit tokens: the secret that allows changing a match. Only a hash of it is ever stored."""

from __future__ import annotations

import hashlib
import hmac
import secrets

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


def token_matches(token: str, stored_hash: str) -> bool:
    # Constant time, so response timing tells an attacker nothing about the hash.
    return hmac.compare_digest(hash_token(token), stored_hash)
