"""The persistent roll log: RollRecords in, the same RollRecords out, newest first."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from refkit.dice.records import RollRecord
from refkit.store import Database, LoggedRoll, RollLogRepository
from tests.store.store_helpers import sqlite_rows

NOON = datetime(2031, 3, 4, 12, 0, tzinfo=UTC)


def roll(**changes: Any) -> RollRecord:
    fields: dict[str, Any] = {
        "kind": "test",
        "expression": "2d10+3",
        "faces": (7, 5),
        "total": 15,
        "seed": 1234,
        "rolled_at": NOON,
        "summary": "Test with Might 3: 15, tier 2",
        "detail": {"tier": 2, "net": "none", "crit": False},
    }
    fields.update(changes)
    return RollRecord(**fields)


@pytest.fixture
def db(tmp_path: Path):
    database = Database.open(str(tmp_path / "log.sqlite3"))
    yield database
    database.close()


@pytest.fixture
def log(db: Database) -> RollLogRepository:
    return RollLogRepository(db)


def test_added_roll_comes_back_equal_with_its_id_and_source(log: RollLogRepository) -> None:
    record = roll()
    roll_id = log.add(record, source="cli")
    assert log.recent() == [LoggedRoll(id=roll_id, record=record, source="cli")]
    assert log.count() == 1


def test_source_defaults_to_app(log: RollLogRepository) -> None:
    log.add(roll())
    (logged,) = log.recent()
    assert logged.source == "app"


def test_unknown_source_is_refused(log: RollLogRepository) -> None:
    with pytest.raises(ValueError, match="unknown roll source 'bot'"):
        log.add(roll(), source="bot")
    assert log.count() == 0


def test_times_come_back_as_aware_utc(log: RollLogRepository) -> None:
    paris_summer = timezone(timedelta(hours=2))
    log.add(roll(rolled_at=datetime(2031, 7, 1, 14, 30, 15, 123456, tzinfo=paris_summer)))
    (logged,) = log.recent()
    assert logged.record.rolled_at == datetime(2031, 7, 1, 12, 30, 15, 123456, tzinfo=UTC)
    assert logged.record.rolled_at.utcoffset() == timedelta(0)


def test_recent_is_newest_first_and_ties_keep_insertion_order_reversed(
    log: RollLogRepository,
) -> None:
    first = log.add(roll(expression="first", rolled_at=NOON))
    later = log.add(roll(expression="later", rolled_at=NOON + timedelta(seconds=1)))
    earlier = log.add(roll(expression="earlier", rolled_at=NOON - timedelta(days=1)))
    same_time = log.add(roll(expression="same time", rolled_at=NOON))
    assert [logged.id for logged in log.recent()] == [later, same_time, first, earlier]


def test_limit_keeps_the_newest(log: RollLogRepository) -> None:
    for minute in range(10):
        log.add(roll(expression=f"d{minute + 2}", rolled_at=NOON + timedelta(minutes=minute)))
    assert [x.record.expression for x in log.recent(limit=3)] == ["d11", "d10", "d9"]
    assert log.recent(limit=0) == []
    assert len(log.recent(limit=None)) == 10
    with pytest.raises(ValueError, match="limit"):
        log.recent(limit=-1)


def test_filters_by_kind_and_by_text(log: RollLogRepository) -> None:
    log.add(roll(kind="test", expression="2d10+2", summary="Stealth check: tier 3"))
    log.add(roll(kind="d100", expression="d100", faces=(4, 2), total=42, summary="Backlash 42"))
    log.add(roll(kind="dice", expression="4d6kh3", faces=(6, 5, 1, 3), total=14, summary="14"))
    log.add(roll(kind="usage", expression="ud8", faces=(2,), total=2, summary="100%_safe"))

    assert [x.record.kind for x in log.recent(kind="d100")] == ["d100"]
    assert [x.record.expression for x in log.recent(text="STEALTH")] == ["2d10+2"]
    assert [x.record.expression for x in log.recent(text="kh3")] == ["4d6kh3"]
    assert [x.record.kind for x in log.recent(text="d1")] == ["d100", "test"]
    assert [x.record.kind for x in log.recent(kind="test", text="d1")] == ["test"]
    # LIKE wildcards in the search text are taken literally.
    assert [x.record.kind for x in log.recent(text="%_")] == ["usage"]
    assert log.recent(text="_") == [x for x in log.recent() if x.record.kind == "usage"]
    assert log.count(kind="dice") == 1
    assert log.count() == 4


def test_clear_removes_everything_and_says_how_much(log: RollLogRepository) -> None:
    for _ in range(3):
        log.add(roll())
    assert log.clear() == 3
    assert log.count() == 0
    assert log.recent() == []
    assert log.clear() == 0


def test_rows_are_stored_as_readable_json(db: Database, log: RollLogRepository) -> None:
    log.add(roll(seed=2**80), source="cli")
    assert db.path is not None
    ((faces, seed, detail, source),) = sqlite_rows(
        db.path, "SELECT faces, seed, detail, source FROM roll_log"
    )
    assert json.loads(str(faces)) == [7, 5]
    assert seed == str(2**80)
    assert json.loads(str(detail)) == {"tier": 2, "net": "none", "crit": False}
    assert source == "cli"


def test_a_second_database_on_the_same_file_sees_the_log(tmp_path: Path) -> None:
    path = str(tmp_path / "shared.sqlite3")
    with Database.open(path) as app_db, Database.open(path) as cli_db:
        app_log, cli_log = RollLogRepository(app_db), RollLogRepository(cli_db)
        cli_log.add(roll(expression="from cli"), source="cli")
        app_log.add(roll(expression="from app", rolled_at=NOON + timedelta(seconds=5)))
        assert [x.record.expression for x in cli_log.recent()] == ["from app", "from cli"]
        assert app_log.clear() == 2
        assert cli_log.count() == 0


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)

records = st.builds(
    roll,
    kind=st.sampled_from(["test", "d100", "dice", "usage", "cast"]),
    expression=st.text(min_size=1, max_size=30),
    faces=st.lists(st.integers(1, 100), max_size=12).map(tuple),
    total=st.integers(-(2**31), 2**31),
    seed=st.none() | st.integers(-(2**100), 2**100),
    rolled_at=st.datetimes(
        min_value=datetime(2000, 1, 1),
        max_value=datetime(2100, 1, 1),
        timezones=st.sampled_from(
            [UTC, timezone(timedelta(hours=-7)), timezone(timedelta(hours=5, minutes=30))]
        ),
    ),
    summary=st.text(max_size=60),
    detail=st.dictionaries(st.text(max_size=8), json_values, max_size=5),
)


def test_any_record_round_trips(tmp_path: Path) -> None:
    with Database.open(str(tmp_path / "property.sqlite3")) as database:
        log = RollLogRepository(database)

        @settings(max_examples=60, deadline=None)
        @given(record=records, source=st.sampled_from(["app", "cli"]))
        def check(record: RollRecord, source: str) -> None:
            log.clear()
            roll_id = log.add(record, source=source)
            (logged,) = log.recent()
            assert logged == LoggedRoll(id=roll_id, record=record, source=source)
            assert logged.record.rolled_at.tzinfo == UTC

        check()


def test_a_kept_clear_empties_the_log_and_its_restore_puts_every_roll_back(
    log: RollLogRepository,
) -> None:
    made = [roll(seed=seed, rolled_at=NOON + timedelta(minutes=seed)) for seed in range(5)]
    for number, record in enumerate(made):
        log.add(record, source="cli" if number % 2 else "app")
    before = log.recent()

    assert log.clear_keeping("2031-03-04T12:00:00.000000Z-aaaa") == 5
    assert log.count() == 0 and log.recent() == []
    later = log.add(roll(seed=99, rolled_at=NOON + timedelta(hours=2)))  # rolled after the clear

    assert log.restore_kept("2031-03-04T12:00:00.000000Z-aaaa") == 5
    after = log.recent()
    assert after[0].id == later
    restored = after[1:]
    assert [(e.record, e.source) for e in restored] == [(e.record, e.source) for e in before]
    assert len({entry.id for entry in after}) == 6  # new ids, none taken twice
    ids_by_time = [entry.id for entry in sorted(restored, key=lambda e: e.record.rolled_at)]
    assert ids_by_time == sorted(ids_by_time)  # ids grow with time again
    assert log.restore_kept("2031-03-04T12:00:00.000000Z-aaaa") == 0  # forgotten once put back


def test_old_kept_clears_are_forgotten_and_newer_ones_kept(log: RollLogRepository) -> None:
    log.add(roll(seed=1))
    log.clear_keeping("2031-03-03T09:00:00.000000Z-old1")
    log.add(roll(seed=2))
    log.clear_keeping("2031-03-04T11:00:00.000000Z-new1")

    assert log.forget_kept_before("2031-03-04T00:00:00.000000Z") == 1

    assert log.restore_kept("2031-03-03T09:00:00.000000Z-old1") == 0
    assert log.restore_kept("2031-03-04T11:00:00.000000Z-new1") == 1
    assert [entry.record.seed for entry in log.recent()] == [2]
