"""Import a rollable table from pasted text, CSV or TOML, checked live before anything is kept.

The dialog parses as the referee types or pastes (with
``refkit.rules.tables.import_formats``) and lists every problem — lines without a range, gaps,
overlaps, rows outside the dice's range — naming the rows and lines. An overlap or a duplicate
range comes with a suggested fix that one click applies (to the rows read, not to the pasted
text; the status says which fixes are applied). A backlash or Miasma table's rows need a duration
kind: the ones their text does not give are asked for, one row at a time. The Import button stays
disabled until there are no problems left, so nothing half-right is ever imported. The dialog is
non-modal: the clock keeps running behind it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from enum import Enum
from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from refkit.gui.common.row_table_model import Column, RowTableModel
from refkit.gui.common.table_style import fixed_column_widths, show_problem_list
from refkit.rules.common.file_bounds import TABLE_FILE_BYTES
from refkit.rules.common.file_reading import UserFileError, read_user_file
from refkit.rules.tables.import_formats import (
    DURATION_CHOICES,
    TEXT_SUFFIXES,
    RowFix,
    TableImportError,
    is_effect_table,
    parse_table_csv,
    parse_table_text,
    parse_table_toml,
    rows_without_kind,
)
from refkit.rules.tables.model import RollableTable, TableRow

log = logging.getLogger(__name__)

PARSE_DELAY_MS = 200
ImportTable = Callable[[RollableTable], object]


class ImportFormat(Enum):
    AUTO = "Detect"
    TEXT = "Pasted text"
    CSV = "CSV"
    TOML = "TOML"


def detect_format(text: str, file_name: str = "") -> ImportFormat:
    """The format of ``text``: by the file's extension if there is one, else by its look."""
    suffix = Path(file_name).suffix.casefold() if file_name else ""
    if suffix == ".toml":
        return ImportFormat.TOML
    if suffix in (".csv", ".tsv"):
        return ImportFormat.CSV
    if suffix in TEXT_SUFFIXES:
        return ImportFormat.TEXT
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if any(line.startswith(("[table]", "[[rows]]")) for line in lines):
        return ImportFormat.TOML
    if lines:
        first = lines[0]
        cells = [cell.strip() for cell in first.split(",")]
        header = {cell.casefold() for cell in cells}
        if {"low", "text"} <= header or {"range", "text"} <= header:
            return ImportFormat.CSV
        if len(cells) >= 2 and all(line.count(",") >= 1 for line in lines):
            first_cells = [line.split(",", 1)[0].strip() for line in lines]
            if all(cell.replace("+", "").replace("-", "").isdigit() for cell in first_cells):
                return ImportFormat.CSV
    return ImportFormat.TEXT


def parse_import(
    text: str,
    name: str,
    dice: str | None,
    chosen: ImportFormat,
    file_name: str = "",
    fixes: Sequence[RowFix] = (),
) -> RollableTable:
    """Parse ``text`` as ``chosen`` (or the detected format) with ``fixes`` applied to the rows
    read; TableImportError lists problems."""
    kind = detect_format(text, file_name) if chosen is ImportFormat.AUTO else chosen
    origin = Path(file_name).name if file_name else None
    if kind is ImportFormat.TOML:
        return parse_table_toml(text, name=name or None, dice=dice, origin=origin, fixes=fixes)
    if kind is ImportFormat.CSV:
        return parse_table_csv(text, name, dice, origin=origin, fixes=fixes)
    return parse_table_text(text, name, dice, origin=origin, fixes=fixes)


