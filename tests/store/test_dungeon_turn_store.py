"""The dungeon-turn state in the database: round trips, version checks, settings."""

from __future__ import annotations

import threading
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from refkit.rules.dungeon.clock import ClockState, DungeonTurnClock, PendingEncounter
from refkit.rules.dungeon.effects import custom_effect, light, spell_duration
from refkit.store import (
    ConcurrentChangeError,
    Database,
    DungeonSettings,
    DungeonTurnStore,
    SessionLogEntry,
)
from tests.store.store_helpers import run_sql

START = 1_900_000_000.0
NOON = datetime(2031, 3, 4, 12, 0, tzinfo=UTC)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "dungeon.sqlite3"


@pytest.fixture
def db(path: Path):
    database = Database.open(str(path))
    yield database
    database.close()


@pytest.fixture
def store(db: Database) -> DungeonTurnStore:
    return DungeonTurnStore(db)


def entry(text: str, kind: str = "note", dt: int = 1) -> SessionLogEntry:
    return SessionLogEntry(kind=kind, dt=dt, text=text, at=NOON, detail={"text": text})


def busy_clock() -> DungeonTurnClock:
    clock = DungeonTurnClock.new(20).start(START, dungeon="The Drowned Crypt")
    clock = clock.adjust(START + 60, 5, "rules question")
    return clock.add_pending_encounter(PendingEncounter(dt=1, roll=9, en=8, immediate=False))


def test_a_new_database_has_a_stopped_clock_at_version_0(store: DungeonTurnStore) -> None:
    snapshot = store.load()
    assert snapshot.version == 0
    assert snapshot.clock.state is ClockState.STOPPED
    assert snapshot.clock.dt == 0
    assert snapshot.clock.length_s == 30 * 60
    assert snapshot.effects == ()


def test_the_default_length_setting_shapes_a_new_clock(store: DungeonTurnStore) -> None:
    store.save_settings(DungeonSettings(dt_minutes=60))
    assert store.load().clock.length_s == 3600


def test_clock_and_effects_come_back_exactly_as_saved(path: Path, store: DungeonTurnStore) -> None:
    clock = busy_clock()
    effects = (
        light("e1", "lantern", owner="Mara"),
        spell_duration("e2", "Warding | circle", 2),
        custom_effect("e3", "Quiver", 3, "Activate, Useless"),
    )
    saved = store.save(clock, effects, expected_version=0)
    assert saved.version == 1

    with Database.open(str(path)) as other:  # a second process opening the same file
        snapshot = DungeonTurnStore(other).load()
    assert snapshot.clock == clock
    assert snapshot.effects == effects
    assert snapshot.version == 1
    assert snapshot.clock.remaining(START + 600) == pytest.approx(20 * 60 + 300 - 600)


def test_each_save_raises_the_version_by_one(store: DungeonTurnStore) -> None:
    clock = busy_clock()
    assert store.save(clock, (), expected_version=0).version == 1
    paused = clock.pause(START + 100)
    assert store.save(paused, (), expected_version=1).version == 2
    assert store.version() == 2
    assert store.load().clock.state is ClockState.PAUSED


def test_effects_keep_their_order_when_rewritten(store: DungeonTurnStore) -> None:
    first = (light("e2", "torch"), light("e1", "candle"))
    store.save(busy_clock(), first, expected_version=0)
    second = (light("e1", "candle"), light("e3", "torch"), light("e2", "torch"))
    store.save(busy_clock(), second, expected_version=1)
    assert [effect.id for effect in store.load().effects] == ["e1", "e3", "e2"]


def test_a_stale_write_is_refused_and_changes_nothing(path: Path, store: DungeonTurnStore) -> None:
    clock = busy_clock()
    store.save(clock, (light("e1", "torch"),), expected_version=0)
    with Database.open(str(path)) as other_db:
        other = DungeonTurnStore(other_db)
        theirs = other.load()
        mine = store.load()
        other.save(theirs.clock.pause(START + 120), theirs.effects, expected_version=1)

        with pytest.raises(ConcurrentChangeError, match="changed elsewhere") as refused:
            store.save(
                mine.clock.adjust(START + 130, -3, "late"),
                (),
                expected_version=mine.version,
                log=[entry("should not be written")],
            )
    assert (refused.value.expected, refused.value.found) == (1, 2)
    after = store.load()
    assert after.clock.state is ClockState.PAUSED
    assert after.clock.audit == clock.audit
    assert [effect.id for effect in after.effects] == ["e1"]
    assert store.session_log.entries() == []


