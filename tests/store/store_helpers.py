"""Peeking at SQLite files with plain sqlite3, behind Refkit's back."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlmodel import Session

from refkit.app.sample_content import SAMPLE_PARTY_NAME, SEEDED_FLAG, sample_characters
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from refkit.store.migrations import SCRIPT_LOCATION
from refkit.store.row_forms import name_key


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


def seed_old_sample(db: Database) -> None:
    """The sample crows and their party as a Refkit before migration 0011 seeded them: the
    tests that build a database at an older revision cannot write a party through today's
    model (its ``version`` column is not there yet)."""
    repository = CharacterRepository(db)
    crows = sample_characters()
    for crow in crows:
        repository.create(crow)
    with db.session() as session:
        run_sql(
            session,
            "INSERT INTO party (name, name_key) VALUES (:name, :key)",
            name=SAMPLE_PARTY_NAME,
            key=name_key(SAMPLE_PARTY_NAME),
        )
        for position, crow in enumerate(crows):
            run_sql(
                session,
                "INSERT INTO party_member (party_id, character_id, position)"
                " SELECT party.id, character.id, :position FROM party, character"
                " WHERE party.name_key = :party AND character.name_key = :crow",
                position=position,
                party=name_key(SAMPLE_PARTY_NAME),
                crow=name_key(crow.name),
            )
    repository.set_meta(SEEDED_FLAG, "1")
