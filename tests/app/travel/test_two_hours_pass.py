"""Outside a dungeon every 2 hours of fiction count as a DT for tracked effects (L427): the
effects roll their usage dice as at End DT, those that last a DT end, and nothing else happens —
no encounter check, no DT counted, conditions kept; one undoable step."""

from __future__ import annotations

from pathlib import Path

import pytest

from refkit.app.dungeon_turn_service import DungeonTurnService
from refkit.app.travel.two_hours import TwoHoursCommand
from refkit.store import Database, DungeonTurnStore
from tests.app.scripted_dice import ScriptedDice


class Party:
    def __init__(self) -> None:
        self.conditions = {"Mara": ("weakened",)}

    def conditions_by_character(self):
        return dict(self.conditions)

    def set_conditions(self, conditions):
        self.conditions = {name: tuple(held) for name, held in conditions.items()}


@pytest.fixture
def dice() -> ScriptedDice:
    return ScriptedDice()


@pytest.fixture
def party() -> Party:
    return Party()


@pytest.fixture
def service(tmp_path: Path, dice: ScriptedDice, party: Party):
    database = Database.open(str(tmp_path / "dt.sqlite3"))
    yield DungeonTurnService(
        DungeonTurnStore(database), clock=lambda: 1_900_000_000.0, rng_factory=dice.factory,
        conditions=party,
    )  # fmt: skip
    database.close()


def test_two_hours_roll_the_effects_and_nothing_else(service, dice, party):
    service.add_preset("torch")  # 1 UD, lit
    service.add_preset("lantern")  # 2 UD
    service.add_effect("Ward", 0, kind="spell", ends_at_dt_end=True)
    before = service.snapshot().clock
    dice.script = [2, 3, 6]  # torch 2 -> out; lantern 3,6 -> 2
    command = TwoHoursCommand(service)
    command.do()
    assert dice.script == []
    passed = command.outcome.value
    assert [(r.name, r.roll.after) for r in passed.usage_dice] == [("Torch", 0), ("Lantern", 2)]
    assert [e.name for e in passed.effects_ended] == ["Ward"]
    effects = {effect.name: effect for effect in service.effects()}
    assert set(effects) == {"Torch", "Lantern"} and effects["Torch"].spent
    after = service.snapshot().clock
    assert after == before  # no DT counted, no encounter waiting
    assert party.conditions == {"Mara": ("weakened",)}
    kinds = [entry.kind for entry in service.store.session_log.entries()]
    assert "encounter" not in kinds and kinds[-1] == "usage_dice"
    assert "2 hours pass" in service.store.session_log.entries()[-1].text
    command.undo()
    assert {e.name for e in service.effects()} == {"Torch", "Lantern", "Ward"}
    assert not {e.name: e for e in service.effects()}["Torch"].spent
