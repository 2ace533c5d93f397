"""The Crafting panel in the running app: docked through the panel registry, "New crafting
project…" in the Crows menu, a started project one step on the app's undo stack."""

from __future__ import annotations

from pathlib import Path

from refkit.gui.crafting.new_project import NewProjectDialog
from refkit.gui.crafting.panel import CraftingPanel
from refkit.gui.shell.panel_registry import MenuId, PanelId
from tests.gui.app_readiness import OPEN_TIMEOUT_MS


def _has_crafting(app) -> bool:
    try:
        app.panels.action("craft_new_project")
    except ValueError:
        return False
    return True


def test_new_crafting_project_from_the_crows_menu(qtbot, start_app, tmp_path: Path) -> None:
    app = start_app(tmp_path / "refkit.sqlite3")
    qtbot.waitUntil(lambda: _has_crafting(app), timeout=OPEN_TIMEOUT_MS)
    action = app.panels.action("craft_new_project")
    assert action in app.panels.menu(MenuId.CROWS).actions()
    assert app.panels.has(PanelId.CRAFTING)
    action.trigger()
    panel = app.panels.widget(PanelId.CRAFTING, CraftingPanel)
    dialog = panel.findChild(NewProjectDialog)
    assert dialog is not None and dialog.isVisible()
    count = app.undo_stack.count()
    panel.start("Knife", ["Brannoc Tull"], "")
    assert "lacks the blacksmithing" in panel.message.text()  # the sample crow is no smith
    assert app.undo_stack.count() == count
    dialog.close()
