"""The composition root: every service built once and on first use, wired as the app wires them,
and the quick path reading what the full database wrote (and refusing what it must refuse)."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

import pytest

from refkit.app import sample_content
from refkit.compose import Services
from refkit.dice.records import RollRecord
from refkit.store import roll_log, table_store
from refkit.store.database import Database
from refkit.store.errors import DamagedDatabaseError, NotADatabaseError
from refkit.store.roll_log import RollLogRepository
from refkit.store.sqlite.quick import (
    QUICK_BUSY_TIMEOUT_MS,
    QUICK_PRAGMAS,
    QUICK_ROLL_SOURCES,
    SAMPLES_SEEDED_KEY,
    TABLES_SEEDED_KEY,
    open_quick,
    quick_path,
)

NOW = 1_900_000_000.0


def fixed_clock() -> float:
    return NOW


@pytest.fixture
def path(tmp_path):
    return tmp_path / "refkit.sqlite3"


@pytest.fixture
def made(path):
    """A database file brought up to date by the full open, then closed."""
    Database.open(str(path)).close()
    return path


def test_each_service_is_built_once(path):
    with Services(db_url=str(path), clock=fixed_clock) as services:
        assert services.dice is services.dice
        assert services.roll_log is services.roll_log
        assert services.characters is services.characters
        assert services.tables is services.tables
        assert services.session_log is services.session_log
        alone = services.dungeon_clock
        assert services.dungeon_clock is alone  # kept until the party-wired one exists
        dungeon, party = services.dungeon, services.party
        assert services.dungeon is dungeon and services.party is party
        assert services.dungeon_clock is dungeon  # then one dungeon turn for everything


def test_the_dungeon_turn_acts_on_the_party_through_the_one_character_service(path):
    with Services(db_url=str(path), clock=fixed_clock) as services:
        party = services.party
        assert party.characters is services.characters
        assert party.turn_ended in services.dungeon.on_turn_ended
        assert party.rest_finished in services.dungeon.on_rest_finished
        assert services.dungeon.now() == NOW


def test_nothing_is_opened_before_it_is_used(path):
    with Services(db_url=str(path)) as services:
        services.dice  # noqa: B018 - building the service opens nothing
        assert not path.exists()
        services.dice.d100(seed=3)
        assert path.exists()


def test_a_handed_over_database_stays_open_after_close(path):
    database = Database.open(str(path))
    try:
        services = Services.for_database(database, roll_source="app")
        services.dice.d100(seed=1)
        services.close()
        assert RollLogRepository(database).count() == 1  # still usable
    finally:
        database.close()


def test_a_roll_on_an_up_to_date_file_goes_the_quick_way_and_reads_back_whole(made):
    with Services(db_url=str(made), roll_source="cli", clock=fixed_clock) as services:
        logged = services.dice.crows_test(2, edges=1, seed=11)
        assert not services.database_is_open  # plain sqlite3, no SQLAlchemy session
    with Database.open(str(made)) as db:
        (stored,) = RollLogRepository(db).recent()
    assert stored.id == logged.logged.id
    assert stored.source == "cli"
    assert stored.record == logged.record
    assert stored.record.rolled_at == datetime.fromtimestamp(NOW, UTC)


def test_the_quick_status_is_the_services_status(made):
    with Services(db_url=str(made), clock=fixed_clock) as services:
        services.dungeon_clock.start(20, "Crypt")
    later = lambda: NOW + 61.5  # noqa: E731
    with Services(db_url=str(made), clock=later) as quick_services:
        quick = quick_services.dungeon_status()
        assert not quick_services.database_is_open
    with Services(db_url=str(made), clock=later) as full:
        assert quick == full.dungeon_clock.status()
    assert quick["state"] == "running" and quick["remaining_s"] == pytest.approx(20 * 60 - 61.5)


def test_a_stopped_clock_takes_the_dt_length_from_the_settings(made):
    with Services(db_url=str(made), clock=fixed_clock) as services:
        services.dungeon_clock.update_settings(dt_minutes=45)
    with Services(db_url=str(made), clock=fixed_clock) as services:
        assert services.dungeon_status()["length_s"] == 45 * 60
        assert not services.database_is_open


def test_the_quick_table_list_is_the_stores(made):
    with Services(db_url=str(made)) as services:
        assert services.quick() is not None
        assert services.quick().table_lines() is None  # defaults not yet seeded: the store seeds
        first = services.table_lines()
        assert services.database_is_open
    with Services(db_url=str(made)) as services:
        again = services.table_lines()
        assert not services.database_is_open
    assert again == first and len(first) > 0


def test_the_quick_character_list_is_the_services(made):
    with Services(db_url=str(made)) as services:
        assert services.quick().character_lines() is None  # the sample party is still to come
        first = services.character_lines()
        assert services.database_is_open
        services.characters.create_party("Night watch", [first[0][0].name])
    with Services(db_url=str(made)) as services:
        crows, parties = services.character_lines()
        assert not services.database_is_open
    with Services(db_url=str(made)) as services:
        service = services.characters
        summaries, stored_parties = service.list_characters(), service.list_parties()
    assert crows == first[0] and len(crows) > 0
    assert [(c.name, c.speed, c.dead, c.stamina, c.wounds) for c in crows] == [
        (s.name, s.speed, s.dead, s.stamina, s.wounds) for s in summaries
    ]
    assert [(p.name, p.members) for p in parties] == [
        (p.name, tuple(p.members)) for p in stored_parties
    ]
    assert ("Night watch", (crows[0].name,)) in [(p.name, p.members) for p in parties]


def test_a_crow_the_quick_path_cannot_read_is_left_to_the_store_to_name(made):
    with Services(db_url=str(made)) as services:
        name = services.character_lines()[0][0].name
    connection = sqlite3.connect(made)
    connection.execute("UPDATE character SET payload = '{' WHERE name = ?", (name,))
    # With its list line kept the list never reads the document (opening the crow names the
    # damage); without one — a database from before lines were kept — the quick path reads it.
    connection.execute("DELETE FROM app_state WHERE key LIKE 'crow_summary:%'")
    connection.commit()
    connection.close()
    with open_quick(str(made)) as quick:
        assert quick.character_lines() is None


def test_the_quick_path_leaves_new_and_older_files_to_the_full_open(path, made, tmp_path):
    assert open_quick(str(tmp_path / "new.sqlite3")) is None  # missing: the full open creates it
    connection = sqlite3.connect(made)
    connection.execute("UPDATE alembic_version SET version_num = '0002'")
    connection.commit()
    connection.close()
    assert open_quick(str(made)) is None  # the full open migrates it (and backs it up first)
    assert open_quick("sqlite://") is None
    assert quick_path("sqlite:///x.db?mode=ro") is None  # more than a path: the full open reads it


def test_the_quick_path_refuses_what_the_full_open_refuses(tmp_path):
    other = tmp_path / "other.sqlite3"
    connection = sqlite3.connect(other)
    connection.execute("CREATE TABLE invoices (id INTEGER)")
    connection.commit()
    connection.close()
    with pytest.raises(NotADatabaseError):
        open_quick(str(other))
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    with pytest.raises((DamagedDatabaseError, NotADatabaseError)):
        open_quick(str(junk))


def test_the_quick_connection_waits_for_locks_and_runs_refkits_pragmas(made):
    quick = open_quick(str(made))
    assert quick is not None
    with quick:
        connection = quick._connection
        assert connection.execute("PRAGMA busy_timeout").fetchone()[0] == QUICK_BUSY_TIMEOUT_MS
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert connection.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_the_quick_paths_copies_of_store_constants_are_the_stores():
    from refkit.store.sqlite import engine

    assert QUICK_PRAGMAS is engine.CONNECTION_PRAGMAS
    assert QUICK_BUSY_TIMEOUT_MS == engine.BUSY_TIMEOUT_MS
    assert QUICK_ROLL_SOURCES is roll_log.ROLL_SOURCES
    assert TABLES_SEEDED_KEY is table_store.SEEDED_KEY
    assert SAMPLES_SEEDED_KEY is sample_content.SEEDED_FLAG


def test_the_quick_roll_log_refuses_an_unknown_source(made):
    record = RollRecord("d100", "d100", (1, 2), 12, 5, datetime.fromtimestamp(NOW, UTC), "12")
    with open_quick(str(made)) as quick, pytest.raises(ValueError, match="unknown roll source"):
        quick.add_roll(record, "bot")
