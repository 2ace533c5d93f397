"""The dungeon-turn screens in the real main window: docks, the Dungeon menu, keys, undo."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from refkit.gui.dungeon.install import (
    DUNGEON_TURN_DOCK,
    EFFECTS_DOCK,
    SESSION_LOG_DOCK,
    TABLES_DOCK,
)
from refkit.gui.main import RefkitApp
from refkit.rules.dungeon.clock import ClockState


@pytest.fixture
def app(qtbot, settings) -> RefkitApp:
    app = RefkitApp(settings)
    qtbot.addWidget(app.window)
    return app


def test_installs_docks_menu_and_unclashing_keys(app, rig, settings) -> None:
    panels = app.install_dungeon_panels()  # the composition root does this after the first paint
    panels.set_services(rig.service, rig.tables)
    names = {dock.objectName() for dock in app.window.docks()}
    assert {DUNGEON_TURN_DOCK, EFFECTS_DOCK, TABLES_DOCK, SESSION_LOG_DOCK} <= names
    titles = [action.text() for action in app.window.menuBar().actions()]
    assert titles.index("&Dungeon") == titles.index("&View") - 1
    owners = app.actions.shortcut_owners()
    for key, action_id in {
        "F5": "dt_end",
        "F6": "dt_run",
        "F8": "dt_loud_noise",
        "Alt+Up": "dt_plus_1",
        "Alt+PgDown": "dt_minus_5",
        "Ctrl+Shift+P": "players_window",
    }.items():
        assert owners[QKeySequence(key).toString(QKeySequence.SequenceFormat.PortableText)] == (
            action_id
        )
    assert owners["Space"] == "roll_test"  # the dice panel keeps its keys
    panels.shutdown()


def test_keys_drive_the_clock_and_end_dt_is_one_undo_step(app, rig, settings) -> None:
    panels = app.install_dungeon_panels()  # the composition root does this after the first paint
    panels.set_services(rig.service, rig.tables)
    panels.turn_panel.dungeon_edit.setText("Sunken chapel")
    app.actions.action("dt_run").trigger()
    assert rig.service.view().clock.state is ClockState.RUNNING
    app.actions.action("dt_plus_1").trigger()
    rig.clock.advance(600)
    app.actions.action("dt_end").trigger()
    assert rig.service.view().clock.dt == 2
    assert app.actions.action("undo").text() == "&Undo End DT 1"
    app.actions.action("undo").trigger()
    assert rig.service.view().clock.dt == 1
    assert panels.session_log_panel.shown_entries()[0].kind == "adjust"
    panels.shutdown()


def test_services_can_arrive_after_the_window(app, rig, settings) -> None:
    panels = app.install_dungeon_panels()
    assert not panels.turn_panel.end_button.isEnabled()
    assert panels.turn_panel.state_label.text() == "Opening the dungeon turn…"
    panels.attach_database(rig.database)
    assert panels.turn_panel.run_button.isEnabled()
    assert panels.table_editor.table_names()  # the default tables are there
    panels.shutdown()


def test_return_and_escape_stay_in_text_fields_despite_the_dice_keys(qtbot, app, rig, settings):
    panels = app.install_dungeon_panels()  # the composition root does this after the first paint
    panels.set_services(rig.service, rig.tables)
    app.window.show()
    app.window.activateWindow()
    qtbot.waitActive(app.window)
    app.window.show_panel("dungeon_turn_dock")
    edit = panels.turn_panel.dungeon_edit
    qtbot.waitUntil(edit.isVisible)
    edit.setFocus()
    qtbot.waitUntil(edit.hasFocus)
    qtbot.keyClicks(edit, "Goblin warren")
    assert edit.hasFocus()
    # Through the window, as a real key press goes (so the window's shortcuts get a say):
    # Return enters the dungeon instead of rolling a test.
    qtbot.keyClick(app.window.windowHandle(), Qt.Key.Key_Return)
    assert rig.service.view().clock.dungeon == "Goblin warren"
    panels.shutdown()
