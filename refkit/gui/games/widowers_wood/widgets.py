"""Small widgets the Widower's Wood panel and its turn checks share."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QSpinBox


def plain_label(text: str = "", *, bold: bool = False, scale: float = 1.0) -> QLabel:
    """A word-wrapped label that shows ``text`` as typed (never as markup)."""
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    if bold or scale != 1.0:
        font = QFont(label.font())
        font.setBold(bold)
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() * scale)
        label.setFont(font)
    return label


def spin_box(low: int, high: int, value: int, name: str) -> QSpinBox:
    """A spin box from ``low`` to ``high`` showing ``value``, named ``name`` for tests."""
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    box.setObjectName(name)
    return box
