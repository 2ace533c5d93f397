"""The travel-day panel's journal: a day's entry as the referee sees it, the referee's note for
it (kept as an undo step) and the whole journal written to Markdown."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from refkit.app.travel.journey import Journey
from refkit.errors import ConflictError
from refkit.gui.shell.undo_adapter import push_command
from refkit.present.journal_choice import journal_day_index


class JournalBackend(Protocol):
    """What the journal needs of the travel feature."""

    def note_command(self, day: int, note: str, name: str, *, seen: str | None) -> object: ...

    def journal_markdown(self, name: str) -> str: ...


class JournalBox(QGroupBox):
    """The journal of the journey shown (see the module docstring)."""

    status_message = Signal(str)
    problem = Signal(str)
    """What went wrong, for the panel's problem line ("": nothing now)."""
    journal_exported = Signal(str)
    """The journal's Markdown was written (the path written)."""

    def __init__(self, undo_stack: QUndoStack, parent: QWidget | None = None) -> None:
        super().__init__("Journal", parent)
        self.undo_stack = undo_stack
        self.journey: Journey | None = None
        self.backend: JournalBackend | None = None
        self.journal_day = QComboBox()
        self.journal_day.setAccessibleName("Journal day")
        self.journal_day.currentIndexChanged.connect(self._pick_day)
        self.kept_choice = False
        """True once the referee picked a day: it stays shown as the journey is read again."""
        self.entry = QPlainTextEdit()
        self.entry.setReadOnly(True)
        self.entry.setAccessibleName("The day's journal entry")
        self.note = QPlainTextEdit()
        self.note.setPlaceholderText("The referee's note for this day")
        self.note.setMaximumHeight(70)
        self.keep_note = QPushButton("Keep note")
        self.keep_note.clicked.connect(self.save_note)
        self.export_path = QLineEdit()
        self.export_path.setPlaceholderText("journal.md")
        self.export_button = QPushButton("Export journal")
        self._export_job: QObject | None = None
        self.export_button.clicked.connect(lambda: self.export_journal(self.export_path.text()))
        journal = QVBoxLayout(self)
        journal.addWidget(self.journal_day)
        journal.addWidget(self.entry, 1)
        journal.addWidget(self.note)
        buttons = QHBoxLayout()
        buttons.addWidget(self.keep_note)
        buttons.addStretch(1)
        buttons.addWidget(self.export_path)
        buttons.addWidget(self.export_button)
        journal.addLayout(buttons)

    def show_journey(self, journey: Journey | None, backend: JournalBackend | None) -> None:
        """Fill the day list and show the last day (or the one chosen, if it is still there)."""
        self.journey, self.backend = journey, backend
        chosen = self.journal_day.currentData()
        self.journal_day.blockSignals(True)
        self.journal_day.clear()
        for entry in journey.days if journey else ():
            self.journal_day.addItem(f"Day {entry.day}", entry.day)
        days = [entry.day for entry in journey.days] if journey else []
        self.journal_day.setCurrentIndex(journal_day_index(days, chosen, self.kept_choice))
        self.journal_day.blockSignals(False)
        self._show_day()

    def _pick_day(self, _index: int) -> None:
        self.kept_choice = True
        self._show_day()

    def _show_day(self) -> None:
        journey = self.journey
        wanted = self.journal_day.currentData()
        day = next((d for d in journey.days if d.day == wanted), None) if journey else None
        if day is None:
            self.entry.setPlainText("No day travelled yet.")
            self.note.setPlainText("")
            self.keep_note.setEnabled(False)
            return
        self.entry.setPlainText("\n".join(day.referee))
        self.note.setPlainText(day.note)
        self.keep_note.setEnabled(True)

    def save_note(self) -> None:
        backend, journey = self.backend, self.journey
        if backend is None or journey is None or not journey.days:
            return
        day = self.journal_day.currentData()
        if not isinstance(day, int):
            return
        seen = next((d.note for d in journey.days if d.day == day), None)  # what was shown
        try:
            command = backend.note_command(day, self.note.toPlainText(), journey.name, seen=seen)
            push_command(self.undo_stack, command)  # type: ignore[arg-type]
        except (ValueError, ConflictError) as problem:
            self.problem.emit(str(problem))
            return
        self.status_message.emit(f"Note kept for day {day}")

    def export_journal(self, path: str) -> bool:
        """Write the journal as Markdown through the exports' checked, atomic writer, off the GUI
        thread (a FIFO or a slow disk never holds the window); ``journal_exported`` fires once it
        is written, a failure is said in the panel. False when refused at once (no journey, no
        path, a folder, a device, a FIFO or a link to one, a missing folder)."""
        from refkit.app.atomic_files import check_target
        from refkit.gui.common.export_writer import ExportJob, start_export, text_export

        backend, journey = self.backend, self.journey
        if backend is None or journey is None:
            self.problem.emit("There is no journey to export.")
            return False
        if not path.strip():
            self.problem.emit("Say where to write the journal (a .md file).")
            return False
        target = Path(path.strip())
        try:
            check_target(target)
            text = backend.journal_markdown(journey.name)
        except (OSError, ValueError) as problem:
            self.problem.emit(f"The journal was not written: {problem}")
            return False
        self.problem.emit("")
        self.export_button.setEnabled(False)  # one export at a time
        job = ExportJob(text_export(text), target)
        job.finished.connect(self._journal_written)
        job.failed.connect(self._journal_failed)
        self._export_job = job  # kept: the job has no Qt parent once it moves to its thread
        start_export(job, self)
        return True

    def _journal_written(self, written: str, _pages: int) -> None:
        self.export_button.setEnabled(True)
        self.status_message.emit(f"Journal written to {written}")
        self.journal_exported.emit(written)

    def _journal_failed(self, message: str) -> None:
        self.export_button.setEnabled(True)
        self.problem.emit(f"The journal was not written. {message}")
