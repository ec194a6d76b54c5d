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
from typing import Any

from uvicorn.config import LOGGING_CONFIG

# `token=…` (and `access_token=…`) in a query string, up to the next separator.
_SECRET_QUERY = re.compile(r"((?:^|[?&;])(?:access_)?token=)[^&;#\s\"]*", re.IGNORECASE)
REDACTED = "[redacted]"


def redact(text: str) -> str:
    return _SECRET_QUERY.sub(rf"\g<1>{REDACTED}", text)


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
