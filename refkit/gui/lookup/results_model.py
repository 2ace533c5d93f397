"""The lookup's results as a list model: a heading row per game, then that game's hits.

Games come in the order of their best hit, hits in rank order within their game. Heading rows
can be seen but not selected, so the arrow keys step from hit to hit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt

from refkit.games.reference import GAME_TITLES, EntryKey
from refkit.gui.lookup.rich_text import snippet_html
from refkit.present.lookup_documents import KIND_NAMES
from refkit.store.lookup import LookupHit, plain_snippet

Index = QModelIndex | QPersistentModelIndex


class ResultRole(IntEnum):
    HEADING = Qt.ItemDataRole.UserRole + 1
    """True on a game's heading row."""
    SNIPPET_HTML = Qt.ItemDataRole.UserRole + 2
    """The hit's snippet, escaped, hits in bold (None on a heading)."""
    SECTION = Qt.ItemDataRole.UserRole + 3
    KEY = Qt.ItemDataRole.UserRole + 4
    """The hit's EntryKey (None on a heading)."""
    KIND = Qt.ItemDataRole.UserRole + 5
    """What the hit is: rule, item, spell, creature or table (None on a heading)."""


@dataclass(frozen=True)
class ResultRow:
    game: str
    hit: LookupHit | None = None
    count: int = 0
    """On a heading: how many hits the game has."""


def grouped_rows(hits: Sequence[LookupHit]) -> tuple[ResultRow, ...]:
    """Heading and hit rows: games in the order of their best hit, hits by rank within each."""
    by_game: dict[str, list[LookupHit]] = {}
    for hit in hits:
        by_game.setdefault(hit.game, []).append(hit)
    rows: list[ResultRow] = []
    for game, game_hits in by_game.items():
        rows.append(ResultRow(game, count=len(game_hits)))
        rows.extend(ResultRow(game, hit) for hit in game_hits)
    return tuple(rows)


class LookupResultsModel(QAbstractListModel):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._rows: tuple[ResultRow, ...] = ()

    def set_hits(self, hits: Sequence[LookupHit]) -> None:
        self.beginResetModel()
        self._rows = grouped_rows(hits)
        self.endResetModel()

    def row_at(self, row: int) -> ResultRow:
        return self._rows[row]

    def hit_rows(self) -> list[int]:
        return [number for number, row in enumerate(self._rows) if row.hit is not None]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._rows)

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        if self._rows[index.row()].hit is None:
            return Qt.ItemFlag.ItemIsEnabled
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        hit = row.hit
        if role == ResultRole.HEADING:
            return hit is None
        if hit is None:
            title = GAME_TITLES.get(row.game, row.game)
            if role == Qt.ItemDataRole.DisplayRole:
                return title
            if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole):
                return f"{title}: {row.count} {'entry' if row.count == 1 else 'entries'}"
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return hit.title
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{hit.title} ({KIND_NAMES.get(hit.kind, hit.kind)}, {hit.section})"
        if role == Qt.ItemDataRole.AccessibleTextRole:
            kind = KIND_NAMES.get(hit.kind, hit.kind)
            return f"{hit.title}, {kind}, {hit.section}: {plain_snippet(hit.snippet)}"
        if role == ResultRole.KIND:
            return hit.kind
        if role == ResultRole.SNIPPET_HTML:
            return snippet_html(hit.snippet)
        if role == ResultRole.SECTION:
            return hit.section
        if role == ResultRole.KEY:
            return EntryKey(hit.game, hit.id)
        return None
