"""Encounters on the DT panel: the EN and its toggles, pending encounters, the table, loud noise.

The EN (dungeon base 9, −1 for a crowded level, −1 for chaos left behind, then the referee's
modifier, clamped to 1..10) is always on show. A signalled encounter stays listed — in warning
colours — until the referee marks it resolved, with the DT it comes in (L435); once that DT has
ended with it unresolved a red *overdue* band says so at the top of the box (this is the referee's
panel only: the players' window never says it). One click rolls the dungeon's chosen encounter
table. The widget only shows and signals; the panel talks to the services.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from refkit.gui.common.plain_text import plain_label
from refkit.rules.dungeon.clock import PendingEncounter

NO_TABLE = "(no table chosen)"


def pending_text(encounter: PendingEncounter, current_dt: int) -> str:
    """What a pending encounter means now, in words."""
    rolled = f"rolled {encounter.roll} vs EN {encounter.en}"
    if encounter.overdue:
        return f"OVERDUE — the encounter was due in DT {encounter.due} — {rolled}"
    if encounter.immediate:
        return f"Encounter NOW — {rolled} in DT {encounter.dt}"
    if encounter.during_rest:
        return f"Encounter during the rest or just after — {rolled}"
    if current_dt == encounter.due:
        return f"Encounter comes during this DT — sign at the end of DT {encounter.dt}, {rolled}"
    return f"Sign now — encounter during DT {encounter.due} ({rolled})"


def overdue_text(pending: Sequence[PendingEncounter]) -> str:
    """The overdue band's words ('' when nothing is overdue)."""
    late = sorted({encounter.due for encounter in pending if encounter.overdue})
    if not late:
        return ""
    dts = ", ".join(f"DT {dt}" for dt in late)
    what = "An encounter is" if len(late) == 1 else "Encounters are"
    return f"⚠ {what} OVERDUE: due in {dts}, not resolved yet — bring it in now"


def _pending_style(colour: str) -> str:
    return (
        f"#pending_encounter {{ border: 2px solid {colour}; border-radius: 6px; }}"
        f"#pending_text {{ color: {colour}; }}"
    )


URGENT_STYLE = _pending_style("#c62828")
"""An encounter now, or one overdue."""
COMING_STYLE = _pending_style("#e65100")
"""An encounter signed for later."""


class _PendingRow(QFrame):
    """One pending encounter: its words and a Resolved button. A row is kept while the box
    shows as many encounters and given new words (:meth:`show`); its style sheet is set only
    when its urgency changes, since setting one re-styles the row and its children."""

    resolve_clicked = Signal(int)

    def __init__(self, index: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pending_encounter")
        self.label = plain_label("")  # may quote a table row
        self.label.setObjectName("pending_text")
        self.label.setWordWrap(True)
        font = self.label.font()
        font.setBold(True)
        self.label.setFont(font)
        self.resolve_button = QPushButton("Resolved")
        self.resolve_button.setObjectName("resolve_button")
        self.resolve_button.setToolTip("The group has met this encounter; stop showing it")
        self.resolve_button.clicked.connect(lambda: self.resolve_clicked.emit(index))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 6, 4)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.resolve_button)

    def show_encounter(self, text: str, urgent: bool) -> None:
        if self.label.text() != text:
            self.label.setText(text)
        style = URGENT_STYLE if urgent else COMING_STYLE
        if self.styleSheet() != style:
            self.setStyleSheet(style)


