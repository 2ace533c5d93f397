"""The one check that painting keeps Python's count of ``None`` (the PySide6 6.12.0 / Python 3.11
fault that dropped a reference to None on QPainter calls and later aborted the app)."""

from __future__ import annotations

import ctypes
import gc
import sys
from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QWidget

RENDERS = 200
"""Renders measured; 200 × several calls each is far past what a faulty binding survives."""
BATCH = 10
"""Renders between two looks at the count (and the warm-up before the first)."""
SLACK = 16
"""Tolerated drift: caches inside Qt and Python may settle by a handful of references."""


def give_back(count: int) -> None:
    """Return references a faulty binding took from ``None``.

    Without this, a failing case would leave the count low and the whole test process would
    abort later with "none_dealloc", hiding which widget failed.
    """
    incref = ctypes.PYFUNCTYPE(None, ctypes.py_object)(("Py_IncRef", ctypes.pythonapi))
    for _ in range(count):
        incref(None)


def assert_painting_keeps_none(root: QWidget, step: Callable[[int], None], what: str) -> None:
    """Render ``root`` RENDERS times, calling ``step(index)`` before each, and fail (naming
    ``what``) as soon as the count of ``None`` has fallen by SLACK or more."""
    image = QImage(root.size(), QImage.Format.Format_ARGB32_Premultiplied)

    def render(index: int) -> None:
        step(index)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        root.render(painter, QPoint())
        painter.end()

    for index in range(BATCH):  # fonts, glyph caches and layouts settle first
        render(index)
    gc.collect()
    gc.disable()  # a collection mid-run could free objects that hold None
    try:
        start = sys.getrefcount(None)
        for batch in range(RENDERS // BATCH):
            for index in range(BATCH):
                render(BATCH + batch * BATCH + index)
            lost = start - sys.getrefcount(None)
            if lost >= SLACK:
                give_back(lost)
                done = (batch + 1) * BATCH
                pytest.fail(
                    f"painting {what} lost {lost} references to None in {done} renders "
                    f"(about {lost / done:.0f} per render): this PySide6 would abort the app"
                )
    finally:
        gc.enable()
