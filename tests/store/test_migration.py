"""Start-up migrations: backups first, refusals that leave files alone, atomic upgrades."""

from __future__ import annotations

import importlib
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine
from sqlmodel import SQLModel

from refkit.store import BACKUPS_KEPT, Database, list_backups
from refkit.store.errors import DatabaseTooNewError, MigrationError, NotADatabaseError
from refkit.store.migrations import declared_heads
from refkit.store.row_values import SCHEMA_HEADS
from refkit.store.sqlite.backups import make_backup
from tests.store.store_helpers import (
    alembic_heads,
    current_head,
    make_base_state_file,
    run_sql,
    sqlite_rows,
    stamp,
    table_names,
)

ADD_NOTE_TABLE_AND_REBUILD_ROLL_LOG = """
op.create_table(
    "note", sa.Column("id", sa.Integer(), primary_key=True), sa.Column("body", sa.Text())
)
with op.batch_alter_table("roll_log", recreate="always") as batch:
    batch.add_column(sa.Column("tag", sa.Text(), nullable=False, server_default="none"))
"""

Clock = Callable[[], datetime]


def files_in(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in folder.iterdir() if path.is_file()}


def insert_roll(db: Database, expression: str) -> None:
    with db.session() as session:
        run_sql(
            session,
            "INSERT INTO roll_log (kind, expression, faces, total, rolled_at, summary, detail,"
            " source) VALUES ('dice', :e, '[4, 2]', 6, '2030-01-01 10:00:00.000000', '6', '{}',"
            " 'cli')",
            e=expression,
        )


def test_start_up_reads_the_same_head_as_alembic() -> None:
    # The fast path at start-up parses the version files itself; it must agree with Alembic.
    assert declared_heads() == frozenset(alembic_heads())
    # The quick paths take the head from a constant: a new migration must name itself there.
    assert frozenset(alembic_heads()) == SCHEMA_HEADS, "set row_values.SCHEMA_HEADS to the new head"
    assert len(alembic_heads()) == 1, "the migration history has branched; add a merge revision"


def test_start_up_at_head_does_not_load_alembic(tmp_path: Path) -> None:
    path = tmp_path / "fast.sqlite3"
    Database.open(str(path)).close()
    code = (
        "import sys; from refkit.store import Database; "
        f"Database.open({str(path)!r}).close(); "
        "print('alembic' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == "False"


def test_migrations_build_exactly_the_tables_the_models_describe(tmp_path: Path) -> None:
    # refkit.store loads lazily, so the modules that define tables are imported here by name.
    for module in (
        "tables",
        "character_tables",
        "dungeon_tables",
        "combat_tables",
        "crafting_tables",
    ):
        importlib.import_module(f"refkit.store.{module}")
    path = tmp_path / "compare.sqlite3"
    Database.open(str(path)).close()
    engine = create_engine(f"sqlite:///{path}")
    try:
        with engine.connect() as connection:
            differences = compare_metadata(
                MigrationContext.configure(connection), SQLModel.metadata
            )
    finally:
        engine.dispose()
    assert differences == []


def test_base_state_database_is_backed_up_once_then_migrated(tmp_path: Path, clock: Clock) -> None:
    path = tmp_path / "refkit.sqlite3"
    make_base_state_file(path)
    with Database.open(str(path), clock=clock) as db:
        assert db.migrated
        backup = db.backup_path
    assert list_backups(path) == [backup]
    assert backup is not None
    assert backup.name == "refkit.backup-unversioned-20310506T070809.000000Z.sqlite3"
    assert "roll_log" not in table_names(backup)
    assert "roll_log" in table_names(path)
    with Database.open(str(path), clock=clock) as again:
        assert again.backup_path is None
    assert len(list_backups(path)) == 1


def test_empty_file_is_initialised_without_a_pointless_backup(tmp_path: Path) -> None:
    path = tmp_path / "touched.sqlite3"
    path.touch()
    with Database.open(str(path)) as db:
        assert db.migrated
        assert db.backup_path is None
    assert "roll_log" in table_names(path)
    assert list_backups(path) == []


def test_upgrade_keeps_the_data_and_backs_up_the_old_revision(
    tmp_path: Path, clock: Clock, newer_migrations: Callable[[str], Path]
) -> None:
    path = tmp_path / "campaign.sqlite3"
    with Database.open(str(path)) as old:
        insert_roll(old, "2d10+3")
        insert_roll(old, "d100")
        # Leave a connection open so recent writes sit in the WAL file, not the main file.
        with old.session() as session:
            run_sql(session, "SELECT 1")
            with Database.open(
                str(path),
                clock=clock,
                script_location=newer_migrations(ADD_NOTE_TABLE_AND_REBUILD_ROLL_LOG),
            ) as new:
                backup = new.backup_path
                with new.session() as new_session:
                    rows = run_sql(new_session, "SELECT expression, tag FROM roll_log ORDER BY id")
    assert rows == [("2d10+3", "none"), ("d100", "none")]
    assert backup is not None
    assert backup.name.startswith(f"campaign.backup-{current_head()}-20310506T070809")
    assert sqlite_rows(backup, "SELECT version_num FROM alembic_version") == [(current_head(),)]
    assert sqlite_rows(backup, "SELECT expression FROM roll_log ORDER BY id") == [
        ("2d10+3",),
        ("d100",),
    ]
    assert "note" not in table_names(backup)
    assert sqlite_rows(path, "SELECT version_num FROM alembic_version") == [("9999",)]


def test_database_from_a_newer_refkit_is_refused_untouched(
    tmp_path: Path, newer_migrations: Callable[[str], Path]
) -> None:
    path = tmp_path / "future.sqlite3"
    with Database.open(
        str(path),
        script_location=newer_migrations(
            'op.create_table("note", sa.Column("id", sa.Integer(), primary_key=True))'
        ),
    ) as newer:
        insert_roll(newer, "4d6")
    before = files_in(tmp_path)
    with pytest.raises(DatabaseTooNewError) as caught:
        Database.open(str(path))
    message = str(caught.value)
    assert "newer Refkit (revision 9999)" in message
    assert "--db" in message
    assert str(path.resolve()) in message
    assert files_in(tmp_path) == before


def test_unknown_revision_stamp_is_refused_and_the_file_bytes_are_unchanged(
    tmp_path: Path,
) -> None:
    path = tmp_path / "stamped.sqlite3"
    Database.open(str(path)).close()
    stamp(path, "9f3e2a1b7c00")
    before = files_in(tmp_path)
    with pytest.raises(DatabaseTooNewError, match="revision 9f3e2a1b7c00") as caught:
        Database.open(str(path))
    assert caught.value.revision == "9f3e2a1b7c00"
    assert files_in(tmp_path) == before


def test_garbage_file_is_refused_with_its_path_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(b"Crows session notes, definitely not SQLite.\n" * 200)
    before = files_in(tmp_path)
    with pytest.raises(NotADatabaseError, match="is not a Refkit database") as caught:
        Database.open(str(path))
    assert str(path.resolve()) in str(caught.value)
    assert files_in(tmp_path) == before


def test_another_programs_sqlite_database_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "places.sqlite"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT)")
    connection.execute("INSERT INTO moz_places (url) VALUES ('https://example.org')")
    connection.commit()
    connection.close()
    before = files_in(tmp_path)
    with pytest.raises(NotADatabaseError, match="moz_places"):
        Database.open(str(path))
    assert files_in(tmp_path) == before


