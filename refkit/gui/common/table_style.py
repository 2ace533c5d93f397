"""Shared look of the tables: problem colour, icon and list; column widths set once; the log
panels' read-only row views and their typing pause before a filter runs."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QColor, QIcon, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QListWidget,
    QListWidgetItem,
    QStyle,
    QTableView,
    QWidget,
)


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


def fixed_column_widths(view: QTableView, samples: Mapping[int, str], *, stretch: int) -> None:
    """Give the columns in ``samples`` the width of their sample text (or their header, if
    wider) and let column ``stretch`` take the rest. Set once: sizing a column to its contents
    measures every row on every change, which froze the preview of a long table for seconds."""
    metrics = view.fontMetrics()
    pad = 3 * metrics.horizontalAdvance("M")
    header = view.horizontalHeader()
    model = view.model()
    for column, sample in samples.items():
        title = model.headerData(column, header.orientation()) if model is not None else ""
        width = max(metrics.horizontalAdvance(sample), metrics.horizontalAdvance(str(title or "")))
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(column, width + pad)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)


FILTER_DELAY_MS = 150
"""How long typing in a log's filter must pause before the filter runs (once, not per key)."""


def log_rows_view(view: QTableView, *, word_wrap: bool) -> None:
    """Set ``view`` up as a log: whole rows selected, no editing, alternating rows, no grid, and
    no row header (rows of a fixed height, so nothing measures every row)."""
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setAlternatingRowColors(True)
    view.setShowGrid(False)
    view.setWordWrap(word_wrap)
    view.verticalHeader().hide()
    view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)


def typing_pause(parent: QObject, slot: Callable[[], object]) -> QTimer:
    """A single-shot timer that calls ``slot`` once typing has paused for FILTER_DELAY_MS;
    connect a text field's ``textChanged`` to its ``start``."""
    timer = QTimer(parent)
    timer.setSingleShot(True)
    timer.setInterval(FILTER_DELAY_MS)
    timer.timeout.connect(slot)
    return timer
