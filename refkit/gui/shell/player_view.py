"""The window of a player's login: the registry narrowed to what :mod:`refkit.present.player_view`
decides a player sees, and the status bar saying who is signed in. Called once the database is
open (its role was read from the server at open, so nothing is asked of it here)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from refkit.gui.shell.panel_registry import PanelId, PanelRegistry
from refkit.present.player_view import REFEREE_MENUS, hidden_panels, keeps_action, role_note


def show_login_view(registry: PanelRegistry, role: str, login: str | None) -> QLabel | None:
    """Narrow ``registry``'s window to a player's view when ``role`` is a player's; returns the
    status-bar note it added (None for the referee, whose window stays whole)."""
    note = role_note(role, login)
    if not note:
        return None
    hidden = hidden_panels(role, (panel.value for panel in PanelId))
    registry.narrow_to(
        lambda panel: panel.value in hidden,
        lambda menu, action: menu not in REFEREE_MENUS or keeps_action(role, action),
    )
    label = QLabel(note)
    label.setObjectName("login_role_note")
    label.setTextFormat(Qt.TextFormat.PlainText)
    registry.window.statusBar().addPermanentWidget(label)
    return label
