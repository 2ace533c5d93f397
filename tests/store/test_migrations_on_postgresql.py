"""Migrations on both dialects: every migration (and every one added later) runs on PostgreSQL and
builds exactly the tables the models describe, back down and up again; and no migration holds SQL
that only SQLite understands."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlmodel import SQLModel

from refkit.store.database import Database
from refkit.store.migrations import SCRIPT_LOCATION
from tests.postgresql_run import ServerForTests

TABLE_MODULES = (
    "tables",
    "character_tables",
    "dungeon_tables",
    "combat_tables",
    "crafting_tables",
    "spell_tables",
    "state_tables",
)

SQLITE_ONLY = {
    r"\bINSERT\s+OR\s+(REPLACE|IGNORE|ABORT|FAIL|ROLLBACK)\b": "INSERT OR … (use DELETE + INSERT)",
    r"\bREPLACE\s+INTO\b": "REPLACE INTO",
    r"\bPRAGMA\b": "PRAGMA",
    r"\bsqlite_(master|schema|sequence)\b": "SQLite's own tables",
    r"\bAUTOINCREMENT\b": "AUTOINCREMENT",
    r"\browid\b": "rowid",
    r"\b(json_extract|json_each|json_set|json_group_array|ifnull|typeof|glob)\s*\(": "a function "
    "only SQLite has",
    r"\b(datetime|strftime|julianday)\s*\(\s*'": "SQLite's date functions",
    r"\bsqlalchemy\.dialects\.sqlite\b|\bdialects\s+import\s+sqlite\b": "SQLite's dialect",
    r"\bsqlite3\b": "the sqlite3 module",
}


def _versions() -> list[Path]:
    return sorted((SCRIPT_LOCATION / "versions").glob("*.py"))


def test_the_scan_finds_each_kind_of_sqlite_only_sql() -> None:
    # The patterns below must each catch what they are for (a scan that finds nothing proves
    # nothing).
    samples = [
        "INSERT OR REPLACE INTO app_meta",
        "REPLACE INTO x",
        "PRAGMA foreign_keys=OFF",
        "SELECT name FROM sqlite_master",
        "id INTEGER PRIMARY KEY AUTOINCREMENT",
        "SELECT rowid FROM t",
        "json_extract(payload, '$.name')",
        "datetime('now')",
        "from sqlalchemy.dialects.sqlite import insert",
        "import sqlite3",
    ]
    for sample in samples:
        assert any(re.search(p, sample, re.IGNORECASE) for p in SQLITE_ONLY), sample


@pytest.mark.parametrize("script", _versions(), ids=lambda path: path.name)
def test_no_migration_holds_sql_only_sqlite_understands(script: Path) -> None:
    text = script.read_text(encoding="utf-8")
    found = [
        f"{what} (line {text[: match.start()].count(chr(10)) + 1})"
        for pattern, what in SQLITE_ONLY.items()
        for match in re.finditer(pattern, text, re.IGNORECASE)
    ]
    assert found == [], f"{script.name} would not run on PostgreSQL: {', '.join(found)}"


@pytest.fixture
def empty_url(test_server: ServerForTests | None) -> str:
    if test_server is None:
        pytest.skip("needs a PostgreSQL server: pytest --postgresql URL")
    return test_server.fresh_empty()


def _differences(db: Database) -> list[object]:
    for module in TABLE_MODULES:
        importlib.import_module(f"refkit.store.{module}")
    with db.engine.connect() as connection:
        return list(compare_metadata(MigrationContext.configure(connection), SQLModel.metadata))


def test_migrations_build_exactly_the_tables_the_models_describe_on_postgresql(
    empty_url: str,
) -> None:
    with Database.open(empty_url) as db:
        assert db.migrated
        assert _differences(db) == []


def test_every_migration_goes_down_and_up_again_on_postgresql(empty_url: str) -> None:
    from sqlalchemy import text

    from refkit.app.character_service import CharacterService
    from refkit.store.character_store import CharacterRepository

    with Database.open(empty_url) as db:
        crows = CharacterService(CharacterRepository(db)).list_characters()  # the sample party
        with db.engine.begin() as connection:  # a waiting wound, which 0004 carries down
            connection.execute(
                text(
                    "INSERT INTO wound_prompt (character_id, to_place, to_heal, revision)"
                    " SELECT id, 1, 0, 1 FROM character ORDER BY id LIMIT 1"
                )
            )
        config = Config()
        config.set_main_option("script_location", str(SCRIPT_LOCATION))
        config.set_main_option("path_separator", "os")
        with db.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "base")
            command.upgrade(config, "head")
        assert _differences(db) == []
        assert crows
