"""A Qt table model over a Python list of rows, with its columns declared as data.

Each :class:`Column` says its header and how a row gives the cell's text (and, if wanted, its
alignment, tooltip, colours, font, and how an edit makes a new row). :class:`RowTableModel`
holds the rows and announces every change as the smallest Qt signal that says it — rows
inserted, removed or changed — so a view only lays out and paints what changed; only
:meth:`RowTableModel.replace_all` resets. The adapter idea follows napari's
``_qt/containers/_base_item_model.py``: the list is the truth, the model only shows it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

R = TypeVar("R")
ModelIndex = QModelIndex | QPersistentModelIndex
RowValue = Callable[[Any], Any]

_ROLE = Qt.ItemDataRole


@dataclass(frozen=True)
class Column(Generic[R]):
    """One column: its header and what a row shows in it.

    ``value`` gives the display text; the optional functions give the other roles (None from
    one of them means "the view's default"). ``edit`` makes the column editable: it takes the
    row and the typed text and returns the new row (or raises ValueError to refuse the edit).
    """

    header: str
    value: Callable[[R], object]
    alignment: Qt.AlignmentFlag | None = None
    tooltip: Callable[[R], str | None] | None = None
    foreground: Callable[[R], object] | None = None
    background: Callable[[R], object] | None = None
    font: Callable[[R], object] | None = None
    edit: Callable[[R, str], R] | None = None
    roles: Mapping[int, Callable[[R], object]] = field(default_factory=dict)
    """Further roles (a user role holding an id, say) and how a row answers them."""


class RowTableModel(QAbstractTableModel, Generic[R]):
    """Rows of ``R`` shown in the declared columns; flat (no children), read-only unless a
    column has ``edit``.

    With ``search``, the model keeps each row's search text (made once, when the row arrives),
    so a filter can test a row with one ``in`` instead of asking every cell for its text.
    """

    def __init__(
        self,
        columns: Sequence[Column[R]],
        rows: Iterable[R] = (),
        parent: QObject | None = None,
        *,
        search: Callable[[R], str] | None = None,
    ) -> None:
        super().__init__(parent)
        if not columns:
            raise ValueError("a row table needs at least one column")
        self._columns: tuple[Column[R], ...] = tuple(columns)
        self._search = search
        self._rows: list[R] = list(rows)
        self._texts: list[str] = self._texts_of(self._rows)

    # the rows -------------------------------------------------------------------------------

    @property
    def columns(self) -> tuple[Column[R], ...]:
        return self._columns

    def rows(self) -> list[R]:
        """A copy of the rows, top first."""
        return list(self._rows)

    def row_at(self, row: int) -> R:
        return self._rows[row]

    def __len__(self) -> int:
        return len(self._rows)

    def search_text(self, row: int) -> str:
        """Row ``row``'s search text ("" without a ``search`` function)."""
        return self._texts[row] if self._search is not None else ""

    def search_texts(self) -> list[str]:
        """A copy of every row's search text, top first (for a filter's one pass)."""
        return list(self._texts) if self._search is not None else [""] * len(self._rows)

    def _texts_of(self, rows: Sequence[R]) -> list[str]:
        search = self._search
        return [] if search is None else [search(row) for row in rows]

    def replace_all(self, rows: Iterable[R]) -> None:
        """Show exactly ``rows`` (the one change that resets the model)."""
        self.beginResetModel()
        self._rows = list(rows)
        self._texts = self._texts_of(self._rows)
        self.endResetModel()

    def insert(self, position: int, rows: Sequence[R]) -> None:
        """Insert ``rows`` before row ``position`` (0: at the top; ``len``: at the end)."""
        if not 0 <= position <= len(self._rows):
            raise IndexError(f"cannot insert at row {position} of {len(self._rows)}")
        if not rows:
            return
        self.beginInsertRows(QModelIndex(), position, position + len(rows) - 1)
        self._rows[position:position] = list(rows)
        if self._search is not None:
            self._texts[position:position] = self._texts_of(rows)
        self.endInsertRows()

    def append(self, rows: Sequence[R]) -> None:
        """Add ``rows`` at the end."""
        self.insert(len(self._rows), rows)

    def remove(self, first: int, count: int = 1) -> None:
        """Remove ``count`` rows from row ``first`` on."""
        if count <= 0:
            return
        if first < 0 or first + count > len(self._rows):
            raise IndexError(f"cannot remove rows {first}–{first + count - 1} of {len(self._rows)}")
        self.beginRemoveRows(QModelIndex(), first, first + count - 1)
        del self._rows[first : first + count]
        if self._search is not None:
            del self._texts[first : first + count]
        self.endRemoveRows()

    def update(self, row: int, value: R) -> None:
        """Replace row ``row`` with ``value`` and repaint just that row."""
        self._rows[row] = value
        if self._search is not None:
            self._texts[row] = self._search(value)
        self.rows_changed(row, row)

    def rows_changed(self, first: int, last: int, roles: Sequence[int] = ()) -> None:
        """Say that rows ``first``–``last`` show something new (when what a column function
        reads outside the row changed, e.g. which rows a problem tints)."""
        if not self._rows or last < first:
            return
        self.dataChanged.emit(
            self.index(first, 0), self.index(last, len(self._columns) - 1), list(roles)
        )

    # Qt model API --------------------------------------------------------------------------

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._columns)

    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,
        role: int = _ROLE.DisplayRole,
    ) -> object:
        if (
            orientation == Qt.Orientation.Horizontal
            and role == _ROLE.DisplayRole
            and 0 <= section < len(self._columns)
        ):
            return self._columns[section].header
        return None

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        if not self._valid(index):
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if self._columns[index.column()].edit is not None:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: ModelIndex, role: int = _ROLE.DisplayRole) -> object:
        if not self._valid(index):
            return None
        row = self._rows[index.row()]
        column = self._columns[index.column()]
        if role in (_ROLE.DisplayRole, _ROLE.EditRole):
            return column.value(row)
        if role == _ROLE.TextAlignmentRole:
            return None if column.alignment is None else int(column.alignment)
        if role == _ROLE.ToolTipRole:
            answer = column.tooltip
        elif role == _ROLE.ForegroundRole:
            answer = column.foreground
        elif role == _ROLE.BackgroundRole:
            answer = column.background
        elif role == _ROLE.FontRole:
            answer = column.font
        else:
            answer = column.roles.get(role)
        return None if answer is None else answer(row)

    def setData(self, index: ModelIndex, value: object, role: int = _ROLE.EditRole) -> bool:
        if not self._valid(index) or role != _ROLE.EditRole:
            return False
        edit = self._columns[index.column()].edit
        if edit is None:
            return False
        try:
            new_row = edit(self._rows[index.row()], "" if value is None else str(value))
        except ValueError:
            return False
        self._rows[index.row()] = new_row
        if self._search is not None:
            self._texts[index.row()] = self._search(new_row)
        self.dataChanged.emit(index, index, [_ROLE.DisplayRole, _ROLE.EditRole])
        return True

    def _valid(self, index: ModelIndex) -> bool:
        return (
            index.isValid()
            and not index.parent().isValid()
            and 0 <= index.row() < len(self._rows)
            and 0 <= index.column() < len(self._columns)
        )
