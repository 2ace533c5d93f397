"""The session log panel: every DT end, usage-dice roll, encounter check, adjustment and rest.

Newest first, filtered by kind and by text, with undone steps shown struck through when asked
for. "Export Markdown…" writes the entries the filter shows, oldest first. The panel reads through
a small source (the session-log repository) and never polls: told that the log changed
(:meth:`SessionLogPanel.log_changed`, after each dungeon-turn step and undo-stack push), it reads
only what is new — entries stored after the newest it has, and which of the newest entries
turned undone or done again — and inserts or removes just those rows, so a step costs the same
with 200 entries or 20,000. While the panel is hidden it only notes that it is behind, and
catches up when shown (or when asked for its entries).
"""

from __future__ import annotations

import logging
from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from refkit.app.ports import SessionLogReads
from refkit.app.session_log_kinds import KIND_LABELS
from refkit.gui.common.export_folder import export_folder, remember_export_folder
from refkit.gui.common.row_table_model import Column, RowTableModel
from refkit.gui.common.table_style import (
    fixed_column_widths,
    log_rows_view,
    typing_pause,
)
from refkit.gui.common.typing_keys import keep_keys

if TYPE_CHECKING:
    from refkit.store.session_log import SessionLogEntry

log = logging.getLogger(__name__)

LOAD_LIMIT = 2000
"""The newest entries the panel holds; older ones are in the export and the CLI."""
COLUMNS = ("Time", "DT", "Kind", "What happened")


MarkdownExporter = Callable[[Sequence[Any]], str]


def _default_exporter(entries: Sequence[Any]) -> str:
    from refkit.app.session_log_export import session_log_markdown

    return session_log_markdown(entries)


def local_time(moment: datetime) -> str:
    """A stored UTC time as the referee's local clock time, e.g. ``21:07:33``."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone().strftime("%H:%M:%S")


def _order(entry: SessionLogEntry) -> tuple[float, int]:
    """Sorts entries newest first, as the repository's ``newest_first`` does (time, then id)."""
    return (-entry.at.timestamp(), -(entry.id or 0))


