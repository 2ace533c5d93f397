"""Issue 24 item 3, with real geometry: the lights list on a 1366×768 screen (and at 2×) shows
whole rows, never a row cut in half at its foot (it showed 2½, a half-hidden Douse button under
the pointer), and it scrolls a row at a time so every row it shows stays whole."""

from __future__ import annotations

import os

import pytest
from PySide6.QtWidgets import QScrollArea

from refkit.gui.dungeon.effects_panel import EffectsPanel
from refkit.gui.shell.panel_registry import PanelId
from tests.gui.screens.test_laptop_screens import all_built, settle, shoot

pytestmark = pytest.mark.skipif(
    os.environ.get("QT_QPA_PLATFORM", "xcb") != "xcb" or not os.environ.get("DISPLAY"),
    reason="needs a real X display with a window manager (xvfb-run and openbox)",
)


def cut_rows(panel: EffectsPanel) -> list[str]:
    """The rows the list's view shows only in part."""
    scroll = panel.findChild(QScrollArea, "effects_scroll")
    view = scroll.viewport()
    cut = []
    for effect_id, row in panel.rows().items():
        top = row.mapTo(view, row.rect().topLeft()).y()
        bottom = top + row.height()
        if top < view.height() and bottom > 0 and (top < 0 or bottom > view.height()):
            cut.append(f"{effect_id}: {top}..{bottom} in 0..{view.height()}")
    return cut


def test_the_lights_list_shows_whole_rows(qtbot, start_app, tmp_path) -> None:
    app = start_app(str(tmp_path / "lights.sqlite3"), ready=all_built)
    app.actions.action("workspace_referee").trigger()
    settle(qtbot, 400)
    dock = app.panels.panel(PanelId.EFFECTS)
    dock.raise_()
    panel = app.panels.widget(PanelId.EFFECTS, EffectsPanel)
    qtbot.waitUntil(lambda: all(b.isEnabled() for b in panel.preset_buttons.values()))
    button = next(iter(panel.preset_buttons.values()))
    for _ in range(6):
        button.click()
    settle(qtbot, 400)
    assert len(panel.rows()) == 6
    shoot(app, "lights")
    scroll = panel.findChild(QScrollArea, "effects_scroll")
    bar = scroll.verticalScrollBar()
    assert bar.maximum() > 0  # six rows do not fit: the test means something
    assert cut_rows(panel) == []
    for _ in range(3):  # a wheel notch or an arrow press moves by whole rows
        bar.triggerAction(bar.SliderAction.SliderSingleStepAdd)
        settle(qtbot, 50)
        assert cut_rows(panel) == [], bar.value()
    bar.setValue(bar.maximum())
    settle(qtbot, 50)
    assert cut_rows(panel) == []
