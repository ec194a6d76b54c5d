"""Build hook for the optional compiled core (issue 12), the way black and mypy ship.

`BELOT_MYPYC=1 pip wheel --no-build-isolation .` (or `make wheel`) compiles the scoring core
(`belot.core`) with mypyc when a C compiler is present; without the variable or the compiler
the package is the same pure-Python one. Everything else is in pyproject.toml.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from setuptools import setup

ext_modules = []
if os.environ.get("BELOT_MYPYC") == "1" and shutil.which(os.environ.get("CC", "cc")):
    from mypyc.build import mypycify

    # `fields.py` is the declaration of a deal's shape, read once at import by the other
    # layers: nothing in it is hot, and mypyc cannot build its dataclass (an `object` field).
    # `register.py` runs once as a game joins, and mypyc crashes on it (a segfault).
    interpreted = ("fields.py", "register.py")
    core = sorted(str(p) for p in Path("src/belot/core").glob("*.py") if p.name not in interpreted)
    # The games' own modules too (their fast paths are hot); the registry and the base class
    # stay interpreted: they run as a game joins, and a game from outside subclasses CardGame.
    registry = ("__init__.py", "card_game.py")
    games = Path("src/belot/core/games").glob("*.py")
    core += sorted(str(p) for p in games if p.name not in registry)
    ext_modules = mypycify(core, opt_level="3")

setup(ext_modules=ext_modules)
