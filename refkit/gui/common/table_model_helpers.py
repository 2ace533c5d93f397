"""What the read-only table models share: their column headers and their item flags."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt


def column_header(
    columns: Sequence[str], section: int, orientation: Qt.Orientation, role: int
) -> str | None:
    """The title of column ``section`` for a horizontal header's display role; None otherwise."""
    if (
        orientation == Qt.Orientation.Horizontal
        and role == Qt.ItemDataRole.DisplayRole
        and 0 <= section < len(columns)
    ):
        return columns[section]
    return None


def read_only_flags(index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
    """Cells that can be selected but not edited (and nothing for an invalid index)."""
    if not index.isValid():
        return Qt.ItemFlag.NoItemFlags
    return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
