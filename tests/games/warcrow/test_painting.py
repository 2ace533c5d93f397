"""Painting the Warcrow panel after a face-to-face roll never lowers Python's count of ``None``
(the PySide6 6.12.0 / Python 3.11 fault that tests/gui/test_painting_keeps_none.py guards)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from refkit.games.warcrow import Colour
from refkit.gui.games.warcrow.dice_view import DieStrip, SymbolTally
from refkit.gui.games.warcrow.panel import WarcrowPanel
from tests.games.game_context import fixed_context
from tests.none_guard import assert_painting_keeps_none


@pytest.mark.slow
def test_painting_the_panel_keeps_none(qtbot) -> None:
    context = fixed_context(now=datetime(2026, 12, 1, tzinfo=UTC))
    panel = WarcrowPanel(context)
    qtbot.addWidget(panel)
    panel.resize(420, 1400)
    panel.show()
    panel.versus_mode.setChecked(True)
    panel.character.set_dice((Colour.RED, Colour.ORANGE, Colour.BLACK))
    panel.enemy.set_dice((Colour.GREEN, Colour.YELLOW))
    panel.character.select_die(0)
    panel.roll()
    shown = [w for w in (*panel.findChildren(DieStrip), *panel.findChildren(SymbolTally))]
    assert {type(w) for w in shown if w.isVisible()} == {DieStrip, SymbolTally}
    assert_painting_keeps_none(
        panel, lambda index: panel.toggle_pick("character", index % 2), "the Warcrow panel"
    )
