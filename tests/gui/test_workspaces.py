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


def test_opening_the_new_effect_form_never_grows_the_window_on_a_laptop(
    qtbot, start_app, tmp_path
) -> None:
    from PySide6.QtCore import QRect

    from refkit.gui.dungeon.effects_panel import EffectsPanel

    app = start_app(str(tmp_path / "form.sqlite3"), ready=_all_built)
    window = app.window
    window.available_geometry = lambda: QRect(0, 0, 1366, 768)  # type: ignore[method-assign]
    window.resize(1280, 691)  # what a first start on 1366×768 gives
    qtbot.wait(50)
    height = window.height()
    effects = app.panels.widget(PanelId.EFFECTS, EffectsPanel)
    for _ in range(3):  # a party's lights: torches, a lantern, a candle each
        for light in ("torch", "lantern", "candle"):
            effects.add_light(light)
    effects.more_button.setChecked(True)
    qtbot.waitUntil(effects.form.isVisible, timeout=2000)
    qtbot.wait(100)
    assert window.height() == height
    window.layout().activate()
    assert window.minimumSizeHint().height() <= 768 - 60
    effects.more_button.setChecked(False)
    qtbot.wait(100)
    assert window.height() == height


SCALED_LAPTOP = (1280, 720)
"""2560×1440 at 2× in logical pixels; 1366×768 at 1× is larger both ways."""
CHROME_HEIGHT = 160
"""Title bar, menu bar, toolbar, a tab row and the status bar, together."""
COLUMN_WIDTH = 740
"""Two columns share 1,280 px: one panel may take a little more than half."""


def test_every_panel_fits_a_column_of_a_scaled_laptop(start_app, tmp_path) -> None:
    app = start_app(str(tmp_path / "sizes.sqlite3"), ready=_all_built)
    too_big = {}
    for panel in app.panels.panels():
        needed = app.panels.panel(panel).minimumSizeHint()
        if needed.width() > COLUMN_WIDTH or needed.height() > SCALED_LAPTOP[1] - CHROME_HEIGHT:
            too_big[panel.name] = (needed.width(), needed.height())
    assert too_big == {}
