"""Issue 24 item 7, with real geometry: the Hazards panel's "Toppling an object" section is
whole on a 1366×768 screen (and at 2×): no sideways scroll bar hides its right part, and its
wrapped note shows every line (a label shorter than its text needs was cut)."""

from __future__ import annotations

import os

import pytest
from PySide6.QtWidgets import QLabel, QScrollArea, QWidget

from refkit.gui.shell.panel_registry import PanelId
from tests.gui.screens.test_laptop_screens import all_built, settle, shoot

pytestmark = pytest.mark.skipif(
    os.environ.get("QT_QPA_PLATFORM", "xcb") != "xcb" or not os.environ.get("DISPLAY"),
    reason="needs a real X display with a window manager (xvfb-run and openbox)",
)


def cut_labels(box: QWidget) -> list[str]:
    """The wrapped labels in ``box`` shorter than their text needs at their width."""
    cut = []
    for label in box.findChildren(QLabel):
        if label.isVisible() and label.wordWrap() and label.text():
            needed = label.heightForWidth(label.width())
            if label.height() < needed:
                cut.append(f"{label.text()!r}: {label.height()} < {needed}")
    return cut


@pytest.mark.parametrize("workspace", ["workspace_referee", "workspace_travel"])
def test_the_toppling_section_is_whole(qtbot, start_app, tmp_path, workspace) -> None:
    app = start_app(str(tmp_path / "hazards.sqlite3"), ready=all_built)
    app.actions.action(workspace).trigger()
    settle(qtbot, 400)
    dock = app.panels.panel(PanelId.HAZARDS)
    dock.show()
    dock.raise_()
    settle(qtbot, 400)
    panel = app.panels.widget(PanelId.HAZARDS)
    scroll = panel.findChild(QScrollArea, "hazards_scroll")
    pages = [
        ("fall_box", panel.fall_button),
        ("suffocation_box", panel.breath_button),
        ("topple_box", panel.topple_button),
        ("harvest_box", panel.harvest_button),
    ]
    for name, button in pages:
        page = panel.findChild(QWidget, name)
        tabs = getattr(panel, "tabs", None)
        if tabs is not None:
            tabs.setCurrentWidget(page)
            settle(qtbot, 100)
        assert page is not None and page.isVisible(), name
        if name == "topple_box":
            shoot(app, f"hazards-{workspace.removeprefix('workspace_')}")
        assert not scroll.horizontalScrollBar().isVisible()
        assert scroll.verticalScrollBar().value() == 0
        # The page and its Roll button wholly in the scroll area's view, its notes all shown.
        bottom_right = page.mapTo(scroll.viewport(), page.rect().bottomRight())
        view = scroll.viewport().rect()
        assert view.contains(bottom_right), (name, bottom_right, view)
        assert button.visibleRegion().boundingRect().size() == button.size(), name
        assert cut_labels(page) == [], name
