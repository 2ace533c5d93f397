"""The window of a player's login (issue 23 item 5): only the player's docks (their crows' sheet
and board, the crows, the catalogue, the lookup, dice and the roll log), shown again by no layout;
the referee's menu entries gone save the players' window; the status bar says who is signed in.
The referee's window stays whole."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QLabel, QToolBar

from refkit.gui.shell.actions import ActionRegistry, ActionSpec
from refkit.gui.shell.main_window import MainWindow
from refkit.gui.shell.panel_registry import MenuId, PanelId, PanelRegistry, PanelSpec
from refkit.gui.shell.player_view import show_login_view
from refkit.present.player_view import PLAYER_PANELS, hidden_panels, keeps_action


@pytest.fixture
def registry(qtbot, settings: QSettings) -> PanelRegistry:
    window = MainWindow(settings)
    qtbot.addWidget(window)
    toolbar = QToolBar()
    window.addToolBar(toolbar)
    registry = PanelRegistry(window, ActionRegistry(window), toolbar)
    registry.build_menu_bar(window.menuBar())
    return registry


def _dock(registry: PanelRegistry, panel: PanelId) -> None:
    registry.add_panel(
        PanelSpec(panel, panel.name, lambda: QLabel(panel.name), menu=MenuId.VIEW, go_to=panel.name)
    )


def _dungeon_actions(registry: PanelRegistry) -> None:
    registry.add_actions(
        [
            ActionSpec("dt_end", "&End DT", lambda: None, ("F5",), menu=MenuId.DUNGEON),
            ActionSpec("players_window", "&Players' window", lambda: None, menu=MenuId.DUNGEON),
        ]
    )


def test_only_a_players_own_panels_are_kept_for_a_player() -> None:
    every = [panel.value for panel in PanelId]
    hidden = hidden_panels("player", every)
    assert set(every) - hidden == PLAYER_PANELS
    assert {"dungeon_turn_dock", "tables_dock", "fight_dock", "session_log_dock"} <= hidden
    assert hidden_panels("referee", every) == frozenset()
    assert keeps_action("player", "players_window") and not keeps_action("player", "dt_end")
    assert keeps_action("referee", "dt_end")


def test_a_players_window_hides_the_referees_docks_and_controls(registry, qtbot) -> None:
    _dock(registry, PanelId.DICE)
    _dock(registry, PanelId.DUNGEON_TURN)
    _dungeon_actions(registry)
    registry.window.show()
    note = show_login_view(registry, "player", "alice")
    _dock(registry, PanelId.FIGHT)  # a panel docked later is held down too
    _dock(registry, PanelId.CHARACTER_SHEET)
    registry.reset_layout()  # a layout shows every dock: not the referee's
    QApplication.processEvents()
    qtbot.waitUntil(lambda: not registry.panel(PanelId.DUNGEON_TURN).isVisible())
    assert not registry.panel(PanelId.FIGHT).isVisible()
    assert registry.panel(PanelId.DICE).isVisible()
    assert registry.panel(PanelId.CHARACTER_SHEET).isVisible()
    assert not registry.panel(PanelId.FIGHT).toggleViewAction().isVisible()
    assert not registry.action("show_dungeon_turn").isEnabled()
    assert not registry.action("dt_end").isEnabled() and not registry.action("dt_end").isVisible()
    assert registry.action("players_window").isEnabled()
    assert note is not None and "alice" in note.text()


def test_the_referees_window_stays_whole(registry) -> None:
    _dock(registry, PanelId.DUNGEON_TURN)
    _dungeon_actions(registry)
    registry.window.show()
    assert show_login_view(registry, "referee", "gm") is None
    assert registry.panel(PanelId.DUNGEON_TURN).isVisible()
    assert registry.action("dt_end").isEnabled()
