"""The referee's keys from the players' window, in the real main window: F5, F6, Ctrl+Shift+P."""

from __future__ import annotations

from PySide6.QtCore import Qt

from refkit.gui.main import RefkitApp
from refkit.rules.dungeon.clock import ClockState


def test_f6_f5_and_ctrl_shift_p_work_while_the_players_window_has_focus(qtbot, rig, settings):
    app = RefkitApp(settings)
    qtbot.addWidget(app.window)
    panels = app.install_dungeon_panels()
    panels.set_services(rig.service, rig.tables)
    panels.turn_panel.dungeon_edit.setText("Sunken chapel")
    app.actions.action("players_window").trigger()
    players = panels.turn_panel.players_window
    assert players is not None and players.isVisible()
    players.activateWindow()
    qtbot.waitUntil(players.isActiveWindow)
    qtbot.keyClick(players, Qt.Key.Key_F6)
    assert rig.service.view().clock.state is ClockState.RUNNING
    qtbot.keyClick(players, Qt.Key.Key_F5)
    assert rig.service.view().clock.dt == 2
    shift_ctrl = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(players, Qt.Key.Key_P, shift_ctrl)
    assert not players.isVisible()
    assert not panels.turn_panel.players_button.isChecked()
    panels.shutdown()
