"""The roll log panel: every roll, newest first, filterable, exportable, clearable (undoably).

The panel shows a :class:`RollLogModel`; it reads nothing from the database itself. Exporting writes
the rolls that the filter currently shows, oldest first, through the plain exporters in
``refkit.app.roll_log_export``. Dialogs are opened with ``open()`` and answered through signals, so
the event loop (and the dungeon-turn clock) never stops for them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QItemSelection, QItemSelectionModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from refkit.gui.common.export_folder import export_folder, remember_export_folder
from refkit.gui.common.table_style import (
    fixed_column_widths,
    log_rows_view,
    typing_pause,
)
from refkit.gui.dice.roll_log_model import (
    ID_ROLE,
    KIND_COLUMN,
    KIND_LABELS,
    RESULT_COLUMN,
    ROLL_COLUMN,
    TIME_COLUMN,
    RollLogFilter,
    RollLogModel,
    kind_label,
)
from refkit.gui.dice.widgets import keep_return_key
from refkit.gui.shell.event_loop import start_task

if TYPE_CHECKING:
    import asyncio

    from PySide6.QtWidgets import QFileDialog, QMessageBox

    from refkit.store.roll_log import LoggedRoll


EXPORT_FORMATS: dict[str, tuple[str, str]] = {
    "csv": ("CSV", "CSV files (*.csv)"),
    "md": ("Markdown", "Markdown files (*.md)"),
}


RESULT_SAMPLE = "Tier 2 — total 14"
KIND_SAMPLE = "Usage dice"
"""The Kind column's width for the everyday kinds; a longer name (a game's) widens it."""
"""The Result column never gets narrower than this (while the table has room for it)."""
RESULT_SHARE = 0.35
"""The Result column keeps at least this share of the room after Time and Kind: when the panel
is narrow (a small screen, 2× scaling) the Roll column gives way, elided, its tooltip whole."""


def export_text(rolls: list[LoggedRoll], file_format: str) -> str:
    """The export file's text for ``rolls`` (imports the exporters only when needed)."""
    from refkit.app.roll_log_export import roll_log_csv, roll_log_markdown

    if file_format == "csv":
        return roll_log_csv(rolls)
    if file_format == "md":
        return roll_log_markdown(rolls)
    raise ValueError(f"unknown export format {file_format!r} (expected csv or md)")


