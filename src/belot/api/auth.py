"""Who asks: the edit token a change carries as `Authorization: Bearer …` (CONTRACT.md §5).

One scheme for every route that changes something (a match's token, or its club's for a club,
its players, its matches and its tournaments); the store checks the token itself.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

bearer = HTTPBearer(auto_error=False, description="the match's edit token")

Token = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]


def token_of(credentials: HTTPAuthorizationCredentials | None) -> str | None:
    """The token sent, or None when the request carries none (the store says token-missing)."""
    return None if credentials is None else credentials.credentials
