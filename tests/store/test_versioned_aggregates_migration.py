"""Migration 0011: a database from the previous Refkit keeps every party, member, custom item,
creature, spell and rollable table exactly as stored, each now at version 1; the app reads and
saves them on that version; downgrade takes the column away and keeps the values."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine

from refkit.rules.magic.spell_file import spell_to_toml
from refkit.rules.magic.spellbooks import find_spell, load_default_spells
from refkit.store import CharacterRepository, Database
from refkit.store.migrations import SCRIPT_LOCATION
from refkit.store.spell_store import SpellRepository
from tests.store.store_helpers import current_head, sqlite_rows

VERSIONED = ("party", "custom_item", "creature", "spell", "rollable_table")
KEPT_AS_THEY_WERE = (*VERSIONED, "party_member", "character")


def migrations_up_to_0010(tmp_path: Path) -> Path:
    target = tmp_path / "migrations-0010"
    shutil.copytree(SCRIPT_LOCATION, target, ignore=shutil.ignore_patterns("__pycache__"))
    for script in (target / "versions").glob("*.py"):
        if int(script.name[:4]) > 10:
            script.unlink()
    return target


def old_database(tmp_path: Path) -> Path:
    """A database as Refkit left it at revision 0010, a row in each table 0011 versions."""
    path = tmp_path / "campaign.sqlite3"
    Database.open(str(path), script_location=migrations_up_to_0010(tmp_path)).close()
    light = spell_to_toml(find_spell(load_default_spells(), "Light"))
    with sqlite3.connect(path) as connection:
        connection.executescript(
            """
            INSERT INTO character (id, name, name_key, player, payload, created_at, updated_at,
                revision) VALUES (7, 'Mara Vell', 'mara vell', 'Ann', '{"name": "Mara Vell"}',
                '2026-01-02 03:04:05.000000', '2026-01-02 03:04:05.000000', 4);
            INSERT INTO party (id, name, name_key) VALUES (3, 'Night  Watch', 'night  watch');
            INSERT INTO party_member (party_id, character_id, position) VALUES (3, 7, 0);
            INSERT INTO custom_item (id, name, name_key, payload)
                VALUES (5, 'Bone charm', 'bone charm', '{"name": "Bone charm", "notes": "é ✓"}');
            INSERT INTO creature (id, name, name_key, payload)
                VALUES (2, 'Bog hag', 'bog hag', 'not even a bestiary file');
            INSERT INTO rollable_table (id, name, name_key, dice, source, description,
                max_modifier, modifier_name, rows, updated_at)
                VALUES (9, 'Dark halls', 'dark halls', '1d6', 'custom', 'Deep', NULL, '',
                '[{"low": 1, "high": 6, "text": "Rats"}]', '2026-01-02 03:04:05.000000');
            """
        )
        connection.execute(
            "INSERT INTO spell (id, name, name_key, payload) VALUES (4, 'Light', 'light', ?)",
            (light,),
        )
    assert sqlite_rows(path, "SELECT version_num FROM alembic_version") == [("0010",)]
    return path


def rows(path: Path, table: str) -> list[dict[str, object]]:
    with sqlite3.connect(path) as connection:
        connection.row_factory = sqlite3.Row
        found = connection.execute(f"SELECT * FROM {table} ORDER BY rowid").fetchall()
    return [dict(row) for row in found]


def test_every_row_is_kept_as_it_was_and_starts_at_version_1(tmp_path: Path) -> None:
    path = old_database(tmp_path)
    before = {table: rows(path, table) for table in KEPT_AS_THEY_WERE}
    with Database.open(str(path)) as db:
        assert db.migrated and db.backup_path is not None
        assert sqlite_rows(db.backup_path, "SELECT version_num FROM alembic_version") == [("0010",)]
        assert CharacterRepository(db).read_custom_item("bone charm")[1] == 1
        spells = SpellRepository(db)
        ((light, version),) = spells.spells_read()
        assert version == 1
        assert spells.replace("Light", light, expected_version=1) == 2
    assert sqlite_rows(path, "SELECT version_num FROM alembic_version") == [(current_head(),)]
    for table in KEPT_AS_THEY_WERE:
        after = rows(path, table)
        if table in VERSIONED:
            assert [row.pop("version") for row in after] == [2 if table == "spell" else 1]
        assert after == before[table], table


def test_downgrade_takes_the_versions_away_and_keeps_every_value(tmp_path: Path) -> None:
    path = old_database(tmp_path)
    before = {table: rows(path, table) for table in KEPT_AS_THEY_WERE}
    Database.open(str(path)).close()
    config = Config()
    config.set_main_option("script_location", str(SCRIPT_LOCATION))
    config.set_main_option("path_separator", "os")
    engine = create_engine(f"sqlite:///{path}")
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "0010")
    finally:
        engine.dispose()
    assert {table: rows(path, table) for table in KEPT_AS_THEY_WERE} == before


def test_the_migration_writes_no_sql_of_its_own() -> None:
    """Batch operations and portable types only, so a server database migrates the same way."""
    script = next((SCRIPT_LOCATION / "versions").glob("0011_*.py")).read_text("utf-8")
    assert "batch_alter_table" in script
    for raw in ("op.execute", "get_bind", "exec_driver_sql", "PRAGMA"):
        assert raw not in script