class TableImportDialog(QDialog):
    """Paste or open a table, see its problems or its rows, and import it once it is right."""

    imported = Signal(object)  # the RollableTable

    def __init__(
        self,
        import_table: ImportTable,
        parent: QWidget | None = None,
        *,
        existing_names: Callable[[], set[str]] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("table_import_dialog")
        self.setWindowTitle("Import a table")
        self.setModal(False)
        self._import_table = import_table
        self._existing_names = existing_names or (lambda: set())
        self._file_name = ""
        self._table: RollableTable | None = None
        self._problems: list[str] = []
        self._fixes: list[RowFix] = []  # applied to the rows read, in order
        self._suggested: RowFix | None = None
        self._asked_row: int | None = None  # the effect-table row whose duration is asked for

        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("import_name")
        self.name_edit.setPlaceholderText("e.g. Sunken chapel encounters")
        self.dice_edit = QLineEdit()
        self.dice_edit.setObjectName("import_dice")
        self.dice_edit.setPlaceholderText("blank: 1dN from the rows (d100 for 1–100)")
        self.format_combo = QComboBox()
        self.format_combo.setObjectName("import_format")
        for kind in ImportFormat:
            self.format_combo.addItem(kind.value, kind.name)
        self.open_button = QPushButton("Open file…")
        self.open_button.setObjectName("import_open")
        self.text_edit = QPlainTextEdit()
        self.text_edit.setObjectName("import_text")
        self.text_edit.setPlaceholderText(
            "Paste the table here, one row per line:\n"
            "01–02 A lost child calling for help\n3 1d4 giant rats\n4-6: Nothing but dripping water"
            "\n\nor CSV (low,high,text) or TOML ([table] and [[rows]])."
        )
        mono = QFont("monospace")
        mono.setStyleHint(QFont.StyleHint.Monospace)
        self.text_edit.setFont(mono)
        self.text_edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.status_label = QLabel("Paste a table or open a file.")
        self.status_label.setObjectName("import_status")
        self.status_label.setWordWrap(True)
        self.problem_list = QListWidget()
        self.problem_list.setObjectName("import_problems")
        self.problem_list.setWordWrap(True)
        self._preview_rows: RowTableModel[TableRow] = RowTableModel(
            [
                Column("Roll", lambda row: row.label),
                Column("Result", lambda row: row.text),
                Column("Duration", lambda row: row.duration),
            ],
            parent=self,
        )
        self.fix_button = QPushButton("Apply the suggestion")
        self.fix_button.setObjectName("import_apply_fix")
        self.fix_button.setToolTip("Change the rows read as the first problem suggests")
        self.fix_button.hide()
        self.fixes_label = QLabel()
        self.fixes_label.setObjectName("import_fixes")
        self.fixes_label.setTextFormat(Qt.TextFormat.PlainText)
        self.fixes_label.setWordWrap(True)
        self.fixes_label.hide()
        self.duration_label = QLabel()
        self.duration_label.setObjectName("import_duration_question")
        self.duration_label.setTextFormat(Qt.TextFormat.PlainText)
        self.duration_label.setWordWrap(True)
        self.duration_combo = QComboBox()
        self.duration_combo.setObjectName("import_duration_kind")
        self.duration_combo.addItems(list(DURATION_CHOICES))
        self.duration_button = QPushButton("Set duration")
        self.duration_button.setObjectName("import_set_duration")
        self.duration_box = QWidget()
        duration_row = QHBoxLayout(self.duration_box)
        duration_row.setContentsMargins(0, 0, 0, 0)
        duration_row.addWidget(self.duration_label, 1)
        duration_row.addWidget(self.duration_combo)
        duration_row.addWidget(self.duration_button)
        self.duration_box.hide()
        self.preview = QTableView()
        self.preview.setObjectName("import_preview")
        self.preview.setModel(self._preview_rows)
        self.preview.verticalHeader().setVisible(False)
        self.preview.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
        fixed_column_widths(self.preview, {0: "01–100", 2: "1d6 turns"}, stretch=1)
        self.buttons = QDialogButtonBox()
        self.import_button = self.buttons.addButton(
            "Import", QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.import_button.setObjectName("import_button")
        self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)

        form = QFormLayout()
        form.addRow("Name", self.name_edit)
        dice_row = QHBoxLayout()
        dice_row.addWidget(self.dice_edit, 1)
        dice_row.addWidget(QLabel("Format"))
        dice_row.addWidget(self.format_combo)
        dice_row.addWidget(self.open_button)
        form.addRow("Dice", dice_row)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.status_label)
        right_layout.addWidget(self.fixes_label)
        right_layout.addWidget(self.problem_list, 1)
        right_layout.addWidget(self.fix_button)
        right_layout.addWidget(self.duration_box)
        right_layout.addWidget(self.preview, 2)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.text_edit)
        splitter.addWidget(right)
        splitter.setSizes([420, 420])
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.buttons)
        self.resize(880, 560)

        self._parse_timer = QTimer(self)
        self._parse_timer.setSingleShot(True)
        self._parse_timer.setInterval(PARSE_DELAY_MS)
        self._parse_timer.timeout.connect(self.reparse)
        self.text_edit.textChanged.connect(self._forget_fixes)
        self.text_edit.textChanged.connect(self._parse_timer.start)
        self.name_edit.textChanged.connect(self._parse_timer.start)
        self.dice_edit.textChanged.connect(self._parse_timer.start)
        self.format_combo.currentIndexChanged.connect(self.reparse)
        self.fix_button.clicked.connect(self.apply_suggestion)
        self.duration_button.clicked.connect(self.set_asked_duration)
        self.open_button.clicked.connect(self.ask_file)
        self.buttons.accepted.connect(self.accept_import)
        self.buttons.rejected.connect(self.reject)
        self.reparse()

    # input ----------------------------------------------------------------------------------

    def set_text(self, text: str, *, name: str | None = None, file_name: str = "") -> None:
        """Fill the dialog (as pasting or opening a file would) and check it at once."""
        self._file_name = file_name
        if name is not None:
            self.name_edit.setText(name)
        self.text_edit.setPlainText(text)
        self.reparse()

    def ask_file(self) -> None:
        dialog = QFileDialog(self, "Open a table file")
        dialog.setObjectName("import_file_dialog")
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.setNameFilters(["Tables (*.txt *.md *.csv *.tsv *.toml)", "All files (*)"])
        dialog.fileSelected.connect(self.load_file)
        dialog.open()

    def load_file(self, path: str | Path) -> None:
        path = Path(path)
        try:  # only a regular file of at most 5 MB: /dev/zero or a FIFO would never end
            data = read_user_file(path, limit=TABLE_FILE_BYTES, what="table file")
            text = data.decode("utf-8-sig")
        except UserFileError as error:
            self._show_problems([f"cannot read {error}"])
            return
        except UnicodeDecodeError as error:
            self._show_problems([f"cannot read {path.name}: {error}"])
            return
        name = self.name_edit.text().strip()
        if not name and detect_format(text, str(path)) is not ImportFormat.TOML:
            name = path.stem.replace("_", " ").replace("-", " ")  # a TOML file names itself
        self.set_text(text, name=name, file_name=str(path))

    # checking -------------------------------------------------------------------------------

    def chosen_format(self) -> ImportFormat:
        return ImportFormat[self.format_combo.currentData()]

    def set_format(self, kind: ImportFormat) -> None:
        self.format_combo.setCurrentIndex(self.format_combo.findData(kind.name))

    def table(self) -> RollableTable | None:
        """The parsed table when it has no problems, else None."""
        return self._table

    def problems(self) -> list[str]:
        return list(self._problems)

    def fixes(self) -> list[RowFix]:
        """The fixes applied to the rows read, in order."""
        return list(self._fixes)

    def suggestion(self) -> RowFix | None:
        """The fix the first fixable problem suggests, if any."""
        return self._suggested

    def apply_suggestion(self) -> None:
        """Apply the suggested fix to the rows read and check again."""
        if self._suggested is None:
            return
        self._fixes.append(self._suggested)
        self.reparse()

    def asked_row(self) -> int | None:
        """The effect-table row (1-based) whose duration kind the dialog asks for, if any."""
        return self._asked_row

    def set_asked_duration(self, duration: str | None = None) -> None:
        """Give the asked row the duration picked (or ``duration``) and check again."""
        row = self._asked_row
        if row is None:
            return
        chosen = duration if isinstance(duration, str) else self.duration_combo.currentText()
        self._fixes.append(RowFix(row, f"row {row} lasts {chosen}", duration=chosen))
        self.reparse()

    def _forget_fixes(self) -> None:
        self._fixes.clear()

    def reparse(self) -> None:
        self._parse_timer.stop()
        text = self.text_edit.toPlainText()
        name = self.name_edit.text().strip()
        dice = self.dice_edit.text().strip() or None
        if not text.strip():
            self._table = None
            self._show_problems([], waiting="Paste a table or open a file.")
            return
        kind = self.chosen_format()
        detected = detect_format(text, self._file_name) if kind is ImportFormat.AUTO else kind
        if not name and detected is not ImportFormat.TOML:
            self._table = None
            self._show_problems(["the table needs a name (type one above)"])
            return
        try:
            table = parse_import(text, name, dice, kind, self._file_name, self._fixes)
        except TableImportError as error:
            self._table = None
            self._show_problems(
                [str(problem) for problem in error.problems],
                suggested=next(iter(error.fixes), None),
            )
            return
        except ValueError as error:
            self._table = None
            self._show_problems([str(error)])
            return
        if not name:
            self.name_edit.blockSignals(True)
            self.name_edit.setText(table.name)
            self.name_edit.blockSignals(False)
        missing = rows_without_kind(table) if is_effect_table(table.name) else ()
        if missing:
            self._table = None
            row = table.rows[missing[0] - 1]
            self._show_problems(
                [
                    f"row {number} ({table.rows[number - 1].label}) has no duration kind"
                    for number in missing
                ],
                asked=missing[0],
            )
            self.duration_label.setText(
                f"Row {missing[0]} ({row.label}): {row.text} — how long does it last?"
            )
            return
        self._table = table
        self._show_problems([])
        self._show_preview(table, detected)

    def _show_problems(
        self,
        problems: list[str],
        *,
        waiting: str = "",
        suggested: RowFix | None = None,
        asked: int | None = None,
    ) -> None:
        self._problems = problems
        self._suggested = suggested
        self._asked_row = asked
        self.fix_button.setVisible(suggested is not None)
        if suggested is not None:
            self.fix_button.setText(f"Apply the suggestion: {suggested.text.rstrip('?')}")
        self.duration_box.setVisible(asked is not None)
        applied = [fix.text.rstrip("?") for fix in self._fixes]
        self.fixes_label.setVisible(bool(applied))
        self.fixes_label.setText("Applied to the rows read: " + "; ".join(applied))
        show_problem_list(self, self.problem_list, problems)
        self.preview.setVisible(not problems and self._table is not None)
        if problems:
            count = len(problems)
            self.status_label.setText(
                f"<b>{count} {'problem' if count == 1 else 'problems'}</b> — nothing is imported "
                "until they are fixed."
            )
        elif waiting:
            self.status_label.setText(waiting)
        self.import_button.setEnabled(not problems and self._table is not None)

    def _show_preview(self, table: RollableTable, kind: ImportFormat) -> None:
        clash = table.name.casefold() in {name.casefold() for name in self._existing_names()}
        note = " It replaces the table of that name." if clash else ""
        self.status_label.setText(
            f"Ready: <b>{len(table.rows)} rows</b> on <b>{table.dice}</b> "
            f"(read as {kind.value.lower()}).{note}"
        )
        self._preview_rows.replace_all(table.rows)  # one reset; the view asks for what it shows
        self.preview.show()

    # importing ------------------------------------------------------------------------------

    def accept_import(self) -> None:
        self.reparse()
        table = self._table
        if table is None:
            return
        try:
            self._import_table(table)
        except ValueError as error:  # the store refused it (a clash, say): say why, keep it open
            self._show_problems([str(error)])
            return
        self.imported.emit(table)
        self.accept()
