"""The main window: panels as docks, a layout that survives a restart, menus from the registry."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDockWidget, QMessageBox

import refkit
from refkit.gui.main import MENU_TITLES, RefkitApp
from refkit.gui.shell.panel_registry import PanelId

DICE_DOCK = PanelId.DICE
ROLL_LOG_DOCK = PanelId.ROLL_LOG


def make_app(qtbot, settings: QSettings) -> RefkitApp:
    app = RefkitApp(settings)
    qtbot.addWidget(app.window)
    return app


def test_panels_are_named_docks_listed_in_the_view_menu(qtbot, settings) -> None:
    app = make_app(qtbot, settings)
    docks = app.window.findChildren(QDockWidget)
    # What the first paint needs: the dice and the roll log (and the Games tab, built later).
    assert sorted(dock.objectName() for dock in docks) == sorted(
        [DICE_DOCK, ROLL_LOG_DOCK, PanelId.GAMES]
    )
    assert [a.text() for a in app.window.menuBar().actions()] == list(MENU_TITLES)
    # Right after the first paint the dungeon-turn panels and their menu join them.
    app.install_dungeon_panels()
    assert app.install_dungeon_panels() is app.dungeon  # once only
    docks = app.window.findChildren(QDockWidget)
    assert sorted(dock.objectName() for dock in docks) == sorted(
        [
            DICE_DOCK,
            ROLL_LOG_DOCK,
            PanelId.GAMES,
            "dungeon_turn_dock",
            "effects_dock",
            "tables_dock",
            "session_log_dock",
            "hazards_dock",
        ]
    )
    toolbar_texts = [a.text() for a in app.toolbar.actions() if not a.isSeparator()]
    assert "&End DT" in toolbar_texts and toolbar_texts.count("&End DT") == 1
    menu_titles = [action.text() for action in app.window.menuBar().actions()]
    assert menu_titles == ["&File", "&Edit", "&Dice", "&Dungeon", "&View", "&Help"]
    assert set(MENU_TITLES) <= set(menu_titles)
    view = next(a.menu() for a in app.window.menuBar().actions() if a.text() == "&View")
    panels = next(a.menu() for a in view.actions() if a.menu() and a.text() == "Panels")
    assert [a.text() for a in panels.actions()][:2] == ["Dice", "Roll log"]
    assert {"Dungeon turn", "Lights and effects", "Tables", "Session log"} <= {
        a.text() for a in panels.actions()
    }


def test_every_shortcut_in_the_window_is_unique(qtbot, settings) -> None:
    app = make_app(qtbot, settings)
    app.install_dungeon_panels()  # its keys must not clash with the dice panel's either
    owners: dict[str, str] = {}
    for action in app.window.findChildren(type(app.actions.action("undo"))):
        for sequence in action.shortcuts():
            key = sequence.toString(QKeySequence.SequenceFormat.PortableText)
            assert key not in owners, f"{key} used by {owners[key]} and {action.text()}"
            owners[key] = action.text()
    for key in ("Space", "Return", "D", "U", "E", "Shift+E", "B", "X", "Ctrl+F", "Ctrl+Q"):
        assert key in owners
    assert QKeySequence(QKeySequence.StandardKey.Undo).toString() in owners


def test_layout_is_restored_after_a_restart(qtbot, settings) -> None:
    first = make_app(qtbot, settings)
    first.window.show()
    qtbot.waitExposed(first.window)
    first.window.move(13, 17)
    first.window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, first.window.dock(DICE_DOCK))
    first.window.dock(ROLL_LOG_DOCK).hide()
    first.window.close()
    assert not first.window.layout_restored
    assert settings.contains("main_window/state")

    second = make_app(qtbot, settings)
    second.window.show()
    qtbot.waitExposed(second.window)
    assert second.window.dock(ROLL_LOG_DOCK).isHidden()
    assert second.window.dock(DICE_DOCK).isVisible()
    dice_area = second.window.dockWidgetArea(second.window.dock(DICE_DOCK))
    assert dice_area == Qt.DockWidgetArea.BottomDockWidgetArea
    assert second.window.layout_restored

    second.actions.action("reset_layout").trigger()
    assert second.window.dock(ROLL_LOG_DOCK).isVisible()


def test_undo_and_redo_start_disabled(qtbot, settings) -> None:
    app = make_app(qtbot, settings)
    assert not app.actions.action("undo").isEnabled()
    assert not app.actions.action("redo").isEnabled()


def test_about_opens_without_blocking_and_names_the_version(qtbot, settings) -> None:
    app = make_app(qtbot, settings)
    app.window.show()
    qtbot.waitExposed(app.window)
    app.actions.action("about").trigger()  # would hang here if it ran a modal exec()
    box = app.window.findChild(QMessageBox, "about_box")
    assert box is not None and box.isVisible()
    assert refkit.__version__ in box.text()
    box.close()


def test_status_bar_says_the_database_is_opening_before_it_is_open(qtbot, settings) -> None:
    app = make_app(qtbot, settings)
    label = app.window.statusBar().findChild(type(app.dice_panel.net_label), "database_label")
    assert label.text() == "Database: opening…"
    assert not app.dice_panel.roll_button.isEnabled()


def test_window_paints_and_says_so_once(qtbot, settings) -> None:
    app = make_app(qtbot, settings)
    with qtbot.waitSignal(app.window.first_painted, timeout=5000):
        app.window.show()
    assert app.window.painted
    assert app.window.testAttribute(Qt.WidgetAttribute.WA_WState_Visible)


def test_reset_returns_to_the_fresh_layout_even_after_late_panels(qtbot, settings) -> None:
    first = make_app(qtbot, settings)
    first.window.show()
    qtbot.waitExposed(first.window)
    fresh_area = first.window.dockWidgetArea(first.window.dock(DICE_DOCK))
    first.window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, first.window.dock(DICE_DOCK))
    first.window.close()

    second = make_app(qtbot, settings)  # restores the moved dice panel
    second.window.show()
    qtbot.waitExposed(second.window)
    assert second.window.dockWidgetArea(second.window.dock(DICE_DOCK)) != fresh_area
    second.install_dungeon_panels()  # late panels restore their places again
    second.actions.action("reset_layout").trigger()
    assert second.window.dockWidgetArea(second.window.dock(DICE_DOCK)) == fresh_area
    assert all(dock.isVisible() for dock in second.window.docks())


def _arrangement(app: RefkitApp) -> dict[str, tuple[object, set[str]]]:
    window = app.window
    return {
        dock.objectName(): (
            window.dockWidgetArea(dock),
            {other.objectName() for other in window.tabifiedDockWidgets(dock)},
        )
        for dock in window.docks()
    }


def test_reset_puts_late_panels_back_in_their_tabs_and_the_window_fits_a_laptop(
    qtbot, settings
) -> None:
    """Reset used to restore a state saved before the dungeon's docks existed: they came back
    untabbed, stacked one above the other, and the window grew to 1,260 px on a 768 px screen."""
    app = make_app(qtbot, settings)
    app.window.available_geometry = lambda: QRect(0, 0, 1366, 768)  # type: ignore[method-assign]
    app.window.show()
    qtbot.waitExposed(app.window)
    app.install_dungeon_panels()
    app.actions.action("workspace_referee").trigger()  # what a first start shows, once open
    qtbot.wait(300)
    fresh = _arrangement(app)
    assert fresh[PanelId.SESSION_LOG][1] >= {PanelId.ROLL_LOG}
    assert fresh[PanelId.DUNGEON_TURN][1] >= {PanelId.DICE, PanelId.TABLES}
    window = app.window
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, app.panels.panel(PanelId.TABLES))
    app.panels.panel(PanelId.EFFECTS).close()
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, app.panels.panel(PanelId.DICE))

    app.actions.action("reset_layout").trigger()
    qtbot.wait(300)
    assert _arrangement(app) == fresh
    assert window.minimumSizeHint().height() <= 768
    assert all(dock.isVisible() and not dock.isFloating() for dock in window.docks())


def test_the_rules_lookup_registers_from_its_package_with_an_application_wide_ctrl_k(
    qtbot, settings
) -> None:
    app = make_app(qtbot, settings)
    assert app.install_lookup()
    assert app.install_lookup()  # once only: a second call adds nothing
    action = app.actions.action("lookup")
    assert action.shortcut().toString() == "Ctrl+K"
    assert action.shortcutContext() is Qt.ShortcutContext.ApplicationShortcut
    view = next(a.menu() for a in app.window.menuBar().actions() if a.text() == "&View")
    assert action in view.actions()


def test_the_games_tab_sits_beside_the_dice_and_game_rolls_reach_the_roll_log(
    qtbot, settings
) -> None:
    from refkit.gui.games.hub import GamesPanel

    app = make_app(qtbot, settings)
    dock = app.panels.panel(PanelId.GAMES)
    assert dock in app.window.tabifiedDockWidgets(app.panels.panel(PanelId.DICE))
    assert app.actions.action("show_games").shortcut().toString() == "Alt+3"
    games = app.panels.widget(PanelId.GAMES, GamesPanel)
    assert games.count() >= 1

    record = object()  # a game's RollRecord, passed through untouched
    assert app.context.log_roll(record) is None  # no database yet: said, not lost silently
    assert "still opening" in app.window.statusBar().currentMessage()
    logged: list[object] = []

    class Service:
        def log_roll(self, record: object) -> str:
            logged.append(record)
            return "logged"

    app.service = Service()  # type: ignore[assignment]
    assert app.context.log_roll(record) == "logged" and logged == [record]


def test_the_dungeon_install_paused_after_the_first_paint_is_finished_by_the_database(
    qtbot, settings
) -> None:
    app = make_app(qtbot, settings)
    steps = app.install_dungeon_panels_steps()
    next(steps)  # the coroutine after the first paint docked the dungeon, then paused
    assert not app.panels.has(PanelId.TABLES)
    panels = app.install_dungeon_panels()  # the database opened meanwhile: it carries on
    assert app.panels.has(PanelId.TABLES) and panels is app.dungeon
    assert list(steps) == []  # nothing left for the paused coroutine
