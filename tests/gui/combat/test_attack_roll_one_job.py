"""One attack roll is one job where the steps run (issue 30): the attack saved, its roll logged
once — not again on undo and redo — and what the window offers next read and prepared right
after it, the next foe's odds too when the target goes down; a roll the log could not take is
said in the window, the attack saved all the same."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

from refkit.app.combat.fight_session import FightSession
from refkit.dice.records import RollRecord
from tests.gui.combat.test_attack_dialog import Table


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    made = Table(tmp_path)
    yield made
    made.services.close()


def test_the_roll_is_logged_once_and_undo_and_redo_log_nothing_more(qtbot, table: Table) -> None:
    dialog = table.dialog(qtbot, "Brannoc Tull", "Tunnel ghoul 1")
    table.face = 6
    report = dialog.roll()
    assert report is not None
    assert [r.kind for r in table.rolls] == ["attack"]
    table.stack.undo()
    table.stack.redo()
    table.stack.undo()
    table.stack.redo()
    assert len(table.rolls) == 1 and table.stack.count() == 1
    assert dialog.prepared is not None and dialog.roll_button.isEnabled()  # the next one offered


def test_a_roll_the_log_cannot_take_is_said_and_the_attack_stays_saved(qtbot, table: Table) -> None:
    def refused(_record: RollRecord) -> object:
        raise OperationalError("INSERT INTO roll_log", {}, Exception("disk I/O error"))

    dialog = table.dialog(qtbot, "Brannoc Tull", "Tunnel ghoul 1")
    dialog.log_roll = refused
    table.face = 10
    before = table.services.fight.state.combatant("Tunnel ghoul 1").stamina
    report = dialog.roll()
    assert report is not None and report.hit is not None
    shown = dialog.outcome_label.text()
    assert "Hit! Tunnel ghoul 1 takes" in shown
    assert "The roll is not in the roll log: disk I/O error" in shown
    assert table.stack.count() == 1
    assert table.services.fight.state.combatant("Tunnel ghoul 1").stamina < before
    assert dialog.prepared is not None  # the next attack offered as usual


def test_the_next_attack_is_prepared_once_per_roll_even_when_the_target_goes_down(
    qtbot, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    prepared: list[str] = []
    prepare = FightSession.prepare_attack

    def counting(self: FightSession, attacker: str, weapon: str, target: str, **kw: Any) -> Any:
        prepared.append(target)
        return prepare(self, attacker, weapon, target, **kw)

    monkeypatch.setattr(FightSession, "prepare_attack", counting)
    dialog = table.dialog(qtbot, "Brannoc Tull", "Tunnel ghoul 1")
    assert prepared == ["Tunnel ghoul 1"]  # the opening: the first pick's odds with the choices
    table.face = 10
    fight = table.services.fight
    for _ in range(6):
        prepared.clear()
        assert dialog.roll() is not None
        assert len(prepared) == 1, prepared
        if fight.state.combatant("Tunnel ghoul 1").standing == "dead":
            break
    else:
        pytest.fail("the ghoul never went down")
    assert prepared == ["Tunnel ghoul 2"]  # the next foe's odds, read with the roll
    assert dialog.target_combo.currentText() == "Tunnel ghoul 2"
    assert dialog.prepared is not None
