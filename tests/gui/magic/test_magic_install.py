"""Casting from the running app: "Cast a spell…" (Ctrl+Shift+M) in the Crows menu opens the
window on the party at the table, and a cast is one step on the app's undo stack."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QKeySequence

from refkit.gui.magic.cast_dialog import CastDialog
from refkit.gui.shell.panel_registry import MenuId, PanelId
from tests.gui.app_readiness import OPEN_TIMEOUT_MS


def _has_cast(app) -> bool:
    try:
        app.panels.action("magic_cast")
    except ValueError:
        return False
    return True


def test_cast_a_spell_opens_from_the_crows_menu_and_casts_one_undo_step(
    qtbot, start_app, tmp_path: Path
) -> None:
    app = start_app(tmp_path / "refkit.sqlite3")
    qtbot.waitUntil(lambda: _has_cast(app), timeout=OPEN_TIMEOUT_MS)
    action = app.panels.action("magic_cast")
    assert action.shortcut() == QKeySequence("Ctrl+Shift+M")
    assert action in app.panels.menu(MenuId.CROWS).actions()
    assert app.panels.has(PanelId.SPELLS)
    action.trigger()
    dialog = app.window.findChild(CastDialog)
    assert dialog is not None and dialog.isVisible()
    assert dialog.crow_name() == "Hesper Quill"  # the first at the table with a book in hand
    dialog.select_book("Fire lance book")
    assert dialog.odds.text().startswith("tier 1 ")
    count = app.undo_stack.count()
    assert dialog.cast() is not None
    assert app.undo_stack.count() == count + 1
    dialog.close()
