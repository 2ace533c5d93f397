"""The PostgreSQL engine: a pool of psycopg connections to one server database, each with
Refkit's timeouts, and what the server's database holds before anything is changed in it.

Where SQLite waits ``busy_timeout`` for another program's lock, a server connection gets
``lock_timeout`` (how long a statement waits for a row or table lock another client holds) and
``statement_timeout`` (how long any one statement may run), so a stuck client never freezes the
window. The pool pings a connection before handing it out, so one the server dropped meanwhile
is replaced instead of failing the next step.

A schema change runs in one transaction (PostgreSQL's DDL is transactional) under an advisory
lock, so two clients starting at once never migrate the same database twice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any, Final

from sqlalchemy import Connection, Engine, Integer, Table, create_engine, event, text

from refkit.store.errors import NotADatabaseError
from refkit.store.postgresql.settings import STATEMENT_TIMEOUT_MS, VERSION_TABLE

MIGRATION_LOCK: Final = 0x5245464B  # "REFK": the advisory lock held while migrating

ServerConnectionHook = Callable[[Any], None]
"""Run on every new psycopg connection after Refkit's settings (a test hook)."""


def create_postgresql_engine(
    url: str,
    *,
    lock_timeout_ms: int,
    statement_timeout_ms: int = STATEMENT_TIMEOUT_MS,
    hook: ServerConnectionHook | None = None,
) -> Engine:
    """An engine on the server database ``url`` (``postgresql+psycopg://…``; its libpq options
    pass through to the driver). ``lock_timeout_ms`` plays the part of SQLite's busy timeout."""
    if lock_timeout_ms < 0 or statement_timeout_ms < 0:
        raise ValueError("timeouts must be 0 or more milliseconds")
    engine = create_engine(url, pool_pre_ping=True, hide_parameters=True)
    settings = partial(_apply_settings, int(lock_timeout_ms), int(statement_timeout_ms), hook)
    event.listen(engine, "connect", settings)
    return engine


def _apply_settings(
    lock_timeout_ms: int,
    statement_timeout_ms: int,
    hook: ServerConnectionHook | None,
    dbapi_connection: Any,
    _connection_record: object,
) -> None:
    # Session settings, committed at once so the pool's first transaction keeps them.
    with dbapi_connection.cursor() as cursor:
        cursor.execute(f"SET lock_timeout = {lock_timeout_ms}")
        cursor.execute(f"SET statement_timeout = {statement_timeout_ms}")
        cursor.execute("SET TIME ZONE 'UTC'")
    dbapi_connection.commit()
    if hook is not None:
        hook(dbapi_connection)


def read_server_state(engine: Engine, shown: str) -> tuple[bool, tuple[str, ...]]:
    """Whether the server database holds any table, and the schema revision(s) Refkit recorded
    in it: two small catalogue queries, nothing written.

    Raises NotADatabaseError when it holds tables of another program (tables, no Refkit record).
    """
    with engine.connect() as connection:
        tables = sorted(
            str(name)
            for (name,) in connection.execute(
                text(
                    "SELECT table_name FROM information_schema.tables"
                    " WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
                )
            )
        )
        revisions: tuple[str, ...] = ()
        if VERSION_TABLE in tables:
            rows = connection.execute(text(f"SELECT version_num FROM {VERSION_TABLE}"))
            revisions = tuple(sorted(str(row[0]) for row in rows))
    if tables and VERSION_TABLE not in tables:
        named = ", ".join(tables[:5]) + (", ..." if len(tables) > 5 else "")
        raise NotADatabaseError(
            f"{shown} holds tables of some other program ({named}), not a Refkit campaign; "
            "give an empty database or one Refkit made"
        )
    return bool(tables), revisions


@contextmanager
def server_schema_change(connection: Connection) -> Iterator[None]:
    """One transaction for a migration, under an advisory lock held until it ends: a second
    client starting meanwhile waits, then finds the schema up to date. Foreign keys are checked
    by the server as each statement runs, so nothing dangling can be committed."""
    with connection.begin():
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        yield


def reset_sequences(connection: Connection, tables: list[Table]) -> None:
    """After rows were inserted with their ids (a copied campaign), move each table's id
    sequence past the highest id, so the next row the app adds gets a new one."""
    for table in tables:
        for column in table.primary_key.columns:
            if not isinstance(column.type, Integer) or len(table.primary_key.columns) != 1:
                continue
            quote = connection.dialect.identifier_preparer.quote
            connection.execute(
                text(
                    "SELECT setval(pg_get_serial_sequence(:table, :column), COALESCE("
                    f"(SELECT MAX({quote(column.name)}) FROM {quote(table.name)}), 0) + 1, false)"
                ),
                {"table": quote(table.name), "column": column.name},
            )
