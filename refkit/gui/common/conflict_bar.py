"""The bar a window shows when what the user typed met a change saved elsewhere meanwhile.

It says what happened (plain text), keeps the user's version read-only below, and offers to put
it back (the owner does that, over the state shown, which the user has now seen), to copy it, or
to let it go. The notes of a crow (:class:`~refkit.gui.characters.notes_editor.NotesConflictBar`)
and the editors of spells and items use it; each names its widgets with its own prefix.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

CONFLICT_STYLE = (
    "QFrame#{name} {{ background: palette(alternate-base); border: 1px solid #b26a00;"
    " border-radius: 4px; }}"
)


class ConflictBar(QFrame):
    """Says that the record changed elsewhere and keeps the user's version until put back."""

    put_back_requested = Signal()
    """The user wants the kept version in again (over the state now shown)."""

    def __init__(
        self,
        prefix: str,
        *,
        put_back: tuple[str, str],
        keep_theirs: tuple[str, str],
        kept_lines: int = 6,
        parent: QWidget | None = None,
    ) -> None:
        """``prefix`` names the widgets (``<prefix>``, ``<prefix>_message``...); ``put_back`` and
        ``keep_theirs`` are each button's text and tool tip."""
        super().__init__(parent)
        self.setObjectName(prefix)
        self.setStyleSheet(CONFLICT_STYLE.format(name=prefix))
        self.message = QLabel()
        self.message.setObjectName(f"{prefix}_message")
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setWordWrap(True)
        self.kept = QPlainTextEdit()
        self.kept.setObjectName(f"{prefix}_kept")
        self.kept.setReadOnly(True)
        self.kept.setAccessibleName("Your version, not saved")
        self.kept.setMaximumHeight(self.fontMetrics().lineSpacing() * kept_lines)
        self.put_back_button = QPushButton(put_back[0])
        self.put_back_button.setObjectName(f"{prefix}_put_back")
        self.put_back_button.setToolTip(put_back[1])
        self.copy_button = QPushButton("Copy my text")
        self.copy_button.setObjectName(f"{prefix}_copy")
        self.dismiss_button = QPushButton(keep_theirs[0])
        self.dismiss_button.setObjectName(f"{prefix}_dismiss")
        self.dismiss_button.setToolTip(keep_theirs[1])

        buttons = QHBoxLayout()
        buttons.addWidget(self.put_back_button)
        buttons.addWidget(self.copy_button)
        buttons.addStretch(1)
        buttons.addWidget(self.dismiss_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.message)
        layout.addWidget(self.kept)
        layout.addLayout(buttons)

        self.put_back_button.clicked.connect(self._put_back)
        self.copy_button.clicked.connect(self._copy)
        self.dismiss_button.clicked.connect(self.hide)
        self.hide()

    def show_kept(self, message: str, kept: str) -> None:
        """Say ``message`` and keep ``kept`` (the user's version, as text) here."""
        self.message.setText(message)
        self.kept.setPlainText(kept)
        self.show()

    def _put_back(self) -> None:
        self.hide()
        self.put_back_requested.emit()

    def _copy(self) -> None:
        QGuiApplication.clipboard().setText(self.kept.toPlainText())
