"""Qt table model over the roll log: newest first, columns Time / Kind / Roll / Result.

The model holds ``LoggedRoll`` values handed to it by the composition root; it never reads the
database itself. :class:`RollLogFilter` narrows it by kind and by free text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from refkit.gui.table_model_helpers import column_header, read_only_flags

if TYPE_CHECKING:
    from refkit.store.roll_log import LoggedRoll

ModelIndex = QModelIndex | QPersistentModelIndex

COLUMNS: tuple[str, ...] = ("Time", "Kind", "Roll", "Result")
TIME_COLUMN, KIND_COLUMN, ROLL_COLUMN, RESULT_COLUMN = range(4)

KIND_ROLE = Qt.ItemDataRole.UserRole + 1
"""The record's ``kind`` key (e.g. ``"test"``), for filtering."""
ID_ROLE = Qt.ItemDataRole.UserRole + 2
"""The logged roll's id in the database."""

KIND_LABELS: dict[str, str] = {
    "test": "Test",
    "d100": "d100",
    "usage_dice": "Usage dice",
    "notation": "Dice",
}


def kind_label(kind: str) -> str:
    """How a record kind is shown to the user."""
    return KIND_LABELS.get(kind, kind.replace("_", " ").capitalize())


def _today() -> date:
    return datetime.now().astimezone().date()


def time_text(moment: datetime, today: date) -> str:
    """Local clock time for rolls made today, date and time for older ones."""
    local = moment.astimezone()
    if local.date() == today:
        return local.strftime("%H:%M:%S")
    return local.strftime("%Y-%m-%d %H:%M")


class RollLogModel(QAbstractTableModel):
    """Read-only table of logged rolls, newest first."""

    def __init__(self, today: Callable[[], date] = _today, parent=None) -> None:
        super().__init__(parent)
        self._rolls: list[LoggedRoll] = []
        self._today = today

    # contents ------------------------------------------------------------------------------

    def replace_all(self, rolls: Sequence[LoggedRoll]) -> None:
        """Show exactly ``rolls`` (already newest first)."""
        self.beginResetModel()
        self._rolls = list(rolls)
        self.endResetModel()

    def add_newest(self, roll: LoggedRoll) -> None:
        """Insert a roll that was just made at the top."""
        self.beginInsertRows(QModelIndex(), 0, 0)
        self._rolls.insert(0, roll)
        self.endInsertRows()

    def roll_at(self, row: int) -> LoggedRoll:
        return self._rolls[row]

    def rolls(self) -> list[LoggedRoll]:
        return list(self._rolls)

    # Qt model API --------------------------------------------------------------------------

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rolls)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> object:
        return column_header(COLUMNS, section, orientation, role)

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        return read_only_flags(index)

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rolls):
            return None
        roll = self._rolls[index.row()]
        record = roll.record
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == TIME_COLUMN:
                return time_text(record.rolled_at, self._today())
            if column == KIND_COLUMN:
                return kind_label(record.kind)
            if column == ROLL_COLUMN:
                return record.expression
            if column == RESULT_COLUMN:
                return record.summary
            return None
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(roll)
        if role == KIND_ROLE:
            return record.kind
        if role == ID_ROLE:
            return roll.id
        if role == Qt.ItemDataRole.TextAlignmentRole and column == TIME_COLUMN:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    @staticmethod
    def _tooltip(roll: LoggedRoll) -> str:
        record = roll.record
        faces = " ".join(str(face) for face in record.faces) or "none"
        lines = [
            record.summary,
            f"{record.expression}: dice {faces}, total {record.total}",
            record.rolled_at.astimezone().strftime("Rolled %Y-%m-%d %H:%M:%S %Z"),
        ]
        if record.seed is not None:
            lines.append(f"Seed {record.seed}")
        lines.append(f"From the {'command line' if roll.source == 'cli' else 'app'}")
        return "\n".join(lines)


class RollLogFilter(QSortFilterProxyModel):
    """Keeps the rolls of one kind (or all) whose text contains the filter text (any case)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._kind: str | None = None
        self._text = ""

    def set_kind(self, kind: str | None) -> None:
        self._change_filter(lambda: setattr(self, "_kind", kind or None))

    def set_text(self, text: str) -> None:
        self._change_filter(lambda: setattr(self, "_text", text.strip().casefold()))

    def _change_filter(self, change: Callable[[], None]) -> None:
        if hasattr(self, "endFilterChange"):  # Qt 6.10 and later
            self.beginFilterChange()
            change()
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            change()
            self.invalidateRowsFilter()

    @property
    def kind(self) -> str | None:
        return self._kind

    @property
    def text(self) -> str:
        return self._text

    def filterAcceptsRow(self, source_row: int, source_parent: ModelIndex) -> bool:
        model = self.sourceModel()
        if model is None:
            return False
        if self._kind is not None:
            kind = model.data(model.index(source_row, KIND_COLUMN, source_parent), KIND_ROLE)
            if kind != self._kind:
                return False
        if not self._text:
            return True
        for column in range(model.columnCount(source_parent)):
            value = model.data(model.index(source_row, column, source_parent))
            if isinstance(value, str) and self._text in value.casefold():
                return True
        return False
