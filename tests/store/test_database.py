"""Opening the database: location, connection settings, sessions, and sharing between processes."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError

from refkit.store import Database, list_backups
from refkit.store.errors import UnsupportedDatabaseError
from refkit.store.tables import RollLogRow
from tests.store.store_helpers import current_head, run_sql, sqlite_rows, table_names


def test_default_database_lives_in_refkit_data_dir(refkit_data_dir: Path) -> None:
    with Database.open() as db:
        assert db.path == refkit_data_dir.resolve() / "refkit.sqlite3"
    assert "roll_log" in table_names(refkit_data_dir / "refkit.sqlite3")


def test_bare_path_for_db_creates_the_file(tmp_path: Path) -> None:
    wanted = tmp_path / "campaigns" / "ravens.db"
    wanted.parent.mkdir()
    with Database.open(str(wanted)) as db:
        assert db.path == wanted.resolve()
    assert "roll_log" in table_names(wanted)


def test_sqlite_url_for_db(tmp_path: Path) -> None:
    with Database.open(f"sqlite:///{tmp_path / 'by-url.sqlite3'}") as db:
        assert db.path == (tmp_path / "by-url.sqlite3").resolve()
    assert "roll_log" in table_names(tmp_path / "by-url.sqlite3")


def test_a_url_of_a_server_refkit_does_not_speak_is_refused() -> None:
    with pytest.raises(UnsupportedDatabaseError, match="SQLite file or on a PostgreSQL server"):
        Database.open("mysql://localhost/refkit")


def test_new_file_is_migrated_to_head_without_backup(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    with Database.open(str(path)) as db:
        assert db.migrated
        assert db.backup_path is None
    assert {"roll_log", "alembic_version"} <= table_names(path)
    assert sqlite_rows(path, "SELECT version_num FROM alembic_version") == [(current_head(),)]
    index_names = {
        row[0] for row in sqlite_rows(path, "SELECT name FROM sqlite_master WHERE type='index'")
    }
    assert {"ix_roll_log_rolled_at", "ix_roll_log_kind"} <= index_names
    assert list_backups(path) == []


def test_reopening_an_up_to_date_database_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "steady.sqlite3"
    Database.open(str(path)).close()
    with Database.open(str(path)) as db:
        assert not db.migrated
        assert db.backup_path is None
    assert list_backups(path) == []
    assert [p.name for p in tmp_path.iterdir()] == ["steady.sqlite3"]


def test_every_connection_gets_wal_foreign_keys_and_timeouts(tmp_path: Path) -> None:
    names = ("journal_mode", "foreign_keys", "busy_timeout", "synchronous")
    # Two sessions open at once hold two different pooled connections.
    with (
        Database.open(str(tmp_path / "pragmas.sqlite3")) as db,
        db.session() as first,
        db.session() as second,
    ):
        assert first.connection().connection is not second.connection().connection
        for session in (first, second):
            values = {name: run_sql(session, f"PRAGMA {name}")[0][0] for name in names}
            assert values == {
                "journal_mode": "wal",
                "foreign_keys": 1,
                "busy_timeout": 5000,
                "synchronous": 1,  # NORMAL
            }
    # WAL is recorded in the file itself, so other programs use it too.
    assert sqlite_rows(tmp_path / "pragmas.sqlite3", "PRAGMA journal_mode") == [("wal",)]


def test_foreign_keys_are_enforced(tmp_path: Path) -> None:
    with Database.open(str(tmp_path / "fk.sqlite3")) as db:
        with db.session() as session:
            run_sql(session, "CREATE TABLE parent (id INTEGER PRIMARY KEY)")
            run_sql(session, "CREATE TABLE child (parent_id INTEGER REFERENCES parent (id))")
        with pytest.raises(IntegrityError, match="FOREIGN KEY"), db.session() as session:
            run_sql(session, "INSERT INTO child VALUES (42)")


def test_session_commits_on_success_and_rolls_back_on_error(tmp_path: Path) -> None:
    with Database.open(str(tmp_path / "tx.sqlite3")) as db:
        with db.session() as session:
            run_sql(session, "CREATE TABLE note (body TEXT)")
        with db.session() as session:
            run_sql(session, "INSERT INTO note VALUES (:body)", body="kept")
        with pytest.raises(RuntimeError, match="boom"), db.session() as session:
            run_sql(session, "INSERT INTO note VALUES (:body)", body="dropped")
            raise RuntimeError("boom")
        with db.session() as session:
            assert run_sql(session, "SELECT body FROM note") == [("kept",)]


def test_objects_stay_readable_after_the_session_ends(tmp_path: Path) -> None:
    with Database.open(str(tmp_path / "expire.sqlite3")) as db:
        with db.session() as session:
            row = RollLogRow(
                kind="test",
                expression="2d10",
                faces="[3, 4]",
                total=7,
                rolled_at=datetime(2030, 1, 1, tzinfo=UTC),
                summary="7",
                detail="{}",
                source="app",
            )
            session.add(row)
        # expire_on_commit=False: the committed object is still usable without a session.
        assert row.id is not None
        assert (row.total, row.rolled_at) == (7, datetime(2030, 1, 1, tzinfo=UTC))


def test_two_databases_on_one_file_see_each_others_writes(tmp_path: Path) -> None:
    path = str(tmp_path / "shared.sqlite3")
    with Database.open(path) as app_side, Database.open(path) as cli_side:
        with app_side.session() as session:
            run_sql(session, "CREATE TABLE note (body TEXT)")
        with cli_side.session() as session:
            run_sql(session, "INSERT INTO note VALUES ('from the cli')")
        with app_side.session() as reader:
            assert run_sql(reader, "SELECT body FROM note") == [("from the cli",)]
            # In WAL mode an open reader does not block a writer on another connection.
            with cli_side.session() as writer:
                run_sql(writer, "INSERT INTO note VALUES ('while reading')")
        with app_side.session() as session:
            assert run_sql(session, "SELECT count(*) FROM note") == [(2,)]


def test_in_memory_database_is_migrated_and_shared_between_sessions() -> None:
    with Database.open("sqlite://") as db:
        assert db.path is None
        with db.session() as session:
            run_sql(session, "CREATE TABLE note (body TEXT)")
            run_sql(session, "INSERT INTO note VALUES ('in memory')")
        with db.session() as session:
            assert run_sql(session, "SELECT body FROM note") == [("in memory",)]
            tables = {row[0] for row in run_sql(session, "SELECT name FROM sqlite_master")}
    assert "roll_log" in tables


def test_close_folds_the_wal_back_into_the_file(tmp_path: Path) -> None:
    path = tmp_path / "closed.sqlite3"
    db = Database.open(str(path))
    with db.session() as session:
        run_sql(session, "CREATE TABLE note (body TEXT)")
    db.close()
    assert not (tmp_path / "closed.sqlite3-wal").exists()
    assert "note" in table_names(path)


def test_a_db_path_in_a_missing_folder_is_refused_not_created(tmp_path) -> None:
    from refkit.store.database import Database
    from refkit.store.errors import DatabaseError

    missing = tmp_path / "no-such-folder" / "campaign.sqlite3"
    with pytest.raises(DatabaseError, match=r"no-such-folder for the database does not exist"):
        Database.open(str(missing))
    assert not missing.parent.exists()
