"""One exception type for every input no real deal can produce."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

_C = TypeVar("_C")

try:  # mypyc reads this decorator when it compiles the core; it does nothing at run time
    from mypy_extensions import mypyc_attr as mypyc_attr
except ImportError:  # so the pure core needs no third-party package

    def mypyc_attr(*flags: str, **settings: Any) -> Callable[[_C], _C]:  # type: ignore[misc]
        return lambda cls: cls


# Other layers refine it (the store's errors): a compiled core must let them.
@mypyc_attr(allow_interpreted_subclasses=True)
class BelotError(ValueError):
    """A refused input: a stable `code`, the dotted `field` at fault, a player-readable message.

    `params` holds the names and numbers the message mentions, so a page can say the same
    thing in its own language from the code alone.
    """

    def __init__(self, code: str, field: str | None, message: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.field = field
        self.message = message
        self.params = params

    def within(self, prefix: str) -> BelotError:
        """The same error, its field placed under `prefix` (e.g. a deal inside a match)."""
        field = prefix if self.field is None else f"{prefix}.{self.field}"
        return BelotError(self.code, field, self.message, **self.params)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.field!r}, {self.message!r})"


def error_json(err: BelotError) -> dict[str, Any]:
    """CONTRACT.md §3: the one error object, `{"error": {"code", "field", "message"}}`, that
    every front end answers a refusal with (the API and the middleware's refusals, the
    command line); built here only."""
    return {"error": {"code": err.code, "field": err.field, "message": err.message}}


_SAID_LIMIT = 10**12


def said(number: int) -> str:
    """A number as a message may quote it: absurd ones by their size only.

    A message repeats what was sent; past a dozen digits that helps nobody, and past 4,300
    digits Python cannot even write it (`str` raises), which would turn a refusal into a crash.
    """
    if -_SAID_LIMIT < number < _SAID_LIMIT:
        return str(number)
    return "an absurdly large number" if number > 0 else "an absurdly small number"
