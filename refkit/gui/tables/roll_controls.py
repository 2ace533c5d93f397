"""The table editor's roll controls: force a total, the table's modifier (shown only for a
table that takes one), the Roll button and the result line."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QPushButton, QSpinBox

from refkit.gui.common.plain_text import plain_label
from refkit.rules.tables.model import RollableTable, dice_range


class RollControls:
    """The widgets rolling the table shown; the editor lays out :attr:`row` and :attr:`result`."""

    def __init__(self) -> None:
        self.force_check = QCheckBox("Force total")
        self.force_check.setObjectName("table_force")
        self.force_spin = QSpinBox()
        self.force_spin.setObjectName("table_force_total")
        self.force_spin.setEnabled(False)
        self.modifier_label = QLabel("Modifier")
        self.modifier_spin = QSpinBox()
        self.modifier_spin.setObjectName("table_modifier")
        self.roll_button = QPushButton("Roll on table")
        self.roll_button.setObjectName("table_roll")
        self.result = plain_label("")  # a table row, as typed
        self.result.setObjectName("table_roll_result")
        self.result.setWordWrap(True)
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        result_font = QFont(self.result.font())
        result_font.setPointSizeF(max(9.0, result_font.pointSizeF() * 1.2))
        result_font.setBold(True)
        self.result.setFont(result_font)
        self.force_check.toggled.connect(self.force_spin.setEnabled)

    def row(self) -> QHBoxLayout:
        """The controls in one row, the Roll button at its end."""
        row = QHBoxLayout()
        row.addWidget(self.force_check)
        row.addWidget(self.force_spin)
        row.addWidget(self.modifier_label)
        row.addWidget(self.modifier_spin)
        row.addStretch(1)
        row.addWidget(self.roll_button)
        return row

    def show_table(self, table: RollableTable) -> None:
        """Offer the table's modifier (named as the table names it, up to its largest)."""
        has_modifier = table.max_modifier != 0
        self.modifier_label.setVisible(has_modifier)
        self.modifier_spin.setVisible(has_modifier)
        self.modifier_label.setText((table.modifier_name or "modifier").capitalize())
        self.modifier_spin.setRange(0, 99 if table.max_modifier is None else table.max_modifier)

    def set_dice(self, dice: str) -> None:
        """A forced total can be any the dice typed can roll (none while they cannot be read)."""
        try:
            low, high = dice_range(dice)
        except ValueError:
            low, high = 0, 0
        self.force_spin.setRange(low, high)

    def total(self) -> int | None:
        """The total to force, or None to roll."""
        return self.force_spin.value() if self.force_check.isChecked() else None

    def modifier(self, table: RollableTable) -> int:
        return self.modifier_spin.value() if table.max_modifier != 0 else 0
