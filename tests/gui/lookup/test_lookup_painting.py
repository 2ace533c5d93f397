"""Painting the lookup's results (its delegate draws each row with QPainter) many times never
lowers Python's count of ``None``: the PySide6 6.12.0 / Python 3.11 fault that aborts the app,
checked as ``tests/gui/test_painting_keeps_none.py`` checks the widgets with a paintEvent."""

from __future__ import annotations

import gc
import sys

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage, QPainter

from refkit.games.reference import read_reference
from refkit.gui.lookup.dialog import LookupDialog
from refkit.store.lookup import LookupIndex

RENDERS = 200
SLACK = 16
QUERIES = ("torc", "edge", "dice", "grab", "miasma")


@pytest.mark.slow
def test_painting_the_results_never_lowers_the_count_of_none(qtbot) -> None:
    library, problems = read_reference()
    dialog = LookupDialog(library, LookupIndex.in_memory(library), problems)
    qtbot.addWidget(dialog)
    dialog.resize(960, 600)
    dialog.show()
    qtbot.waitExposed(dialog)
    image = QImage(dialog.size(), QImage.Format.Format_ARGB32_Premultiplied)

    def render(index: int) -> None:
        if index % 10 == 0:  # a new search every ten renders, a new selection every one
            dialog.search_box.setText(QUERIES[index // 10 % len(QUERIES)])
            dialog.search_now()
        dialog.move_selection(1 if index % 10 < 5 else -1)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        dialog.render(painter, QPoint())
        painter.end()

    for index in range(50):  # every query once: fonts, glyph caches and layouts settle
        render(index)
    gc.collect()
    gc.disable()
    try:
        start = sys.getrefcount(None)
        for index in range(RENDERS):
            render(50 + index)
        lost = start - sys.getrefcount(None)
    finally:
        gc.enable()
    assert lost < SLACK, f"painting the lookup lost {lost} references to None in {RENDERS} renders"
    assert dialog.model.rowCount() > 0
