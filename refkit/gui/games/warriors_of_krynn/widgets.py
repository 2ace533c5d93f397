"""Small pieces the Warriors of Krynn tabs share: plain labels, spin boxes, odds as percents."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QSpinBox

WARNING = "#9a5b00"
ERROR = "#b00020"
GOOD = "#2e7d32"


def plain(text: str = "", *, bold: bool = False, scale: float = 1.0, colour: str = "") -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    if bold or scale != 1.0:
        font = QFont(label.font())
        font.setBold(bold)
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() * scale)
        label.setFont(font)
    if colour:
        label.setStyleSheet(f"color: {colour};")
    return label


def spin(low: int, high: int, value: int, name: str) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    box.setObjectName(name)
    return box


def percent_text(chance: Fraction) -> str:
    value = chance * 100
    return f"{value.numerator}%" if value.denominator == 1 else f"{float(value):.1f}%"
