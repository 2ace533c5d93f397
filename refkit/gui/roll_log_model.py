"""Qt table model over the roll log: newest first, columns Time / Kind / Roll / Result.

The model holds ``LoggedRoll`` values handed to it by the composition root; it never reads the
database itself. :class:`RollLogFilter` narrows it by kind and by free text, testing each row's
search text, made once when the roll arrives.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt

from refkit.gui.row_table_model import Column, RowTableModel

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


class RollLogModel(RowTableModel["LoggedRoll"]):
    """Read-only table of logged rolls, newest first; each roll's search text (its shown
    columns, lowercased) is made once, when the roll arrives."""

    def __init__(self, today: Callable[[], date] = _today, parent=None) -> None:
        self._today = today
        roles = {KIND_ROLE: _kind_of, ID_ROLE: _id_of}
        tooltip = self._tooltip
        super().__init__(
            [
                Column(
                    COLUMNS[TIME_COLUMN],
                    self._time,
                    alignment=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                    tooltip=tooltip,
                    roles=roles,
                ),
                Column(
                    COLUMNS[KIND_COLUMN],
                    lambda roll: kind_label(roll.record.kind),
                    tooltip=tooltip,
                    roles=roles,
                ),
                Column(
                    COLUMNS[ROLL_COLUMN],
                    lambda roll: roll.record.expression,
                    tooltip=tooltip,
                    roles=roles,
                ),
                Column(
                    COLUMNS[RESULT_COLUMN],
                    lambda roll: roll.record.summary,
                    tooltip=tooltip,
                    roles=roles,
                ),
            ],
            parent=parent,
            search=self._search_text,
        )

    # contents ------------------------------------------------------------------------------

    def add_newest(self, roll: LoggedRoll) -> None:
        """Insert a roll that was just made at the top."""
        self.insert(0, [roll])

    def roll_at(self, row: int) -> LoggedRoll:
        return self.row_at(row)

    def rolls(self) -> list[LoggedRoll]:
        return self.rows()

    def kind_at(self, row: int) -> str:
        return self.row_at(row).record.kind

    # what the columns show ---------------------------------------------------------------

    def _time(self, roll: LoggedRoll) -> str:
        return time_text(roll.record.rolled_at, self._today())

    def _search_text(self, roll: LoggedRoll) -> str:
        record = roll.record
        shown = (self._time(roll), kind_label(record.kind), record.expression, record.summary)
        return "\n".join(shown).casefold()  # a line per column: no match across two of them

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


def _kind_of(roll: LoggedRoll) -> str:
    return roll.record.kind


def _id_of(roll: LoggedRoll) -> int | None:
    return roll.id


class RollLogFilter(QSortFilterProxyModel):
    """Keeps the rolls of one kind (or all) whose text contains the filter text (any case).

    A row is tested against the model's precomputed search text; a new filter is applied in one
    pass (the proxy is reset: Qt's row-by-row update of a changed filter is slow when the rows
    it keeps are scattered). Views keep their selection through it (see the roll log panel).
    """

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._kind: str | None = None
        self._text = ""

    def set_kind(self, kind: str | None) -> None:
        if (kind or None) != self._kind:
            self._change_filter(lambda: setattr(self, "_kind", kind or None))

    def set_text(self, text: str) -> None:
        wanted = text.strip().casefold()
        if wanted != self._text:
            self._change_filter(lambda: setattr(self, "_text", wanted))

    def _change_filter(self, change: Callable[[], None]) -> None:
        self.beginResetModel()
        change()
        self.endResetModel()

    @property
    def kind(self) -> str | None:
        return self._kind

    @property
    def text(self) -> str:
        return self._text

    def filterAcceptsRow(self, source_row: int, source_parent: ModelIndex) -> bool:
        model = self.sourceModel()
        if not isinstance(model, RollLogModel) or source_parent.isValid():
            return False
        if self._kind is not None and model.kind_at(source_row) != self._kind:
            return False
        return not self._text or self._text in model.search_text(source_row)
