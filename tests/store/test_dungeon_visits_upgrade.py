"""A database written before dungeon visits were kept per party reads back: the dungeons it lists
count as entered by every group (no greed bonus given twice), and the next write keeps them
beside the visits per party — through the full store and the command line's quick path."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from refkit.store.database import Database
from refkit.store.dungeon_turn_store import DungeonTurnStore
from refkit.store.sqlite.quick import open_quick

T0 = 1_900_000_000.0

OLD_CLOCK = {  # the stored form of the version before, with a sign pending from DT 2
    "version": 1,
    "state": "stopped",
    "dt": 3,
    "length_s": 1800,
    "dungeon": "Sunken Crypt",
    "revisit": False,
    "anchor": None,
    "remaining_at_anchor": 1800.0,
    "visits": ["sunken crypt"],
    "warnings_fired": [],
    "pending_encounters": [{"dt": 2, "roll": 9, "en": 9, "immediate": False}],
    "rest_halfway_done": False,
    "rest_checked": False,
    "audit": [],
}


def write_old_clock(path: Path) -> None:
    Database.open(str(path)).close()  # created and migrated to the newest schema
    with sqlite3.connect(path) as connection:
        connection.execute(
            "INSERT INTO dungeon_clock (id, state, version, updated_at) VALUES (1, ?, 1, ?)",
            (json.dumps(OLD_CLOCK), "2026-01-01 00:00:00.000000"),
        )


def test_an_old_clock_reads_back_with_its_visits_for_every_group(tmp_path: Path) -> None:
    path = tmp_path / "refkit.sqlite3"
    write_old_clock(path)
    with Database.open(str(path)) as db:
        store = DungeonTurnStore(db)
        snapshot = store.load()
        clock = snapshot.clock
        assert clock.visits.has_entered("Sunken Crypt", "The Gravediggers")
        assert clock.pending_encounter_due_dt == 3
        entered = clock.start(T0, dungeon="Sunken Crypt", party="The Gravediggers")
        assert entered.revisit and entered.greed_percent == 0
        elsewhere = entered.start(T0 + 1, dungeon="Goblin Warren", party="The Gravediggers")
        store.save(elsewhere, (), expected_version=snapshot.version)
        again = store.load().clock
    assert again.visits.has_entered("sunken crypt", "anyone at all")
    assert again.visits.has_entered("Goblin Warren", "the gravediggers")
    assert not again.visits.has_entered("Goblin Warren", "The Sample Party")


def test_the_quick_path_reads_the_old_clock_and_the_new_status_keys(tmp_path: Path) -> None:
    path = tmp_path / "refkit.sqlite3"
    write_old_clock(path)
    quick = open_quick(str(path))
    assert quick is not None
    with quick:
        status = quick.dungeon_clock().status(T0)
    assert status["pending_encounter_due_dt"] == 3
    assert status["encounter_overdue"] is False
