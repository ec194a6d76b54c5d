"""The games registered from outside the core (`belot.core.register`), on the device.

The pack (`pack.registered_members`) writes the modules that registered them into the zip,
and their import names into `registered.json` beside this file. The engine's worker
(`engine.js`) calls `load` before it imports the engine: each module registers its game in
Pyodide as it did on the server, before any of the pages' modules reads the registry (the
forms' specs, the words, the engine's own tables are built when imported).
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path

REGISTERED = Path(__file__).with_name("registered.json")  # written into the zip only


def load() -> list[str]:
    """Import each registering module the zip lists (none on the server); their names."""
    try:
        names = json.loads(REGISTERED.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    for name in names:
        importlib.import_module(name)
    return [str(name) for name in names]
