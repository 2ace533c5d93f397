"""Shared look of table problems in the editor and the importer: warning colour, icon and list."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QColor, QIcon, QPalette
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QStyle, QWidget


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


def show_problem_list(widget: QWidget, problem_list: QListWidget, messages: Sequence[str]) -> None:
    """Fill ``problem_list`` with one warning line a message, in ``widget``'s problem colour and
    icon; hide the list when there are none."""
    problem_list.clear()
    colour = problem_colour(widget)
    for message in messages:
        item = QListWidgetItem(problem_icon(widget), message)
        item.setForeground(colour)
        problem_list.addItem(item)
    problem_list.setVisible(bool(messages))
