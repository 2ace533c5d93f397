"""Painting the Widower's Wood dice many times never lowers Python's count of ``None`` (the
PySide6 6.12.0 fault ``tests/gui/test_painting_keeps_none.py`` explains), with the dice a roll
shows: white and black dice, discards struck through, a die picked for a reroll."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSize

from refkit.gui.games.widowers_wood.dice_view import D6Strip, ShownDie
from tests.none_guard import assert_painting_keeps_none

ROLLS = [
    [ShownDie(6), ShownDie(2, discarded=True, caption="discard"), ShownDie(5), ShownDie(3)],
    [ShownDie(3, caption="type"), ShownDie(5, black=True, caption="passage")],
    [ShownDie(face) for face in range(1, 7)],
]


@pytest.mark.slow
def test_painting_the_dice_never_lowers_the_count_of_none(qtbot) -> None:
    strip = D6Strip()
    qtbot.addWidget(strip)
    strip.resize(QSize(420, 160))
    strip.show()
    qtbot.waitExposed(strip)

    def step(index: int) -> None:
        strip.show_dice(ROLLS[index % len(ROLLS)], can_pick=True)
        strip.toggle(index % 3)

    assert_painting_keeps_none(strip, step, "the dice")
