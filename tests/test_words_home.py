"""Words in one home (issue 24): the command line and the words package never import the
pages, and the core holds no translations."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import belot
from belot.core.games import GAMES
from belot.core.rules_base import Rules
from belot.core.switches import Switch
from belot.words import results

SRC = Path(belot.__file__).parent
# The two commands that serve or pack the web app itself.
CLI_SERVING_THE_PAGES = {"serve.py", "offline.py"}
LANG_CODES = {"bg", "ar", "en"}


def _modules(package: str) -> Iterator[Path]:
    yield from sorted((SRC / package).rglob("*.py"))


def _imported(path: Path) -> Iterator[str]:
    """Every module `path` imports, at any depth (a function's own import too)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module
            yield from (f"{node.module}.{alias.name}" for alias in node.names)


def _reaches(name: str, layer: str) -> bool:
    return name == layer or name.startswith(f"{layer}.")


def test_the_command_line_and_the_words_never_import_the_pages() -> None:
    found = []
    for package, allowed in (("cli", CLI_SERVING_THE_PAGES), ("words", set())):
        for path in _modules(package):
            if path.name in allowed:
                continue
            found += [(path.name, n) for n in _imported(path) if _reaches(n, "belot.web")]
    assert found == []


def test_the_words_import_the_core_only_of_belot() -> None:
    others = ("belot.web", "belot.cli", "belot.store", "belot.api", "belot.http", "belot.app")
    found = [
        (path.name, n)
        for path in _modules("words")
        for n in _imported(path)
        if any(_reaches(n, layer) for layer in others)
    ]
    assert found == []


def _word_dicts(path: Path) -> Iterator[int]:
    """Lines of dict literals keyed by language codes ({"bg": …, "ar": …, "en": …})."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            if keys >= LANG_CODES:
                yield node.lineno


def test_the_core_holds_no_translations() -> None:
    found = [(path.name, line) for path in _modules("core") for line in _word_dicts(path)]
    assert found == []
    for info in GAMES.values():  # nor any of its objects, built however
        items: tuple[Rules | Switch, ...] = (*info.presets, *info.switches)
        for item in items:
            assert item.words is None or info.scores is not None, item.name


def test_the_words_name_no_game() -> None:
    """Each game's explanation is found by its declared family, never by its name."""
    text = (SRC / "words" / "results.py").read_text(encoding="utf-8")
    tree = ast.parse(text)
    named = [
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "Game"
    ]
    assert named == []
    # a step's own field may share a game's word (a Baloot team step's `baloot` points)
    keys = {id(n.slice) for n in ast.walk(tree) if isinstance(n, ast.Subscript)}
    strings = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and id(n) not in keys}
    assert strings.isdisjoint(info.name for info in GAMES.values())
    for info in GAMES.values():
        if info.scores is None:  # each of the core's own games has words for its family
            assert info.family in results.EXPLAINED, info.name
