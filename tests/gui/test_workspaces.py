"""The first start shows the clock; Reset brings it back; the Referee and Characters workspaces."""

from __future__ import annotations

from refkit.gui.main import RefkitApp
from refkit.gui.shell.panel_registry import PanelId
from refkit.gui.shell.workspaces import in_front


def _all_built(app: RefkitApp) -> bool:
    return app.character_panels is not None and not app.panels.pending()


def _fronts(app: RefkitApp) -> set[PanelId]:
    return {panel for panel in app.panels.panels() if in_front(app.window, app.panels.panel(panel))}


def _fits_a_scaled_laptop(app: RefkitApp) -> None:
    """The window this arrangement needs fits 2560×1440 at 2× (1280×720 logical, less a
    title bar and a panel of the desktop)."""
    app.window.layout().activate()
    needed = app.window.minimumSizeHint()
    assert needed.width() <= 1280 and needed.height() <= 720 - 60, needed


def test_a_first_start_shows_the_clock_and_the_lights_not_the_dice(qtbot, start_app, tmp_path):
    app = start_app(str(tmp_path / "first.sqlite3"), ready=_all_built)
    qtbot.waitUntil(lambda: PanelId.DUNGEON_TURN in _fronts(app), timeout=3000)
    assert {PanelId.DUNGEON_TURN, PanelId.EFFECTS, PanelId.ROLL_LOG} <= _fronts(app)
    _fits_a_scaled_laptop(app)


def test_reset_panel_layout_brings_the_clock_back_in_front(qtbot, start_app, tmp_path) -> None:
    app = start_app(str(tmp_path / "reset.sqlite3"), ready=_all_built)
    app.panels.panel(PanelId.DICE).raise_()
    app.panels.panel(PanelId.EFFECTS).close()
    app.actions.action("reset_layout").trigger()
    qtbot.waitUntil(lambda: PanelId.DUNGEON_TURN in _fronts(app), timeout=3000)
    assert {PanelId.DUNGEON_TURN, PanelId.EFFECTS} <= _fronts(app)
    assert app.panels.panel(PanelId.EFFECTS).isVisible()


def test_the_workspaces_show_what_each_job_needs(qtbot, start_app, tmp_path) -> None:
    app = start_app(str(tmp_path / "work.sqlite3"), ready=_all_built)
    characters = app.actions.action("workspace_characters")
    referee = app.actions.action("workspace_referee")
    assert characters.shortcut().toString() == "Ctrl+2"
    assert referee.shortcut().toString() == "Ctrl+1"
    view = app.panels.menu("&View")
    assert {characters, referee} <= set(view.actions())

    characters.trigger()
    qtbot.waitUntil(lambda: PanelId.CHARACTER_SHEET in _fronts(app), timeout=3000)
    assert {PanelId.CHARACTERS, PanelId.CHARACTER_SHEET, PanelId.ITEM_CATALOGUE} <= _fronts(app)
    assert PanelId.DUNGEON_TURN not in _fronts(app)
    _fits_a_scaled_laptop(app)

    referee.trigger()
    qtbot.waitUntil(lambda: PanelId.DUNGEON_TURN in _fronts(app), timeout=3000)
    assert {PanelId.DUNGEON_TURN, PanelId.EFFECTS, PanelId.ROLL_LOG} <= _fronts(app)
    _fits_a_scaled_laptop(app)
    every = set(app.panels.panels())
    shown = {p for p in every if app.window.tabifiedDockWidgets(app.panels.panel(p))
             or in_front(app.window, app.panels.panel(p))}  # fmt: skip
    assert shown == every  # none left closed or floating
