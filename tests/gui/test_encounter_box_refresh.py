"""The DT panel's encounter box is refreshed after every step (End DT above all): it keeps the
rows and the table chooser it has and changes only what changed (issue 30 item 2). Before, each
refresh threw every pending-encounter row away and built it again with a style sheet of its own,
and filled the table chooser again from scratch, so End DT grew slower through the evening."""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QPushButton

from refkit.gui.dungeon.encounter_box import EncounterBox
from refkit.rules.dungeon.clock import PendingEncounter

SIGNED = PendingEncounter(dt=3, roll=9, en=8, immediate=False)
NOW = PendingEncounter(dt=4, roll=10, en=8, immediate=True)
LATE = PendingEncounter(dt=2, roll=8, en=8, immediate=False, overdue=True)


def _rows(box: EncounterBox) -> list[QFrame]:
    return [row for row in box.findChildren(QFrame, "pending_encounter") if row.isVisibleTo(box)]


def test_the_pending_rows_are_kept_and_only_their_words_and_colour_change(qtbot) -> None:
    box = EncounterBox()
    qtbot.addWidget(box)
    box.show_pending([SIGNED], current_dt=3)
    (first,) = _rows(box)
    sheet = first.styleSheet()

    box.show_pending([SIGNED, NOW], current_dt=4)
    rows = _rows(box)
    assert rows[0] is first, "the row already shown is kept, not built again"
    assert len(rows) == 2
    assert box.pending_texts() == [
        "Encounter comes during this DT — sign at the end of DT 3, rolled 9 vs EN 8",
        "Encounter NOW — rolled 10 vs EN 8 in DT 4",
    ]
    assert rows[1].styleSheet() != sheet, "an encounter now is shown in red"

    box.show_pending([LATE], current_dt=5)
    assert _rows(box) == [first]
    assert box.pending_texts() == ["OVERDUE — the encounter was due in DT 3 — rolled 8 vs EN 8"]
    assert first.styleSheet() == rows[1].styleSheet(), "overdue: red, as an encounter now"

    box.show_pending([], current_dt=5)
    assert _rows(box) == [] and box.pending_texts() == []


def test_a_kept_row_says_which_encounter_its_button_resolves(qtbot) -> None:
    box = EncounterBox()
    qtbot.addWidget(box)
    box.show_pending([SIGNED, NOW], current_dt=4)
    box.show_pending([SIGNED], current_dt=4)
    box.show_pending([SIGNED, NOW], current_dt=4)
    with qtbot.waitSignal(box.resolve_clicked) as clicked:
        _rows(box)[1].findChild(QPushButton, "resolve_button").click()
    assert clicked.args == [1]


def test_the_table_chooser_is_filled_again_only_when_the_tables_changed(qtbot) -> None:
    box = EncounterBox()
    qtbot.addWidget(box)
    names = [f"Table {number:04}" for number in range(300)]
    box.show_tables(names, "Table 0007")
    removed: list[int] = []
    box.table_combo.model().rowsRemoved.connect(lambda *_args: removed.append(1))
    box.show_tables(list(names), "Table 0007")
    assert removed == [], "the same tables and choice: the chooser is left alone"
    assert box.table_combo.currentData() == "Table 0007"

    box.table_combo.setCurrentIndex(3)  # picked, but the step choosing it was refused
    box.show_tables(list(names), "Table 0007")
    assert box.table_combo.currentData() == "Table 0007", "the stored choice is shown again"

    box.show_tables(list(names), "Table 0009")
    assert box.table_combo.currentData() == "Table 0009"
    box.show_tables([*names, "Crypt encounters"], "Crypt encounters")
    assert box.table_combo.itemData(1) == "Crypt encounters", "encounter tables first"
    assert box.table_combo.currentData() == "Crypt encounters"
