"""Shared fixtures: the app on a throwaway database, a client, a CLI runner, live servers.

`db_url` is an SQLite file by default; `tests/api` and `tests/store` parametrize it over SQLite
and a real PostgreSQL 15 cluster, started once per test process (each pytest-xdist worker has
its own) in a temporary directory with the machine's `initdb` / `pg_ctl`, and stopped at the end.

The Hypothesis profile (docs/testing.md) is chosen here, before any test module makes its
`settings(...)`: `ci` by default, derandomised, so one commit passes or fails the same way on
every machine; `fuzz` (`make fuzz`, `BELOT_HYPOTHESIS_PROFILE=fuzz`) explores with fresh seeds.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from hypothesis.database import DirectoryBasedExampleDatabase

from belot.app import Config, create_app
from support import FUZZ_EXAMPLES, PostgresCluster, free_port, pg_tool, serving

# `ci`: each test's examples are derived from the test itself (derandomize), nothing is read
# from or saved to an example database, no timing decides anything (no deadline, no too-slow
# health check), and a failure prints the blob that replays it (@reproduce_failure).
settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    print_blob=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
# `fuzz`: fresh random seeds (or `--hypothesis-seed`), FUZZ_EXAMPLES / 100 times the examples
# (support.examples), failures kept in .hypothesis/examples and replayed first next time.
settings.register_profile(
    "fuzz",
    derandomize=False,
    database=DirectoryBasedExampleDatabase(Path(__file__).parent.parent / ".hypothesis/examples"),
    print_blob=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    max_examples=FUZZ_EXAMPLES,
)
settings.load_profile(os.environ.get("BELOT_HYPOTHESIS_PROFILE", "ci"))

# The suite's apps (and the servers it starts) count no request rate, and answer TestClient's
# `testserver` as well as the loopback names; the tests of those guards turn them on.
os.environ["BELOT_RATE_LIMIT"] = "0"
os.environ["BELOT_ALLOWED_HOSTS"] = "localhost,127.0.0.1,::1,testserver"


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresCluster]:
    """A throwaway PostgreSQL cluster for this test process."""
    initdb, pg_ctl = pg_tool("initdb"), pg_tool("pg_ctl")
    # initdb refuses to run as root: run the cluster as the `postgres` system user then.
    as_owner: list[str] = []
    base = Path(tempfile.mkdtemp(prefix="belot-pg-"))
    if os.geteuid() == 0:
        owner = pwd.getpwnam("postgres")
        os.chown(base, owner.pw_uid, owner.pw_gid)
        as_owner = ["runuser", "-u", "postgres", "--"]
    data, port = base / "data", free_port()
    _stop_orphans(pg_ctl, as_owner)
    (base / "owner").write_text(str(os.getpid()))

    def run(*command: str) -> None:
        done = subprocess.run([*as_owner, *command], capture_output=True, text=True, timeout=60)
        if done.returncode != 0:
            log = base / "log"
            server_log = log.read_text() if log.exists() else ""
            pytest.fail(f"{command[0]} failed: {done.stderr}{done.stdout}{server_log}")

    run(initdb, "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C",
        "--no-sync")  # fmt: skip
    # fsync off: the cluster is thrown away; the durability test kills the app, not PostgreSQL.
    options = (
        f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
    )
    run(pg_ctl, "-D", str(data), "-l", str(base / "log"), "-w", "-o", options, "start")
    try:
        yield PostgresCluster("127.0.0.1", port)
    finally:
        subprocess.run(
            [*as_owner, pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"],
            capture_output=True,
            timeout=60,
            check=False,
        )
        shutil.rmtree(base, ignore_errors=True)


def _stop_orphans(pg_ctl: str, as_owner: list[str]) -> None:
    """Stop clusters left behind by test runs that died before their teardown (killed)."""
    for owner_file in Path(tempfile.gettempdir()).glob("belot-pg-*/owner"):
        try:
            os.kill(int(owner_file.read_text()), 0)
            continue  # its test run is still going
        except ProcessLookupError:
            pass
        except (ValueError, OSError):
            continue
        base = owner_file.parent
        subprocess.run(
            [*as_owner, pg_ctl, "-D", str(base / "data"), "-m", "immediate", "-w", "stop"],
            capture_output=True,
            timeout=60,
            check=False,
        )
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'belot.sqlite3'}"


@pytest.fixture
def db_url(sqlite_url: str) -> str:
    """The database under test; overridden with both databases in tests/api and tests/store."""
    return sqlite_url


@pytest.fixture
def app(db_url: str) -> Iterator[FastAPI]:
    application = create_app(Config(database_url=db_url))
    yield application
    application.state.store.close()


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def live_url(app: FastAPI) -> Iterator[str]:
    with serving(app) as url:
        yield url
