"""A game lives in its own files (issue 31): every other module asks the registry
(`belot.core.games`) instead of naming a game or dispatching on a game's classes."""

from __future__ import annotations

import re
from pathlib import Path

from belot.core.games import GAMES

SRC = Path(__file__).resolve().parents[1] / "src" / "belot"
GAMES_DIR = SRC / "core" / "games"
# The lookup tables of the common deal (`plain`, `french_deal`) are built per rules class at
# import: table construction, not a deal's dispatch (docs/architecture.md, "What is left").
TABLES = {SRC / "core" / "plain.py", SRC / "core" / "french_deal.py"}
# Each game's own classes: its rules (presets), its deal's values and fast tuples.
GAME_CLASSES = (
    "BelotRules", "Bulgarian", "BulgarianSixUp", "BalootRules", "FrenchRules", "FrenchBelote",
    "Coinche", "Contree", "Croatian", "Rotterdam", "Amsterdam", "BelotDeal", "BelotFields",
    "BalootRound", "BalootFields", "FrenchDeal", "FrenchFields",
)  # fmt: skip
ISINSTANCE = re.compile(r"isinstance\([^,]+,\s*\(?([^)]*)\)")


def sources(*skip: Path) -> list[Path]:
    return [p for p in sorted(SRC.rglob("*.py")) if not any(p == s or s in p.parents for s in skip)]


def test_no_module_outside_a_game_dispatches_on_its_classes() -> None:
    found = []
    for path in sources(GAMES_DIR, *TABLES):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for match in ISINSTANCE.finditer(line):
                named = {c.strip() for c in match.group(1).split(",")}
                if named & set(GAME_CLASSES):
                    found.append(f"{path.relative_to(SRC)}:{n}: {line.strip()}")
    assert found == []


def test_no_module_outside_the_core_names_a_game() -> None:
    members = "|".join(info.game.name for info in GAMES.values())
    names = "|".join(re.escape(info.name) for info in GAMES.values())
    # `Game.BELOT`, or a comparison with a game's name (`game == "coinche"`)
    named = re.compile(rf"Game\.({members})\b|(==|!=|\bin)\s*[\"']({names})[\"']")
    found = []
    for path in sources(SRC / "core"):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if named.search(line):
                found.append(f"{path.relative_to(SRC)}:{n}: {line.strip()}")
    assert found == []


def test_the_test_finds_what_it_looks_for() -> None:
    """The patterns above catch the shapes they are for (a test that cannot fail is none)."""
    line = "if isinstance(preset, (BelotRules, BalootRules)):"
    assert {c.strip() for c in ISINSTANCE.findall(line)[0].split(",")} == {
        "BelotRules",
        "BalootRules",
    }
    members = "|".join(info.game.name for info in GAMES.values())
    assert re.search(rf"Game\.({members})\b", "x = Game.KLAVERJAS")
