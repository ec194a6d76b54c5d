"""Issue 23, "the same result on every machine": `make test` derives every property test's
examples from the test itself (Hypothesis's `ci` profile, tests/conftest.py), `make fuzz`
explores every property test file, and the venv is installed from requirements/dev.lock, which
pins, with hashes, a version inside each of pyproject.toml's ranges (docs/testing.md)."""

from __future__ import annotations

import os
import re
import subprocess
import tomllib
from pathlib import Path

from hypothesis import settings
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "requirements" / "dev.lock"
MAKEFILE = (ROOT / "Makefile").read_text()


def _pins() -> dict[str, tuple[str, int]]:
    """Each locked package: its version and how many file hashes it has."""
    pins: dict[str, tuple[str, int]] = {}
    current = ""
    for line in LOCK.read_text().splitlines():
        pinned = re.match(r"^([A-Za-z0-9._-]+)==(\S+) \\$", line)
        if pinned:
            current = canonicalize_name(pinned.group(1))
            pins[current] = (pinned.group(2), 0)
        elif re.match(r"^\s+--hash=sha256:[0-9a-f]{64}", line):
            version, hashes = pins[current]
            pins[current] = (version, hashes + 1)
        else:
            assert not line or line.startswith(("#", " ")), f"not pinned with hashes: {line}"
    return pins


def test_the_profile_is_derandomised_unless_asked_to_fuzz() -> None:
    asked = os.environ.get("BELOT_HYPOTHESIS_PROFILE", "ci")
    assert settings.get_current_profile_name() == asked
    ci = settings.get_profile("ci")
    assert ci.derandomize and ci.database is None and ci.print_blob and ci.deadline is None
    fuzz = settings.get_profile("fuzz")
    assert not fuzz.derandomize and fuzz.database is not None
    assert fuzz.max_examples > ci.max_examples
    assert "BELOT_HYPOTHESIS_PROFILE=ci $(BIN)/pytest" in MAKEFILE


def test_no_property_test_overrides_the_profiles_derivation() -> None:
    """A test's own settings leave the derivation (and the example database) to the profile,
    and no input is drawn from an unseeded random source."""
    for path in (ROOT / "tests").rglob("*.py"):
        if path.name == "conftest.py" or path == Path(__file__).resolve():
            continue  # the profiles themselves; this test
        text = path.read_text()
        for word in ("derandomize=", "database=", "use_true_random=True", "@seed(", "secrets."):
            assert word not in text, (path, word)


def test_make_fuzz_explores_every_property_test_file_and_no_browser_test() -> None:
    command = subprocess.run(
        ["make", "--no-print-directory", "-n", "fuzz", "SEED=1"],
        cwd=ROOT, capture_output=True, text=True, check=True, timeout=60,
    ).stdout  # fmt: skip
    listed = {word for word in command.split() if word.startswith("tests/")}
    using = {
        str(p.relative_to(ROOT))
        for p in (ROOT / "tests").rglob("test_*.py")
        if re.search(r"^\s*@given\(", p.read_text(), re.MULTILINE)
    }
    assert "--hypothesis-seed=1" in command and "BELOT_HYPOTHESIS_PROFILE=fuzz" in command
    assert using == listed and "tests/api/test_fuzz.py" in listed
    for path in listed:
        text = (ROOT / path).read_text()
        assert "mark.browser" not in text and "playwright" not in text, path


def test_the_lock_pins_every_dependency_inside_its_range_with_hashes() -> None:
    pins = _pins()
    assert all(hashes >= 1 for _, hashes in pins.values())
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    wanted = [*project["project"]["dependencies"]]
    wanted += project["project"]["optional-dependencies"]["dev"]
    wanted += project["build-system"]["requires"]
    for line in wanted:
        req = Requirement(line)
        if req.marker is not None and not req.marker.evaluate():
            continue
        name = canonicalize_name(req.name)
        assert name in pins, f"{name} is not in the lock: make lock LOCK_FLAGS="
        assert req.specifier.contains(pins[name][0], prereleases=True), (name, pins[name])
    assert "pip" in pins and "setuptools" in pins  # the install step's own tools
    assert "--require-hashes -r $(LOCK)" in MAKEFILE
    assert "--no-deps --no-build-isolation -e ." in MAKEFILE
