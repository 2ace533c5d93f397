"""A running window with a fight at the table, for the attack and fight tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from refkit.gui.combat.tracker import FightPanel
from refkit.gui.shell.panel_registry import PanelId
from tests.gui.app_readiness import OPEN_TIMEOUT_MS


def has_fight(app: Any) -> bool:
    """The fight feature has joined the window (its actions are registered)."""
    try:
        app.panels.action("fight_attack")
    except ValueError:
        return False
    return True


def window_with_a_fight(qtbot: Any, start_app: Any, path: Path) -> tuple[Any, FightPanel]:
    """The window on ``path`` with three tunnel ghouls and the sample party in a fight, the
    first round begun (the crows act: a 9 on the initiative die)."""
    app = start_app(path)
    qtbot.waitUntil(lambda: has_fight(app), timeout=OPEN_TIMEOUT_MS)
    tracker = app.panels.widget(PanelId.FIGHT, FightPanel)
    tracker.creature_combo.setCurrentText("Tunnel ghoul")
    tracker.count_spin.setValue(3)
    assert tracker.add_creatures()
    assert tracker.add_party()  # the sample party, at the table
    assert tracker.new_round(die=9)
    return app, tracker
