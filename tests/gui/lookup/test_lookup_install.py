"""Ctrl+K opens the lookup from the running app, in every window, and it is on the View menu."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from refkit.gui.lookup.dialog import LookupDialog
from refkit.gui.shell.panel_registry import MenuId
from refkit.store.lookup import INDEX_FILE_NAME
from tests.gui.app_readiness import OPEN_TIMEOUT_MS


def _has_lookup(app) -> bool:
    try:
        app.panels.action("lookup")
    except ValueError:
        return False
    return True


def test_ctrl_k_opens_the_lookup_window_from_the_app(
    qtbot, start_app, tmp_path: Path, refkit_data_dir: Path
) -> None:
    app = start_app(tmp_path / "refkit.sqlite3")
    qtbot.waitUntil(lambda: _has_lookup(app), timeout=OPEN_TIMEOUT_MS)
    # the data folder's index is made in the background soon after start, before any Ctrl+K
    qtbot.waitUntil((refkit_data_dir / INDEX_FILE_NAME).is_file, timeout=20_000)
    action = app.panels.action("lookup")
    assert action.shortcut() == QKeySequence("Ctrl+K")
    assert action.shortcutContext() == Qt.ShortcutContext.ApplicationShortcut
    assert action in app.panels.menu(MenuId.VIEW).actions()
    assert app.window.findChild(LookupDialog) is None  # no window until first use
    action.trigger()  # the index is prepared in the background: the window opens once it is
    qtbot.waitUntil(lambda: app.window.findChild(LookupDialog) is not None, timeout=10_000)
    dialog = app.window.findChild(LookupDialog)
    assert dialog is not None and dialog.isVisible() and not dialog.isModal()
    dialog.search_box.setText("greed")
    dialog.search_now()
    assert dialog.viewer.title_label.text() == "Greed bonus"
    dialog.close()
    action.trigger()  # the same window comes back, with the last search
    assert app.window.findChildren(LookupDialog) == [dialog]
    assert dialog.search_box.text() == "greed"


def test_a_missing_reference_folder_is_said_in_the_window(qtbot, monkeypatch) -> None:
    from PySide6.QtWidgets import QWidget

    import refkit.games.reference as reference
    from refkit.gui.lookup.install import LookupOpener
    from refkit.locate import ResourceMissingError

    def missing() -> None:
        raise ResourceMissingError("missing resource: resources/reference")

    monkeypatch.setattr(reference, "reference_root", missing)
    said: list[str] = []
    parent = QWidget()
    qtbot.addWidget(parent)
    opener = LookupOpener(parent, lambda message, _ms: said.append(message))
    with qtbot.waitSignal(opener.ready, timeout=10_000):
        opener.open()
    assert said == [
        "Preparing the rules lookup…",
        "The rules lookup cannot open: missing resource: resources/reference",
    ]
    assert opener.dialog is None
