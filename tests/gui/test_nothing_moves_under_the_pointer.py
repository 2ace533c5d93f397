"""Issue 24, item 3: nothing moves under the pointer. The DT panel keeps its buttons where they
are through End DT, a rest's steps, a douse and a message; the fight panel keeps its rows where
they are when New round starts the turns; the lights list shows whole rows."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QWidget

from refkit.compose import Services
from refkit.gui.combat.tracker import FightPanel
from refkit.gui.dungeon.turn_panel import DungeonTurnPanel
from refkit.gui.shell.undo_adapter import RefkitUndoStack, push_command
from tests.gui.dungeon_helpers import DungeonRig, opened_turn_panel


def where(panel: QWidget, widgets: dict[str, QWidget]) -> dict[str, int]:
    for _ in range(3):  # the layouts settle (each pass may post the next layout request)
        QApplication.processEvents()
    return {name: w.mapTo(panel, QPoint(0, 0)).y() for name, w in widgets.items()}


def pressed_next(panel: DungeonTurnPanel) -> dict[str, QWidget]:
    rest = panel.rest
    return {
        "End DT": panel.end_button,
        "Start rest": rest.start_button,
        "Half-way": rest.halfway_button,
        "Rest check": rest.check_button,
        "Finish rest": rest.finish_button,
        "Leave dungeon": panel.leave_button,
    }


@pytest.mark.parametrize("size", [(640, 900), (420, 620)])
def test_the_dt_panel_keeps_its_buttons_through_an_evening(
    qtbot, rig: DungeonRig, settings, size: tuple[int, int]
) -> None:
    with opened_turn_panel(qtbot, rig, settings, size=size) as panel:
        panel.dungeon_edit.setText("Sunken chapel")
        panel.enter_button.click()
        buttons = pressed_next(panel)
        before = where(panel, buttons)
        rig.service.add_preset("torch")
        panel.session.refresh()
        panel.end_turn()  # the summary and the encounter check are shown
        assert where(panel, buttons) == before
        panel.show_message("A long refusal that takes up a line of its own, or even two of them")
        assert where(panel, buttons) == before
        panel.session.start_rest()  # "douse them" and the finish buttons come
        assert where(panel, buttons) == before
        (torch,) = rig.service.effects()
        panel.session.douse(torch.id)
        assert where(panel, buttons) == before
        panel.session.rest_halfway()
        panel.session.rest_check(False)
        assert where(panel, buttons) == before


@pytest.fixture
def fight(qtbot, tmp_path: Path) -> Iterator[FightPanel]:
    with Services(db_url=str(tmp_path / "fight.sqlite3")) as services:
        stack = RefkitUndoStack()
        panel = FightPanel(
            services.fight,
            services.characters,
            lambda command: push_command(stack, command),
            services.party.members,
            undo_stack=stack,
        )
        qtbot.addWidget(panel)
        panel.resize(520, 760)
        panel.show()
        qtbot.waitExposed(panel)
        yield panel


def test_new_round_does_not_push_the_rows_down(fight: FightPanel) -> None:
    fight.session.add_creatures("Cellar rat", 2).do()
    fight.session.add_crows(["Hesper Quill", "Wren Ashdown"]).do()
    fight.session.reload()
    rows = {name: row for name, row in fight.rows.items()}
    before = where(fight, rows)
    assert fight.new_round(die=3)
    assert fight.turn_label.text()  # the turn is said…
    assert where(fight, rows) == before  # …in room that was there already
    fight.toggle_condition("Hesper Quill", "vulnerable")
    assert where(fight, rows) == before
