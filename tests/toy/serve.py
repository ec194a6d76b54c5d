"""The app with the toy game registered, served by uvicorn on 127.0.0.1:<port> (argv: port,
SQLite path), in a process of its own: the browser test of a registered game offline
(`tests/web/test_offline_toy.py`). The toy registers before any layer is built."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
importlib.import_module("toy_game")


def main_() -> None:
    import uvicorn

    from belot.app import create_app

    port, db = int(sys.argv[1]), sys.argv[2]
    uvicorn.run(create_app(f"sqlite:///{db}"), host="127.0.0.1", port=port, log_level="warning")


main_()
