"""The "Roll for" chooser's items changed in place (issue 30 item 3).

The chooser lists nobody, the crows at the table, a separator and every other crow by name:
10,000 items on a big campaign. Switching the party at the table moves a few crows between the
two lists; emptying the chooser and filling it again took most of a switch. Here only the items
that differ are taken out and put in, the rest stay where they are.

An item is known by its place: ``("table", name)``, ``("separator", "")`` or ``("other", name)``
(a crow that leaves the table is a different item among the others). A crow's item is its name
alone (no item data): the first filling puts ten thousand names in with one call.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
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


def fill_items(combo: QComboBox, at_table: Sequence[str], others: Sequence[str]) -> None:
    """Put the crows after ``combo``'s last item: the ones at the table, a separator, the
    others. Each list goes in with one call (``addItems``: no Python per crow, one insertion
    that the view lays out once); ten thousand crows one ``insertItem`` at a time took ten times
    as long on the GUI thread at start-up."""
    combo.addItems(list(at_table))
    if at_table and others:
        combo.insertSeparator(combo.count())
    combo.addItems(list(others))


def chosen_name(combo: QComboBox) -> str | None:
    """The crow chosen in ``combo`` (None: nobody, its first item). A crow's item is its name."""
    return combo.currentText() if combo.currentIndex() > 0 else None


def index_of(combo: QComboBox, name: str) -> int:
    """The index of the crow ``name`` (exactly as written), -1 if not offered; the first item
    (nobody) is never a crow, even for a crow whose name reads the same."""
    model = combo.model()
    if model.rowCount() < 2:
        return -1
    found = model.match(
        model.index(1, combo.modelColumn()),
        Qt.ItemDataRole.DisplayRole,
        name,
        1,
        Qt.MatchFlag.MatchExactly | Qt.MatchFlag.MatchCaseSensitive,
    )
    return found[0].row() if found else -1


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
            combo.insertItem(first + index, entry[1])
        kept.insert(index, entry)
    return True
