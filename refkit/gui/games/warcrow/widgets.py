"""Small widgets the Warcrow tab's parts share."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel


def plain_label(text: str = "", *, wrap: bool = True) -> QLabel:
    """A label that shows ``text`` as typed (never as markup)."""
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(wrap)
    return label
