"""Start-up in two stages: the panels in front are live first, the other features join after.

Issue 8: the window was usable only once every feature (the crows' sheet and board, spells,
crafting, travel, fights, printing) was imported, its services built and a thousand crows
decoded for the list. Now the clock, the lights and the roll log work first; the rest joins
behind them without moving what the user looks at, and a saved layout still puts every late
panel back where the user left it.
"""

from __future__ import annotations

from refkit.gui.main import RefkitApp
from refkit.gui.shell.panel_registry import PanelId
from refkit.gui.shell.workspaces import Workspace, fronts


def _usable(app: RefkitApp) -> bool:
    return app.usable


def _complete(app: RefkitApp) -> bool:
    return app.character_panels is not None and not app.panels.pending()


def test_the_clock_lights_and_roll_log_work_before_the_crows_panels_join(
    qtbot, start_app, tmp_path
) -> None:
    seen: dict[str, object] = {}

    def record_when_usable(app: RefkitApp) -> None:
        dungeon = app.dungeon
        assert dungeon is not None
        seen["ready"] = dungeon.session.ready()
        seen["sheet"] = app.panels.has(PanelId.CHARACTER_SHEET)
        seen["fronts"] = set(fronts(app.panels))
        seen["built"] = {
            p for p in (PanelId.DUNGEON_TURN, PanelId.EFFECTS) if app.panels.is_built(p)
        }
        seen["log"] = app.service is not None
        app.window.resize(1366, 740)  # a laptop's screen, less the desktop's panel
        seen["size"] = app.window.size()

    apps: list[RefkitApp] = []

    def usable_once_known(app: object) -> bool:
        assert isinstance(app, RefkitApp)
        if not apps:
            apps.append(app)
            app.when_usable(lambda: record_when_usable(app))
        return app.usable

    app = start_app(str(tmp_path / "staged.sqlite3"), ready=usable_once_known)
    assert seen["ready"] is True  # End DT, douse, rests: the dungeon turn is live
    assert seen["log"] is True  # a roll lands in the roll log
    assert seen["built"] == {PanelId.DUNGEON_TURN, PanelId.EFFECTS}
    assert {PanelId.DUNGEON_TURN, PanelId.EFFECTS, PanelId.ROLL_LOG} <= seen["fronts"]  # type: ignore[operator]
    assert seen["sheet"] is False  # the crows' panels are still on their way

    qtbot.waitUntil(lambda: _complete(app), timeout=20000)
    assert {PanelId.DUNGEON_TURN, PanelId.EFFECTS, PanelId.ROLL_LOG} <= set(fronts(app.panels))
    assert app.panels.has(PanelId.CHARACTER_SHEET)
    assert app.panels.has(PanelId.FIGHT)
    assert app.window.size() == seen["size"]  # joining never grows the window off a laptop


def test_late_panels_come_back_where_the_user_left_them(qtbot, start_app, tmp_path) -> None:
    database = str(tmp_path / "layout.sqlite3")
    first = start_app(database, ready=_complete)
    first.show_workspace(Workspace.CHARACTERS)
    qtbot.waitUntil(lambda: PanelId.CHARACTER_SHEET in fronts(first.panels), timeout=3000)
    first.window.close()  # saves the layout
    first.shutdown()

    again = start_app(database, ready=_complete)
    qtbot.waitUntil(lambda: PanelId.CHARACTER_SHEET in fronts(again.panels), timeout=5000)
    assert {PanelId.CHARACTERS, PanelId.CHARACTER_SHEET, PanelId.ITEM_CATALOGUE} <= set(
        fronts(again.panels)
    )
    assert PanelId.DUNGEON_TURN not in fronts(again.panels)


def test_what_start_up_made_is_kept_out_of_full_garbage_collections(
    qtbot, start_app, tmp_path, monkeypatch
) -> None:
    # A full collection walked the 100,000+ objects of the imports and the panels each time
    # and held the interpreter for 57-75 ms in the middle of an edit on a big database.
    import gc

    monkeypatch.setattr(RefkitApp, "freezes_start_up", True)  # as run_app() has it
    gc.unfreeze()
    try:
        start_app(str(tmp_path / "frozen.sqlite3"), ready=_complete)
        assert gc.get_freeze_count() > 50_000
        assert len(gc.get_objects()) < gc.get_freeze_count()
    finally:
        gc.unfreeze()  # the other tests' windows are collected as usual


def test_the_session_log_behind_its_tab_reads_only_when_shown(qtbot, start_app, tmp_path) -> None:
    # Built behind the roll log at start-up, it read its 2,000 newest entries there and then
    # (87 ms on a big database) although nobody was looking.
    app = start_app(str(tmp_path / "log.sqlite3"), ready=_complete)
    dungeon = app.dungeon
    assert dungeon is not None
    panel = dungeon.session_log_panel
    assert PanelId.SESSION_LOG not in fronts(app.panels)
    dungeon.session.start_turn(dungeon="Crypt")
    qtbot.wait(50)
    assert panel.model.rows() == []  # behind its tab: nothing read yet
    app.panels.show(PanelId.SESSION_LOG)
    qtbot.waitUntil(lambda: len(panel.model.rows()) > 0, timeout=3000)
    assert "Crypt" in " ".join(str(entry) for entry in panel.model.rows())


def test_a_first_start_tabs_the_late_panels_in_the_workspaces_order(
    qtbot, start_app, tmp_path
) -> None:
    # Joined one by one, each went to the end of its group: the fight tracker, meant to be the
    # tab next to the clock, came last.
    from PySide6.QtWidgets import QTabBar

    app = start_app(str(tmp_path / "order.sqlite3"), ready=_complete)
    bars = [bar for bar in app.window.findChildren(QTabBar) if bar.count() > 1]
    groups = [[bar.tabText(i) for i in range(bar.count())] for bar in bars]
    assert [
        "Dungeon turn", "Fight", "Dice", "Games", "Characters", "Character sheet",
        "Item catalogue", "Tables",
    ] in groups  # fmt: skip
    logs = next(group for group in groups if "Roll log" in group)
    assert logs[:2] == ["Roll log", "Session log"]


def test_a_saved_layout_too_tall_for_this_screen_is_replaced_by_the_referees(
    qtbot, start_app, tmp_path, monkeypatch
) -> None:
    """Every panel stacked in one column (what a tall monitor, or an old Refkit, may leave
    behind) once opened a 1366×2407 window on a 768-pixel screen: the late panels joined that
    column after the front stage had judged the layout, and with every panel built the
    Referee arrangement itself was 784 px tall at its least (the crafting panel's 478)."""
    from PySide6.QtCore import QRect, Qt

    from refkit.gui.shell.main_window import MainWindow

    database = str(tmp_path / "stacked.sqlite3")
    first = start_app(database, ready=_complete)
    window = first.window
    for panel in first.panels.panels():
        window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, first.panels.panel(panel))
    window.save_layout()
    first.shutdown()
    window.close()

    laptop = QRect(0, 0, 1366, 768)  # the Referee arrangement fits there (not in 800×800)
    monkeypatch.setattr(MainWindow, "available_geometry", lambda _window: laptop)
    again = start_app(database, ready=_complete)
    available = again.window.available_geometry()
    assert available is not None
    frame = again.window.frameGeometry()
    assert frame.height() <= available.height(), (frame, available)
    assert again.window.minimumSizeHint().height() <= available.height()
    assert PanelId.DUNGEON_TURN in fronts(again.panels)  # the referee's arrangement
    assert "did not fit" in again.window.statusBar().currentMessage()
