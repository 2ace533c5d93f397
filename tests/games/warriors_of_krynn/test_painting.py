"""Painting the Warriors of Krynn battle dice many times never lowers Python's count of ``None``
(the PySide6 6.12.0 fault ``tests/gui/test_painting_keeps_none.py`` explains), with rolled dice
(stars, drops, blanks) and a typed-in tally."""

from __future__ import annotations

import gc
import sys

import pytest
from PySide6.QtCore import QPoint, QSize, Qt
from PySide6.QtGui import QImage, QPainter

from refkit.gui.games.warriors_of_krynn.dice_view import BattleDiceView
from tests.gui.test_painting_keeps_none import BATCH, RENDERS, SLACK, _give_back


@pytest.mark.slow
def test_painting_the_battle_dice_never_lowers_the_count_of_none(qtbot) -> None:
    view = BattleDiceView()
    qtbot.addWidget(view)
    view.resize(QSize(420, 140))
    view.show()
    qtbot.waitExposed(view)
    image = QImage(view.size(), QImage.Format.Format_ARGB32_Premultiplied)

    def render(index: int) -> None:
        if index % 2:
            view.show_dice([(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (3, 3)])
        else:
            view.show_tally(index % 5, index % 3)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        view.render(painter, QPoint())
        painter.end()

    for index in range(BATCH):
        render(index)
    gc.collect()
    gc.disable()
    try:
        start = sys.getrefcount(None)
        for index in range(RENDERS):
            render(index)
        lost = start - sys.getrefcount(None)
        if lost >= SLACK:
            _give_back(lost)
            pytest.fail(f"painting battle dice lost {lost} references to None in {RENDERS} renders")
    finally:
        gc.enable()
