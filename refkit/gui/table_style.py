"""Shared look of table problems: the warning colour and icon of the editor and the importer."""

from __future__ import annotations

from PySide6.QtGui import QColor, QIcon, QPalette
from PySide6.QtWidgets import QStyle, QWidget


def _dark(widget: QWidget) -> bool:
    return widget.palette().color(QPalette.ColorRole.Window).lightness() < 128


def problem_colour(widget: QWidget) -> QColor:
    """Text colour for a problem: a red that stays readable on the light and the dark palette."""
    return QColor("#ff8a80" if _dark(widget) else "#b00020")


def problem_row_tint(widget: QWidget) -> QColor:
    """Background of a table row that a problem names."""
    return QColor("#5a2a2a" if _dark(widget) else "#ffe3e0")


def problem_icon(widget: QWidget) -> QIcon:
    return widget.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
