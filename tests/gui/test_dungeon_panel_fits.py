"""The DT panel keeps its width when Clock settings is opened: no sideways scrolling, no clipped
buttons ("Loud noise!", "Resolved", "We forgot to pause…")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QAbstractButton, QScrollArea

from refkit.gui.dungeon.turn_panel import DungeonTurnPanel
from tests.gui.dungeon_helpers import DungeonRig, opened_turn_panel


@pytest.fixture
def panel(qtbot, rig: DungeonRig, settings: QSettings) -> Iterator[DungeonTurnPanel]:
    with opened_turn_panel(qtbot, rig, settings, size=None) as panel:
        yield panel


def clipped(panel: DungeonTurnPanel, texts: set[str]) -> list[str]:
    found = [b for b in panel.findChildren(QAbstractButton) if b.text() in texts and b.isVisible()]
    assert {button.text() for button in found} == texts
    return [b.text() for b in found if b.width() < b.minimumSizeHint().width()]


def test_opening_clock_settings_adds_no_sideways_scrollbar_and_clips_no_button(
    qtbot, panel: DungeonTurnPanel, rig: DungeonRig
) -> None:
    panel.dungeon_edit.setText("Sunken chapel")
    panel.enter_button.click()
    rig.queue_end(lambda result: result.encounter.outcome == "sign")
    panel.end_turn()  # a sign: a pending encounter with its "Resolved" button
    scroll = panel.findChild(QScrollArea, "dungeon_turn_scroll")
    content = scroll.widget()
    width = content.minimumSizeHint().width() + scroll.verticalScrollBar().sizeHint().width() + 4
    panel.resize(width, 700)  # as narrow as the folded panel allows
    panel.show()
    qtbot.waitExposed(panel)
    qtbot.wait(50)
    texts = {"Loud noise!", "Resolved", "We forgot to pause…"}
    assert clipped(panel, texts) == []
    panel.settings_button.setChecked(True)
    qtbot.waitUntil(lambda: panel.settings_box.isVisible())
    qtbot.wait(50)  # the scroll area lays out again in a posted event
    assert scroll.horizontalScrollBar().maximum() == 0
    assert clipped(panel, texts) == []
