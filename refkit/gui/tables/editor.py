"""The table browser and editor: every rollable table, its rows, live checks, and a roll button.

Left, the tables by name (Refkit defaults, imported and the referee's own). Right, the chosen
table: name, dice and rows (low / high / text / duration) in an editable grid. Every edit is
checked at once: the problems list names the rows (gaps, overlaps, rows outside the dice's range,
rows without text) and tints them; Save stays disabled while there is any. The roll box rolls the
table (optionally forcing the dice's total) with any dice inside the row's text rolled too.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from refkit.errors import StaleWriteError
from refkit.gui.common.conflict_bar import ConflictBar
from refkit.gui.common.plain_text import plain_message, rich_tooltip
from refkit.gui.common.row_table_model import Column, RowTableModel
from refkit.gui.common.table_style import fixed_column_widths, problem_row_tint, show_problem_list
from refkit.gui.common.typing_keys import KeyKeepingDelegate, keep_keys
from refkit.gui.tables.in_use_line import TablesInUseLine
from refkit.gui.tables.roll_controls import RollControls
from refkit.present.form_conflict import form_conflict
from refkit.present.table_grid import (
    COLUMNS,
    SOURCE_WORDS,
    TABLE_WORDS,
    GridLine,
    RowProblem,
    cells_of,
    check_grid,
    check_line,
    describe_roll,
    is_edited,
    line_of,
    new_table,
    next_low,
)
from refkit.rules.tables.model import (
    RollableTable,
    TableRoll,
    TableSource,
    roll_table,
)
from refkit.slot_record import replace  # a table is a SlotRecord

if TYPE_CHECKING:
    from PySide6.QtGui import QUndoStack

    from refkit.app.table_service import TableService, TableUse
    from refkit.app.undo import Command
    from refkit.gui.tables.import_dialog import TableImportDialog
    from refkit.store.table_store import TableSummary

log = logging.getLogger(__name__)
T = TypeVar("T")


class TableEditor(QWidget):
    """Browser, editor and roller for rollable tables.

    Works on a :class:`~refkit.app.table_service.TableService`; saving, importing and deleting
    are undoable commands pushed on ``undo_stack`` (done at once when there is none).
    """

    status_message = Signal(str)
    tables_changed = Signal()
    table_rolled = Signal(object)  # the TableRoll (already in the session log)

    def __init__(
        self,
        service: TableService | None = None,
        undo_stack: QUndoStack | None = None,
        parent: QWidget | None = None,
        *,
        rng_factory: Callable[[], random.Random] = random.Random,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("table_editor")
        self._service = service
        self._undo_stack = undo_stack
        self._rng_factory = rng_factory
        self._summaries: list[TableSummary] = []
        self._current: RollableTable | None = None
        self._problems: list[RowProblem] = []
        self._loading = False
        self._import_dialog: TableImportDialog | None = None
        self._kept_edits: tuple[str, str, list[list[str]]] | None = None
        """The name, dice and rows typed when a save met a change made elsewhere."""
        self._gone = False
        """The table shown was deleted elsewhere while edited: Save stores the edits anew."""
        self.conflict = ConflictBar(
            "table_conflict",
            put_back=("Put my edits back", "Fill the grid with your edits again, then Save"),
            keep_theirs=("Keep theirs", "Let your edits go; the table stays as stored"),
        )
        self.conflict.put_back_requested.connect(self._put_back_edits)

        self.table_list = QListWidget()
        self.table_list.setObjectName("table_list")
        self.new_button = QPushButton("New")
        self.new_button.setObjectName("table_new")
        self.import_button = QPushButton("Import…")
        self.import_button.setObjectName("table_import")
        self.import_button.setToolTip("Paste a table, or open a text, CSV or TOML file")
        self.delete_button = QPushButton("Delete")
        self.delete_button.setObjectName("table_delete")
        self.defaults_button = QPushButton("Restore defaults")
        self.defaults_button.setObjectName("table_defaults")
        self.defaults_button.setToolTip("Put back any of Refkit's default tables that are missing")
        self.use_backlash_button = QPushButton("Use as the backlash table")
        self.use_backlash_button.setObjectName("table_use_backlash")
        self.use_backlash_button.setToolTip("Casts roll their backlashes here (a d100 table)")
        self.use_miasma_button = QPushButton("Use as the Miasma table")
        self.use_miasma_button.setObjectName("table_use_miasma")
        self.use_miasma_button.setToolTip("The travel day's Miasma rolls here (a 1d10 table)")
        self.in_use_label = TablesInUseLine(self.isVisible)
        self.in_use_label.set_source(service, undo_stack)

        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("table_name")
        keep_keys(self.name_edit)
        self.dice_edit = QLineEdit()
        self.dice_edit.setObjectName("table_dice")
        self.dice_edit.setMaximumWidth(120)
        keep_keys(self.dice_edit)
        self.source_label = QLabel("")
        self.source_label.setObjectName("table_source")
        self._lines: RowTableModel[GridLine] = RowTableModel(self._grid_columns(), parent=self)
        self.grid = QTableView()
        self.grid.setObjectName("table_grid")
        self.grid.setModel(self._lines)
        fixed_column_widths(self.grid, {0: "-888", 1: "-888", 3: "1d6 turns"}, stretch=2)
        self.grid.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.grid.setWordWrap(True)
        self.grid.setItemDelegate(KeyKeepingDelegate(self.grid))
        self.add_row_button = QPushButton("Add row")
        self.add_row_button.setObjectName("table_add_row")
        self.remove_row_button = QPushButton("Remove row")
        self.remove_row_button.setObjectName("table_remove_row")
        self.problem_list = QListWidget()
        self.problem_list.setObjectName("table_problems")
        self.problem_list.setWordWrap(True)
        self.problem_list.setMaximumHeight(110)
        self.check_label = QLabel("")
        self.check_label.setObjectName("table_check")
        self.check_label.setWordWrap(True)
        self.save_button = QPushButton("Save table")
        self.save_button.setObjectName("table_save")
        self.revert_button = QPushButton("Revert")
        self.revert_button.setObjectName("table_revert")

        self.rolling = RollControls()
        self.force_check = self.rolling.force_check
        self.force_spin = self.rolling.force_spin
        self.modifier_spin = self.rolling.modifier_spin
        self.roll_button = self.rolling.roll_button
        self.roll_result = self.rolling.result

        self._build_layout()
        self._connect()
        self.reload()

    # construction ---------------------------------------------------------------------------

    def _grid_columns(self) -> list[Column[GridLine]]:
        tint = QBrush(problem_row_tint(self))

        def background(line: GridLine) -> QBrush | None:
            return tint if line.tinted else None

        def column(number: int) -> Column[GridLine]:
            return Column(
                COLUMNS[number],
                lambda line: line.cells[number],
                background=background,
                edit=lambda line, text: line.with_cell(number, text),
            )

        return [column(number) for number in range(len(COLUMNS))]

    def _build_layout(self) -> None:
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.table_list, 1)
        # Two buttons a row: three in one made the editor wider than the clock's column it is
        # tabbed in, so the column widened under the referee's pointer when it was built.
        buttons = QGridLayout()
        buttons.addWidget(self.new_button, 0, 0)
        buttons.addWidget(self.import_button, 0, 1)
        buttons.addWidget(self.delete_button, 1, 0)
        buttons.addWidget(self.defaults_button, 1, 1)
        left_layout.addLayout(buttons)
        left_layout.addWidget(self.use_backlash_button)
        left_layout.addWidget(self.use_miasma_button)
        left_layout.addWidget(self.in_use_label)

        right = QWidget()
        form = QFormLayout()
        form.addRow("Name", self.name_edit)
        dice_row = QHBoxLayout()
        dice_row.addWidget(self.dice_edit)
        dice_row.addWidget(self.source_label, 1)
        form.addRow("Dice", dice_row)
        row_buttons = QHBoxLayout()
        row_buttons.addWidget(self.add_row_button)
        row_buttons.addWidget(self.remove_row_button)
        row_buttons.addStretch(1)
        row_buttons.addWidget(self.revert_button)
        row_buttons.addWidget(self.save_button)
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.conflict)
        right_layout.addLayout(form)
        right_layout.addWidget(self.grid, 1)
        right_layout.addLayout(row_buttons)
        right_layout.addWidget(self.check_label)  # a line of its own: its text grows on edits
        right_layout.addWidget(self.problem_list)
        right_layout.addLayout(self.rolling.row())
        right_layout.addWidget(self.roll_result)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(1, 3)
        splitter.setSizes([220, 560])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)

    def _connect(self) -> None:
        self.table_list.currentRowChanged.connect(self._select_row)
        self.name_edit.textChanged.connect(self.recheck)
        self.dice_edit.textChanged.connect(self._dice_changed)
        self._lines.dataChanged.connect(self._cells_edited)
        self._lines.rowsRemoved.connect(self.recheck)
        self.add_row_button.clicked.connect(self.add_row)
        self.remove_row_button.clicked.connect(self.remove_selected_rows)
        self.save_button.clicked.connect(self.save)
        self.revert_button.clicked.connect(self.revert)
        self.new_button.clicked.connect(self.new_table)
        self.import_button.clicked.connect(self.open_import)
        self.delete_button.clicked.connect(self.ask_delete)
        self.defaults_button.clicked.connect(self.restore_defaults)
        self.use_backlash_button.clicked.connect(lambda: self.use_as("backlash"))
        self.use_miasma_button.clicked.connect(lambda: self.use_as("miasma"))
        self.roll_button.clicked.connect(self.roll)
        if self._undo_stack is not None:  # an undone choice shows at once
            self._undo_stack.indexChanged.connect(self.in_use_label.history_moved)

    # the list -------------------------------------------------------------------------------

    def set_service(self, service: TableService, undo_stack: QUndoStack | None = None) -> None:
        self._service = service
        if undo_stack is not None and undo_stack is not self._undo_stack:
            self._undo_stack = undo_stack
            undo_stack.indexChanged.connect(self.in_use_label.history_moved)
        self.in_use_label.set_source(service, self._undo_stack)
        self.reload()

    def table_names(self) -> list[str]:
        return [summary.name for summary in self._summaries]

    def reload(self, select: str | None = None) -> None:
        """Read the table list again, keeping the selection (or selecting ``select``).

        Unsaved edits of the table shown are dropped only when another table gets selected.
        """
        keep = select or (self._current.name if self._current else None)
        try:
            self._summaries = list(self._read(self._service.summaries)) if self._service else []
        except Exception as error:  # a read failure must not take the panel down
            log.exception("cannot list the tables")
            self.status_message.emit(f"Cannot read the tables: {error}")
            self._summaries = []
        chosen = 0
        if keep:
            wanted = keep.casefold()
            for index, summary in enumerate(self._summaries):
                if summary.name.casefold() == wanted:
                    chosen = index
        self.table_list.blockSignals(True)
        self.table_list.clear()
        # Every name in one insertion (the list lays itself out once, not once per table); the
        # tips are read only when one is shown, so setting them tells the view nothing.
        self.table_list.addItems([summary.name for summary in self._summaries])
        items = self.table_list.model()
        items.blockSignals(True)
        try:
            for index, summary in enumerate(self._summaries):
                self.table_list.item(index).setToolTip(
                    f"{summary.dice} · {summary.rows} rows · {SOURCE_WORDS[summary.source]}"
                )
        finally:
            items.blockSignals(False)
        if self._summaries:  # chosen here and shown below, once
            self.table_list.setCurrentRow(chosen)
        self.table_list.blockSignals(False)
        enabled = self._service is not None
        for widget in (self.new_button, self.import_button, self.defaults_button):
            widget.setEnabled(enabled)
        self.in_use_label.read_now()
        if self._summaries:
            self._select_row(chosen)
        else:
            self._show_table(None)

    def select_table(self, name: str) -> None:
        for index, summary in enumerate(self._summaries):
            if summary.name.casefold() == name.casefold():
                self.table_list.setCurrentRow(index)
                return
        raise ValueError(f"no table called {name!r}")

    def _select_row(self, index: int) -> None:
        if self._service is None or not 0 <= index < len(self._summaries):
            return
        name = self._summaries[index].name
        if self._current is not None and self._current.name == name and self._dirty():
            return  # keep the referee's unsaved edits through a refresh
        try:
            table = self._read(self._service.get, name)
        except ValueError as error:
            self.status_message.emit(str(error))
            return
        self._show_table(table)

    # the editor -----------------------------------------------------------------------------

    def current_table(self) -> RollableTable | None:
        """The table as saved (not the unsaved edits)."""
        return self._current

    def edited_table(self) -> RollableTable | None:
        """The table as edited, when it has no problems."""
        if self._current is None:
            return None
        table, _problems = check_grid(
            self._current, self.name_edit.text(), self.dice_edit.text(), self.cells()
        )
        return table

    def problems(self) -> list[str]:
        return [problem.message for problem in self._problems]

    def cells(self) -> list[list[str]]:
        return [list(line.cells) for line in self._lines.rows()]

    def set_cell(self, row: int, column: int, text: str) -> None:
        """Type ``text`` into a cell (as the referee would); the edits are checked at once."""
        self._lines.setData(self._lines.index(row, column), text)

    def _cells_edited(self, _top: QModelIndex, _bottom: QModelIndex, roles=()) -> None:
        if list(roles) != [Qt.ItemDataRole.BackgroundRole]:  # not just the tints repainted
            self.recheck()

    def _show_table(self, table: RollableTable | None) -> None:
        self._loading = True
        self._current = table
        self._gone = False
        editable = table is not None
        for widget in (
            self.name_edit,
            self.dice_edit,
            self.grid,
            self.add_row_button,
            self.remove_row_button,
            self.roll_button,
            self.delete_button,
            self.use_backlash_button,
            self.use_miasma_button,
        ):
            widget.setEnabled(editable)
        if table is None:
            self._lines.replace_all([])
            self.name_edit.clear()
            self.dice_edit.clear()
            self.source_label.clear()
        else:
            self.name_edit.setText(table.name)
            self.dice_edit.setText(table.dice)
            self.source_label.setText(SOURCE_WORDS[table.source])
            self.source_label.setToolTip(rich_tooltip(table.description))
            # one reset; no row is measured (sizing rows to their text read every row)
            self._lines.replace_all(GridLine(line_of(cells)) for cells in cells_of(table))
            self.rolling.show_table(table)
        self._loading = False
        self._dice_changed()
        self.roll_result.clear()

    def _dice_changed(self) -> None:
        self.rolling.set_dice(self.dice_edit.text())
        self.recheck()

    def recheck(self, *_args: object) -> None:
        """Check the edits now: list the problems, tint their rows, enable Save if none."""
        if self._loading:
            return
        if self._current is None:
            self._problems = []
            self.problem_list.clear()
            self.problem_list.hide()
            self.check_label.clear()
            self.save_button.setEnabled(False)
            self.revert_button.setEnabled(False)
            return
        table, self._problems = check_grid(
            self._current, self.name_edit.text(), self.dice_edit.text(), self.cells()
        )
        self._tint({row for problem in self._problems for row in problem.rows})
        self._list_problems([problem.message for problem in self._problems])
        dirty = self._dirty()
        self.check_label.setText(check_line(self._problems, dirty))
        self.save_button.setEnabled(table is not None and dirty and self._service is not None)
        self.revert_button.setEnabled(dirty)

    def _tint(self, tinted: set[int]) -> None:
        """Tint the rows problems name, repainting only the span whose tint changed."""
        changed = []
        for row, line in enumerate(self._lines.rows()):
            if line.tinted != (row in tinted):
                line.tinted = row in tinted
                changed.append(row)
        if changed:
            self._lines.rows_changed(changed[0], changed[-1], [Qt.ItemDataRole.BackgroundRole])

    def _list_problems(self, messages: Sequence[str]) -> None:
        show_problem_list(self, self.problem_list, messages)

    def _dirty(self) -> bool:
        if self._current is None:
            return False
        return is_edited(self._current, self.name_edit.text(), self.dice_edit.text(), self.cells())

    def add_row(self) -> None:
        rows = len(self._lines)
        self._lines.append([GridLine((next_low(self.cells()), "", "", ""))])
        self.grid.setCurrentIndex(self._lines.index(rows, 2))
        self.recheck()

    def remove_selected_rows(self) -> None:
        rows = sorted({index.row() for index in self.grid.selectedIndexes()}, reverse=True)
        current = self.grid.currentIndex()
        if not rows and current.isValid():
            rows = [current.row()]
        self._loading = True  # one check after all the removals, not one per row
        for row in rows:
            self._lines.remove(row)
        self._loading = False
        self.recheck()

    def revert(self) -> None:
        self._show_table(self._current)

    # saving, deleting, importing: undoable commands ------------------------------------------

    def _push(self, command: Command) -> bool:
        """Do ``command`` (on the undo stack when there is one); False and a message on refusal."""
        try:
            if self._undo_stack is not None:
                from refkit.gui.shell.undo_adapter import push_command

                push_command(self._undo_stack, command)
            else:
                command.do()
        except ValueError as error:
            self._list_problems([str(error)])
            self.status_message.emit(str(error))
            return False
        self.tables_changed.emit()
        return True

    def new_table(self) -> None:
        if self._service is None:
            return
        from refkit.app.table_service import SaveTableCommand

        table = new_table(self.table_names())
        if self._push(SaveTableCommand(self._service, table)):
            self._current = None
            self.reload(select=table.name)
            self.name_edit.setFocus()
            self.name_edit.selectAll()

    def save(self) -> bool:
        """Save the edited table over the one shown (undoable); False when it has problems."""
        if self._service is None or self._current is None:
            return False
        table = self.edited_table()
        if table is None:
            self.status_message.emit("The table has problems; fix them before saving")
            return False
        if table.source is TableSource.REFKIT_DEFAULT:
            table = replace(table, source=TableSource.CUSTOM)
        from refkit.app.table_service import SaveTableCommand

        if self._gone:  # deleted elsewhere meanwhile: the user saves the edits anew
            command = SaveTableCommand(self._service, table)
        else:
            shown = self._current
            command = SaveTableCommand(self._service, table, previous_name=shown.name, base=shown)
        try:
            if not self._push(command):
                return False
        except StaleWriteError as error:
            self._show_conflict(error)
            return False
        self.status_message.emit(f"Saved table {table.name!r}")
        self._current = None
        self.reload(select=table.name)
        return True

    def _show_conflict(self, error: StaleWriteError) -> None:
        """The table was changed (or deleted) elsewhere since it was shown: show it as stored
        now, say what changed, and keep the user's edits to put back."""
        assert self._service is not None and self._current is not None
        base = self._current
        edits = (self.name_edit.text(), self.dice_edit.text(), self.cells())
        stored = self._read(self._service.read, base.name)
        mine = self.edited_table() or base
        conflict = form_conflict(error.what, base, mine, stored, TABLE_WORDS)
        kept = [f"{edits[0]} ({edits[1]})", *("  ".join(cells).rstrip() for cells in edits[2])]
        self._kept_edits = edits
        if stored is None:
            self._gone = True
        else:
            self._current = None  # the edits shown are no longer over the stored table
            self.reload(select=stored[0].name)
        self.conflict.show_kept(conflict.message, "\n".join(kept))
        self.conflict.put_back_button.setVisible(stored is not None)
        self.status_message.emit(str(error))

    def _put_back_edits(self) -> None:
        if self._kept_edits is None or self._current is None:
            return
        name, dice, cells = self._kept_edits
        self.name_edit.setText(name)
        self.dice_edit.setText(dice)
        self._lines.replace_all(GridLine(line_of(row)) for row in cells)
        self.recheck()

    def ask_delete(self) -> QMessageBox | None:
        if self._service is None or self._current is None:
            return None
        name = self._current.name
        box = plain_message(QMessageBox(self))  # names the table
        box.setObjectName("table_delete_box")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("Delete table")
        box.setText(f"Delete the table {name!r}?")
        box.setInformativeText("Edit → Undo brings it back.")
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
        box.accepted.connect(lambda: self.delete(name))
        box.open()
        return box

    def delete(self, name: str) -> None:
        if self._service is None:
            return
        from refkit.app.table_service import DeleteTableCommand, fallback_text

        command = DeleteTableCommand(self._service, name)
        if self._push(command):
            said = fallback_text(name, command.fell_back)
            self.status_message.emit(f"Deleted table {name!r}" + (f". {said}" if said else ""))
            self._current = None
            self.reload()

    def use_as(self, use: TableUse) -> bool:
        """Make the table shown the backlash or the Miasma table (one undo step); a table
        with other dice is refused with the reason, in the panel."""
        if self._service is None or self._current is None:
            return False
        from refkit.app.table_service import USE_SPECS, UseTableCommand

        name = self._current.name
        if not self._push(UseTableCommand(self._service, name, use)):
            return False
        self.recheck()  # the refusal shown before gives way to the grid's own problems
        self.status_message.emit(f"{name} is now the {USE_SPECS[use].label} table")
        self.in_use_label.read_now()
        return True

    def in_use_text(self) -> str:
        return self.in_use_label.current_text()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.in_use_label.stale:
            self.in_use_label.read_now()

    def _read(self, function: Callable[..., T], *args: object) -> T:
        """``function(*args)``, a read of the tables, where the undo stack writes (the window's
        worker, off the GUI thread), else here."""
        from refkit.gui.shell.undo_adapter import write_through

        return write_through(self._undo_stack, function, *args)

    def restore_defaults(self) -> None:
        if self._service is None:
            return
        written = self._read(self._service.restore_defaults)  # where the window writes
        if written:
            self.status_message.emit(f"Restored {', '.join(written)}")
            self.tables_changed.emit()
        else:
            self.status_message.emit("All of Refkit's default tables are there")
        self.reload()

    def open_import(self) -> TableImportDialog:
        # Imported when first opened: the file formats' readers (~45 ms) wait for the user.
        from refkit.gui.tables.import_dialog import TableImportDialog

        if self._import_dialog is None:
            dialog = TableImportDialog(
                self._import, self, existing_names=lambda: set(self.table_names())
            )
            dialog.imported.connect(self._imported)
            self._import_dialog = dialog
        self._import_dialog.open()
        return self._import_dialog

    def _import(self, table: RollableTable) -> None:
        if self._service is None:
            raise ValueError("the tables are still loading; try again in a moment")
        from refkit.app.table_service import SaveTableCommand

        command = SaveTableCommand(self._service, table)
        if self._undo_stack is not None:
            from refkit.gui.shell.undo_adapter import push_command

            push_command(self._undo_stack, command)  # a ValueError stays in the dialog
        else:
            command.do()
        self.tables_changed.emit()

    def _imported(self, table: RollableTable) -> None:
        self.status_message.emit(f"Imported table {table.name!r} ({len(table.rows)} rows)")
        self._current = None
        self.reload(select=table.name)

    # rolling --------------------------------------------------------------------------------

    def roll(self) -> TableRoll | None:
        """Roll the table shown (as saved), forcing the total if asked; logged by the service."""
        table = self._current
        if table is None:
            return None
        total, modifier = self.rolling.total(), self.rolling.modifier(table)
        try:
            if self._service is not None:
                from refkit.gui.shell.undo_adapter import write_through

                roll = partial(self._service.roll, table.name, total, modifier=modifier)
                result = write_through(self._undo_stack, roll).roll
            else:
                result = roll_table(table, self._rng_factory(), total=total, modifier=modifier)
        except ValueError as error:
            self.roll_result.setText(f"⚠ {error}")
            return None
        self.roll_result.setText(describe_roll(result))
        self.status_message.emit(f"{table.name}: {describe_roll(result)}")
        self.table_rolled.emit(result)
        return result
