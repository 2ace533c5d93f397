"""The character list as a Qt table model, and a filter for the search box and the party chooser.

The model is a thin adapter over the store's :class:`CharacterSummary` rows (name, player, Stamina,
wounds, speed, dead); the service hands it a fresh list whenever something changes, and an edit
changes only its own row. A dead crow says DEAD in words, not by colour alone.

The model sorts its own rows (:meth:`CharacterListModel.sort`), one key per crow; the filter keeps
the model's order. Sorting in the filter asked the model for both rows of every comparison, a call
into Python each: some 118,000 for a campaign's 10,000 crows, a second's freeze per header click
and again at every refresh of the list.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QColor, QFont

from refkit.gui.common.plain_text import rich_tooltip
from refkit.gui.common.table_model_helpers import column_header, read_only_flags
from refkit.store.character_store import CharacterSummary, name_key

NAME_ROLE = Qt.ItemDataRole.UserRole + 1

COLUMNS: tuple[str, ...] = ("Name", "Player", "Stamina", "Wounds", "Speed", "State")
NAME, PLAYER, STAMINA, WOUNDS, SPEED, STATE = range(len(COLUMNS))
DEAD_COLOUR = QColor("#c62828")
COLUMN_SAMPLES: dict[int, tuple[str, ...]] = {
    PLAYER: ("Player", "A player's name"),
    STAMINA: ("Stamina", "99/99"),
    WOUNDS: ("Wounds", "10/10"),
    SPEED: ("Speed", "10"),
    STATE: ("State", "☠ DEAD", "Wounded"),
}
"""The widest texts each column other than Name shows: its width is set from these, not by
measuring every row."""

Index = QModelIndex | QPersistentModelIndex


class CharacterListModel(QAbstractTableModel):
    """One row per stored crow."""

    def __init__(self, summaries: Iterable[CharacterSummary] = (), parent: QObject | None = None):
        super().__init__(parent)
        self._rows: list[CharacterSummary] = list(summaries)
        self._store_rank = {summary.name: rank for rank, summary in enumerate(self._rows)}
        """Each crow's place in the store's order (the rows' order when not sorted)."""
        self._rows_by_key: dict[str, int] | None = None
        """Each crow's row by its name key, made when first asked for after a reset."""
        self._sort_column = -1
        """The column the rows are sorted by; -1: the store's order (by name, A to Z)."""
        self._descending = False

    # -- contents -----------------------------------------------------------------------------

    def set_summaries(self, summaries: Iterable[CharacterSummary]) -> None:
        """Show ``summaries`` (in the store's order), sorted as the list is. The same crows in
        the same places (an edit) change only the rows that differ, so a view keeps its place
        and does not lay out a thousand rows again; a crow added, removed or renamed, or one
        moved by the sort, resets the list."""
        in_store_order = list(summaries)
        self._store_rank = {summary.name: rank for rank, summary in enumerate(in_store_order)}
        rows = self._sorted(in_store_order)
        if [row.name for row in rows] != [row.name for row in self._rows]:
            self.beginResetModel()
            self._rows = rows
            self._rows_by_key = None
            self.endResetModel()
            return
        old, self._rows = self._rows, rows
        last_column = len(COLUMNS) - 1
        for number, (before, after) in enumerate(zip(old, rows, strict=True)):
            if before != after:
                self.dataChanged.emit(self.index(number, 0), self.index(number, last_column))

    def set_summary(self, summary: CharacterSummary) -> bool:
        """Show ``summary`` in the row of its crow (one crow edited), moving the row if the sort
        puts it elsewhere now; False, changing nothing, when the list has no row of that name
        (a crow added: read the whole list)."""
        row = self.row_of(summary.name)
        if row < 0 or self._rows[row].name != summary.name:
            return False
        before = self._rows[row]
        if before != summary:
            self._rows[row] = summary
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))
            if self._sort_column >= 0 and _sort_key(before, self._sort_column) != _sort_key(
                summary, self._sort_column
            ):
                self._move_to_its_place(row)
        return True

    def _move_to_its_place(self, row: int) -> None:
        """Move ``row``, its sort key changed, to where the sort puts it now (a binary search
        among the others, still in order; one row moved, not the whole list laid out again)."""
        moving = self._rows[row]
        others = self._rows[:row] + self._rows[row + 1 :]
        low, high = 0, len(others)
        while low < high:
            middle = (low + high) // 2
            if self._comes_before(others[middle], moving):
                low = middle + 1
            else:
                high = middle
        if low == row:
            return
        # Qt's destination is the row it goes before, counted before the move.
        if not self.beginMoveRows(QModelIndex(), row, row, QModelIndex(), low + (low > row)):
            self._reorder()  # not expected: a move Qt refuses is laid out in full instead
            return
        others.insert(low, moving)
        self._rows = others
        if self._rows_by_key is not None:
            for number in range(min(row, low), max(row, low) + 1):
                self._rows_by_key[name_key(others[number].name)] = number
        self.endMoveRows()

    def _comes_before(self, first: CharacterSummary, second: CharacterSummary) -> bool:
        """Whether ``first``'s row is above ``second``'s in the sort (ties: the store's order)."""
        column = self._sort_column
        one, other = _sort_key(first, column), _sort_key(second, column)
        if one != other:
            return bool(one > other) if self._descending else bool(one < other)  # type: ignore[operator]
        return self._store_rank[first.name] < self._store_rank[second.name]

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort the rows by ``column`` (-1, or Name A to Z: the store's order), ties in the
        store's order; the views' selections and current rows follow their crows."""
        if column == NAME and order == Qt.SortOrder.AscendingOrder:
            column = -1
        self._sort_column = column if 0 <= column < len(COLUMNS) else -1
        self._descending = order == Qt.SortOrder.DescendingOrder
        self._reorder()

    def _sorted(self, rows: list[CharacterSummary]) -> list[CharacterSummary]:
        """``rows`` (in the store's order) as the list is sorted (a stable sort, one key each)."""
        column = self._sort_column
        if column < 0:
            return rows
        descending = self._descending
        return sorted(rows, key=lambda summary: _sort_key(summary, column), reverse=descending)

    def _reorder(self) -> None:
        """Put the rows in the sort's order, telling views where each row went."""
        rank = self._store_rank
        by_sort = self._sorted(sorted(self._rows, key=lambda summary: rank[summary.name]))
        where = {id(summary): row for row, summary in enumerate(by_sort)}
        if all(where[id(summary)] == row for row, summary in enumerate(self._rows)):
            return
        self.layoutAboutToBeChanged.emit()
        kept = self.persistentIndexList()
        moved = [
            self.index(where[id(self._rows[index.row()])], index.column())
            if index.isValid()
            else QModelIndex()
            for index in kept
        ]
        self._rows = by_sort
        self._rows_by_key = None
        self.changePersistentIndexList(kept, moved)
        self.layoutChanged.emit()

    def summaries(self) -> list[CharacterSummary]:
        return list(self._rows)

    def summary(self, row: int) -> CharacterSummary:
        return self._rows[row]

    def row_of(self, name: str) -> int:
        """The row of the crow called ``name`` (ignoring case), or −1."""
        if self._rows_by_key is None:
            self._rows_by_key = {
                name_key(summary.name): row for row, summary in enumerate(self._rows)
            }
        return self._rows_by_key.get(name_key(name), -1)

    # -- QAbstractTableModel ------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's default
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's default
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> object:
        return column_header(COLUMNS, section, orientation, role)

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = read_only_flags(index)
        if index.isValid():
            flags |= Qt.ItemFlag.ItemIsDragEnabled  # a crow is dragged onto its party
        return flags

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        summary = self._rows[index.row()]
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return _display(summary, column)
        if role == NAME_ROLE:
            return summary.name
        if role == Qt.ItemDataRole.ToolTipRole:
            return rich_tooltip(_tooltip(summary))  # names and players, as typed
        if role == Qt.ItemDataRole.ForegroundRole and summary.dead and column in (NAME, STATE):
            return DEAD_COLOUR
        if role == Qt.ItemDataRole.FontRole and column in (NAME, STATE):
            font = QFont()
            font.setBold(column == NAME or summary.dead)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (STAMINA, WOUNDS, SPEED):
            return int(Qt.AlignmentFlag.AlignCenter)
        return None


def _display(summary: CharacterSummary, column: int) -> str:
    if column == NAME:
        return summary.name
    if column == PLAYER:
        return summary.player
    if column == STAMINA:
        return f"{summary.stamina}/{summary.stamina_max}"
    if column == WOUNDS:
        return f"{summary.wounds}/10"
    if column == SPEED:
        return str(summary.speed)
    if summary.dead:
        return "☠ DEAD"
    if summary.wounds:
        return "Wounded"
    return "Fit"


def _sort_key(summary: CharacterSummary, column: int) -> object:
    if column in (NAME, PLAYER, STATE):
        return _display(summary, column).casefold()
    if column == STAMINA:
        return summary.stamina
    if column == WOUNDS:
        return summary.wounds
    return summary.speed


def _tooltip(summary: CharacterSummary) -> str:
    player = f" (played by {summary.player})" if summary.player else ""
    state = "dead: all ten backpack slots are wounded" if summary.dead else f"speed {summary.speed}"
    return (
        f"{summary.name}{player}: Stamina {summary.stamina} of {summary.stamina_max}, "
        f"{summary.wounds} wound{'s' if summary.wounds != 1 else ''}, {state}"
    )


class CharacterFilter(QSortFilterProxyModel):
    """Shows the crows whose name or player contains the search text, optionally of one party."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._text = ""
        self._members: frozenset[str] | None = None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort by ``column``: the model sorts its rows (once, one key per crow) and the filter
        keeps the model's order (it sorts no more itself)."""
        model = self.sourceModel()
        if isinstance(model, CharacterListModel):
            model.sort(column, order)
            column, order = -1, Qt.SortOrder.AscendingOrder  # the model's order, as it is
        super().sort(column, order)

    def set_search(self, text: str) -> None:
        self.beginFilterChange()
        self._text = text.strip().casefold()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_party(self, members: Sequence[str] | None) -> None:
        """Only these crows (None: everyone). The same crows as now filter nothing again: a
        refresh sets the party it shows after the list's reset has filtered every row."""
        chosen = None if members is None else frozenset(name_key(m) for m in members)
        if chosen == self._members:
            return
        self.beginFilterChange()
        self._members = chosen
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        if self._members is None and not self._text:  # asked for every crow after each move
            return True
        model = self.sourceModel()
        if not isinstance(model, CharacterListModel):
            return True
        summary = model.summary(source_row)
        if self._members is not None and name_key(summary.name) not in self._members:
            return False
        if not self._text:
            return True
        return self._text in summary.name.casefold() or self._text in summary.player.casefold()