class SessionLogPanel(QWidget):
    """Filter row, the entries, and Export Markdown…"""

    status_message = Signal(str)
    exported = Signal(str)

    def __init__(
        self,
        source: SessionLogReads | None = None,
        parent: QWidget | None = None,
        *,
        exporter: MarkdownExporter = _default_exporter,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("session_log_panel")
        self._source = source
        self._exporter = exporter
        self._export_dialog: QFileDialog | None = None
        self._export_job: QObject | None = None
        self._exporting: tuple[Path, int] = (Path(), 0)
        self._newest_id = 0  # the newest entry in the log when last read, whatever the filter
        self._undone: set[int] = set()  # which of the newest LOAD_LIMIT ids were undone then
        self._needs_reload = True
        self._behind = False

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
        self._model: RowTableModel[SessionLogEntry] = RowTableModel(self._columns(), parent=self)
        self.table = QTableView()
        self.table.setObjectName("session_table")
        self.table.setModel(self._model)
        log_rows_view(self.table, word_wrap=True)
        fixed_column_widths(  # set once: sizing to the contents would measure every row
            self.table,
            {0: "88:88:88", 1: "DT 888", 2: max(KIND_LABELS.values(), key=len)},
            stretch=3,
        )
        self.count_label = QLabel("")
        self.count_label.setObjectName("session_count")
        self.count_label.setTextFormat(Qt.TextFormat.PlainText)
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

        self._filter_timer = typing_pause(self, self.refresh)
        self.filter_edit.textChanged.connect(self._filter_timer.start)
        self.kind_combo.currentIndexChanged.connect(self.refresh)
        self.undone_check.toggled.connect(self.refresh)
        self.export_button.clicked.connect(self.ask_export)
        self.refresh()

    def _columns(self) -> list[Column[SessionLogEntry]]:
        struck = QFont(self.font())
        struck.setStrikeOut(True)
        faded = self.palette().color(self.palette().ColorRole.PlaceholderText)

        def font(entry: SessionLogEntry) -> QFont | None:
            return struck if entry.undone else None

        def foreground(entry: SessionLogEntry) -> object:
            return faded if entry.undone else None

        def column(header: str, value: Callable[[SessionLogEntry], str], **more: Any) -> Column:
            return Column(header, value, font=font, foreground=foreground, **more)

        return [
            column(
                COLUMNS[0],
                lambda entry: local_time(entry.at),
                tooltip=lambda entry: entry.at.astimezone(UTC).isoformat(timespec="seconds"),
            ),
            column(
                COLUMNS[1],
                lambda entry: str(entry.dt) if entry.dt else "",
                alignment=Qt.AlignmentFlag.AlignCenter,
            ),
            column(COLUMNS[2], lambda entry: KIND_LABELS.get(entry.kind, entry.kind)),
            column(COLUMNS[3], lambda entry: entry.text + (" (undone)" if entry.undone else "")),
        ]

    # reading --------------------------------------------------------------------------------

    def set_source(self, source: SessionLogReads) -> None:
        self._source = source
        self._needs_reload = True
        self.notice_log_changed()

    def detach(self) -> None:
        """Stop reading the log (its database is closing): a catch-up asked after this, such as
        one queued by the window's last step while it closes, reads nothing."""
        self._source = None
        self._behind = False

    @property
    def model(self) -> RowTableModel[SessionLogEntry]:
        return self._model

    def shown_entries(self) -> list[SessionLogEntry]:
        """The entries shown, newest first (caught up first if the panel was hidden)."""
        if self._behind:
            self._catch_up()
        return self._model.rows()

    def set_kind(self, kind: str | None) -> None:
        index = self.kind_combo.findData(kind)
        if index < 0:
            raise ValueError(f"unknown session-log kind {kind!r}")
        self.kind_combo.setCurrentIndex(index)

    def notice_log_changed(self, *_args: object) -> None:
        """The log may have changed (a step, an undo, another process): read what is new now
        if the panel is on screen, else when it is shown."""
        if self._on_screen():
            self._catch_up()
            return
        self._behind = True
        if self.isVisible():  # a tab just put behind another says visible until laid out
            QTimer.singleShot(0, self, self._catch_up_if_shown)

    def _on_screen(self) -> bool:
        return self.isVisible() and not self.visibleRegion().isEmpty()

    def _catch_up_if_shown(self) -> None:
        if self._behind and self._on_screen():
            self._catch_up()

    def refresh(self, *_args: object) -> None:
        """Read the entries again with the current filter (a filter change does this)."""
        self._filter_timer.stop()
        self._needs_reload = True
        self._catch_up()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._behind:
            self._catch_up()

    def _filter(self) -> dict[str, Any]:
        kind = self.kind_combo.currentData()
        return {
            "kinds": None if kind is None else [kind],
            "text": self.filter_edit.text().strip() or None,
            "include_undone": self.undone_check.isChecked(),
        }

    def _catch_up(self) -> None:
        self._behind = False
        self.export_button.setEnabled(self._source is not None)
        if self._source is None:
            self._model.replace_all([])
            self.count_label.setText("The session log opens with the database…")
            return
        try:
            if self._needs_reload:
                self._reload(self._source)
            else:
                self._read_changes(self._source)
        except Exception as error:  # a read failure must not take the panel down
            log.exception("cannot read the session log")
            self._needs_reload = True
            self.count_label.setText(f"Cannot read the session log: {error}")
            return
        count = len(self._model)
        more = " (newest shown)" if count >= LOAD_LIMIT else ""
        self.count_label.setText(f"{count} {'entry' if count == 1 else 'entries'}{more}")

    def _reload(self, source: SessionLogReads) -> None:
        newest = source.newest_id()
        entries = source.entries(**self._filter(), limit=LOAD_LIMIT, newest_first=True)
        undone = source.undone_ids(from_id=_window_start(newest))
        self._model.replace_all(entries)
        self._newest_id, self._undone = newest, undone
        self._needs_reload = False

    def _read_changes(self, source: SessionLogReads) -> None:
        """New entries are inserted and entries that were undone or done again are removed,
        re-added or restyled — looking only at the newest LOAD_LIMIT ids, where an undo-stack
        step's entries are (an evening writes about 200)."""
        newest = source.newest_id()
        if newest < self._newest_id:  # the log was cleared: start again
            self._reload(source)
            return
        fresh: list[SessionLogEntry] = []
        if newest > self._newest_id:
            fresh = source.entries(
                **self._filter(), after_id=self._newest_id, limit=LOAD_LIMIT, newest_first=True
            )
        start = _window_start(newest)
        undone = source.undone_ids(from_id=start)
        before = {entry_id for entry_id in self._undone if entry_id >= start}
        now_undone, done_again = undone - before, before - undone
        self._newest_id, self._undone = newest, undone
        if self.undone_check.isChecked():
            self._restyle(now_undone, done_again)
        else:
            self._remove(now_undone)
            if done_again:
                fresh += source.entries(**self._filter(), ids=sorted(done_again))
        self._insert(fresh)
        overflow = len(self._model) - LOAD_LIMIT
        if overflow > 0:
            self._model.remove(LOAD_LIMIT, overflow)

    def _restyle(self, now_undone: set[int], done_again: set[int]) -> None:
        if not now_undone and not done_again:
            return
        for row, entry in enumerate(self._model.rows()):
            if entry.id in now_undone and not entry.undone:
                self._model.update(row, replace(entry, undone=True))
            elif entry.id in done_again and entry.undone:
                self._model.update(row, replace(entry, undone=False))

    def _remove(self, ids: set[int]) -> None:
        if not ids:
            return
        rows = [row for row, entry in enumerate(self._model.rows()) if entry.id in ids]
        while rows:  # from the bottom up, one signal per run of neighbouring rows
            last = rows.pop()
            first = last
            while rows and rows[-1] == first - 1:
                first = rows.pop()
            self._model.remove(first, last - first + 1)

    def _insert(self, entries: list[SessionLogEntry]) -> None:
        if not entries:
            return
        entries.sort(key=_order)
        if not len(self._model) or _order(entries[-1]) <= _order(self._model.row_at(0)):
            self._model.insert(0, entries)  # the usual case: all newer than the top row
            return
        keys = [_order(entry) for entry in self._model.rows()]
        for entry in entries:
            key = _order(entry)
            row = bisect_left(keys, key)
            if row >= LOAD_LIMIT:
                continue  # older than every entry the panel holds
            keys.insert(row, key)
            self._model.insert(row, [entry])

    # export ---------------------------------------------------------------------------------

    def markdown(self) -> str:
        """The shown entries, oldest first, as the Markdown export."""
        return self._exporter(list(reversed(self.shown_entries())))

    def ask_export(self) -> QFileDialog:
        if self._export_dialog is not None:
            self._export_dialog.close()
            self._export_dialog.deleteLater()
        dialog = QFileDialog(self, "Export the session log as Markdown")
        dialog.setObjectName("session_export_dialog")
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setNameFilter("Markdown files (*.md)")
        dialog.setDefaultSuffix("md")
        folder = export_folder()  # not the folder Refkit happened to start in
        dialog.setDirectory(str(folder))
        dialog.selectFile(str(folder / f"session-{datetime.now().strftime('%Y-%m-%d')}.md"))
        dialog.fileSelected.connect(lambda path: self.export_to(Path(path)))
        self._export_dialog = dialog
        dialog.open()
        return dialog

    def export_to(self, path: Path) -> bool:
        """Write the Markdown export through the exports' checked, atomic writer, off the GUI
        thread (a FIFO or a slow disk never holds the window); ``exported`` fires when it is
        written. False, said in the status bar, when ``path`` is refused at once (a folder, a
        device, a FIFO, a missing folder)."""
        from refkit.app.atomic_files import check_target
        from refkit.gui.common.export_writer import ExportJob, start_export, text_export

        try:
            check_target(path)
            text = self.markdown()
        except (OSError, ValueError) as error:
            self._export_failed(f"Could not export the session log to {path}: {error}")
            return False
        self._exporting = (path, len(self._model))
        job = ExportJob(text_export(text), path)
        job.finished.connect(self._export_written)
        job.failed.connect(self._export_failed)
        self._export_job = job  # kept: the job has no Qt parent once it moves to its thread
        start_export(job, self)
        return True

    def _export_written(self, _written: str, _pages: int) -> None:
        path, count = self._exporting
        remember_export_folder(path)
        self.status_message.emit(f"Exported {count} session-log entries to {path}")
        self.exported.emit(str(path))

    def _export_failed(self, message: str) -> None:
        self.status_message.emit(message)


def _window_start(newest_id: int) -> int:
    """The first id of the newest LOAD_LIMIT, whose undone marks the panel follows."""
    return max(0, newest_id - LOAD_LIMIT + 1)
