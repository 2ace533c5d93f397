"""Painting the Stworze panel's drawn pieces many times never lowers Python's count of None.

The pattern of ``tests/gui/test_painting_keeps_none.py`` (PySide6 6.12.0 on Python 3.11 drops a
reference to None in some QPainter calls, and the app aborts once it reaches zero), applied to
each tab with the content it has at the table: icons to pick, cards drawn, dice counting down,
Impact tokens on both sides.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pytest
from PySide6.QtWidgets import QWidget

from refkit.games.stworze import Influence, TimeOfDay
from refkit.gui.games.stworze.panel import StworzePanel
from refkit.gui.games.stworze.widgets import CardRow, CountdownDie, IconButton, ImpactButton
from tests.games.game_context import fixed_context
from tests.none_guard import assert_painting_keeps_none


def _panel(qtbot, tmp_path) -> StworzePanel:
    context = fixed_context(default_seed=3, now=datetime(2026, 12, 1, tzinfo=UTC))
    panel = StworzePanel(context, tmp_path)
    qtbot.addWidget(panel)
    panel.resize(420, 740)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


def _tests_step(panel: StworzePanel) -> tuple[QWidget, Callable[[int], None]]:
    tests = panel.tests
    tests.value.setValue(6)

    def step(index: int) -> None:
        tests.time.setCurrentIndex(index // 5 % 2)  # both decks' icons
        tests.draw()

    return tests, step


def _events_step(panel: StworzePanel) -> tuple[QWidget, Callable[[int], None]]:
    panel.tabs.setCurrentIndex(1)
    box = panel.table.box  # no database here: the table's dice shown as it would show them

    def step(index: int) -> None:
        for slot, die in enumerate(box.dice):
            die.set_value((index + slot) % 7)

    return box, step


def _villages_step(panel: StworzePanel) -> tuple[QWidget, Callable[[int], None]]:
    panel.tabs.setCurrentIndex(1)
    box = panel.table.box
    sides = (None, Influence.FEAR, Influence.FAVOR)

    def step(index: int) -> None:
        for offset, impact in enumerate(box.impacts):
            impact.set_side(sides[(index + offset) % 3])

    return box, step


CASES = {
    "tests": (_tests_step, (IconButton, CardRow)),
    "events": (_events_step, (CountdownDie,)),
    "villages": (_villages_step, (ImpactButton,)),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", list(CASES))
def test_painting_never_lowers_the_count_of_none(name: str, qtbot, tmp_path) -> None:
    build, painted = CASES[name]
    panel = _panel(qtbot, tmp_path)
    root, step = build(panel)
    step(0)
    shown = {type(child) for child in root.findChildren(QWidget) if child.isVisible()}
    assert set(painted) <= shown, f"{name} does not show {painted}"
    if name == "tests":
        assert panel.tests.cards.cards()  # cards are on the table, not an empty row
        assert panel.tests.deck().time in (TimeOfDay.DAY, TimeOfDay.NIGHT)
    assert_painting_keeps_none(root, step, name)
