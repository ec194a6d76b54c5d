"""Which database a URL, a path or the environment selects."""

from __future__ import annotations

from pathlib import Path

import pytest

from belot.app import Config, create_app
from belot.store.engine import normalise_url


def test_postgresql_urls_use_psycopg_3() -> None:
    for given in ("postgresql://u:p@h:5/db", "postgres://u:p@h:5/db"):
        url = normalise_url(given)
        assert (url.drivername, url.host, url.port, url.database) == (
            "postgresql+psycopg",
            "h",
            5,
            "db",
        )


def test_a_bare_path_is_an_sqlite_file() -> None:
    url = normalise_url("some/dir/m.sqlite3")
    assert (url.get_backend_name(), url.database) == ("sqlite", "some/dir/m.sqlite3")


def test_the_environment_then_a_local_file_are_the_defaults(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("BELOT_DATABASE_URL", raising=False)
    assert Config().database_url == "sqlite:///belot.sqlite3"
    url = f"sqlite:///{tmp_path / 'env.sqlite3'}"
    monkeypatch.setenv("BELOT_DATABASE_URL", url)
    assert Config().database_url == url
    app = create_app()
    assert app.state.store.url == url and (tmp_path / "env.sqlite3").exists()
    app.state.store.close()


def test_an_in_memory_sqlite_is_refused() -> None:
    with pytest.raises(ValueError, match="file"):
        create_app(Config(database_url="sqlite://"))
