"""Painting the Warriors of Krynn battle dice many times never lowers Python's count of ``None``
(the PySide6 6.12.0 fault ``tests/gui/test_painting_keeps_none.py`` explains), with rolled dice
(stars, drops, blanks) and a typed-in tally."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSize

from refkit.gui.games.warriors_of_krynn.dice_view import BattleDiceView
from tests.none_guard import assert_painting_keeps_none


@pytest.mark.slow
def test_painting_the_battle_dice_never_lowers_the_count_of_none(qtbot) -> None:
    view = BattleDiceView()
    qtbot.addWidget(view)
    view.resize(QSize(420, 140))
    view.show()
    qtbot.waitExposed(view)

    def step(index: int) -> None:
        if index % 2:
            view.show_dice([(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (3, 3)])
        else:
            view.show_tally(index % 5, index % 3)

    assert_painting_keeps_none(view, step, "battle dice")