def test_folder_instead_of_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(NotADatabaseError, match="is not a file"):
        Database.open(str(tmp_path))


def test_failed_migration_leaves_the_file_at_its_old_revision(
    tmp_path: Path, clock: Clock, newer_migrations: Callable[[str], Path]
) -> None:
    path = tmp_path / "fragile.sqlite3"
    with Database.open(str(path)) as db:
        insert_roll(db, "3d6")
    broken = newer_migrations(
        'op.create_table("note", sa.Column("id", sa.Integer(), primary_key=True))\n'
        'op.execute("INSERT INTO roll_log (kind) VALUES (NULL)")'
    )
    with pytest.raises(MigrationError, match=r"fragile\.sqlite3") as caught:
        Database.open(str(path), clock=clock, script_location=broken)
    (backup,) = list_backups(path)
    assert str(backup) in str(caught.value)
    assert sqlite_rows(path, "SELECT version_num FROM alembic_version") == [(current_head(),)]
    assert "note" not in table_names(path)
    assert sqlite_rows(path, "SELECT expression FROM roll_log") == [("3d6",)]


def test_backups_are_pruned_to_the_newest_five(tmp_path: Path, clock: Clock) -> None:
    path = tmp_path / "refkit.sqlite3"
    make_base_state_file(path)
    start = datetime(2020, 1, 1, tzinfo=UTC)
    older = [make_backup(path, "0000", start + timedelta(days=day)) for day in range(7)]
    assert list_backups(path) == older[-BACKUPS_KEPT:]
    unrelated = tmp_path / "other.backup-0001-20200101T000000.000000Z.sqlite3"
    unrelated.write_bytes(b"someone else's backup")

    with Database.open(str(path), clock=clock) as db:
        newest = db.backup_path

    kept = list_backups(path)
    assert len(kept) == BACKUPS_KEPT == 5
    assert kept == [*older[-4:], newest]
    assert unrelated.exists()


def test_backups_taken_in_the_same_instant_do_not_overwrite_each_other(tmp_path: Path) -> None:
    path = tmp_path / "refkit.sqlite3"
    make_base_state_file(path)
    moment = datetime(2030, 2, 3, 4, 5, 6, 789, tzinfo=UTC)
    first = make_backup(path, None, moment)
    second = make_backup(path, None, moment)
    assert first != second
    assert list_backups(path) == [first, second]
