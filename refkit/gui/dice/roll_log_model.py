"""Qt table model over the roll log: newest first, columns Time / Kind / Roll / Result.

The model holds ``LoggedRoll`` values handed to it by the composition root; it never reads the
database itself. :class:`RollLogFilter` narrows it by kind and by free text, testing each row's
search text, made once when the roll arrives.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractProxyModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

from refkit.gui.common.plain_text import rich_tooltip
from refkit.gui.common.row_table_model import Column, RowTableModel
from refkit.present.roll_kinds import ROLL_KIND_NAMES, roll_kind_name

if TYPE_CHECKING:
    from refkit.store.roll_log import LoggedRoll

ModelIndex = QModelIndex | QPersistentModelIndex

COLUMNS: tuple[str, ...] = ("Time", "Kind", "Roll", "Result")
TIME_COLUMN, KIND_COLUMN, ROLL_COLUMN, RESULT_COLUMN = range(4)

KIND_ROLE = Qt.ItemDataRole.UserRole + 1
"""The record's ``kind`` key (e.g. ``"test"``), for filtering."""
ID_ROLE = Qt.ItemDataRole.UserRole + 2
"""The logged roll's id in the database."""

KIND_LABELS = ROLL_KIND_NAMES
"""The kinds as people say them (:mod:`refkit.present.roll_kinds`)."""


def kind_label(kind: str) -> str:
    """How a record kind is shown to the user."""
    return roll_kind_name(kind)


def _today() -> date:
    return datetime.now().astimezone().date()


def time_text(moment: datetime, today: date) -> str:
    """Local clock time for rolls made today, date and time for older ones."""
    local = moment.astimezone()
    if local.date() == today:
        return local.strftime("%H:%M:%S")
    return local.strftime("%Y-%m-%d %H:%M")


ROLLS_KEPT = 2000
"""How many of the newest rolls the log shows (as many as it loads at start-up)."""
ROLLS_SLACK = 500
"""How many rolls past :data:`ROLLS_KEPT` the log takes before it lets the oldest go, all at
once: one reset of the filter every few hundred rolls, not one at every roll."""


class RollLogModel(RowTableModel["LoggedRoll"]):
    """Read-only table of logged rolls, newest first; each roll's search text (its shown
    columns, lowercased) is made once, when the roll arrives.

    It keeps the newest ``kept`` rolls (up to ``slack`` more): a roll added at the top past that
    lets the oldest go, so an evening of rolls does not grow the window's memory without end
    (issue 30); every roll stays in the database. (The window loads as many at start-up.)"""

    def __init__(
        self,
        today: Callable[[], date] = _today,
        parent=None,
        *,
        kept: int = ROLLS_KEPT,
        slack: int = ROLLS_SLACK,
    ) -> None:
        if kept < 1 or slack < 0:
            raise ValueError(f"the roll log keeps at least 1 roll, got {kept} (slack {slack})")
        self._today = today
        self._kept_rolls = kept
        self._slack = slack
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
        """Insert a roll that was just made at the top (the oldest let go past the limit)."""
        self.insert(0, [roll])
        if len(self) > self._kept_rolls + self._slack:
            self.remove(self._kept_rolls, len(self) - self._kept_rolls)

    def fill_from(self, rolls: list[LoggedRoll]) -> None:
        """Show the log's newest ``rolls`` (the newest first, read after the rolls shown were)
        around those shown, which stay in place: the older ones below, up to the limit, and any
        newer one the rolls shown missed (stored by another program) on top. In place of those
        shown when they are not among them (the log was cleared meanwhile, or none shown)."""
        shown = self.rows()
        ids = [roll.id for roll in rolls]
        if not shown or shown[0].id not in ids or shown[-1].id not in ids:
            self.replace_all(rolls[: self._kept_rolls])
            return
        newer = rolls[: ids.index(shown[0].id)]
        older = rolls[ids.index(shown[-1].id) + 1 :]
        room = max(0, self._kept_rolls - len(shown) - len(newer))
        if older[:room]:
            self.insert(len(shown), older[:room])
        if newer:
            self.insert(0, newer)

    def add_stored(self, rolls: Sequence[LoggedRoll]) -> None:
        """Put ``rolls`` read from the log (oldest first: a catch-up's) in their places among
        the newest shown, by id, leaving out those shown already: a roll made meanwhile may
        have come in first through :meth:`add_newest`. Only the rows newer than each are
        looked at (a few), not the whole log."""
        for roll in rolls:
            row = 0
            while row < len(self) and self.row_at(row).id > roll.id:
                row += 1
            if row < len(self) and self.row_at(row).id == roll.id:
                continue  # shown already
            self.insert(row, [roll])
        if len(self) > self._kept_rolls + self._slack:
            self.remove(self._kept_rolls, len(self) - self._kept_rolls)

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
        return rich_tooltip("\n".join(lines))  # a table's or a crow's name shown as typed


def _kind_of(roll: LoggedRoll) -> str:
    return roll.record.kind


def _id_of(roll: LoggedRoll) -> int | None:
    return roll.id


