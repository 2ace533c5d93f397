"""The "Roll for" chooser's items changed in place (issue 30 item 3).

The chooser lists nobody, the crows at the table, a separator and every other crow by name:
10,000 items on a big campaign. Switching the party at the table moves a few crows between the
two lists; emptying the chooser and filling it again took most of a switch. Here only the items
that differ are taken out and put in, the rest stay where they are.

An item is known by its place: ``("table", name)``, ``("separator", "")`` or ``("other", name)``
(a crow that leaves the table is a different item among the others).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QComboBox

Entry = tuple[str, str]
SEPARATOR: Entry = ("separator", "")


def entries(at_table: Sequence[str], others: Sequence[str]) -> list[Entry]:
    """The chooser's crows as items, in order (after its first item, nobody)."""
    listed: list[Entry] = [("table", name) for name in at_table]
    if at_table and others:
        listed.append(SEPARATOR)
    listed.extend(("other", name) for name in others)
    return listed


def fill_items(combo: QComboBox, wanted: list[Entry], first: int) -> None:
    """Put ``wanted`` into ``combo`` from index ``first`` on, after whatever items it has, in
    one insertion: the chooser's view lays itself out once for ten thousand crows instead of
    once per crow. The items are what ``insertItem`` and ``insertSeparator`` would make."""
    model = combo.model()
    if not isinstance(model, QStandardItemModel) or first != combo.count():
        change_items(combo, [], wanted, first)
        return
    items: list[QStandardItem] = []
    name_role = Qt.ItemDataRole.UserRole
    not_chosen = ~(Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled)
    for entry in wanted:
        if entry == SEPARATOR:
            item = QStandardItem("")
            item.setFlags(item.flags() & not_chosen)
            item.setData("separator", Qt.ItemDataRole.AccessibleDescriptionRole)
        else:
            item = QStandardItem(entry[1])
            item.setData(entry[1], name_role)
        items.append(item)
    if items:
        model.invisibleRootItem().appendRows(items)


def change_items(combo: QComboBox, shown: list[Entry], wanted: list[Entry], first: int) -> bool:
    """Make ``combo``'s items from index ``first`` on, which are ``shown``, into ``wanted``,
    taking out and putting in only the items that differ. False (nothing changed) when the
    items both lists keep are in another order (a party's members reordered): then the caller
    fills the chooser again."""
    keep = set(wanted)
    old = set(shown)
    kept = [entry for entry in shown if entry in keep]
    if kept != [entry for entry in wanted if entry in old]:
        return False
    for index in range(len(shown) - 1, -1, -1):
        if shown[index] not in keep:
            combo.removeItem(first + index)
    for index, entry in enumerate(wanted):
        if index < len(kept) and kept[index] == entry:
            continue
        if entry == SEPARATOR:
            combo.insertSeparator(first + index)
        else:
            combo.insertItem(first + index, entry[1], entry[1])
        kept.insert(index, entry)
    return True