def write_export_file(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` as UTF-8, atomically (runs in a worker thread): a device or
    FIFO is refused, a symlink is followed, a failed write leaves the old file whole."""
    from refkit.app.atomic_files import write_text_atomic

    write_text_atomic(path, text)


OPENING_TEXT = "Opening the roll log…"
STILL_OPENING = "The roll log is still opening; try again in a moment"
"""What a roll, an export or a clear asked for before the roll log is open says."""


class RollLogPanel(QWidget):
    """Filter box, kind selector, the table, and Export / Clear buttons."""

    status_message = Signal(str)
    clear_confirmed = Signal()
    exported = Signal(str)  # the path written

    def __init__(self, model: RollLogModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("roll_log_panel")
        self._model = model
        self._proxy = RollLogFilter(self)
        self._proxy.setSourceModel(model)
        self._export_dialog: QFileDialog | None = None
        self._confirm_box: QMessageBox | None = None
        self._loading = True

        self.filter_edit = QLineEdit()
        self.filter_edit.setObjectName("log_filter_edit")
        self.filter_edit.setPlaceholderText("Filter rolls…  (Ctrl+F)")
        self.filter_edit.setClearButtonEnabled(True)
        keep_return_key(self.filter_edit)
        self.kind_combo = QComboBox()
        self.kind_combo.setObjectName("log_kind_combo")
        self.kind_combo.addItem("All rolls", None)
        for kind, label in KIND_LABELS.items():
            self.kind_combo.addItem(label, kind)
        self.table = QTableView()
        self.table.setObjectName("log_table")
        self.table.setModel(self._proxy)
        log_rows_view(self.table, word_wrap=False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        header = self.table.horizontalHeader()
        header.setHighlightSections(False)
        self._roll_text_width = 0  # the widest Roll and Time texts measured (_measure_rolls)
        self._time_text_width = 0
        self._kind_text_width = 0  # the widest Kind name measured, when wider than KIND_SAMPLE
        self._set_column_widths()
        self.count_label = QLabel("")
        self.count_label.setObjectName("log_count_label")
        # Wraps rather than widening the panel: its text grows as it loads and as rolls are
        # filtered, and the column it sets the width of would move under the pointer.
        self.count_label.setWordWrap(True)
        self.export_csv_button = QPushButton("Export CSV…")
        self.export_csv_button.setObjectName("export_csv_button")
        self.export_markdown_button = QPushButton("Export Markdown…")
        self.export_markdown_button.setObjectName("export_markdown_button")
        self.clear_button = QPushButton("Clear…")
        self.clear_button.setObjectName("clear_log_button")
        self.clear_button.setToolTip(
            "Delete every roll from the log (Edit → Undo brings them back)"
        )

        top = QHBoxLayout()
        top.addWidget(self.filter_edit, 1)
        top.addWidget(self.kind_combo)
        bottom = QHBoxLayout()
        bottom.addWidget(self.count_label, 1)
        bottom.addWidget(self.export_csv_button)
        bottom.addWidget(self.export_markdown_button)
        bottom.addWidget(self.clear_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addLayout(bottom)

        self._filter_timer = typing_pause(self, self._apply_text)
        self.filter_edit.textChanged.connect(self._filter_timer.start)
        self._selected_ids: set[int] = set()
        self._proxy.modelAboutToBeReset.connect(self._remember_selection)
        self._proxy.modelReset.connect(self._restore_selection)
        self.kind_combo.currentIndexChanged.connect(self._kind_chosen)
        self.export_csv_button.clicked.connect(lambda: self.ask_export("csv"))
        self.export_markdown_button.clicked.connect(lambda: self.ask_export("md"))
        self.clear_button.clicked.connect(self.ask_clear)
        for signal in (
            self._proxy.rowsInserted,
            self._proxy.rowsRemoved,
            self._proxy.modelReset,
            self._proxy.layoutChanged,
        ):
            signal.connect(self._update_count)
        self._model.rowsInserted.connect(self._scroll_to_newest)
        self._model.rowsInserted.connect(self._measure_new_rolls)
        self._model.modelReset.connect(self._measure_rolls)
        self._measure_rolls()
        self.set_loading(True)

    # column widths --------------------------------------------------------------------------

    def _set_column_widths(self) -> None:
        """Kind as wide as its longest label, Result stretching; Time and Roll as wide as their
        measured texts, Roll fitted between them (:meth:`fit_columns`). Nothing measures every
        row on every change."""
        fixed_column_widths(self.table, {KIND_COLUMN: KIND_SAMPLE}, stretch=RESULT_COLUMN)
        header = self.table.horizontalHeader()
        for column in (TIME_COLUMN, ROLL_COLUMN):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
        self.fit_columns()

    def _text_width(self, text: str) -> int:
        return self.table.fontMetrics().horizontalAdvance(text)

    def _pad(self) -> int:
        return 3 * self._text_width("M")

    def _measure_rolls(self) -> None:
        """After a load or a clear: measure each different Roll text once, and the oldest
        roll's time (the widest: older days show their date)."""
        rolls = self._model.rolls()
        expressions = {roll.record.expression for roll in rolls}
        self._roll_text_width = max(map(self._text_width, expressions), default=0)
        kinds = {kind_label(roll.record.kind) for roll in rolls}
        self._kind_text_width = max(map(self._text_width, kinds), default=0)
        self._time_text_width = 0
        if rolls:
            oldest = self._model.index(len(rolls) - 1, TIME_COLUMN).data()
            self._time_text_width = self._text_width(str(oldest))
        self.fit_columns()

    def _measure_new_rolls(self, _parent: QModelIndex, first: int, last: int) -> None:
        """Rolls put in (one made, or the open's 2,000 filled in): each different Roll and Kind
        text measured once, and the time of the oldest of them (the widest, as in
        :meth:`_measure_rolls`)."""
        records = [self._model.roll_at(row).record for row in range(first, last + 1)]
        expressions = {record.expression for record in records}
        kinds = {kind_label(record.kind) for record in records}
        roll = max(self._roll_text_width, *map(self._text_width, expressions))
        kind = max(self._kind_text_width, *map(self._text_width, kinds))
        oldest = str(self._model.index(last, TIME_COLUMN).data())
        time = max(self._time_text_width, self._text_width(oldest))
        if (roll, time, kind) != (
            self._roll_text_width,
            self._time_text_width,
            self._kind_text_width,
        ):
            self._roll_text_width, self._time_text_width = roll, time
            self._kind_text_width = kind
            self.fit_columns()

    def _title_width(self, column: int) -> int:
        return self._text_width(str(self._model.headerData(column, Qt.Orientation.Horizontal)))

    def time_column_wanted(self) -> int:
        """Today's rolls show the time of day, older ones their date too: as wide as needed."""
        time = max(self._time_text_width, self._text_width("88:88:88"))
        return max(self._title_width(TIME_COLUMN), time) + self._pad()

    def roll_column_wanted(self) -> int:
        """The Roll column's width with room: its widest text measured, or its title, padded
        (:meth:`fit_columns` caps it)."""
        return max(self._title_width(ROLL_COLUMN), self._roll_text_width) + self._pad()

    def fit_columns(self) -> None:
        """Fit the Roll column between Time, Kind and a readable Result in the table's width
        (a vertical scroll bar's room kept free), so the Result column is never pushed out of
        view; a Roll text cut short ends in "…" and shows whole in its tooltip."""
        header = self.table.horizontalHeader()
        if header.sectionSize(TIME_COLUMN) != self.time_column_wanted():
            header.resizeSection(TIME_COLUMN, self.time_column_wanted())
        if self._kind_text_width > self._text_width(KIND_SAMPLE):  # a game's name reads whole
            kind = self._kind_text_width + self._pad()
            if header.sectionSize(KIND_COLUMN) != kind:
                header.resizeSection(KIND_COLUMN, kind)
        bar = self.table.verticalScrollBar().sizeHint().width()
        width = self.table.width() - 2 * self.table.frameWidth() - bar
        room = width - header.sectionSize(TIME_COLUMN) - header.sectionSize(KIND_COLUMN)
        result = max(self._text_width(RESULT_SAMPLE) + self._pad(), round(room * RESULT_SHARE))
        least = self._text_width("2d10+3…") + self._pad() // 3
        roll = max(least, min(self.roll_column_wanted(), room - result))
        if header.sectionSize(ROLL_COLUMN) != roll:
            header.resizeSection(ROLL_COLUMN, roll)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_columns()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._measure_rolls()
            self._set_column_widths()

    # state ----------------------------------------------------------------------------------

    @property
    def proxy(self) -> RollLogFilter:
        return self._proxy

    def set_loading(self, loading: bool) -> None:
        """While the database opens, show that and keep the buttons off (the newest rolls,
        read ahead, may be shown meanwhile: exporting or clearing waits for all of them)."""
        self._loading = loading
        for widget in (self.export_csv_button, self.export_markdown_button, self.clear_button):
            widget.setEnabled(not loading)
        self._update_count()

    def shown_rolls(self) -> list[LoggedRoll]:
        """The rolls the filter shows, newest first."""
        rows = []
        for row in range(self._proxy.rowCount()):
            source = self._proxy.mapToSource(self._proxy.index(row, 0))
            rows.append(self._model.roll_at(source.row()))
        return rows

    def focus_filter(self) -> None:
        self.filter_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filter_edit.selectAll()

    def _kind_chosen(self, index: int) -> None:
        self._apply_text()  # typing still waiting to be applied goes along
        self._proxy.set_kind(self.kind_combo.itemData(index))

    def _apply_text(self) -> None:
        self._filter_timer.stop()
        self._proxy.set_text(self.filter_edit.text())

    def _remember_selection(self) -> None:
        selection = self.table.selectionModel()
        rows = selection.selectedRows() if selection is not None else []
        self._selected_ids = {index.data(ID_ROLE) for index in rows}

    def _restore_selection(self) -> None:
        """Select again the rolls that were selected and still show (a few: found by id)."""
        wanted, self._selected_ids = self._selected_ids, set()
        selection = self.table.selectionModel()
        if not wanted or selection is None:
            return
        chosen = QItemSelection()
        for row, roll in enumerate(self._model.rows()):
            if roll.id in wanted:
                shown = self._proxy.mapFromSource(self._model.index(row, 0))
                if shown.isValid():
                    chosen.select(shown, shown)
        flags = (
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows
        )
        selection.select(chosen, flags)
        if not chosen.isEmpty():
            self.table.scrollTo(chosen.indexes()[0])

    def _update_count(self, *_args: object) -> None:
        total = self._model.rowCount()
        shown = self._proxy.rowCount()
        noun = "roll" if total == 1 else "rolls"
        if self._loading:  # the newest rolls, read before the roll log itself is open
            text = f"Newest {total} {noun}; opening the roll log…" if total else OPENING_TEXT
        elif shown == total:
            text = f"{total} {noun}"
        else:
            text = f"{shown} of {total} {noun} shown"
        self.count_label.setText(text)

    def _scroll_to_newest(self, parent: QModelIndex, first: int, _last: int) -> None:
        if first == 0:
            self.table.scrollToTop()

    # export ---------------------------------------------------------------------------------

    def ask_export(self, file_format: str) -> QFileDialog | None:
        """Open a Save dialog (non-blocking) for an export in ``file_format`` ("csv" or "md")."""
        from PySide6.QtWidgets import QFileDialog

        name, name_filter = EXPORT_FORMATS[file_format]
        if self._loading:
            self.status_message.emit(STILL_OPENING)
            return None
        if self._export_dialog is not None:
            self._export_dialog.close()
            self._export_dialog.deleteLater()
        dialog = QFileDialog(self, f"Export roll log as {name}")
        dialog.setObjectName("export_dialog")
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setFileMode(QFileDialog.FileMode.AnyFile)
        dialog.setNameFilter(name_filter)
        dialog.setDefaultSuffix(file_format)
        folder = export_folder()  # not the folder Refkit happened to start in
        dialog.setDirectory(str(folder))
        dialog.selectFile(str(folder / f"roll-log.{file_format}"))
        dialog.fileSelected.connect(lambda path: self.export_to(Path(path), file_format))
        self._export_dialog = dialog
        dialog.open()
        return dialog

    def export_to(self, path: Path, file_format: str) -> asyncio.Task[None]:
        """Write the shown rolls, oldest first, to ``path`` (the file is written off the GUI
        thread); ``exported`` fires when it is done. Needs the app's asyncio loop running."""
        rolls = list(reversed(self.shown_rolls()))
        text = export_text(rolls, file_format)
        return start_task(self._write(path, rolls, text))

    async def _write(self, path: Path, rolls: list[LoggedRoll], text: str) -> None:
        import asyncio

        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(None, write_export_file, path, text)
        except OSError as error:
            self.status_message.emit(f"Could not export the roll log to {path}: {error}")
            return
        remember_export_folder(path)
        noun = "roll" if len(rolls) == 1 else "rolls"
        self.status_message.emit(f"Exported {len(rolls)} {noun} to {path}")
        self.exported.emit(str(path))

    # clear ----------------------------------------------------------------------------------

    def ask_clear(self) -> QMessageBox | None:
        """Ask (without blocking) before emptying the log; ``clear_confirmed`` fires on Yes."""
        from PySide6.QtWidgets import QMessageBox

        total = self._model.rowCount()
        if self._loading:
            self.status_message.emit(STILL_OPENING)
            return None
        if total == 0:
            self.status_message.emit("The roll log is empty")
            return None
        box = QMessageBox(self)
        box.setObjectName("clear_confirm_box")
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Clear roll log")
        noun = "roll" if total == 1 else "rolls"
        box.setText(f"Delete all {total} {noun} from the roll log?")
        box.setInformativeText("Edit → Undo brings them back until you close Refkit.")
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.buttonClicked.connect(lambda button: self._clear_answered(box, button))
        self._confirm_box = box
        box.open()
        return box

    def _clear_answered(self, box: QMessageBox, button: QAbstractButton) -> None:
        from PySide6.QtWidgets import QMessageBox

        self._confirm_box = None
        box.deleteLater()
        if box.standardButton(button) == QMessageBox.StandardButton.Yes:
            self.clear_confirmed.emit()
