"""Keeping typing keys for text fields in a window whose shortcuts use Return, Space or Escape.

The dice panel binds Return / Enter (roll) and Escape (reset) to the whole main window. A text
field of the dungeon-turn screens that needs one of those keys (Return to confirm a dungeon's
name, Escape to cancel a table cell's edit) claims it with :func:`keep_keys`.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QStyledItemDelegate, QWidget

EDITING_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Escape)


class _KeepKeys(QObject):
    def __init__(self, keys: Iterable[Qt.Key], parent: QObject) -> None:
        super().__init__(parent)
        self._keys = frozenset(keys)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() in self._keys
            and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        ):
            event.accept()  # the field gets the key press instead of the window's shortcut
            return True
        return False


def keep_keys(widget: QWidget, keys: Iterable[Qt.Key] = EDITING_KEYS) -> None:
    """Let ``widget`` receive ``keys`` (unmodified) even where the window binds them."""
    widget.installEventFilter(_KeepKeys(keys, widget))


class KeyKeepingDelegate(QStyledItemDelegate):
    """An item delegate whose editors keep Return, Enter and Escape (commit and cancel)."""

    def createEditor(self, parent: QWidget, option, index) -> QWidget:
        editor = super().createEditor(parent, option, index)
        keep_keys(editor)
        return editor
