"""The session log panel: every DT end, usage-dice roll, encounter check, adjustment and rest.

Newest first, filtered by kind and by text, with undone steps shown struck through when asked
for. "Export Markdown…" writes the entries the filter shows, oldest first. The panel reads through
a small source (the session-log repository or the dungeon-turn service) and refreshes when told
(after each dungeon-turn step) — it never polls.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from refkit.app.session_log_kinds import KIND_LABELS
from refkit.gui.dungeon_keys import keep_keys

if TYPE_CHECKING:
    from refkit.store.session_log import SessionLogEntry

log = logging.getLogger(__name__)

LOAD_LIMIT = 2000
COLUMNS = ("Time", "DT", "Kind", "What happened")


class SessionLogSource(Protocol):
    def entries(
        self,
        *,
        kinds: Iterable[str] | None = None,
        text: str | None = None,
        include_undone: bool = False,
        limit: int | None = None,
        newest_first: bool = False,
    ) -> list[SessionLogEntry]: ...


MarkdownExporter = Callable[[Sequence[Any]], str]


def _default_exporter(entries: Sequence[Any]) -> str:
    from refkit.app.session_log_export import session_log_markdown

    return session_log_markdown(entries)


def local_time(moment: datetime) -> str:
    """A stored UTC time as the referee's local clock time, e.g. ``21:07:33``."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone().strftime("%H:%M:%S")


class SessionLogPanel(QWidget):
    """Filter row, the entries, and Export Markdown…"""

    status_message = Signal(str)
    exported = Signal(str)

    def __init__(
        self,
        source: SessionLogSource | None = None,
        parent: QWidget | None = None,
        *,
        exporter: MarkdownExporter = _default_exporter,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("session_log_panel")
        self._source = source
        self._exporter = exporter
        self._entries: list[SessionLogEntry] = []
        self._export_dialog: QFileDialog | None = None

        self.filter_edit = QLineEdit()
        self.filter_edit.setObjectName("session_filter")
        self.filter_edit.setPlaceholderText("Filter the session log…")
        self.filter_edit.setClearButtonEnabled(True)
        keep_keys(self.filter_edit)
        self.kind_combo = QComboBox()
        self.kind_combo.setObjectName("session_kind")
        self.kind_combo.addItem("Everything", None)
        for kind, word in KIND_LABELS.items():
            self.kind_combo.addItem(word, kind)
        self.undone_check = QCheckBox("Undone steps")
        self.undone_check.setObjectName("session_undone")
        self.undone_check.setToolTip("Also list steps that were undone (struck through)")
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("session_table")
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        self.table.setShowGrid(False)
        self.table.setWordWrap(True)
        header = self.table.horizontalHeader()
        for column in range(3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.count_label = QLabel("")
        self.count_label.setObjectName("session_count")
        self.export_button = QPushButton("Export Markdown…")
        self.export_button.setObjectName("session_export")

        top = QHBoxLayout()
        top.addWidget(self.filter_edit, 1)
        top.addWidget(self.kind_combo)
        top.addWidget(self.undone_check)
        bottom = QHBoxLayout()
        bottom.addWidget(self.count_label, 1)
        bottom.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addLayout(bottom)

        self.filter_edit.textChanged.connect(self.refresh)
        self.kind_combo.currentIndexChanged.connect(self.refresh)
        self.undone_check.toggled.connect(self.refresh)
        self.export_button.clicked.connect(self.ask_export)
        self.refresh()

    def set_source(self, source: SessionLogSource) -> None:
        self._source = source
        self.refresh()

    def shown_entries(self) -> list[SessionLogEntry]:
        """The entries shown, newest first."""
        return list(self._entries)

    def set_kind(self, kind: str | None) -> None:
        index = self.kind_combo.findData(kind)
        if index < 0:
            raise ValueError(f"unknown session-log kind {kind!r}")
        self.kind_combo.setCurrentIndex(index)

    def refresh(self, *_args: object) -> None:
        """Read the entries again with the current filter."""
        self.export_button.setEnabled(self._source is not None)
        if self._source is None:
            self._entries = []
            self.table.setRowCount(0)
            self.count_label.setText("The session log opens with the database…")
            return
        kind = self.kind_combo.currentData()
        text = self.filter_edit.text().strip() or None
        try:
            self._entries = list(
                self._source.entries(
                    kinds=None if kind is None else [kind],
                    text=text,
                    include_undone=self.undone_check.isChecked(),
                    limit=LOAD_LIMIT,
                    newest_first=True,
                )
            )
        except Exception as error:  # a read failure must not take the panel down
            log.exception("cannot read the session log")
            self.count_label.setText(f"Cannot read the session log: {error}")
            return
        self._fill()

    def _fill(self) -> None:
        self.table.setRowCount(len(self._entries))
        for row, entry in enumerate(self._entries):
            values = (
                local_time(entry.at),
                str(entry.dt) if entry.dt else "",
                KIND_LABELS.get(entry.kind, entry.kind),
                entry.text + (" (undone)" if entry.undone else ""),
            )
            for column, value in enumerate(values):
                item = QTableWidgetItem(value)
                if column == 0:
                    item.setToolTip(entry.at.astimezone(UTC).isoformat(timespec="seconds"))
                if entry.undone:
                    font = QFont(item.font())
                    font.setStrikeOut(True)
                    item.setFont(font)
                    item.setForeground(
                        self.palette().color(self.palette().ColorRole.PlaceholderText)
                    )
                if column == 1:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(row, column, item)
        count = len(self._entries)
        more = " (newest shown)" if count >= LOAD_LIMIT else ""
        self.count_label.setText(f"{count} {'entry' if count == 1 else 'entries'}{more}")

    # export ---------------------------------------------------------------------------------

    def markdown(self) -> str:
        """The shown entries, oldest first, as the Markdown export."""
        return self._exporter(list(reversed(self._entries)))

    def ask_export(self) -> QFileDialog:
        if self._export_dialog is not None:
            self._export_dialog.close()
            self._export_dialog.deleteLater()
        dialog = QFileDialog(self, "Export the session log as Markdown")
        dialog.setObjectName("session_export_dialog")
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setNameFilter("Markdown files (*.md)")
        dialog.setDefaultSuffix("md")
        dialog.selectFile(f"session-{datetime.now().strftime('%Y-%m-%d')}.md")
        dialog.fileSelected.connect(lambda path: self.export_to(Path(path)))
        self._export_dialog = dialog
        dialog.open()
        return dialog

    def export_to(self, path: Path) -> bool:
        """Write the Markdown export (a few kilobytes: written at once). False on failure."""
        try:
            text = self.markdown()
            path.write_text(text, encoding="utf-8")
        except (OSError, ValueError) as error:
            self.status_message.emit(f"Could not export the session log to {path}: {error}")
            return False
        count = len(self._entries)
        self.status_message.emit(f"Exported {count} session-log entries to {path}")
        self.exported.emit(str(path))
        return True
