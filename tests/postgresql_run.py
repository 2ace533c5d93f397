"""Running the store, app and command-line suites on PostgreSQL as well as on SQLite.

``pytest --postgresql URL tests/store tests/app tests/cli`` takes a server login that may create
databases (for instance ``postgresql://refkit:secret@127.0.0.1:55432/postgres``). Each test then
runs against fresh databases on that server: every SQLite file or in-memory database a test opens
through Refkit is put on a database of its own, created from a template migrated once per run
(``CREATE DATABASE … TEMPLATE``: some 0.1 s), and dropped after the test. The test's default
database (``REFKIT_DATABASE_URL``) is one of them, so commands run as subprocesses use it too.

Tests about files (backups, damaged files, the sqlite3 quick path, file permissions) are marked
``sqlite_only`` and are left out of such a run.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

TEMPLATE = f"refkit_test_template_{os.getpid()}"
_counter = itertools.count(1)


def server_url(config: pytest.Config) -> str | None:
    """The server login given by ``--postgresql``, or None (not given, or given empty)."""
    given = config.getoption("--postgresql")
    return given.strip() or None if given is not None else None


class ServerForTests:
    """Fresh databases on one server for one pytest run."""

    def __init__(self, url: str) -> None:
        from sqlalchemy.engine import make_url

        self._admin = make_url(url).set(drivername="postgresql")
        self.created: list[str] = []

    def url_of(self, name: str) -> str:
        return self._admin.set(database=name).render_as_string(hide_password=False)

    def _execute(self, *statements: str) -> None:
        import psycopg

        conninfo = self._admin.render_as_string(hide_password=False)
        with psycopg.connect(conninfo, autocommit=True) as connection:
            for statement in statements:
                connection.execute(statement)  # type: ignore[arg-type]

    def make_template(self) -> None:
        from refkit.store.database import Database

        self._execute(f"DROP DATABASE IF EXISTS {TEMPLATE}", f"CREATE DATABASE {TEMPLATE}")
        Database.open(self.url_of(TEMPLATE)).close()

    def fresh(self) -> str:
        name = f"refkit_test_{os.getpid()}_{next(_counter)}"
        self._execute(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE}")
        self.created.append(name)
        return self.url_of(name)

    def fresh_empty(self) -> str:
        """A new database with nothing in it (not from the template)."""
        name = f"refkit_test_{os.getpid()}_{next(_counter)}"
        self._execute(f"CREATE DATABASE {name} TEMPLATE template0")
        self.created.append(name)
        return self.url_of(name)

    def drop_connections_to(self, url: str) -> None:
        """End every session on the database of ``url``, as a server restart would."""
        from sqlalchemy.engine import make_url

        name = make_url(url).database
        self._execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            f" WHERE datname = '{name}' AND pid <> pg_backend_pid()"
        )

    def drop_created(self) -> None:
        names, self.created = self.created, []
        self._execute(*(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)" for name in names))

    def drop_template(self) -> None:
        self._execute(f"DROP DATABASE IF EXISTS {TEMPLATE} WITH (FORCE)")


def on_server_resolver(
    server: ServerForTests, real: Callable[[str | None], str]
) -> Callable[[str | None], str]:
    """``resolve_database_url`` for a run on the server: a file (or memory) a test names is put
    on a database of its own, the same one each time the same file is named."""
    placed: dict[str, str] = {}

    def resolve(url: str | None = None) -> str:
        resolved = real(url)
        if not resolved.startswith("sqlite"):
            return resolved
        if resolved == "sqlite://":
            return server.fresh()
        if resolved not in placed:
            placed[resolved] = server.fresh()
        return placed[resolved]

    return resolve


def on_server(server: ServerForTests, monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> Iterator[str]:
    """Put the test's databases on ``server``; yields its default database's URL."""
    import refkit.store.database
    import refkit.store.location

    real = refkit.store.location.resolve_database_url
    resolver = on_server_resolver(server, real)
    monkeypatch.setattr(refkit.store.location, "resolve_database_url", resolver)
    monkeypatch.setattr(refkit.store.database, "resolve_database_url", resolver)
    default = resolver(str(data_dir / "refkit.sqlite3"))
    monkeypatch.setenv("REFKIT_DATABASE_URL", default)
    try:
        yield default
    finally:
        server.drop_created()
