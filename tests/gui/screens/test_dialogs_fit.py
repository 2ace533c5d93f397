"""Issue 24, "Done means": every dialog and the players' window fit the laptop screen (1366×768,
and 2732×1536 at 2×) with nothing cut: each opens inside the screen's free area, the window
manager's frame included, and no tab title in it is elided. Also with a saved layout: a window
started again after a session of workspace switches still fits after any switch.

Run by ``tests/gui/test_real_screens.py`` on Xvfb with openbox; skipped on other platforms.
"""

from __future__ import annotations

import os

import pytest
import shiboken6
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from tests.gui.screens.test_laptop_screens import WORKSPACES, all_built, elided_tabs, settle

pytestmark = pytest.mark.skipif(
    os.environ.get("QT_QPA_PLATFORM", "xcb") != "xcb" or not os.environ.get("DISPLAY"),
    reason="needs a real X display with a window manager (run by test_real_screens.py)",
)

# Every menu command that opens a window of its own (file choosers aside: they are the
# platform's), with the open crow of the sample party where one is needed.
DIALOG_ACTIONS = (
    "crow_new",
    "crow_edit",
    "crow_damage",
    "crow_heal",
    "crow_rest",
    "crow_draw",
    "magic_cast",
    "craft_new_project",
    "fight_bestiary",
    "print_crow",
    "print_party",
    "print_catalogue",
    "print_spells",
    "print_quick_sheet",
    "help_guide",
    "help_shortcuts",
    "about",
    "lookup",
    "players_window",
)


def shown_windows() -> list[QWidget]:
    return [w for w in QApplication.topLevelWidgets() if w.isVisible() and w.isWindow()]


def frame_of(qtbot, window: QWidget) -> QRect:
    """The window's frame on the screen, as the window manager drew it.

    Qt's xcb plugin reads a window's frame margins once and keeps them until the window is next
    configured. On a busy machine it can read them while openbox is still framing a new dialog
    and keep a frame that does not even hold the window (seen at 2×: an empty 0×0 frame). Such a
    frame is read again after moving the window a pixel and back (a configure event for Qt).
    """
    if window.frameGeometry().contains(window.geometry()):
        return window.frameGeometry()
    handle = window.windowHandle()
    where = handle.position()
    handle.setPosition(where + QPoint(1, 0))
    settle(qtbot, 100)
    handle.setPosition(where)
    qtbot.waitUntil(lambda: window.frameGeometry().contains(window.geometry()), timeout=5000)
    return window.frameGeometry()


def close_window(window: QWidget) -> None:
    if isinstance(window, QMessageBox):
        window.done(0)
    window.close()


def test_every_dialog_and_the_players_window_fit_the_laptop(qtbot, start_app, tmp_path) -> None:
    app = start_app(str(tmp_path / "dialogs.sqlite3"), ready=all_built)
    settle(qtbot, 600)
    screen = app.window.screen().availableGeometry()
    problems: list[str] = []
    for action_id in DIALOG_ACTIONS:
        before = set(map(id, shown_windows()))
        action = app.actions.action(action_id)
        assert action.isEnabled(), action_id
        action.trigger()
        qtbot.waitUntil(lambda before=before: any(id(w) not in before for w in shown_windows()))
        settle(qtbot, 250)
        opened = [w for w in shown_windows() if id(w) not in before]
        for window in opened:
            frame = frame_of(qtbot, window)
            title = f"{action_id} ({window.windowTitle()})"
            if not screen.contains(frame):
                problems.append(f"{title} leaves the screen: {frame} not in {screen}")
            cut = elided_tabs(window)
            if cut:
                problems.append(f"{title} cuts its tab titles {cut}")
        for window in opened:
            if shiboken6.isValid(window):
                close_window(window)
        settle(qtbot, 100)
    assert problems == []


def test_a_saved_layout_still_fits_after_any_switch(qtbot, start_app, tmp_path) -> None:
    db = str(tmp_path / "saved.sqlite3")
    first = start_app(db, ready=all_built)
    settle(qtbot, 400)
    for name in WORKSPACES:
        first.actions.action(name).trigger()
        settle(qtbot, 200)
    first.window.save_problems.discard()
    first.window.close()  # the layout is saved as the window closes
    first.shutdown()
    settle(qtbot, 200)
    app = start_app(db, ready=all_built)
    settle(qtbot, 600)
    window = app.window
    screen = window.screen().availableGeometry()
    assert screen.contains(window.frameGeometry())
    for name in (*WORKSPACES, "workspace_referee", "workspace_characters"):
        app.actions.action(name).trigger()
        settle(qtbot)
        assert screen.contains(window.frameGeometry()), (name, window.frameGeometry(), screen)
        assert window.statusBar().isVisible()
        assert elided_tabs(window) == [], name