class RollLogFilter(QAbstractProxyModel):
    """Keeps the rolls of one kind (or all) whose text contains the filter text (any case).

    A new filter is one pass in Python over the model's precomputed search texts, giving the
    list of source rows kept; then the proxy is reset once (views keep their selection through
    it, see the roll log panel). Qt's QSortFilterProxyModel asked Python about every row one by
    one, and updated a changed filter row by row — slow when the rows kept are scattered. A
    roll added at the top is tested alone and inserted, without a reset.
    """

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._kind: str | None = None
        self._text = ""
        self._shown: list[int] = []  # the source rows kept, in order

    # the filter ----------------------------------------------------------------------------

    def set_kind(self, kind: str | None) -> None:
        if (kind or None) != self._kind:
            self._kind = kind or None
            self._refilter()

    def set_text(self, text: str) -> None:
        wanted = text.strip().casefold()
        if wanted != self._text:
            self._text = wanted
            self._refilter()

    @property
    def kind(self) -> str | None:
        return self._kind

    @property
    def text(self) -> str:
        return self._text

    def _rolls(self) -> RollLogModel | None:
        model = self.sourceModel()
        return model if isinstance(model, RollLogModel) else None

    def _kept(self, first: int = 0, last: int | None = None) -> list[int]:
        """The source rows from ``first`` to ``last`` that the filter keeps: one pass."""
        model = self._rolls()
        if model is None:
            return []
        end = len(model) if last is None else last + 1
        kind, text = self._kind, self._text
        if kind is None and not text:
            return list(range(first, end))
        rolls = model.rows()[first:end]
        texts = model.search_texts()[first:end]
        return [
            first + offset
            for offset, (roll, searched) in enumerate(zip(rolls, texts, strict=True))
            if (kind is None or roll.record.kind == kind) and text in searched
        ]

    def _refilter(self, *_args: object) -> None:
        self._begin_reset()
        self._end_reset()

    def _begin_reset(self, *_args: object) -> None:
        self.beginResetModel()

    def _end_reset(self, *_args: object) -> None:
        self._shown = self._kept()
        self.endResetModel()

    def _source_inserted(self, parent: ModelIndex, first: int, last: int) -> None:
        if parent.isValid():
            return
        count = last - first + 1
        # The source has its new rows already: the rows shown move down first, so that they
        # still map to their rolls while the views hear of the rows coming in.
        self._shown = [row + count if row >= first else row for row in self._shown]
        kept = self._kept(first, last)
        if kept:
            at = bisect_left(self._shown, first)
            self.beginInsertRows(QModelIndex(), at, at + len(kept) - 1)
            self._shown[at:at] = kept
            self.endInsertRows()

    # Qt proxy API ------------------------------------------------------------------------

    def setSourceModel(self, model: QAbstractItemModel | None) -> None:
        old = self.sourceModel()
        links = (
            ("rowsInserted", self._source_inserted),
            ("dataChanged", self._refilter),
            *((before, self._begin_reset) for before, _after in _RESET_BY),
            *((after, self._end_reset) for _before, after in _RESET_BY),
        )
        if old is not None:
            for signal, slot in links:
                getattr(old, signal).disconnect(slot)
        self.beginResetModel()
        super().setSourceModel(model)
        if model is not None:
            for signal, slot in links:
                getattr(model, signal).connect(slot)
        self._shown = self._kept()
        self.endResetModel()

    def mapToSource(self, proxy_index: ModelIndex) -> QModelIndex:
        model = self.sourceModel()
        if model is None or not proxy_index.isValid() or proxy_index.model() is not self:
            return QModelIndex()
        row = proxy_index.row()
        if not 0 <= row < len(self._shown):
            return QModelIndex()
        return model.index(self._shown[row], proxy_index.column())

    def mapFromSource(self, source_index: ModelIndex) -> QModelIndex:
        if not source_index.isValid() or source_index.model() is not self.sourceModel():
            return QModelIndex()
        source_row = source_index.row()
        row = bisect_left(self._shown, source_row)
        if row < len(self._shown) and self._shown[row] == source_row:
            return self.createIndex(row, source_index.column())
        return QModelIndex()

    def index(self, row: int, column: int, parent: ModelIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        if parent.isValid() or not 0 <= row < len(self._shown):
            return QModelIndex()
        if not 0 <= column < self.columnCount():
            return QModelIndex()
        return self.createIndex(row, column)

    def parent(self, *child: ModelIndex) -> Any:
        if not child:  # the QObject's parent
            return QObject.parent(self)
        return QModelIndex()  # a flat table: no index has a parent

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._shown)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        model = self.sourceModel()
        return 0 if parent.isValid() or model is None else model.columnCount()

    def hasChildren(self, parent: ModelIndex = QModelIndex()) -> bool:  # noqa: B008
        return not parent.isValid() and bool(self._shown)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        model = self.sourceModel()
        if model is None or orientation != Qt.Orientation.Horizontal:
            return None  # (the rows have no headers of their own)
        return model.headerData(section, orientation, role)


_RESET_BY = (
    ("modelAboutToBeReset", "modelReset"),
    ("rowsAboutToBeRemoved", "rowsRemoved"),
    ("rowsAboutToBeMoved", "rowsMoved"),
    ("layoutAboutToBeChanged", "layoutChanged"),
)
"""Source changes the filter follows by running again, resetting the proxy around them (rare
for a log: clearing it, undoing that)."""
