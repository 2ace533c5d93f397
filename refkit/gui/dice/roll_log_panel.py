"""The roll log panel: every roll, newest first, filterable, exportable, clearable (undoably).

The panel shows a :class:`RollLogModel`; it reads nothing from the database itself. Exporting writes
the rolls that the filter currently shows, oldest first, through the plain exporters in
``refkit.app.roll_log_export``. Dialogs are opened with ``open()`` and answered through signals, so
the event loop (and the dungeon-turn clock) never stops for them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelection, QItemSelectionModel, QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QHBoxLayout,
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
)
from refkit.gui.dice.widgets import keep_return_key
from refkit.gui.shell.event_loop import start_task
from refkit.present.test_text import describe_test

if TYPE_CHECKING:
    import asyncio

    from PySide6.QtWidgets import QFileDialog, QMessageBox

    from refkit.store.roll_log import LoggedRoll


EXPORT_FORMATS: dict[str, tuple[str, str]] = {
    "csv": ("CSV", "CSV files (*.csv)"),
    "md": ("Markdown", "Markdown files (*.md)"),
}


ROLL_SAMPLE = describe_test(3, edges=2, banes=1, bonuses=(2,), expertise=True)
"""A long test as the Roll column shows it: the column is made wide enough for it whole."""


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
        fixed_column_widths(  # set once: sizing to the contents measured every roll per filter
            self.table,
            {
                TIME_COLUMN: "8888-88-88 88:88",
                KIND_COLUMN: max(KIND_LABELS.values(), key=len),
                ROLL_COLUMN: ROLL_SAMPLE,
            },
            stretch=RESULT_COLUMN,
        )
        header = self.table.horizontalHeader()
        header.setHighlightSections(False)
        self.count_label = QLabel("")
        self.count_label.setObjectName("log_count_label")
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
        self.set_loading(True)

    # state ----------------------------------------------------------------------------------

    @property
    def proxy(self) -> RollLogFilter:
        return self._proxy

    def set_loading(self, loading: bool) -> None:
        """While the database opens, show that and keep the buttons off."""
        self._loading = loading
        for widget in (self.export_csv_button, self.export_markdown_button, self.clear_button):
            widget.setEnabled(not loading)
        if loading:
            self.count_label.setText("Opening the roll log…")
        else:
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
        text = f"{total} {noun}" if shown == total else f"{shown} of {total} {noun} shown"
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
            self.status_message.emit("The roll log is still opening; try again in a moment")
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
        if self._loading or total == 0:
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
