"""The sheet's notes: an editor that saves itself, and the bar shown when typing met a change.

:class:`NotesEdit` remembers the stored notes the typing started from (:meth:`NotesEdit.base`),
so a save can be refused when another window or the command line changed the notes meanwhile
(:class:`~refkit.app.character_commands.TypedTextChangedError`). :class:`NotesConflictBar` then
says so, while the editor shows the notes as stored now and the bar keeps the user's text: put it
back (over the stored notes, which the user has now seen), copy it, or let it go.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from refkit.gui.common.conflict_bar import ConflictBar

NOTES_SAVE_DELAY_MS = 1500


class NotesEdit(QPlainTextEdit):
    """Notes that save themselves shortly after typing stops and when focus leaves.

    Typed text counts as unsaved until :meth:`mark_saved`: a reload of the same crow meanwhile
    (an End DT ending a condition, an edit elsewhere) keeps it rather than showing the stored
    notes, so a keystroke is never thrown away by something that merely refreshed the sheet.
    """

    committed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("notes_edit")
        self.setPlaceholderText("Background, bonds, debts, what the crow is after…")
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(NOTES_SAVE_DELAY_MS)
        self._timer.timeout.connect(self.commit)
        self.textChanged.connect(self._changed)
        self._loading = False
        self._unsaved = False
        self._base = ""

    def base(self) -> str:
        """The stored notes the text in the editor was typed over (what a save expects to find)."""
        return self._base

    def load(self, text: str, *, keep_unsaved: bool = False) -> None:
        """Show ``text``; with ``keep_unsaved``, typing not yet saved stays (and stays due)."""
        if keep_unsaved and self._unsaved:
            if self.toPlainText() == text:
                self.mark_saved()
            return
        self._loading = True
        if self.toPlainText() != text:
            self.setPlainText(text)
        self._loading = False
        self._timer.stop()
        self._unsaved = False
        self._base = text

    def retype(self, text: str, *, over: str) -> None:
        """Put ``text`` in as typed (unsaved, due to save) over the stored notes ``over``."""
        self._base = over
        self.setPlainText(text)  # textChanged marks it unsaved and starts the delay

    def is_unsaved(self) -> bool:
        """True while typed text has not been saved (waiting for the delay, or a save failed)."""
        return self._unsaved

    def is_due(self) -> bool:
        """True while the save after typing stops is still to come."""
        return self._timer.isActive()

    def mark_saved(self) -> None:
        self._unsaved = False
        self._timer.stop()
        self._base = self.toPlainText()

    def _changed(self) -> None:
        if not self._loading:
            self._unsaved = True
            self._timer.start()

    def commit(self) -> None:
        self._timer.stop()
        self.committed.emit(self.toPlainText())

    def focusOutEvent(self, event: QFocusEvent) -> None:
        if self._timer.isActive():
            self.commit()
        super().focusOutEvent(event)


class NotesConflictBar(ConflictBar):
    """Says that the notes changed elsewhere while the user typed, and keeps the user's text.

    ``put_back`` asks for the kept text to go in again over the notes as stored now.
    """

    put_back = Signal(str, str)
    """(crow, text): the user wants the kept text in the notes after all."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(
            "notes_conflict",
            put_back=(
                "Put my text back",
                "Replace the notes shown above with your text (it is saved shortly after)",
            ),
            keep_theirs=("Keep theirs", "Let your text go; the notes stay as stored"),
            parent=parent,
        )
        self.kept.setAccessibleName("Your text, not saved")
        self._crow = ""
        self.put_back_requested.connect(
            lambda: self.put_back.emit(self._crow, self.kept.toPlainText())
        )

    def crow(self) -> str:
        return self._crow

    def show_conflict(self, crow: str, typed: str) -> None:
        """Tell that ``crow``'s notes changed elsewhere and keep ``typed`` here."""
        self._crow = crow
        self.show_kept(
            f"{crow}'s notes were changed in another window or on the command line while you "
            "typed. The notes above are as stored now; your text was not saved and is kept here.",
            typed,
        )
