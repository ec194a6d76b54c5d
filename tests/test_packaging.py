"""The package as pip installs it (issue 18): every import declared, the wheel serves pages in
a fresh venv without extras, and `belot offline install` gives it the offline pack."""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner

from belot.cli import main
from belot.web.offline import pack
from support import answered, free_port

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "belot"


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _declared() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    deps = project["dependencies"]
    return {_normal(re.split(r"[\[<>=!~; ]", dep, maxsplit=1)[0]) for dep in deps}


def _optional(tree: ast.AST) -> set[int]:
    """Line numbers of imports inside `try: … except ImportError` (optional by design)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(
            isinstance(h.type, ast.Name) and h.type.id in ("ImportError", "ModuleNotFoundError")
            for h in node.handlers
        ):
            for inner in node.body:
                lines.update(n.lineno for n in ast.walk(inner) if hasattr(n, "lineno"))
    return lines


def test_every_runtime_import_is_a_declared_dependency() -> None:
    dists = packages_distributions()
    declared, missing = _declared(), []
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        optional = _optional(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            if node.lineno in optional:
                continue
            for name in names:
                top = name.split(".")[0]
                if top in sys.stdlib_module_names or top == "belot":
                    continue
                owners = {_normal(d) for d in dists.get(top, [top])}
                if not owners & declared:
                    missing.append(f"{path.relative_to(ROOT)}:{node.lineno} {top}")
    assert not missing, missing


def test_the_npm_lockfile_in_the_wheel_is_the_checkouts() -> None:
    for name in ("package.json", "package-lock.json"):
        assert (pack.NPM / name).read_bytes() == (ROOT / "vendor" / name).read_bytes(), name


FAKE_NPM = """#!{python}
import json, os, sys
from pathlib import Path
Path(os.environ["NPM_LOG"]).write_text(json.dumps({{"argv": sys.argv[1:], "cwd": os.getcwd(),
    "lock": Path("package-lock.json").is_file()}}))
if os.environ.get("NPM_FAIL"):
    print("npm ERR! sha512 integrity checksum failed", file=sys.stderr)
    sys.exit(1)
for name, version in json.loads(Path("package.json").read_text())["dependencies"].items():
    Path("node_modules", name).mkdir(parents=True)
    Path("node_modules", name, "package.json").write_text(json.dumps({{"version": version}}))
"""


def test_offline_install_runs_npm_ci_on_the_shipped_lockfile(tmp_path: Path) -> None:
    npm = tmp_path / "npm"
    npm.write_text(FAKE_NPM.format(python=sys.executable))
    npm.chmod(0o755)
    log, target = tmp_path / "npm.json", tmp_path / "data" / "node_modules"
    env = {"NPM_LOG": str(log)}
    runner = CliRunner()
    done = runner.invoke(main, ["offline", "install", "--dir", str(target), "--npm", str(npm)],
                         env=env)  # fmt: skip
    assert done.exit_code == 0, done.output
    called = json.loads(log.read_text())
    assert called["argv"][0] == "ci" and "--ignore-scripts" in called["argv"] and called["lock"]
    assert pack.installed(target)
    where = runner.invoke(main, ["offline", "where"], env={"BELOT_OFFLINE_VENDOR": str(target)})
    assert where.output.strip() == f"{target} (installed)"
    # A failed npm ci (an integrity hash that does not match): the error object, exit 2, and
    # the pack already there is left as it was.
    done = runner.invoke(main, ["offline", "install", "--dir", str(target), "--npm", str(npm)],
                         env={**env, "NPM_FAIL": "1"})  # fmt: skip
    assert done.exit_code == 2
    assert json.loads(done.output)["error"]["code"] == "npm-failed"
    assert "integrity" in json.loads(done.output)["error"]["message"]
    assert pack.installed(target)
    missing = runner.invoke(main, ["offline", "install", "--npm", str(tmp_path / "nope")])
    assert missing.exit_code == 2 and json.loads(missing.output)["error"]["code"] == "npm-missing"


def _pypi_reachable() -> bool:
    try:
        socket.create_connection(("pypi.org", 443), timeout=5).close()
    except OSError:
        return False
    return True


@pytest.mark.wheel
def test_the_wheel_installed_in_a_fresh_venv_serves_pages(tmp_path: Path) -> None:
    """`pip install belot` (no extras) then `belot serve`: it starts and answers a page, and
    with the offline pack named by BELOT_OFFLINE_VENDOR it serves the service worker."""
    if not _pypi_reachable():
        pytest.skip("PyPI is out of reach: the wheel's dependencies cannot be installed")
    # Built from a copy, so the checkout's build/ and egg-info are not touched.
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(ROOT / "src", source / "src", ignore=shutil.ignore_patterns("__pycache__"))
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "BELOT_MYPYC")}
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "wheel", "--no-deps", "--no-build-isolation", "-w", str(tmp_path),
                    str(source)], check=True, env=env, timeout=300)  # fmt: skip
    (wheel,) = tmp_path.glob("belot-*.whl")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    bin_ = venv / "bin"
    subprocess.run([str(bin_ / "pip"), "--disable-pip-version-check", "-q", "install",
                    str(wheel)], check=True, env=env, timeout=600)  # fmt: skip
    # No extras: what the dev extra brings is not there.
    probe = subprocess.run([str(bin_ / "python"), "-c", "import mypy_extensions"], env=env,
                           capture_output=True, check=False)  # fmt: skip
    assert probe.returncode != 0
    vendor = ROOT / "vendor" / "node_modules"
    served_env = {**env, "HOME": str(tmp_path)}
    if pack.installed(vendor):
        served_env["BELOT_OFFLINE_VENDOR"] = str(vendor)
    port = free_port()
    server = subprocess.Popen(
        [str(bin_ / "belot"), "serve", "--port", str(port),
         "--db", f"sqlite:///{tmp_path / 'belot.sqlite3'}"],
        env=served_env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        base = f"http://127.0.0.1:{port}"
        page = answered(f"{base}/?lang=en", server, 60, lambda r: True)  # any answer: it started
        assert server.poll() is None, server.stdout.read().decode() if server.stdout else ""
        assert page is not None, "belot serve did not start"
        assert page.status_code == 200 and "<html" in page.text
        created = httpx.post(f"{base}/api/v1/matches", json={"game": "belot"}, timeout=5)
        assert created.status_code == 201
        if "BELOT_OFFLINE_VENDOR" in served_env:
            assert httpx.get(f"{base}/sw.js", timeout=5).status_code == 200
    finally:
        server.terminate()
        server.wait(timeout=15)
