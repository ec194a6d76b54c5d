"""Logs without secrets: an edit token in an address is blanked before any handler sees it.

Edit links carry the token after `#`, which no server sees; an old link's `?token=…` still
reaches the server, and uvicorn's access log would write it down. `RedactSecrets` rewrites the
record itself (its message and arguments), so every handler, file or console, gets it blanked.
Nothing logs request headers, so `Authorization: Bearer …` never reaches a log either.
"""

from __future__ import annotations

import copy
import logging
import re
import unicodedata
from typing import Any
from urllib.parse import unquote_plus

from uvicorn.config import LOGGING_CONFIG

# A query string in a log line (an address's `?…`, up to a space, quote or `#`). A parameter
# whose name holds "token", however it is spelled, is a secret (issue 32: `?token%00=…` and
# `?+token=…` reached the log in clear: the app reads neither as `token`, but a client that
# sent one meant the edit token all the same).
_QUERY = re.compile(r"\?([^\s\"#]*)")
_SECRET = "token"
REDACTED = "[redacted]"


def _decoded(name: str) -> str:
    """A parameter's name as the app reads it (`%74oken` → `token`, `+` → space), decoded
    until it no longer changes (a doubly encoded name too), in lower case."""
    for _ in range(5):
        plain = unquote_plus(name)
        if plain == name:
            break
        name = plain
    return name.lower()


def _is_secret(name: str) -> bool:
    """Whether a parameter's name holds "token" once decoded (`%74oken`, doubly encoded),
    folded to its plain letters (`ＴＯＫＥＮ`, `ťoken`: NFKD, any case) and stripped of
    everything but letters and digits (accents, `token%00`, `+token`, `to%E2%80%8Bken`,
    `access_token`, `xtoken`): blanking one value too many costs nothing, one too few leaks
    an edit token."""
    folded = unicodedata.normalize("NFKD", _decoded(name)).casefold()
    return _SECRET in "".join(c for c in folded if c.isalnum())


def _redact_query(found: re.Match[str]) -> str:
    parts = re.split(r"([&;])", found.group(1))
    for i in range(0, len(parts), 2):
        name, sep, _value = parts[i].partition("=")
        if _is_secret(name):
            # no `=`: the whole part is the name (`token%3D…` is read as a name holding it)
            parts[i] = f"{name}={REDACTED}" if sep else REDACTED
    return "?" + "".join(parts)


def redact(text: str) -> str:
    """`text` with the value of every secret query parameter blanked, however its name is
    spelled (`token`, `TOKEN`, `%74oken`, `access_token`, `token%00`, `+token`)."""
    if "?" not in text and "=" in text and not any(c.isspace() for c in text):
        return _QUERY.sub(_redact_query, "?" + text)[1:]  # a bare query string
    return _QUERY.sub(_redact_query, text)


class RedactSecrets(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            args = record.args.items()
            record.args = {k: redact(v) if isinstance(v, str) else v for k, v in args}
        return True


def log_config() -> dict[str, Any]:
    """uvicorn's own logging setup, with the filter on its access and error loggers."""
    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact_secrets"] = {"()": f"{__name__}.RedactSecrets"}
    for name in ("uvicorn.access", "uvicorn.error"):
        config["loggers"].setdefault(name, {})["filters"] = ["redact_secrets"]
    return config
