"""Leaving the dungeon on the DT panel and coming back: DT 1 of a revisit, no greed bonus."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSettings

from refkit.gui.dungeon.turn_panel import DungeonTurnPanel
from refkit.rules.dungeon.clock import ClockState
from tests.gui.dungeon_helpers import DungeonRig, opened_turn_panel


@pytest.fixture
def panel(qtbot, rig: DungeonRig, settings: QSettings) -> Iterator[DungeonTurnPanel]:
    with opened_turn_panel(qtbot, rig, settings) as panel:
        yield panel


def test_leaving_and_coming_back_is_a_revisit_without_greed(panel, rig) -> None:
    assert not panel.leave_button.isEnabled()  # nothing to leave yet
    panel.dungeon_edit.setText("Sunken chapel")
    panel.enter_button.click()
    rig.queue_end(lambda r: True)
    panel.end_turn()
    assert panel.greed_label.text() == "Greed +20 %"
    panel.leave_button.click()
    clock = rig.service.view().clock
    assert (clock.state, clock.dt) == (ClockState.STOPPED, 2)
    assert panel.next_button.isVisible() and panel.next_button.text() == "Come back"
    assert "revisit" in panel.next_button.toolTip()
    panel.next_button.click()
    clock = rig.service.view().clock
    assert (clock.state, clock.dt, clock.revisit) == (ClockState.RUNNING, 1, True)
    assert panel.greed_label.text() == "No greed bonus"
    assert panel.dungeon_label.text() == "Sunken chapel (revisit)"
    rig.undo_stack.undo()  # coming back
    rig.undo_stack.undo()  # leaving
    assert rig.service.view().clock.state is ClockState.RUNNING
    assert panel.greed_label.text() == "Greed +20 %"
