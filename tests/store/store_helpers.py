"""Peeking at SQLite files with plain sqlite3, behind Refkit's back."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlmodel import Session

from refkit.store.migrations import SCRIPT_LOCATION


def sqlite_rows(path: Path, query: str) -> list[tuple[object, ...]]:
    """Run ``query`` on the file with plain sqlite3 (read-only) and return the rows."""
    connection = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        return connection.execute(query).fetchall()
    finally:
        connection.close()


def table_names(path: Path) -> set[str]:
    return {str(row[0]) for row in sqlite_rows(path, "SELECT name FROM sqlite_master")}


def make_base_state_file(path: Path) -> None:
    """A Refkit database at Alembic's 'base': the version table exists but records nothing."""
    connection = sqlite3.connect(path)
    try:
        connection.execute(
            "CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL PRIMARY KEY)"
        )
        connection.commit()
    finally:
        connection.close()


def stamp(path: Path, revision: str) -> None:
    """Overwrite the revision recorded in the file, as a different Refkit version would have."""
    connection = sqlite3.connect(path)
    try:
        connection.execute("DELETE FROM alembic_version")
        connection.execute("INSERT INTO alembic_version VALUES (?)", (revision,))
        connection.commit()
    finally:
        connection.close()


def run_sql(session: Session, query: str, **params: object) -> list[tuple[object, ...]]:
    """Run raw SQL inside a Refkit session; returns the rows (none for statements without)."""
    result = session.connection().execute(text(query), params)
    return [tuple(row) for row in result] if result.returns_rows else []


def alembic_heads(script_location: Path = SCRIPT_LOCATION) -> list[str]:
    """The head revisions as Alembic itself computes them."""
    config = Config()
    config.set_main_option("script_location", str(script_location))
    config.set_main_option("path_separator", "os")
    return list(ScriptDirectory.from_config(config).get_heads())


def current_head() -> str:
    (head,) = alembic_heads()
    return head
