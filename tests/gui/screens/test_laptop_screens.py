"""Issue 24, items 2 and 7, with real geometry: on a 1366×768 screen (and 2732×1536 at 2×)
under a window manager, every workspace fits after any sequence of switches, the window does not
grow, the Travel-day form needs no sideways scroll bar, the map shows at a usable size and no
tab title is cut short.

These run only on a real X display (``xvfb-run -a -s "-screen 0 1366x768x24"`` with a window
manager such as openbox started on it); the offscreen platform has no frames or screens to
measure. With ``REFKIT_SCREENSHOTS=folder`` each workspace is also saved there as a PNG.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QTabBar

from refkit.gui.shell.panel_registry import PanelId
from refkit.gui.travel.day_panel import TravelDayPanel
from refkit.gui.travel.map_view import HexMapView
from tests.gui.app_readiness import characters_docked

pytestmark = pytest.mark.skipif(
    os.environ.get("QT_QPA_PLATFORM", "xcb") != "xcb" or not os.environ.get("DISPLAY"),
    reason="needs a real X display with a window manager (xvfb-run and openbox)",
)

WORKSPACES = ("workspace_travel", "workspace_referee", "workspace_characters", "workspace_travel")


def all_built(app: object) -> bool:
    return characters_docked(app) and not app.panels.pending()  # type: ignore[attr-defined]


def settle(qtbot, ms: int = 300) -> None:
    qtbot.wait(ms)
    QApplication.processEvents()


def elided_tabs(window) -> list[str]:
    """Tab titles shown cut short (a tab narrower than its title needs)."""
    cut = []
    for bar in window.findChildren(QTabBar):
        if not bar.isVisible():
            continue
        metrics = bar.fontMetrics()
        for index in range(bar.count()):
            text = bar.tabText(index).replace("&", "")
            room = bar.tabRect(index).width() - 2 * metrics.averageCharWidth()
            if metrics.horizontalAdvance(text) > room:
                cut.append(text)
    return cut


def shoot(app, name: str) -> None:
    folder = os.environ.get("REFKIT_SCREENSHOTS")
    if folder:
        scale = "2x" if QGuiApplication.primaryScreen().devicePixelRatio() > 1 else "1x"
        Path(folder).mkdir(parents=True, exist_ok=True)
        app.window.grab().save(str(Path(folder) / f"{name}-{scale}.png"))


def test_every_workspace_fits_the_screen_after_any_switch(qtbot, start_app, tmp_path) -> None:
    app = start_app(str(tmp_path / "laptop.sqlite3"), ready=all_built)
    window = app.window
    screen = window.screen().availableGeometry()
    settle(qtbot, 600)
    first = window.frameGeometry()
    assert screen.contains(first), (first, screen)
    for name in WORKSPACES:
        app.actions.action(name).trigger()
        settle(qtbot)
        frame = window.frameGeometry()
        assert screen.contains(frame), (name, frame, screen)
        assert frame.height() <= first.height() and frame.width() <= first.width(), name
        assert window.statusBar().isVisible() and window.statusBar().geometry().bottom() < (
            window.height()
        )
        shoot(app, name.removeprefix("workspace_"))
        assert elided_tabs(window) == [], name


def test_the_travel_day_form_and_the_map_are_usable_on_the_laptop(
    qtbot, start_app, tmp_path
) -> None:
    app = start_app(str(tmp_path / "travel.sqlite3"), ready=all_built)
    app.actions.action("workspace_travel").trigger()
    settle(qtbot, 600)
    day = app.panels.widget(PanelId.TRAVEL_DAY, TravelDayPanel)
    assert day.isVisible()
    assert not day.scroller.horizontalScrollBar().isVisible()  # Start journey, NW: all shown
    form = day.scroller.widget()
    assert day.scroller.viewport().width() >= form.minimumSizeHint().width()
    editor = app.panels.widget(PanelId.TRAVEL_MAP)
    view = editor.findChild(HexMapView)
    assert view is not None and view.isVisible()
    assert view.width() >= 240 and view.height() >= 120
    drawn = view.mapFromScene(view.map_scene.map_rect()).boundingRect()
    # The sample map fills the view one way or the other, not a dot in its middle.
    assert drawn.width() >= view.viewport().width() * 0.6 or (
        drawn.height() >= view.viewport().height() * 0.6
    )
    # Before any journey the day's own map shows the sample map fitted, the party on its start.
    assert day.journey is None and day.document.hex_map is not None
    assert day.scene.believed_mark.isVisible()
    drawn = day.view.mapFromScene(day.scene.map_rect()).boundingRect()
    assert drawn.width() >= day.view.viewport().width() * 0.6 or (
        drawn.height() >= day.view.viewport().height() * 0.6
    )