class EncounterBox(QFrame):
    """EN toggles and value, pending encounters, the encounter table and Loud noise."""

    toggles_changed = Signal(bool, bool, int)  # crowded, chaos, modifier
    loud_noise_clicked = Signal()
    resolve_clicked = Signal(int)
    roll_table_clicked = Signal()
    table_chosen = Signal(object)  # a table name, or None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("encounter_box")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self._loading = False
        self._pending_rows: list[_PendingRow] = []
        self._tables_shown: tuple[list[str], str | None] | None = None

        self.en_label = QLabel("EN 9")
        self.en_label.setObjectName("en_label")
        font = self.en_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.8)
        font.setBold(True)
        self.en_label.setFont(font)
        self.en_label.setToolTip(
            "Encounter number: a d10 roll of at least this is an encounter (a 10 at once)"
        )
        self.crowded_check = QCheckBox("Crowded level (−1)")
        self.crowded_check.setObjectName("crowded_check")
        self.chaos_check = QCheckBox("Chaos left behind (−1)")
        self.chaos_check.setObjectName("chaos_check")
        self.modifier_spin = QSpinBox()
        self.modifier_spin.setObjectName("en_modifier")
        self.modifier_spin.setRange(-9, 9)
        self.modifier_spin.setPrefix("modifier ")
        self.modifier_spin.setToolTip("Your own modifier to the EN (the result stays within 1–10)")
        self.loud_noise_button = QPushButton("Loud noise!")
        self.loud_noise_button.setObjectName("loud_noise_button")
        self.loud_noise_button.setToolTip("An extra encounter check now; the DT goes on (F8)")
        self.overdue_label = plain_label("")
        self.overdue_label.setObjectName("encounter_overdue")
        self.overdue_label.setWordWrap(True)
        overdue_font = self.overdue_label.font()
        overdue_font.setPointSizeF(overdue_font.pointSizeF() * 1.3)
        overdue_font.setBold(True)
        self.overdue_label.setFont(overdue_font)
        self.overdue_label.setStyleSheet(
            "#encounter_overdue { background: #b71c1c; color: #ffffff; border-radius: 6px;"
            " padding: 4px 8px; }"
        )
        self.overdue_label.hide()
        self.pending_box = QVBoxLayout()
        self.pending_box.setSpacing(4)
        self.table_combo = QComboBox()
        self.table_combo.setObjectName("encounter_table_combo")
        self.table_combo.setToolTip("The encounter table of this dungeon")
        self.table_combo.setMinimumContentsLength(14)
        self.table_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.roll_button = QPushButton("Roll encounter")
        self.roll_button.setObjectName("roll_encounter_button")
        self.roll_button.setToolTip("Roll on this dungeon's encounter table (for your eyes only)")
        self.table_result = plain_label("")  # a table row, as typed
        self.table_result.setObjectName("encounter_table_result")
        self.table_result.setWordWrap(True)
        self.table_result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.table_result.hide()

        grid = QGridLayout()
        grid.setHorizontalSpacing(10)
        grid.addWidget(self.en_label, 0, 0, 2, 1)
        grid.addWidget(self.crowded_check, 0, 1)
        grid.addWidget(self.chaos_check, 1, 1)
        grid.addWidget(self.modifier_spin, 0, 2)
        grid.addWidget(self.loud_noise_button, 1, 2)
        grid.setColumnStretch(1, 1)
        table_row = QHBoxLayout()
        table_row.addWidget(QLabel("Table"))
        table_row.addWidget(self.table_combo, 1)
        table_row.addWidget(self.roll_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 6)
        layout.setSpacing(4)
        layout.addWidget(self.overdue_label)
        layout.addLayout(grid)
        layout.addLayout(self.pending_box)
        layout.addLayout(table_row)
        layout.addWidget(self.table_result)

        self.crowded_check.toggled.connect(self._toggled)
        self.chaos_check.toggled.connect(self._toggled)
        self.modifier_spin.valueChanged.connect(self._toggled)
        self.loud_noise_button.clicked.connect(self.loud_noise_clicked)
        self.roll_button.clicked.connect(self.roll_table_clicked)
        self.table_combo.activated.connect(self._table_activated)

    def _toggled(self, *_args: object) -> None:
        if not self._loading:
            self.toggles_changed.emit(
                self.crowded_check.isChecked(),
                self.chaos_check.isChecked(),
                self.modifier_spin.value(),
            )

    def _table_activated(self, index: int) -> None:
        name = self.table_combo.itemData(index)
        self.table_chosen.emit(name)

    def show_encounter_number(
        self, en: int, crowded: bool, chaos: bool, modifiers: Sequence[int]
    ) -> None:
        self._loading = True
        self.en_label.setText(f"EN {en}")
        self.crowded_check.setChecked(crowded)
        self.chaos_check.setChecked(chaos)
        self.modifier_spin.setValue(max(-9, min(9, sum(modifiers))))
        self._loading = False

    def show_pending(self, pending: Sequence[PendingEncounter], current_dt: int) -> None:
        """Show ``pending`` in the rows there are (added or dropped only as their number
        changes): the box is refreshed after every step, so it must not rebuild what stays."""
        rows = self._pending_rows
        while len(rows) > len(pending):
            row = rows.pop()
            self.pending_box.removeWidget(row)
            row.hide()
            row.deleteLater()
        while len(rows) < len(pending):
            row = _PendingRow(len(rows))
            row.resolve_clicked.connect(self.resolve_clicked)
            self.pending_box.addWidget(row)
            rows.append(row)
        for row, encounter in zip(rows, pending, strict=True):
            row.show_encounter(
                pending_text(encounter, current_dt), encounter.immediate or encounter.overdue
            )
        late = overdue_text(pending)
        if self.overdue_label.text() != late:
            self.overdue_label.setText(late)
        self.overdue_label.setVisible(bool(late))

    def pending_texts(self) -> list[str]:
        return [row.label.text() for row in self._pending_rows]

    def show_tables(self, names: Sequence[str], chosen: str | None) -> None:
        """Offer ``names`` with ``chosen`` chosen; left alone when that is what it shows (the
        box is refreshed after every step, and a database may hold thousands of tables)."""
        self.roll_button.setEnabled(chosen is not None)
        shown = (list(names), chosen)
        if shown == self._tables_shown and self.table_combo.currentData() == chosen:
            return
        self._tables_shown = shown
        self.table_combo.blockSignals(True)
        self.table_combo.clear()
        self.table_combo.addItem(NO_TABLE, None)
        # Encounter tables first, then the others, each alphabetically.
        encounter_first = sorted(
            names, key=lambda n: ("encounter" not in n.casefold(), n.casefold())
        )
        for name in encounter_first:
            self.table_combo.addItem(name, name)
        index = self.table_combo.findData(chosen) if chosen else 0
        self.table_combo.setCurrentIndex(max(0, index))
        self.table_combo.blockSignals(False)

    def show_table_result(self, text: str) -> None:
        self.table_result.setText(text)
        self.table_result.setVisible(bool(text))