def test_two_first_writes_cannot_both_create_the_clock(path: Path, store: DungeonTurnStore) -> None:
    with Database.open(str(path)) as other_db:
        other = DungeonTurnStore(other_db)
        assert store.load().version == other.load().version == 0
        other.save(busy_clock(), (), expected_version=0)
        with pytest.raises(ConcurrentChangeError):
            store.save(DungeonTurnClock.new(60), (), expected_version=0)
    assert store.load().clock == busy_clock()


def test_concurrent_writers_that_retry_lose_no_update(path: Path, store: DungeonTurnStore) -> None:
    store.save(DungeonTurnClock.new().start(START), (), expected_version=0)
    per_writer = 15

    def writer(minutes: int) -> None:
        with Database.open(str(path)) as own_db:
            own = DungeonTurnStore(own_db)
            done = 0
            while done < per_writer:
                snapshot = own.load()
                clock = snapshot.clock.adjust(START, minutes, f"writer {minutes}")
                try:
                    own.save(clock, (), expected_version=snapshot.version)
                except ConcurrentChangeError:
                    continue
                done += 1

    threads = [threading.Thread(target=writer, args=(minutes,)) for minutes in (1, 2, 3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    snapshot = store.load()
    assert len(snapshot.clock.audit) == 3 * per_writer
    assert snapshot.version == 1 + 3 * per_writer
    assert sorted({entry.minutes for entry in snapshot.clock.audit}) == [1, 2, 3]


def test_log_entries_commit_with_the_state_and_can_be_marked_undone(
    store: DungeonTurnStore,
) -> None:
    saved = store.save(
        busy_clock(), (), expected_version=0, log=[entry("DT 1 ended", "dt_end"), entry("roll")]
    )
    assert len(saved.log_ids) == 2
    assert [e.text for e in store.session_log.entries()] == ["DT 1 ended", "roll"]

    store.save(busy_clock(), (), expected_version=1, mark_undone=saved.log_ids)
    assert store.session_log.entries() == []
    assert all(e.undone for e in store.session_log.entries(include_undone=True))

    store.save(busy_clock(), (), expected_version=2, mark_done=saved.log_ids[:1])
    assert [e.text for e in store.session_log.entries()] == ["DT 1 ended"]


def test_duplicate_effect_ids_are_refused_before_anything_is_written(
    store: DungeonTurnStore,
) -> None:
    with pytest.raises(ValueError, match="'e1'"):
        store.save(busy_clock(), (light("e1", "torch"), light("e1", "candle")), expected_version=0)
    assert store.version() == 0


def test_a_bad_log_entry_writes_nothing(store: DungeonTurnStore) -> None:
    with pytest.raises(ValueError, match="unknown session-log kind"):
        store.save(busy_clock(), (), expected_version=0, log=[entry("x", kind="gossip")])
    assert store.version() == 0


def test_a_damaged_clock_row_is_reported_not_guessed(db: Database, store: DungeonTurnStore) -> None:
    store.save(busy_clock(), (), expected_version=0)
    with db.session() as session:
        run_sql(session, 'UPDATE dungeon_clock SET state = \'{"state": "dancing"}\'')
    with pytest.raises(ValueError, match="DT clock"):
        store.load()


class TestSettings:
    def test_defaults_until_saved(self, store: DungeonTurnStore) -> None:
        settings = store.settings()
        assert settings == DungeonSettings()
        assert settings.dt_minutes == 30
        assert settings.warning_thresholds_s == (300, 60)
        assert not settings.auto_end

    def test_round_trip(self, path: Path, store: DungeonTurnStore) -> None:
        chosen = DungeonSettings(
            dt_minutes=20,
            warning_thresholds_s=(60, 600, 60),
            auto_end=True,
            crowded=True,
            chaos=False,
            en_modifiers=(-1, 2),
            douse_lights_at_rest_halfway=False,
        )
        store.save_settings(chosen)
        with Database.open(str(path)) as other:
            assert DungeonTurnStore(other).settings() == chosen
        assert chosen.warning_thresholds_s == (600, 60)

    @pytest.mark.parametrize(
        ("changes", "message"),
        [
            ({"dt_minutes": -5}, "DT length"),
            ({"dt_minutes": 0}, "DT length"),
            ({"warning_thresholds_s": (0,)}, "warning threshold"),
            ({"en_modifiers": (12,)}, "EN modifier"),
            ({"auto_end": "yes"}, "auto_end"),
        ],
    )
    def test_impossible_values_are_refused(self, changes: dict, message: str) -> None:
        with pytest.raises(ValueError, match=message):
            replace(DungeonSettings(), **changes)
