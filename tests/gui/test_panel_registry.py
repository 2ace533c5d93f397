"""The panel registry: typed ids, lazily built docks, menus filled by section, global keys."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QToolBar, QWidget

from refkit.gui.shell.actions import ActionRegistry, ActionRegistryError, ActionSpec
from refkit.gui.shell.main_window import MainWindow
from refkit.gui.shell.panel_registry import (
    MenuId,
    PanelId,
    PanelRegistry,
    PanelRegistryError,
    PanelSpec,
)


@pytest.fixture
def registry(qtbot, settings: QSettings) -> PanelRegistry:
    window = MainWindow(settings)
    qtbot.addWidget(window)
    toolbar = QToolBar()
    window.addToolBar(toolbar)
    registry = PanelRegistry(window, ActionRegistry(window), toolbar)
    registry.build_menu_bar(window.menuBar())
    return registry


def _label(text: str, built: list[str]) -> QLabel:
    built.append(text)
    return QLabel(text)


def test_a_lazy_panel_is_docked_at_once_and_built_only_when_asked(registry) -> None:
    built: list[str] = []
    dock = registry.add_panel(PanelSpec(PanelId.GAMES, "Games", lambda: _label("games", built)))
    assert dock.objectName() == "games_dock"
    assert registry.panel(PanelId.GAMES) is dock
    assert built == [] and not registry.is_built(PanelId.GAMES)
    widget = registry.widget(PanelId.GAMES, QLabel)
    assert widget.text() == "games" and dock.widget() is widget
    assert registry.widget(PanelId.GAMES) is widget and built == ["games"]


def test_idle_steps_build_one_panel_per_turn_of_the_event_loop(registry, qtbot) -> None:
    built: list[str] = []
    for panel in (PanelId.DICE, PanelId.ROLL_LOG, PanelId.GAMES):
        registry.add_panel(PanelSpec(panel, panel.name, lambda p=panel: _label(p.name, built)))
    registry.build_in_idle_steps()
    assert built == []
    QApplication.processEvents()  # one turn: a single zero-timer fires
    assert len(built) == 1
    qtbot.waitUntil(lambda: len(built) == 3)
    assert registry.pending() == []


def test_showing_a_lazy_dock_builds_its_widget(registry, qtbot) -> None:
    built: list[str] = []
    registry.add_panel(PanelSpec(PanelId.LOOKUP, "Lookup", lambda: _label("lookup", built)))
    registry.window.show()
    qtbot.waitUntil(lambda: built == ["lookup"])


def test_when_built_wires_a_panel_without_building_it_early(registry) -> None:
    registry.add_panel(PanelSpec(PanelId.TABLES, "Tables", lambda: QLineEdit("x")))
    seen: list[QWidget] = []
    registry.when_built(PanelId.TABLES, seen.append)
    assert seen == []
    widget = registry.widget(PanelId.TABLES)
    assert seen == [widget]
    registry.when_built(PanelId.TABLES, seen.append)  # already built: at once
    assert seen == [widget, widget]


def test_wrong_kind_unknown_and_twice_registered_panels_are_refused(registry) -> None:
    registry.add_panel(PanelSpec(PanelId.DICE, "Dice", QLabel, lazy=False))
    with pytest.raises(PanelRegistryError, match="DICE is a QLabel"):
        registry.widget(PanelId.DICE, QLineEdit)
    with pytest.raises(PanelRegistryError, match="LOOKUP is not registered"):
        registry.panel(PanelId.LOOKUP)
    with pytest.raises(PanelRegistryError, match="DICE is registered twice"):
        registry.add_panel(PanelSpec(PanelId.DICE, "Dice", QLabel))


def test_tabify_go_to_action_and_feature_menu_toggle(registry, qtbot) -> None:
    registry.add_panel(PanelSpec(PanelId.DICE, "Dice", QLabel, lazy=False))
    dock = registry.add_panel(
        PanelSpec(
            PanelId.GAMES,
            "Games",
            lambda: QLineEdit("game"),
            tabify_with=PanelId.DICE,
            go_to="Go to &Games",
            shortcut="Alt+3",
            menu=MenuId.DICE,
        )
    )
    window = registry.window
    assert window.tabifiedDockWidgets(dock) == [registry.panel(PanelId.DICE)]
    go_to = registry.action("show_games")
    assert go_to.shortcut().toString() == "Alt+3"
    assert go_to in registry.menu(MenuId.VIEW).actions()
    assert dock.toggleViewAction() in registry.menu(MenuId.DICE).actions()
    window.show()
    go_to.trigger()
    assert registry.is_built(PanelId.GAMES)
    qtbot.waitUntil(lambda: dock.isVisible())


def test_menus_keep_sections_apart_and_panel_toggles_last_however_late_added(registry) -> None:
    registry.add_panel(PanelSpec(PanelId.DUNGEON_TURN, "DT", QLabel, menu=MenuId.DUNGEON))
    registry.add_actions(
        [
            ActionSpec("a", "A", print, menu=MenuId.DUNGEON, section="one"),
            ActionSpec("b", "B", print, menu=MenuId.DUNGEON, section="two"),
        ]
    )
    registry.add_action(ActionSpec("c", "C", print, menu=MenuId.DUNGEON, section="one"))
    menu = registry.menu(MenuId.DUNGEON)
    names = [action.text() if not action.isSeparator() else "|" for action in menu.actions()]
    assert names == ["A", "C", "|", "B", "|", "DT"]
    bar = [action.text() for action in registry.window.menuBar().actions()]
    assert bar == ["&Dungeon"]  # the others have nothing in them yet
    registry.add_action(ActionSpec("q", "Q", print, menu=MenuId.FILE))
    registry.add_action(ActionSpec("h", "H", print, menu=MenuId.HELP))
    registry.add_action(ActionSpec("v", "V", print, menu=MenuId.VIEW))
    bar = [action.text() for action in registry.window.menuBar().actions()]
    assert bar == ["&File", "&Dungeon", "&View", "&Help"]


def test_declared_sections_keep_their_order(registry) -> None:
    registry.declare_sections(MenuId.FILE, ["export", "quit"])
    registry.add_action(ActionSpec("quit", "Quit", print, menu=MenuId.FILE, section="quit"))
    registry.add_action(ActionSpec("csv", "CSV", print, menu=MenuId.FILE, section="export"))
    texts = [a.text() or "|" for a in registry.menu(MenuId.FILE).actions()]
    assert texts == ["CSV", "|", "Quit"]


def test_an_action_naming_an_unbuilt_menu_is_refused(registry) -> None:
    with pytest.raises(ActionRegistryError, match="'Nowhere'"):
        registry.add_action(ActionSpec("x", "X", print, menu="Nowhere"))


def test_toolbar_actions_land_on_the_toolbar(registry) -> None:
    action = registry.add_action(ActionSpec("t", "T", print, menu=MenuId.EDIT, toolbar=True))
    assert action in registry.toolbar.actions()


def test_an_application_wide_key_works_outside_the_main_window(registry) -> None:
    action = registry.add_action(
        ActionSpec("lookup", "Look up", print, ("Ctrl+K",), application_wide=True)
    )
    assert action.shortcutContext() is Qt.ShortcutContext.ApplicationShortcut
    plain = registry.add_action(ActionSpec("plain", "Plain", print, ("Ctrl+J",)))
    assert plain.shortcutContext() is Qt.ShortcutContext.WindowShortcut


def test_a_panel_that_fails_to_build_says_why_in_its_dock(registry) -> None:
    def broken() -> QWidget:
        raise RuntimeError("no GAME_PANEL in refkit.gui.games.half_written")

    registry.add_panel(PanelSpec(PanelId.GAMES, "Games", broken))
    widget = registry.widget(PanelId.GAMES, QLabel)
    assert "Games panel could not be built: no GAME_PANEL" in widget.text()
    assert widget.textFormat() is Qt.TextFormat.PlainText
    assert "could not be built" in registry.window.statusBar().currentMessage()


def test_a_panel_built_only_when_shown_is_left_out_of_the_idle_steps(registry, qtbot) -> None:
    built: list[str] = []
    registry.add_panel(PanelSpec(PanelId.DICE, "Dice", lambda: _label("dice", built)))
    registry.add_panel(
        PanelSpec(PanelId.GAMES, "Games", lambda: _label("games", built), build_when_idle=False)
    )
    registry.window.tabifyDockWidget(registry.panel(PanelId.DICE), registry.panel(PanelId.GAMES))
    registry.panel(PanelId.DICE).raise_()
    registry.build_in_idle_steps()
    qtbot.waitUntil(lambda: built == ["dice"])
    assert registry.pending() == []
    registry.show(PanelId.GAMES)
    assert built == ["dice", "games"]


def test_docks_shown_together_are_built_one_per_turn_of_the_event_loop(registry, qtbot) -> None:
    # Issue 8: a restored layout shows several docks at once; building them all in the same turn
    # froze the window for their sum (the DT, lights and session log: ~190 ms).
    registry.window.show()
    qtbot.waitUntil(lambda: registry.window.painted)
    built: list[str] = []
    left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
    for panel, area in ((PanelId.DICE, left), (PanelId.ROLL_LOG, right), (PanelId.GAMES, left)):
        dock = registry.add_panel(
            PanelSpec(panel, panel.name, lambda p=panel: _label(p.name, built), area)
        )
        dock.hide()
    for panel in (PanelId.DICE, PanelId.ROLL_LOG, PanelId.GAMES):
        registry.panel(panel).show()
    QApplication.processEvents()
    assert len(built) == 1  # one in this turn, the next on a later one (a 1 ms timer)
    qtbot.waitUntil(lambda: len(built) == 3)


@pytest.mark.parametrize("when_idle", [False, True], ids=["settling", "one per turn"])
def test_a_shown_dock_is_not_built_again_while_its_panel_is_being_built(
    registry, qtbot, when_idle: bool
) -> None:
    """A panel whose build turns the event loop (it waits on the database worker) once met its
    own dock's "shown, build it" timer inside that loop, and the registry refused the second
    build as the panel asking for itself: the window's start logged a PanelRegistryError."""
    from refkit.gui.shell.panel_registry import NEXT_TURN_MS, SETTLE_MS

    built: list[str] = []

    def slow_build() -> QLabel:
        built.append("lookup")
        dock = registry.panel(PanelId.LOOKUP)
        dock.hide()  # docks re-tabbed as later features join flicker hidden and shown
        dock.show()
        registry.build_in_idle_steps()  # start-up's idle building may begin meanwhile
        qtbot.wait(3 * max(SETTLE_MS, NEXT_TURN_MS))  # the worker's wait turns the loop
        return QLabel("lookup")

    registry.add_panel(PanelSpec(PanelId.LOOKUP, "Lookup", slow_build, build_when_idle=when_idle))
    registry.window.show()
    qtbot.waitExposed(registry.window)
    qtbot.waitUntil(lambda: built == ["lookup"])
    qtbot.waitUntil(lambda: registry.is_built(PanelId.LOOKUP))
    qtbot.wait(3 * max(SETTLE_MS, NEXT_TURN_MS))
    assert built == ["lookup"]
    assert registry.widget(PanelId.LOOKUP, QLabel).text() == "lookup"
