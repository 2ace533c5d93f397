"""Issue 24, item 5: every roll of the evening reaches the roll log, not only the session log —
End DT's usage dice and encounter check, a loud noise's check, a table roll — in the same
transaction as the step's session-log lines, named for people."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from refkit.app.dungeon_turn_commands import EndTurnCommand
from refkit.app.dungeon_turn_service import DungeonTurnService
from refkit.compose import table_service_on
from refkit.store import Database, DungeonTurnStore, RollLogRepository
from tests.app.scripted_dice import ScriptedDice

NOW = 1_900_000_000.0


@pytest.fixture
def db(tmp_path: Path):
    database = Database.open(str(tmp_path / "evening.sqlite3"))
    yield database
    database.close()


@pytest.fixture
def dice() -> ScriptedDice:
    return ScriptedDice()


@pytest.fixture
def turn(db: Database, dice: ScriptedDice) -> DungeonTurnService:
    service = DungeonTurnService(DungeonTurnStore(db), clock=lambda: NOW, rng_factory=dice.factory)
    service.start(dungeon="The Drowned Crypt")
    return service


def rolls(db: Database) -> list[tuple[str, str, tuple[int, ...], int]]:
    """The roll log, oldest first: kind, roll, faces, total."""
    logged = RollLogRepository(db).recent(limit=None)
    return [
        (r.record.kind, r.record.expression, r.record.faces, r.record.total)
        for r in reversed(logged)
    ]


def test_end_dt_puts_its_usage_dice_and_its_check_in_the_roll_log(
    db: Database, turn: DungeonTurnService, dice: ScriptedDice
) -> None:
    turn.add_effect("Bless", 2, kind="spell")
    dice.script = [1, 5]  # the spell's two usage dice, rolled at the DT's end: a 1 costs one
    turn.end_turn(die=4)
    assert rolls(db) == [
        ("usage_dice", "2 UD", (1, 5), 1),
        ("encounter", "d10 vs EN 9", (4,), 4),
    ]
    summaries = [r.record.summary for r in RollLogRepository(db).recent(limit=None)]
    assert summaries[0].startswith("End of DT 1: EN 9, rolled 4")


def test_a_loud_noise_check_is_in_the_roll_log(db: Database, turn: DungeonTurnService) -> None:
    turn.loud_noise(die=10)
    assert rolls(db) == [("encounter", "d10 vs EN 9", (10,), 10)]
    turn.resolve_encounter(0)  # resolving rolls nothing
    assert len(rolls(db)) == 1


def test_a_table_roll_is_in_the_roll_log(db: Database, turn: DungeonTurnService) -> None:
    tables = table_service_on(
        db,
        rng_factory=lambda seed: (random.Random(seed), 7 if seed is None else seed),
        clock=lambda: NOW,
    )
    tables.roll("Encounters: goblin warren", seed=11)
    ((kind, roll, faces, total),) = rolls(db)
    assert kind == "table_roll" and re.fullmatch(r"\d*d\d+", roll) and len(faces) >= 1
    assert total == sum(faces)


def test_an_undone_end_dt_keeps_its_rolls_and_its_redo_adds_none(
    db: Database, turn: DungeonTurnService, dice: ScriptedDice
) -> None:
    """A roll happened even when the step is undone; a redo replays, it does not roll again."""
    command = EndTurnCommand(turn, die=3)
    command.do()
    command.undo()
    command.do()
    assert rolls(db) == [("encounter", "d10 vs EN 9", (3,), 3)]
